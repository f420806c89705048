"""`finals mcmahon`: every player's McMahon start and group before round 1 (issue 18)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from app.cli.common import (
    EVENT_ONE_HELP,
    add_event,
    add_file,
    add_json,
    fmt_points,
    opened,
    print_json,
    table,
)
from app.domain import EventKind


def cmd_mcmahon(args: argparse.Namespace) -> int:
    from app.cli.results import _event
    from app.pairing.mcmahon import missing_grades_error
    from app.readmodel.mcmahon import mcmahon_table
    from app.services.read_model import load_final

    with opened(args) as db:
        final = load_final(db)
    event = _event(final, args.event)
    if event.kind != EventKind.INDIVIDUAL:
        from app.errors import FinalsError

        raise FinalsError(
            f"项目 {event.code}（{event.name}）不是个人项目：麦克马洪制按每名棋手的段级位定起始分，"
            "只用于个人项目。"
        )
    found = mcmahon_table(event)
    if args.json:
        print_json(
            {
                "event": found.code,
                "system": "mcmahon" if found.is_mcmahon else "other",
                "bar": found.settings.bar,
                "floor": found.settings.floor,
                "step": found.step,
                "players": [
                    {
                        "seed": line.seed,
                        "name": line.name,
                        "grade": line.grade,
                        "start": line.start,
                        "group": line.group,
                    }
                    for line in found.lines
                ],
            }
        )
    else:
        print(f"{found.name}（{found.code}）麦克马洪起始分（第1轮前）")
        rows = [
            [
                str(line.seed),
                line.name,
                line.unit,
                line.grade or "（未填）",
                fmt_points(line.start) if line.start is not None else "—",
                line.group,
            ]
            for line in found.lines
        ]
        print(table(rows, ["序号", "姓名", "单位", "段级位", "起始分", "组别"]))
        print("分组：" + "，".join(f"{name} {count} 人" for name, count in found.groups()))
        for text in found.settings_lines():
            print(text)
    if not found.is_mcmahon:
        print(
            f"注意：项目 {found.code} 现在不是麦克马洪制，以上起始分不会用于编排。要使用："
            f"finals settings {args.file} --event {found.code} --set pairing.system=mcmahon",
            file=sys.stderr,
        )
    if found.unreadable:
        print(f"注意：{missing_grades_error(found.unreadable, found.code)}", file=sys.stderr)
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser(
        "mcmahon",
        help="麦克马洪制：每名棋手的起始分和组别（第1轮前公布），以及上限、下限设置",
    )
    add_file(p)
    add_event(p, help=EVENT_ONE_HELP)
    add_json(p)
    p.set_defaults(handler=cmd_mcmahon)
