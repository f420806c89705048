"""Issue 28 §1: every tie-break has a stable ASCII id, a Chinese and an English label and a
computation; settings take the ids and the Chinese names alike."""

from __future__ import annotations

from app.standings import compute_standings
from app.standings.criteria import GROUP_CRITERIA, MCMAHON_ONLY, VALUES
from app.standings.model import StandingsRequest, StandingsSettings
from app.standings.teams import TEAM_VALUES
from app.standings.tiebreaks import Tiebreak, label, tiebreak_ids

from .helpers import game, players


def test_every_tiebreak_has_an_ascii_id_both_labels_and_one_computation() -> None:
    for criterion in Tiebreak:
        assert criterion.value.isascii() and criterion.value == criterion.value.lower()
        # Chinese, but for McMahon's SOS, SOSOS, SODOS (OpenGotha's names)
        assert criterion.zh and (not criterion.zh.isascii() or criterion in MCMAHON_ONLY)
        assert criterion.en.isascii() and criterion.en
        computed = [criterion in VALUES, criterion in GROUP_CRITERIA, criterion in TEAM_VALUES]
        assert computed.count(True) == 1, criterion
    assert len({c.zh for c in Tiebreak}) == len({c.en for c in Tiebreak}) == len(Tiebreak)


def test_an_id_and_a_chinese_name_are_the_same_criterion() -> None:
    assert Tiebreak.named("sos") is Tiebreak.named("对手分") is Tiebreak.SOS
    assert Tiebreak.named("SOS") is Tiebreak.MMS_SOS  # McMahon's SOS keeps OpenGotha's name
    assert Tiebreak.named("对手份") is None
    assert tiebreak_ids(["对手分", "progressive", "对手份"]) == ["sos", "progressive", "对手份"]
    assert label("direct") == "直胜" and label("直胜") == "直胜"


def _request(tiebreaks: tuple[str, ...]) -> StandingsRequest:
    ps = players("ABCD")
    games = (
        game(1, 1, 1, 2, "1-0"),
        game(1, 2, 3, 4, "1-0"),
        game(2, 1, 1, 3, "0-1"),
        game(2, 2, 2, 4, "1-0"),
    )
    return StandingsRequest(ps, games, 2, settings=StandingsSettings(tiebreaks=tiebreaks))


def test_standings_by_ids_equal_the_standings_by_chinese_names() -> None:
    by_names = compute_standings(_request(("对手分", "累进分", "直胜", "胜局数")))
    by_ids = compute_standings(_request(("sos", "progressive", "direct", "wins")))
    assert by_ids == by_names
    assert by_ids.tiebreak_order == ("积分", "对手分", "累进分", "直胜", "胜局数")
    assert by_ids.explanation[0].startswith("第2轮后排名：积分 → 对手分 → 累进分 → 直胜 → 胜局数；")


def test_settings_keep_ids_and_read_chinese_names_as_ids() -> None:
    old = StandingsSettings.from_dict({"tiebreaks": ["对手分", "犯规"]})
    assert old.tiebreaks == ("sos", "fouls")
    assert old.to_dict()["tiebreaks"] == ["对手分", "犯规"]  # the documents' words
