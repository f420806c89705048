"""An audit entry's before → after in Chinese words, for people (the window's audit log).

`change_words(action, target, before, after)` turns the stored values into sentences such
as 第3台 成绩 1-0 → 0-1、编排调整 第5台与第7台交换、设置 pairing.same_unit：never → always.
Pure: no store, no Qt. `names` (entrant id → shown name) lets a pairing change name players;
without it a player is written #id. The command line's `finals log` keeps the JSON.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from app.domain import EntrantStatus, RoundStatus

ARROW = " → "
SEP = "；"
EMPTY = "（空）"

FIELD_NAMES = {
    "result": "成绩",
    "manner": "胜负方式",
    "fouls": "犯规",
    "seat_swapped": "座次交换",
    "opening": "开局",
    "board": "板",
    "match": "对局成绩",
    "seed": "序号",
    "status": "状态",
    "round": "轮次",
    "name": "姓名",
    "gender": "性别",
    "unit": "单位",
    "region": "地区",
    "birth_date": "出生日期",
    "grade": "段级位",
    "rating": "等级分",
    "title": "比赛名称",
    "venue": "地点",
    "members": "成员",
    "players": "选手",
    "file": "文件",
    "tables": "台次",
    "submission": "提交",
    "submissions": "提交",
    "client": "终端",
    "reason": "理由",
    "issued": "发放",
    "voided": "作废",
    "preset": "规程",
    "events": "项目",
    "rounds_planned": "计划轮数",
    "voided_submissions": "作废的现场提交",
    "relaxations": "放宽的条件",
    "lot_seed": "抽签种子",
    "withdrawn": "连续弃权退赛",
    "reinstated": "恢复参赛",
    "by": "依据",
    "after_round": "于第几轮后",
    "withdrawn_from_round": "退赛自第几轮",
    "absent_rounds": "请假轮次",
    "same_as": "与之相同的提交",
    "remote_entry_url": "现场录入网址",
}

# A status in the words the window and the command line use (请假 for a round's absence);
# "present" is `players.set_status`'s word for undoing one (nothing is stored for it).
STATUS_NAMES: dict[str, str] = {
    **{status.value: status.zh for status in EntrantStatus},
    **{status.value: status.zh for status in RoundStatus},
    "present": f"撤销{RoundStatus.ABSENT.zh}",
    # a phone submission's (现场提交成绩)
    "pending": "待审核",
    "accepted": "已采用",
    "rejected": "已拒绝",
    "void": "已作废",
}
RESULT_ACTIONS = ("录入成绩", "更正成绩", "清除成绩")
PAIRING_ACTIONS = ("编排调整", "重新编排", "撤销调整")
SETTINGS_ACTIONS = ("修改设置", "修改比赛信息", "设置现场录入地址")
LIMIT = 400


def value_text(value: Any) -> str:
    """One stored value in words: None → （空）, True → 是, [0, 1] → 0,1, 2.0 → 2."""
    if value is None or value == "":
        return EMPTY
    if isinstance(value, bool):
        return "是" if value else "否"
    if isinstance(value, float):
        return str(int(value)) if value == int(value) else f"{value:g}"
    if isinstance(value, list | tuple):
        if all(isinstance(v, int | float) and not isinstance(v, bool) for v in value):
            return ",".join(value_text(v) for v in value) or EMPTY
        return "、".join(value_text(v) for v in value) or EMPTY
    if isinstance(value, Mapping):
        return "，".join(f"{field_name(k)} {value_text(v)}" for k, v in value.items()) or EMPTY
    return str(value)


def field_name(key: Any) -> str:
    return FIELD_NAMES.get(str(key), str(key))


def flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    """{"pairing": {"same_unit": "never"}} → {"pairing.same_unit": "never"}."""
    if not isinstance(value, Mapping):
        return {prefix: value} if prefix else {}
    out: dict[str, Any] = {}
    for key, inner in value.items():
        name = f"{prefix}.{key}" if prefix else str(key)
        if isinstance(inner, Mapping) and inner:
            out.update(flatten(inner, name))
        else:
            out[name] = inner
    return out


def _diff(
    before: Mapping[str, Any] | None, after: Mapping[str, Any] | None, label: str = ""
) -> list[str]:
    """The keys whose value changed: 「成绩 1-0 → 0-1」, a settings key as it is written."""
    old, new = flatten(before or {}), flatten(after or {})
    lines = []
    for key in [*old, *(k for k in new if k not in old)]:
        a, b = old.get(key), new.get(key)
        if a == b:
            continue
        name = FIELD_NAMES.get(key, key)
        if key == "status":
            a, b = STATUS_NAMES.get(str(a), a), STATUS_NAMES.get(str(b), b)
        lines.append(f"{label}{name} {value_text(a)}{ARROW}{value_text(b)}")
    return lines


def _listing(value: Mapping[str, Any] | None) -> str:
    if not value:
        return ""
    return "，".join(
        f"{field_name(k)} {value_text(STATUS_NAMES.get(str(v), v) if k == 'status' else v)}"
        for k, v in value.items()
    )


def _table_of(target: str | None) -> str:
    found = re.search(r"第\d+台", target or "")
    return found.group(0) if found else ""


def _games(value: Mapping[str, Any] | None) -> dict[int, tuple[int | None, int | None]]:
    games: dict[int, tuple[int | None, int | None]] = {}
    for row in (value or {}).get("games") or ():
        try:
            table, first, second = row[0], row[1], row[2]
        except (IndexError, TypeError, KeyError):
            continue
        games[int(table)] = (first, second)
    return games


def pairing_changes(
    before: Mapping[str, Any] | None,
    after: Mapping[str, Any] | None,
    names: Mapping[int, str] | None = None,
) -> list[str]:
    """What a pairing edit changed, table by table, in words."""
    names = names or {}

    def who(entrant: int | None) -> str:
        if entrant is None:
            return "轮空"
        return names.get(entrant, f"#{entrant}")

    old, new = _games(before), _games(after)
    changed = sorted(t for t in {*old, *new} if old.get(t) != new.get(t))
    if not changed:
        return ["对阵未变"]
    lines: list[str] = []
    done: set[int] = set()
    # Two tables that traded their games (a table move)
    for a in changed:
        for b in changed:
            if a < b and a not in done and b not in done:
                if old.get(a) == new.get(b) and old.get(b) == new.get(a):
                    lines.append(f"第{a}台与第{b}台交换")
                    done |= {a, b}
    # A table whose two players changed seats
    for t in changed:
        if t in done or t not in old or t not in new:
            continue
        first, second = old[t]
        if new[t] == (second, first):
            lines.append(f"第{t}台 交换先后手")
            done.add(t)
    # Two players who traded places
    rest = [t for t in changed if t not in done]
    if len(rest) in (1, 2):
        seats_old = {p: t for t in rest for p in old.get(t, ()) if p is not None}
        seats_new = {p: t for t in rest for p in new.get(t, ()) if p is not None}
        moved = [p for p in seats_old if seats_new.get(p) != seats_old[p]]
        if len(moved) == 2 and set(seats_old) == set(seats_new):
            a, b = moved
            lines.append(f"{who(a)}（第{seats_old[a]}台）与{who(b)}（第{seats_old[b]}台）交换")
            done |= set(rest)
    for t in changed:
        if t in done:
            continue
        if t not in new:
            lines.append(f"第{t}台 {_pair(old[t], who)}{ARROW}取消")
        elif t not in old:
            lines.append(f"第{t}台 新增 {_pair(new[t], who)}")
        else:
            lines.append(f"第{t}台 {_pair(old[t], who)}{ARROW}{_pair(new[t], who)}")
    return lines


def _pair(game: tuple[int | None, int | None], who: Any) -> str:
    first, second = game
    if second is None:
        return f"{who(first)} 轮空"
    return f"{who(first)} 对 {who(second)}"


def change_words(
    action: str,
    target: str | None,
    before: Mapping[str, Any] | None,
    after: Mapping[str, Any] | None,
    names: Mapping[int, str] | None = None,
    limit: int = LIMIT,
) -> str:
    """The entry's change in Chinese sentences, joined by ；."""
    lines = _words(action, target, before, after, names)
    text = SEP.join(line for line in lines if line)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _words(
    action: str,
    target: str | None,
    before: Mapping[str, Any] | None,
    after: Mapping[str, Any] | None,
    names: Mapping[int, str] | None,
) -> list[str]:
    table = _table_of(target)
    prefix = f"{table} " if table else ""
    if action in RESULT_ACTIONS:
        if action == "录入成绩" and after:
            fields = [f"成绩 {value_text(after.get('result'))}"]
            if after.get("manner"):
                fields.append(f"胜负方式 {after['manner']}")
            if any(after.get("fouls") or ()):
                fields.append(f"犯规 {value_text(after.get('fouls'))}")
            if after.get("seat_swapped"):
                fields.append("座次交换")
            return [prefix + "，".join(fields)]
        changes = _diff(before, after, prefix)
        if action == "清除成绩":
            return [
                f"{prefix}成绩 {value_text((before or {}).get('result'))}{ARROW}清除",
                *changes[1:],
            ]
        return changes or [f"{prefix}成绩未变（{value_text((after or {}).get('result'))}）"]
    if action == "录入单板成绩" and after:
        return [
            f"{prefix}第{after.get('board')}板 成绩 {value_text(after.get('result'))}，"
            f"对局成绩 {value_text(after.get('match'))}"
        ]
    if action in PAIRING_ACTIONS:
        lines = pairing_changes(before, after, names)
        voided = (after or {}).get("voided_submissions")
        if voided:
            lines.append(f"作废现场提交 {value_text(voided)}")
        return lines
    if action == "编排":
        games = _games(after)
        byes = sum(1 for _first, second in games.values() if second is None)
        line = f"编排 {len(games)} 台"
        if byes:
            line += f"（轮空 {byes}）"
        extra = [
            f"{field_name(k)} {value_text(v)}"
            for k, v in (after or {}).items()
            if k != "games" and v not in (None, [], "")
        ]
        return [line, *extra]
    if action == "删除编排":
        return [f"删除编排（{len(_games(before))} 台）"]
    if action in SETTINGS_ACTIONS:
        return [f"设置 {line}" for line in _diff(before, after)] or ["设置未变"]
    if action in ("选手状态", "修改序号", "修改选手", "解散组合", "强制解散"):
        changes = _diff(before, after)
        if changes:
            return changes
    if before and after:
        changes = _diff(before, after)
        return changes or ["未变"]
    if after:
        return [_listing(after)]
    if before:
        return [f"删除：{_listing(before)}"]
    return []
