"""The print menu offers the documents of issue 14, in Chinese, and prints them."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader


def _menu_texts(menu) -> list[str]:  # noqa: ANN001
    texts = []
    for action in menu.actions():
        texts.append(action.text())
        if action.menu() is not None:
            texts += _menu_texts(action.menu())
    return texts


def test_print_menu_lists_the_new_documents(window) -> None:  # noqa: ANN001
    texts = _menu_texts(window.print_menu)
    for kind in ("entries", "checkin", "cards", "lineup", "ceremony"):
        assert window.report_title(kind) + "…" in texts
    assert window.tr("Check-in sheet by pinyin") + "…" in texts
    assert window.tr("Table cards on A5") + "…" in texts


def _print(window, qtbot, kind: str, **options) -> str:  # noqa: ANN001, ANN003
    made: list[str] = []
    window.printing.document_ready.connect(made.append)
    window.printing.print_report(kind, **options)
    qtbot.waitUntil(lambda: bool(made), timeout=60000)
    path = Path(made[0])
    assert path.suffix == ".pdf" and path.read_bytes()[:4] == b"%PDF"
    return "".join((p.extract_text() or "") for p in PdfReader(str(path)).pages).replace(" ", "")


def test_printing_the_check_in_sheet_by_pinyin(window, qtbot) -> None:  # noqa: ANN001
    text = _print(window, qtbot, "checkin", order="pinyin")
    assert "签到表" in text and "按姓名拼音排序" in text


def test_printing_the_entry_list_and_the_ceremony(window, qtbot, monkeypatch) -> None:  # noqa: ANN001
    assert "秩序册" in _print(window, qtbot, "entries")
    # two rounds played: the window asks before it prints a provisional list (issue 26 §2)
    asked: list[str] = []
    monkeypatch.setattr(window, "confirm", lambda title, text: asked.append(text) or True)
    text = _print(window, qtbot, "ceremony")
    assert "颁奖顺序表" in text and "临时（第2轮后）" in text
    assert len(asked) == 1 and "临时版" in asked[0]


def test_a_provisional_print_declined_prints_nothing(window, qtbot, monkeypatch) -> None:  # noqa: ANN001
    made: list[str] = []
    asked: list[str] = []
    window.printing.document_ready.connect(made.append)
    monkeypatch.setattr(window, "confirm", lambda title, text: asked.append(text) or False)
    window.printing.print_report("prizes")
    qtbot.waitUntil(lambda: bool(asked), timeout=60000)
    qtbot.wait(300)
    assert made == [] and "奖金发放表" in asked[0]


def test_printing_the_line_up_of_a_team_match_event_before_round_one(window, qtbot) -> None:  # noqa: ANN001
    from app.services.tournament import update_event_settings

    update_event_settings(window.ctx.db, "MTEAM", {"pairing.team_format": "match"})
    window.event_combo.setCurrentIndex(window.event_combo.findData("MTEAM"))
    assert window.ctx.current_event().code == "MTEAM"
    text = _print(window, qtbot, "lineup")
    assert "第1轮团体赛出场名单" in text and "队长签名" in text and "第1板" in text


def test_printing_table_cards_on_a5(window, qtbot) -> None:  # noqa: ANN001
    window.event_combo.setCurrentIndex(window.event_combo.findData("OPEN"))
    text = _print(window, qtbot, "cards", card="a5")
    assert "第1台" in text and "公开组" in text
