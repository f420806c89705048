"""Commands for standings, teams, pairs, prizes and grades."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from app.cli.common import (
    AFTER_ROUND_HELP,
    CERTIFICATE_TYPES,
    EVENT_ONE_HELP,
    add_event,
    add_file,
    add_json,
    add_round,
    add_words,
    fmt_points,
    opened,
    print_json,
    table,
    warn,
)
from app.domain import EventKind
from app.errors import FinalsError

if TYPE_CHECKING:
    from app.readmodel.held import ResultsHeld
    from app.readmodel.model import (
        Final,
        FinalEntrant,
        FinalEvent,
        GradeLine,
        LateChange,
        PrizeLine,
    )
    from app.standings.categories import CategoryStanding


def _event(final: Final, code: str | None) -> FinalEvent:
    events = final.events
    if code is None:
        if len(events) == 1:
            return events[0]
        raise FinalsError(
            "请用 --event 指定项目：" + "、".join(f"{e.code}（{e.name}）" for e in events)
        )
    for event in events:
        if event.code.lower() == code.lower() or event.name == code:
            return event
    raise FinalsError(f"没有项目 {code}。可用的项目：" + "、".join(e.code for e in events))


def _standing_rows(event: FinalEvent, category: str | None) -> list[CategoryStanding]:
    from app.standings.categories import CategoryStanding

    if category is None:
        return [
            CategoryStanding(
                rank=r.rank,
                entrant=r.entrant,
                overall_rank=r.rank,
                points=r.points,
                tiebreaks=r.tiebreaks,
                shared=r.shared,
            )
            for r in event.standings.rows
        ]
    for cat in event.categories:
        if category in (cat.code, cat.name):
            return list(event.category_standings.get(cat.code, ()))
    if category in event.category_standings:
        return list(event.category_standings[category])
    known = "、".join(f"{c.code}（{c.name}）" for c in event.categories) or "无"
    raise FinalsError(f"{event.name}没有组别 {category}。可用的组别：{known}。")


def _row_document(row: CategoryStanding, overall: bool) -> dict[str, Any]:
    """A row as `--json` prints it: the export's fields (the mixed list adds overall_rank)."""
    from app.io.export_json import category_standing_document

    data = category_standing_document(row)
    if overall:
        data["overall_rank"] = data.pop("overall_rank")  # the export's order, then the rank
    return data


def _load(args: argparse.Namespace) -> Final:
    from app.services.read_model import load_final

    with opened(args) as db:
        return load_final(db, getattr(args, "round", None))


FILTER_FLAGS = {
    "gender": "--gender",
    "born_from": "--born-from",
    "born_to": "--born-to",
    "min_grade": "--min-grade",
}


def _check_filters(args: argparse.Namespace) -> None:
    """The filters of a custom category, checked before anything is read: each only with
    --category, a gender 男/女, dates YYYY-MM-DD (a window that can hold a birthday), a grade.
    `args.gender` is normalised to M/F."""
    from datetime import date

    from app.standings.categories import grade_order, normalize_gender

    given = [flag for dest, flag in FILTER_FLAGS.items() if getattr(args, dest) is not None]
    if given and not args.category:
        raise FinalsError(
            f"{'、'.join(given)} 是自定义组别的条件，须与 --category 一起使用："
            f"请加 --category 组别名称（如 --category 少年），否则这些条件不起作用。"
        )
    if args.gender is not None:
        gender = normalize_gender(args.gender)
        if gender is None:
            raise FinalsError(f"--gender “{args.gender}”无法识别。请写 男 或 女（M/F）。")
        args.gender = gender
    for dest in ("born_from", "born_to"):
        text = getattr(args, dest)
        if text is None:
            continue
        try:
            if len(text) != 10:
                raise ValueError(text)
            date.fromisoformat(text)
        except ValueError:
            raise FinalsError(
                f"{FILTER_FLAGS[dest]} “{text}”不是日期。请写成 YYYY-MM-DD，如 2010-01-01。"
            ) from None
    if args.born_from and args.born_to and args.born_from > args.born_to:
        raise FinalsError(
            f"--born-from {args.born_from} 晚于 --born-to {args.born_to}：没有人能在这段时间出生。"
            "请对调或改正这两个日期。"
        )
    if args.min_grade is not None and grade_order(args.min_grade) is None:
        raise FinalsError(f"--min-grade “{args.min_grade}”不是段级位。请写成 1段、3级 等。")


