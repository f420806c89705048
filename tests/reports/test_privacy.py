"""ID numbers and phone numbers never appear on any printed document or workbook.

The fixture plants ID-number-like and phone-like strings under keys the real export
never has (`id_number`, `phone`, `contact_phone`); no report may print them.
"""

import pytest
from openpyxl import load_workbook

from reports import EXCEL_KINDS, build_report
from tests.reports.conftest import pdf_text
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
    ("certificates", {}),
    ("certificates", {"cert_type": "grade"}),
    ("certificates", {"cert_type": "participation", "event": "YOUTH"}),
    ("grades", {}),
]


def _hits(text: str, secrets: list[str]) -> list[str]:
    return [s for s in secrets if s in text]


def test_fixture_really_carries_private_data(gomoku):
    secrets = private_strings(gomoku)
    assert len(secrets) > 300
    assert all(len(s) >= 11 for s in secrets)


@pytest.mark.parametrize(("kind", "kwargs"), JOBS)
def test_no_private_data_in_pdfs(tmp_path, gomoku, kind, kwargs):
    secrets = private_strings(gomoku)
    out = build_report(gomoku, kind, tmp_path / "out.pdf", **kwargs)
    text = pdf_text(out)
    assert text
    assert _hits(text, secrets) == []
    assert b"id_number" not in out.read_bytes()


def test_no_private_data_in_pair_documents(tmp_path, go):
    secrets = private_strings(go)
    for kind in ("pairs", "prizes"):
        text = pdf_text(build_report(go, kind, tmp_path / f"{kind}.pdf"))
        assert _hits(text, secrets) == []


@pytest.mark.parametrize("kind", EXCEL_KINDS)
def test_no_private_data_in_workbooks(tmp_path, go, kind):
    secrets = private_strings(go)
    kwargs = {"event": "MEN"} if kind in ("pairings", "standings", "crosstable") else {}
    out = build_report(go, kind, tmp_path / "out.xlsx", **kwargs)
    cells = []
    for ws in load_workbook(out).worksheets:
        for row in ws.iter_rows(values_only=True):
            cells += [str(v) for v in row if v is not None]
    text = "\n".join(cells)
    assert text
    assert _hits(text, secrets) == []
