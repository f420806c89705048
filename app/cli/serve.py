"""Commands for result entry from the tables' phones: serve, submissions, table-links."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.cli.common import (
    CORRECT_HELP,
    RECORD_ID,
    TABLE,
    add_event,
    add_file,
    add_json,
    add_round,
    base_url,
    opened,
    operator,
    print_json,
    referee_pin,
    table,
    warn,
    whole_number,
)
from app.cli.outputs import add_output
from app.errors import FinalsError

if TYPE_CHECKING:
    from app.services.remote_entry import SubmissionView, SubmitOutcome
    from app.store.database import Database

PORT = whole_number("端口", 0, 65535)  # 0: any free port (shown in the address printed)
STATUS_WORDS = {
    "pending": "待确认",
    "accepted": "已采用",
    "rejected": "已拒绝",
    "conflict": "有冲突",
    "duplicate": "重复",
    "void": "已作废",
}


def _scope(db: Database, event: str | None, number: int | None) -> list[tuple[str, int]] | None:
    """The rounds to serve: one round, an event's open rounds, or every open round (None)."""
    from app.services import remote_entry
    from app.services.tournament import get_event

    if event is None:
        if number is not None:
            raise FinalsError("指定 --round 时请同时用 --event 指定项目。")
        return None
    with db.reading() as session:
        found = get_event(session, event)
        code = found.code
        rounds = [r.number for r in found.rounds]
    if number is not None:
        if number not in rounds:
            raise FinalsError(f"{code} 第{number}轮还没有编排。")
        return [(code, number)]
    open_ones = [n for c, n in remote_entry.open_rounds(db) if c == code]
    if not open_ones:
        raise FinalsError(f"{code} 没有等待录入成绩的轮次。请先编排下一轮。")
    return [(code, n) for n in open_ones]


def _pin_from_environment() -> str | None:
    """FINALS_PIN, checked as --pin is (None when unset or empty)."""
    from app.phone_access import PIN_EXAMPLE, pin_problem

    pin = os.environ.get("FINALS_PIN") or None
    problem = None if pin is None else pin_problem(pin)
    if problem:
        raise FinalsError(
            f"环境变量 FINALS_PIN 中的裁判口令{problem}，如 FINALS_PIN={PIN_EXAMPLE}。"
            "请改正或删去它，或用 --pin 给出口令。"
        )
    return pin


def cmd_serve(args: argparse.Namespace) -> int:
    from app.services import remote_entry
    from app.web import RemoteEntryServer, local_addresses
    from app.web.qr import qr_terminal
    from app.web.server import check_host_name

    if not args.bind:
        raise FinalsError(
            "请用 --bind 指定监听地址（只在该地址上服务）。本机可用地址："
            + "、".join(local_addresses())
            + "。"
        )
    host_name = None if args.host_name is None else check_host_name(args.host_name)
    pin = args.pin or _pin_from_environment()
    with opened(args) as db:
        scope = _scope(db, args.event, args.round)
        rounds = scope if scope is not None else remote_entry.open_rounds(db)
        for code, number in rounds:
            remote_entry.ensure_tokens(db, code, number, operator(args))

        def arrived(outcome: SubmitOutcome) -> None:
            word = STATUS_WORDS.get(outcome.status, outcome.status)
            number = f"第{outcome.submission}号 " if outcome.submission else ""
            print(
                f"{outcome.event} 第{outcome.round}轮 第{outcome.table}台 {outcome.result} "
                f"{number}{word}（来自 {outcome.client}）",
                flush=True,
            )
            warn(outcome.warnings)

        def locked(where: tuple[str, int, int]) -> None:
            code, number, table = where
            print(
                f"{code} 第{number}轮 第{table}台的链接因裁判口令错误过多已锁定。核实后解除："
                f"finals table-links {args.file} --event {code} --round {number} --unlock {table}",
                flush=True,
            )

        server = RemoteEntryServer(
            db,
            args.bind,
            args.port,
            pin=pin,
            auto_accept=args.auto_accept,
            scope=scope,
            operator=operator(args),
            on_submission=arrived,
            on_locked=locked,
            stop_when_rounds_close=not args.keep_running,
            host_name=host_name,
            public=args.public,
        )
        url = server.start()
        _stop_on_terminate(server)
        served = "、".join(f"{c} 第{n}轮" for c, n in rounds) or "无（尚无待录入的轮次）"
        print(f"现场成绩录入服务已启动：{url}")
        if args.public:
            print(
                f"选手查询页面已开放：{url}（对阵、排名、个人成绩，无需令牌；"
                "张贴海报：finals report FILE poster -o poster.pdf）"
            )
        print(
            f"服务轮次：{served}。{'已开启自动采用（无成绩、无冲突的台）。' if args.auto_accept else '提交需裁判长确认：finals submissions。'}"
        )
        if host_name:
            print(f"也接受以主机名访问：http://{host_name}:{server.port}/")
        if pin:
            print("已设置裁判口令。")
        print("各台二维码链接：finals table-links FILE --event 项目 --round 轮次")
        print(qr_terminal(url), end="")
        print("按 Ctrl+C 停止。", flush=True)
        try:
            server.wait()
        except KeyboardInterrupt:
            pass
        finally:
            server.stop()
        if server.stop_reason == "rounds_closed":
            print("服务轮次的成绩已全部录入，服务已停止。")
        else:
            print("服务已停止。")
    return 0


