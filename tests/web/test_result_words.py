"""The phone page speaks the core's result vocabulary (app.domain.Result)."""

from __future__ import annotations

import re

from app.resources import resource_path
from app.services.remote_entry import Side, TablePage
from app.web.pages import PHONE_RESULTS, result_buttons_html, result_words, table_html

PAGE = TablePage(
    title="决赛",
    game="go",
    event="MEN",
    event_name="男子组",
    round=1,
    table=2,
    first=Side("张<三>", None, 1),
    second=Side("李四", "杭州", 2),
    opening=None,
    recorded="+-",
    pending=0,
)


def test_words_are_the_core_words_with_go_colours() -> None:
    assert [result_words(r) for r in ("1-0", "0-1", "=", "+-", "-+", "--", "0-0")] == [
        "黑胜",
        "白胜",
        "和棋",
        "白弃权（黑胜）",
        "黑弃权（白胜）",
        "双方弃权",
        "未赛",
    ]
    assert result_words(None) == "" and result_words("x") == "x"


def test_generated_buttons_are_the_template_buttons() -> None:
    """The buttons written out in table.html and the ones built from the core agree, so the
    template can take {{raw_result_buttons}} in their place without any visible change."""
    template = resource_path("web", "table.html").read_text(encoding="utf-8")
    written = [line.strip() for line in template.splitlines() if 'class="res ' in line]
    written = [
        line.replace("{{first_name}}", "张&lt;三&gt;").replace("{{second_name}}", "李四")
        for line in written
    ]
    built = [
        re.sub(r' data-words="[^"]*"', "", line) for line in result_buttons_html(PAGE).splitlines()
    ]
    if written:  # until the template uses the generated buttons
        assert built == written
    assert re.findall(r'data-result="([^"]+)"', result_buttons_html(PAGE)) == [
        r.value for r in PHONE_RESULTS
    ]
    assert 'data-words="白弃权（黑胜）"' in result_buttons_html(PAGE)


def test_page_shows_the_recorded_result_in_words() -> None:
    body = table_html(PAGE, pin_required=False).decode("utf-8")
    assert "白弃权（黑胜）" in body
    assert "<三>" not in body
