"""The regulations' events, scoring, prizes, grades and medals, as editable data files."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from app.errors import FinalsError
from app.resources import resource_path

if TYPE_CHECKING:  # `finals --help` lists the presets without loading the standings
    from app.standings.medals import MedalTable


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


def medal_tables(preset: Mapping[str, Any]) -> tuple[MedalTable, ...]:
    """The preset's medal tables (`medals`: which prize places get which medal); none for a
    regulation that awards no medals."""
    from app.standings.medals import Medal, MedalPlace, MedalTable

    tables = []
    for spec in preset.get("medals") or ():
        try:
            places = tuple(
                MedalPlace(int(p["from"]), int(p["to"]), Medal.parse(p["medal"]))
                for p in spec["places"]
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise FinalsError(
                f"预设 {preset.get('name')} 的奖牌表（{spec.get('event')}）有误：{exc}。"
                '每个名次段应写成 {"from": 1, "to": 1, "medal": "金牌"}。'
            ) from exc
        tables.append(MedalTable(str(spec["event"]), spec.get("category"), places))
    return tuple(tables)


@lru_cache(maxsize=8)
def preset_medal_tables(name: str | None) -> tuple[MedalTable, ...]:
    """The medal tables of the preset a final was made from (None, or a preset this program
    does not ship: none)."""
    if not name or name not in preset_names():
        return ()
    return medal_tables(load_preset(name))