def _stop_on_terminate(server: Any) -> None:
    """`kill` (SIGTERM) stops the service as cleanly as Ctrl+C."""
    import signal
    import threading

    if threading.current_thread() is threading.main_thread():
        signal.signal(
            signal.SIGTERM,
            lambda _sig, _frame: threading.Thread(target=server.stop, daemon=True).start(),
        )


def _row(view: SubmissionView) -> list[str]:
    fouls = "" if view.fouls == (0, 0) else f"{view.fouls[0]},{view.fouls[1]}"
    state = STATUS_WORDS.get(view.status, view.status)
    if view.conflict:
        state = f"冲突：{view.conflict_reason}"
    elif view.note:
        state = f"{state}（{view.note}）"
    return [
        str(view.id),
        f"{view.event} {view.round}",
        str(view.table),
        f"{view.first_name} - {view.second_name}",
        view.result,
        view.manner or "",
        fouls,
        view.client,
        view.received_at[11:],
        state,
    ]


def cmd_submissions(args: argparse.Namespace) -> int:
    from app.services import remote_entry

    with opened(args) as db:
        who = operator(args)
        if args.accept_all:
            done = remote_entry.accept_all(db, who, args.event, args.round)
            if args.json:
                print_json(done.as_json())
            else:
                print(
                    f"已采用 {len(done.accepted)} 份提交。"
                    + (
                        f"有冲突、需逐一处理：第{'、'.join(map(str, done.conflicts))}号。"
                        if done.conflicts
                        else ""
                    )
                )
            warn(done.warnings)
            return 0
        if args.accept or args.reject:
            views = [remote_entry.accept(db, i, who, args.force) for i in args.accept or []]
            views += [remote_entry.reject(db, i, who, args.reason) for i in args.reject or []]
            if args.json:
                print_json([v.to_dict() for v in views])
            for view in [] if args.json else views:
                word = STATUS_WORDS[view.status]
                print(
                    f"第{view.id}号（{view.event} 第{view.round}轮 第{view.table}台 {view.result}）{word}。"
                )
            warn([w for view in views for w in view.warnings])
            return 0
        status = None if args.all else "pending"
        views = remote_entry.list_submissions(db, status, args.event, args.round)
        voided = (
            [] if args.all else remote_entry.list_submissions(db, "void", args.event, args.round)
        )
    if args.json:
        print_json([v.to_dict() for v in views])
        return 0
    if voided:
        print(
            f"有 {len(voided)} 份提交因编排调整已作废（第{'、'.join(str(v.id) for v in voided)}号；"
            "--all 查看原因），请台裁刷新页面后重新提交。",
            file=sys.stderr,
        )
    if not views:
        print("没有待确认的现场提交。" if status else "还没有现场提交。")
        return 0
    print(
        table(
            [_row(v) for v in views],
            ["编号", "轮次", "台号", "对局", "成绩", "胜负方式", "犯规", "来自", "时间", "状态"],
        )
    )
    conflicts = sum(1 for v in views if v.conflict)
    if conflicts:
        print(f"有 {conflicts} 份提交存在冲突：请核对后用 --accept 编号 或 --reject 编号 处理。")
    return 0


def _lock_hint(args: argparse.Namespace, code: str, tables: list[int]) -> str:
    number = f" --round {args.round}" if args.round else ""
    return (
        f"第{'、'.join(map(str, tables))}台的链接因裁判口令错误过多已锁定（该台无法提交）。"
        f"核实后解除：finals table-links {args.file} --event {code}{number} --unlock "
        + " ".join(map(str, tables))
    )


