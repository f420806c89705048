"""Realistic export documents (docs/export-schema.md) for the report tests.

`gomoku_final()` is the Shaoxing Gomoku final: 公开组 of 150 players over 7 rounds with
women's and a youth category, a separate 少儿组, men's and women's teams.  `go_final()`
is the Hangzhou Go final: 男子个人 of 360 players over 9 rounds with a women's category,
少儿组, four pair events and two team events.  A small Swiss simulation plays the rounds
with a seeded RNG, so the documents are the same on every run.

Every entrant also carries `id_number`, `phone` and `platform_account` — keys the real
export never has — so the tests can prove no report ever prints such private data.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from app.settings.komi import parse_komi
from app.standings.prizes import PrizeRules

SURNAMES = (
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程"
    "苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝"
)
COMPOUND_SURNAMES = ("欧阳", "司马", "上官", "诸葛", "东方", "慕容")
GIVEN_MALE = "伟强磊军洋勇杰涛明超刚平辉鹏华飞鑫波斌宇浩凯健俊帆帅旭宁龙林阳博文昊然轩睿哲喆堃昇"
GIVEN_FEMALE = "芳娜敏静丽艳娟霞燕玲婷雪慧莹琳晶颖倩洁琪璐瑶怡欣佳悦萱涵珺祎婧嘉蕾"
UNITS = (
    "杭州市上城区青少年活动中心围棋俱乐部",
    "绍兴市柯桥区少年儿童五子棋培训中心",
    "中国棋院杭州分院",
    "杭州市棋类协会",
    "绍兴市棋类协会",
    "宁波市鄞州区智力运动协会",
    "北京市海淀区五子棋协会",
    "上海市",
    "江苏省苏州工业园区星海实验中学棋类社团",
    "温州",
    "湖州市南浔区",
    "嘉兴市秀洲区新塍镇文化体育服务中心",
    "浙江大学",
    "福建省厦门市思明区青少年宫",
    "广东省深圳市南山区棋院",
    "山东",
    "天津市棋院",
    "四川省成都市锦江区少年之家",
    "金华市婺城区棋类运动协会",
    "台州",
    "安徽省合肥市包河区智力运动中心",
    "湖北省武汉市江汉区",
    "衢州市柯城区",
    "个人",
)
REGIONS = ("浙江", "北京", "上海", "江苏", "福建", "广东", "山东", "天津", "四川", "安徽", "湖北")
SOURCES = tuple(f"入围赛第{n}期" for n in range(1, 9)) + ("外卡",)
GOMOKU_OPENINGS = (
    "寒星",
    "溪月",
    "疏星",
    "花月",
    "残月",
    "雨月",
    "金星",
    "松月",
    "丘月",
    "新月",
    "瑞星",
    "山月",
    "游星",
    "长星",
    "峡月",
    "恒星",
    "水月",
    "流星",
    "云月",
    "浦月",
    "岚月",
    "银月",
    "明星",
    "斜月",
    "名月",
    "彗星",
)
GOMOKU_MANNERS = ("连五", "认输", "禁手（三三）", "禁手（四四）", "超时", "长连禁手")
GOMOKU_TIEBREAKS = ["对手分", "累进分", "胜局数", "后手胜局数", "直胜", "犯规"]
GO_TIEBREAKS = ["对手分", "累进分", "直胜", "胜局数"]
TEAM_TIEBREAKS = ["队员对手分", "队员累进分", "最好名次"]
PLACE_TITLES = {1: "冠军", 2: "亚军", 3: "季军"}
SMALL = "零一二三四五六七八九"


def chinese_place(place: int) -> str:
    if place < 10:
        return SMALL[place]
    if place < 20:
        return "十" + (SMALL[place % 10] if place % 10 else "")
    return SMALL[place // 10] + "十" + (SMALL[place % 10] if place % 10 else "")


def place_title(place: int) -> str:
    return PLACE_TITLES.get(place, f"第{chinese_place(place)}名")


def fake_id_number(rng: random.Random, birth: date) -> str:
    """An 18-character string shaped like a resident ID number (never valid)."""
    return f"3301{rng.randint(10, 99)}{birth:%Y%m%d}{rng.randint(100, 999)}X"


def fake_phone(rng: random.Random) -> str:
    return f"1{rng.choice('3589')}{rng.randint(100000000, 999999999)}"


class Ids:
    def __init__(self) -> None:
        self.next = 1

    def __call__(self) -> int:
        value = self.next
        self.next += 1
        return value


class Names:
    """Unique-ish Chinese names; a deliberate duplicate and a few long ones included."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.used: set[str] = set()

    def make(self, gender: str) -> str:
        given = GIVEN_FEMALE if gender == "F" else GIVEN_MALE
        for _ in range(1000):
            roll = self.rng.random()
            surname = (
                self.rng.choice(COMPOUND_SURNAMES) if roll < 0.05 else self.rng.choice(SURNAMES)
            )
            length = 1 if self.rng.random() < 0.3 else 2
            name = surname + "".join(self.rng.choice(given) for _ in range(length))
            if name not in self.used:
                self.used.add(name)
                return name
        raise RuntimeError("ran out of names")


