"""Commands that set a final up: new, template, import, players, events, export, log, demo."""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from dataclasses import asdict, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.cli.common import (
    AFTER_ROUND_HELP,
    SEED,
    WHO_HELP,
    Words,
    add_event,
    add_file,
    add_json,
    add_round,
    add_words,
    opened,
    operator,
    print_json,
    store_target,
    table,
    whole_number,
)
from app.cli.outputs import add_output
from app.domain import EventKind
from app.errors import FinalsError
from app.presets import preset_names

if TYPE_CHECKING:
    from app.services.players import EntrantRow
    from app.services.tournament import TournamentInfo

GENDER_TEXT = {"M": "男", "F": "女", None: ""}
STATUS_TEXT = {"playing": "参赛", "withdrawn": "退赛", "absent": "请假", "disqualified": "取消资格"}


def cmd_new(args: argparse.Namespace) -> int:
    from app.services.tournament import create_tournament, list_events, tournament_info

    db = create_tournament(store_target(args.file), args.preset, args.title, operator(args))
    info = tournament_info(db)
    events = list_events(db)
    db.close()
    print(f"已建立 {args.file}：{info.title}（{'围棋' if info.game == 'go' else '五子棋'}）")
    for event in events:
        print(f"  {event.code:8} {event.name}")
    return 0


def cmd_template(args: argparse.Namespace) -> int:
    from app.io.sheets import write_template
    from app.services.outputs import written_output

    path = Path(args.out)
    if args.sample is None:
        with written_output(path) as temp:
            write_template(temp)
        print(f"已生成报名表模板 {path}（第2行为示例，请替换或删除）")
        return 0
    from app.sample_players import sample_sheet_rows

    rows = sample_sheet_rows(args.sample, args.seed)
    with written_output(path) as temp:
        write_template(temp, rows)
    print(
        f"已生成示例报名表 {path}：{len(rows)} 名虚构选手（随机种子 {args.seed}；"
        "仅供试用，正式比赛请用不加 --sample 的空白报名表）"
    )
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from app.services.registration import import_sheet

    with opened(args) as db:
        summary = import_sheet(db, Path(args.sheet), args.event, operator(args))
    print(summary.describe())
    for warning in summary.warnings:
        print(f"警告：{warning}", file=sys.stderr)
    return 0


def cmd_players(args: argparse.Namespace) -> int:
    from app.services import players as player_service

    with opened(args) as db:
        rows = player_service.list_entrants(db, args.event)
    if args.json:
        print_json([asdict(r) for r in rows])
        return 0
    # The platform account (private, for the arbiter's checks) where the event has any.
    accounts = any(r.platform_account for r in rows)
    body = [
        [
            r.event,
            str(r.seed),
            r.name,
            GENDER_TEXT.get(r.gender, ""),
            r.birth_date or "",
            r.unit or "",
            r.grade or "",
            r.source or "",
            *([r.platform_account or ""] if accounts else []),
            _status_text(r),
        ]
        for r in rows
    ]
    print(
        table(
            body,
            [
                "项目",
                "序号",
                "姓名",
                "性别",
                "出生日期",
                "单位",
                "段位",
                "来源",
                *(["平台账号"] if accounts else []),
                "状态",
            ],
        )
    )
    print(f"共 {len(rows)} 条")
    return 0


def cmd_events(args: argparse.Namespace) -> int:
    from app.services.tournament import list_events, tournament_info

    with opened(args) as db:
        info, events = tournament_info(db), list_events(db)
    if args.json:
        print_json({"tournament": asdict(info), "events": [e.as_json() for e in events]})
        return 0
    print(info.title)
    body = [
        [
            e.code,
            e.name,
            e.kind.zh,
            str(e.entrants),
            f"{e.rounds_complete}/{e.rounds_paired}/{e.rounds_planned}"
            if e.kind is not EventKind.TEAM
            else f"按{e.source_event}成绩",
        ]
        for e in events
    ]
    print(table(body, ["代码", "项目", "类型", "参赛", "轮次（完成/已编/计划）"]))
    return 0


def _player_fields(args: argparse.Namespace) -> dict[str, Any]:
    from app.services.players import EDITABLE

    return {n: getattr(args, n) for n in EDITABLE if getattr(args, n, None) is not None}