def cmd_table_links(args: argparse.Namespace) -> int:
    from app.services import link_locks, remote_entry
    from app.services.tournament import get_event

    with opened(args) as db:
        with db.reading() as session:
            code = get_event(session, args.event).code
        if args.unlock:
            done = link_locks.lift(db, code, args.round, args.unlock, operator(args))
            print(f"已解除 {code} 第{'、'.join(map(str, done))}台的链接锁定。")
            return 0
        remote_entry.ensure_tokens(db, code, args.round, operator(args))
        links = remote_entry.tokens_for_round(db, code, args.round, args.base_url)
        locked = link_locks.locked(db, code, args.round)
    if locked:
        print(_lock_hint(args, code, locked), file=sys.stderr)
    if args.qr_dir:
        from app.io.folder_files import inside, write_new
        from app.web.qr import qr_png

        folder = Path(args.qr_dir)
        names = {number: f"{code}-table{number:03d}.png" for number in links}
        for name in names.values():
            inside(folder, name)  # all checked before the first is written
        folder.mkdir(parents=True, exist_ok=True)
        for number, link in links.items():
            write_new(folder, names[number], qr_png(link, 6))
    if args.json:
        print_json({str(k): v for k, v in links.items()})
        return 0
    if not any("://" in v for v in links.values()):
        print(
            "提示：尚不知道服务地址，下面是各台令牌。加 --base-url http://地址:端口/ 得到链接。",
            file=sys.stderr,
        )
    print(table([[str(k), v] for k, v in links.items()], ["台号", "链接"]))
    if args.qr_dir:
        print(f"已生成 {len(links)} 个二维码图片：{args.qr_dir}")
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser("serve", help="启动现场成绩录入服务（台裁用手机扫码录入）")
    add_file(p)
    p.add_argument("--bind", help="监听地址：本机在场馆网络中的 IP（只在该地址上服务）")
    p.add_argument("--port", type=PORT, default=8765, help="端口，0 到 65535（默认 8765）")
    p.add_argument(
        "--host-name",
        dest="host_name",
        help="手机也可用此主机名访问本机（如 finals.lan）；其余名字一律拒绝",
    )
    add_event(p, help="只服务该项目（项目代码；省略为所有未完成的轮次）")
    add_round(p, help="只服务该轮（从1起；需同时给出 --event）")
    p.add_argument(
        "--pin",
        type=referee_pin,
        help="裁判口令（4 到 12 位数字）：台裁提交时须输入（也可用环境变量 FINALS_PIN）",
    )
    p.add_argument(
        "--auto-accept",
        dest="auto_accept",
        action="store_true",
        help="本台尚无成绩且无冲突时自动采用提交",
    )
    p.add_argument(
        "--keep-running", dest="keep_running", action="store_true", help="轮次成绩录完后不自动停止"
    )
    p.add_argument(
        "--public",
        action="store_true",
        help="同时开放选手查询页面（对阵、排名、个人成绩，只读、无需令牌）；轮次录完后不自动停止",
    )
    p.set_defaults(handler=cmd_serve)

    p = sub.add_parser("submissions", help="查看、采用或拒绝现场提交的成绩")
    add_file(p)
    add_event(p)
    add_round(p, help="只看该轮的提交（从1起；省略为全部轮次）")
    p.add_argument("--all", action="store_true", help="列出全部提交（含已处理）")
    p.add_argument("--accept", type=RECORD_ID, nargs="+", metavar="ID", help="采用这些编号的提交")
    p.add_argument("--reject", type=RECORD_ID, nargs="+", metavar="ID", help="拒绝这些编号的提交")
    p.add_argument("--reason", help="拒绝的原因（写入日志）")
    p.add_argument(
        "--accept-all", dest="accept_all", action="store_true", help="采用全部无冲突的待确认提交"
    )
    p.add_argument("--force", action="store_true", help=CORRECT_HELP)
    add_json(p)
    p.set_defaults(handler=cmd_submissions)

    p = sub.add_parser("table-links", help="各台的录入链接（成绩登记单二维码），缺少时生成")
    add_file(p)
    add_event(p, required=True)
    add_round(p)
    p.add_argument(
        "--base-url",
        dest="base_url",
        type=base_url,
        metavar="URL",
        help="服务地址，如 http://192.168.1.10:8765/（默认为上次启动服务的地址）",
    )
    add_output(
        p,
        "--qr-dir",
        dest="qr_dir",
        folder=True,
        metavar="DIR",
        help="把每台的二维码存为 PNG 到该目录",
    )
    p.add_argument(
        "--unlock",
        type=TABLE,
        nargs="+",
        metavar="TABLE",
        help="解除这些台的链接锁定（裁判口令错误过多时锁定）",
    )
    add_json(p)
    p.set_defaults(handler=cmd_table_links)
