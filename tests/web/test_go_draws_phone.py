"""Issue 13, clause 8 on the phone: with komi 3又3/4子 a Go table's page has no draw button,
and a draw posted all the same (an old page, a hand-made request) is refused in Chinese.

The Go finals are the demo's (the Go preset's real events and komi); a Gomoku final keeps
its draw button.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from app.errors import FinalsError
from app.services import remote_entry
from app.services.audit import audit_log
from app.services.rounds import pair_next, round_view
from app.services.tournament import open_tournament, set_tournament_fields
from app.store.database import Database
from app.web.pages import table_html
from tests.finals import demo_copy
from tests.web.conftest import Client, copy_final, links
from tests.web.webdriver import Browser, find_browser


def _token(db: Database, table: int, event: str = "MEN") -> str:
    return remote_entry.tokens_for_round(db, event, 1)[table]


def _buttons(db: Database, token: str) -> list[str]:
    html = table_html(remote_entry.table_page(db, token), pin_required=False).decode("utf-8")
    return [part.split('"', 1)[0] for part in html.split('data-result="')[1:]]


@pytest.fixture(scope="module")
def gomoku_template(
    demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory
) -> Path:
    path = tmp_path_factory.mktemp("web-gomoku") / "gomoku.finals"
    demo_copy(demo_master("shaoxing-gomoku-2022", players=24, seed=3), path)
    db = open_tournament(path)
    try:
        pair_next(db, "OPEN")
        remote_entry.ensure_tokens(db, "OPEN")
    finally:
        db.close()
    return path


@pytest.fixture
def gomoku(gomoku_template: Path, tmp_path: Path) -> Iterator[Database]:
    yield from copy_final(gomoku_template, tmp_path)


def test_a_go_table_page_offers_no_draw(small: Database) -> None:
    page = remote_entry.table_page(small, _token(small, 1))
    assert page.game == "go" and page.draws is False
    assert _buttons(small, _token(small, 1)) == ["1-0", "0-1", "-+", "+-", "--"]
    youth = _token(small, 1, "YOUTH")  # every Go event
    assert "=" not in _buttons(small, youth)


def test_a_gomoku_table_page_keeps_its_draw(gomoku: Database) -> None:
    token = _token(gomoku, 1, "OPEN")
    assert remote_entry.table_page(gomoku, token).draws is True
    assert _buttons(gomoku, token) == ["1-0", "0-1", "=", "-+", "+-", "--"]
    assert remote_entry.submit(gomoku, token, "=", client="10.0.0.3").status == "pending"


@pytest.mark.parametrize("sent", ["=", "和", "½-½", "和棋", "＝"])
def test_a_posted_draw_is_refused_in_chinese_and_nothing_queued(small: Database, sent: str) -> None:
    logged = len(audit_log(small))
    with pytest.raises(FinalsError) as caught:
        remote_entry.submit(small, _token(small, 2), sent, client="10.0.0.2")
    message = caught.value.message
    assert "和棋" in message and "3又3/4子" in message and "黑胜或白胜" in message
    assert str(small.path) not in message and "finals" not in message  # nothing for the arbiter
    assert remote_entry.list_submissions(small, None) == []
    assert len(audit_log(small)) == logged
    assert (
        remote_entry.submit(small, _token(small, 2), "0-1", client="10.0.0.2").status == "pending"
    )


def test_over_http_a_draw_gets_400_and_the_message(small: Database, serve) -> None:
    server = serve(small, auto_accept=True)
    path = links(small, server)[3]
    code, answer = Client(server).submit(path, {"result": "="})
    assert code == 400 and "不能提交和棋" in answer["error"]
    assert round_view(small, "MEN", 1).results[3] is None
    code, answer = Client(server).submit(path, {"result": "1-0"})
    assert (code, answer["status"]) == (200, "accepted")


def test_the_arbiter_may_allow_draws_again(small: Database) -> None:
    set_tournament_fields(
        small, {"draws": "allowed"}, operator="裁判长"
    )  # a triple ko judged drawn
    token = _token(small, 4)
    assert remote_entry.table_page(small, token).draws is True
    assert "=" in _buttons(small, token)
    outcome = remote_entry.submit(small, token, "=", client="10.0.0.4")
    assert outcome.status == "pending"
    set_tournament_fields(small, {"draws": "auto"}, operator="裁判长")
    (waiting,) = remote_entry.list_submissions(small)
    with pytest.raises(FinalsError, match="和棋"):  # queued before: the arbiter is told why
        remote_entry.accept(small, waiting.id, "裁判长")
    assert round_view(small, "MEN", 1).results[4] is None


FOUND = find_browser()


@pytest.mark.skipif(FOUND is None, reason="needs Debian's chromium and chromium-driver")
def test_the_go_phone_page_has_five_result_buttons(small: Database, serve, tmp_path: Path) -> None:
    assert FOUND is not None
    phone = Browser(*FOUND, profile=tmp_path / "profile", width=390, height=844)
    try:
        server = serve(small)
        phone.get(f"http://127.0.0.1:{server.port}{links(small, server)[2]}")
        shown = phone.script(
            "return Array.from(document.querySelectorAll('.res'))"
            ".map(b => [b.dataset.result, b.textContent.trim()])"
        )
        assert [r for r, _ in shown] == ["1-0", "0-1", "-+", "+-", "--"]
        assert not any("和" in text for _, text in shown)
        # The last button takes the whole row: no hole where the draw was.
        widths = phone.script(
            "return Array.from(document.querySelectorAll('.res')).map(b => b.offsetWidth)"
        )
        assert widths[-1] > 1.8 * widths[0]
        folder = Path(os.environ.get("FINALS_SCREENSHOT_DIR") or tmp_path)
        folder.mkdir(parents=True, exist_ok=True)
        phone.screenshot(folder / "phone-go-no-draw.png")
        phone.click('.res[data-result="1-0"]')
        phone.click("#send")
        assert phone.wait_for(
            "return document.getElementById('status').textContent.includes('已提交')"
        )
        assert [s.result for s in remote_entry.list_submissions(small)] == ["1-0"]
        # A page whose draw button was put back by hand: the server still says no.
        phone.get(f"http://127.0.0.1:{server.port}{links(small, server)[5]}")
        phone.script("const b = document.querySelector('.res'); b.dataset.result = '='; b.click();")
        phone.click("#send")
        assert phone.wait_for(
            "return document.getElementById('status').textContent.includes('和棋')"
        )
        assert "不能提交和棋" in phone.text("#status")
        assert json.dumps([s.table for s in remote_entry.list_submissions(small)]) == "[2]"
    finally:
        phone.quit()


def test_a_stored_komi_the_program_cannot_read_does_not_stop_the_phones(small: Database) -> None:
    """An older file's free-text komi: the pages still open and take results; a draw waits
    for the arbiter, whom accepting it tells how to fix the komi."""
    import sqlite3

    from app.settings import SettingError

    conn = sqlite3.connect(small.path)
    with conn:
        conn.execute(
            "UPDATE tournament SET settings = json_set(settings, '$.komi', '黑贴三子又四分之三')"
        )
    conn.close()
    token = _token(small, 6)
    assert remote_entry.table_page(small, token).draws is True  # the rule cannot be read
    sent = remote_entry.submit(small, token, "=", client="10.0.0.6")
    assert sent.status == "pending"
    with pytest.raises(SettingError) as caught:
        remote_entry.accept(small, sent.submission, "裁判长")
    assert "komi" in caught.value.message and "--set komi=" not in caught.value.message
    assert "finals settings" in caught.value.message
    assert (
        remote_entry.submit(small, _token(small, 7), "1-0", client="10.0.0.7").status == "pending"
    )
