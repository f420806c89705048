"""`finals html FILE -o DIR`: the players' pages as a static site."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

from sqlalchemy import select

from app.cli.site import SITE_MARKER
from app.services.read_model import load_final
from app.services.tournament import open_tournament
from app.store.models import Player
from app.store.submissions import TableToken
from tests.cli.runner import run


class _Refs(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("href", "src", "action") and value is not None:
                self.refs.append(value)


def _private(path: Path) -> set[str]:
    from app.services.remote_entry import ensure_tokens

    db = open_tournament(path)
    try:
        ensure_tokens(db, "MEN")  # tokens exist: none may reach the site
        with db.reading() as session:
            rows = session.execute(
                select(Player.id_number, Player.phone, Player.platform_account)
            ).all()
            tokens = session.scalars(select(TableToken.token)).all()
    finally:
        db.close()
    found = {v for row in rows for v in row if v} | set(tokens)
    assert len(found) > 40
    return found


def test_the_site_is_complete_self_contained_and_private_data_free(
    go_demo: Path, tmp_path: Path, capsys
) -> None:
    private = _private(go_demo)
    site = tmp_path / "site"
    code, out, err = run(capsys, "html", str(go_demo), "-o", str(site))
    assert code == 0, err
    assert "已生成选手查询网站" in out
    names = {p.name for p in site.iterdir()}
    assert {"index.html", "style.css", "prizes.html", SITE_MARKER} <= names
    db = open_tournament(go_demo)
    try:
        final = load_final(db)
    finally:
        db.close()
    for ev in final.events:
        assert f"{ev.code}-standings.html" in names
        for rnd in ev.rounds:
            assert f"{ev.code}-pairings-{rnd.number}.html" in names
        if ev.rounds:
            assert f"{ev.code}-crosstable.html" in names
        for entrant in ev.entrants:
            assert f"{ev.code}-player-{entrant.seed}.html" in names
    men = final.event("MEN")
    assert men is not None and men.categories
    for category in men.categories:
        assert f"MEN-standings-{category.code}.html" in names

    for page in site.glob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert 'lang="zh-CN"' in text
        leaked = [p for p in private if p in text]
        assert not leaked, (page.name, leaked[:3])
        assert "<script" not in text
        refs = _Refs()
        refs.feed(text)
        assert refs.refs, page.name
        for ref in refs.refs:
            parts = urlsplit(ref)
            assert not parts.scheme and not parts.netloc, (page.name, ref)  # nothing external
            assert not ref.startswith("/"), (page.name, ref)  # relative
            assert (site / unquote(parts.path)).is_file(), (page.name, ref)
    css = (site / "style.css").read_text(encoding="utf-8")
    assert "url(" not in css and "@import" not in css
    cross = (site / "MEN-crosstable.html").read_text(encoding="utf-8")
    assert "对阵成绩表" in cross and len(re.findall(r"<tr>", cross)) == len(men.entrants) + 1
    prizes = (site / "prizes.html").read_text(encoding="utf-8")
    assert "获奖名单" in prizes


def test_an_earlier_site_is_rewritten_and_a_strange_folder_refused(
    go_demo: Path, tmp_path: Path, capsys
) -> None:
    site = tmp_path / "site"
    assert run(capsys, "html", str(go_demo), "-o", str(site))[0] == 0
    (site / "notes.txt").write_text("the organiser's own file", encoding="utf-8")
    (site / "MEN-pairings-9.html").write_text("ours, from a round since removed", "utf-8")
    marker = (site / SITE_MARKER).read_text(encoding="utf-8")
    (site / SITE_MARKER).write_text(
        marker.replace('"files": [', '"files": [\n "MEN-pairings-9.html",'), encoding="utf-8"
    )
    code, _out, err = run(capsys, "html", str(go_demo), "-o", str(site))
    assert code == 0, err
    assert (site / "notes.txt").read_text(encoding="utf-8") == "the organiser's own file"
    assert not (site / "MEN-pairings-9.html").exists()  # ours and stale: gone

    other = tmp_path / "other"
    other.mkdir()
    (other / "index.html").write_text("someone else's site", encoding="utf-8")
    code, out, err = run(capsys, "html", str(go_demo), "-o", str(other))
    assert code == 1
    assert "不是空的，也不是本程序生成的网站" in err
    assert (other / "index.html").read_text(encoding="utf-8") == "someone else's site"
    assert sorted(p.name for p in other.iterdir()) == ["index.html"]

    # Our folder, but a file we would write is not ours: refused, nothing touched.
    (site / "prizes.html").unlink()
    marker = (site / SITE_MARKER).read_text(encoding="utf-8")
    (site / SITE_MARKER).write_text(marker.replace('"prizes.html",', ""), encoding="utf-8")
    (site / "prizes.html").write_text("hand-made", encoding="utf-8")
    code, _out, err = run(capsys, "html", str(go_demo), "-o", str(site))
    assert code == 1 and "不是本程序生成的" in err
    assert (site / "prizes.html").read_text(encoding="utf-8") == "hand-made"

    empty = tmp_path / "empty"
    empty.mkdir()
    assert run(capsys, "html", str(go_demo), "-o", str(empty))[0] == 0
    file_instead = tmp_path / "file.txt"
    file_instead.write_text("x", encoding="utf-8")
    code, _out, err = run(capsys, "html", str(go_demo), "-o", str(file_instead))
    assert code == 1 and "不是文件夹" in err
