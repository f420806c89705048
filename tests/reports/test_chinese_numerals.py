from datetime import date

import pytest

from reports.chinese_numerals import amount_in_capitals, date_in_chinese, number_in_chinese


@pytest.mark.parametrize(
    ("amount", "capitals"),
    [
        (30000, "叁万元整"),
        (10800, "壹万零捌佰元整"),
        (800, "捌佰元整"),
        (1500.5, "壹仟伍佰元伍角"),
        (60000, "陆万元整"),
        (25000, "贰万伍仟元整"),
        (118900, "壹拾壹万捌仟玖佰元整"),
        (1001, "壹仟零壹元整"),
        (10010, "壹万零壹拾元整"),
        (100010000, "壹亿零壹万元整"),
        (1000.05, "壹仟元零伍分"),
        (1234.56, "壹仟贰佰叁拾肆元伍角陆分"),
        (0.5, "伍角"),
        (0, "零元整"),
        ("2000", "贰仟元整"),
    ],
)
def test_amounts_in_financial_capitals(amount, capitals):
    assert amount_in_capitals(amount) == capitals


def test_dates_in_chinese_numerals():
    assert date_in_chinese(date(2022, 11, 30)) == "二〇二二年十一月三十日"
    assert date_in_chinese(date(2019, 11, 1)) == "二〇一九年十一月一日"
    assert date_in_chinese(date(2020, 10, 20)) == "二〇二〇年十月二十日"


@pytest.mark.parametrize(
    ("number", "text"),
    [
        (1, "一"),
        (10, "十"),
        (16, "十六"),
        (20, "二十"),
        (32, "三十二"),
        (100, "一百"),
        (105, "一百零五"),
        (110, "一百一十"),
    ],
)
def test_places_in_chinese(number, text):
    assert number_in_chinese(number) == text
