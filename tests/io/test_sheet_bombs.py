"""Issue 27 §3: bombs and floods in files. A registration sheet built to blow up — one cell
at XFD1048576, hundreds of MB of XML zipped small, a million rows, a cell of a novel's
length — is refused in Chinese, naming the limit and the cell, within seconds and under a
memory cap; a wrong file given as results says its first errors and how many more."""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

import openpyxl
import pytest

from app.errors import FinalsError
from app.io import sheets
from app.io.sheets import load_sheet
from tests.cli.runner import run

ROOT = Path(__file__).resolve().parents[2]
MEMORY_CAP = 1024 * 1024 * 1024  # the import's whole address space, Python included
HANG_SECONDS = 300.0  # a run still going after this is a hang (a speed is for tests/bench)
ROWS, COLUMNS, CELL_CHARS = 20_000, 200, 2_000  # the limits the messages name

_HEADER = b'<row r="1"><c t="inlineStr"><is><t>\xe5\xa7\x93\xe5\x90\x8d</t></is></c><c t="inlineStr"><is><t>\xe6\x80\xa7\xe5\x88\xab</t></is></c></row>'  # 姓名, 性别
_ROW = '<row><c t="inlineStr"><is><t>张三</t></is></c><c t="inlineStr"><is><t>男</t></is></c></row>'.encode()
_HEAD = (
    b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
)


def _sheet_xml_into(path: Path, body: Iterator[bytes], dimension: str | None = None) -> Path:
    """An .xlsx made by openpyxl whose worksheet XML is `body` (streamed: never in memory)."""
    base = path.with_name("base.xlsx")
    book = openpyxl.Workbook()
    book.active.title = "报名表"
    book.save(base)
    with zipfile.ZipFile(base) as src, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as dst:
        for item in src.infolist():
            if item.filename != "xl/worksheets/sheet1.xml":
                dst.writestr(item, src.read(item.filename))
        with dst.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as out:
            out.write(_HEAD)
            if dimension:
                out.write(f'<dimension ref="{dimension}"/>'.encode())
            out.write(b"<sheetData>")
            for chunk in body:
                out.write(chunk)
            out.write(b"</sheetData></worksheet>")
    base.unlink()
    return path