def cmd_standings(args: argparse.Namespace) -> int:
    from app.io.export_json import standing_document
    from app.readmodel.disqualified import disqualified_rows
    from app.readmodel.held import beyond_last_round, event_rounds_held
    from app.readmodel.points_notes import points_notes
    from app.readmodel.withdrawal import withdrawal_note
    from app.standings.ranking import disqualified_note as disqualified_words

    _check_filters(args)
    final = _load(args)
    event = _event(final, args.event)
    source = final.event(event.source_event) if event.source_event else None
    if args.round is not None:
        refused = beyond_last_round(event, args.round, source)
        if refused:
            raise FinalsError(refused)
    held = event_rounds_held(event, source)
    category = args.category
    defined = {c.code for c in event.categories} | {c.name for c in event.categories}
    filters = [flag for dest, flag in FILTER_FLAGS.items() if getattr(args, dest) is not None]
    if category in defined and filters:
        raise FinalsError(
            f"{event.name}的组别 {category} 按规程的条件排名，不能再加 {'、'.join(filters)}。"
            "自定义组别请换一个名称，如 --category 自定义。"
        )
    if category and category not in defined:
        rows = _ad_hoc_category(args, event, category)
    else:
        rows = _standing_rows(event, category)
    names = {e.id: e for e in event.entrants}
    order = _tiebreak_order(event)
    # the disqualified (取消资格), out of the ranking: listed after it (a category: its own)
    gone = disqualified_rows(event, category)
    # what the standings could not count as they should (a McMahon grade that cannot be read)
    from app.standings.model import NOTE  # imported by the command that prints standings only

    warn([line.removeprefix(NOTE) for line in event.standings.explanation if line.startswith(NOTE)])
    if args.json:
        print_json(
            {
                "event": event.code,
                "category": category,
                "after_round": held.after,
                "heading": held.text,  # 第1轮后（第2轮进行中）: which results it holds
                "tiebreak_order": order,
                "standings": [_row_document(r, category is None) for r in rows],
                "explanation": list(event.standings.explanation),
                # 取消资格: left out of the ranking, each with the place he would hold
                **(
                    {
                        "disqualified": [
                            {
                                **standing_document(r),
                                "note": withdrawal_note(names[r.entrant], held.after),
                            }
                            for r in gone
                        ]
                    }
                    if gone
                    else {}
                ),
            }
        )
        return 0
    category_name = next(
        (c.name for c in event.categories if category in (c.code, c.name)), category
    )
    label = (
        category_name
        if category_name and category_name.startswith(event.name)
        else (f"{event.name}{'（' + category_name + '）' if category_name else ''}")
    )
    if event.rounds:
        print(f"{label} {held.base}名次" + (f"（{held.note}）" if held.note else ""))
    elif source is not None:  # a summed team event: ranked from its source event's rounds
        print(f"{label} 团体名次 {held.text}" + ("：尚未比赛" if not held.after else ""))
    else:
        print(f"{label} 开赛前：尚未比赛，以下按序号排列，不是名次")
    body = []
    # a withdrawn player (by hand or by the forfeit rule) is marked 退赛, in a last column
    # that is there only when someone listed has withdrawn
    marked = bool(gone) or any(withdrawal_note(names[r.entrant]) for r in rows)
    for row in rows:
        entrant = names[row.entrant]
        rank = f"{row.rank}{'=' if row.shared else ''}"
        cells = [rank, str(entrant.seed), entrant.name, entrant.unit or "", fmt_points(row.points)]
        cells += [fmt_points(row.tiebreaks.get(name)) for name in order]
        if marked:
            cells.append(withdrawal_note(entrant))
        body.append(cells)
    for out in gone:
        entrant = names[out.entrant]
        cells = ["—", str(entrant.seed), entrant.name, entrant.unit or "", fmt_points(out.points)]
        cells += [fmt_points(out.tiebreaks.get(name)) for name in order]
        body.append([*cells, withdrawal_note(entrant, held.after)])
    print(
        table(body, ["名次", "序号", "姓名", "单位", "积分", *order, *(["状态"] if marked else [])])
    )
    if gone and not args.explain:  # the rules his leaving follows (settings in force)
        print(disqualified_words(event.standings))
    # points given without a game (迟到，第3轮加入，给1分), of the entrants listed
    for line in points_notes(event, held.after, {r.entrant for r in rows}):
        print(f"注：{line}")
    if args.explain:
        print()
        for line in event.standings.explanation:
            print(line)
    return 0


