"""The players' pages in headless Chromium at phone size: find my table, open my page."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.pinyin import readings
from app.services.read_model import load_final
from app.store.database import Database
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


def _fits(phone: Browser) -> bool:
    """Nothing but the wide tables' own scrolling boxes is wider than the screen."""
    return bool(phone.script("return document.documentElement.scrollWidth <= window.innerWidth"))


def test_a_player_finds_the_table_by_initials_and_opens_the_player_page(
    small: Database, serve, phone: Browser, tmp_path: Path
) -> None:
    server = serve(small, public=True)
    base = f"http://127.0.0.1:{server.port}"
    men = load_final(small).event("MEN")
    assert men is not None
    target = men.entrants[5]
    initials = "".join(r[0][0] for r in readings(target.name))
    game = next(g for g in men.rounds[0].games if target.id in (g.first, g.second))
    shots = _shots(tmp_path)

    phone.get(base + "/")
    assert phone.text("h1") == load_final(small).tournament.title
    assert _fits(phone)
    phone.screenshot(shots / "public-index.png")
    phone.click('a[href="/e/MEN/pairings?round=1"]')
    assert phone.wait_for("return document.querySelectorAll('tbody tr').length > 0")
    assert phone.script("return document.querySelectorAll('tbody tr').length") == len(
        men.rounds[0].games
    )
    assert _fits(phone)
    phone.screenshot(shots / "public-pairings.png", full_page=False)

    phone.type('input[name="q"]', initials)
    phone.click("form.search button")
    assert phone.wait_for("return location.search.includes('q=')")
    hit_tables = phone.script(
        "return Array.from(document.querySelectorAll('tr.hit td:first-child'))"
        ".map(td => td.textContent)"
    )
    assert str(game.table) in hit_tables
    assert phone.script("return document.querySelector('input[name=q]').value") == initials
    assert _fits(phone)
    phone.screenshot(shots / "public-search.png")

    phone.click(f'tr.hit a[href="/e/MEN/player/{target.seed}"]')
    assert phone.wait_for(f"return location.pathname === '/e/MEN/player/{target.seed}'")
    assert phone.text("h1") == target.name
    row = phone.text("tbody tr:first-child")
    opponent_id = game.second if game.first == target.id else game.first
    opponent = men.entrant(opponent_id) if opponent_id is not None else None
    assert opponent is not None and opponent.name in row
    assert _fits(phone)
    phone.screenshot(shots / "public-player.png")

    phone.click('nav.tabs a[href="/e/MEN/standings"]')
    assert phone.wait_for("return location.pathname === '/e/MEN/standings'")
    assert phone.text("nav.tabs span.on") == "排名"
    assert _fits(phone)  # the wide table scrolls inside its own box
    phone.screenshot(shots / "public-standings.png", full_page=False)

    phone.get(base + "/e/MEN/player/999")
    assert phone.text("h1") == "找不到页面"
    assert "没有序号为 999 的选手" in phone.text("p.empty")
