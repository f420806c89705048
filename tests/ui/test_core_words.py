"""Issue 16: in English the window shows the core's words in English too (tie-break names,
colour reasons, a game's outcome); in Chinese they are the core's own."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from app.io.export_json import from_document
from app.pairing import colours
from app.standings.ranking import ALL_TIEBREAKS
from tests.reports.fixtures import go_final
from ui import i18n
from ui.core_words import core
from ui.models.standings import StandingsModel


def test_every_tiebreak_and_colour_reason_has_its_english(qapp) -> None:  # noqa: ANN001
    i18n.install(qapp, "en")
    try:
        reasons = [getattr(colours, n) for n in dir(colours) if n.startswith("REASON_")]
        for word in (*ALL_TIEBREAKS, *reasons, "第3轮后手"):
            english = core(word)
            assert english != word and english.isascii(), word
    finally:
        i18n.install(qapp, "zh_CN")
    assert core("对手分") == "对手分"


def test_the_standings_headers_follow_the_language(qapp) -> None:  # noqa: ANN001
    men = from_document(go_final()).event("MEN")

    def headers() -> list[str]:
        model = StandingsModel()
        model.set_event(men)
        return [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]

    assert "对手分" in headers()
    i18n.install(qapp, "en")
    try:
        shown = headers()
        assert "SOS" in shown and not any("对手分" in h for h in shown)
    finally:
        i18n.install(qapp, "zh_CN")


# (preset, the changes made to its first event one after another): each event's first
# explanation line after each, in English, is in rules_lines_en.txt — as the window showed
# them when it still re-read the core's Chinese line with a regex (issue 28 §1).
RULES_CASES = (
    (
        "hangzhou-go",
        (
            {"standings.ties": "lot", "standings.bye_in_sos": "lowest"}
            | {"standings.forfeit_wins_count": False},
            {"pairing.system": "mcmahon"},
        ),
    ),
    (
        "shaoxing-gomoku-2022",
        (
            {"standings.ties": "lot", "standings.bye_in_sos": "lowest"}
            | {"standings.forfeit_wins_count": False},
            {"standings.forfeit_opponents_count": False, "standings.bye_in_sos": "zero"},
        ),
    ),
)


def test_the_rules_line_reads_in_english_from_the_rules_data(  # noqa: ANN001
    qapp, built_demo, tmp_path
) -> None:
    from app.services.read_model import load_final
    from app.services.tournament import open_tournament, update_event_settings
    from ui.core_words import explanation

    shown: list[str] = []
    chinese: list[bool] = []
    for preset, changes in RULES_CASES:
        path = built_demo(tmp_path / f"{preset}.finals", preset, players=40, seed=7, rounds=2)
        db = open_tournament(path)
        try:
            first = load_final(db).events[0].code
            for change in ({}, *changes):
                if change:
                    update_event_settings(db, first, change)
                for ev in load_final(db).events:
                    if not ev.standings.explanation:
                        continue
                    # Chinese: the core's own line
                    chinese.append(explanation(ev.standings) == list(ev.standings.explanation))
                    i18n.install(qapp, "en")
                    try:
                        shown.append(f"{ev.code}\t{explanation(ev.standings)[0]}")
                    finally:
                        i18n.install(qapp, "zh_CN")
        finally:
            db.close()
    expected = (Path(__file__).parent / "rules_lines_en.txt").read_text("utf-8").splitlines()
    assert shown == expected
    assert all(chinese)
    assert any("MMS → SOS (MMS)" in line for line in shown)  # the McMahon case is there


def test_every_checker_rule_has_its_english(qapp) -> None:  # noqa: ANN001
    """Each rule the checker can report (read from its source) reads in English."""
    import re
    from pathlib import Path

    from app.pairing import checker
    from ui.core_words import FINDINGS, finding

    source = Path(checker.__file__).read_text(encoding="utf-8")
    rules = set(re.findall(r'Finding\(\s*"([a-z_]+)"', source))
    assert rules >= {"rematch", "same_unit", "colour_row", "bye"}
    assert rules <= set(FINDINGS)
    i18n.install(qapp, "en")
    try:
        assert finding("rematch", "第3台 ……（重复对局）", (3,)) == (
            "Table 3: these two have met before (rematch)"
        )
    finally:
        i18n.install(qapp, "zh_CN")
    assert finding("rematch", "第3台 ……（重复对局）", (3,)) == "第3台 ……（重复对局）"
