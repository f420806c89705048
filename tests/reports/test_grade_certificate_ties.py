"""A grade certificate of a shared place says 并列, as the application form ranks it
(issue 26 §2)."""

from __future__ import annotations

from collections import Counter

from reports import build_report
from reports.chinese_numerals import number_in_chinese
from tests.reports.conftest import as_final, pdf_pages


def test_a_shared_place_says_tied_on_the_grade_certificate(tmp_path, go) -> None:
    final = as_final(go)
    places = Counter((g.award.event, g.award.category, g.award.rank) for g in final.grades)
    shared = {key for key, count in places.items() if count > 1}
    assert shared, "the Go final has grade places shared by two players"
    pages = pdf_pages(build_report(final, "certificates", tmp_path / "g.pdf", cert_type="grade"))
    assert len(pages) == len(final.grades)
    for line, page in zip(final.grades, pages, strict=True):
        assert line.name in page
        place = number_in_chinese(line.award.rank)
        key = (line.award.event, line.award.category, line.award.rank)
        if key in shared:
            assert f"获得并列第{place}名" in page, page
        else:
            assert f"获得第{place}名" in page and "并列" not in page, page
