"""A tie across a grade band edge (issue 25 §5): both players get the better band, and the
application form (等级申报表) prints the rule and the case; each tied row says 并列."""

from __future__ import annotations

import re
from typing import Any

from reports import build_report
from tests.reports.conftest import as_final, pdf_pages


def _tie_at_the_edge(go: dict[str, Any]) -> dict[str, Any]:
    """The Go final with MEN's bands 1–8 五段, 9–24 四段, 25–32 三段: places 24 are shared
    by two, so counted one by one the second would be 25th, in the 三段 band."""
    men = next(e for e in go["events"] if e["code"] == "MEN")
    men["grade_tables"] = [
        {
            "category": None,
            "name": "男子个人",
            "bands": [
                {"from": 1, "to": 8, "grade": "业余5段"},
                {"from": 9, "to": 24, "grade": "业余4段"},
                {"from": 25, "to": 32, "grade": "业余3段"},
            ],
        }
    ]
    for grade in go["grades"]:
        if grade["event"] == "MEN" and grade["rank"] > 24:
            grade["grade"] = "业余3段"
    return go


def test_the_form_prints_the_tie_rule_and_the_tie_across_the_edge(tmp_path, go) -> None:
    final = as_final(_tie_at_the_edge(go))
    tied = [g for g in final.grades if g.award.event == "MEN" and g.award.rank == 24]
    assert len(tied) == 2
    pages = pdf_pages(build_report(final, "grades", tmp_path / "form.pdf", event="MEN"))
    text = "".join(pages).replace("\n", "")
    assert "名次并列者均按并列名次申报" in text
    assert "第24名2人并列，跨越等级段（第25名按名次段为业余3段）" in text
    assert "并列者均按并列名次第24名申报业余4段" in text
    # the tie at 11 stays inside the 四段 band: not named as crossing
    assert "第11名2人并列，跨越" not in text
    for line in tied:  # the row: name, gender, birth, unit, grade, 备注 并列
        row = re.search(re.escape(line.name) + r"[^\d]*\d{4}年\d{2}月[^\d]*?业余4段(并列)?", text)
        assert row and row.group(1) == "并列", line.name
    alone = next(g for g in final.grades if g.award.rank == 23)
    row = re.search(re.escape(alone.name) + r"[^\d]*\d{4}年\d{2}月[^\d]*?业余4段(并列)?", text)
    assert row and row.group(1) is None
