"""The one line-breaking rule of every printed document (tables, wall lists, notes,
certificates, slips, cards).

A line breaks only between tokens (`tokens`):
- never inside a name, a unit or a kept phrase (`keep`, `SET_PHRASES`; in a table cell,
  with `words`, never inside a run between separators: a cell's names and units);
- never inside a number, an amount or a place: 1,200.00元, 3又3/4子, 第九至三十二名,
  壹仟贰佰元整, a Latin word (a long Latin name breaks between its words);
- never before a closing mark （，。；）…) nor after an opening one （（《“).
A token wider than a whole line (a long unit in a narrow column) is cut at its seams
first — after a place (浙江省|杭州市|上城区) or an organisation (…活动中心|围棋俱乐部,
…学校|男队) — and only a piece still too wide between characters, as a last resort; even
then no line starts with a closing mark.  Every line fits its width: text never runs
across a cell rule.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from reportlab.pdfbase.pdfmetrics import stringWidth

NO_LINE_START = "，。、：；！？）)］]」』”’》〉】…·%‰/"
NO_LINE_END = "（(［[「『“‘《〈【"
SET_PHRASES = (
    "以资鼓励",
    "特发此证",
    "比赛",
    "荣获",
    "获得",
    "参加",
    "授予",
    "称号",
    "经审核",
    "并列",
    "男女混合",
    "总决赛",
    "裁判长",
)
"""Phrases a line never breaks inside (besides the names a document passes as `keep`)."""

_LATIN = "A-Za-z0-9\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u1e00-\u1eff"  # with accents: é ü ñ ř
# Where a unit or team too wide for a line may be cut: after a place or an organisation.
_PLACE_ENDS = "省市区县镇乡旗"
_ORGANISATION_ENDS = (
    "自治区",
    "协会",
    "中心",
    "学校",
    "棋院",
    "分院",
    "学院",
    "大学",
    "中学",
    "小学",
    "社团",
    "少年宫",
    "俱乐部",
    "基地",
    "集团",
    "公司",
)
_CN = "零〇一二两三四五六七八九十百千万"
_UPPER = "零壹贰叁肆伍陆柒捌玖拾佰仟万亿"
_NUMBER = re.compile(
    rf"第[{_CN}\d]+(?:至第?[{_CN}\d]+)?[名轮台板届组段级期]?"  # 第九至三十二名, 第5轮
    rf"|[{_UPPER}]+[元圆][{_UPPER}角分]*整?"  # 壹仟贰佰元整
    r"|[¥￥]?\d[\d,.:：/\-]*(?:又\d+/\d+)?[%元分轮台板名段级目子人对队号]?"  # 1,200.00元
    rf"|[{_LATIN}][{_LATIN}'’.·]*-?"  # a Latin word (a break may follow its hyphen)
    r"|_+"  # a line to sign on
)
_SEPARATORS = set("、，；：。,;/ （）()《》“”「」【】") | set(NO_LINE_START) | set(NO_LINE_END)


def _pieces(text: str, keep: Iterable[str], words: bool) -> list[str]:
    phrases = sorted({p for p in (*SET_PHRASES, *keep) if len(p) > 1}, key=len, reverse=True)
    pieces: list[str] = []
    i = 0
    while i < len(text):
        phrase = next((p for p in phrases if text.startswith(p, i)), None)
        if phrase is None:
            found = _NUMBER.match(text, i)
            if found:
                phrase = found.group()
            elif words and text[i] not in _SEPARATORS:
                j = i + 1
                while j < len(text) and text[j] not in _SEPARATORS:
                    j += 1
                phrase = text[i:j]
            else:
                phrase = text[i]
        pieces.append(phrase)
        i += len(phrase)
    return pieces


def tokens(text: str, keep: Iterable[str] = (), *, words: bool = False) -> list[str]:
    """`text` cut where a line may break (see the module).  `words`: a run between
    separators (、，；/ space and brackets) stays whole too — a table cell's names."""
    out: list[str] = []
    opening = ""
    for piece in _pieces(text, keep, words):
        if piece == " " and out and not opening:
            out[-1] += piece  # a space ends the word before it
        elif out and not opening and piece[0] in NO_LINE_START:
            out[-1] += piece
        elif len(piece) == 1 and piece in NO_LINE_END:
            opening += piece
        else:
            out.append(opening + piece)
            opening = ""
    if opening:
        out.append(opening)
    return out


