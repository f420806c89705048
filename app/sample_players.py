"""Fictitious players: names, units, birth dates and grades that read like a real final's.

The demo final draws its field from here, and `finals template FILE --sample N` writes a
registration sheet of N such players (the same N and seed give the same sheet), so that
the README's walkthrough runs from the first command to the last.
"""

from __future__ import annotations

import random
from datetime import date, timedelta

SURNAMES = (
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈"
    "姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤"
)
COMPOUND_SURNAMES = ("欧阳", "司马", "诸葛", "上官", "东方")
MALE_GIVEN = (
    "伟强磊军洋勇杰涛明超刚平辉鹏华飞鑫波宇浩凯健俊帆帅旭宁龙林博文斌晨阳昊然子轩一鸣天佑思远"
)
FEMALE_GIVEN = "芳娜敏静丽艳娟霞秀燕玲桂丹萍红婷雪琳颖倩洁佳欣怡梦瑶诗涵雨萱可馨语彤若曦"
CITIES = (
    "杭州",
    "绍兴",
    "宁波",
    "温州",
    "上海",
    "北京",
    "南京",
    "苏州",
    "合肥",
    "福州",
    "武汉",
    "长沙",
    "成都",
    "重庆",
    "西安",
    "天津",
    "济南",
    "郑州",
    "广州",
    "深圳",
    "台州",
    "嘉兴",
)
CLUB_KINDS = (
    "市棋类协会",
    "棋院",
    "市少年宫",
    "青少年活动中心",
    "智力运动学校",
    "实验小学",
    "体育运动学校",
)
LONG_UNITS = ("杭州市上城区青少年活动中心围棋俱乐部", "绍兴市柯桥区五子棋协会少儿培训基地")
GO_GRADES = ("1级", "1段", "2段", "3段", "4段", "5段", "6段")
GOMOKU_GRADES = ("十级", "五级", "三级", "一级", "一段", "二段", "三段", "四段")
# Grades both games read (app.standings.categories.grade_order).
SAMPLE_GRADES = ("5级", "3级", "1级", "1段", "2段", "3段", "4段", "5段")
ZHEJIANG = ("杭州", "绍兴", "宁波", "温州", "台州", "嘉兴")


class FictitiousNames:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.used: set[str] = set()

    def make(self, gender: str) -> str:
        pool = MALE_GIVEN if gender == "M" else FEMALE_GIVEN
        for _ in range(1000):
            surname = (
                self.rng.choice(COMPOUND_SURNAMES)
                if self.rng.random() < 0.03
                else self.rng.choice(SURNAMES)
            )
            given = "".join(self.rng.choice(pool) for _ in range(self.rng.choice((1, 2, 2))))
            name = surname + given
            if name not in self.used:
                self.used.add(name)
                return name
        raise RuntimeError("ran out of names")


def fictitious_units(rng: random.Random, count: int) -> list[str]:
    units = list(LONG_UNITS)
    clubs = len(CITIES) * len(CLUB_KINDS)
    while len(units) < count:
        unit = rng.choice(CITIES) + rng.choice(CLUB_KINDS)
        made = len(units) - len(LONG_UNITS)
        if made >= clubs:  # a field of thousands: every club is taken, then its branches
            unit += f"{made // clubs + 1}分部"
        if unit not in units:
            units.append(unit)
    return units


def random_birth(rng: random.Random, start: date, end: date) -> date:
    return start + timedelta(days=rng.randrange((end - start).days + 1))


def sample_sheet_rows(count: int, seed: int = 1) -> list[dict[str, object]]:
    """`count` fictitious players of the first individual event of any preset (项目 left
    empty), in registration-sheet columns: a unit and its region, a gender (about one in
    four a woman, never none of each), a birth date, a grade, a source (入围赛第N期 with its
    rank, or 外卡). No identity card number or telephone: those would be someone's."""
    rng = random.Random(seed)
    names = FictitiousNames(rng)
    units = fictitious_units(rng, max(4, count // 6))
    rows: list[dict[str, object]] = []
    for index in range(count):
        # The second player is a woman, the first a man: a sample of two has both.
        woman = index == 1 or (index > 1 and rng.random() < 0.25)
        gender = "F" if woman else "M"
        unit = rng.choice(units)
        wild = index > 1 and rng.random() < 0.1
        rows.append(
            {
                "序号": "",
                "姓名": names.make(gender),
                "性别": "女" if woman else "男",
                "出生日期": random_birth(rng, date(1965, 1, 1), date(2007, 12, 31)).isoformat(),
                "单位": unit,
                "地区": f"浙江{unit[:2]}" if unit[:2] in ZHEJIANG else unit[:2],
                "段位": rng.choice(SAMPLE_GRADES),
                "等级分": rng.randrange(1500, 2600),
                "来源": "外卡" if wild else f"入围赛第{rng.randrange(1, 9)}期",
                "名次": "" if wild else rng.randrange(1, 41),
                "身份证号": "",
                "电话": "",
                "平台账号": "",
                "项目": "",
                "队名/搭档": "",
            }
        )
    return rows
