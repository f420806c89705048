"""The typed read model: built with a handful of queries whatever the size, shared while the
file does not change, rebuilt the moment any use case writes (issue 15)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import event

from app.domain import EventKind
from app.errors import FinalsError
from app.io.export_json import from_document, to_document
from app.services.read_model import build_export, load_final
from app.services.results import record_result
from app.services.rounds import pair_next
from app.services.tournament import open_tournament
from app.store.database import Database
from tests.finals import demo_copy


@contextmanager
def counted(db: Database) -> Iterator[list[str]]:
    statements: list[str] = []

    def count(_conn, _cursor, statement, *_args) -> None:  # noqa: ANN001
        statements.append(statement)

    event.listen(db.engine, "before_cursor_execute", count)
    try:
        yield statements
    finally:
        event.remove(db.engine, "before_cursor_execute", count)


@pytest.fixture(scope="module")
def small(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("rm") / "small.finals"
    demo_copy(demo_master("hangzhou-go", players=60, seed=4, rounds=2), path)
    return path


@pytest.fixture(scope="module")
def large(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("rm") / "large.finals"
    demo_copy(demo_master("hangzhou-go", players=240, seed=4, rounds=4), path)
    return path


def _queries(path: Path) -> int:
    db = open_tournament(path)
    try:
        with counted(db) as statements:
            load_final(db)
        return len(statements)
    finally:
        db.close()


def test_the_number_of_queries_does_not_grow_with_the_final(small: Path, large: Path) -> None:
    few, many = _queries(small), _queries(large)
    # 4x the players and 2x the rounds: only SQLAlchemy's IN-batches of 500 rows may add a
    # query; one per entrant, game or round would add hundreds.
    assert many - few <= 3, (few, many)
    assert many <= 40


def test_shared_until_a_use_case_writes(small: Path, tmp_path: Path) -> None:
    path = tmp_path / "f.finals"
    path.write_bytes(small.read_bytes())
    db = open_tournament(path)
    try:
        first = load_final(db)
        assert load_final(db) is first  # no rebuild while nothing changed
        with counted(db) as statements:
            load_final(db)
        assert len(statements) == 1  # the revision, nothing else

        view = pair_next(db, "MEN")
        table = next(g.table for g in view.games if g.second is not None)
        after_pairing = load_final(db)
        assert after_pairing is not first
        assert after_pairing.revision > first.revision
        men = after_pairing.event("MEN")
        assert men is not None and len(men.rounds) == 3

        record_result(db, "MEN", 3, table, "1-0")
        game = next(
            g
            for g in load_final(db).event("MEN").rounds[-1].games  # type: ignore[union-attr]
            if g.table == table
        )
        assert game.result == "1-0"
    finally:
        db.close()


def test_a_refused_write_keeps_the_revision(small: Path, tmp_path: Path) -> None:
    path = tmp_path / "f.finals"
    path.write_bytes(small.read_bytes())
    db = open_tournament(path)
    try:
        before = db.revision()
        with pytest.raises(FinalsError):
            record_result(db, "MEN", 2, 99_999, "1-0")  # no such table
        assert db.revision() == before
    finally:
        db.close()


def test_another_process_writing_is_seen(small: Path, tmp_path: Path) -> None:
    path = tmp_path / "f.finals"
    path.write_bytes(small.read_bytes())
    reader, writer = open_tournament(path), open_tournament(path)
    try:
        first = load_final(reader)
        pair_next(writer, "MEN")
        assert (
            len(load_final(reader).event("MEN").rounds)
            == len(  # type: ignore[union-attr]
                first.event("MEN").rounds
            )
            + 1
        )  # type: ignore[union-attr]
    finally:
        reader.close()
        writer.close()


def test_standings_after_a_round_are_kept_apart(small: Path) -> None:
    db = open_tournament(small)
    try:
        after_one = load_final(db, 1)
        latest = load_final(db)
        assert after_one.event("MEN").standings.after_round == 1  # type: ignore[union-attr]
        assert latest.event("MEN").standings.after_round == 2  # type: ignore[union-attr]
        assert load_final(db, 1) is after_one
    finally:
        db.close()


def test_the_export_reads_back_into_the_same_document(large: Path) -> None:
    db = open_tournament(large)
    try:
        doc = build_export(db)
    finally:
        db.close()
    again = to_document(from_document(json.loads(json.dumps(doc))))
    doc.pop("exported_at"), again.pop("exported_at")
    assert again == doc


def test_a_document_that_is_not_an_export_is_refused() -> None:
    from app.io.export_json import DocumentError

    with pytest.raises(DocumentError, match="tournament"):
        from_document({"events": []})


def test_an_event_of_an_unknown_kind_in_a_document_is_refused_naming_it() -> None:
    from app.io.export_json import DocumentError

    doc = {"tournament": {"title": "t"}, "events": [{"code": "X", "kind": "relay"}]}
    with pytest.raises(DocumentError, match="项目“X”的类型“relay”"):
        from_document(doc)
    kinds = {
        e.kind
        for e in from_document(
            {"tournament": {"title": "t"}, "events": [{"code": "A", "kind": "team"}, {"code": "B"}]}
        ).events
    }
    assert kinds == {EventKind.TEAM, EventKind.INDIVIDUAL}


def test_a_round_in_an_unknown_state_in_a_document_is_refused_naming_it() -> None:
    from app.domain import RoundState
    from app.io.export_json import DocumentError

    def doc(status: str | None) -> dict:
        event = {"code": "A", "kind": "individual", "rounds": [{"number": 1, "games": []}]}
        if status is not None:
            event["rounds"][0]["status"] = status
        return {"tournament": {"title": "t"}, "events": [event]}

    with pytest.raises(DocumentError, match="第1轮的状态“finished”"):
        from_document(doc("finished"))
    assert from_document(doc("complete")).events[0].rounds[0].status is RoundState.COMPLETE
    assert from_document(doc(None)).events[0].rounds[0].status is RoundState.PAIRED
