"""An event code is a file-name part and a database key: one rule wherever a code is set
(issue 42 §2) — `trf import --code`, `opengotha-import --event`, a preset's events for
`finals new` — refusing what could leave its folder or is not a name on Windows, in Chinese,
with the file unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.errors import FinalsError
from app.event_codes import CODE_MAX, check_event_code
from app.services.tournament import create_tournament
from tests.cli.runner import run
from tests.store.faults import digest

SAMPLE_TRF = """012 Sample Open
042 2
001    1      Alpha One                         2600                             1.0    1     2 w 1
001    2      Beta Two                          2500                             0.0    2     1 b 0
"""

BAD_CODES = [
    "",
    " ",
    "../x",
    "/tmp/x",
    "a/b",
    "a\\b",
    "C:x",
    "a\x01b",
    "a\u202eb",
    "CON",
    "con",
    "PRN",
    "AUX",
    "NUL",
    "COM1",
    "lpt9",
    "a<b",
    "a>b",
    'a"b',
    "a|b",
    "a?b",
    "a*b",
    "x.",
    "x ",
    " x",
    "..",
    "A" * (CODE_MAX + 1),
    "A" * 31,
]


@pytest.mark.parametrize("code", BAD_CODES)
def test_the_rule_refuses_in_chinese(code: str) -> None:
    with pytest.raises(FinalsError) as refused:
        check_event_code(code)
    assert "项目代码" in refused.value.message


@pytest.mark.parametrize("code", ["MEN", "TRF", "GO-2", "U12_B", "A" * CODE_MAX, "青年"])
def test_the_rule_keeps_good_codes(code: str) -> None:
    assert check_event_code(code) == code


@pytest.fixture
def final(tmp_path: Path) -> Path:
    path = tmp_path / "final.finals"
    create_tournament(path, "shaoxing-gomoku-2022").close()
    return path


@pytest.mark.parametrize(
    "code", ["../x", "/tmp/x", "", "a\x01b", "CON", "COM1", "a:b", "x.", "A" * 31]
)
def test_trf_import_refuses_a_bad_code(
    final: Path, tmp_path: Path, code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "in.trf"
    source.write_text(SAMPLE_TRF, encoding="utf-8")
    before = digest(final)
    status, _, err = run(capsys, "trf", "import", str(final), str(source), "--code", code)
    assert status == 1, err
    assert "项目代码" in err and "内部错误" not in err, err
    assert digest(final) == before


@pytest.mark.parametrize("code", ["CON", "../x", "x."])
def test_opengotha_import_refuses_a_bad_code(
    final: Path, tmp_path: Path, code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "in.xml"
    source.write_text("<Tournament/>", encoding="utf-8")
    before = digest(final)
    status, _, err = run(capsys, "opengotha-import", str(final), str(source), "--event", code)
    assert status == 1 and "项目代码" in err and "内部错误" not in err, err
    assert digest(final) == before


def test_new_refuses_a_preset_with_a_bad_event_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from app.presets import load_preset
    from app.services import tournament

    preset = load_preset("shaoxing-gomoku-2022")
    preset["events"][0]["code"] = "../OPEN"
    monkeypatch.setattr(tournament, "load_preset", lambda _name: preset)
    target = tmp_path / "final.finals"
    with pytest.raises(FinalsError) as refused:
        create_tournament(target, "shaoxing-gomoku-2022")
    assert "项目代码" in str(refused.value.details) + refused.value.message
    assert not target.exists()


@pytest.mark.parametrize("name", ["a\x01b", "公开\u202e组", "   ", ""])
def test_trf_import_refuses_a_name_it_could_not_print(
    final: Path, tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """One name rule for every way in (the import of an OpenGotha file already kept it)."""
    source = tmp_path / "in.trf"
    source.write_text(SAMPLE_TRF, encoding="utf-8")
    before = digest(final)
    status, _, err = run(
        capsys, "trf", "import", str(final), str(source), "--code", "T1", "--name", name
    )
    assert status == 1, err
    assert "项目名称" in err and "内部错误" not in err, err
    assert digest(final) == before