def seams(token: str) -> list[str]:
    """A token too wide for a line, cut where it reads on: 浙江省|杭州市|上城区|青少年活动中心|
    围棋俱乐部; a Latin word or a name has none (one piece).  A seam leaves at least two
    characters on either side."""
    cuts = set()
    for at in range(2, len(token) - 1):
        before = token[:at]
        if before[-1] in _PLACE_ENDS or before.endswith(_ORGANISATION_ENDS):
            cuts.add(at)
    points = [0, *sorted(cuts), len(token)]
    return [token[a:b] for a, b in zip(points, points[1:], strict=False)]


def _chars(token: str) -> list[str]:
    """A token too wide for a line, by character: a closing mark stays with the character
    before it, an opening mark with the one after it."""
    out: list[str] = []
    opening = ""
    for char in token:
        if out and not opening and char in NO_LINE_START:
            out[-1] += char
        elif char in NO_LINE_END:
            opening += char
        else:
            out.append(opening + char)
            opening = ""
    if opening:
        out.append(opening)
    return out


def break_lines(
    text: str,
    width: float,
    font: str,
    size: float,
    *,
    first_indent: float = 0,
    keep: Sequence[str] = (),
    words: bool = False,
    min_last: float = 0,
) -> list[str]:
    """The lines of `text` at `width` points (the first `first_indent` shorter), broken only
    between `tokens`; a token wider than a whole line is cut by `_chars`.

    `min_last`: no orphan — when the last line is narrower than this share of the width
    (以资鼓励。 alone under a full line), the text is broken again a little narrower (half
    an em at a time, at most a quarter of the width less) until the same number of lines
    ends on a line that is not: the shortfall is spread over every line (a justified
    paragraph's letter spacing), never left as one short line above."""
    lines = _greedy(text, width, font, size, first_indent, keep, words)
    need = min_last * width
    if len(lines) < 2 or stringWidth(lines[-1], font, size) >= need:
        return lines
    cut = size / 2
    while cut <= width / 4:
        tried = _greedy(text, width - cut, font, size, first_indent, keep, words)
        if len(tried) > len(lines):
            break
        if stringWidth(tried[-1], font, size) >= need:
            return tried
        cut += size / 2
    return lines


def _greedy(
    text: str,
    width: float,
    font: str,
    size: float,
    first_indent: float,
    keep: Sequence[str],
    words: bool,
) -> list[str]:
    """Each line as full as it can be (`break_lines` without its last-line rule)."""
    lines: list[str] = []
    line = ""
    room = width - first_indent

    def fits(candidate: str) -> bool:
        return bool(stringWidth(candidate.rstrip(), font, size) <= room + 0.01)

    def close() -> None:
        nonlocal line, room
        if line.strip():
            lines.append(line.rstrip())
        line, room = "", width

    for token in tokens(text, keep, words=words):
        if fits(line + token):
            line += token
            continue
        close()
        if fits(token):
            line = token
            continue
        for piece in seams(token):
            if line and fits(line + piece):
                line += piece
                continue
            if line:
                close()
            if fits(piece):
                line = piece
                continue
            for part in _chars(piece):
                if line and not fits(line + part):
                    close()
                line += part
    close()
    return lines


def widest(lines: Iterable[str], font: str, size: float) -> float:
    return max((stringWidth(line, font, size) for line in lines), default=0.0)
