"""The phone page in headless Chromium at phone size (Debian's chromium + chromedriver).

Screenshots go to $FINALS_SCREENSHOT_DIR when set (to look at them), else the test's tmp dir.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.services import remote_entry
from app.store.database import Database
from tests.web.conftest import links
from tests.web.webdriver import Browser, find_browser

FOUND = find_browser()
pytestmark = pytest.mark.skipif(
    FOUND is None,
    reason="needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)",
)


@pytest.fixture
def phone(tmp_path: Path) -> Iterator[Browser]:
    assert FOUND is not None
    browser = Browser(*FOUND, profile=tmp_path / "profile", width=390, height=844)
    yield browser
    browser.quit()


def _shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("FINALS_SCREENSHOT_DIR") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_a_referee_enters_a_result_from_the_phone(
    small: Database, serve, phone: Browser, tmp_path: Path
) -> None:
    server = serve(small)
    url = f"http://127.0.0.1:{server.port}{links(small, server)[2]}"
    phone.get(url)
    page = small_page = remote_entry.table_page(small, url.rsplit("/", 1)[1])
    assert phone.text(".table-no") == "第 2 台"
    assert phone.text(".event") == f"{page.event_name} · 第1轮"
    names = [phone.text(".player:nth-child(1) .name"), phone.text(".player:nth-child(2) .name")]
    assert names == [small_page.first.name, small_page.second.name]
    assert phone.text(".player:nth-child(1) .role") == "黑·先手"
    # Fits a phone: nothing wider than the screen, big tap targets.
    assert phone.script("return document.documentElement.scrollWidth <= window.innerWidth")
    heights = phone.script(
        "return Array.from(document.querySelectorAll('.res, .send')).map(b => b.offsetHeight)"
    )
    assert min(heights) >= 48
    assert phone.attribute("#send", "disabled") is not None  # nothing chosen yet
    shots = _shots(tmp_path)
    phone.screenshot(shots / "phone-page.png")

    phone.click('.res[data-result="0-1"]')
    assert phone.attribute('.res[data-result="0-1"]', "aria-pressed") == "true"
    assert phone.attribute('.res[data-result="1-0"]', "aria-pressed") == "false"
    assert phone.text("#send") == f"提交：白胜（{page.second.name} 胜）"
    phone.click('.chip[data-manner="中盘胜"]')
    assert phone.script("return document.getElementById('manner').value") == "中盘胜"
    phone.click(".fouls summary")
    phone.click('.step[data-side="0"][data-step="1"]')
    phone.click('.step[data-side="0"][data-step="1"]')
    phone.click('.step[data-side="1"][data-step="-1"]')  # never below 0
    assert phone.text("#foul0") == "2" and phone.text("#foul1") == "0"
    phone.screenshot(shots / "phone-chosen.png")

    phone.click("#send")
    assert phone.wait_for("return document.getElementById('status').textContent.includes('已提交')")
    assert "等待裁判长确认" in phone.text("#status")
    phone.screenshot(shots / "phone-sent.png")
    (sub,) = remote_entry.list_submissions(small)
    assert (sub.table, sub.result, sub.manner, sub.fouls) == (2, "0-1", "中盘胜", (2, 0))


def test_the_pin_is_asked_and_a_wrong_one_is_shown(small: Database, serve, phone: Browser) -> None:
    server = serve(small, pin="1357")
    phone.get(f"http://127.0.0.1:{server.port}{links(small, server)[3]}")
    assert phone.script("return document.getElementById('pinbox').hidden") is False
    phone.click('.res[data-result="-+"]')  # Go with komi 3又3/4子: no draw button
    phone.click("#send")
    assert phone.text("#status") == "请输入裁判口令。"
    phone.type("#pin", "0000")
    phone.click("#send")
    assert phone.wait_for("return document.getElementById('status').textContent.includes('口令')")
    assert phone.text("#status") == "裁判口令不正确。"
    phone.script("document.getElementById('pin').value = ''")
    phone.type("#pin", "1357")
    phone.click("#send")
    assert phone.wait_for("return document.getElementById('status').textContent.includes('已提交')")
    assert [s.result for s in remote_entry.list_submissions(small)] == ["-+"]


def test_a_recorded_result_is_shown_and_a_wrong_link_says_so(
    small: Database, serve, phone: Browser
) -> None:
    from app.services.results import record_result

    record_result(small, "MEN", 1, 4, "1-0", operator="裁判长")
    server = serve(small)
    phone.get(f"http://127.0.0.1:{server.port}{links(small, server)[4]}")
    assert "本台已录入成绩：黑胜（1-0）" in phone.text("#onfile")
    phone.get(f"http://127.0.0.1:{server.port}/t/{'Z' * 22}")
    assert phone.text("h1") == "找不到页面"


def test_a_page_loaded_before_a_pairing_edit_cannot_submit(
    small: Database, serve, phone: Browser, tmp_path: Path
) -> None:
    from app.services.rounds import edit_round, round_view

    server = serve(small)
    phone.get(f"http://127.0.0.1:{server.port}{links(small, server)[4]}")
    edit_round(small, "MEN", 1, "colours", 4)  # the arbiter swaps the colours meanwhile
    phone.click('.res[data-result="1-0"]')
    phone.click("#send")
    assert phone.wait_for("return document.getElementById('status').textContent.includes('刷新')")
    assert "对阵已调整" in phone.text("#status")
    phone.screenshot(_shots(tmp_path) / "phone-table-changed.png")
    assert remote_entry.list_submissions(small, None) == []
    assert round_view(small, "MEN", 1).results[4] is None
    phone.get(f"http://127.0.0.1:{server.port}{links(small, server)[4]}")  # reloaded
    phone.click('.res[data-result="1-0"]')
    phone.click("#send")
    assert phone.wait_for("return document.getElementById('status').textContent.includes('已提交')")
    (sub,) = remote_entry.list_submissions(small)
    game = next(g for g in round_view(small, "MEN", 1).games if g.table == 4)
    assert (
        sub.result == "1-0"
        and sub.first_name
        == remote_entry.table_page(small, links(small, server)[4].rsplit("/", 1)[1]).first.name
    )
    assert game.first is not None


def test_a_lost_answer_is_checked_by_resending_and_shown_as_received(
    small: Database, serve, phone: Browser, monkeypatch
) -> None:
    """The server stored the result but died before answering, six times (the browser
    retries on its own, then the page resends every 2 s): the page does not
    say "网络不通，成绩未提交" — it sends again and shows that the result was received."""
    server = serve(small)
    phone.get(f"http://127.0.0.1:{server.port}{links(small, server)[5]}")
    real, calls = remote_entry.submit, [0]

    def committed_then_gone(*args: object, **kwargs: object) -> object:
        outcome = real(*args, **kwargs)  # type: ignore[arg-type]
        calls[0] += 1
        if calls[0] <= 6:
            raise ConnectionResetError("the server died before answering")
        return outcome

    monkeypatch.setattr("app.web.routes.remote_entry.submit", committed_then_gone)
    phone.script(
        "window.seen = []; new MutationObserver(function () {"
        " window.seen.push(document.getElementById('status').textContent); })"
        ".observe(document.getElementById('status'), {childList: true, subtree: true})"
    )
    phone.click('.res[data-result="1-0"]')
    phone.click("#send")
    assert phone.wait_for(
        "return document.getElementById('status').textContent.includes('已收到')", 20
    ), phone.text("#status")
    (sub,) = remote_entry.list_submissions(small)
    assert f"已收到（与第{sub.id}号提交相同）" in phone.text("#status")
    shown = phone.script("return window.seen")
    assert not any("未提交" in text for text in shown), shown
