from datetime import date, datetime

import pytest

from app.io.dates import parse_date


@pytest.mark.parametrize(
    "typed",
    [
        "2010-05-03",
        "2010.5.3",
        "2010/5/3",
        "20100503",
        "2010年5月3日",
        "2010 年 5 月 3 日",
        "2010-05-03 00:00:00",
        datetime(2010, 5, 3, 0, 0),
        date(2010, 5, 3),
        20100503,
    ],
)
def test_dates_as_people_type_them(typed: object) -> None:
    assert parse_date(typed) == date(2010, 5, 3)


@pytest.mark.parametrize("typed", ["2010-13-01", "2010-02-30", "五月三日", "", None, "2010-5"])
def test_impossible_dates_are_refused(typed: object) -> None:
    assert parse_date(typed) is None
