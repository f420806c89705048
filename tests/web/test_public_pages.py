"""The players' pages (`finals serve --public`) over real HTTP on 127.0.0.1."""

from __future__ import annotations

import html
import re
import socket
import time
from urllib.parse import quote

from sqlalchemy import select

from app.pinyin import name_matches, readings
from app.services.read_model import load_final
from app.services.results import record_result
from app.store.database import Database
from app.store.models import Player
from app.store.submissions import TableToken
from app.web.public import entrant_matches
from tests.web.conftest import Client


def _text(body: bytes) -> str:
    return body.decode("utf-8")


def _private_strings(db: Database) -> set[str]:
    """Every ID number, phone number, platform account and table token in the file."""
    with db.reading() as session:
        rows = session.execute(
            select(Player.id_number, Player.phone, Player.platform_account)
        ).all()
        tokens = session.scalars(select(TableToken.token)).all()
    found = {value for row in rows for value in row if value} | set(tokens)
    assert len(found) > 40  # the demo fills them: the check below means something
    return found


def test_without_public_the_players_pages_are_404(small: Database, serve) -> None:
    server = serve(small)
    client = Client(server)
    for path in ("/e/MEN/pairings", "/e/MEN/standings", "/e/MEN/player/1", "/p/style.css"):
        status, _headers, _body = client.get(path)
        assert status == 404, path
    status, _headers, body = client.get("/")
    assert status == 200 and "男子个人" not in _text(body)  # the referees' landing page


def test_the_public_pages_answer_in_chinese_with_the_same_protections(
    small: Database, serve
) -> None:
    server = serve(small, public=True)
    client = Client(server)
    final = load_final(small)
    men = final.event("MEN")
    assert men is not None
    status, headers, body = client.get("/")
    page = _text(body)
    assert status == 200 and headers["content-type"] == "text/html; charset=utf-8"
    assert "default-src 'none'" in headers["content-security-policy"]
    assert headers["x-frame-options"] == "DENY" and headers["cache-control"] == "no-store"
    assert html.escape(final.tournament.title, quote=True) in page
    assert 'href="/e/MEN/pairings?round=1"' in page and 'href="/e/MEN/standings"' in page
    assert 'lang="zh-CN"' in page and 'name="viewport"' in page
    assert 'href="/p/style.css"' in page and "<script" not in page

    status, headers, body = client.get("/p/style.css")
    assert status == 200 and headers["content-type"].startswith("text/css")

    status, _headers, body = client.get("/e/MEN/pairings")
    page = _text(body)
    assert status == 200 and "第1轮" in page and "进行中" in page
    rnd = men.rounds[0]
    for game in rnd.games:
        first = men.entrant(game.first)
        assert first is not None
        assert f'href="/e/MEN/player/{first.seed}"' in page
    assert page.count("<tr>") == len(rnd.games) + 1  # the head row and one a table
    # Lower case codes too; ?round=1 is the same page.
    assert _text(client.get("/e/men/pairings?round=1")[2]) == page

    # A player's page: every round, colours, results and points.
    game = rnd.games[0]
    first = men.entrant(game.first)
    second = men.entrant(game.second) if game.second is not None else None
    assert first is not None and second is not None
    status, _headers, body = client.get(f"/e/MEN/player/{first.seed}")
    page = _text(body)
    assert status == 200 and html.escape(first.name) in page and html.escape(second.name) in page
    assert "<dt>序号</dt><dd>" in page and "累计积分" in page and ">黑<" in page

    # Standings, overall and by category.
    status, _headers, body = client.get("/e/MEN/standings")
    assert status == 200 and "总排名" in _text(body)
    for entrant in men.entrants:
        assert f'href="/e/MEN/player/{entrant.seed}"' in _text(body)
    for category in men.categories:
        status, _headers, body = client.get(f"/e/MEN/standings?category={category.code}")
        assert status == 200 and f'<span class="on">{category.name}</span>' in _text(body)

    # No private data on any page, and nothing for a POST.
    private = _private_strings(small)
    pages = ["/", "/e/MEN/pairings", "/e/MEN/standings", "/e/YOUTH/pairings"]
    pages += [f"/e/MEN/player/{e.seed}" for e in men.entrants]
    for path in pages:
        status, _headers, body = client.get(path)
        assert status == 200, path
        text = _text(body)
        assert not [p for p in private if p in text], path
    status, _headers, _body = client.request(
        "POST", "/e/MEN/pairings", b"{}", {"Content-Type": "application/json"}
    )
    assert status == 404


def test_unknown_events_seeds_rounds_and_categories_get_a_clear_chinese_404(
    small: Database, serve
) -> None:
    server = serve(small, public=True)
    client = Client(server)
    expected = {
        "/e/NOPE/pairings": "没有项目“NOPE”",
        "/e/MEN/player/999": "没有序号为 999 的选手",
        "/e/MEN/pairings?round=7": "第7轮尚未编排",
        "/e/MEN/pairings?round=x1": "轮次“x1”无效",
        "/e/MEN/standings?category=" + quote("<b>"): "没有组别“&lt;b&gt;”",
    }
    for path, words in expected.items():
        status, headers, body = client.get(path)
        assert status == 404, path
        assert headers["content-type"] == "text/html; charset=utf-8"
        page = _text(body)
        assert "找不到页面" in page and words in page, (path, page)
        assert "<b>" not in page
    for path in ("/e/MEN", "/e/MEN/player/abc", "/e/MEN/pairings/", "/e/M%20N/pairings"):
        assert client.get(path)[0] == 404, path


