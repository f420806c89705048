"""A phone's submission holds the players and seats its referee saw: a pairing edit of that
table voids it (with the reason), and accepting can never put its result on other players.
After the arbiter clears a table, a new submission is new."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from app.errors import FinalsError
from app.services import remote_entry
from app.services.results import clear_result
from app.services.rounds import edit_round, repair, round_view, unpair
from app.store.database import Database
from tests.web.conftest import Client, links


def _token(db: Database, table: int) -> str:
    return remote_entry.tokens_for_round(db, "MEN", 1)[table]


def _players(db: Database, table: int) -> tuple[int, int | None]:
    game = next(g for g in round_view(db, "MEN", 1).games if g.table == table)
    return game.first, game.second


def _other_table(db: Database, table: int) -> int:
    return next(
        g.table for g in round_view(db, "MEN", 1).games if g.second is not None and g.table != table
    )


EDITS: dict[str, Callable[[Database], object]] = {
    "swap-colours": lambda db: edit_round(db, "MEN", 1, "colours", 5),
    "swap": lambda db: edit_round(
        db, "MEN", 1, "swap", _players(db, 5)[0], _players(db, _other_table(db, 5))[0]
    ),
    "set-pair": lambda db: edit_round(
        db, "MEN", 1, "against", _players(db, 5)[0], _players(db, _other_table(db, 5))[1]
    ),
    "move-table": lambda db: edit_round(db, "MEN", 1, "move", 5, 6),
}


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_an_edit_of_the_table_voids_its_pending_submission(small: Database, edit: str) -> None:
    black, white = _players(small, 5)
    sent = remote_entry.submit(small, _token(small, 5), "1-0", client="10.0.0.5")
    assert sent.status == "pending"
    EDITS[edit](small)
    assert _players(small, 5) != (black, white), "the edit changes table 5"
    with pytest.raises(FinalsError) as refused:
        remote_entry.accept(small, sent.submission, "裁判长")
    assert "编排" in refused.value.message and "作废" in refused.value.message
    view = next(v for v in remote_entry.list_submissions(small, None) if v.id == sent.submission)
    assert view.status == "void" and "编排已调整" in (view.note or "")
    # No result landed on anyone.
    assert all(
        result is None
        for table, result in round_view(small, "MEN", 1).results.items()
        if table in (5, 6)
    )


def test_accepting_puts_the_result_on_the_players_the_referee_saw(small: Database) -> None:
    black, _white = _players(small, 5)
    sent = remote_entry.submit(small, _token(small, 5), "1-0", client="10.0.0.5")
    edit_round(small, "MEN", 1, "colours", 5)
    edit_round(small, "MEN", 1, "colours", 5)  # back as the referee saw it
    with pytest.raises(FinalsError):
        remote_entry.accept(small, sent.submission, "裁判长")  # voided by the first edit
    again = remote_entry.submit(small, _token(small, 5), "1-0", client="10.0.0.5")
    assert again.status == "pending"
    remote_entry.accept(small, again.submission, "裁判长")
    view = round_view(small, "MEN", 1)
    game = next(g for g in view.games if g.table == 5)
    assert game.first == black and view.results[5] == "1-0"


def test_an_edit_elsewhere_leaves_the_submission_alone(small: Database) -> None:
    sent = remote_entry.submit(small, _token(small, 5), "0-1", client="10.0.0.5")
    edit_round(small, "MEN", 1, "colours", 7)
    remote_entry.accept(small, sent.submission, "裁判长")
    assert round_view(small, "MEN", 1).results[5] == "0-1"


def test_unpair_takes_the_pending_submissions_with_the_round(small: Database) -> None:
    token = _token(small, 5)
    remote_entry.submit(small, token, "1-0", client="10.0.0.5")
    unpair(small, "MEN")
    assert remote_entry.list_submissions(small, None, "MEN") == []
    with pytest.raises(remote_entry.TokenNotFound):
        remote_entry.submit(small, token, "1-0", client="10.0.0.5")


def test_the_phone_page_sent_before_an_edit_is_refused_at_once(small: Database, serve) -> None:
    server = serve(small)
    path = links(small, server)[5]
    client = Client(server)
    status, _headers, raw = client.request("GET", path + "/state")
    assert status == 200
    seats = json.loads(raw)["seats"]
    edit_round(small, "MEN", 1, "colours", 5)
    code, answer = client.submit(path, {"result": "1-0", "seats": seats})
    assert code == 409 and "刷新" in answer["error"]
    assert remote_entry.list_submissions(small, None, "MEN") == []
    # A submission without the seats the referee saw is not taken either.
    code, answer = client.submit(path, {"result": "1-0", "seats": None})
    assert code == 400
    fresh = json.loads(client.request("GET", path + "/state")[2])["seats"]
    code, answer = client.submit(path, {"result": "1-0", "seats": fresh})
    assert code == 200 and answer["status"] == "pending"


def test_after_a_clear_the_same_submission_is_new(small: Database) -> None:
    token = _token(small, 5)
    first = remote_entry.submit(small, token, "1-0", client="10.0.0.5", auto_accept=True)
    assert first.status == "accepted"
    clear_result(small, "MEN", 1, 5, operator="裁判长")
    again = remote_entry.submit(small, token, "1-0", client="10.0.0.5", auto_accept=True)
    assert again.status == "accepted" and again.submission != first.submission
    assert round_view(small, "MEN", 1).results[5] == "1-0"


def test_after_a_clear_without_auto_accept_the_submission_waits(small: Database) -> None:
    token = _token(small, 5)
    first = remote_entry.submit(small, token, "0-1", client="10.0.0.5")
    remote_entry.accept(small, first.submission, "裁判长")
    clear_result(small, "MEN", 1, 5, operator="裁判长")
    again = remote_entry.submit(small, token, "0-1", client="10.0.0.5")
    assert again.status == "pending"
    assert [v.id for v in remote_entry.list_submissions(small)] == [again.submission]


def test_re_pairing_voids_what_was_sent_for_the_edited_table(small: Database) -> None:
    edit_round(small, "MEN", 1, "colours", 5)  # the referee sees this pairing...
    sent = remote_entry.submit(small, _token(small, 5), "1-0", client="10.0.0.5")
    repair(small, "MEN", 1)  # ...and the arbiter pairs the round again: colours as drawn
    view = next(v for v in remote_entry.list_submissions(small, None) if v.id == sent.submission)
    assert view.status == "void"
    with pytest.raises(FinalsError):
        remote_entry.accept(small, sent.submission, "裁判长")
    assert round_view(small, "MEN", 1).results[5] is None


def test_a_phone_result_saved_without_a_backup_is_still_a_success(
    small: Database, monkeypatch
) -> None:
    """A full disk after the commit: the phone is told its result is in (never "not saved"
    for a stored result), and the arbiter gets the warning."""
    from app.services import backup

    def disk_full(_db: Database, _label: str):  # noqa: ANN202
        raise backup.BackupFailed("备份失败：无法写入 backups（磁盘已满）。")

    monkeypatch.setattr(backup, "take_backup", disk_full)
    view = round_view(small, "MEN", 1)
    open_tables = [g.table for g in view.games if g.second is not None]
    for table in open_tables[:-1]:
        assert (
            remote_entry.submit(
                small, _token(small, table), "1-0", client="10.0.0.1", auto_accept=True
            ).status
            == "accepted"
        )
    last = remote_entry.submit(
        small, _token(small, open_tables[-1]), "0-1", client="10.0.0.2", auto_accept=True
    )
    assert last.status == "accepted" and last.round_complete
    assert last.warnings and "成绩已保存" in last.warnings[0] and "备份失败" in last.warnings[0]
    assert round_view(small, "MEN", 1).status == "complete"
