"""Writing registration sheets for tests, the way an organiser fills them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl

HEADERS = [
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
    "项目",
    "队名/搭档",
]


def write_sheet(path: Path, rows: list[dict[str, Any]], headers: list[str] = HEADERS) -> Path:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(headers)
    for row in rows:
        sheet.append([row.get(h) for h in headers])
    book.save(path)
    return path


def player(
    name: str, gender: str = "男", birth: Any = "1990-01-01", **extra: Any
) -> dict[str, Any]:
    return {
        "姓名": name,
        "性别": gender,
        "出生日期": birth,
        "单位": extra.pop("unit", "绍兴棋院"),
        "项目": extra.pop("events", "公开组"),
        **extra,
    }