def test_the_host_must_name_the_server(small: Database, serve) -> None:
    server = serve(small, public=True)
    client = Client(server)
    status, _headers, _body = client.request(
        "GET", "/e/MEN/pairings", headers={"Host": f"evil.example:{server.port}"}
    )
    assert status == 421


def test_a_slow_request_for_a_public_page_is_cut_off(small: Database, serve) -> None:
    from app.web import Limits

    server = serve(small, public=True, limits=Limits(request_deadline=0.5, timeout=2))
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
        sock.sendall(b"GET /e/MEN/standings HTTP/1.1\r\n")
        answer = sock.recv(4096)
    assert answer.startswith(b"HTTP/1.1 408")


def test_search_by_name_pinyin_initials_or_seed(small: Database, serve) -> None:
    server = serve(small, public=True)
    client = Client(server)
    men = load_final(small).event("MEN")
    assert men is not None
    target = men.entrants[3]
    initials = "".join(r[0][0] for r in readings(target.name))
    full = "".join(r[0] for r in readings(target.name))
    game = next(g for g in men.rounds[0].games if target.id in (g.first, g.second))
    for query in (initials, full, target.name, target.name[1:], str(target.seed)):
        status, _headers, body = client.get(f"/e/MEN/pairings?round=1&q={quote(query)}")
        page = _text(body)
        assert status == 200
        hits = re.findall(r'<tr class="hit"><td class="n">(\d+)</td>', page)
        assert str(game.table) in hits, (query, hits)
        expected = {
            g.table
            for g in men.rounds[0].games
            if any(
                (e := men.entrant(i)) is not None and entrant_matches(e, query)
                for i in (g.first, g.second)
                if i is not None
            )
        }
        assert {int(h) for h in hits} == expected
        assert f'value="{html.escape(query)}"' in page
    status, _headers, body = client.get("/e/MEN/pairings?q=" + quote("<script>x"))
    assert status == 200 and "<script>" not in _text(body) and "没有找到" in _text(body)


def test_pinyin_matching() -> None:
    assert name_matches("张三", "zs") and name_matches("张三", "zhangsan")
    assert name_matches("张三", "zhangs") and name_matches("张三", "san")
    assert name_matches("张三", "三") and name_matches("张三", "ZS")
    assert not name_matches("张三", "zx") and not name_matches("张三", "")
    assert name_matches("曾小明", "zxm") and name_matches("曾小明", "cxm")  # 曾: both readings
    assert name_matches("单丽", "sl")


def test_names_are_escaped_and_results_show_once_accepted(small: Database, serve) -> None:
    from app.services.players import edit_player

    edit_player(small, "MEN", "1", {"name": "<script>alert(1)</script>"}, operator="裁判长")
    server = serve(small, public=True)
    client = Client(server)
    for path in ("/e/MEN/pairings", "/e/MEN/standings", "/e/MEN/player/1"):
        page = _text(client.get(path)[2])
        assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page, path

    men = load_final(small).event("MEN")
    assert men is not None
    game = men.rounds[0].games[0]
    before = _text(client.get("/e/MEN/pairings")[2])
    row = re.search(rf'<tr><td class="n">{game.table}</td>.*?</tr>', before)
    assert row is not None and '<td class="res"></td>' in row.group(0)
    record_result(small, "MEN", 1, game.table, "1-0", operator="裁判长")
    accepted = time.monotonic()
    while True:  # on the pages within a second (the read model is rebuilt in the background)
        after = _text(client.get("/e/MEN/pairings")[2])
        row = re.search(rf'<tr><td class="n">{game.table}</td>.*?</tr>', after)
        assert row is not None
        if '<td class="res">黑胜</td>' in row.group(0) or time.monotonic() - accepted > 5:
            break
        time.sleep(0.05)
    assert '<td class="res">黑胜</td>' in row.group(0)
    first = men.entrant(game.first)
    assert first is not None
    page = _text(client.get(f"/e/MEN/player/{first.seed}")[2])
    assert '<td class="c">胜</td>' in page


def test_a_public_server_stays_up_when_the_round_closes(small: Database, serve) -> None:
    """The players' pages are wanted between rounds too: no watcher stops the server."""
    server = serve(small, public=True, watch_interval=0.05)
    men = load_final(small).event("MEN")
    assert men is not None
    for game in men.rounds[0].games:
        if game.second is not None:
            record_result(small, "MEN", 1, game.table, "0-1", operator="裁判长")
    assert not server.wait(0.3)
    assert server.running
    time.sleep(1.0)  # past the rebuild interval
    client = Client(server)
    client.get("/e/MEN/pairings")  # notices the new revision
    time.sleep(0.5)
    assert "已完成" in _text(client.get("/e/MEN/pairings")[2])