def _tiebreak_order(event: FinalEvent) -> list[str]:
    """The tie-breaks in force (a summed team event: as its settings say)."""
    from app.standings.tiebreaks import labels

    return [t for t in labels(event.configured_tiebreaks) if t != "积分"]


def _ad_hoc_category(
    args: argparse.Namespace, event: FinalEvent, code: str
) -> list[CategoryStanding]:
    """Custom categories by gender, birth window or grade, filtered from the mixed list."""
    from app.services.ranking import category_rows
    from app.standings.categories import Category

    elig = event.settings.eligibility
    gender = args.gender  # M/F (checked by _check_filters)
    born = args.born_from is not None or args.born_to is not None
    fixed = {"women": "F", "女子": "F", "men": "M", "男子": "M"}.get(code)
    if fixed and gender and gender != fixed:
        raise FinalsError(
            f"组别 {code} 只含{'女' if fixed == 'F' else '男'}选手，与 --gender 矛盾。"
            "请删去 --gender，或换一个组别名称。"
        )
    if fixed:  # women/men, narrowed by the other filters given
        name = "女子" if fixed == "F" else "男子"
        category = Category(
            code, name, fixed, args.born_from, args.born_to, min_grade=args.min_grade
        )
    elif code in ("youth", "少儿") and not born:
        category = Category(
            code,
            "少儿",
            gender=gender,
            born_from=elig.born_from or "2008-01-01",
            born_to=elig.born_to,
            min_grade=args.min_grade,
        )
    elif gender or born or args.min_grade:
        category = Category(
            code,
            code,
            gender=gender,
            born_from=args.born_from,
            born_to=args.born_to,
            min_grade=args.min_grade,
        )
    else:
        known = "、".join(c.code for c in event.categories) or "无"
        raise FinalsError(
            f"{event.name}没有组别 {code}（已有：{known}）。自定义组别请加 --gender、"
            "--born-from/--born-to 或 --min-grade。"
        )
    with opened(args) as db:
        return list(category_rows(db, event.code, category, args.round))


def cmd_teams(args: argparse.Namespace) -> int:
    from app.io.export_json import entrant_document, late_change_document, standing_document

    final = _load(args)
    kind = EventKind.PAIR if args.pairs else EventKind.TEAM
    events = [
        e for e in final.events if e.kind == kind and (not args.event or e.code == args.event)
    ]
    if not events:
        raise FinalsError("没有团体项目。" if kind == EventKind.TEAM else "没有双人项目。")
    warn([line for event in events for line in _late_team_warnings(final, event)])
    if args.json:
        print_json(
            [
                {
                    "event": e.code,
                    "name": e.name,
                    "standings": [standing_document(r) for r in e.standings.rows],
                    "entrants": [entrant_document(e, x) for x in e.entrants],
                    **(
                        {"late_changes": [late_change_document(c) for c in e.late_changes]}
                        if kind == EventKind.TEAM
                        else {}
                    ),
                }
                for e in events
            ]
        )
        return 0
    for event in events:
        entrants = {e.id: e for e in event.entrants}
        order = _tiebreak_order(event)
        print(event.name)
        body = [
            [
                f"{r.rank}{'=' if r.shared else ''}",
                entrants[r.entrant].name,
                "、".join(entrants[r.entrant].members),
                fmt_points(r.points),
            ]
            + [fmt_points(r.tiebreaks.get(t)) for t in order]
            + [_team_note(entrants[r.entrant])]
            for r in event.standings.rows
        ]
        print(
            table(
                body,
                [
                    "名次",
                    "队名" if kind == EventKind.TEAM else "组合",
                    "队员",
                    "积分",
                    *order,
                    "备注",
                ],
            )
        )
        for line in _team_footnotes(event):
            print(line)
        print()
    return 0


