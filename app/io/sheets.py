"""Reading and writing the registration sheet (.xlsx or .csv with Chinese headers)."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.errors import FinalsError

COLUMNS: tuple[str, ...] = (
    "序号",
    "姓名",
    "性别",
    "出生日期",
    "单位",
    "地区",
    "段位",
    "等级分",
    "来源",
    "名次",
    "身份证号",
    "电话",
    "平台账号",
    "项目",
    "队名/搭档",
)
REQUIRED: tuple[str, ...] = ("姓名", "性别")
HEADER_ALIASES: dict[str, str] = {
    "队名": "队名/搭档",
    "搭档": "队名/搭档",
    "队名／搭档": "队名/搭档",
    "队伍": "队名/搭档",
    "出生年月日": "出生日期",
    "生日": "出生日期",
    "单位/俱乐部": "单位",
    "俱乐部": "单位",
    "等级": "段位",
    "段级位": "段位",
    "积分/等级分": "等级分",
    "身份证": "身份证号",
    "手机": "电话",
    "手机号": "电话",
    "联系电话": "电话",
    "参赛项目": "项目",
    "组别": "项目",
    "入围名次": "名次",
    "编号": "序号",
    "弈战账号": "平台账号",
    "弈战用户名": "平台账号",
    "弈战平台用户名": "平台账号",
    "平台用户名": "平台账号",
    "弈战平台账号": "平台账号",
}
EXAMPLE_ROW: dict[str, object] = {
    "序号": "",
    "姓名": "张三",
    "性别": "男",
    "出生日期": "2010-05-03",
    "单位": "绍兴市棋类协会",
    "地区": "浙江绍兴",
    "段位": "3段",
    "等级分": 1850,
    "来源": "入围赛第3期",
    "名次": 1,
    "身份证号": "330602201005031234",
    "电话": "13800000000",
    "平台账号": "",
    # Empty: the first individual event of whichever preset, so the template imports as it is
    # (a team named here would be a team of one, refused).
    "项目": "",
    "队名/搭档": "",
}


# What a registration sheet may hold (a final has a few hundred players): beyond, the file is
# refused before it is read, naming the limit and the cell, so that a file built to blow up
# (one cell at XFD1048576, 2 GB of XML zipped into 2 MB, a million rows) never takes all
# memory or minutes.
MAX_ROWS = 20_000
MAX_COLUMNS = 200
MAX_CELL_CHARS = 2_000
MAX_FILE_BYTES = 50 * 1024 * 1024  # the .xlsx or .csv file itself
MAX_PART_BYTES = 20 * 1024 * 1024  # each XML part of an .xlsx, uncompressed
MAX_PARTS = 10_000  # the parts of an .xlsx (a workbook has a few dozen)
_XML_PARTS = (".xml", ".rels", ".vml")
_HOW_TO_FIX = "请只保留报名名单（删除多余的行、列和工作表），另存为新的 .xlsx 后重试。"


def _mb(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MB"


def _column_letter(column: int) -> str:
    from openpyxl.utils import get_column_letter

    try:
        return str(get_column_letter(column))
    except ValueError:
        return f"第{column}列"


def _check_file_size(path: Path) -> None:
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise FinalsError(
            f"{path.name} 有 {_mb(size)}，超过报名表的上限 {_mb(MAX_FILE_BYTES)}"
            f"（最多 {MAX_ROWS} 行）。请检查是否选错了文件；{_HOW_TO_FIX}"
        )


def _check_xlsx_parts(path: Path) -> None:
    """The zip's table of contents, before openpyxl unpacks anything: how many parts, and
    how large each XML part is once unpacked (the zip says; reading stops at that size)."""
    import zipfile

    try:
        with zipfile.ZipFile(path) as archive:
            parts = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError):
        return  # not a zip: openpyxl says so in its own words below
    if len(parts) > MAX_PARTS:
        raise FinalsError(
            f"{path.name} 由 {len(parts)} 个部分组成，超过上限 {MAX_PARTS}，不像是报名表"
            f"（可能已损坏或是特意构造的文件）。{_HOW_TO_FIX}"
        )
    for part in parts:
        if part.filename.lower().endswith(_XML_PARTS) and part.file_size > MAX_PART_BYTES:
            raise FinalsError(
                f"{path.name} 中的 {part.filename} 解压后有 {_mb(part.file_size)}，"
                f"超过上限 {_mb(MAX_PART_BYTES)}（最多 {MAX_ROWS} 行、{MAX_COLUMNS} 列）"
                f"，没有读取它。{_HOW_TO_FIX}"
            )


def _too_far(where: str, row: int, column: int) -> FinalsError:
    cell = f"{_column_letter(column)}{row}" if column else f"第{row}行"
    return FinalsError(
        f"{where} 的单元格 {cell} 超出报名表的范围：最多 {MAX_ROWS} 行、"
        f"{MAX_COLUMNS} 列（到 {_column_letter(MAX_COLUMNS)}{MAX_ROWS}），没有读取。"
        f"{_HOW_TO_FIX}"
    )


def _too_long(where: str, cell: str, length: int) -> FinalsError:
    return FinalsError(
        f"{where} 的单元格 {cell} 有 {length} 个字符，超过上限 {MAX_CELL_CHARS}。"
        "请改正该单元格后重试。"
    )


def _check_dimension(archive: Any, member: str, where: str) -> None:
    """The `<dimension ref="A1:O361"/>` a sheet declares near its start: refused beyond the
    limits before a row is read."""
    import re

    from openpyxl.utils import range_boundaries

    with archive.open(member) as source:
        head = source.read(64 * 1024).decode("utf-8", errors="replace")
    found = re.search(r"""<(?:\w+:)?dimension\s+ref=["']([^"']+)["']""", head)
    if found is None:
        return
    try:
        _, _, max_col, max_row = range_boundaries(found.group(1).split(":")[-1])
    except (ValueError, TypeError):
        return
    if (max_row or 0) > MAX_ROWS or (max_col or 0) > MAX_COLUMNS:
        raise _too_far(where, max_row or 0, max_col or 0)


# Text a spreadsheet program would read as a formula if it were typed into a cell.
FORMULA_START = ("=", "+", "-", "@")


def as_text(cell: Any) -> None:
    """Keep a str cell of an openpyxl workbook a string cell (spreadsheet formula injection).

    openpyxl stores "=..." as a live formula and "#N/A" as an error value; a name such as
    =HYPERLINK("http://…") would run when the file is opened. Every workbook the program
    writes passes each cell holding text through here: it stays text, and text that looks
    like a formula gets the quote prefix, so it stays text when someone edits the cell.
    """
    if not isinstance(cell.value, str):
        return
    cell.data_type = "s"
    if len(cell.value) > 1 and cell.value.startswith(FORMULA_START):
        cell.quotePrefix = True


@dataclass(frozen=True)
class SheetRow:
    number: int  # the row number the person sees in Excel (header = 1)
    values: dict[str, Any]
    # (column, what is wrong) for cells whose value cannot be trusted: a formula saved
    # without its computed value, an error value such as #REF!. Their value is None.
    problems: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Sheet:
    """The rows of a registration sheet and where they were read from."""

    rows: list[SheetRow]
    worksheet: str | None = None  # the .xlsx worksheet read; None for a CSV


@dataclass(frozen=True)
class _Uncomputed:
    """A formula cell saved without its computed value (never opened in Excel/WPS)."""


@dataclass(frozen=True)
class _ErrorValue:
    code: str  # #REF!, #N/A, #VALUE! ...


UNCOMPUTED = _Uncomputed()


def _cell_problem(cell: object) -> str | None:
    if isinstance(cell, _Uncomputed):
        return (
            "是公式，但文件里没有保存公式的计算结果（表格从未在 Excel/WPS 中打开保存过）。"
            "请用 Excel 或 WPS 打开报名表，保存一次后重新导入；或把公式改成文字。"
        )
    if isinstance(cell, _ErrorValue):
        return (
            f"显示错误值 {cell.code}（公式出错）。请在 Excel 或 WPS 中改正这个单元格，"
            "保存后重新导入。"
        )
    return None


def _normalise_header(text: object) -> str:
    if _cell_problem(text):
        return ""
    name = str(text or "").strip().replace(" ", "").replace("\u3000", "")
    return HEADER_ALIASES.get(name, name)


def _rows_from_table(table: list[list[Any]], source: str) -> list[SheetRow]:
    if not table:
        raise FinalsError(f"{source} 是空的。请在第1行写表头（姓名、性别、出生日期……）。")
    headers = [_normalise_header(cell) for cell in table[0]]
    missing = [col for col in REQUIRED if col not in headers]
    if missing:
        raise FinalsError(
            f"{source} 第1行缺少表头：{'、'.join(missing)}。"
            f"请用 finals template 生成的模板，表头为：{'、'.join(COLUMNS)}。",
            window=f"{source} 第1行缺少表头：{'、'.join(missing)}。"
            f"请用“文件 → 保存空白报名表模板…”生成的模板，表头为：{'、'.join(COLUMNS)}。",
        )
    rows = []
    for index, cells in enumerate(table[1:], start=2):
        values: dict[str, Any] = {}
        problems: list[tuple[str, str]] = []
        for header, cell in zip(headers, cells, strict=False):
            if not header:
                continue
            problem = _cell_problem(cell)
            if problem:
                problems.append((header, problem))
                cell = None
            values[header] = cell
        if not problems and all(v is None or str(v).strip() == "" for v in values.values()):
            continue
        rows.append(SheetRow(index, values, tuple(problems)))
    return rows


def read_sheet(path: Path) -> list[SheetRow]:
    return load_sheet(path).rows


def load_sheet(path: Path) -> Sheet:
    """Read a registration sheet: the visible active worksheet of an .xlsx, or a CSV."""
    path = Path(path)
    if not path.exists():
        raise FinalsError(f"找不到报名表 {path}。请检查路径。")
    suffix = path.suffix.lower()
    if suffix in (".xlsx", ".csv"):
        worksheet, table = read_table(path)
        where = f"{path.name}（工作表“{worksheet}”）" if worksheet else path.name
        return Sheet(_rows_from_table(table, where), worksheet)
    raise FinalsError(f"不支持的报名表格式 {path.suffix}。请使用 .xlsx 或 .csv。")


def read_table(path: Path) -> tuple[str | None, list[list[Any]]]:
    """The cells of an .xlsx's visible active worksheet (and its name) or of a CSV (UTF-8 or
    GB18030; name None), within the limits above: checked before anything is loaded."""
    _check_file_size(path)
    if path.suffix.lower() == ".xlsx":
        _check_xlsx_parts(path)
        return _read_xlsx(path)
    raw = path.read_bytes()
    for encoding in ("utf-8-sig", "gb18030"):
        try:
            text = raw.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    else:
        raise FinalsError(f"{path.name} 的编码无法识别。请另存为 UTF-8 编码的 CSV。")
    # Only CR/LF end a CSV record: U+2028, U+2029, NEL, VT, FF and the like inside a
    # cell are part of its text (str.splitlines() would cut the row in two).
    return None, _csv_table(text, path.name)


def _csv_table(text: str, where: str) -> list[list[Any]]:
    """The rows of a CSV, refused beyond MAX_ROWS rows, MAX_COLUMNS columns, MAX_CELL_CHARS."""
    table: list[list[Any]] = []
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        for row in reader:
            number = reader.line_num
            if len(table) >= MAX_ROWS:
                raise _too_far(where, len(table) + 1, 0)
            if len(row) > MAX_COLUMNS:
                raise _too_far(where, number, len(row))
            for column, cell in enumerate(row, start=1):
                if len(cell) > MAX_CELL_CHARS:
                    raise _too_long(where, f"{_column_letter(column)}{number}", len(cell))
            table.append(list(row))
    except csv.Error as exc:  # a field beyond csv's own limit, a stray NUL
        raise FinalsError(
            f"{where} 第{reader.line_num}行无法读取（{exc}）。"
            f"每个单元格最多 {MAX_CELL_CHARS} 个字符；请检查引号是否成对。"
        ) from exc
    return table


def _choose_worksheet(book: Any) -> Any:
    """The sheet the person sees on opening the file: the active one if it is visible,
    else the first visible one. A hidden sheet (an old list, a lookup table) is never read."""
    sheets = list(book.worksheets)
    active = book.active
    if active in sheets and active.sheet_state == "visible":
        return active
    for sheet in sheets:
        if sheet.sheet_state == "visible":
            return sheet
    return None


def _read_xlsx(path: Path) -> tuple[str, list[list[Any]]]:
    import openpyxl

    try:
        book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds on a broken file
        raise FinalsError(
            f"无法读取 Excel 文件 {path.name}：{exc}。请用 Excel 另存为 .xlsx 后重试。"
        ) from exc
    try:
        sheet = _choose_worksheet(book)
        if sheet is None:
            raise FinalsError(
                f"{path.name} 中没有可见的工作表。请在 Excel 中取消隐藏报名表后保存。"
            )
        where = f"{path.name}（工作表“{sheet.title}”）"
        try:
            _check_dimension(book._archive, sheet._worksheet_path, where)  # noqa: SLF001
            table = _sheet_table(book, sheet, where)
        except FinalsError:
            raise
        except Exception as exc:
            raise FinalsError(
                f"无法读取 Excel 文件 {path.name} 的工作表“{sheet.title}”：{exc}。"
                "请用 Excel 另存为 .xlsx 后重试。"
            ) from exc
        return sheet.title, table
    finally:
        book.close()


def _sheet_table(book: Any, sheet: Any, where: str = "") -> list[list[Any]]:
    """Every row of `sheet` from row 1, as lists of values, in one pass over its XML.

    Beyond openpyxl's read-only rows: a formula cell saved without its computed value is
    UNCOMPUTED (not an empty cell), an error value is an _ErrorValue, and a merged range's
    value is given to every row the range covers (in its first column), so a unit merged
    over its players' rows is every one of those players' unit.
    """
    from openpyxl.utils import range_boundaries

    parser = _parser(book, sheet)
    cells: dict[int, dict[int, Any]] = {}
    try:
        for row_number, row in parser.parse():
            values = {c["column"]: c["value"] for c in row if c["value"] is not None}
            if not values:
                continue
            if row_number > MAX_ROWS or len(cells) >= MAX_ROWS:
                raise _too_far(where or sheet.title, row_number, min(values))
            for column, value in values.items():
                if column > MAX_COLUMNS:
                    raise _too_far(where or sheet.title, row_number, column)
                if isinstance(value, str) and len(value) > MAX_CELL_CHARS:
                    cell = f"{_column_letter(column)}{row_number}"
                    raise _too_long(where or sheet.title, cell, len(value))
            cells[row_number] = values
    finally:
        parser.source.close()
    merged = getattr(parser, "merged_cells", None)
    for merge in getattr(merged, "mergeCell", None) or ():
        min_col, min_row, _, max_row = range_boundaries(merge.ref)
        if min_row < 2 or min_col is None:  # the header row stays as it is
            continue
        value = cells.get(min_row, {}).get(min_col)
        if value is None:
            continue
        for number in range(min_row + 1, min(max_row, max(cells)) + 1):
            if number in cells:  # a row with nothing of its own stays empty (skipped)
                cells[number].setdefault(min_col, value)
    if not cells:
        return []
    width = max(max(row) for row in cells.values())
    table = []
    for number in range(1, max(cells) + 1):
        row = cells.get(number, {})
        table.append([row.get(column) for column in range(1, width + 1)])
    return table


def _parser(book: Any, sheet: Any) -> Any:
    # openpyxl's own read-only sheet parser, told to keep what it otherwise drops: a
    # formula with no value, an error value. (openpyxl 3.1's internals; tests/io cover it.)
    from openpyxl.worksheet._reader import FORMULA_TAG, VALUE_TAG, WorkSheetParser

    class ValuesParser(WorkSheetParser):  # type: ignore[misc]
        def parse_cell(self, element: Any) -> dict[str, Any]:
            cell: dict[str, Any] = super().parse_cell(element)
            if element.find(FORMULA_TAG) is not None and cell["value"] is None:
                # An empty text result is saved as t="str" with an empty value; a formula
                # never computed has no type and no value.
                if element.get("t") != "str" or element.find(VALUE_TAG) is None:
                    cell["value"] = UNCOMPUTED
            elif cell["data_type"] == "e" and cell["value"] is not None:
                cell["value"] = _ErrorValue(str(cell["value"]))
            return cell

    source = book._archive.open(sheet._worksheet_path)  # noqa: SLF001
    return ValuesParser(
        source,
        book.shared_strings,
        data_only=True,
        epoch=book.epoch,
        date_formats=book._date_formats,
        timedelta_formats=book._timedelta_formats,  # noqa: SLF001
    )


def write_template(path: Path, rows: Sequence[Mapping[str, object]] | None = None) -> Path:
    """An empty registration sheet with the headers and one filled example row; with
    `rows`, the sheet of those players instead (`finals template --sample N`)."""
    import openpyxl
    from openpyxl.comments import Comment
    from openpyxl.styles import Font, PatternFill

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "报名表"
    sheet.append(list(COLUMNS))
    for row in [EXAMPLE_ROW] if rows is None else rows:
        sheet.append([row.get(col, "") for col in COLUMNS])
    notes = {
        "性别": "男 或 女",
        "出生日期": "如 2010-05-03、2010.5.3、2010年5月3日",
        "项目": "参赛项目名称，多个用顿号分隔，如 公开组、男子团体；留空即第一个个人项目",
        "队名/搭档": "团体项目写队名；双人项目写搭档姓名",
        "来源": "如 入围赛第3期、外卡",
        "名次": "入围赛名次，用于排定序号",
        "身份证号": "仅用于核对，不会出现在任何打印或导出文件中",
        "平台账号": "弈战平台用户名（围棋少儿组必填）；仅用于核对，不会出现在任何打印或导出文件中",
    }
    for column, header in enumerate(COLUMNS, start=1):
        cell = sheet.cell(row=1, column=column)
        cell.font = Font(bold=True)
        cell.fill = PatternFill("solid", fgColor="DDEBF7")
        if header in notes:
            cell.comment = Comment(notes[header], "finals")
        sheet.column_dimensions[cell.column_letter].width = max(10, len(header) * 2 + 4)
    sheet.column_dimensions["D"].width = 14
    sheet.column_dimensions["E"].width = 24
    sheet.column_dimensions["K"].width = 22
    for row in sheet.iter_rows():
        for cell in row:
            as_text(cell)
    sheet.freeze_panes = "A2"
    # Built in memory, then written in one go: a write that fails (a full disk) leaves no
    # half-closed zip behind to complain when it is collected.
    buffer = io.BytesIO()
    book.save(buffer)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())
    return path
