"""The window speaks Chinese by default; English stays selectable."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from PySide6.QtCore import QCoreApplication

from app.resources import resource_path
from ui import i18n


def test_every_string_is_translated() -> None:
    tree = ET.parse(resource_path("translations", "finals_zh_CN.ts"))
    unfinished = [
        m.findtext("source")
        for m in tree.iter("message")
        if (
            m.find("translation") is not None
            and m.find("translation").get("type") in ("unfinished", "obsolete")
        )
    ]
    assert unfinished == []
    assert resource_path("translations", "finals_zh_CN.qm").stat().st_size > 1000


def test_chinese_is_installed_and_english_is_the_source(qapp) -> None:  # noqa: ANN001
    assert i18n.install(qapp, "zh_CN")
    assert QCoreApplication.translate("PlayersView", "Add player…") == "添加选手…"
    assert QCoreApplication.translate("MainWindow", "Finals Manager") == "棋赛总决赛编排系统"
    i18n.install(qapp, "en")
    assert QCoreApplication.translate("PlayersView", "Add player…") == "Add player…"
    i18n.install(qapp, "zh_CN")


def test_every_window_string_in_the_code_has_its_chinese() -> None:
    """A string added to the window without running update_translations.py would show in
    English in the Chinese window: every literal `tr("…")` in ui/ is in the .ts, finished."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "ui"
    in_code: set[str] = set()
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "tr"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                in_code.add(node.args[0].value)
    tree = ET.parse(resource_path("translations", "finals_zh_CN.ts"))
    translated = {
        m.findtext("source")
        for m in tree.iter("message")
        if m.find("translation") is not None
        and m.findtext("translation")
        and m.find("translation").get("type") is None
    }
    assert sorted(in_code - translated) == []