# -- teams (issue 13): ineligible and forced late teams, marked wherever they are listed ----


def _late_text(late: LateChange) -> str:
    what = "强制组队" if late.action == "composed" else f"强制解散“{late.team}”"
    return f"第{late.after_round}轮编排后{what}（{late.operator}，{late.time}）"


def _team_note(entrant: FinalEntrant) -> str:
    """The 备注 of a team's (or pair's) row: ineligible now, and/or composed late by force."""
    notes = ["※不符合参赛条件"] if entrant.eligibility_problems else []
    if entrant.late is not None:
        notes.append(_late_text(entrant.late))
    return "；".join(notes)


def _late_team_warnings(final: Final, event: FinalEvent) -> list[str]:
    """A team composed by force after round 1, where it is ranked (issue 25 §5)."""
    entrants = {e.id: e for e in event.entrants}
    out = []
    for row in event.standings.rows:
        team = entrants[row.entrant]
        if team.late is None or team.late.action != "composed":
            continue
        rule = _late_setting(final, event.code)
        prize = "其奖金不发，名次空缺" if rule == "withhold" else "如获奖，奖金照发并在奖金表上标注"
        out.append(
            f"{event.name}第{row.rank}名“{team.name}”是{_late_text(team.late)}的队伍："
            f"仍计名次，{prize}（设置 eligibility.late_team_prizes={rule}）。"
        )
    return out


def _unpaid_setting(final: Final, code: str) -> str | None:
    """A team event's eligibility.ineligible_team_prizes (None: not a team event)."""
    event = final.event(code)
    if event is None or event.kind != EventKind.TEAM:
        return None
    return event.settings.eligibility.ineligible_team_prizes


def _team_footnotes(event: FinalEvent) -> list[str]:
    lines = [
        f"※ {e.name}：{'；'.join(e.eligibility_problems)}"
        for e in event.entrants
        if e.eligibility_problems
    ]
    if lines and event.kind == EventKind.TEAM:
        rule = event.settings.eligibility.ineligible_team_prizes
        lines.append(
            "※ 不符合参赛条件的队伍仍计名次；"
            + (
                "奖金不发，名次空缺（eligibility.ineligible_team_prizes=withhold）"
                if rule == "withhold"
                else "奖金照发，奖金表上标注（eligibility.ineligible_team_prizes=pay）"
            )
        )
    lines += [
        f"强制变更：{_late_text(c)}，队员 {'、'.join(c.members)}"
        for c in event.late_changes
        if c.action == "dissolved"
    ]
    return lines


def _amount(line: PrizeLine) -> str:
    from app.io.export_json import yuan_number

    return fmt_points(yuan_number(line.award.amount_fen))


def _late_setting(final: Final, code: str) -> str:
    event = final.event(code)
    return event.settings.eligibility.late_team_prizes if event else "pay"


def _late_warning(final: Final, prize: PrizeLine, paid: bool) -> str:
    """A prize won by a team composed by force after its source event's round 1."""
    assert prize.late is not None
    where = f"{prize.award.table_name}第{prize.award.place}名“{prize.name}”"
    money = (
        f"奖金照发（{_amount(prize)} 元），已在奖金表上标注"
        if paid
        else f"奖金 {_amount(prize)} 元未发，该名次空缺"
    )
    setting = _late_setting(final, prize.award.event)
    return (
        f"{where}是{_late_text(prize.late)}的队伍：仍计名次，{money}"
        f"（设置 eligibility.late_team_prizes={setting}）。"
    )


