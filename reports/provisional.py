"""Only final results are printed as final (issue 26 §2).

The prize sheet, the medal list, the prize and grade certificates and the ceremony list
state results: of an event whose last round is not complete (or printed with `--round N`
before its end) they are refused, unless asked for as provisional; then every page says
「临时（第N轮后）」 and no certificate number is issued or registered.
"""

from __future__ import annotations

from collections.abc import Iterable

from app.readmodel.held import ResultsHeld, results_held
from reports.docview import DocView, EventView
from reports.errors import ReportError

# The documents that state final results: refused before the end unless provisional.
FINAL_KINDS = ("prizes", "medals", "certificates", "ceremony")
FINAL_CERTIFICATES = ("prize", "grade")  # a participation certificate states no result


class NotFinal(ReportError):
    """A document of final results asked for before the results are final."""

    def __init__(
        self, document: str, unfinished: list[tuple[EventView, int, int]], mark: str = ""
    ) -> None:
        self.document = document
        self.mark = mark or mark_of(unfinished)
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


def held_of(view: DocView, codes: Iterable[str]) -> ResultsHeld:
    """What the results of events `codes` hold (the read model words the mark: 临时（第4轮后）,
    as `finals prizes` and the window head them)."""
    events = [e.event for code in dict.fromkeys(codes) if (e := view.event_by_code(code))]
    return results_held(events, view.final.events)


def mark_of(unfinished: list[tuple[EventView, int, int]]) -> str:
    """临时（第4轮后）; events at different rounds: 临时（公开组第4轮后、少儿组第3轮后）."""
    return (
        held_of(unfinished[0][0].doc, (ev.code for ev, _, _ in unfinished)).mark
        if unfinished
        else ""
    )


def unfinished_events(view: DocView, codes: Iterable[str]) -> list[tuple[EventView, int, int]]:
    """(event, round its results are after, rounds planned) of each event in `codes` whose
    results are not final; a summed team event counts its source event's rounds."""
    out = []
    for held in held_of(view, codes).unfinished:
        event = view.event_by_code(held.code)
        if event is not None:
            out.append((event, held.held.after, held.planned))
    return out


def final_mark(view: DocView, codes: Iterable[str], document: str, provisional: bool) -> str:
    """ "" when the results of events `codes` are final; the provisional mark when they are
    not and `provisional`; else `NotFinal`."""
    codes = tuple(codes)
    held = held_of(view, codes)
    if held.final:
        return ""
    if not provisional:
        raise NotFinal(document, unfinished_events(view, codes), held.mark)
    return held.mark
