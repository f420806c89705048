"""Prize and grade tables from a sheet (issue 25 §4): a CSV or .xlsx the arbiter writes when
the supplementary rules (补充规则) publish grade bands, or a prize table must be corrected.

A prize table::

    名次,奖项,奖金
    1,冠军,30000
    2,亚军,10000
    4-8,第4-8名,2000

A grade table::

    名次,等级
    1,六段
    2-3,五段

名次 is one place (4) or a range (4-8, 4–8, 4~8, 4至8, 第4-8名); 起始名次 and 截止名次 may be
given as two columns instead. 奖项 may be left out (冠军, 亚军, 季军, 第k名, 第a-b名).
奖金 is in whole yuan (含税). Every row is checked before anything is used: places that
overlap, a negative or fractional amount, a grade the program cannot read are refused,
each naming its row.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from app.errors import FinalsError
from app.standings.categories import grade_order
from app.standings.grades import GradeBand
from app.standings.prizes import PrizePlace

PLACE = ("名次", "place", "places", "rank", "ranks")
FROM = ("起始名次", "名次起", "from", "rank_from")
TO = ("截止名次", "名次止", "to", "rank_to")
TITLE = ("奖项", "title", "名称")
AMOUNT = ("奖金", "奖金（元）", "奖金(元)", "奖金（元，含税）", "金额", "amount", "yuan")
GRADE = ("等级", "申报等级", "段级位", "grade")
MAX_PLACE = 10_000
MAX_AMOUNT = 100_000_000  # yuan

_RANGE = re.compile(r"^第?\s*(\d+)\s*(?:名)?\s*(?:[-–—~～至到]\s*第?\s*(\d+))?\s*名?$")


@dataclass(frozen=True)
class TableRows:
    """The rows of a table sheet: (the row number a person sees, {header: cell})."""

    source: str
    headers: tuple[str, ...]
    rows: tuple[tuple[int, dict[str, Any]], ...]


def place_title(place_from: int, place_to: int) -> str:
    """The usual words of a place: 冠军, 亚军, 季军, 第4名, 第4-8名."""
    if place_from == place_to:
        return {1: "冠军", 2: "亚军", 3: "季军"}.get(place_from, f"第{place_from}名")
    return f"第{place_from}-{place_to}名"


def read_table_file(path: Path) -> TableRows:
    """The rows of a .csv (UTF-8 or GB18030) or the first visible sheet of an .xlsx."""
    path = Path(path)
    if not path.is_file():
        raise FinalsError(f"找不到表格文件 {path}。请检查路径。")
    if path.suffix.lower() not in (".csv", ".xlsx"):
        raise FinalsError(f"不支持的表格格式 {path.suffix}。请使用 .csv 或 .xlsx。")
    from app.io.sheets import read_table  # the registration sheet's reader and its limits

    worksheet, table = read_table(path)
    return table_rows(table, f"{path.name}（工作表“{worksheet}”）" if worksheet else path.name)


def table_rows(table: Sequence[Sequence[Any]], source: str) -> TableRows:
    if not table:
        raise FinalsError(f"{source} 是空的。第1行写表头（名次、奖项、奖金 或 名次、等级）。")
    headers = tuple(str(c or "").strip().replace(" ", "").replace("\u3000", "") for c in table[0])
    rows = []
    for number, cells in enumerate(table[1:], start=2):
        values = {h: c for h, c in zip(headers, cells, strict=False) if h}
        if all(v is None or str(v).strip() == "" for v in values.values()):
            continue
        rows.append((number, values))
    return TableRows(source, headers, tuple(rows))


def _column(rows: TableRows, names: tuple[str, ...]) -> str | None:
    lowered = {h.lower(): h for h in rows.headers}
    return next((lowered[n.lower()] for n in names if n.lower() in lowered), None)


def _text(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value if value is not None else "").strip()


def _places(rows: TableRows, errors: list[str]) -> list[tuple[int, int, int]]:
    """(row number, from, to) of every row whose places can be read."""
    place, first, last = _column(rows, PLACE), _column(rows, FROM), _column(rows, TO)
    if place is None and first is None:
        raise FinalsError(
            f"{rows.source} 第1行缺少“名次”列（或“起始名次”“截止名次”两列）。"
            f"表头为：{'、'.join(h for h in rows.headers if h) or '（空）'}。"
        )
    out = []
    for number, values in rows.rows:
        if place is not None:
            text = _text(values.get(place))
            match = _RANGE.match(text)
            if not match:
                errors.append(
                    f"第{number}行：名次“{text}”不是名次或名次范围（如 1、4-8、第9-16名）。"
                )
                continue
            a, b = int(match[1]), int(match[2] or match[1])
        else:
            a_text = _text(values.get(first or ""))
            b_text = _text(values.get(last or "")) or a_text
            if not (a_text.isdigit() and b_text.isdigit()):
                errors.append(f"第{number}行：起始名次“{a_text}”、截止名次“{b_text}”应为整数。")
                continue
            a, b = int(a_text), int(b_text)
        if a < 1 or b > MAX_PLACE:
            errors.append(f"第{number}行：名次 {a}-{b} 应在 1 到 {MAX_PLACE} 之间。")
            continue
        if b < a:
            errors.append(f"第{number}行：截止名次 {b} 小于起始名次 {a}。请写成 {b}-{a}。")
            continue
        out.append((number, a, b))
    seen: list[tuple[int, int, int]] = []
    for number, a, b in sorted(out, key=lambda x: (x[1], x[0])):
        for other, c, d in seen:
            if a <= d and c <= b:
                errors.append(
                    f"第{number}行的名次 {_span(a, b)} 与第{other}行的名次 {_span(c, d)} 重叠："
                    "每个名次只能属于一行。"
                )
                break
        else:
            seen.append((number, a, b))
    return out


def _span(a: int, b: int) -> str:
    return str(a) if a == b else f"{a}-{b}"


def _refuse(rows: TableRows, errors: list[str], what: str) -> None:
    if errors:
        raise FinalsError(f"{rows.source} 不能用作{what}，未作任何修改：", errors)


def parse_prize_places(rows: TableRows) -> tuple[PrizePlace, ...]:
    """The places of a prize table sheet; FinalsError naming every bad row."""
    errors: list[str] = []
    amount_column, title_column = _column(rows, AMOUNT), _column(rows, TITLE)
    if amount_column is None:
        raise FinalsError(
            f"{rows.source} 第1行缺少“奖金”列（每个名次的奖金，单位元，含税）。"
            f"表头为：{'、'.join(h for h in rows.headers if h) or '（空）'}。"
        )
    spans = {n: (a, b) for n, a, b in _places(rows, errors)}
    places = []
    for number, values in rows.rows:
        text = _text(values.get(amount_column)).replace(",", "").replace("，", "")
        text = text.removesuffix("元")
        try:
            amount = Decimal(text)
        except InvalidOperation:
            errors.append(f"第{number}行：奖金“{text}”不是金额（单位元，如 2000）。")
            continue
        if amount < 0:
            errors.append(
                f"第{number}行：奖金 {text} 元是负数。奖金不能为负；不发奖的名次请删去该行。"
            )
            continue
        if amount != amount.to_integral_value():
            errors.append(f"第{number}行：奖金 {text} 元不是整数元。奖金表以元为单位。")
            continue
        if amount > MAX_AMOUNT:
            errors.append(f"第{number}行：奖金 {text} 元超过上限 {MAX_AMOUNT} 元。")
            continue
        if number not in spans:
            continue
        a, b = spans[number]
        title = _text(values.get(title_column)) if title_column else ""
        places.append(PrizePlace(a, b, int(amount), title or place_title(a, b)))
    _refuse(rows, errors, "奖金表")
    if not places:
        raise FinalsError(
            f"{rows.source} 中没有名次行。要删除奖金表请用 --clear。",
            window=f"{rows.source} 中没有名次行。请在表中写入名次行后再导入。",
        )
    return tuple(sorted(places, key=lambda p: p.place_from))


def parse_grade_bands(rows: TableRows) -> tuple[GradeBand, ...]:
    """The bands of a grade table sheet; FinalsError naming every bad row."""
    errors: list[str] = []
    grade_column = _column(rows, GRADE)
    if grade_column is None:
        raise FinalsError(
            f"{rows.source} 第1行缺少“等级”列（该名次段申报的段级位，如 六段、一级）。"
            f"表头为：{'、'.join(h for h in rows.headers if h) or '（空）'}。"
        )
    spans = {n: (a, b) for n, a, b in _places(rows, errors)}
    bands = []
    for number, values in rows.rows:
        grade = _text(values.get(grade_column))
        if not grade:
            errors.append(f"第{number}行：等级是空的。")
            continue
        if grade_order(grade) is None:
            errors.append(
                f"第{number}行：等级“{grade}”不是可识别的段级位（如 六段、5段、一级、10级）。"
            )
            continue
        if number in spans:
            bands.append(GradeBand(*spans[number], grade))
    _refuse(rows, errors, "等级表")
    if not bands:
        raise FinalsError(
            f"{rows.source} 中没有名次行。要删除等级表请用 --clear。",
            window=f"{rows.source} 中没有名次行。请在表中写入名次行后再导入。",
        )
    return tuple(sorted(bands, key=lambda b: b.rank_from))
