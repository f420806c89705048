"""A realistic demo final: plausible players, teams and pairs, and optionally played rounds.

Everything goes through the same use cases as a real final (import, pair, record result),
so a demo exercises the program, not a shortcut around it.
"""

from __future__ import annotations

import random
from collections import defaultdict
from datetime import date
from pathlib import Path
from typing import Any

from app.domain import EventKind
from app.io.sheets import SheetRow
from app.presets import load_preset
from app.sample_players import (  # CITIES, CLUB_KINDS, LONG_UNITS: read by tests
    CITIES,
    CLUB_KINDS,
    GO_GRADES,
    GOMOKU_GRADES,
    LONG_UNITS,
    FictitiousNames,
    fictitious_units,
    random_birth,
)
from app.services.registration import import_rows
from app.services.tournament import create_tournament, list_events
from app.store.database import Database

__all__ = [
    "CITIES",
    "CLUB_KINDS",
    "LONG_UNITS",
    "build_demo",
    "demo_rows",
    "ensure_demo",
    "play_rounds",
]


def _row(
    number: int,
    name: str,
    gender: str,
    birth: date,
    unit: str,
    grade: str,
    rating: int,
    source: str,
    rank: int | None,
    events: str,
    group: str | None,
    rng: random.Random,
) -> SheetRow:
    region = unit[:2]
    return SheetRow(
        number,
        {
            "姓名": name,
            "性别": "男" if gender == "M" else "女",
            "出生日期": birth.isoformat(),
            "单位": unit,
            "地区": region,
            "段位": grade,
            "等级分": rating,
            "来源": source,
            "名次": rank,
            "身份证号": f"33{rng.randrange(10**15, 10**16)}",
            "电话": f"13{rng.randrange(10**8, 10**9)}",
            "项目": events,
            "队名/搭档": group,
        },
    )


