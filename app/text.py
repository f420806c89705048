"""Text a person typed: what may be stored, and how stored text is shown on a terminal.

Names, units, manners, reasons, operator names and titles are printed on lists, slips,
certificates and terminals. Control characters (an ESC sequence clears or retitles a
terminal), bidi overrides (U+202E turns 张三 around on screen), zero-width and other
invisible format characters, line and paragraph separators (U+2028 splits a row) and
unassigned or private code points never belong in them: they are refused, never silently
removed, with the character named so the person can find it.
"""

from __future__ import annotations

import unicodedata

from app.errors import FinalsError

# Unicode categories no typed text may hold: controls, format (bidi, zero-width),
# surrogates, private use, unassigned, line and paragraph separators.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
NAME_MAX = 60
TEXT_MAX = 200


def _describe(ch: str) -> str:
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" {name}" if name else "")


def invisible_character(text: str) -> str | None:
    """The first character `text` may not hold, described (None when it is clean)."""
    for ch in text:
        if unicodedata.category(ch) in REFUSED_CATEGORIES:
            return _describe(ch)
    return None


def clean_text(
    value: object, what: str, *, required: bool = False, max_length: int = TEXT_MAX
) -> str | None:
    """`value` as stored text: stripped; None when blank (refused when `required`).

    Raises FinalsError, naming `what` (e.g. "姓名") and the offending character.
    """
    if value is None:
        text = ""
    elif isinstance(value, str):
        text = unicodedata.normalize("NFC", value).strip()
    else:
        raise FinalsError(f"{what}应为文字。")
    bad = invisible_character(text)
    if bad:
        raise FinalsError(f"{what}含有不可见字符或控制字符（{bad}）。请删除后重新输入。")
    if not text:
        if required:
            raise FinalsError(f"{what}不能为空。")
        return None
    if len(text) > max_length:
        raise FinalsError(f"{what}太长（{len(text)} 个字），最多 {max_length} 个字。")
    return text


def terminal_safe(text: str) -> str:
    """Text for a terminal or a log: every refused character shown as an escape (\\u202e),
    line breaks and tabs kept. Used for whatever is already stored."""
    if not any(unicodedata.category(ch) in REFUSED_CATEGORIES and ch not in "\n\t" for ch in text):
        return text
    return "".join(
        ch
        if ch in "\n\t" or unicodedata.category(ch) not in REFUSED_CATEGORIES
        else (f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}")
        for ch in text
    )


def _is_han(ch: str) -> bool:
    return "\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff" or "\U00020000" <= ch


def trimmed_name(name: str) -> str | None:
    """A Chinese name with a space inside (王 磊, 欧阳　娜) without it (王磊); None when the
    name has none between two Chinese characters (a Latin name keeps its spaces)."""
    parts = name.split()
    if len(parts) < 2:
        return None
    if not all(_is_han(a[-1]) and _is_han(b[0]) for a, b in zip(parts, parts[1:], strict=False)):
        return None
    return "".join(parts)


def inner_space_warning(name: str, where: str = "", fix: str = "") -> str | None:
    """The warning for a Chinese name typed with a space inside, offering the trimmed form
    (`fix`: how to change it, e.g. a command); None for a name without one."""
    trimmed = trimmed_name(name)
    if trimmed is None:
        return None
    return (
        f"{where}姓名“{name}”中间有空格：中文姓名一般不含空格，应为“{trimmed}”？"
        "带空格的姓名与不带空格的被当作两个人（搜索、查重、证书）。"
        + fix.replace("{name}", name).replace("{trimmed}", trimmed)
    )
