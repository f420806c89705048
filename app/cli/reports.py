"""`finals report`: every printed document, PDF or Excel by the output's suffix.

The command line is the program's composition root: it alone, inside `app`, reaches up to
`reports` (an explicit exception in the import contracts).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from app.cli.common import (
    CARD_STYLES,
    CERTIFICATE_TYPES,
    CHECKIN_ORDER,
    add_event,
    add_file,
    add_round,
    add_words,
    base_url,
    opened,
    operator,
)
from app.cli.outputs import add_output
from app.errors import FinalsError

ROUND_KINDS = ("pairings", "index", "slips", "lineup")  # --round is a round of pairings


POSTER_NO_ADDRESS = (
    "不知道选手查询页面的地址，海报无法印二维码。请加 --base-url http://本机地址:8765/，"
    "或先用 finals serve {file} --bind 本机地址 --public 启动一次服务（会记下它的地址），"
    "或 finals settings {file} --set remote_entry_url=http://本机地址:8765/。"
)


NO_ADDRESS_WARNING = (
    "警告：未设置现场录入地址，成绩登记单不印二维码（裁判可照常手写登记）。要印二维码，请加 "
    "--base-url http://本机地址:8765/，或 finals settings {file} --set "
    "remote_entry_url=http://本机地址:8765/（finals serve 启动时也会记下它的地址）。"
)


def cmd_report(args: argparse.Namespace) -> int:
    from app.services.read_model import load_final
    from app.services.remote_entry import remembered_base_url
    from reports.build import KINDS, PrintExtras, build_report, results_mark
    from reports.errors import ReportError

    if args.kind not in KINDS:
        raise FinalsError(f"未知的文档类型 {args.kind}。可用：{'、'.join(KINDS)}。")
    links: dict[tuple[str, int, int], str] = {}
    numbers: dict[str, str] = {}
    public_url = None
    with opened(args) as db:
        after = None if args.kind in ROUND_KINDS else args.round
        if args.kind == "poster":
            if Path(args.output).suffix.lower() != ".pdf":
                raise FinalsError(
                    f"海报只能输出 PDF：输出文件 {Path(args.output).name} 的扩展名应为 .pdf。"
                )
            public_url = args.base_url or remembered_base_url(db)
            if not public_url:
                raise FinalsError(POSTER_NO_ADDRESS.format(file=args.file))
        final = load_final(db, after)
        if args.kind == "prizes":  # late and ineligible teams' prizes, as finals prizes says
            from app.cli.common import warn
            from app.cli.results import prize_warnings

            warn(prize_warnings(final))
        if args.kind == "slips":
            from app.services.remote_entry import slip_links

            found = slip_links(db, final, args.event, args.round, args.base_url)
            if found is None:
                print(NO_ADDRESS_WARNING.format(file=args.file), file=sys.stderr)
            links = found or {}
        chosen = None
        try:  # results not yet final: refused, or provisional (and then never numbered)
            if args.kind == "certificates":  # collected once: the mark, the numbers, the pages
                from reports.certificate_awards import select_certificates

                chosen = select_certificates(
                    final, args.type, args.event, args.category, provisional=args.provisional
                )
                mark = chosen.mark
            else:
                mark = results_mark(
                    final,
                    args.kind,
                    event=args.event,
                    category=args.category,
                    cert_type=args.type,
                    provisional=args.provisional,
                )
        except ReportError as exc:
            raise FinalsError(str(exc)) from exc
        if chosen is not None and Path(args.output).suffix.lower() == ".pdf":
            from app.services.certificates import number_certificates

            # the register's numbers (issue 14): none for a provisional print
            numbers = number_certificates(db, chosen, operator(args))
    out = Path(args.output)
    if out.suffix.lower() not in (".pdf", ".xlsx"):
        raise FinalsError(f"输出文件 {out.name} 的扩展名应为 .pdf 或 .xlsx。")
    try:
        path = build_report(
            final,
            args.kind,
            out,
            event=args.event,
            round=args.round,
            category=args.category,
            cert_type=args.type,
            order=args.order,
            card=args.card,
            large=args.large,
            extras=PrintExtras(
                links=links,
                certificate_numbers=numbers,
                certificates=chosen,
                public_url=public_url,
            ),
            provisional=args.provisional,
        )
    except ReportError as exc:
        raise FinalsError(str(exc)) from exc
    shown = f"（二维码：{public_url}）" if public_url else ""
    if mark:
        numbered = "，未发证书编号" if args.kind == "certificates" else ""
        shown += f"（{mark}：非最终结果{numbered}）"
    print(f"已生成{KINDS[args.kind]}：{path}{shown}")
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser("report", help="打印文档（PDF 或 Excel，按输出文件扩展名）")
    add_file(p)
    p.add_argument(
        "kind",
        metavar="KIND",
        help="文档种类：pairings（对阵表） index（姓名索引） slips（成绩登记单） "
        "standings（成绩排名表） crosstable（对阵成绩表） teams（团体成绩表） "
        "pairs（双人赛成绩表） prizes（奖金发放表） medals（奖牌名单：谁得何种奖牌、各订几枚） "
        "certificates（证书） grades（等级申报表） "
        "entries（秩序册） checkin（签到表） cards（台号牌） "
        "lineup（团体赛出场名单） ceremony（颁奖顺序表） "
        "poster（选手查询海报：--base-url，--large 为 A3） "
        "mcmahon（麦克马洪起始分，第1轮前公布）",
    )
    add_event(p, help="只印该项目（项目代码；省略为全部项目）")
    add_round(
        p,
        help="轮次（从1起；省略为最新一轮）：pairings、index、slips、lineup 印该轮对阵，"
        "其余印截至该轮的名次",
    )
    p.add_argument(
        "--category",
        metavar="C",
        help="只印该组别（standings、prizes、medals、certificates、grades、ceremony），如 women、youth",
    )
    add_words(
        p,
        "--type",
        words=CERTIFICATE_TYPES,
        lead="证书类型（certificates；默认 prize）",
        default="prize",
    )
    add_words(
        p, "--order", words=CHECKIN_ORDER, lead="签到表排序（checkin；默认 unit）", default="unit"
    )
    add_words(
        p,
        "--card",
        words=CARD_STYLES,
        lead="台号牌样式（cards；默认 tent）：tent A4 横向对折桌牌，a5 A5 单面",
        default="tent",
    )
    p.add_argument(
        "--base-url",
        dest="base_url",
        type=base_url,
        help="成绩登记单二维码的现场录入地址，如 http://192.168.1.10:8765/（默认为上次启动服务的地址）",
    )
    p.add_argument(
        "--large",
        action="store_true",
        help="张贴用大字版（pairings、index、standings；poster 为 A3）：A4 横向，姓名与数字不小于 14 磅，"
        "2 米外可读；其他种类或 .xlsx 加 --large 会被拒绝",
    )
    p.add_argument(
        "--provisional",
        action="store_true",
        help="比赛未结束时也打印奖金发放表、奖牌名单、获奖/等级证书、等级申报表、颁奖顺序表：每页标明本页项目的“临时（第N轮后）”，"
        "不发证书编号，不写入证书登记（不加此项则比赛结束前拒绝打印）",
    )
    add_output(p, "-o", "--output", required=True, help="输出文件（.pdf 或 .xlsx）")
    p.set_defaults(handler=cmd_report)
