"""Commands for rounds: pair, pairing, check, manual edits, results, round status."""

from __future__ import annotations

import argparse
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from app.cli.common import (
    CORRECT_HELP,
    SEED,
    TABLE,
    add_event,
    add_file,
    add_json,
    add_round,
    fmt_points,
    opened,
    operator,
    print_json,
    table,
    warn,
    whole_number,
)
from app.domain import RESULT_HELP
from app.errors import FinalsError

if TYPE_CHECKING:
    from app.readmodel.model import FinalBoard
    from app.services.rounds import RoundView


def _print_round(view: RoundView, with_report: bool = False) -> None:
    notes = {n.table: n for n in view.notes}
    title = f"{view.event_name} 第{view.number}轮"
    if view.opening:
        title += f"  指定开局：{view.opening}"
    if view.lot_seed is not None:
        title += f"  抽签种子：{view.lot_seed}"
    print(title)
    rows = []
    for g in view.games:
        note = notes.get(g.table)
        first = f"{view.seeds[g.first]} {view.names[g.first]}"
        second = f"{view.seeds[g.second]} {view.names[g.second]}" if g.second else "（轮空）"
        score = ""
        if note:
            score = fmt_points(note.first_score)
            if note.second_score is not None:
                score += f":{fmt_points(note.second_score)}"
        stones = [str(g.handicap) if g.handicap else ""] if view.handicaps else []
        rows.append([str(g.table), first, second, *stones, score, view.results.get(g.table) or ""])
    # A McMahon event's scores are McMahon scores (start by grade + points), headed so.
    score_head = "麦克马洪分" if view.mcmahon else "积分"
    stones_head = ["让子"] if view.handicaps else []  # Go: the stones White gives Black
    print(table(rows, ["台号", "先手", "后手", *stones_head, score_head, "成绩"]))
    if view.sitting_out and not with_report:  # the report lists them itself
        print(f"本轮不参加编排（{len(view.sitting_out)}人）：")
        for s in view.sitting_out:
            print(f"  {view.seeds[s.id]} {view.names[s.id]}：{s.text()}")
    for line in view.relaxations:
        print(f"放宽：{line}")
    for finding in view.findings:
        print(f"警告：{finding.message}")
    if view.colour_notes and not with_report:  # the report lists them itself
        print(f"先后手提示（{len(view.colour_notes)}条，不算违规）：")
        for finding in view.colour_notes:
            print(f"  {finding.message}")
    if with_report:
        print()
        print(view.report)


def _show(args: argparse.Namespace, view: RoundView) -> int:
    from app.services import rounds as round_service

    warn(view.warnings)
    if getattr(args, "json", False):
        print_json(round_service.view_dict(view))
    else:
        _print_round(view, with_report=getattr(args, "report", False))
    return 0


def cmd_pair(args: argparse.Namespace) -> int:
    from app.services import rounds as round_service

    with opened(args) as db:
        view = round_service.pair_next(
            db,
            args.event,
            operator(args),
            args.seed,
            args.opening_seed,
            extra_round=args.extra_round,
            round_number=args.round,
        )
    return _show(args, view)


def cmd_pairing(args: argparse.Namespace) -> int:
    from app.services import rounds as round_service

    with opened(args) as db:
        view = round_service.round_view(db, args.event, args.round)
    args.report = not args.json
    return _show(args, view)


def cmd_check(args: argparse.Namespace) -> int:
    from app.services import rounds as round_service

    with opened(args) as db:
        view = round_service.round_view(db, args.event, args.round)
    if args.json:
        print_json(
            [
                {"rule": f.rule, "message": f.message, "tables": list(f.tables), "level": level}
                for level, found in (("violation", view.findings), ("note", view.colour_notes))
                for f in found
            ]
        )
        return 1 if view.findings else 0
    if view.findings:
        for finding in view.findings:
            print(f"违规：{finding.message}")
    else:
        preference = view.request is not None and (
            view.request.settings.colour_limits == "preference"
        )
        colour = (
            "同单位回避符合设置；禁连三与先后手差上限只是编排偏好"
            f"（pairing.colour_limits=preference），{len(view.colour_notes)}条先后手提示不算违规"
            if preference
            else "先后手与同单位回避符合设置"
        )
        print(f"{view.event_name}第{view.number}轮检查通过：无重复对局、无漏排、{colour}。")
    for finding in view.colour_notes:
        print(f"提示：{finding.message}")
    return 1 if view.findings else 0


