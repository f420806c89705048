"""Names between this program and OpenGotha: a player's key (`player_key`), a Chinese name
split into name and firstName (复姓 kept whole) and joined again, the seed number that
tells two namesakes apart.
"""

from __future__ import annotations

import re

# Chinese compound surnames (复姓) that are kept whole as `name`.
COMPOUND_SURNAMES = frozenset(
    (
        "欧阳 司马 诸葛 上官 东方 皇甫 尉迟 公孙 慕容 长孙 宇文 司徒 司空 夏侯 令狐 端木 "
        "独孤 南宫 西门 万俟 轩辕 钟离 闻人 赫连 澹台 公冶 宗政 濮阳 太叔 申屠 呼延 淳于 "
        "单于 百里 东郭 南门 羊舌 微生 梁丘 左丘 第五"
    ).split()
)

# -- names, ranks, results ---------------------------------------------------------------


def player_key(name: str, first_name: str) -> str:
    """OpenGotha's `Player.getKeyString`: name + firstName, spaces removed, upper case."""
    return (name + first_name).replace(" ", "").upper()


def _is_cjk(text: str) -> bool:
    return any("\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff" for ch in text)


def split_name(name: str) -> tuple[str, str]:
    """(surname, given name): 张三 → (张, 三), 欧阳明宇 → (欧阳, 明宇), "Vannier Luc" →
    (Vannier, Luc).  A one-character name keeps itself as both (OpenGotha needs two)."""
    name = " ".join(name.split())
    if " " in name:
        surname, _, given = name.partition(" ")
        return surname, given
    if _is_cjk(name) and len(name) > 1:
        cut = 2 if name[:2] in COMPOUND_SURNAMES and len(name) > 2 else 1
        return name[:cut], name[cut:]
    return name, name


def join_name(surname: str, given: str) -> str:
    """The name this program stores: 张 + 三 → 张三; Vannier + Luc → "Vannier Luc"."""
    surname, given = " ".join(surname.split()), " ".join(given.split())
    if surname == given:
        return surname
    if _is_cjk(surname) and _is_cjk(given):
        return surname + given
    return f"{surname} {given}".strip()


_SUFFIX = re.compile(r"^(.*)\((\d+)\)$")


def strip_seed_suffix(given: str) -> str:
    """ "伟(12)" → "伟": the seed number an export added to tell two namesakes apart."""
    match = _SUFFIX.match(given)
    return match.group(1) if match and match.group(1) else given