def cmd_add_player(args: argparse.Namespace) -> int:
    from app.services import players as player_service

    with opened(args) as db:
        seed = player_service.add_player(
            db, args.event, _player_fields(args), operator(args), initial_points=args.points
        )
    print(f"已添加 {args.name}，序号 {seed}。")
    _warn_spaced(args, str(seed))
    return 0


def _warn_spaced(args: argparse.Namespace, who: str) -> None:
    """A Chinese name typed with a space inside (王 磊): kept as typed, warned, with the fix."""
    from app.cli.common import warn
    from app.text import inner_space_warning

    name = str(getattr(args, "name", None) or "").strip()
    fix = f"改正：finals edit-player {args.file} {who} --event {args.event} --name " + "{trimmed}"
    warning = inner_space_warning(name, "", fix + "。") if name else None
    warn([warning] if warning else [])


def cmd_edit_player(args: argparse.Namespace) -> int:
    from app.services import players as player_service

    with opened(args) as db:
        player_service.edit_player(db, args.event, args.who, _player_fields(args), operator(args))
    print("已修改。")
    _warn_spaced(args, args.who if " " not in args.who else f'"{args.who}"')
    return 0


def _status_text(row: EntrantRow) -> str:
    """参赛, 退赛, or 取消资格（第5轮后：理由）."""
    if row.status == "disqualified":
        from app.readmodel.withdrawal import disqualification_text

        return disqualification_text(row.disqualified_after_round, row.disqualified_reason)
    return STATUS_TEXT.get(row.status, row.status)


def cmd_disqualify(args: argparse.Namespace) -> int:
    """`disqualify FILE WHO --event E --reason TEXT`, or `--undo` to reinstate."""
    from app.services import disqualification

    if args.undo and args.reason is not None:
        args.disqualify_parser.error("--undo 撤销取消资格，不需要 --reason：请只给其中一个。")
    with opened(args) as db:
        if args.undo:
            message = disqualification.undo_disqualification(
                db, args.event, args.who, operator(args)
            )
        else:
            message = disqualification.disqualify(
                db, args.event, args.who, args.reason, operator(args)
            )
    print(message)
    return 0


def _status_command(status: str) -> Any:
    def run(args: argparse.Namespace) -> int:
        from app.services import players as player_service

        with opened(args) as db:
            message = player_service.set_status(
                db, args.event, args.who, status, args.round, operator(args)
            )
        print(message)
        return 0

    return run


def cmd_seed(args: argparse.Namespace) -> int:
    """`seed FILE WHO SEED --event E` moves one entrant; `seed FILE --event E --all --by
    rating|grade|qualifier` numbers every entrant again (both before round 1 only)."""
    parser: argparse.ArgumentParser = args.seed_parser
    if args.all or args.by:
        if not (args.all and args.by):
            parser.error("重排全部序号请同时给出 --all 和 --by rating|grade|qualifier。")
        if args.who is not None or args.seed is not None:
            parser.error("--all 重排全部序号，不要再给出选手和新序号。")
        from app.services.seeding import reseed_event

        with opened(args) as db:
            done = reseed_event(db, args.event, args.by, operator(args))
        print(done.message())
        return 0
    if args.who is None or args.seed is None:
        parser.error(
            "请给出选手（序号或姓名）和新序号，如 finals seed FILE 12 1 --event 项目代码。"
        )
    from app.services import players as player_service

    with opened(args) as db:
        player_service.set_seed(db, args.event, args.who, args.seed, operator(args))
    print(f"已将 {args.who} 调整为序号 {args.seed}。")
    return 0


def _setting_value(key: str, text: str) -> Any:
    """`KEY=text` as a value of the key's type (app.settings checks it before it is stored)."""
    from app.settings import EVENT_SETTINGS, TOURNAMENT_FIELDS, TOURNAMENT_SETTINGS, parse_text

    spec = EVENT_SETTINGS.get(key) or TOURNAMENT_FIELDS.get(key) or TOURNAMENT_SETTINGS.get(key)
    if spec is not None:
        return parse_text(spec, text)
    if key == "certificate":
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            return text
    return text.strip()  # an unknown key: refused with the keys allowed


def _changes(items: list[str] | None, example: str, prefix: str = "") -> dict[str, Any]:
    changes: dict[str, Any] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep:
            raise FinalsError(f"设置“{item}”应写成 KEY=VALUE，如 {example}。")
        key = key.strip().removeprefix(prefix)
        changes[key] = _setting_value(key, value)
    return changes


