"""Reading and writing the registration sheet (.xlsx or .csv with Chinese headers)."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.errors import FinalsError

COLUMNS: tuple[str, ...] = (
    "序号", "姓名", "性别", "出生日期", "单位", "地区", "段位", "等级分",
    "来源", "名次", "身份证号", "电话", "项目", "队名/搭档",
)
REQUIRED: tuple[str, ...] = ("姓名", "性别")
HEADER_ALIASES: dict[str, str] = {
    "队名": "队名/搭档", "搭档": "队名/搭档", "队名／搭档": "队名/搭档", "队伍": "队名/搭档",
    "出生年月日": "出生日期", "生日": "出生日期", "单位/俱乐部": "单位", "俱乐部": "单位",
    "等级": "段位", "段级位": "段位", "积分/等级分": "等级分", "身份证": "身份证号",
    "手机": "电话", "手机号": "电话", "联系电话": "电话", "参赛项目": "项目", "组别": "项目",
    "入围名次": "名次", "编号": "序号",
}
EXAMPLE_ROW: dict[str, object] = {
    "序号": "", "姓名": "张三", "性别": "男", "出生日期": "2010-05-03",
    "单位": "绍兴市棋类协会", "地区": "浙江绍兴", "段位": "3段", "等级分": 1850,
    "来源": "入围赛第3期", "名次": 1, "身份证号": "330602201005031234", "电话": "13800000000",
    "项目": "公开组、男子团体", "队名/搭档": "绍兴一队",
}


@dataclass(frozen=True)
class SheetRow:
    number: int  # the row number the person sees in Excel (header = 1)
    values: dict[str, Any]


def _normalise_header(text: object) -> str:
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
            f"请用 finals template 生成的模板，表头为：{'、'.join(COLUMNS)}。"
        )
    rows = []
    for index, cells in enumerate(table[1:], start=2):
        values = {
            header: cell for header, cell in zip(headers, cells, strict=False) if header
        }
        if all(v is None or str(v).strip() == "" for v in values.values()):
            continue
        rows.append(SheetRow(index, values))
    return rows


def read_sheet(path: Path) -> list[SheetRow]:
    path = Path(path)
    if not path.exists():
        raise FinalsError(f"找不到报名表 {path}。请检查路径。")
    suffix = path.suffix.lower()
    if suffix == ".xlsx":
        import openpyxl

        try:
            book = openpyxl.load_workbook(path, read_only=True, data_only=True)
        except Exception as exc:  # openpyxl raises many kinds on a broken file
            raise FinalsError(f"无法读取 Excel 文件 {path.name}：{exc}。请用 Excel 另存为 .xlsx 后重试。") from exc
        sheet = book.worksheets[0]
        table = [list(row) for row in sheet.iter_rows(values_only=True)]
        book.close()
        return _rows_from_table(table, path.name)
    if suffix == ".csv":
        raw = path.read_bytes()
        for encoding in ("utf-8-sig", "gb18030"):
            try:
                text = raw.decode(encoding)
                break
            except UnicodeDecodeError:
                continue
        else:
            raise FinalsError(f"{path.name} 的编码无法识别。请另存为 UTF-8 编码的 CSV。")
        table = [list(row) for row in csv.reader(text.splitlines())]
        return _rows_from_table(table, path.name)
    raise FinalsError(f"不支持的报名表格式 {path.suffix}。请使用 .xlsx 或 .csv。")


def write_template(path: Path) -> Path:
    """An empty registration sheet with the headers and one filled example row."""
    import openpyxl
    from openpyxl.comments import Comment
    from openpyxl.styles import Font, PatternFill

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "报名表"
    sheet.append(list(COLUMNS))
    sheet.append([EXAMPLE_ROW[col] for col in COLUMNS])
    notes = {
        "性别": "男 或 女",
        "出生日期": "如 2010-05-03、2010.5.3、2010年5月3日",
        "项目": "参赛项目名称，多个用顿号分隔，如 公开组、男子团体",
        "队名/搭档": "团体项目写队名；双人项目写搭档姓名",
        "来源": "如 入围赛第3期、外卡",
        "名次": "入围赛名次，用于排定序号",
        "身份证号": "仅用于核对，不会出现在任何打印或导出文件中",
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
    sheet.freeze_panes = "A2"
    path.parent.mkdir(parents=True, exist_ok=True)
    book.save(path)
    return path