def prize_warnings(final: Final) -> list[str]:
    """What `finals prizes` and the prize sheet warn of (stderr): prizes of ineligible teams
    or pairs and of teams composed late by force, paid (marked) or withheld."""
    out = _prize_warnings(final)
    out += [_late_warning(final, p, True) for p in final.prizes if p.late is not None]
    out += [_late_warning(final, p, False) for p in final.withheld_prizes if p.late is not None]
    return out


def _prize_warnings(final: Final) -> list[str]:
    """One 警告 per prize of an ineligible team or pair: paid (marked) or withheld."""
    out = []
    for prize, paid in [(p, True) for p in final.prizes if p.ineligible] + [
        (p, False) for p in final.withheld_prizes if p.ineligible
    ]:
        setting = _unpaid_setting(final, prize.award.event)
        where = f"{prize.award.table_name}第{prize.award.place}名“{prize.name}”"
        why = "；".join(prize.eligibility_problems)
        money = (
            f"奖金照发（{_amount(prize)} 元），已在奖金表上标注"
            if paid
            else f"奖金 {_amount(prize)} 元未发，该名次空缺"
        )
        rule = f"（设置 eligibility.ineligible_team_prizes={setting}）" if setting else ""
        out.append(f"{where}不符合参赛条件（{why}）：仍计名次，{money}{rule}。")
    return out


def _prize_footnotes(final: Final) -> list[str]:
    from app.readmodel.vacancies import vacant_prize_places

    lines = [
        f"※ {p.award.table_name} 第{p.award.place}名 {p.name}：{'；'.join(p.eligibility_problems)}"
        for p in final.prizes
        if p.ineligible
    ]
    lines += [
        f"† {p.award.table_name} 第{p.award.place}名 {p.name}：{_late_text(p.late)}"
        for p in final.prizes
        if p.late is not None
    ]
    lines += [
        f"未发：{p.award.table_name} 第{p.award.place}名 {p.name} {_amount(p)} 元"
        f"（不符合参赛条件：{'；'.join(p.eligibility_problems)}）"
        for p in final.withheld_prizes
        if p.ineligible
    ]
    lines += [
        f"未发：{p.award.table_name} 第{p.award.place}名 {p.name} {_amount(p)} 元"
        f"（{_late_text(p.late)}）"
        for p in final.withheld_prizes
        if p.late is not None and not p.ineligible
    ]
    lines += [v.text() for v in vacant_prize_places(final)]
    return lines


def _prize_name(prize: PrizeLine) -> str:
    return prize.name + (" ※" if prize.ineligible else "") + (" †" if prize.late else "")