def _rows(count: int) -> Iterator[bytes]:
    yield _HEADER
    block = _ROW * 10_000
    for _ in range(count // 10_000):
        yield block
    yield _ROW * (count % 10_000)


def _far_cell(path: Path, lying: bool = False) -> Path:
    """4.9 KB: 姓名/性别 in row 1, and one cell at XFD1048576 (openpyxl writes the dimension
    A1:XFD1048576; `lying` drops it, so only the cell itself tells)."""
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "报名表"
    sheet.append(["姓名", "性别"])
    sheet.append(["张三", "男"])
    sheet["XFD1048576"] = "x"
    book.save(path)
    if lying:
        with zipfile.ZipFile(path) as src:
            parts = {i.filename: src.read(i.filename) for i in src.infolist()}
        name = "xl/worksheets/sheet1.xml"
        parts[name] = re.sub(rb"<dimension[^>]*/>", b"", parts[name])
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as dst:
            for part, data in parts.items():
                dst.writestr(part, data)
    return path


def _import_capped(final: Path, sheet: Path) -> tuple[int, str, float]:
    """`finals import` in a process whose memory is capped: (exit code, stderr, seconds)."""
    script = (
        "import resource, sys\n"
        f"resource.setrlimit(resource.RLIMIT_AS, ({MEMORY_CAP}, {MEMORY_CAP}))\n"
        "from app.cli.main import main\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    started = time.monotonic()
    try:
        done = subprocess.run(
            [sys.executable, "-c", script, "import", str(final), str(sheet)],
            capture_output=True,
            encoding="utf-8",
            cwd=ROOT,
            env=env,
            timeout=HANG_SECONDS,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"import of {sheet.name} still running after {HANG_SECONDS:g} s")
    return done.returncode, done.stderr, time.monotonic() - started


@pytest.fixture
def final(tmp_path: Path) -> Path:
    from app.services.tournament import create_tournament

    path = tmp_path / "final.finals"
    create_tournament(path, "shaoxing-gomoku-2022", operator="测试裁判").close()
    return path


def _refused_quickly(final: Path, sheet: Path, *words: str) -> str:
    code, err, seconds = _import_capped(final, sheet)
    assert code == 1, err
    assert "内部错误" not in err and "MemoryError" not in err, err
    for word in words:
        assert word in err, err
    # how long it took is a speed (tests/bench), not a pass/fail bound: a busy machine is
    # slower; a hang is caught by the run's own timeout above
    print(f"{sheet.name} refused in {seconds:.1f} s")
    return err


@pytest.mark.skipif(not hasattr(resource, "RLIMIT_AS"), reason="no RLIMIT_AS here")
def test_one_cell_at_xfd1048576_is_refused_naming_it(final: Path, tmp_path: Path) -> None:
    sheet = _far_cell(tmp_path / "bomb.xlsx")
    assert sheet.stat().st_size < 10_000
    _refused_quickly(final, sheet, "XFD1048576", f"最多 {ROWS} 行")


@pytest.mark.skipif(not hasattr(resource, "RLIMIT_AS"), reason="no RLIMIT_AS here")
def test_a_far_cell_without_a_dimension_is_refused_as_it_is_read(
    final: Path, tmp_path: Path
) -> None:
    sheet = _far_cell(tmp_path / "lying.xlsx", lying=True)
    _refused_quickly(final, sheet, "XFD1048576", f"{COLUMNS} 列")


@pytest.mark.skipif(not hasattr(resource, "RLIMIT_AS"), reason="no RLIMIT_AS here")
def test_hundreds_of_mb_of_xml_zipped_small_are_refused_unread(final: Path, tmp_path: Path) -> None:
    sheet = _sheet_xml_into(tmp_path / "xml-bomb.xlsx", _rows(3_000_000))
    assert sheet.stat().st_size < 2_000_000  # 300 MB of XML
    _refused_quickly(final, sheet, "xl/worksheets/sheet1.xml", "上限 20.0 MB")


@pytest.mark.skipif(not hasattr(resource, "RLIMIT_AS"), reason="no RLIMIT_AS here")
def test_a_million_row_sheet_is_refused(final: Path, tmp_path: Path) -> None:
    sheet = _sheet_xml_into(tmp_path / "million.xlsx", _rows(1_000_000), "A1:B1000001")
    _refused_quickly(final, sheet, "上限")


@pytest.mark.skipif(not hasattr(resource, "RLIMIT_AS"), reason="no RLIMIT_AS here")
def test_a_million_row_csv_is_refused_at_the_row_beyond_the_limit(
    final: Path, tmp_path: Path
) -> None:
    sheet = tmp_path / "million.csv"
    with sheet.open("w", encoding="utf-8") as out:
        out.write("姓名,性别\n")
        for start in range(0, 1_000_000, 10_000):
            out.write("".join(f"选手{start + i},男\n" for i in range(10_000)))
    _refused_quickly(final, sheet, f"第{ROWS + 1}行", f"最多 {ROWS} 行")


def test_rows_beyond_the_limit_without_a_dimension_are_refused_naming_the_row(
    tmp_path: Path,
) -> None:
    sheet = _sheet_xml_into(tmp_path / "many.xlsx", _rows(ROWS + 10))
    with pytest.raises(FinalsError) as caught:
        load_sheet(sheet)
    assert f"A{ROWS + 1}" in caught.value.message
    assert f"最多 {ROWS} 行" in caught.value.message


def test_a_cell_too_long_is_refused_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "long.xlsx"
    book = openpyxl.Workbook()
    book.active.append(["姓名", "性别", "单位"])
    book.active.append(["张三", "男", "棋" * 5_000])
    book.save(path)
    with pytest.raises(FinalsError) as caught:
        load_sheet(path)
    assert "C2" in caught.value.message and str(CELL_CHARS) in caught.value.message
    csv_path = tmp_path / "long.csv"
    csv_path.write_text("姓名,性别,单位\n张三,男," + "棋" * 5_000 + "\n", encoding="utf-8")
    with pytest.raises(FinalsError) as caught:
        load_sheet(csv_path)
    assert "C2" in caught.value.message


def test_the_limits_are_the_ones_named() -> None:
    assert (sheets.MAX_ROWS, sheets.MAX_COLUMNS, sheets.MAX_CELL_CHARS) == (
        ROWS,
        COLUMNS,
        CELL_CHARS,
    )


def test_a_sheet_within_the_limits_still_imports(tmp_path: Path) -> None:
    sheet = _sheet_xml_into(tmp_path / "ok.xlsx", _rows(500), "A1:B501")
    assert len(load_sheet(sheet).rows) == 500


# --- a wrong file given as results ------------------------------------------------------------


def test_a_wrong_file_as_results_shows_the_first_errors_and_how_many_more(
    go_demo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    export = tmp_path / "export.json"
    code, out, _ = run(capsys, "export", str(go_demo), "--json")
    assert code == 0
    export.write_text(out, encoding="utf-8")
    code, _, err = run(
        capsys, "results", str(go_demo), str(export), "--event", "MEN", "--round", "2"
    )
    assert code == 1
    lines = err.strip().splitlines()
    assert len(lines) <= 25, len(lines)
    found = re.search(r"另有 (\d+) 处错误未列出（共 (\d+) 处）", err)
    assert found and int(found.group(2)) > 1000 and int(found.group(1)) > 1000
    assert "选错了文件" in err
