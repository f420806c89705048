"""A results CSV as people really hand it in (issue 42 §5): Excel for Mac's "CSV (Macintosh)"
ends its lines with CR alone; a tournament file or a picture given by mistake is named as
not a CSV, never an internal error."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.errors import FinalsError
from app.services.results import read_results_csv
from app.services.tournament import create_tournament

ROWS = ["台号,成绩,胜负方式", "1,1-0,连五", "2,0-1", "3,黑胜"]


@pytest.mark.parametrize("end", ["\r", "\r\n", "\n"])
def test_every_line_end_reads_the_same(tmp_path: Path, end: str) -> None:
    path = tmp_path / "r1.csv"
    path.write_bytes(end.join(ROWS).encode("gb18030") + end.encode())
    entries, errors = read_results_csv(path)
    assert errors == []
    assert [(e.table, e.result) for e in entries] == [(1, "1-0"), (2, "0-1"), (3, "1-0")]


def test_a_tournament_file_given_as_the_csv_is_named(tmp_path: Path) -> None:
    final = tmp_path / "final.finals"
    create_tournament(final, "shaoxing-gomoku-2022").close()
    with pytest.raises(FinalsError) as refused:
        read_results_csv(final)
    assert str(final) in refused.value.message and "不是" in refused.value.message


@pytest.mark.parametrize(
    "content", [b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", b"1,1-0\n2,\x000-1\n", b'1,"1-0\n']
)
def test_a_file_that_is_not_a_csv_is_named(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "r1.csv"
    path.write_bytes(content)
    try:
        entries, errors = read_results_csv(path)
    except FinalsError as refused:
        assert str(path) in refused.message
    else:
        assert errors, entries
