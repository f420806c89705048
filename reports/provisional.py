"""Only final results are printed as final (issue 26 §2).

The prize sheet, the medal list, the prize and grade certificates and the ceremony list
state results: of an event whose last round is not complete (or printed with `--round N`
before its end) they are refused, unless asked for as provisional; then every page says
「临时（第N轮后）」 and no certificate number is issued or registered.
"""

from __future__ import annotations

from collections.abc import Iterable

from reports.docview import DocView, EventView
from reports.errors import ReportError

# The documents that state final results: refused before the end unless provisional.
FINAL_KINDS = ("prizes", "medals", "certificates", "ceremony")
FINAL_CERTIFICATES = ("prize", "grade")  # a participation certificate states no result


class NotFinal(ReportError):
    """A document of final results asked for before the results are final."""

    def __init__(self, document: str, unfinished: list[tuple[EventView, int, int]]) -> None:
        self.document = document
        self.mark = mark_of(unfinished)
        where = "；".join(
            f"“{ev.name}”{'尚未开赛' if after == 0 else f'只赛完第{after}轮'}（共{planned}轮）"
            for ev, after, planned in unfinished
        )
        what = (
            f"{where}，名次还不是最终的：{document}不能当作最终结果打印（会把临时名次印成冠军、"
            "发出奖金和证书编号）。请在最后一轮结束后再打印。"
        )
        tail = f"（每页标明“{self.mark}”，不发证书编号，不写入证书登记）。"
        super().__init__(
            f"{what}要现在打印一份临时的，请加 --provisional{tail}",
            window=f"{what}\n\n现在打印一份临时版吗{tail.rstrip('。')}？",
        )


def _round_of(after: int) -> str:
    return "开赛前" if after == 0 else f"第{after}轮后"


def mark_of(unfinished: list[tuple[EventView, int, int]]) -> str:
    """临时（第4轮后）; events at different rounds: 临时（公开组第4轮后、少儿组第3轮后）."""
    if not unfinished:
        return ""
    afters = {after for _, after, _ in unfinished}
    if len(afters) == 1:
        return f"临时（{_round_of(afters.pop())}）"
    return (
        "临时（" + "、".join(f"{ev.name}{_round_of(after)}" for ev, after, _ in unfinished) + "）"
    )


def unfinished_events(view: DocView, codes: Iterable[str]) -> list[tuple[EventView, int, int]]:
    """(event, round its results are after, rounds planned) of each event in `codes` whose
    results are not final; a summed team event counts its source event's rounds."""
    out = []
    for code in dict.fromkeys(codes):
        event = view.event_by_code(code)
        if event is None:
            continue
        source = None if event.is_team_match else event.source_event()
        rounds_of = source or event  # a summed team event: its members' event's rounds
        after = rounds_of.last_complete_round
        planned = rounds_of.rounds_planned
        if view.final.after_round is not None:
            after = min(after, view.final.after_round)
        if planned and after < planned:
            out.append((event, after, planned))
    return out


def final_mark(view: DocView, codes: Iterable[str], document: str, provisional: bool) -> str:
    """ "" when the results of events `codes` are final; the provisional mark when they are
    not and `provisional`; else `NotFinal`."""
    unfinished = unfinished_events(view, codes)
    if not unfinished:
        return ""
    if not provisional:
        raise NotFinal(document, unfinished)
    return mark_of(unfinished)
