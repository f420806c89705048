"""Issue 27 §5: bad input that was accepted (or ended in an internal error) is refused in
Chinese, naming the place and the fix, and the file is left unchanged."""

from __future__ import annotations

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
