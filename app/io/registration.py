"""Validating a registration sheet against the events' rules, before anything is written.

Every bad row and column is collected (not just the first), so the organiser can fix the
whole sheet in one go; the caller imports nothing unless the list of errors is empty.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from app.domain import EventKind
from app.errors import FinalsError
from app.io.dates import birth_date_problem, parse_date
from app.io.sheets import SheetRow
from app.printable import FontMissing, describe, unprintable
from app.standings.categories import grade_order, normalize_gender
from app.text import NAME_MAX, TEXT_MAX, clean_text, inner_space_warning

EVENT_SEPARATORS = re.compile(r"[、,，;；/|\s]+")


@dataclass(frozen=True)
class EventRules:
    code: str
    name: str
    kind: str
    aliases: tuple[str, ...] = ()
    source_event: str | None = None
    eligibility: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ExistingPlayer:
    id: int
    name: str
    gender: str | None
    birth_date: date | None
    id_number: str | None
    platform_account: str | None = None


@dataclass
class PlayerRow:
    row: int
    name: str
    gender: str | None
    birth_date: date | None
    unit: str | None
    region: str | None
    grade: str | None
    rating: int | None
    source: str | None
    qualifier_rank: int | None
    id_number: str | None
    phone: str | None
    seed: int | None
    events: tuple[str, ...]
    group: str | None  # team name or partner name
    # Private, like the ID number and phone: the 弈战 platform username (Go youth clause).
    platform_account: str | None = None


@dataclass(frozen=True)
class RowError:
    row: int
    column: str
    message: str

    def __str__(self) -> str:
        where = f"第{self.row}行" if self.row else "报名表"
        column = f"【{self.column}】" if self.column else ""
        return f"{where}{column}{self.message}"


@dataclass
class RegistrationPlan:
    players: list[PlayerRow]
    teams: dict[tuple[str, str], list[PlayerRow]]
    pairs: list[tuple[str, PlayerRow, PlayerRow]]
    errors: list[RowError]
    warnings: list[str] = field(default_factory=list)  # imported all the same


def _text(values: dict[str, Any], column: str) -> str | None:
    value = values.get(column)
    if value is None:
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = str(value).strip()
    return text or None


def _checked(
    values: dict[str, Any],
    column: str,
    row: int,
    errors: list[RowError],
    max_length: int = TEXT_MAX,
) -> str | None:
    """A text cell as stored: no control, format (bidi, zero-width) or line/paragraph
    separator characters (app.text's rules), not too long; else an error for this cell."""
    text = _text(values, column)
    if text is None:
        return None
    try:
        return clean_text(text, column, max_length=max_length)
    except FinalsError as exc:
        errors.append(RowError(row, column, exc.message))
        return text


NUMBER_RANGES = {"等级分": (0, 4000), "名次": (1, 100_000), "序号": (1, 100_000)}


def _int(values: dict[str, Any], column: str, row: int, errors: list[RowError]) -> int | None:
    text = _text(values, column)
    if text is None:
        return None
    try:
        number = float(text)
    except ValueError:
        number = math.nan
    if not math.isfinite(number) or number != int(number):
        errors.append(RowError(row, column, f"“{text}”不是整数。请填写整数，或留空。"))
        return None
    low, high = NUMBER_RANGES.get(column, (-(10**9), 10**9))
    if not low <= number <= high:
        errors.append(RowError(row, column, f"“{text}”超出范围：应在 {low} 到 {high} 之间。"))
        return None
    return int(number)


def _age_on(birth: date, day: date) -> int:
    return day.year - birth.year - ((day.month, day.day) < (birth.month, birth.day))


def _resolve_events(
    text: str | None,
    default_event: str | None,
    events: list[EventRules],
    row: int,
    errors: list[RowError],
) -> tuple[str, ...]:
    if text is None:
        if default_event:
            return (default_event,)
        individual = [e.code for e in events if e.kind == EventKind.INDIVIDUAL]
        return (individual[0],) if individual else ()
    lookup: dict[str, str] = {}
    for rules in events:
        for label in (rules.code, rules.name, *rules.aliases):
            lookup.setdefault(label.lower(), rules.code)
    codes: list[str] = []
    for part in EVENT_SEPARATORS.split(text):
        if not part:
            continue
        code = lookup.get(part.lower())
        if code is None:
            known = "、".join(e.name for e in events)
            errors.append(RowError(row, "项目", f"没有名为“{part}”的项目。可用的项目：{known}。"))
        elif code not in codes:
            codes.append(code)
    return tuple(codes)


def _parse_row(
    sheet_row: SheetRow,
    events: list[EventRules],
    default_event: str | None,
    errors: list[RowError],
) -> PlayerRow:
    values, row = sheet_row.values, sheet_row.number
    unreadable = {column for column, _ in sheet_row.problems}
    for column, problem in sheet_row.problems:
        errors.append(RowError(row, column, problem))
    name = _checked(values, "姓名", row, errors, NAME_MAX)
    if name is None:
        if "姓名" not in unreadable:
            errors.append(RowError(row, "姓名", "姓名为空。请填写选手姓名，或删除这一行。"))
        name = ""
    gender_text = _text(values, "性别")
    gender = normalize_gender(gender_text)
    if gender is None and "性别" not in unreadable:
        shown = f"“{gender_text}”" if gender_text else "空"
        errors.append(RowError(row, "性别", f"性别为{shown}，无法识别。请填写“男”或“女”。"))
    birth_raw = values.get("出生日期")
    birth = None
    if birth_raw is not None and str(birth_raw).strip():
        birth = parse_date(birth_raw)
        if birth is None:
            errors.append(
                RowError(
                    row,
                    "出生日期",
                    f"“{birth_raw}”不是有效日期。请写成 2010-05-03、2010.5.3 或 2010年5月3日。",
                )
            )
        elif impossible := birth_date_problem(birth):
            errors.append(RowError(row, "出生日期", f"{impossible}，不可能是出生日期。请核对。"))
            birth = None
    return PlayerRow(
        row=row,
        name=name,
        gender=gender,
        birth_date=birth,
        unit=_checked(values, "单位", row, errors),
        region=_checked(values, "地区", row, errors),
        grade=_checked(values, "段位", row, errors),
        rating=_int(values, "等级分", row, errors),
        source=_checked(values, "来源", row, errors),
        qualifier_rank=_int(values, "名次", row, errors),
        id_number=_checked(values, "身份证号", row, errors),
        phone=_checked(values, "电话", row, errors),
        seed=_int(values, "序号", row, errors),
        events=_with_source_events(
            _resolve_events(_text(values, "项目"), default_event, events, row, errors), events
        ),
        group=_checked(values, "队名/搭档", row, errors, NAME_MAX),
        platform_account=_checked(values, "平台账号", row, errors, PLATFORM_MAX),
    )


def _with_source_events(codes: tuple[str, ...], events: list[EventRules]) -> tuple[str, ...]:
    """A team member plays the individual event the team is scored from."""
    by_code = {rules.code: rules for rules in events}
    out = list(codes)
    for code in codes:
        source = by_code[code].source_event
        if source and source not in out:
            out.insert(0, source)
    return tuple(out)


PLATFORM_MAX = 60
_PRO_NUMBER = r"(?:[0-9]{1,2}|[一二两三四五六七八九十初]+)"
_PRO_SHORT = re.compile(rf"p{_PRO_NUMBER}(?:段|d|dan)?|{_PRO_NUMBER}(?:段|d|dan)?p")


def is_professional_grade(text: str | None) -> bool:
    """A Go professional grade as organisers write it: 职业五段, 职业初段, 5段（职业）, P2,
    2p, pro 3d. Amateur grades (5段, 业余5段, 6d, 1级) are not."""
    if not text:
        return False
    t = unicodedata.normalize("NFKC", text).lower().replace(" ", "")
    if "职业" in t or "pro" in t:
        return True
    return _PRO_SHORT.fullmatch(t) is not None


def professional_message(name: str, grade: str, event: str) -> str:
    return (
        f"{name}的段位“{grade}”是围棋职业段位：{event}不接受职业棋手（规程：获得围棋职业段位的"
        "选手不得参赛）。如是业余段位，请写成“5段”或“业余5段”。"
    )


def check_individual(player: PlayerRow, rules: EventRules, errors: list[RowError]) -> None:
    """The rules one person must meet to play `rules`' event (its birth window, grade,
    gender, professionals, platform account): the one check of import, add-player,
    edit-player, composing a pair and `finals eligibility`."""
    elig = rules.eligibility
    born_from, born_to = elig.get("born_from"), elig.get("born_to")
    if born_from or born_to:
        window = f"{born_from or '不限'} 至 {born_to or '不限'}"
        if player.birth_date is None:
            errors.append(
                RowError(
                    player.row,
                    "出生日期",
                    f"{rules.name}按出生日期限定（{window}），但未填写出生日期。请补上出生日期。",
                )
            )
        elif (born_from and player.birth_date.isoformat() < born_from) or (
            born_to and player.birth_date.isoformat() > born_to
        ):
            errors.append(
                RowError(
                    player.row,
                    "出生日期",
                    f"{player.name}出生于{player.birth_date.isoformat()}，不符合{rules.name}"
                    f"的出生日期要求（{window}）。请核对日期或改报其他项目。",
                )
            )
    professional = elig.get("professionals") is False and is_professional_grade(player.grade)
    if professional:
        errors.append(
            RowError(
                player.row,
                "段位",
                professional_message(player.name, player.grade or "", rules.name),
            )
        )
    min_grade = elig.get("min_grade")
    if min_grade and not professional:
        have, need = grade_order(player.grade or ""), grade_order(min_grade)
        if need is not None and (have is None or have < need):
            errors.append(
                RowError(
                    player.row,
                    "段位",
                    f"{rules.name}要求{min_grade}或以上，{player.name}的段位为"
                    f"“{player.grade or '空'}”。请核对段位或改报其他项目。",
                )
            )
    gender = elig.get("gender")
    if gender and player.gender and player.gender != gender:
        who = "男子" if gender == "M" else "女子"
        errors.append(
            RowError(player.row, "性别", f"{rules.name}只限{who}参加。请核对性别或项目。")
        )
    if elig.get("platform_account_required") and not player.platform_account:
        errors.append(
            RowError(
                player.row,
                "平台账号",
                f"{rules.name}报名须提供弈战平台用户名，{player.name}的平台账号为空。"
                "请填写其参加网络海选赛所用的弈战账号（只供裁判核对，不会公开）。",
            )
        )


def exclusive_warning(name: str, first: str, second: str) -> str:
    return (
        f"{name}同时报了{first}和{second}：两个项目通常同时进行，一名选手只能下一处。"
        f"请确认，或从其中一个项目退出（设置 eligibility.exclusive_with）。"
    )


def check_team(
    key: tuple[str, str],
    members: list[PlayerRow],
    rules: EventRules,
    errors: list[RowError],
) -> None:
    elig = rules.eligibility
    size = elig.get("team_size")
    # With reserves ("best N of M"), a team may have team_size .. team_max members.
    largest = int(elig.get("team_max") or size or 0)
    # a sheet's rows; composed by hand (no sheet: row 0) the members by name
    rows = (
        f"第{'、'.join(str(m.row) for m in members)}行"
        if members and all(m.row for m in members)
        else "、".join(m.name for m in members) or "无"
    )
    team = key[1]
    if size and not size <= len(members) <= largest:
        wanted = f"{size}人" if largest == size else f"{size}至{largest}人"
        errors.append(
            RowError(
                members[0].row if members else 0,
                "队名/搭档",
                f"{rules.name}“{team}”有{len(members)}名队员（{rows}），每队应为{wanted}。"
                "请补齐或删去队员。",
            )
        )
    gender = elig.get("gender")
    excluded = tuple(elig.get("team_excluded_sources") or ())
    for member in members:
        if gender and member.gender and member.gender != gender:
            who = "男子" if gender == "M" else "女子"
            errors.append(
                RowError(
                    member.row,
                    "性别",
                    f"{member.name}不能参加{rules.name}（只限{who}）。请核对性别或队伍。",
                )
            )
        word = excluded_source(member.source, excluded)
        if word:
            errors.append(
                RowError(
                    member.row,
                    "来源",
                    excluded_source_message(
                        member.name, member.source or "", word, rules.name, team
                    ),
                )
            )


def excluded_source(source: str | None, excluded: tuple[str, ...]) -> str | None:
    """The word of `excluded` (e.g. 外卡) in a player's 来源, or None."""
    return next((word for word in excluded if word and word in (source or "")), None)


def excluded_source_message(name: str, source: str, word: str, event: str, team: str) -> str:
    """Why a player with this 来源 may not be in a team of `event` (setting
    eligibility.team_excluded_sources; Gomoku §十二(四)4: members qualified online)."""
    return (
        f"{name}的来源为“{source}”，不能作为{event}“{team}”的队员：队员须通过网络选拔赛"
        f"取得晋级资格，来源含“{word}”的选手不能入队。请换一名队员，或核对来源。"
    )


def check_pair(
    rules: EventRules,
    first: PlayerRow,
    second: PlayerRow,
    start: date | None,
    errors: list[RowError],
) -> None:
    for member in (first, second):  # each must be eligible alone (e.g. no professionals)
        check_individual(member, rules, errors)
    rule = rules.eligibility.get("pair")
    genders = sorted(g or "?" for g in (first.gender, second.gender))
    where = (
        f"{first.name}（第{first.row}行）与{second.name}（第{second.row}行）"
        if first.row
        else f"{first.name}与{second.name}"
    )
    if rule == "MM" and genders != ["M", "M"]:
        errors.append(
            RowError(first.row, "性别", f"{rules.name}须为两名男子：{where}。请核对性别或项目。")
        )
    elif rule == "FF" and genders != ["F", "F"]:
        errors.append(
            RowError(first.row, "性别", f"{rules.name}须为两名女子：{where}。请核对性别或项目。")
        )
    elif rule == "MF" and genders != ["F", "M"]:
        errors.append(
            RowError(first.row, "性别", f"{rules.name}须为一男一女：{where}。请核对性别或项目。")
        )
    elif rule == "parent_child":
        _check_parent_child(rules, first, second, start or date.today(), where, errors)


def _check_parent_child(
    rules: EventRules,
    first: PlayerRow,
    second: PlayerRow,
    day: date,
    where: str,
    errors: list[RowError],
) -> None:
    """亲子: a child under `child_under` on the start date and a parent at least
    `parent_older_by` years older (and `adult_age` or older); siblings are not a pair."""
    elig = rules.eligibility
    child_under = int(elig.get("child_under") or 18)
    older_by = int(elig.get("parent_older_by") or 18)
    adult_age = int(elig.get("adult_age") or 18)
    if first.birth_date is None or second.birth_date is None:
        errors.append(
            RowError(
                first.row,
                "出生日期",
                f"{rules.name}按出生日期核对家长与孩子：{where}须都填写出生日期。",
            )
        )
        return
    parent, child = sorted((first, second), key=lambda p: (p.birth_date or day, p.row))
    assert parent.birth_date is not None and child.birth_date is not None
    child_age, parent_age = _age_on(child.birth_date, day), _age_on(parent.birth_date, day)
    gap = _age_on(parent.birth_date, child.birth_date)  # the parent's age at the child's birth
    wrong = []
    if child_age >= child_under:
        wrong.append(
            f"孩子（未成年人）在开赛日（{day.isoformat()}）应未满{child_under}岁，"
            f"{child.name}已{child_age}岁"
        )
    if gap < older_by:
        wrong.append(
            f"家长应比孩子年长至少{older_by}岁，{parent.name}只比{child.name}年长"
            f"{_gap_text(parent.birth_date, child.birth_date, gap)}"
        )
    if parent_age < adult_age:
        wrong.append(f"家长在开赛日应满{adult_age}岁，{parent.name}为{parent_age}岁")
    if wrong:
        errors.append(
            RowError(
                first.row,
                "出生日期",
                f"{rules.name}须为家长与孩子：{'；'.join(wrong)}（{where}，出生于"
                f"{first.birth_date.isoformat()}和{second.birth_date.isoformat()}）。"
                "请核对出生日期或项目。",
            )
        )


def _gap_text(older: date, younger: date, years: int) -> str:
    days = (younger - older).days
    return f"{years}岁" if years else f"{days}天"


def plan_registration(
    sheet: list[SheetRow],
    events: list[EventRules],
    existing: list[ExistingPlayer],
    default_event: str | None = None,
    start_date: date | None = None,
) -> RegistrationPlan:
    errors: list[RowError] = []
    if not sheet:
        errors.append(RowError(0, "", "报名表中没有选手。请在表头下方每行填写一名选手。"))
    players = [_parse_row(row, events, default_event, errors) for row in sheet]
    by_code = {rules.code: rules for rules in events}

    seen_ids: dict[str, int] = {}
    seen_keys: dict[tuple[str, date], int] = {}
    existing_ids = {p.id_number: p for p in existing if p.id_number}
    existing_keys = {(p.name, p.birth_date): p for p in existing if p.birth_date}
    seen_accounts: dict[str, int] = {}
    existing_accounts = {p.platform_account: p for p in existing if p.platform_account}
    warnings: list[str] = []
    for player in players:
        spaced = inner_space_warning(
            player.name,
            f"第{player.row}行：",
            '改正：finals edit-player FILE "{name}" '
            + (f"--event {player.events[0]} " if player.events else "")
            + "--name {trimmed}（或改正报名表后重新导入）。",
        )
        if spaced:
            warnings.append(spaced)
        if player.id_number:
            if player.id_number in seen_ids:
                errors.append(
                    RowError(
                        player.row,
                        "身份证号",
                        f"身份证号与第{seen_ids[player.id_number]}行重复。同一选手只能登记一次，请删去重复行。",
                    )
                )
            elif player.id_number in existing_ids:
                errors.append(
                    RowError(
                        player.row,
                        "身份证号",
                        f"身份证号已属于已登记的选手{existing_ids[player.id_number].name}。请删去此行或核对号码。",
                    )
                )
            seen_ids.setdefault(player.id_number, player.row)
        if player.name and player.birth_date:
            key = (player.name, player.birth_date)
            if key in seen_keys:
                errors.append(
                    RowError(
                        player.row,
                        "姓名",
                        f"{player.name}（{player.birth_date.isoformat()}）与第{seen_keys[key]}行重复。"
                        "同一选手只能登记一次，请删去重复行。",
                    )
                )
            elif key in existing_keys:
                errors.append(
                    RowError(
                        player.row,
                        "姓名",
                        f"{player.name}（{player.birth_date.isoformat()}）已经登记过。请删去此行。",
                    )
                )
            seen_keys.setdefault(key, player.row)
        _check_platform_account(player, seen_accounts, existing_accounts, errors)
        for code in player.events:
            rules = by_code[code]
            if rules.kind == EventKind.INDIVIDUAL:
                check_individual(player, rules, errors)
                warnings += [
                    exclusive_warning(player.name, by_code[other].name, rules.name)
                    for other in rules.eligibility.get("exclusive_with") or ()
                    if other in player.events and other in by_code
                ]
            elif not player.group:
                what = "队名" if rules.kind == EventKind.TEAM else "搭档姓名"
                errors.append(
                    RowError(
                        player.row,
                        "队名/搭档",
                        f"报了{rules.name}，但没有填写{what}。请补上。",
                    )
                )

    teams: dict[tuple[str, str], list[PlayerRow]] = defaultdict(list)
    pair_rows: list[tuple[str, PlayerRow]] = []
    for player in players:
        for code in player.events:
            kind = by_code[code].kind
            if kind == EventKind.TEAM and player.group:
                teams[(code, player.group)].append(player)
            elif kind == EventKind.PAIR and player.group:
                pair_rows.append((code, player))
    for team_key, members in teams.items():
        check_team(team_key, members, by_code[team_key[0]], errors)

    pairs: list[tuple[str, PlayerRow, PlayerRow]] = []
    taken: set[tuple[str, int]] = set()
    by_event_name: dict[tuple[str, str], list[PlayerRow]] = defaultdict(list)
    for code, player in pair_rows:
        by_event_name[(code, player.name)].append(player)
    for code, player in pair_rows:
        if (code, player.row) in taken:
            continue
        rules = by_code[code]
        assert player.group is not None
        partners = [p for p in by_event_name.get((code, player.group), []) if p.row != player.row]
        if not partners:
            errors.append(
                RowError(
                    player.row,
                    "队名/搭档",
                    f"{rules.name}的搭档“{player.group}”不在报名表的{rules.name}中。"
                    "请为搭档单独填写一行，并在项目中写上该项目。",
                )
            )
            continue
        partner = partners[0]
        if partner.group and partner.group != player.name:
            errors.append(
                RowError(
                    partner.row,
                    "队名/搭档",
                    f"{partner.name}的搭档写的是“{partner.group}”，而{player.name}（第{player.row}行）"
                    f"写的搭档是{partner.name}。请统一。",
                )
            )
            continue
        taken.add((code, player.row))
        taken.add((code, partner.row))
        check_pair(rules, player, partner, start_date, errors)
        pairs.append((code, player, partner))

    errors.sort(key=lambda e: (e.row, e.column))
    if not errors:
        warnings += unprintable_warnings(players)
    return RegistrationPlan(players, dict(teams), pairs, errors, warnings)


def unprintable_warnings(players: list[PlayerRow]) -> list[str]:
    """A name, team or unit with a character no bundled font has (issue 26 §1): imported
    all the same, but no document naming it can be printed until it is corrected."""
    out = []
    for player in players:
        for column, text in (
            ("姓名", player.name),
            ("队名/搭档", player.group),
            ("单位", player.unit),
        ):
            try:
                missing = unprintable(text)
            except FontMissing:  # a broken installation: the documents will say so
                return []
            if missing:
                out.append(
                    f"第{player.row}行（{player.name}）{column}“{text}”中的字 {describe(missing)} "
                    "不在本程序所带的任何字体中：已导入，但印有此名的文件会拒绝生成。请核对并改正。"
                )
    return out


def _check_platform_account(
    player: PlayerRow,
    seen: dict[str, int],
    existing: dict[str, ExistingPlayer],
    errors: list[RowError],
) -> None:
    """One platform account is one person: not twice in the sheet, not a registered player's."""
    account = player.platform_account
    if not account:
        return
    if account in seen:
        errors.append(
            RowError(
                player.row,
                "平台账号",
                f"平台账号与第{seen[account]}行重复。每名选手填写自己的弈战账号，请核对。",
            )
        )
    elif account in existing:
        errors.append(
            RowError(
                player.row,
                "平台账号",
                f"平台账号已属于已登记的选手{existing[account].name}。请核对账号，或删去此行。",
            )
        )
    seen.setdefault(account, player.row)
