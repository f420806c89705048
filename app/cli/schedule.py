"""`finals schedule`: each round's scheduled date and start time (the regulation's timetable)."""

from __future__ import annotations

import argparse
from typing import Any

from app.cli.common import (
    add_event,
    add_file,
    add_json,
    add_round,
    opened,
    operator,
    print_json,
    table,
)


def cmd_schedule(args: argparse.Namespace) -> int:
    from app.errors import FinalsError
    from app.services.schedule import round_times, set_round_time

    with opened(args) as db:
        if args.at is not None or args.clear:
            if args.event is None or args.round is None:
                raise FinalsError(
                    "修改赛程需要 --event 项目 和 --round 轮次，如 "
                    'finals schedule FILE --event MEN --round 1 --at "2022-10-28 09:00"。'
                )
            at = set_round_time(
                db, args.event, args.round, None if args.clear else args.at, operator(args)
            )
            print(f"{args.event} 第{args.round}轮：" + (f"{at} 开赛" if at else "已删除开赛时间"))
            return 0
        times = round_times(db, args.event)
    if args.round is not None:
        times = [t for t in times if t.round == args.round]
    if args.json:
        print_json([{"event": t.event, "round": t.round, "at": t.at} for t in times])
        return 0
    print(
        table(
            [[t.event, t.event_name, f"第{t.round}轮", t.at or "（未定）"] for t in times],
            ["项目", "名称", "轮次", "开赛时间"],
        )
    )
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser(
        "schedule", help="赛程：各轮的比赛日期和开赛时间（印在对阵表、成绩单、成绩表上）"
    )
    add_file(p)
    add_event(p, help="项目代码（修改赛程时须给出；省略为列出全部项目）")
    add_round(p, help="轮次（从1起；修改赛程时须给出；省略为列出全部轮次）")
    p.add_argument("--at", help='开赛时间，如 "2022-10-28 09:00"')
    p.add_argument("--clear", action="store_true", help="删除该轮的开赛时间")
    add_json(p)
    p.set_defaults(handler=cmd_schedule)