def cmd_repair(args: argparse.Namespace) -> int:
    from app.services import rounds as round_service

    with opened(args) as db:
        view = round_service.repair(db, args.event, args.round, operator(args), args.seed)
    return _show(args, view)


def cmd_unpair(args: argparse.Namespace) -> int:
    from app.services import rounds as round_service

    with opened(args) as db:
        number = round_service.unpair(db, args.event, operator(args))
    print(f"已删除第{number}轮的编排。")
    return 0


def _seed_or_table(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise FinalsError(f"“{text}”不是数字：请写序号或台号，如 12。") from None
    if abs(value) > 100_000:
        raise FinalsError(f"“{text}”太大：序号和台号都不超过 100000。")
    return value


def _edit_command(edit: str) -> Any:
    def run(args: argparse.Namespace) -> int:
        from app.services import rounds as round_service

        values = [_seed_or_table(v) for v in args.values]
        with opened(args) as db:
            view = round_service.edit_round_by_seed(
                db, args.event, args.round, edit, *values, operator=operator(args)
            )
        return _show(args, view)

    return run


def cmd_undo_edit(args: argparse.Namespace) -> int:
    from app.services import rounds as round_service

    with opened(args) as db:
        view = round_service.undo_edit(db, args.event, args.round, operator(args))
    return _show(args, view)


def _expected(args: argparse.Namespace) -> Any:
    """`--expect`: the result the station saw on the table ("none": no result yet)."""
    from app.services.results import UNSEEN, require_result

    if args.expect is None:
        return UNSEEN
    text = args.expect.strip()
    return None if text.lower() in ("none", "无") else require_result(text).value


def cmd_result(args: argparse.Namespace) -> int:
    from app.services import results as result_service

    if args.result.strip() in ("clear", "清除"):
        with opened(args) as db:
            cleared = result_service.clear_result(
                db, args.event, args.round, args.table, args.force, operator(args), _expected(args)
            )
        print(f"已清除第{cleared.round}轮第{cleared.table}台的成绩。")
        return 0
    if args.board is not None:
        with opened(args) as db:
            recorded = result_service.record_board_result(
                db,
                args.event,
                args.round,
                args.table,
                args.board,
                args.result,
                args.manner,
                args.force,
                operator(args),
            )
        first, second = (fmt_points(p) for p in recorded.board_points)
        match = recorded.match_result or "未完"
        print(
            f"已录入第{recorded.round}轮第{recorded.table}台第{recorded.board}板："
            f"{recorded.result}（局分 {first}:{second}，对抗结果 {match}）。"
        )
        warn(recorded.warnings)
        return 0
    with opened(args) as db:
        written = result_service.record_result(
            db,
            args.event,
            args.round,
            args.table,
            args.result,
            args.manner,
            args.fouls,
            args.force,
            operator(args),
            seat_swapped=True if args.swapped else None,
            opening=args.opening,
            expected=_expected(args),
        )
    verb = "已更正" if written.corrected else "已录入"
    done = "，本轮成绩已全部录入" if written.round_complete else ""
    print(f"{verb}第{written.round}轮第{written.table}台：{written.result}{done}。")
    warn(written.warnings)
    return 0


def cmd_results(args: argparse.Namespace) -> int:
    from app.services import results as result_service

    with opened(args) as db:
        summary = result_service.record_results(
            db, args.event, args.round, args.csv, args.force, operator(args)
        )
    left = summary.open_tables
    tail = "本轮成绩已全部录入。" if not left else f"尚有 {len(left)} 台未录入。"
    print(f"已录入第{summary.round}轮 {summary.recorded} 台成绩。{tail}")
    if summary.corrected:  # a replaced result is never silent: each table, before → after
        print(f"其中 {len(summary.corrected)} 台改动了原有成绩（原成绩 → 新成绩）：")
        for change in summary.corrected:
            print(f"  {change.describe()}")
    warn(summary.warnings)
    return 0


def cmd_boards(args: argparse.Namespace) -> int:
    from app.io.export_json import game_document
    from app.services.read_model import load_final

    with opened(args) as db:
        final = load_final(db)
    event = next((e for e in final.events if e.code.lower() == args.event.lower()), None)
    if event is None or not event.rounds:
        raise FinalsError(f"项目 {args.event} 没有已编排的轮次。")
    number = args.round or event.rounds[-1].number
    rnd = next((r for r in event.rounds if r.number == number), None)
    if rnd is None:
        raise FinalsError(f"{event.name}第{number}轮还没有编排。")
    names = {e.id: e.name for e in event.entrants}
    if args.json:
        print_json([game_document(g) for g in rnd.games])
        return 0
    for game in rnd.games:
        if args.table and game.table != args.table:
            continue
        if game.second is None:
            print(f"第{game.table}台  {names[game.first]}  轮空")
            continue
        points = game.board_points or (0, 0)
        print(
            f"第{game.table}台  {names[game.first]} {fmt_points(points[0])} : "
            f"{fmt_points(points[1])} {names[game.second]}  {game.result or ''}"
        )
        rows = [_board_row(b) for b in game.boards]
        if rows:
            # the teams are the columns (甲队 = the table's first team): each player is marked
            # with the colour they play on that board (甲队 Black on odd boards)
            print(
                table(
                    rows,
                    ["板次", f"甲队 {names[game.first]}", f"乙队 {names[game.second]}", "成绩"],
                )
            )
    return 0


def _board_row(board: FinalBoard) -> list[str]:
    """第M板, 甲队's player, 乙队's player (each with 黑/白), the result in colours (黑胜)."""
    from app.domain import Result

    black = f"{board.first}（黑）"
    white = f"{board.second}（白）"
    left, right = (black, white) if board.board % 2 else (white, black)
    try:
        result = Result(board.result).words_zh("黑", "白") if board.result else ""
    except ValueError:
        result = str(board.result)
    return [f"第{board.board}板", left, right, result]


def cmd_round_status(args: argparse.Namespace) -> int:
    from app.services import results as result_service

    with opened(args) as db:
        status = result_service.round_status(db, args.event, args.round)
    if args.json:
        print_json(asdict(status))
        return 0
    print(f"第{status.round}轮：共 {status.tables} 台，已录入 {status.done} 台。")
    if status.open:
        print(
            table(
                [[str(o.table), o.first or "", o.second or ""] for o in status.open],
                ["未录入台号", "先手", "后手"],
            )
        )
    else:
        print("本轮成绩已全部录入。")
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser("pair", help="编排下一轮并列出对阵")
    add_file(p)
    add_event(p, required=True)
    p.add_argument(
        "--seed", type=SEED, metavar="S", help="第1轮抽签的随机种子（默认由项目和轮次决定）"
    )
    p.add_argument(
        "--opening-seed",
        dest="opening_seed",
        type=SEED,
        metavar="S",
        help="五子棋指定开局抽签的随机种子（默认由项目和轮次决定）",
    )
    p.add_argument(
        "--extra-round",
        dest="extra_round",
        action="store_true",
        help="确认编排超出计划轮数的加赛轮（计划轮数随之增加）",
    )
    add_round(p, help="要编排的轮次：只在它正是下一轮时编排（多个站点时，防止另一站点刚编排过）")
    add_json(p)
    p.set_defaults(handler=cmd_pair)

    p = sub.add_parser("pairing", help="查看某轮对阵及编排说明")
    add_file(p)
    add_event(p, required=True)
    add_round(p)
    add_json(p)
    p.set_defaults(handler=cmd_pairing)

    p = sub.add_parser("check", help="检查某轮编排是否违反绝对规则（有违规时退出码为1）")
    add_file(p)
    add_event(p, required=True)
    add_round(p)
    add_json(p)
    p.set_defaults(handler=cmd_check)

    p = sub.add_parser("repair", help="重新编排最后一轮（尚无成绩时）")
    add_file(p)
    add_event(p, required=True)
    add_round(p, help="要重新编排的轮次（只能是最后一轮；省略为最后一轮）")
    p.add_argument(
        "--seed", type=SEED, metavar="S", help="第1轮抽签的随机种子（默认沿用该轮原来的种子）"
    )
    add_json(p)
    p.set_defaults(handler=cmd_repair)

    p = sub.add_parser("unpair", help="删除最后一轮的编排（尚无成绩时）")
    add_file(p)
    add_event(p, required=True)
    p.set_defaults(handler=cmd_unpair)

    # A metavar of several words, one per value: shown once (app.cli.main._Formatter).
    for name, edit, meta, text, values in (
        ("swap", "swap", "A B", "交换两名选手（按序号）的位置", "两名选手的序号"),
        ("swap-colours", "colours", "TABLE", "交换某台的先后手", "台号"),
        (
            "set-pair",
            "against",
            "A B",
            "指定两名选手（按序号）对阵",
            "两名选手的序号（两人原来的对手相互对阵）",
        ),
        ("move-table", "move", "TABLE NEW", "调整台号", "原台号和新台号"),
        ("give-bye", "bye", "SEED", "把轮空给某选手（按序号）", "得轮空的选手的序号"),
    ):
        p = sub.add_parser(name, help=text + "；违规以警告显示")
        add_file(p)
        p.add_argument("values", nargs=len(meta.split()), metavar=meta, help=values)
        add_event(p, required=True)
        add_round(p, required=True)
        add_json(p)
        p.set_defaults(handler=_edit_command(edit))

    p = sub.add_parser("undo-edit", help="撤销某轮最近一次编排调整")
    add_file(p)
    add_event(p, required=True)
    add_round(p, required=True)
    add_json(p)
    p.set_defaults(handler=cmd_undo_edit)

    p = sub.add_parser("result", help="录入或更正一台成绩")
    add_file(p)
    p.add_argument("result", metavar="RESULT", help=RESULT_HELP + "；clear 清除该台成绩")
    add_event(p, required=True)
    add_round(p, required=True)
    p.add_argument(
        "--table", type=TABLE, required=True, metavar="T", help="台号（团体对抗赛为对抗的台号）"
    )
    p.add_argument("--manner", help="胜负方式，如 中盘胜、黑胜3又3/4子、连五、禁手（三三）")
    p.add_argument("--fouls", help="犯规次数 先手,后手，如 0,1")
    p.add_argument("--force", action="store_true", help=CORRECT_HELP)
    p.add_argument(
        "--expect",
        metavar="RESULT",
        help="录入前看到的该台成绩（none 表示尚无成绩）：若其间已被其他站点或手机改动则拒绝",
    )
    p.add_argument("--swapped", action="store_true", help="五子棋三手交换后双方交换了执棋颜色")
    p.add_argument("--opening", help="本局开局（开局由执黑方选择时）：编号或名称")
    p.add_argument(
        "--board",
        type=whole_number("板次", 1, 100),
        metavar="B",
        help="团体对抗赛的板次（第几板；--table 是对抗的台号），对抗结果按局分自动得出",
    )
    p.set_defaults(handler=cmd_result)

    p = sub.add_parser(
        "results", help="从 CSV 批量录入成绩（table,result[,manner]），全部正确才录入"
    )
    add_file(p)
    p.add_argument(
        "csv", metavar="CSV", help="成绩表 .csv：每行 table,result[,manner]（台号,成绩[,胜负方式]）"
    )
    add_event(p, required=True)
    add_round(p, required=True)
    p.add_argument("--force", action="store_true", help=CORRECT_HELP)
    p.set_defaults(handler=cmd_results)

    p = sub.add_parser("boards", help="团体对抗赛各台（对抗）各板的对阵与成绩")
    add_file(p)
    add_event(p, required=True)
    add_round(p)
    p.add_argument("--table", type=TABLE, metavar="T", help="只看该台（对抗的台号；省略为全部台）")
    add_json(p)
    p.set_defaults(handler=cmd_boards)

    p = sub.add_parser("round-status", help="哪些台还没有成绩")
    add_file(p)
    add_event(p, required=True)
    add_round(p)
    add_json(p)
    p.set_defaults(handler=cmd_round_status)
