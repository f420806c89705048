"""Issue 16: in English the window shows the core's words in English too (tie-break names,
colour reasons, a game's outcome); in Chinese they are the core's own."""

from __future__ import annotations

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


def test_the_rules_line_of_the_standings_reads_in_english(qapp, go_demo) -> None:  # noqa: ANN001
    from app.services.read_model import load_final
    from app.services.tournament import open_tournament
    from ui.core_words import explanation

    db = open_tournament(go_demo)
    try:
        men = load_final(db).event("MEN")
    finally:
        db.close()
    assert men is not None
    line = men.standings.explanation[0]
    assert explanation(line) == line  # Chinese: the core's own words
    i18n.install(qapp, "en")
    try:
        english = explanation(line)
        assert english.startswith("Ranking after round"), english
        assert not any("\u4e00" <= ch <= "\u9fff" for ch in english), english
    finally:
        i18n.install(qapp, "zh_CN")


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