def _warn(db: Any, code: str | None) -> None:
    from app.services.tournament import settings_warning

    warning = settings_warning(db, code)
    if warning:
        print(warning, file=sys.stderr)


def _tournament_settings(args: argparse.Namespace) -> int:
    from app.services.ranking import PRIZE_KEYS
    from app.services.tournament import (
        set_tournament_fields,
        tournament_info,
        tournament_settings,
    )
    from app.settings import flat_tournament_settings, nest_tournament_settings

    with opened(args) as db:
        changes = _changes(args.set, "prize_split=tiebreak", prefix="tournament.")
        unset = [key.strip().removeprefix("tournament.") for key in args.unset or []]
        if changes or unset:
            set_tournament_fields(db, changes, operator(args), unset)
        info = tournament_info(db)
        # every setting in force, defaults filled in; a value stored wrong (or a key nothing
        # reads) as it is stored, with the warning that says how to fix it
        shown_settings = {
            **flat_tournament_settings(tournament_settings(db, strict=False).in_force()),
            **flat_tournament_settings(info.settings),
        }
        info = replace(info, settings=nest_tournament_settings(shown_settings))
        rules = _prize_rules(db)
        _warn(db, None)
    if args.json:
        print_json({**asdict(info), "prize_rules": rules.to_dict()})
        return 0
    shown = asdict(info)
    for key in ("title", "game", "venue", "start_date", "end_date", "organisers", "operators"):
        print(f"{key} = {json.dumps(shown[key], ensure_ascii=False)}")
    for key, value in shown_settings.items():
        if key not in PRIZE_KEYS and key != "draws":
            print(f"{key} = {json.dumps(value, ensure_ascii=False)}")
    _print_prize_rules(rules)
    print(_draws_line(info))
    return 0


def _draws_line(info: TournamentInfo) -> str:
    """The draw rule (issue 13) with its choices and what it means for this final now."""
    from app.settings import TOURNAMENT_SETTINGS, tournament_settings_lenient

    typed = tournament_settings_lenient(info.settings)[0]
    choices = " | ".join(
        f"{value} {label}" for value, label in TOURNAMENT_SETTINGS["draws"].choices
    )
    now = "不能记和棋（=）" if typed.refuses_draws(info.game) else "可以记和棋（=）"
    return f"draws = {typed.draws}  （和棋：{choices}；本比赛现在{now}）"


def _prize_rules(db: Any) -> Any:
    """The rules for shared prize places in force (a bad stored value: its default)."""
    from app.services.tournament import tournament_settings
    from app.standings.prizes import PrizeRules

    typed = tournament_settings(db, strict=False)
    return PrizeRules(typed.prize_split, typed.prize_unit, typed.prize_remainder)


def _print_prize_rules(rules: Any) -> None:
    from app.services.ranking import PRIZE_KEYS
    from app.settings.schema import TOURNAMENT_SETTINGS

    for key, value in zip(PRIZE_KEYS, (rules.split, rules.unit, rules.remainder), strict=True):
        spec = TOURNAMENT_SETTINGS[key]
        allowed = " | ".join(f"{v} {label}" for v, label in spec.choices)
        print(f"{key} = {value}  （{spec.label}：{allowed}）")
    print(f"并列名次奖金规则：{rules.text}")


def cmd_settings(args: argparse.Namespace) -> int:
    from app.services.tournament import (
        colour_rule_notice,
        event_settings,
        forfeit_rule_notice,
        update_event_settings,
    )

    if args.event is None:
        return _tournament_settings(args)
    with opened(args) as db:
        changes = _changes(args.set, "pairing.same_unit=always")
        unset = [key.strip() for key in args.unset or []]
        if changes or unset:
            update_event_settings(db, args.event, changes, operator(args), unset)
        settings = event_settings(db, args.event)
        forfeit_note = forfeit_rule_notice(db, args.event)
        colour_note = colour_rule_notice(db, args.event)
        _warn(db, args.event)
    if settings.get("pairing", {}).get("system") != "mcmahon":
        settings.pop("mcmahon", None)  # the settings in force: McMahon's only when it pairs
    if args.json:
        print_json(settings)
        return 0
    print(f"rounds_planned = {settings['rounds_planned']}")
    for group in ("scoring", "pairing", "standings", "eligibility", "mcmahon"):
        for key, value in settings.get(group, {}).items():
            shown = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value
            print(f"{group}.{key} = {shown}")
    if forfeit_note:  # a Dutch or McMahon event: the Chinese forfeit rule is off unless set
        print(f"注：{forfeit_note}")
    if colour_note:  # a McMahon event paired by OpenGotha: colour balance is a cost
        print(f"注：{colour_note}")
    return 0


