"""Issue 23 §4: the window never shows a command-line flag (「请加 --force」) or a `finals …`
command. Every error the services, the store and the reports raise with such a hint carries
the window's own wording beside it (the command line keeps its own); the window shows that
one, with a net under it that leaves such a clause out."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from app.errors import FinalsError
from ui.errors import error_text

ROOT = Path(__file__).resolve().parents[2]
FLAG = re.compile(r"--[a-z]")


def _commands() -> list[str]:
    import argparse

    from app.cli.main import build_parser

    for action in build_parser()._actions:
        if isinstance(action, argparse._SubParsersAction):
            return sorted(action.choices)
    raise AssertionError("no subcommands")


HINT = re.compile(r"--[a-z]|finals (" + "|".join(map(re.escape, _commands())) + r")\b")

# Errors that carry a command-line hint without a window wording, and why that is right.
NOT_IN_THE_WINDOW = {
    ("app/io/h9.py", "GothaError"): "OpenGotha/h9 files are the command line's only",
    # the draw's reason and the command's fix; DrawRefused carries window_message(where)
    ("app/services/results.py", "DrawRefusal"): "a value, not an error",
    # a setting's problem: the dialog and SettingError's window text leave the clause out
    ("app/settings/tournament.py", "Problem"): "a value, not an error",
}


def _constants(module: ast.Module) -> dict[str, ast.expr]:
    return {
        node.targets[0].id: node.value
        for node in module.body
        if isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
    }


def _hinted(node: ast.AST, constants: dict[str, ast.expr], seen: tuple[str, ...] = ()) -> bool:
    for sub in ast.walk(node):
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str) and HINT.search(sub.value):
            return True
        if isinstance(sub, ast.Name) and sub.id in constants and sub.id not in seen:
            if _hinted(constants[sub.id], constants, (*seen, sub.id)):
                return True
    return False


def _sources() -> list[Path]:
    return [
        path
        for folder in ("app", "reports", "ui")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if path.relative_to(ROOT).parts[:2] != ("app", "cli")  # the command line's own words
    ]


def test_every_error_with_a_command_line_hint_has_the_windows_words() -> None:
    missing = []
    for path in _sources():
        module = ast.parse(path.read_text(encoding="utf-8"))
        constants = _constants(module)
        where = path.relative_to(ROOT).as_posix()
        for node in ast.walk(module):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = (
                func.id
                if isinstance(func, ast.Name)
                else func.attr
                if isinstance(func, ast.Attribute)
                else ""
            )
            if not name[:1].isupper() or (where, name) in NOT_IN_THE_WINDOW:
                continue
            if any(k.arg == "window" for k in node.keywords):
                continue
            if any(_hinted(arg, constants) for arg in node.args):
                missing.append(f"{where}:{node.lineno} {name}(…)")
    assert not missing, "errors with a command-line hint and no window wording:\n" + "\n".join(
        missing
    )


def test_no_text_of_the_window_names_a_flag_or_a_command() -> None:
    """ui/ itself: every string but docstrings (tr() sources, messages, labels)."""
    found = []
    for path in sorted((ROOT / "ui").rglob("*.py")):
        module = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(module)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        for node in ast.walk(module):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docstrings
                and HINT.search(node.value)
            ):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value[:60]}")
    assert not found, "\n".join(found)


# -- what the window shows, raised for real -------------------------------------------------


def _raised(call) -> FinalsError:  # noqa: ANN001
    with pytest.raises(Exception) as caught:
        call()
    return caught.value


@pytest.fixture(scope="module")
def go_final(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from app.demo import build_demo
    from app.services.rounds import pair_next
    from app.services.tournament import open_tournament

    path = tmp_path_factory.mktemp("go") / "go.finals"
    build_demo(path, "hangzhou-go", players=20, seed=5, rounds=1)
    db = open_tournament(path)
    try:
        pair_next(db, "MEN")
    finally:
        db.close()
    return path


def _refusals(go_final: Path, tmp_path: Path) -> list[BaseException]:
    from app.demo import build_demo
    from app.io.sheets import read_sheet
    from app.services.read_model import load_final
    from app.services.results import record_result
    from app.services.rounds import round_view
    from app.services.tournament import open_tournament
    from reports.build import build_report

    found: list[BaseException] = []
    db = open_tournament(go_final)
    try:
        found.append(_raised(lambda: record_result(db, "MEN", 2, 1, "=")))  # triple ko?
        final = load_final(db, None)
        found.append(_raised(lambda: build_report(final, "mcmahon", tmp_path / "m.pdf")))
    finally:
        db.close()
    build_demo(tmp_path / "new.finals", "hangzhou-go", players=8, seed=5, rounds=0)
    db = open_tournament(tmp_path / "new.finals")
    try:
        found.append(_raised(lambda: round_view(db, "MEN")))
    finally:
        db.close()
    found.append(_raised(lambda: open_tournament(tmp_path / "missing.finals")))
    empty = tmp_path / "empty.finals"
    empty.write_bytes(b"")
    found.append(_raised(lambda: open_tournament(empty)))
    sheet = tmp_path / "names.csv"
    sheet.write_text("名字,性别\n张三,男\n", encoding="utf-8")
    found.append(_raised(lambda: read_sheet(sheet)))
    return found


def test_what_the_window_shows_names_its_own_way_the_command_line_keeps_its_own(
    go_final: Path, tmp_path: Path
) -> None:
    refusals = _refusals(go_final, tmp_path)
    assert len(refusals) == 6
    for exc in refusals:
        shown, details = error_text(exc)
        for text in (shown, *details):
            assert not HINT.search(text), text
        cli = getattr(exc, "message", str(exc))
        assert HINT.search(cli), cli  # the command line still says how
    draw, _mcmahon, _rounds, missing, empty, sheet = (error_text(e)[0] for e in refusals)
    assert "三劫循环" in draw and "允许和棋" in draw and "黑胜或白胜" in draw
    assert "新建比赛" in missing and "新建比赛" in empty
    assert "保存空白报名表模板" in sheet


def test_a_gomoku_final_that_refuses_draws_says_first_or_second_mover_wins(tmp_path: Path) -> None:
    """One vocabulary per game: Gomoku's 先手/后手, never Go's 黑/白."""
    from app.demo import build_demo
    from app.services.results import record_result
    from app.services.rounds import pair_next
    from app.services.tournament import open_tournament, set_tournament_fields

    path = tmp_path / "gomoku.finals"
    build_demo(path, "shaoxing-gomoku-2022", players=16, seed=3, rounds=1)
    db = open_tournament(path)
    try:
        set_tournament_fields(db, {"draws": "refused"})
        pair_next(db, "OPEN")
        exc = _raised(lambda: record_result(db, "OPEN", 2, 1, "="))
    finally:
        db.close()
    shown = error_text(exc)[0]
    assert "先手胜或后手胜" in shown and "黑" not in shown, shown
