"""ID numbers, phone numbers and platform accounts never appear on any printed document.

The fixture plants ID-number-like, phone-like and 弈战-account-like strings under keys the
real export never has (`id_number`, `phone`, `platform_account`, `contact_phone`); no
report may print them. A real Go final (its 少儿组 registers 弈战 platform accounts) is
exported and printed too: the accounts stay in the file, for the arbiter only.
"""

from collections.abc import Callable
from pathlib import Path

import pytest
from openpyxl import load_workbook

from reports import EXCEL_KINDS, build_report
from tests.reports.conftest import as_final, pdf_text, with_mcmahon, with_medals
from tests.reports.fixtures import private_strings

JOBS = [
    ("pairings", {"event": "OPEN", "round": 7}),
    ("index", {"event": "OPEN", "round": 7}),
    ("slips", {"event": "OPEN", "round": 7}),
    ("standings", {"event": "OPEN"}),
    ("standings", {"event": "OPEN", "category": "W"}),
    ("crosstable", {"event": "OPEN"}),
    ("teams", {}),
    ("prizes", {}),
    ("medals", {}),
    ("certificates", {}),
    ("certificates", {"cert_type": "grade"}),
    ("certificates", {"cert_type": "participation", "event": "YOUTH"}),
    ("grades", {}),
    ("entries", {}),
    ("checkin", {}),
    ("checkin", {"order": "pinyin"}),
    ("cards", {"event": "YOUTH"}),
    ("ceremony", {}),
]


def _hits(text: str, secrets: list[str]) -> list[str]:
    return [s for s in secrets if s in text]


def test_fixture_really_carries_private_data(gomoku):
    secrets = private_strings(gomoku)
    assert len(secrets) > 300
    assert all(len(s) >= 11 for s in secrets)


@pytest.mark.parametrize("final", ["gomoku", "go"])
def test_the_read_model_the_reports_take_holds_no_private_data(request, final):
    """The document carries the private strings; what a report reads (the read model it
    becomes) holds none of them, so no page can print them."""
    doc = request.getfixturevalue(final)
    secrets = private_strings(doc)
    assert secrets and _hits(repr(doc), secrets) == secrets
    assert _hits(repr(as_final(doc)), secrets) == []


@pytest.mark.parametrize(("kind", "kwargs"), JOBS)
def test_no_private_data_in_pdfs(tmp_path, gomoku, kind, kwargs):
    secrets = private_strings(gomoku)
    with_medals(gomoku)
    out = build_report(as_final(gomoku), kind, tmp_path / "out.pdf", **kwargs)
    text = pdf_text(out)
    assert text
    assert _hits(text, secrets) == []
    assert b"id_number" not in out.read_bytes()


def test_no_private_data_in_pair_documents(tmp_path, go):
    secrets = private_strings(go)
    for kind in ("pairs", "prizes", "entries", "checkin", "ceremony"):
        text = pdf_text(build_report(as_final(go), kind, tmp_path / f"{kind}.pdf"))
        assert _hits(text, secrets) == []


def test_no_private_data_on_team_line_ups(tmp_path, gomoku):
    secrets = private_strings(gomoku)
    team_event = next(e for e in gomoku["events"] if e["kind"] == "team")
    team_event["settings"].setdefault("pairing", {})["team_format"] = "match"
    text = pdf_text(build_report(as_final(gomoku), "lineup", tmp_path / "lineup.pdf"))
    assert text and _hits(text, secrets) == []


@pytest.mark.parametrize("kind", EXCEL_KINDS)
def test_no_private_data_in_workbooks(tmp_path, go, kind):
    secrets = private_strings(go)
    if kind == "mcmahon":
        with_mcmahon(go)
    if kind == "medals":
        with_medals(go)
    kwargs = {"event": "MEN"} if kind in ("pairings", "index", "standings", "crosstable") else {}
    out = build_report(as_final(go), kind, tmp_path / "out.xlsx", **kwargs)
    cells = []
    for ws in load_workbook(out).worksheets:
        for row in ws.iter_rows(values_only=True):
            cells += [str(v) for v in row if v is not None]
    text = "\n".join(cells)
    assert text
    assert _hits(text, secrets) == []


def test_platform_accounts_of_a_real_final_stay_in_the_file(
    built_demo: Callable[..., Path], tmp_path
):
    import json

    from app.services.players import list_entrants
    from app.services.read_model import build_export
    from app.services.tournament import open_tournament

    path = tmp_path / "go.finals"
    built_demo(path, "hangzhou-go", players=24, seed=13, rounds=1)
    db = open_tournament(path)
    try:
        accounts = [r.platform_account for r in list_entrants(db, "YOUTH")]
        doc = build_export(db)
    finally:
        db.close()
    assert len(accounts) >= 16 and all(a and len(a) >= 11 for a in accounts)
    assert _hits(json.dumps(doc, ensure_ascii=False), accounts) == []
    for kind, kwargs in (
        ("pairings", {"event": "YOUTH", "round": 1}),
        ("slips", {"event": "YOUTH", "round": 1}),
        ("standings", {"event": "YOUTH"}),
        ("certificates", {"cert_type": "participation", "event": "YOUTH"}),
        ("entries", {"event": "YOUTH"}),
        ("checkin", {"event": "YOUTH"}),
        ("cards", {"event": "YOUTH"}),
        ("ceremony", {"event": "YOUTH"}),
    ):
        kwargs["provisional"] = True  # one round of several played: the ceremony list is
        text = pdf_text(build_report(as_final(doc), kind, tmp_path / f"{kind}.pdf", **kwargs))
        assert text and _hits(text, accounts) == [], kind