def cmd_compose(args: argparse.Namespace) -> int:
    from app.services.teams import compose

    members = [
        m for m in args.members.replace("，", ",").replace("、", ",").split(",") if m.strip()
    ]
    if not members:
        raise FinalsError(
            "--members 没有列出任何选手。团体请给出队员的序号或姓名（逗号分隔，"
            "如 --members 1,2,3），双人请给出两名选手的姓名（如 --members 张三,李四）。"
        )
    with opened(args) as db:
        made = compose(db, args.event, args.name, members, operator(args), force=args.force)
    forced = (
        f"。第{made.after_round}轮编排后强制组队：已记入日志，队伍名单上标注" if made.forced else ""
    )
    print(f"已组成“{made.name}”（序号 {made.seed}）：{'、'.join(made.members)}{forced}")
    return 0


def cmd_dissolve(args: argparse.Namespace) -> int:
    from app.services.teams import dissolve, team_lock

    with opened(args) as db:
        late = team_lock(db, args.event) if args.force else None
        name = dissolve(db, args.event, args.who, operator(args), force=args.force)
    print(f"已解散“{name}”。" + ("强制解散：已记入日志，队伍名单下列出。" if late else ""))
    return 0


def cmd_eligibility(args: argparse.Namespace) -> int:
    from app.services import players as player_service
    from app.services.teams import problems

    with opened(args) as db:
        # Players of the individual events first (birth and grade windows, professionals,
        # platform accounts, two events that exclude each other), then teams and pairs.
        found = [asdict(item) for item in player_service.eligibility_problems(db)]
        found += [{**asdict(item), "level": "error"} for item in problems(db)]
    errors = [item for item in found if item["level"] == "error"]
    if args.json:
        print_json(found)
    elif not found:
        print("所有选手、队伍和双人组合均符合参赛条件。")
    else:
        for item in found:
            mark = "警告：" if item["level"] == "warning" else ""
            print(f"{mark}{item['event']} {item['entrant']}：{item['message']}")
        if not errors:
            print(f"没有不符合参赛条件的选手；{len(found)} 条警告请裁判长确认。")
    return 1 if errors else 0


def cmd_export(args: argparse.Namespace) -> int:
    from app.services.read_model import build_export

    if not args.json:
        raise FinalsError("请加 --json（目前只支持 JSON 导出；Excel 表格请用 finals report）。")
    with opened(args) as db:
        doc = build_export(db, args.round)
    text = json.dumps(doc, ensure_ascii=False, indent=2)
    if args.output:
        from app.services.outputs import written_output

        with written_output(args.output) as temp:
            temp.write_text(text + "\n", encoding="utf-8")
        print(f"已导出 {args.output}")
    else:
        sys.stdout.write(text + "\n")
    return 0


def cmd_log(args: argparse.Namespace) -> int:
    from app.services.audit import audit_log

    with opened(args) as db:
        entries = audit_log(db, args.limit)
    if args.json:
        print_json([e.to_dict() for e in entries])
        return 0
    for e in reversed(entries):
        change = ""
        if e.before is not None or e.after is not None:
            before = json.dumps(e.before, ensure_ascii=False) if e.before is not None else "—"
            after = json.dumps(e.after, ensure_ascii=False) if e.after is not None else "—"
            change = f"  {before} → {after}"
        who = f"{e.operator}@{e.station}" if e.station else e.operator
        print(f"{e.time}  {who}  {e.action}  {e.target or ''}{change}")
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    from app.demo import build_demo

    summary = build_demo(
        store_target(args.file),
        args.preset,
        players=args.players,
        seed=args.seed,
        rounds=args.rounds,
        operator=operator(args),
    )
    print(summary)
    return 0