def demo_rows(preset: dict[str, Any], players: int | None, seed: int) -> list[SheetRow]:
    """The registration sheet of a demo final for `preset`."""
    rng = random.Random(seed)
    names = FictitiousNames(rng)
    go = preset["tournament"]["game"] == "go"
    events = {e["code"]: e for e in preset["events"]}
    main = next(e for e in preset["events"] if e["kind"] == "individual")
    main_count = players or (360 if go else 150)
    units = fictitious_units(rng, max(12, main_count // 6))
    grades = GO_GRADES if go else GOMOKU_GRADES
    rows: list[SheetRow] = []
    people: list[dict[str, Any]] = []
    for _ in range(main_count):
        gender = "F" if rng.random() < 0.22 else "M"
        wild = rng.random() < 0.1
        people.append(
            {
                "name": names.make(gender),
                "gender": gender,
                "unit": rng.choice(units),
                "birth": random_birth(rng, date(1965, 1, 1), date(2007, 12, 31)),
                "grade": rng.choice(grades),
                "rating": rng.randrange(1500, 2600),
                "source": "外卡" if wild else f"入围赛第{rng.randrange(1, 9)}期",
                "rank": None if wild else rng.randrange(1, 46 if go else 11),
                "events": [main["name"]],
                "group": None,
            }
        )
    # Teams: same-unit players of the main event, men's teams and women's teams, of the
    # members the regulation allows (Gomoku: qualified online, no wild card).
    for spec in events.values():
        if spec["kind"] != "team":
            continue
        size = spec.get("eligibility", {}).get("team_size", 3)
        gender = spec.get("eligibility", {}).get("gender")
        excluded = spec.get("eligibility", {}).get("team_excluded_sources", [])
        by_unit: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for person in people:
            if (
                person["group"] is None
                and (gender is None or person["gender"] == gender)
                and not any(word in person["source"] for word in excluded)
            ):
                by_unit[person["unit"]].append(person)
        team_no = 0
        for unit, members in sorted(by_unit.items()):
            per_unit = 0
            while len(members) >= size and team_no < (8 if gender == "M" else 5):
                team_no += 1
                per_unit += 1
                team = [members.pop() for _ in range(size)]
                suffix = "" if per_unit == 1 else "二三四五"[per_unit - 2]
                team_name = f"{unit}{'男' if gender == 'M' else '女'}队{suffix}"
                for person in team:
                    person["events"].append(spec["name"])
                    person["group"] = team_name
    for index, person in enumerate(people, start=2):
        rows.append(
            _row(
                index,
                person["name"],
                person["gender"],
                person["birth"],
                person["unit"],
                person["grade"],
                person["rating"],
                person["source"],
                person["rank"],
                "、".join(person["events"]),
                person["group"],
                rng,
            )
        )
    number = len(rows) + 2
    # Youth event: its own players, born inside the window, with enough grade.
    for spec in events.values():
        if spec["kind"] != "individual" or spec is main:
            continue
        elig = spec.get("eligibility", {})
        start = date.fromisoformat(elig.get("born_from", "2008-09-01"))
        end = date.fromisoformat(elig.get("born_to", "2016-12-31"))
        for _ in range(max(16, main_count // 6)):
            gender = "F" if rng.random() < 0.35 else "M"
            grade = rng.choice(grades[1:] if elig.get("min_grade") else grades[:5])
            rows.append(
                _row(
                    number,
                    names.make(gender),
                    gender,
                    random_birth(rng, start, end),
                    rng.choice(units),
                    grade,
                    rng.randrange(1200, 2000),
                    "少儿报名",
                    None,
                    spec["name"],
                    None,
                    rng,
                )
            )
            if elig.get("platform_account_required"):  # the Go youth's 弈战 username
                rows[-1].values["平台账号"] = f"yizhan_{seed}_{number:05d}"
            number += 1
    # Pair events: two new rows per pair naming each other.
    for spec in events.values():
        if spec["kind"] != "pair":
            continue
        rule = spec.get("eligibility", {}).get("pair")
        for _ in range(12 if main_count >= 100 else 6):
            if rule == "parent_child":
                parent_gender, child_gender = rng.choice("MF"), rng.choice("MF")
                first = (
                    names.make(parent_gender),
                    parent_gender,
                    random_birth(rng, date(1975, 1, 1), date(1990, 12, 31)),
                )
                second = (
                    names.make(child_gender),
                    child_gender,
                    random_birth(rng, date(2010, 1, 1), date(2016, 12, 31)),
                )
            else:
                genders = {"MM": "MM", "FF": "FF", "MF": "MF"}.get(rule or "MM", "MM")
                first = (
                    names.make(genders[0]),
                    genders[0],
                    random_birth(rng, date(1970, 1, 1), date(2006, 12, 31)),
                )
                second = (
                    names.make(genders[1]),
                    genders[1],
                    random_birth(rng, date(1970, 1, 1), date(2006, 12, 31)),
                )
            unit = rng.choice(units)
            for me, partner in ((first, second), (second, first)):
                rows.append(
                    _row(
                        number,
                        me[0],
                        me[1],
                        me[2],
                        unit,
                        rng.choice(grades),
                        rng.randrange(1500, 2400),
                        "双人赛报名",
                        None,
                        spec["name"],
                        partner[0],
                        rng,
                    )
                )
                number += 1
    return rows


def _random_result(rng: random.Random, go: bool, draws: bool = True) -> tuple[str, str | None]:
    """A plausible result; `draws` False (Go with komi 3又3/4子): never a draw."""
    roll = rng.random()
    if roll < 0.015:
        return rng.choice(("+-", "-+")), "弃权"
    draw_share = (0.005 if go else 0.06) if draws else 0.0
    if roll < 0.015 + draw_share:
        return "=", "三劫循环" if go else "和棋"
    first_wins = rng.random() < (0.52 if go else 0.56)
    if go:
        manner = rng.choice(
            ("中盘胜", "中盘胜", f"{rng.randrange(1, 12)}又{rng.choice(('1/4', '3/4'))}子", "超时")
        )
    else:
        manner = rng.choice(("连五", "连五", "认输", "禁手（三三）", "超时"))
    return ("1-0" if first_wins else "0-1"), manner


def play_rounds(db: Database, rounds: int, seed: int, operator: str = "") -> None:
    from app.services.results import record_result
    from app.services.rounds import pair_next
    from app.services.tournament import tournament_settings

    rng = random.Random(seed + 7)
    game = _game_of(db)
    draws = not tournament_settings(db, ("komi", "draws")).refuses_draws(game)
    for event in list_events(db):
        if event.kind is EventKind.TEAM or event.entrants < 2:
            continue
        planned = event.rounds_planned or rounds
        for _ in range(min(rounds, planned)):
            view = pair_next(db, event.code, operator)
            for g in view.games:
                if g.second is None:
                    continue
                result, manner = _random_result(rng, game == "go", draws)
                record_result(
                    db, event.code, view.number, g.table, result, manner, operator=operator
                )


def _game_of(db: Database) -> str:
    from app.services.tournament import tournament_info

    return tournament_info(db).game


def build_demo(
    path: Path | str,
    preset_name: str,
    players: int | None = None,
    seed: int = 2022,
    rounds: int = 0,
    operator: str = "",
) -> str:
    preset = load_preset(preset_name)
    db = create_tournament(path, preset_name, None, operator)
    try:
        summary = import_rows(db, demo_rows(preset, players, seed), "演示报名表", None, operator)
        if rounds:
            play_rounds(db, rounds, seed, operator)
        lines = [
            f"演示比赛已生成：{path}（{preset['tournament']['title']}）",
            f"选手 {summary.players} 人；队伍 {summary.teams} 支；双人组合 {summary.pairs} 对。",
        ]
        for event in list_events(db):
            lines.append(
                f"  {event.code:8} {event.name}：{event.entrants} 个参赛单位，"
                f"已赛 {event.rounds_complete} 轮"
            )
        return "\n".join(lines)
    finally:
        db.close()


def ensure_demo(path: Path | None = None) -> Path:
    """The demo tournament the program opens when no file is given: `demo.finals` in the
    user's data folder (app.userdata), built there on first use; its backups go beside it."""
    if path is None:
        from app.userdata import demo_path

        path = demo_path()
    if not path.exists():
        print(build_demo(path, "hangzhou-go", players=360, rounds=3))
        print(f"演示比赛保存在用户数据文件夹：{path.parent}（删除 {path.name} 即可重新生成）")
    return path
