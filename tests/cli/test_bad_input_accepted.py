"""Issue 27 §5: bad input that was accepted (or ended in an internal error) is refused in
Chinese, naming the place and the fix, and the file is left unchanged."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.runner import run
from tests.cli.test_bad_arguments import INTERNAL, data_of

CONTROL = "张\x1b[2J三"
BIDI = "张\u202e三"
LONG = "长" * 3000


def _refused(capsys: pytest.CaptureFixture[str], final: Path, *argv: str) -> str:
    """Runs a command that must be refused: exit 1 or 2, a Chinese message, no internal
    error, the file's data unchanged. Returns stderr."""
    before = data_of(final)
    code, out, err = run(capsys, *argv)
    assert code in (1, 2), (argv, out, err)
    assert not any(word in err for word in INTERNAL), err
    assert any("\u4e00" <= ch <= "\u9fff" for ch in err), err
    assert "\x1b" not in out + err and "\u202e" not in out + err
    assert data_of(final) == before
    return err


@pytest.fixture
def fresh(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A new Go final (no round yet) with three men in MEN: teams and pairs can be formed."""
    path = tmp_path / "new.finals"
    assert run(capsys, "new", str(path), "--preset", "hangzhou-go")[0] == 0
    for name in ("张一", "张二", "张三"):
        code, _out, err = run(
            capsys,
            *("add-player", str(path), "--event", "MEN", "--name", name),
            *("--gender", "男", "--birth-date", "1990-01-01", "--unit", "杭州"),
        )
        assert code == 0, err
    return path


# --- control characters in a title and a team's name (as `settings` refuses them) ----------


@pytest.mark.parametrize(
    "title",
    [CONTROL, BIDI, "名\u200b称", "", "   ", "长" * 2001],
    ids=["control", "bidi", "zero-width", "empty", "blank", "2001-long"],
)
def test_a_new_final_with_a_bad_title_is_not_made(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], title: str
) -> None:
    path = tmp_path / "bad.finals"
    code, out, err = run(capsys, "new", str(path), "--preset", "hangzhou-go", "--title", title)
    assert code == 1, (out, err)
    assert "比赛名称" in err and not any(word in err for word in INTERNAL), err
    assert not path.exists()


def test_a_good_title_is_kept(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "ok.finals"
    code, out, _err = run(capsys, "new", str(path), "--preset", "hangzhou-go", "--title", " 杯赛 ")
    assert code == 0 and "：杯赛（" in out


@pytest.mark.parametrize(
    ("event", "members"), [("MPAIR", "张一,张二"), ("MTEAM", "1,2,3")], ids=["pair", "team"]
)
@pytest.mark.parametrize(
    "name",
    [CONTROL, BIDI, "名\u2028称", "", LONG],
    ids=["control", "bidi", "line-separator", "empty", "3000-long"],
)
def test_a_team_or_pair_with_a_bad_name_is_refused(
    fresh: Path, capsys: pytest.CaptureFixture[str], event: str, members: str, name: str
) -> None:
    err = _refused(
        capsys, fresh, "compose", str(fresh), "--event", event, "--members", members, "--name", name
    )
    assert "队名" in err or "名称" in err, err


@pytest.mark.parametrize("members", ["", " ", ",", "，、"])
def test_compose_without_members_names_the_flag(
    fresh: Path, capsys: pytest.CaptureFixture[str], members: str
) -> None:
    for event in ("MPAIR", "MTEAM"):
        err = _refused(
            capsys,
            fresh,
            "compose",
            str(fresh),
            "--event",
            event,
            "--members",
            members,
            "--name",
            "队",
        )
        assert "--members" in err, err


# --- an empty gender is not "no gender" ---------------------------------------------------


@pytest.mark.parametrize("gender", ["", " ", "\t"], ids=["empty", "blank", "tab"])
def test_an_empty_gender_is_refused_not_stored_as_none(
    fresh: Path, capsys: pytest.CaptureFixture[str], gender: str
) -> None:
    err = _refused(
        capsys, fresh, "edit-player", str(fresh), "1", "--event", "MEN", "--gender", gender
    )
    assert "性别" in err and "男" in err, err
    err = _refused(
        capsys,
        fresh,
        *("add-player", str(fresh), "--event", "MEN", "--name", "张四", "--gender", gender),
    )
    assert "性别" in err, err
    code, out, _err = run(capsys, "players", str(fresh), "--event", "MEN", "--json")
    assert code == 0 and '"gender": "M"' in out and '"gender": null' not in out


# --- the referees' PIN and the phones' address ----------------------------------------------


@pytest.fixture
def no_server(monkeypatch: pytest.MonkeyPatch) -> None:
    """`serve` must be refused before it listens: a server started is a failure."""
    import app.web

    def started(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the server was started")

    monkeypatch.setattr(app.web, "RemoteEntryServer", started)


BAD_PINS = [
    "12\x1b[2J34",
    "\u202e1234",
    "",
    "12",
    "1" * 13,
    "1" * 2100,
    "abcd",
    "１２３４",
    "12 34",
]


@pytest.mark.parametrize("pin", BAD_PINS, ids=lambda p: repr(p)[:20])
def test_serve_refuses_a_pin_that_is_not_4_to_12_digits(
    fresh: Path, capsys: pytest.CaptureFixture[str], no_server: None, pin: str
) -> None:
    err = _refused(capsys, fresh, "serve", str(fresh), "--bind", "127.0.0.1", "--pin", pin)
    assert "--pin" in err and "4 到 12 位数字" in err, err


def test_serve_refuses_a_bad_pin_in_the_environment(
    fresh: Path,
    capsys: pytest.CaptureFixture[str],
    no_server: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("FINALS_PIN", "pin\u202e")
    err = _refused(capsys, fresh, "serve", str(fresh), "--bind", "127.0.0.1")
    assert "FINALS_PIN" in err and "4 到 12 位数字" in err, err


def test_a_pin_of_digits_reaches_the_server(
    fresh: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import app.web

    pins: list[object] = []

    def started(*_args: object, **kwargs: object) -> None:
        pins.append(kwargs["pin"])
        raise KeyboardInterrupt  # stop there: the command says 已中断

    monkeypatch.setattr(app.web, "RemoteEntryServer", started)
    code, _out, err = run(capsys, "serve", str(fresh), "--bind", "127.0.0.1", "--pin", "024680")
    assert pins == ["024680"] and "已中断" in err


BAD_URLS = [
    "abc",
    "192.168.1.10:8765",
    "ftp://192.168.1.10/",
    "http://",
    "http:///t",
    "http://host:99999/",
    "http://ho st/",
    "http://host/?a=1",
    "http://host/#x",
    "http://主机/",
    "http://host/\x1b[2J",
    "http://host/\u202e",
    "javascript:alert(1)",
    "",
    "http://" + "a" * 3000 + "/",
]


@pytest.mark.parametrize("url", BAD_URLS, ids=lambda u: repr(u)[:24])
def test_a_bad_base_url_is_refused_naming_the_flag_and_an_example(
    go_demo: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path, url: str
) -> None:
    out = tmp_path / "slips.pdf"
    for argv in (
        ["report", str(go_demo), "slips", "--event", "MEN", "--base-url", url, "-o", str(out)],
        ["table-links", str(go_demo), "--event", "MEN", "--base-url", url],
    ):
        err = _refused(capsys, go_demo, *argv)
        assert "--base-url" in err and "http://192.168.1.10:8765/" in err, err
        assert not out.exists()


@pytest.mark.parametrize(
    "url",
    [
        "http://192.168.1.10:8765/",
        "https://finals.lan",
        "http://[fe80::1]:8080/go/",
        "http://[fe80::1%eth0]:8765/",  # as a server bound to a link-local address says it
        "http://h/",
    ],
)
def test_a_good_base_url_makes_the_links(
    go_demo: Path, capsys: pytest.CaptureFixture[str], url: str
) -> None:
    code, out, err = run(capsys, "table-links", str(go_demo), "--event", "MEN", "--base-url", url)
    assert code == 0, err
    assert f"{url.rstrip('/')}/t/" in out


def test_the_remembered_address_is_checked_as_the_flag_is(
    go_demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for url in ("abc", "http://host/?a=1", "http://" + "a" * 1990):
        err = _refused(
            capsys, go_demo, "settings", str(go_demo), "--set", f"remote_entry_url={url}"
        )
        assert "remote_entry_url" in err or "现场录入网址" in err, err


# --- the filters of a custom category -------------------------------------------------------

FILTERS = [
    ["--gender", "男"],
    ["--born-from", "2010-01-01"],
    ["--born-to", "2015-12-31"],
    ["--min-grade", "1段"],
]


@pytest.mark.parametrize("flags", FILTERS, ids=lambda f: f[0])
def test_a_category_filter_without_a_category_is_refused(
    go_demo: Path, capsys: pytest.CaptureFixture[str], flags: list[str]
) -> None:
    for json in ([], ["--json"]):
        err = _refused(capsys, go_demo, "standings", str(go_demo), "--event", "MEN", *flags, *json)
        assert flags[0] in err and "--category" in err, err


@pytest.mark.parametrize("flags", FILTERS, ids=lambda f: f[0])
def test_a_filter_on_a_category_of_the_event_is_refused(
    go_demo: Path, capsys: pytest.CaptureFixture[str], flags: list[str]
) -> None:
    """MEN defines `women`: its rule stands, a filter given with it would be ignored."""
    argv = ["standings", str(go_demo), "--event", "MEN", "--category", "women", *flags]
    err = _refused(capsys, go_demo, *argv)
    assert "women" in err and flags[0] in err, err


@pytest.mark.parametrize(
    ("flag", "value"),
    [
        ("--born-from", "abc"),
        ("--born-from", "2010-13-01"),
        ("--born-from", "2010-02-30"),
        ("--born-to", "20151231"),
        ("--born-to", "2015/12/31"),
        ("--born-from", ""),
        ("--gender", "x"),
        ("--gender", ""),
        ("--min-grade", "abc"),
        ("--min-grade", ""),
    ],
)
def test_a_bad_filter_value_is_refused_naming_the_flag(
    go_demo: Path, capsys: pytest.CaptureFixture[str], flag: str, value: str
) -> None:
    argv = ["standings", str(go_demo), "--event", "MEN", "--category", "自定义", flag, value]
    err = _refused(capsys, go_demo, *argv)
    assert flag in err, err
    if flag.startswith("--born"):
        assert "YYYY-MM-DD" in err, err


def test_a_birth_window_that_ends_before_it_starts_is_refused(
    go_demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["standings", str(go_demo), "--event", "MEN", "--category", "自定义"]
    err = _refused(capsys, go_demo, *argv, "--born-from", "2015-01-01", "--born-to", "2010-01-01")
    assert "--born-from" in err and "--born-to" in err, err


def test_good_filters_make_a_custom_category(
    go_demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["standings", str(go_demo), "--event", "MEN", "--category", "少年"]
    code, out, err = run(capsys, *argv, "--born-from", "2000-01-01", "--min-grade", "1级")
    assert code == 0 and "男子个人（少年）" in out, err
    code, out, err = run(capsys, *argv[:-2], "--category", "women", "--json")
    assert code == 0, err


def test_women_narrowed_by_a_birth_window_is_not_all_women(
    go_demo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    argv = ["standings", str(go_demo), "--event", "YOUTH", "--category", "women", "--json"]
    code, out, err = run(capsys, *argv)
    assert code == 0 and json.loads(out)["standings"], err
    code, out, err = run(capsys, *argv, "--born-from", "2100-01-01")
    assert code == 0 and json.loads(out)["standings"] == [], err
    err = _refused(capsys, go_demo, *argv, "--gender", "男")
    assert "--gender" in err


# --- a row too big for SQLite (SQLITE_TOOBIG) is damage: restore advice as for the others ----


@pytest.fixture
def rows_too_big() -> Iterator[None]:
    """Every SQLite connection made meanwhile holds at most 300 bytes a value: the final's
    longer rows are then what a damaged record claiming a gigabyte is, SQLITE_TOOBIG."""
    import sqlite3

    from sqlalchemy import event
    from sqlalchemy.engine import Engine

    def limit(connection: object, _record: object) -> None:
        if isinstance(connection, sqlite3.Connection):
            connection.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, 300)

    event.listen(Engine, "connect", limit)
    try:
        yield
    finally:
        event.remove(Engine, "connect", limit)


def test_a_row_too_big_is_damage_with_the_restore_advice(
    go_demo: Path, capsys: pytest.CaptureFixture[str], rows_too_big: None
) -> None:
    from tests.store.faults import digest

    before = digest(go_demo)
    for argv in (
        ["standings", str(go_demo), "--event", "MEN"],
        ["pair", str(go_demo), "--event", "MEN"],
    ):
        code, _out, err = run(capsys, *argv)
        assert code == 1 and not any(word in err for word in INTERNAL), err
        assert go_demo.name in err and "损坏" in err, err
        assert "backups" in err and "复制" in err, err  # the newest backup, and how to restore it
        assert "too big" not in err and "DataError" not in err
    assert digest(go_demo) == before


# --- messages to the user are Chinese: the driver's English goes to the log -----------------

LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


def _latin_words(message: str) -> set[str]:
    """The Latin words of a message, besides the addresses, paths and commands it names."""
    text = re.sub(r"(postgresql|https?)://\S+?(?=[）)，。；\s]|$)", "", message)
    text = re.sub(r"/\S+?(?=[\s，。；：（）]|$)", "", text)
    text = re.sub(r"finals \w+|PGPASSWORD|~/\.pgpass|pg_hba\.conf|createdb[^）]*", "", text)
    return set(LATIN_WORD.findall(text))


@pytest.mark.parametrize(
    ("address", "says"),
    [
        ("postgresql://arbiter@127.0.0.1:1/final", "拒绝连接"),
        ("postgresql://arbiter@/final?host=/nonexistent", "套接字"),
        ("postgresql://arbiter@no-such-host.invalid/final", "找不到服务器"),
    ],
    ids=["refused", "no-socket", "unknown-host"],
)
def test_a_server_that_cannot_be_reached_is_said_in_chinese_only(
    capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture, address: str, says: str
) -> None:
    import logging

    pytest.importorskip("psycopg")
    with caplog.at_level(logging.INFO, logger="finals.store"):
        code, _out, err = run(capsys, "players", address)
    assert code == 1 and not any(word in err for word in INTERNAL), err
    assert says in err and not _latin_words(err), err
    # the driver's own words go to the log (its wording changes between psycopg releases)
    logged = [r.getMessage() for r in caplog.records if "无法连接数据库服务器" in r.getMessage()]
    assert logged and all(line.split("：", 1)[1].strip() for line in logged), logged


def test_a_reason_for_a_failed_copy_is_chinese() -> None:
    from app.store.failures import failure_reason

    assert not _latin_words(failure_reason(RuntimeError("server closed the connection")))
    assert not _latin_words(failure_reason(OSError("weird, no errno")))
