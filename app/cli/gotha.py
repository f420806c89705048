"""Commands for the files Go arbiters exchange (issue 18): OpenGotha XML out and in, EGF h9
results out.

    finals opengotha-export FILE --event CODE -o out.xml
    finals opengotha-import FILE in.xml --event CODE [--name 名称]
    finals h9 FILE --event CODE -o out.h9

An output file is written whole or not at all (a temporary file beside it, then moved into
place), never onto the tournament file, and never over an existing file without --force
(`app.cli.outputs`).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from app.cli.common import add_event, add_file, opened, operator, whole_number
from app.cli.outputs import add_output

MINUTES = whole_number("调整用时（分钟）", 1, 10_000)


def cmd_export(args: argparse.Namespace) -> int:
    from app.services import opengotha

    with opened(args) as db:
        summary = opengotha.export_opengotha(db, args.event, Path(args.output), operator(args))
    print(
        f"已导出项目 {summary.code} 为 OpenGotha 文件 {args.output}："
        f"{summary.players} 名选手，{summary.rounds} 轮，{summary.games} 盘"
    )
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from app.services import opengotha

    with opened(args) as db:
        summary = opengotha.import_opengotha(
            db, Path(args.xml), args.event, args.name, operator(args)
        )
    print(
        f"已导入项目 {summary.code}（{summary.name}）：{summary.players} 名选手，"
        f"{summary.rounds} 轮，{summary.games} 盘（编排制度：{summary.system}）"
    )
    for line in summary.notes:
        print(f"说明：{line}")
    return 0


def cmd_h9(args: argparse.Namespace) -> int:
    from app.io.h9 import H9Options
    from app.services import opengotha
    from app.text import clean_text

    for flag in ("country", "club", "city"):  # typed text: no control or invisible character
        clean_text(getattr(args, flag), f"--{flag}")
    options = H9Options(
        country=args.country,
        club=args.club,
        tournament_class=args.egf_class,
        time=args.time,
        city=args.city,
    )
    with opened(args) as db:
        summary = opengotha.export_h9(db, args.event, Path(args.output), operator(args), options)
    print(
        f"已导出项目 {summary.code} 的 EGF h9 成绩文件 {args.output}："
        f"{summary.players} 名选手，{summary.rounds} 轮（等级 CL[{args.egf_class}]，国家 {args.country}；"
        "用 --class、--time、--country、--club、--city 修改文件头）"
    )
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser("opengotha-export", help="把一个围棋项目导出为 OpenGotha XML 文件")
    add_file(p)
    add_event(p, required=True)
    add_output(p, "-o", "--output", required=True, help="输出文件（.xml）")
    p.set_defaults(handler=cmd_export)

    p = sub.add_parser("opengotha-import", help="从 OpenGotha XML 文件新建一个项目")
    add_file(p)
    p.add_argument("xml", metavar="XML", help="OpenGotha 导出的 XML 文件")
    add_event(p, required=True, help="新项目代码（不得与已有项目重复）")
    p.add_argument("--name", help="新项目名称（默认取文件中的比赛名称）")
    p.set_defaults(handler=cmd_import)

    p = sub.add_parser("h9", help="把一个围棋项目的成绩导出为 EGF h9 文件（欧洲围棋数据库）")
    add_file(p)
    add_event(p, required=True)
    add_output(p, "-o", "--output", required=True, help="输出文件（.h9）")
    p.add_argument(
        "--class",
        dest="egf_class",
        default="A",
        choices=["A", "B", "C", "D"],
        help="EGF 比赛等级 CL（默认 A）",
    )
    p.add_argument("--time", type=MINUTES, help="调整用时 TM（分钟：基本用时加读秒折算）")
    p.add_argument("--country", default="CN", help="国家代码（两个字母，默认 CN）")
    p.add_argument("--club", help="统一的俱乐部代码（最多 4 个字母；默认取单位的拼音首字母）")
    p.add_argument("--city", help="比赛城市（拉丁字母；默认取比赛地点的拼音）")
    p.set_defaults(handler=cmd_h9)
