"""The regulations' events, scoring, prizes and grades, as editable data files."""

from __future__ import annotations

import json
from typing import Any

from app.errors import FinalsError
from app.resources import resource_path


def preset_names() -> list[str]:
    return sorted(p.stem for p in resource_path("presets").glob("*.json"))


def load_preset(name: str) -> dict[str, Any]:
    path = resource_path("presets", f"{name}.json")
    if not path.exists():
        known = "、".join(preset_names())
        raise FinalsError(f"没有名为 {name} 的预设。可用的预设：{known}。")
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise FinalsError(
            f"预设文件 {path.name} 第 {exc.lineno} 行格式错误：{exc.msg}。请修正后重试。"
        ) from exc
    return data