def _yuan(fen: int) -> str:
    """Whole fen as yuan text: 6240000 → 62400, 62220 → 622.20."""
    return str(fen // 100) if fen % 100 == 0 else f"{fen // 100}.{fen % 100:02d}"


def _held(final: Final, events: list[FinalEvent], rnd: int | None, document: str) -> ResultsHeld:
    """Which results a list of `events` holds; a round no event reached is refused, as the
    standings refuse it."""
    from app.readmodel.held import list_beyond_last_round, results_held

    if rnd is not None:
        refused = list_beyond_last_round(events, rnd, document, final.events)
        if refused:
            raise FinalsError(refused)
    return results_held(events, final.events)


def cmd_prizes(args: argparse.Namespace) -> int:
    from app.io.export_json import prize_document, yuan_number
    from app.readmodel.held import prize_events
    from app.readmodel.vacancies import vacant_prize_places

    final = _load(args)
    held = _held(final, prize_events(final), args.round, "奖金分配")
    prizes = final.prizes
    warn(prize_warnings(final))
    total_fen = sum(p.award.amount_fen for p in prizes)
    if args.json:
        totals_fen: dict[str, int] = {}
        for p in prizes:
            totals_fen[p.award.table_name] = (
                totals_fen.get(p.award.table_name, 0) + p.award.amount_fen
            )
        print_json(
            {
                "prizes": [prize_document(p) for p in prizes],
                "prize_rules": final.prize_rules.to_dict(),
                "totals": {t: yuan_number(f) for t, f in totals_fen.items()},
                "totals_fen": totals_fen,
                "total": yuan_number(total_fen),
                "total_fen": total_fen,
                "withheld_prizes": [prize_document(p) for p in final.withheld_prizes],
                # places a disqualification left empty (不顺延): not paid
                "vacant_places": [v.to_dict() for v in vacant_prize_places(final)],
                # which results it holds: 临时（第3轮后） until every event is over
                "after_round": held.after_round,
                "after_rounds": {e.code: e.held.after for e in held.events},
                "heading": held.text,
                "final": held.final,
            }
        )
        return 0
    print(f"奖金分配 {held.text}")
    if not prizes and held.after_round == 0:  # no round complete: nobody holds a place
        print("开赛前：尚无名次，不分配奖金（第1轮全部赛完后才有名次）。")
        return 0
    body = [
        [p.award.table_name, p.award.title, _prize_name(p), p.unit or "", _yuan(p.award.amount_fen)]
        for p in prizes
    ]
    print(table(body, ["组别", "名次", "姓名", "单位", "奖金（元，含税）"]))
    for line in _prize_footnotes(final):
        print(line)
    print(f"合计 {_yuan(total_fen)} 元（含税）")
    print(f"并列名次奖金规则：{final.prize_rules.text}")
    return 0


def _no_grade_table(event: FinalEvent) -> str:
    """Why an event lists no grades: it has no grade table (the Go regulation publishes none:
    补充规则另行通知), and how to give it one."""
    return (
        f"{event.name}（{event.code}）没有等级表：规程未公布名次与申报等级的对应"
        "（如“补充规则另行通知”）。公布后用 "
        f"finals grade-table FILE --event {event.code} --set 等级表.csv 设置（名次,等级）。"
    )


def cmd_grades(args: argparse.Namespace) -> int:
    from app.io.export_json import grade_document
    from app.readmodel.held import grade_events

    final = _load(args)
    events = [_event(final, args.event)] if args.event else list(final.events)
    codes = {e.code for e in events}
    held = _held(final, grade_events(final, events), args.round, "等级申报")
    grades = [g for g in final.grades if g.award.event in codes]
    # individual events without bands: said, never an empty header (issue 25 §4)
    bare = [e for e in events if e.kind == EventKind.INDIVIDUAL and not e.grade_tables]
    if args.json:
        warn([_no_grade_table(e) for e in bare] if not args.event or not grades else [])
        # each row: the round its event's results are after, and whether they are final
        of = {e.code: e for e in held.events}
        print_json(
            [
                {
                    **grade_document(g),
                    "after_round": of[g.award.event].held.after,
                    "final": not of[g.award.event].unfinished,
                }
                if g.award.event in of
                else grade_document(g)
                for g in grades
            ]
        )
        return 0
    if grades:
        print(f"等级申报 {held.text}")
    if not grades:
        if held.after_round == 0:  # no round complete: nobody holds a place
            print(f"等级申报 {held.text}")
            print("开赛前：尚无名次，不申报等级（第1轮全部赛完后才有名次）。")
        elif args.event and not events[0].grade_tables:
            print(_no_grade_table(events[0]))
        elif args.event:
            print(f"{events[0].name}尚无选手进入等级表的名次段（等级表见 finals grade-table）。")
        else:
            print("没有可申报等级的名次：")
            for event in bare:
                print("  " + _no_grade_table(event))
        return 0
    body = [
        [g.award.event, str(g.award.rank), g.name, g.unit or "", g.award.grade, _held_note(g)]
        for g in grades
    ]
    print(table(body, ["项目", "名次", "姓名", "单位", "申报等级", "备注"]))
    if not args.event:
        for event in bare:
            print("注：" + _no_grade_table(event))
    return 0


# -- prize and grade tables (issue 25 §4) ------------------------------------------------------


def _table_event(final: Final, code: str) -> FinalEvent:
    return _event(final, code)


def _show_tables(final: Final, kind: str, code: str, category: str | None, as_json: bool) -> None:
    from app.io.export_json import grade_table_document, prize_table_document

    event = _table_event(final, code)
    if kind == "prize":
        docs = [
            prize_table_document(t)
            for t in event.prize_tables
            if category is None or category in (t.category, t.name)
        ]
    else:
        docs = [
            grade_table_document(t)
            for t in event.grade_tables
            if category is None or category in (t.category, t.name)
        ]
    if as_json:
        print_json({"event": event.code, "tables": docs})
        return
    word = "奖金表" if kind == "prize" else "等级表"
    if not docs:
        print(
            _no_grade_table(event)
            if kind == "grade"
            else f"{event.name}（{event.code}）没有{word}。用 --set 表格.csv 设置（名次,奖项,奖金）。"
        )
        return
    for doc in docs:
        where = f"（组别 {doc['category']}）" if doc["category"] else ""
        print(f"{doc['name']}{where}")
        if kind == "prize":
            body = [
                [_places_text(p["from"], p["to"]), p["title"], str(p["amount"])]
                for p in doc["places"]
            ]
            print(table(body, ["名次", "奖项", "奖金（元，含税）"]))
            for entrants, paid in doc["shrink"]:
                print(f"参赛不超过 {entrants} 个时只录取前 {paid} 名")
        else:
            body = [[_places_text(b["from"], b["to"]), b["grade"]] for b in doc["bands"]]
            print(table(body, ["名次", "申报等级"]))


def _places_text(a: int, b: int) -> str:
    return str(a) if a == b else f"{a}-{b}"


def cmd_table(args: argparse.Namespace) -> int:
    """finals prize-table / grade-table: show, set from a sheet, clear or undo one table."""
    from pathlib import Path

    from app.cli.common import operator
    from app.services.read_model import load_final

    kind = args.table_kind
    actions = [bool(args.set), args.clear, args.undo]
    if sum(actions) > 1:
        raise FinalsError("--set、--clear 与 --undo 只能选一个。")
    if not any(actions):
        _show_tables(_load(args), kind, args.event, args.category, args.json)
        return 0
    from app.services.tables import set_table, undo_table

    with opened(args) as db:
        if args.set:
            from app.io.tables import parse_grade_bands, parse_prize_places, read_table_file

            rows = read_table_file(Path(args.set))
            parsed = parse_prize_places(rows) if kind == "prize" else parse_grade_bands(rows)
            change = set_table(
                db, kind, args.event, parsed, args.category, operator(args), args.name
            )
        elif args.clear:
            change = set_table(db, kind, args.event, None, args.category, operator(args))
        else:
            change = undo_table(db, kind, args.event, args.category, operator(args))
        final = load_final(db)
    if args.json:
        _show_tables(final, kind, change.event, change.category, True)
        return 0
    print(("已撤销：" if args.undo else "") + change.describe())
    if change.after is not None:
        _show_tables(final, kind, change.event, change.category, False)
    print(
        "已记入操作日志；"
        + ("再次 --undo 可继续撤销更早的修改。" if args.undo else "--undo 可撤销。")
    )
    return 0


def _held_note(grade: GradeLine) -> str:
    """A grade the player already holds or exceeds (段位): said, and whether it is applied for."""
    if not grade.award.already_held:
        return ""
    form = "仍列入申报表" if grade.on_form else "不列入申报表"
    return f"已有{grade.award.held}（{form}）"


def cmd_certificates_register(args: argparse.Namespace) -> int:
    """Every certificate number issued: live, or void (the award no longer exists)."""
    from app.services.certificates import certificate_register

    with opened(args) as db:
        rows = certificate_register(db, args.type)
    if args.json:
        print_json([r.as_json() for r in rows])
        return 0
    if not rows:
        print("尚未发放证书编号（证书第一次打印时登记编号）。")
        return 0
    body = [
        [
            r.number,
            r.kind.zh,
            r.event,
            r.category or "",
            r.place,
            r.name,
            r.issued_at,
            f"作废（{r.voided_at}）" if r.void else "有效",
        ]
        for r in rows
    ]
    print(table(body, ["编号", "类别", "项目", "组别", "名次/奖项", "姓名", "发放时间", "状态"]))
    void = sum(r.void for r in rows)
    print(f"共 {len(rows)} 个编号，有效 {len(rows) - void} 个，作废 {void} 个。")
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser("standings", help="名次表（任意轮次后；可按组别）")
    add_file(p)
    add_event(p, help=EVENT_ONE_HELP)
    add_round(p, help=AFTER_ROUND_HELP)
    p.add_argument(
        "--category",
        metavar="C",
        help="women、youth 或项目中定义的组别；自定义组别配合下列条件",
    )
    p.add_argument("--gender", help="自定义组别：男/女")
    p.add_argument(
        "--born-from",
        dest="born_from",
        metavar="DATE",
        help="自定义组别：出生不早于，如 2010-01-01",
    )
    p.add_argument(
        "--born-to", dest="born_to", metavar="DATE", help="自定义组别：出生不晚于，如 2015-12-31"
    )
    p.add_argument(
        "--min-grade", dest="min_grade", metavar="GRADE", help="自定义组别：段级位不低于，如 1段"
    )
    p.add_argument("--explain", action="store_true", help="说明每组并列由哪项小分区分")
    add_json(p)
    p.set_defaults(handler=cmd_standings)

    p = sub.add_parser("teams", help="团体名次（--pairs 为双人名次）")
    add_file(p)
    add_event(p)
    p.add_argument("--pairs", action="store_true", help="改为双人名次（同 finals pairs）")
    add_round(p, help=AFTER_ROUND_HELP)
    add_json(p)
    p.set_defaults(handler=cmd_teams)

    p = sub.add_parser("pairs", help="双人名次")
    add_file(p)
    add_event(p)
    add_round(p, help=AFTER_ROUND_HELP)
    add_json(p)
    p.set_defaults(handler=cmd_teams, pairs=True)

    p = sub.add_parser("prizes", help="奖金分配")
    add_file(p)
    add_round(p, help=AFTER_ROUND_HELP)
    add_json(p)
    p.set_defaults(handler=cmd_prizes)

    p = sub.add_parser("grades", help="等级申报")
    add_file(p)
    add_event(p)
    add_round(p, help=AFTER_ROUND_HELP)
    add_json(p)
    p.set_defaults(handler=cmd_grades)

    for name, kind, columns, text in (
        ("prize-table", "prize", "名次,奖项,奖金", "奖金表"),
        ("grade-table", "grade", "名次,等级", "等级表"),
    ):
        p = sub.add_parser(
            name,
            help=f"查看或设置一个项目（或组别）的{text}：从表格导入、删除、撤销，均记入日志",
        )
        add_file(p)
        add_event(p, required=True)
        p.add_argument(
            "--category", metavar="C", help="项目中定义的组别（如 women）；省略为本项目的名次"
        )
        p.add_argument(
            "--set",
            metavar="TABLE",
            help=f"用表格（.csv 或 .xlsx，表头 {columns}；名次可写 4-8）替换{text}，全部正确才替换",
        )
        p.add_argument("--name", metavar="NAME", help=f"{text}的名称（印在奖金表、等级表上）")
        p.add_argument("--clear", action="store_true", help=f"删除这张{text}")
        p.add_argument("--undo", action="store_true", help=f"撤销最近一次{text}修改")
        add_json(p)
        p.set_defaults(handler=cmd_table, table_kind=kind)

    p = sub.add_parser("certificates-register", help="证书编号登记表（已发放的编号，含作废）")
    add_file(p)
    add_words(p, "--type", words=CERTIFICATE_TYPES, lead="只列一种证书")
    add_json(p)
    p.set_defaults(handler=cmd_certificates_register)
