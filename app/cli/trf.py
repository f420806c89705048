"""Commands for TRF-16 files: export an event, import a file, pair a file (Dutch)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from app.cli.common import add_event, add_file, opened, operator
from app.cli.outputs import add_output


def cmd_export(args: argparse.Namespace) -> int:
    from app.services import trf as trf_service

    with opened(args) as db:
        count = trf_service.export_trf(db, args.event, Path(args.output), operator(args))
    print(f"已导出 {count} 名选手到 {args.output}")
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from app.services import trf as trf_service

    with opened(args) as db:
        summary = trf_service.import_trf(db, Path(args.trf), args.code, args.name, operator(args))
    print(
        f"已导入项目 {summary.code}：{summary.players} 名选手，{summary.rounds} 轮（编排制度：荷兰制）"
    )
    if summary.requested_byes:
        print("已保留请求轮空（不编排，计分）：" + "、".join(summary.requested_byes))
    for line in summary.skipped:
        print(f"未导入：{line}")
    return 0


def cmd_pair(args: argparse.Namespace) -> int:
    from app.services import trf as trf_service

    text = trf_service.pair_trf_file(Path(args.trf))
    if args.output:
        from app.services.outputs import written_output

        with written_output(args.output) as temp:
            temp.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def register(sub: Any) -> None:
    trf = sub.add_parser("trf", help="TRF-16 文件：导出、导入、按荷兰制编排")
    actions = trf.add_subparsers(
        dest="trf_command",
        required=True,
        metavar="ACTION",
        help="export 导出、import 导入或 pair 编排",
    )

    p = actions.add_parser("export", help="把一个项目导出为 TRF-16 文件")
    add_file(p)
    add_event(p, required=True)
    add_output(p, "-o", "--output", required=True, help="输出的 TRF 文件")
    p.set_defaults(handler=cmd_export)

    p = actions.add_parser("import", help="从 TRF-16 文件新建一个项目（荷兰制）")
    add_file(p)
    p.add_argument("trf", metavar="TRF", help="要导入的 TRF-16 文件")
    p.add_argument("--code", default="TRF", help="新项目代码（默认 TRF）")
    p.add_argument("--name", help="新项目名称（默认取文件的 012 行）")
    p.set_defaults(handler=cmd_import)

    p = actions.add_parser(
        "pair", help="按荷兰制编排 TRF 文件的下一轮：首行对数，之后每台“白方 黑方”编号（0为轮空）"
    )
    p.add_argument("trf", metavar="TRF", help="要编排的 TRF-16 文件（已有各轮成绩）")
    add_output(p, "-o", "--output", help="输出文件（默认输出到屏幕）")
    p.set_defaults(handler=cmd_pair)