def _has_display() -> bool:
    import os

    if sys.platform != "linux" or os.environ.get("QT_QPA_PLATFORM"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def cmd_gui(args: argparse.Namespace) -> int:
    from app.demo import ensure_demo

    path = store_target(args.file) if args.file else ensure_demo()
    if not args.screenshot and not _has_display():
        from app.services.tournament import list_events, tournament_info

        with opened(argparse.Namespace(file=path)) as db:
            info, events = tournament_info(db), list_events(db)
        print(f"{path}：{info.title}")
        for event in events:
            print(
                f"  {event.code:8} {event.name}：{event.entrants} 个参赛单位，"
                f"已编排 {event.rounds_paired} 轮，完成 {event.rounds_complete} 轮"
            )
        print(
            "本机没有图形显示（未设置 DISPLAY 或 WAYLAND_DISPLAY），无法打开窗口。"
            "请在桌面环境中运行，或用 --screenshot 离屏截图；所有功能也可用 finals 命令完成。"
        )
        return 0
    # The window lives above app/ (DESIGN.md's layers): it is loaded by name at run time,
    # so the domain never depends on Qt.
    try:
        gui = importlib.import_module("ui.main")
    except ImportError as exc:
        raise FinalsError(f"图形界面无法启动（{exc}）。请确认已安装 PySide6。") from exc
    return int(gui.run_gui(path, view=args.view, screenshot=args.screenshot))


NEW_FILE_HELP = "新的比赛文件（.finals；不覆盖已有文件），或数据库地址 postgresql://…"
PRESET_LEAD = "规程预设（比赛的项目、计分、奖金和等级表）"
# The shipped presets' Chinese names (the quick start's words); a preset added as a file
# is taken by its file name.
PRESET_CHINESE = {"hangzhou-go": "杭州围棋", "shaoxing-gomoku-2022": "绍兴五子棋"}


RESEED_BY = Words(
    "重排依据",
    [("rating", "等级分"), ("grade", "段级位"), ("qualifier", "预选赛名次")],
    {"段位": "grade", "名次": "qualifier", "入围名次": "qualifier"},
)
GUI_VIEWS = Words(
    "页面", [("players", "选手"), ("round", "对阵"), ("results", "成绩"), ("standings", "名次")]
)


def preset_words() -> Words:
    return Words("规程预设", [(name, PRESET_CHINESE.get(name, name)) for name in preset_names()])


def _add_player_options(p: argparse.ArgumentParser, name_required: bool) -> None:
    if name_required:
        p.add_argument("--name", required=True, help="姓名")
    else:
        p.add_argument("--name", help="姓名")
    p.add_argument("--gender", help="性别：男/女")
    p.add_argument("--birth-date", dest="birth_date", help="出生日期，如 2010-05-03")
    p.add_argument("--unit", help="单位/俱乐部")
    p.add_argument("--region", help="地区")
    p.add_argument("--grade", help="段位，如 3段、1级")
    p.add_argument("--rating", type=int, help="等级分")
    p.add_argument("--source", help="来源，如 入围赛第3期、外卡")
    p.add_argument("--qualifier-rank", dest="qualifier_rank", type=int, help="入围名次")
    p.add_argument("--id-number", dest="id_number", help="身份证号（不公开）")
    p.add_argument("--phone", help="电话（不公开）")
    p.add_argument(
        "--platform-account",
        dest="platform_account",
        help="平台账号：弈战平台用户名（围棋少儿组必填；不公开）",
    )


def register(sub: Any) -> None:
    p = sub.add_parser("new", help="按预设新建比赛文件")
    add_output(p, "file", replace=False, metavar="FILE", help=NEW_FILE_HELP)
    add_words(p, "--preset", words=preset_words(), lead=PRESET_LEAD, required=True)
    p.add_argument("--title", help="比赛名称（默认取预设）")
    p.set_defaults(handler=cmd_new)

    p = sub.add_parser(
        "template", help="生成空白报名表（含示例行）；--sample N 生成 N 名虚构选手的示例报名表"
    )
    add_output(p, "out", metavar="OUT", help="输出的 .xlsx 文件（已存在时须加 --force）")
    p.add_argument(
        "--sample",
        type=whole_number("示例人数", 1, 5000),
        metavar="N",
        help="写入 N 名虚构选手（单位、性别、出生日期、段位、来源俱全），"
        "可直接导入试用全流程；同样的 N 和种子得到同样的表",
    )
    p.add_argument(
        "--seed",
        type=SEED,
        default=1,
        metavar="S",
        help="示例选手的随机种子（默认 1；与 --sample 同用）",
    )
    p.set_defaults(handler=cmd_template)

    p = sub.add_parser("import", help="导入报名表（.xlsx/.csv），全部正确才导入")
    add_file(p)
    p.add_argument("sheet", metavar="SHEET", help="报名表 .xlsx 或 .csv")
    add_event(p, help="未填“项目”列的行报入的项目代码")
    p.set_defaults(handler=cmd_import)

    p = sub.add_parser("players", help="列出选手")
    add_file(p)
    add_event(p)
    add_json(p)
    p.set_defaults(handler=cmd_players)

    p = sub.add_parser("events", help="列出项目")
    add_file(p)
    add_json(p)
    p.set_defaults(handler=cmd_events)

    p = sub.add_parser("add-player", help="添加一名选手（第1轮后为迟到选手）")
    add_file(p)
    add_event(p, required=True)
    p.add_argument(
        "--points",
        type=float,
        default=0.0,
        metavar="P",
        help="迟到选手的初始积分（裁判长给定；默认 0）",
    )
    _add_player_options(p, name_required=True)
    p.set_defaults(handler=cmd_add_player)

    p = sub.add_parser("edit-player", help="修改选手信息（只改给出的项）")
    add_file(p)
    p.add_argument("who", metavar="WHO", help=WHO_HELP)
    add_event(p, required=True)
    _add_player_options(p, name_required=False)
    p.set_defaults(handler=cmd_edit_player)

    for name, status, text, round_help in (
        (
            "withdraw",
            "withdrawn",
            "退赛（自下一轮或 --round 起）",
            "自第几轮起退赛（省略为下一轮）",
        ),
        (
            "reinstate",
            "playing",
            "撤销退赛（或取消资格）",
            "不需要：撤销退赛即恢复参赛（给出时不起作用）",
        ),
        ("absent", "absent", "某轮请假（不编排、不轮空）", "请假的轮次（尚未编排；省略为下一轮）"),
        ("present", "present", "撤销请假", "撤销请假的轮次（尚未编排；省略为下一轮）"),
    ):
        p = sub.add_parser(name, help=text)
        add_file(p)
        p.add_argument("who", metavar="WHO", help=WHO_HELP)
        add_event(p, required=True)
        add_round(p, help=round_help)
        p.set_defaults(handler=_status_command(status))

    summary = (
        "取消资格（随时可用，末轮后也可）：此后不再编排，退出名次、奖项、等级和证书；--undo 撤销"
    )
    p = sub.add_parser(
        "disqualify",
        help=summary,
        description=f"{summary}。规程：如被举报，经查实立即取消资格。记入日志。"
        "其对局是否保留、其后名次是否顺延见项目设置 standings.disqualified_games"
        "（默认 keep 保留）与 standings.disqualified_places（默认 empty 不顺延）。",
    )
    add_file(p)
    p.add_argument("who", metavar="WHO", help=WHO_HELP)
    add_event(p, required=True)
    p.add_argument(
        "--reason",
        metavar="TEXT",
        help="取消资格的理由（必填，印在名次表上并记入日志），如“经查实冒名参赛”",
    )
    p.add_argument(
        "--undo",
        action="store_true",
        help="撤销取消资格：恢复参赛（之前已退赛的恢复为退赛）",
    )
    p.set_defaults(handler=cmd_disqualify, disqualify_parser=p)

    p = sub.add_parser(
        "seed",
        help="调整序号（第1轮编排前）；--all --by 按等级分、段级位或预选赛名次重排全部序号",
    )
    add_file(p)
    p.add_argument("who", nargs="?", metavar="WHO", help=WHO_HELP)
    p.add_argument(
        "seed",
        nargs="?",
        type=whole_number("序号", 1, 100_000),
        metavar="NEW",
        help="新序号（从1起）",
    )
    add_event(p, required=True)
    p.add_argument("--all", action="store_true", help="重排本项目全部选手的序号（同时给 --by）")
    add_words(
        p,
        "--by",
        words=RESEED_BY,
        lead="重排依据（强者在前，相同者保持原顺序）",
    )
    p.set_defaults(handler=cmd_seed, seed_parser=p)

    p = sub.add_parser(
        "settings", help="查看或修改设置：不给 --event 为比赛信息（名称、日期、奖金平分方式等）"
    )
    add_file(p)
    add_event(p, help="项目代码：查看或修改该项目的设置（省略为比赛信息）")
    p.add_argument(
        "--set",
        action="append",
        metavar="KEY=VALUE",
        help="如 pairing.same_unit=always、scoring.win=2、standings.tiebreaks=对手分,累进分；"
        "未知的设置或不能使用的值一律拒绝，文件不变",
    )
    p.add_argument(
        "--unset",
        action="append",
        metavar="KEY",
        help="恢复默认值（或删去旧版本留下的未知设置），如 pairing.max_colour_surplus",
    )
    add_json(p)
    p.set_defaults(handler=cmd_settings)

    p = sub.add_parser("compose", help="组队或组成双人组合（按规程检查人数、性别、年龄）")
    add_file(p)
    add_event(p, required=True, help="团体或双人项目的代码")
    p.add_argument("--name", help="队名（双人组合默认为两人姓名）")
    p.add_argument(
        "--members",
        required=True,
        help="团体：个人项目中的序号或姓名，逗号分隔；双人：两名选手姓名",
    )
    p.add_argument(
        "--force",
        action="store_true",
        help="成绩来源项目第1轮编排后仍强制组队（记入日志，队伍名单上标注）",
    )
    p.set_defaults(handler=cmd_compose)

    p = sub.add_parser("dissolve", help="解散一支队伍或一个双人组合")
    add_file(p)
    p.add_argument("who", metavar="WHO", help="队伍或双人组合：序号或队名")
    add_event(p, required=True)
    p.add_argument(
        "--force",
        action="store_true",
        help="成绩来源项目第1轮编排后仍强制解散（记入日志，队伍名单下列出）",
    )
    p.set_defaults(handler=cmd_dissolve)

    p = sub.add_parser(
        "eligibility",
        help="列出选手、队伍与双人组合的资格问题（有问题时退出码为1；警告不影响退出码）",
    )
    add_file(p)
    add_json(p)
    p.set_defaults(handler=cmd_eligibility)

    p = sub.add_parser("export", help="导出 JSON（交换格式）")
    add_file(p)
    add_json(p, required=True, help="以 JSON 格式导出（必须给出：目前只有这一种格式）")
    add_round(p, help=AFTER_ROUND_HELP)
    add_output(p, "-o", "--output", help="输出文件（默认输出到屏幕）")
    p.set_defaults(handler=cmd_export)

    p = sub.add_parser("log", help="操作日志")
    add_file(p)
    p.add_argument(
        "--limit",
        type=whole_number("条数", 1, 1_000_000),
        metavar="N",
        help="只列最近的 N 条（省略为全部）",
    )
    add_json(p)
    p.set_defaults(handler=cmd_log)

    p = sub.add_parser("demo", help="生成演示比赛（含选手、队伍、双人组合，可模拟若干轮）")
    add_output(p, "file", replace=False, metavar="FILE", help=NEW_FILE_HELP)
    add_words(p, "--preset", words=preset_words(), lead=PRESET_LEAD, required=True)
    p.add_argument(
        "--players",
        type=whole_number("人数", 2, 5000),
        default=None,
        metavar="N",
        help="主项目人数（默认按规程）",
    )
    p.add_argument(
        "--seed", type=SEED, default=2022, metavar="S", help="随机种子（默认 2022；同种子同结果）"
    )
    p.add_argument(
        "--rounds",
        type=whole_number("轮数", 0, 50),
        default=0,
        metavar="K",
        help="模拟比赛的轮数（默认 0：只有选手，尚未编排）",
    )
    p.set_defaults(handler=cmd_demo)

    p = sub.add_parser("gui", help="打开图形界面（不给文件时打开用户数据文件夹中的演示比赛）")
    add_file(
        p,
        nargs="?",
        help="比赛文件（省略时打开用户数据文件夹中的演示比赛 demo.finals，没有则生成）",
    )
    add_words(p, "--view", words=GUI_VIEWS, lead="打开时显示的页面")
    add_output(p, "--screenshot", help="离屏渲染窗口并保存为 PNG 后退出")
    p.set_defaults(handler=cmd_gui)
