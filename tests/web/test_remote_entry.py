"""The remote-entry use cases without HTTP: tokens, migration, the arbiter's commands."""

from __future__ import annotations

import base64
import json
import sqlite3
from pathlib import Path

import pytest

from app.cli.main import main
from app.errors import FinalsError
from app.services import remote_entry
from app.services.audit import audit_log
from app.services.rounds import edit_round, round_view, unpair
from app.store.database import Database, open_database
from app.store.migrations import SCHEMA_VERSION


def _token(db: Database, table: int, event: str = "MEN") -> str:
    return remote_entry.tokens_for_round(db, event, 1)[table]


def test_every_table_but_the_bye_has_its_own_long_random_token(small: Database) -> None:
    tokens = remote_entry.tokens_for_round(small, "MEN", 1)
    view = round_view(small, "MEN", 1)
    assert sorted(tokens) == sorted(g.table for g in view.games if g.second is not None)
    youth = remote_entry.tokens_for_round(small, "YOUTH", 1)
    everything = list(tokens.values()) + list(youth.values())
    assert len(set(everything)) == len(everything)
    for token in everything:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        assert len(raw) * 8 >= 96
    assert remote_entry.ensure_tokens(small, "MEN", 1) == 0  # idempotent
    # The tokens themselves never reach the (printed, exported) audit log.
    log = json.dumps([e.to_dict() for e in audit_log(small)], ensure_ascii=False)
    assert not any(token in log for token in everything)


def test_tokens_become_urls_with_the_server_address(small: Database) -> None:
    links = remote_entry.tokens_for_round(small, "MEN", 1, "http://192.168.1.10:8765/")
    assert links[1] == "http://192.168.1.10:8765/t/" + _token(small, 1)
    remote_entry.remember_base_url(small, "http://10.0.0.5:8765/", "裁判长")
    assert remote_entry.tokens_for_round(small, "MEN", 1)[1].startswith("http://10.0.0.5:8765/t/")


def test_a_printed_token_survives_a_manual_pairing_edit(small: Database) -> None:
    before = remote_entry.tokens_for_round(small, "MEN", 1)
    old = round_view(small, "MEN", 1).games[0]
    edit_round(small, "MEN", 1, "colours", old.table, operator="裁判长")
    assert remote_entry.tokens_for_round(small, "MEN", 1) == before
    page = remote_entry.table_page(small, before[old.table])
    assert page.first.name == round_view(small, "MEN", 1).names[old.second]  # colours swapped


def test_unpairing_deletes_the_round_tokens_and_queue(small: Database) -> None:
    token = _token(small, 1, "YOUTH")
    remote_entry.submit(small, token, "1-0", client="10.0.0.9")
    unpair(small, "YOUTH", "裁判长")
    with pytest.raises(remote_entry.TokenNotFound):
        remote_entry.table_page(small, token)
    assert [s.event for s in remote_entry.list_submissions(small, None)] == []


def test_a_version_1_file_gains_the_tables_when_opened(small: Database, tmp_path: Path) -> None:
    path = small.path
    small.close()
    with sqlite3.connect(path) as conn:
        conn.execute("DROP TABLE remote_submission")
        conn.execute("DROP TABLE remote_token")
        conn.execute("PRAGMA user_version=1")
    db = open_database(path)
    try:
        with db.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA user_version").scalar() == SCHEMA_VERSION >= 2
        assert remote_entry.ensure_tokens(db, "MEN", 1) > 0
        assert db.integrity_check() == "ok"
    finally:
        db.close()


def test_validation_names_the_field(small: Database) -> None:
    token = _token(small, 1)
    for bad in ("0-0", "bye", "1", "10", "", None):
        with pytest.raises(FinalsError, match="成绩无效"):
            remote_entry.submit(small, token, bad)
    with pytest.raises(FinalsError, match="犯规次数无效"):
        remote_entry.submit(small, token, "1-0", fouls=[0, 21])
    with pytest.raises(FinalsError, match="胜负方式太长"):
        remote_entry.submit(small, token, "1-0", manner="中" * 61)
    with pytest.raises(FinalsError, match="胜负方式含有不可见字符"):
        remote_entry.submit(small, token, "1-0", manner="中盘\u202e胜")
    assert remote_entry.list_submissions(small, None) == []


