"""Two stations press "pair the next round" at the same moment: one round is paired, never
two, and the other station is told who paired it (issue 17; on a file and on a server)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from app.errors import FinalsError
from app.services import rounds as round_service
from app.services.tournament import list_events, open_tournament


def _paired(target: Path | str, code: str) -> int:
    db = open_tournament(target)
    try:
        return next(e.rounds_paired for e in list_events(db) if e.code == code)
    finally:
        db.close()


@pytest.mark.parametrize("say_which_round", [True, False])
def test_two_stations_pair_at_once_and_one_round_is_paired(
    go_demo: Path | str, monkeypatch: pytest.MonkeyPatch, say_which_round: bool
) -> None:
    # Both stations pass the first look (round 2 complete) before either writes: the backup
    # taken in between waits for the other station.
    both_looked = threading.Barrier(2, timeout=10)

    def backup_after_both_looked(*_args: object) -> None:
        both_looked.wait()
        return None

    monkeypatch.setattr(round_service, "backup_warning", backup_after_both_looked)
    outcomes: dict[str, object] = {}

    def station(name: str) -> None:
        monkeypatch.setenv("FINALS_STATION", name)  # the same process: the last one set wins
        db = open_tournament(go_demo)
        try:
            view = round_service.pair_next(
                db, "MEN", f"{name}的裁判", round_number=3 if say_which_round else None
            )
            outcomes[name] = view.number
        except FinalsError as refusal:
            outcomes[name] = str(refusal)
        finally:
            db.close()

    threads = [threading.Thread(target=station, args=(n,)) for n in ("1号机", "2号机")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(map(str, outcomes.values()))[0] == "3"  # one station paired round 3
    refusal = next(str(v) for v in outcomes.values() if v != 3)
    if say_which_round:
        assert "第3轮已由" in refusal and "的裁判" in refusal and "未做任何改动" in refusal
    else:
        assert "第3轮还有" in refusal and "未录入成绩" in refusal
    assert _paired(go_demo, "MEN") == 3  # never a round 4 over an unplayed round 3


def test_pairing_a_round_that_is_not_the_next_is_refused(go_demo: Path | str) -> None:
    db = open_tournament(go_demo)
    try:
        with pytest.raises(FinalsError, match="下一轮是第3轮，不是第5轮"):
            round_service.pair_next(db, "MEN", "裁判长", round_number=5)
        with pytest.raises(FinalsError, match="第2轮已由 .*于 .*编排"):
            round_service.pair_next(db, "MEN", "裁判长", round_number=2)
    finally:
        db.close()
    assert _paired(go_demo, "MEN") == 2