@dataclass
class Player:
    id: int
    seed: int
    name: str
    gender: str
    unit: str
    region: str
    birth: date
    grade: str | None
    rating: int
    source: str
    members: list[str] = field(default_factory=list)
    member_ids: list[int] = field(default_factory=list)
    status: str = "playing"
    withdrawn_after: int | None = None  # plays no round after this one

    def entrant(self, rng: random.Random) -> dict[str, Any]:
        return {
            "id": self.id,
            "seed": self.seed,
            "name": self.name,
            "gender": self.gender,
            "unit": self.unit,
            "region": self.region,
            "birth_date": self.birth.isoformat(),
            "grade": self.grade,
            "rating": self.rating,
            "source": self.source,
            "status": self.status,
            "members": list(self.members),
            "member_ids": list(self.member_ids),
            # Private data the real export never carries: the tests prove it never prints.
            "id_number": (id_number := fake_id_number(rng, self.birth)),
            "phone": fake_phone(rng),
            "platform_account": f"yizhan_{id_number[-10:]}",
        }


def _birth(rng: random.Random, start: date, end: date) -> date:
    return start + timedelta(days=rng.randint(0, (end - start).days))


def make_players(
    rng: random.Random,
    names: Names,
    ids: Ids,
    count: int,
    *,
    women_share: float,
    born: tuple[date, date],
    grades: tuple[str, ...],
    gender: str | None = None,
) -> list[Player]:
    players = []
    for index in range(count):
        sex = gender or ("F" if rng.random() < women_share else "M")
        rating = 2400 - index * (1000 // max(count, 1)) + rng.randint(-60, 60)
        players.append(
            Player(
                id=ids(),
                seed=index + 1,
                name=names.make(sex),
                gender=sex,
                unit=rng.choice(UNITS),
                region=rng.choice(REGIONS),
                birth=_birth(rng, *born),
                grade=grades[min(index * len(grades) // max(count, 1), len(grades) - 1)],
                rating=rating,
                source="外卡" if index % 17 == 16 else rng.choice(SOURCES[:-1]),
            )
        )
    return players


def _spice_names(players: list[Player], names: Names) -> None:
    """A long name with a middle dot, a duplicate name, rare characters."""
    if len(players) > 20:
        players[7].name = "迪丽娜尔·阿不都热合曼"
        players[7].gender = "F"
        players[12].name = players[13].name  # two players with the same name, as happens
        players[19].name = "王喆"
        players[19].gender = "M"


# --------------------------------------------------------------------------- simulation


@dataclass
class Sim:
    """A simple Swiss: score groups top-down, no rematch, unit avoidance, colour balance."""

    game: str
    players: list[Player]
    rng: random.Random
    rounds: list[dict[str, Any]] = field(default_factory=list)
    points: dict[int, float] = field(default_factory=dict)
    firsts: dict[int, int] = field(default_factory=dict)
    history: dict[int, list[str]] = field(default_factory=dict)
    met: dict[int, set[int]] = field(default_factory=dict)
    had_bye: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        for p in self.players:
            self.points[p.id] = 0.0
            self.firsts[p.id] = 0
            self.history[p.id] = []
            self.met[p.id] = set()

    def _active(self, number: int) -> list[Player]:
        return [p for p in self.players if p.withdrawn_after is None or number <= p.withdrawn_after]

    def _colour_first(self, a: Player, b: Player, number: int) -> bool:
        """True when `a` moves first."""
        balance_a = 2 * self.firsts[a.id] - len(self.history[a.id])
        balance_b = 2 * self.firsts[b.id] - len(self.history[b.id])
        if balance_a != balance_b:
            return balance_a < balance_b
        for ha, hb in zip(reversed(self.history[a.id]), reversed(self.history[b.id]), strict=False):
            if ha != hb:
                return ha == "S"
        return (a.seed < b.seed) == (number % 2 == 1)

    def pair(self, number: int, *, same_unit_rounds: int = 3) -> dict[str, Any]:
        active = self._active(number)
        order = sorted(active, key=lambda p: (-self.points[p.id], p.seed))
        bye: Player | None = None
        if len(order) % 2:
            for p in reversed(order):
                if p.id not in self.had_bye:
                    bye = p
                    break
            assert bye is not None
            order.remove(bye)
        pairs: list[tuple[Player, Player]] = []
        unpaired = list(order)
        while unpaired:
            a = unpaired.pop(0)
            choice = None
            for strict in (True, False):
                for b in unpaired:
                    if b.id in self.met[a.id]:
                        continue
                    if strict and number <= same_unit_rounds and a.unit == b.unit:
                        continue
                    choice = b
                    break
                if choice:
                    break
            if choice is None:
                choice = unpaired[0]
            unpaired.remove(choice)
            pairs.append((a, choice))
        games = []
        opening = self.rng.choice(GOMOKU_OPENINGS) if self.game == "gomoku" else None
        for table, (a, b) in enumerate(pairs, start=1):
            first, second = (a, b) if self._colour_first(a, b, number) else (b, a)
            games.append(
                {
                    "table": table,
                    "first": first.id,
                    "second": second.id,
                    "result": None,
                    "manner": None,
                    "fouls": [0, 0],
                    "opening": opening,
                    "seat_swapped": False,
                    "first_points": self.points[first.id],
                    "second_points": self.points[second.id],
                }
            )
        if bye is not None:
            games.append(
                {
                    "table": len(pairs) + 1,
                    "first": bye.id,
                    "second": None,
                    "result": "bye",
                    "manner": None,
                    "fouls": [0, 0],
                    "opening": None,
                    "seat_swapped": False,
                    "first_points": self.points[bye.id],
                    "second_points": None,
                }
            )
        rnd = {
            "number": number,
            "status": "paired",
            "opening": opening,
            "lot_seed": None,
            "opening_seed": self.rng.randint(1000, 99999) if opening else None,
            "relaxations": [],
            "games": games,
        }
        self.rounds.append(rnd)
        return rnd

    def play(self, rnd: dict[str, Any]) -> None:
        by_id = {p.id: p for p in self.players}
        number = rnd["number"]
        for game in rnd["games"]:
            first = by_id[game["first"]]
            if game["second"] is None:
                self.points[first.id] += 2
                self.had_bye.add(first.id)
                self.history[first.id].append("-")
                continue
            second = by_id[game["second"]]
            expected = 1 / (1 + 10 ** ((second.rating - first.rating + 30) / 400))
            roll = self.rng.random()
            draw_share = 0.08 if self.game == "gomoku" else 0.01
            if number == 2 and game["table"] == len(rnd["games"]) // 2:
                result = "+-"  # a no-show
            elif roll < draw_share:
                result = "="
            elif self.rng.random() < expected:
                result = "1-0"
            else:
                result = "0-1"
            game["result"] = result
            if self.game == "gomoku":
                game["seat_swapped"] = self.rng.random() < 0.3
                game["manner"] = (
                    "弃权"
                    if result == "+-"
                    else None
                    if result == "="
                    else self.rng.choice(GOMOKU_MANNERS)
                )
                if self.rng.random() < 0.05:
                    game["fouls"] = [self.rng.randint(0, 1), self.rng.randint(0, 2)]
            else:
                if result in ("1-0", "0-1"):
                    colour = "黑" if result == "1-0" else "白"
                    game["manner"] = (
                        f"{colour}中盘胜"
                        if self.rng.random() < 0.6
                        else f"{colour}胜{self.rng.randint(1, 20)}又{'3/4' if colour == '黑' else '1/4'}子"
                    )
                elif result == "+-":
                    game["manner"] = "弃权"
            if result in ("1-0", "+-"):
                self.points[first.id] += 2
            elif result in ("0-1", "-+"):
                self.points[second.id] += 2
            else:
                self.points[first.id] += 1
                self.points[second.id] += 1
            self.firsts[first.id] += 1
            self.history[first.id].append("F")
            self.history[second.id].append("S")
            self.met[first.id].add(second.id)
            self.met[second.id].add(first.id)
        rnd["status"] = "complete"

    def run(self, planned: int, complete: int) -> None:
        for number in range(1, planned + 1):
            if number > complete + 1:
                break
            rnd = self.pair(number)
            if number <= complete:
                self.play(rnd)


def individual_standings(
    sim: Sim, tiebreak_order: list[str]
) -> tuple[list[dict[str, Any]], dict[int, dict[str, float]]]:
    """Points and tie-breaks as the standings core would give them (bye: nothing in SOS)."""
    stats: dict[int, dict[str, float]] = {
        p.id: {"对手分": 0, "累进分": 0, "胜局数": 0, "后手胜局数": 0, "直胜": 0, "犯规": 0}
        for p in sim.players
    }
    running = dict.fromkeys(stats, 0.0)
    opponents: dict[int, list[int]] = {pid: [] for pid in stats}
    for rnd in sim.rounds:
        if rnd["status"] != "complete":
            continue
        for game in rnd["games"]:
            first, second, result = game["first"], game["second"], game["result"]
            if second is None:
                running[first] += 2
                continue
            opponents[first].append(second)
            opponents[second].append(first)
            stats[first]["犯规"] += game["fouls"][0]
            stats[second]["犯规"] += game["fouls"][1]
            if result in ("1-0", "+-"):
                running[first] += 2
                stats[first]["胜局数"] += 1
            elif result in ("0-1", "-+"):
                running[second] += 2
                stats[second]["胜局数"] += 1
                stats[second]["后手胜局数"] += 1
            else:
                running[first] += 1
                running[second] += 1
        for pid in stats:
            stats[pid]["累进分"] += running[pid]
    for pid in stats:
        stats[pid]["对手分"] = sum(sim.points[o] for o in opponents[pid])

    def key(pid: int) -> tuple[float, ...]:
        values = [-sim.points[pid]]
        for name in tiebreak_order:
            value = stats[pid].get(name, 0)
            values.append(value if name == "犯规" else -value)
        return tuple(values)

    order = sorted(stats, key=lambda pid: (key(pid), pid))
    rows = []
    previous = None
    rank = 0
    for index, pid in enumerate(order, start=1):
        if key(pid) != previous:
            rank = index
        previous = key(pid)
        rows.append(
            {
                "rank": rank,
                "entrant": pid,
                "points": sim.points[pid],
                "tiebreaks": {name: stats[pid][name] for name in tiebreak_order},
                "shared": False,
            }
        )
    for row in rows:
        row["shared"] = sum(1 for r in rows if r["rank"] == row["rank"]) > 1
    return rows, stats


def category_rows(rows: list[dict[str, Any]], keep: set[int]) -> list[dict[str, Any]]:
    result = []
    for row in rows:
        if row["entrant"] in keep:
            result.append(
                {
                    "rank": len(result) + 1,
                    "entrant": row["entrant"],
                    "overall_rank": row["rank"],
                    "points": row["points"],
                    "tiebreaks": dict(row["tiebreaks"]),
                }
            )
    return result


def settings(game: str, tiebreaks: list[str], *, lot_seed: int | None = None) -> dict[str, Any]:
    return {
        "scoring": {
            "win": 2,
            "draw": 1,
            "loss": 0,
            "bye": 2,
            "forfeit_win": 2,
            "forfeit_loss": 0,
            "absent": 0,
        },
        "pairing": {
            "system": "swiss",
            "first_round": "split",
            "same_unit": "first_k",
            "same_unit_rounds": 3,
            "no_three_in_row": True,
            "max_colour_surplus": 2,
            "last_round_scores_over_colour": True,
            "forfeit_counts_as_met": True,
            "opening_mode": "lot" if game == "gomoku" else "none",
            "opening_no_repeat": True,
        },
        "standings": {
            "tiebreaks": tiebreaks,
            "bye_in_sos": "none",
            "forfeit_opponents_count": True,
            "forfeit_wins_count": True,
            "ties": "shared",
            "lot_seed": lot_seed,
            "second_mover_by": "seat",
        },
    }


def individual_event(
    code: str,
    name: str,
    game: str,
    players: list[Player],
    rng: random.Random,
    *,
    planned: int,
    complete: int,
    categories: list[dict[str, Any]],
    kind: str = "individual",
) -> tuple[dict[str, Any], Sim, list[dict[str, Any]]]:
    sim = Sim(game, players, rng)
    sim.run(planned, complete)
    tiebreaks = GOMOKU_TIEBREAKS if game == "gomoku" else GO_TIEBREAKS
    rows, _ = individual_standings(sim, tiebreaks)
    for p in players:
        if p.withdrawn_after is not None and complete > p.withdrawn_after:
            p.status = "withdrawn"
    category_standings = {}
    for cat in categories:
        keep = {
            p.id
            for p in players
            if (cat["gender"] is None or p.gender == cat["gender"])
            and (cat["born_from"] is None or p.birth.isoformat() >= cat["born_from"])
            and (cat["born_to"] is None or p.birth.isoformat() <= cat["born_to"])
        }
        category_standings[cat["code"]] = category_rows(rows, keep)
    event = {
        "code": code,
        "name": name,
        "kind": kind,
        "rounds_planned": planned,
        "source_event": None,
        "settings": settings(game, tiebreaks, lot_seed=None),
        "categories": categories,
        "entrants": [p.entrant(rng) for p in players],
        "rounds": sim.rounds,
        "standings": rows,
        "category_standings": category_standings,
    }
    return event, sim, rows


def team_event(
    code: str,
    name: str,
    game: str,
    source: dict[str, Any],
    source_rows: list[dict[str, Any]],
    ids: Ids,
    rng: random.Random,
    *,
    size: int,
    gender: str,
    max_teams: int,
) -> dict[str, Any]:
    by_unit: dict[str, list[dict[str, Any]]] = {}
    for entrant in sorted(source["entrants"], key=lambda e: e["seed"]):
        if entrant["gender"] == gender and entrant["unit"] != "个人":
            by_unit.setdefault(entrant["unit"], []).append(entrant)
    rank_of = {row["entrant"]: row for row in source_rows}
    teams = []
    for unit, members in by_unit.items():
        if len(members) >= size and len(teams) < max_teams:
            teams.append((unit, members[:size]))
    entrants = []
    table = []
    for seed, (unit, members) in enumerate(teams, start=1):
        team_id = ids()
        entrants.append(
            {
                "id": team_id,
                "seed": seed,
                "name": unit,
                "gender": gender,
                "unit": unit,
                "region": members[0]["region"],
                "birth_date": None,
                "grade": None,
                "rating": None,
                "source": None,
                "status": "playing",
                "members": [m["name"] for m in members],
                "member_ids": [m["id"] for m in members],
                "id_number": (id_number := fake_id_number(rng, date(1980, 1, 1))),
                "phone": fake_phone(rng),
                "platform_account": f"yizhan_{id_number[-10:]}",
            }
        )
        member_rows = [rank_of[m["id"]] for m in members]
        table.append(
            (
                team_id,
                sum(r["points"] for r in member_rows),
                {
                    "队员对手分": sum(r["tiebreaks"].get("对手分", 0) for r in member_rows),
                    "队员累进分": sum(r["tiebreaks"].get("累进分", 0) for r in member_rows),
                    "最好名次": min(r["rank"] for r in member_rows),
                },
            )
        )
    table.sort(key=lambda t: (-t[1], -t[2]["队员对手分"], -t[2]["队员累进分"], t[2]["最好名次"]))
    standings = [
        {"rank": i, "entrant": tid, "points": pts, "tiebreaks": tb, "shared": False}
        for i, (tid, pts, tb) in enumerate(table, start=1)
    ]
    return {
        "code": code,
        "name": name,
        "kind": "team",
        "rounds_planned": source["rounds_planned"],
        "source_event": source["code"],
        "settings": settings(game, TEAM_TIEBREAKS),
        "categories": [],
        "entrants": entrants,
        "rounds": [],
        "standings": standings,
        "category_standings": {},
    }


def prizes_for(
    event: dict[str, Any],
    rows: list[dict[str, Any]],
    table_name: str,
    amounts: list[float],
    *,
    category: str | None = None,
) -> list[dict[str, Any]]:
    by_id = {e["id"]: e for e in event["entrants"]}
    prizes = []
    for place, amount in enumerate(amounts, start=1):
        if place > len(rows):
            break  # a prize place nobody holds is not paid
        row = rows[place - 1]
        entrant = by_id[row["entrant"]]
        prizes.append(
            {
                "event": event["code"],
                "category": category,
                "table": table_name,
                "place": place,
                "title": place_title(place),
                "entrant": entrant["id"],
                "name": entrant["name"],
                "unit": entrant["unit"],
                "members": list(entrant["members"]),
                "amount": amount,
                "shared": bool(row.get("shared", False)),
            }
        )
    return prizes


def grades_for(
    event: dict[str, Any],
    rows: list[dict[str, Any]],
    bands: list[tuple[int, int, str]],
    *,
    category: str | None = None,
) -> list[dict[str, Any]]:
    by_id = {e["id"]: e for e in event["entrants"]}
    grades = []
    for row in rows:
        for low, high, grade in bands:
            if low <= row["rank"] <= high:
                entrant = by_id[row["entrant"]]
                grades.append(
                    {
                        "event": event["code"],
                        "category": category,
                        "rank": row["rank"],
                        "entrant": entrant["id"],
                        "name": entrant["name"],
                        "unit": entrant["unit"],
                        "grade": grade,
                    }
                )
    return grades


# --------------------------------------------------------------------------- documents

GOMOKU_OPEN_PRIZES = [30000, 10000, 6000] + [2000] * 5 + [800] * 8
GOMOKU_WOMEN_PRIZES = [8000, 4000, 2000, 1000, 800, 600]
GOMOKU_MEN_TEAM_PRIZES = [10000, 6000, 4000, 2000, 1000, 800]
GOMOKU_WOMEN_TEAM_PRIZES = [5000, 3000, 2000]
GOMOKU_YOUTH_PRIZES = [2000, 1000, 800] + [500] * 5
GOMOKU_OPEN_GRADES = [
    (1, 1, "六段"),
    (2, 3, "五段"),
    (4, 6, "四段"),
    (7, 9, "三段"),
    (10, 13, "二段"),
    (14, 17, "一段"),
    (18, 22, "一级"),
    (23, 26, "二级"),
    (27, 30, "三级"),
]
GOMOKU_YOUTH_GRADES = [
    (1, 1, "二段"),
    (2, 3, "一段"),
    (4, 6, "一级"),
    (7, 9, "二级"),
    (10, 13, "三级"),
]

GO_MEN_PRIZES = [60000, 30000, 20000, 10000, 5000, 5000, 3000, 3000] + [1000] * 24
GO_WOMEN_PRIZES = [10000, 5000, 3000, 1000, 800, 600]
GO_YOUTH_PRIZES = [5000, 3000, 2000, 1000, 800, 600]
GO_MEN_TEAM_PRIZES = [25000, 12000, 8000, 5000, 5000, 5000]
GO_WOMEN_TEAM_PRIZES = [15000, 10000, 6000]
GO_PAIR_PRIZES = [5000, 4000, 2000, 1000, 1000, 1000]


def _draws(game: str, komi: str | None) -> bool:
    parsed = parse_komi(komi)
    return game == "gomoku" or parsed is None or parsed.allows_jigo


def _tournament(
    game: str,
    title: str,
    organisers: list[str],
    venue: str,
    start: str,
    end: str,
    issuer: str,
    komi: str | None,
) -> dict[str, Any]:
    return {
        "title": title,
        "game": game,
        "organisers": organisers,
        "venue": venue,
        "start_date": start,
        "end_date": end,
        "operators": ["裁判长 沈明", "编排长 朱丽"],
        "komi": komi,
        # as the export writes it: Go with a half-point komi (3又3/4子) has no draws
        "draws": _draws(game, komi),
        "certificate": {
            "template": "{姓名}：在{赛事全称}{组别}比赛中荣获第{名次}名（{奖项}），特发此证，以资鼓励。",
            "issuer": issuer,
            "background": None,
        },
        "contact_phone": "15990174550",  # never in the real export; must never print
    }


def gomoku_final(*, rounds_complete: int = 7, seed: int = 2022) -> dict[str, Any]:
    """The Gomoku final; with `rounds_complete` < 7 the next round is paired, unplayed."""
    rng = random.Random(seed)
    names = Names(rng)
    ids = Ids()
    grades = ("五段", "四段", "三段", "二段", "一段", "一级", "二级", "三级", None)
    open_players = make_players(
        rng,
        names,
        ids,
        150,
        women_share=0.22,
        born=(date(1968, 1, 1), date(2012, 12, 31)),
        grades=grades,
    )
    _spice_names(open_players, names)
    open_players[140].withdrawn_after = 3  # withdrew after round 3: odd field, byes follow
    youth_players = make_players(
        rng,
        names,
        ids,
        40,
        women_share=0.3,
        born=(date(2008, 9, 1), date(2017, 8, 31)),
        grades=("二级", "三级", "四级", None),
    )
    open_categories = [
        {
            "code": "W",
            "name": "女子",
            "gender": "F",
            "born_from": None,
            "born_to": None,
            "min_grade": None,
        },
        {
            "code": "Y",
            "name": "少年（2008年9月1日后出生）",
            "gender": None,
            "born_from": "2008-09-01",
            "born_to": None,
            "min_grade": None,
        },
    ]
    open_event, _, open_rows = individual_event(
        "OPEN",
        "公开组",
        "gomoku",
        open_players,
        rng,
        planned=7,
        complete=rounds_complete,
        categories=open_categories,
    )
    youth_event, _, youth_rows = individual_event(
        "YOUTH",
        "少儿组",
        "gomoku",
        youth_players,
        rng,
        planned=7,
        complete=rounds_complete,
        categories=[],
    )
    men_team = team_event(
        "MT",
        "男子团体",
        "gomoku",
        open_event,
        open_rows,
        ids,
        rng,
        size=3,
        gender="M",
        max_teams=12,
    )
    women_team = team_event(
        "WT", "女子团体", "gomoku", open_event, open_rows, ids, rng, size=2, gender="F", max_teams=5
    )
    doc: dict[str, Any] = {
        "format": "finals-export",
        "version": 1,
        "exported_at": "2022-11-30T18:00:00",
        "tournament": _tournament(
            "gomoku",
            "“嘉绍大桥杯”2022年全国五子棋棋王争霸赛总决赛",
            [
                "国家体育总局群体司",
                "中华全国体育总会群体部",
                "国家体育总局棋牌运动管理中心",
                "中国棋院",
                "中国棋院杭州分院",
                "绍兴市人民政府",
                "浙江日报报业集团",
            ],
            "绍兴",
            "2022-11-26",
            "2022-11-30",
            "“嘉绍大桥杯”全国五子棋棋王争霸赛组委会",
            None,
        ),
        "events": [open_event, youth_event, men_team, women_team],
        "prizes": [],
        "prize_rules": PrizeRules().to_dict(),  # the rule for shared places, as exported
        "grades": [],
    }
    if rounds_complete >= 7:
        women_rows = open_event["category_standings"]["W"]
        doc["prizes"] = (
            prizes_for(open_event, open_rows, "公开组", GOMOKU_OPEN_PRIZES)
            + prizes_for(
                open_event, women_rows, "公开组（女子）", GOMOKU_WOMEN_PRIZES, category="W"
            )
            + prizes_for(youth_event, youth_rows, "少儿组", GOMOKU_YOUTH_PRIZES)
            + prizes_for(
                men_team, men_team["standings"], "公开组团体（男子）", GOMOKU_MEN_TEAM_PRIZES
            )
            + prizes_for(
                women_team, women_team["standings"], "公开组团体（女子）", GOMOKU_WOMEN_TEAM_PRIZES
            )
        )
        doc["grades"] = grades_for(open_event, open_rows, GOMOKU_OPEN_GRADES) + grades_for(
            youth_event, youth_rows, GOMOKU_YOUTH_GRADES
        )
    return doc


def _pair_players(
    rng: random.Random, names: Names, ids: Ids, count: int, kind: str
) -> list[Player]:
    players = []
    for index in range(count):
        if kind == "MD":
            genders = ("M", "M")
        elif kind == "WD":
            genders = ("F", "F")
        else:
            genders = ("M", "F") if rng.random() < 0.5 else ("F", "M")
        members = [names.make(g) for g in genders]
        players.append(
            Player(
                id=ids(),
                seed=index + 1,
                name="、".join(members),
                gender="M" if kind == "MD" else "F" if kind == "WD" else None,  # type: ignore[arg-type]
                unit=rng.choice(UNITS),
                region=rng.choice(REGIONS),
                birth=date(1985, 1, 1),
                grade=None,
                rating=2200 - index * 30 + rng.randint(-40, 40),
                source=None,  # type: ignore[arg-type]
                members=members,
            )
        )
    return players


def go_final(*, rounds_complete: int = 9, seed: int = 2019) -> dict[str, Any]:
    """The Go final; with `rounds_complete` < 9 the next round of 男子个人 is paired."""
    rng = random.Random(seed)
    names = Names(rng)
    ids = Ids()
    grades = ("业余6段", "业余5段", "业余4段", "业余3段", "业余2段", "业余1段", "1级")
    men_players = make_players(
        rng,
        names,
        ids,
        360,
        women_share=0.15,
        born=(date(1960, 1, 1), date(2010, 12, 31)),
        grades=grades,
    )
    _spice_names(men_players, names)
    men_players[300].withdrawn_after = 2
    youth_players = make_players(
        rng,
        names,
        ids,
        48,
        women_share=0.25,
        born=(date(2008, 1, 1), date(2014, 12, 31)),
        grades=("业余3段", "业余2段", "业余1段", "1级"),
    )
    men_event, _, men_rows = individual_event(
        "MEN",
        "男子个人",
        "go",
        men_players,
        rng,
        planned=9,
        complete=rounds_complete,
        categories=[
            {
                "code": "W",
                "name": "女子个人",
                "gender": "F",
                "born_from": None,
                "born_to": None,
                "min_grade": None,
            }
        ],
    )
    youth_complete = min(rounds_complete, 7)
    youth_event, _, youth_rows = individual_event(
        "YOUTH",
        "少儿组",
        "go",
        youth_players,
        rng,
        planned=7,
        complete=youth_complete,
        categories=[],
    )
    pair_events = []
    for code, title, count in (
        ("MD", "男子双人", 24),
        ("WD", "女子双人", 16),
        ("XD", "男女混双", 19),
        ("PC", "亲子双人", 14),
    ):
        players = _pair_players(rng, names, ids, count, code)
        event, _, rows = individual_event(
            code,
            title,
            "go",
            players,
            rng,
            planned=5,
            complete=min(rounds_complete, 5),
            categories=[],
            kind="pair",
        )
        pair_events.append((event, rows))
    men_team = team_event(
        "MT", "男子团体", "go", men_event, men_rows, ids, rng, size=3, gender="M", max_teams=16
    )
    women_team = team_event(
        "WT", "女子团体", "go", men_event, men_rows, ids, rng, size=2, gender="F", max_teams=6
    )
    doc: dict[str, Any] = {
        "format": "finals-export",
        "version": 1,
        "exported_at": "2019-11-01T17:30:00",
        "tournament": _tournament(
            "go",
            "2019年中国围棋棋王争霸赛总决赛暨“商旅杯”杭州国际城市围棋赛",
            [
                "中国棋院杭州分院",
                "浙江日报报业集团",
                "浙江省围棋协会",
                "杭州市商贸旅游集团有限公司",
            ],
            "中国棋院杭州分院",
            "2019-10-27",
            "2019-11-01",
            "中国棋院杭州分院",
            "3又3/4子",
        ),
        "events": [men_event, youth_event] + [e for e, _ in pair_events] + [men_team, women_team],
        "prizes": [],
        "prize_rules": PrizeRules().to_dict(),  # the rule for shared places, as exported
        "grades": [],
    }
    if rounds_complete >= 9:
        prizes = (
            prizes_for(men_event, men_rows, "男子个人", GO_MEN_PRIZES)
            + prizes_for(
                men_event,
                men_event["category_standings"]["W"],
                "女子个人",
                GO_WOMEN_PRIZES,
                category="W",
            )
            + prizes_for(youth_event, youth_rows, "少儿组", GO_YOUTH_PRIZES)
            + prizes_for(men_team, men_team["standings"], "男子团体", GO_MEN_TEAM_PRIZES)
            + prizes_for(women_team, women_team["standings"], "女子团体", GO_WOMEN_TEAM_PRIZES)
        )
        for event, rows in pair_events:
            prizes += prizes_for(event, rows, event["name"], GO_PAIR_PRIZES)
        doc["prizes"] = prizes
        doc["grades"] = grades_for(
            men_event, men_rows, [(1, 8, "业余5段"), (9, 32, "业余4段")]
        ) + grades_for(youth_event, youth_rows, [(1, 3, "业余3段"), (4, 6, "业余2段")])
    return doc


def private_strings(doc: dict[str, Any]) -> list[str]:
    """Every ID-number-, phone- or platform-account-like string the fixture planted."""
    found = []
    for event in doc["events"]:
        for entrant in event["entrants"]:
            found += [entrant["id_number"], entrant["phone"], entrant["platform_account"]]
    found.append(doc["tournament"]["contact_phone"])
    return found
