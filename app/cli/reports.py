"""`finals report`: every printed document, PDF or Excel by the output's suffix.

The command line is the program's composition root: it alone, inside `app`, reaches up to
`reports` (an explicit exception in the import contracts).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.cli.common import opened, round_number
from app.errors import FinalsError

if TYPE_CHECKING:
    from app.store.database import Database

ROUND_KINDS = ("pairings", "index", "slips", "lineup")  # --round is a round of pairings


NO_ADDRESS_WARNING = (
    "警告：未设置现场录入地址，成绩登记单不印二维码（裁判可照常手写登记）。要印二维码，请加 "
    "--base-url http://本机地址:8765/，或 finals settings {file} --set "
    "remote_entry_url=http://本机地址:8765/（finals serve 启动时也会记下它的地址）。"
)


def _add_table_links(db: Database, doc: dict[str, Any], event: str | None,
                     round_number: int | None, base_url: str | None) -> bool:
    """Each slip's QR code opens that table's phone page (secret per table; never exported).

    The address is `--base-url`, else the one `serve` last ran on (tournament setting
    `remote_entry_url`).  With none, no game gets a link: a bare token opens nothing on a
    phone, so the slips are printed without QR codes; returns False then.  Only the events
    printed get links, each for the round asked for (its latest by default); an event that
    has not reached that round is left to the report to name.
    """
    from app.services.remote_entry import ensure_tokens, remembered_base_url, tokens_for_round

    base = base_url or remembered_base_url(db)
    if not base:
        return False
    for data in doc["events"]:
        if event is not None and event.lower() not in (data["code"].lower(), data["name"]):
            continue
        number = round_number or (data["rounds"][-1]["number"] if data["rounds"] else None)
        rnd = next((r for r in data["rounds"] if r["number"] == number), None)
        if rnd is None:
            continue
        links = tokens_for_round(db, data["code"], number, base)
        if not links and rnd.get("status") != "complete" and not db.read_only:
            ensure_tokens(db, data["code"], number)
            links = tokens_for_round(db, data["code"], number, base)
        for game in rnd["games"]:
            if game["table"] in links:
                game["link"] = links[game["table"]]
    return True


def cmd_report(args: argparse.Namespace) -> int:
    from app.io.export_json import build_export
    from reports.build import KINDS, build_report
    from reports.errors import ReportError

    if args.kind not in KINDS:
        raise FinalsError(f"未知的文档类型 {args.kind}。可用：{'、'.join(KINDS)}。")
    with opened(args) as db:
        after = None if args.kind in ROUND_KINDS else args.round
        doc = build_export(db, after)
        if args.kind == "slips" and not _add_table_links(db, doc, args.event, args.round,
                                                         args.base_url):
            print(NO_ADDRESS_WARNING.format(file=args.file), file=sys.stderr)
        if args.kind == "certificates" and Path(args.output).suffix.lower() == ".pdf":
            from app.cli.certificates import number_certificates

            number_certificates(db, doc, args)  # the register's numbers (issue 14)
    out = Path(args.output)
    if out.suffix.lower() not in (".pdf", ".xlsx"):
        raise FinalsError(f"输出文件 {out.name} 的扩展名应为 .pdf 或 .xlsx。")
    try:
        path = build_report(doc, args.kind, out, event=args.event, round=args.round,
                            category=args.category, cert_type=args.type,
                            order=args.order, card=args.card,
                            large=args.large)
    except ReportError as exc:
        raise FinalsError(str(exc)) from exc
    print(f"已生成{KINDS[args.kind]}：{path}")
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser("report", help="打印文档（PDF 或 Excel，按输出文件扩展名）")
    p.add_argument("file")
    p.add_argument("kind", metavar="KIND",
                   help="pairings index slips standings crosstable teams pairs prizes certificates "
                        "grades entries（秩序册） checkin（签到表） cards（台号牌） "
                        "lineup（团体赛出场名单） ceremony（颁奖顺序表）")
    p.add_argument("--event")
    p.add_argument("--round", type=round_number)
    p.add_argument("--category")
    p.add_argument("--type", default="prize", choices=["prize", "grade", "participation"],
                   help="证书类型（certificates）")
    p.add_argument("--order", default="unit", choices=["unit", "pinyin"],
                   help="签到表排序（checkin）：unit 按单位，pinyin 按姓名拼音")
    p.add_argument("--card", default="tent", choices=["tent", "a5"],
                   help="台号牌样式（cards）：tent A4 横向对折桌牌，a5 A5 单面")
    p.add_argument("--base-url", dest="base_url",
                   help="成绩登记单二维码的现场录入地址，如 http://192.168.1.10:8765/（默认为上次启动服务的地址）")
    p.add_argument("--large", action="store_true",
                   help="张贴用大字版（pairings、index）：A4 横向两栏，姓名不小于 14 磅，2 米外可读")
    p.add_argument("-o", "--output", required=True)
    p.set_defaults(handler=cmd_report)
