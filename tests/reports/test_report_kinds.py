"""Issue 28 §1: report and certificate kinds are typed words whose ids and Chinese names are
the ones the command line always printed."""

from __future__ import annotations

from app.domain import CertificateKind
from app.services.certificates import KINDS as CERTIFICATE_NAMES
from reports.build import EXCEL_KINDS, KINDS, WALL_KINDS, ReportKind


def test_report_kinds_keep_their_ids_names_and_order() -> None:
    assert list(KINDS)[:4] == ["pairings", "index", "slips", "standings"]
    assert KINDS["crosstable"] == "对阵成绩表" and KINDS["mcmahon"] == "麦克马洪起始分"
    assert (ReportKind.CROSSTABLE.zh, ReportKind.CROSSTABLE.en) == ("对阵成绩表", "Cross-table")
    assert all(isinstance(k, ReportKind) for k in (*WALL_KINDS, *EXCEL_KINDS))
    assert "poster" in WALL_KINDS and "certificates" not in EXCEL_KINDS


def test_certificate_kinds_keep_their_ids_and_register_names() -> None:
    assert [str(k) for k in CertificateKind] == ["prize", "grade", "participation"]
    assert CERTIFICATE_NAMES == {
        "prize": "获奖证书",
        "grade": "等级证书",
        "participation": "参赛证书",
    }
    assert CertificateKind.PARTICIPATION.en == "Participation certificate"