@pytest.mark.parametrize(
    ("sent", "stored"),
    [("1:0", "1-0"), ("白胜", "0-1"), ("白弃权", "+-"), ("１－０", "1-0"), ("双弃权", "--")],
)  # Go: no draw
def test_the_phone_speaks_the_same_results_as_the_keyboard(
    small: Database, sent: str, stored: str
) -> None:
    outcome = remote_entry.submit(small, _token(small, 2), sent, client="10.0.0.2")
    assert outcome.status == "pending" and outcome.result == stored
    assert [v.result for v in remote_entry.list_submissions(small)] == [stored]


def test_accept_all_is_all_or_nothing_and_skips_conflicts(small: Database) -> None:
    for table in (1, 2, 3):
        remote_entry.submit(small, _token(small, table), "1-0", client="10.0.0.1")
    remote_entry.submit(small, _token(small, 3), "0-1", client="10.0.0.2")
    done = remote_entry.accept_all(small, "裁判长", "MEN", 1)
    assert len(done.accepted) == 2 and len(done.conflicts) == 2
    results = round_view(small, "MEN", 1).results
    assert (results[1], results[2], results[3]) == ("1-0", "1-0", None)
    actions = [e.action for e in audit_log(small)]
    assert actions.count("录入成绩") == 2 and actions.count("批量采用现场成绩") == 1


def test_cli_accept_all_says_what_it_took_and_what_waits(small: Database, capsys) -> None:
    for table in (1, 2, 3):
        remote_entry.submit(small, _token(small, table), "1-0", client="10.0.0.1")
    conflicting = remote_entry.submit(small, _token(small, 3), "0-1", client="10.0.0.2")
    path = str(small.path)
    small.close()
    assert main(["submissions", path, "--accept-all", "--event", "MEN", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert list(document) == ["accepted", "conflicts", "warnings"]
    assert len(document["accepted"]) == 2 and document["warnings"] == []
    assert conflicting.submission in document["conflicts"] and len(document["conflicts"]) == 2
    assert main(["submissions", path, "--accept-all"]) == 0
    said = capsys.readouterr().out
    assert said.startswith("已采用 0 份提交。有冲突、需逐一处理：第")


def test_cli_lists_accepts_and_rejects(small: Database, capsys) -> None:
    path = str(small.path)
    first = remote_entry.submit(small, _token(small, 1), "1-0", "中盘胜", client="10.0.0.1")
    second = remote_entry.submit(small, _token(small, 2), "0-1", client="10.0.0.2")
    small.close()
    assert main(["submissions", path]) == 0
    out = capsys.readouterr().out
    assert "中盘胜" in out and "10.0.0.2" in out and "待确认" in out
    assert (
        main(["--operator", "王裁判", "submissions", path, "--accept", str(first.submission)]) == 0
    )
    assert "已采用" in capsys.readouterr().out
    assert main(["submissions", path, "--reject", str(second.submission), "--reason", "错台"]) == 0
    assert main(["submissions", path, "--reject", str(second.submission)]) == 1
    assert "已拒绝" in capsys.readouterr().err
    assert main(["submissions", path, "--all", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [(r["status"], r["decided_by"]) for r in rows] == [
        ("accepted", "王裁判"),
        ("rejected", "裁判长"),
    ]
    assert (
        main(
            ["table-links", path, "--event", "MEN", "--base-url", "http://10.1.1.1:8765", "--json"]
        )
        == 0
    )
    links = json.loads(capsys.readouterr().out)
    assert links["1"].startswith("http://10.1.1.1:8765/t/")


def test_cli_serve_needs_an_address(small: Database, capsys) -> None:
    small.close()
    assert main(["serve", str(small.path)]) == 1
    assert "--bind" in capsys.readouterr().err
    assert main(["serve", str(small.path), "--bind", "127.0.0.1", "--round", "1"]) == 1
    assert "--event" in capsys.readouterr().err
