"""Issue 14, case 2: a certificate's number belongs to its award, not to the print.

The full prize print gave the women's champion HZWQ-0033 and the MTEAM champion HZWQ-0045;
printed by event each was HZWQ-0001.  Now a register of the numbers issued is kept in the
file: a number is assigned the first time a certificate for an award is printed (one
transaction, audited) and reused in every later print; numbering continues from the highest
issued; an award that no longer exists keeps its number, marked void, and the new holder
gets a new number.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from pypdf import PdfReader

from app.services.audit import audit_log
from app.services.certificates import AwardRecord, certificate_register, issue_numbers
from app.services.tournament import open_tournament
from tests.cli.runner import run
from tests.finals import demo_copy, end_after_rounds_played


def _pages(path: Path) -> list[str]:
    return [re.sub(r"\s+", "", p.extract_text() or "") for p in PdfReader(str(path)).pages]


def _numbered(pages: list[str]) -> dict[tuple[str, str], str]:
    """(name, wording after the name) → number, for every page."""
    out: dict[tuple[str, str], str] = {}
    for page in pages:
        found = re.search(r"编号：(\S+?-(?:CS-|DJ-)?\d{4})(.+?)：(.*?)，特发此证", page)
        assert found, page
        key = (found[2], found[3])
        assert key not in out, key
        out[key] = found[1]
    return out


@pytest.fixture(scope="module")
def final(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("register") / "go.finals"
    demo_copy(demo_master("hangzhou-go", players=120, seed=2022, rounds=3), path)
    return end_after_rounds_played(path)  # final results: certificates are numbered


def _print(capsys: pytest.CaptureFixture[str], final: Path, out: Path, *options: str) -> dict:
    code, _, err = run(capsys, "report", str(final), "certificates", "-o", str(out), *options)
    assert code == 0, err
    return _numbered(_pages(out))


def test_a_certificate_has_the_same_number_in_every_print(
    capsys: pytest.CaptureFixture[str], final: Path, tmp_path: Path
) -> None:
    women = _print(capsys, final, tmp_path / "w.pdf", "--event", "MEN", "--category", "women")
    team = _print(capsys, final, tmp_path / "t.pdf", "--event", "MTEAM")
    full = _print(capsys, final, tmp_path / "all.pdf")
    again = _print(capsys, final, tmp_path / "again.pdf")
    assert full == again
    for part in (women, team):
        for key, number in part.items():
            assert full[key] == number, key
    numbers = list(full.values())
    assert len(set(numbers)) == len(numbers)
    # printed first, the women's certificates took the first numbers; the rest followed on
    assert sorted(women.values()) == sorted(numbers)[: len(women)]
    assert all(re.fullmatch(r"HZWQ-\d{4}", n) for n in numbers)


def test_the_register_lists_every_number_issued(
    capsys: pytest.CaptureFixture[str], final: Path, tmp_path: Path
) -> None:
    full = _print(capsys, final, tmp_path / "all.pdf")
    code, out, err = run(capsys, "certificates-register", str(final), "--json")
    assert code == 0, err
    rows = json.loads(out)
    issued = {r["number"]: r for r in rows if r["kind"] == "prize"}
    assert set(issued) == set(full.values())
    assert all(not r["void"] and r["event"] and r["name"] and r["issued_at"] for r in rows)
    code, out, _ = run(capsys, "certificates-register", str(final))
    assert code == 0 and "HZWQ-0001" in out and "有效" in out
    db = open_tournament(final)
    try:
        assert any(e.action == "发放证书编号" for e in audit_log(db))
    finally:
        db.close()


def test_participation_and_grade_numbers_are_kept_too(
    capsys: pytest.CaptureFixture[str], final: Path, tmp_path: Path
) -> None:
    one = _print(capsys, final, tmp_path / "p1.pdf", "--type", "participation", "--event", "YOUTH")
    everyone = _print(capsys, final, tmp_path / "p.pdf", "--type", "participation")
    assert all(everyone[k] == n for k, n in one.items())
    assert all("-CS-" in n for n in everyone.values())


def _award(key: str, name: str) -> AwardRecord:
    return AwardRecord(
        key=key, kind="prize", event="MEN", category=None, place="第一名", entrant=1, name=name
    )


def test_a_void_award_keeps_its_number_and_the_new_holder_gets_a_new_one(
    built_demo: Callable[..., Path], tmp_path: Path
) -> None:
    path = tmp_path / "v.finals"
    built_demo(path, "hangzhou-go", players=40, seed=1, rounds=1)
    db = open_tournament(path)
    try:
        a, b, c = _award("k-a", "甲"), _award("k-b", "乙"), _award("k-c", "丙")
        first = issue_numbers(db, "prize", "X-", [a, b], [a, b], "裁判长")
        assert first == {"k-a": "X-0001", "k-b": "X-0002"}
        # a corrected result: 乙's award is gone, 丙 holds a new one
        second = issue_numbers(db, "prize", "X-", [a, c], [a, c], "裁判长")
        assert second == {"k-a": "X-0001", "k-c": "X-0003"}
        register = {r.number: r for r in certificate_register(db)}
        assert register["X-0002"].void and register["X-0002"].name == "乙"
        assert not register["X-0001"].void and not register["X-0003"].void
        # nothing new: nothing written, not even an audit entry
        entries = len(audit_log(db))
        assert issue_numbers(db, "prize", "X-", [a], [a, c], "裁判长") == {"k-a": "X-0001"}
        assert len(audit_log(db)) == entries
        # 乙's award back again: a new number (the void one stays void)
        third = issue_numbers(db, "prize", "X-", [b], [a, b, c], "裁判长")
        assert third == {"k-b": "X-0004"}
    finally:
        db.close()


def test_a_corrected_result_voids_the_old_award_and_numbers_the_new_one(
    built_demo: Callable[..., Path], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from app.services.read_model import build_export

    path = tmp_path / "c.finals"
    built_demo(path, "hangzhou-go", players=60, seed=11, rounds=3)
    end_after_rounds_played(path)
    before = _print(capsys, path, tmp_path / "a.pdf")
    db = open_tournament(path)
    try:
        doc = build_export(db)
    finally:
        db.close()
    men = next(e for e in doc["events"] if e["code"] == "MEN")
    champion = next(p["entrant"] for p in doc["prizes"] if p["event"] == "MEN" and p["place"] == 1)
    last = men["rounds"][-1]
    game = next(g for g in last["games"] if champion in (g["first"], g["second"]))
    flipped = "0-1" if game["first"] == champion else "1-0"
    code, _, err = run(
        capsys,
        "result",
        str(path),
        "--event",
        "MEN",
        "--round",
        str(last["number"]),
        "--table",
        str(game["table"]),
        flipped,
        "--force",
    )
    assert code == 0, err
    after = _print(capsys, path, tmp_path / "b.pdf")
    db = open_tournament(path)
    try:
        register = {r.number: r for r in certificate_register(db, "prize")}
    finally:
        db.close()
    void = {n for n, r in register.items() if r.void}
    assert void, "the champion's certificate no longer stands"
    assert not void & set(after.values())  # a void number is never printed again
    kept = {k: n for k, n in before.items() if k in after}
    assert all(after[k] == n for k, n in kept.items())  # awards that stand keep their numbers
    top = max(int(n[-4:]) for n in before.values())
    new = [n for k, n in after.items() if k not in before or before[k] in void]
    assert new and all(int(n[-4:]) > top for n in new)  # new holders: new numbers, counted on
    assert len(register) == len(before) + len(new)


def test_a_read_only_file_prints_the_numbers_it_holds_and_issues_none(
    built_demo: Callable[..., Path], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from tests.store.faults import digest, read_only

    path = tmp_path / "ro" / "go.finals"
    path.parent.mkdir()
    built_demo(path, "hangzhou-go", players=40, seed=5, rounds=2)
    end_after_rounds_played(path)
    issued = _print(capsys, path, tmp_path / "a.pdf", "--event", "MEN")
    before = digest(path)
    with read_only(path):
        assert _print(capsys, path, tmp_path / "b.pdf", "--event", "MEN") == issued
        code, _, err = run(
            capsys,
            "report",
            str(path),
            "certificates",
            "--type",
            "participation",
            "-o",
            str(tmp_path / "c.pdf"),
        )
    assert code == 1 and "只读" in err and "编号" in err
    assert not (tmp_path / "c.pdf").exists()
    assert digest(path) == before
