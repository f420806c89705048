"""帮助 → 快速入门与按键 (issue 41 §6): the Help menu held only 关于; it now opens the README's
中文快速入门 and the result-entry keys the results page shows, in one dialog."""

from __future__ import annotations

from pathlib import Path

from app.help_text import quick_start_zh


def test_the_help_menu_opens_the_quick_start_and_the_keys(window, tmp_path: Path) -> None:  # noqa: ANN001
    help_menu = window.menuBar().actions()[-1].menu()
    texts = [action.text() for action in help_menu.actions()]
    assert texts == ["快速入门与按键…", "关于"]
    quick = help_menu.actions()[0]
    assert quick.shortcut().toString() == "F1"

    quick.trigger()
    dialog = window.quick_help_dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.windowTitle() == "快速入门与按键"
    shown = "".join(dialog.browser.toPlainText().split())
    # the quick start, every step of it
    for step in ("安装并打开", "新建比赛", "导入选手", "编排", "录入成绩", "名次与奖项", "备份"):
        assert step in shown, step
    assert "--sample150" in shown  # a field to try it with
    # the keys, as the results page words them for this (Gomoku) final
    keys = window.results.help_text.text()
    assert "1 先手胜" in keys and "Ctrl+Z" in keys
    assert "成绩录入按键" in shown
    for line in keys.splitlines():
        assert "".join(line.split()) in shown, line
    dialog.grab().save(str(tmp_path / "quick-help.png"))
    dialog.close()


def test_the_quick_start_is_one_text_with_the_readme_s() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    start = readme.index("## 中文快速入门\n") + len("## 中文快速入门\n")
    section = readme[start : readme.index("\n## ", start)]
    assert section.strip() == quick_start_zh().strip()
