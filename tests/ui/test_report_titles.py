"""The window's names of the documents are the vocabulary's (`ReportKind.en`): the print and
Excel menus and the progress line say what `finals report KIND` calls each document.

The window keeps them as literal `self.tr("…")` calls in `MainWindow.report_title`: the
translation update (pyside6-lupdate -no-obsolete) only sees literals, and two of the
window's Chinese words are its own (Standings 排名, Prize certificates 奖状)."""

from __future__ import annotations

import ast
import xml.etree.ElementTree as ET
from pathlib import Path

from app.resources import resource_path
from reports.build import ReportKind

WINDOW = Path(__file__).resolve().parents[2] / "ui" / "main_window.py"


def _window_titles() -> dict[str, str]:
    tree = ast.parse(WINDOW.read_text(encoding="utf-8"))
    method = next(
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef) and node.name == "report_title"
    )
    table = next(node for node in ast.walk(method) if isinstance(node, ast.Dict))
    titles = {}
    for key, value in zip(table.keys, table.values, strict=True):
        assert isinstance(key, ast.Constant) and isinstance(value, ast.Call), ast.dump(value)
        assert isinstance(value.args[0], ast.Constant)
        titles[str(key.value)] = str(value.args[0].value)
    return titles


def test_the_windows_english_document_names_are_the_report_kinds() -> None:
    titles = _window_titles()
    assert titles, "report_title names the documents"
    assert {kind: ReportKind(kind).en for kind in titles} == titles


def test_every_document_name_of_the_window_has_its_chinese() -> None:
    tree = ET.parse(resource_path("translations", "finals_zh_CN.ts"))
    chinese = {
        m.findtext("source"): m.findtext("translation")
        for context in tree.iter("context")
        if context.findtext("name") == "MainWindow"
        for m in context.iter("message")
    }
    names = {kind: chinese.get(ReportKind(kind).en) for kind in _window_titles()}
    assert all(names.values()), names
    # The window's own words where the documents' differ (kept as they were).
    assert names["standings"] == "排名" and names["certificates"] == "奖状"
    assert names["pairings"] == ReportKind.PAIRINGS.zh


def test_every_document_has_a_name_in_the_windows_language() -> None:
    """The English window named the poster and the McMahon start scores in Chinese (they
    fell back to the Chinese names): every report kind has its title."""
    assert set(_window_titles()) == {kind.value for kind in ReportKind}
