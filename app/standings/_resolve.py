"""Ordering a field by points and then by a sequence of tie-break criteria.

Shared by the individual standings (`ranking`) and the team standings (`teams`).  A
criterion either has fixed values per entrant, or computes values for one tied group at
the moment it is resolved (直胜, 抽签).  Every separation is written down in Chinese so an
arbiter can explain every rank.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from app.domain import EntrantId

# Values for one tied group, or a Chinese reason why the criterion does not apply to it.
GroupValues = Callable[[tuple[EntrantId, ...]], "Mapping[EntrantId, float] | str"]


def value_key(value: float) -> float:
    """Points are halves and small sums: compare them without float noise."""
    return round(value, 9)


def fmt(value: float) -> str:
    """2.0 -> "2", 2.5 -> "2.5"."""
    if value == int(value):
        return str(int(value))
    return f"{value:.6g}"


@dataclass(frozen=True)
class Criterion:
    name: str
    ascending: bool = False  # True: the smaller value ranks higher (犯规, 最好名次, 抽签)
    values: Mapping[EntrantId, float] | None = None
    per_group: GroupValues | None = None


@dataclass(frozen=True)
class Resolved:
    groups: tuple[tuple[EntrantId, ...], ...]  # in rank order; a group of 2+ shares its rank
    explanation: tuple[str, ...]


def _buckets(
    group: Sequence[EntrantId], values: Mapping[EntrantId, float], ascending: bool
) -> list[list[EntrantId]]:
    by_value: dict[float, list[EntrantId]] = {}
    for entrant in group:
        by_value.setdefault(value_key(values[entrant]), []).append(entrant)
    keys = sorted(by_value, reverse=not ascending)
    return [by_value[k] for k in keys]


def _span(position: int, size: int) -> str:
    if size == 1:
        return f"第{position}名"
    return f"第{position}–{position + size - 1}名"


def resolve(
    order: Sequence[EntrantId],
    points: Mapping[EntrantId, float],
    criteria: Sequence[Criterion],
    label: Callable[[EntrantId], str],
    points_name: str = "积分",
) -> Resolved:
    """Rank `order` (any stable order, e.g. by seed) by points, then by `criteria`."""
    lines: list[str] = []
    out: list[tuple[EntrantId, ...]] = []

    def names(group: Sequence[EntrantId]) -> str:
        return "、".join(label(e) for e in group)

    def refine(group: list[EntrantId], index: int, position: int) -> list[tuple[EntrantId, ...]]:
        if len(group) == 1:
            return [tuple(group)]
        if index == len(criteria):
            lines.append(
                f"  {_span(position, len(group))} {names(group)}：各项小分相同，并列第{position}名"
            )
            return [tuple(group)]
        criterion = criteria[index]
        values: Mapping[EntrantId, float] | str
        if criterion.per_group is not None:
            values = criterion.per_group(tuple(group))
        else:
            assert criterion.values is not None
            values = criterion.values
        if isinstance(values, str):
            lines.append(
                f"  {_span(position, len(group))} {names(group)}：{criterion.name}不适用（{values}）"
            )
            return refine(group, index + 1, position)
        buckets = _buckets(group, values, criterion.ascending)
        if len(buckets) == 1:
            return refine(group, index + 1, position)
        shown = [f"{names(b)} {fmt(values[b[0]])}" for b in buckets]
        relation = " < " if criterion.ascending else " > "
        note = "（小者列前）" if criterion.ascending else ""
        lines.append(
            f"  {_span(position, len(group))} {names(group)}：按{criterion.name}区分{note}——"
            + relation.join(shown)
        )
        result: list[tuple[EntrantId, ...]] = []
        at = position
        for bucket in buckets:
            result.extend(refine(bucket, index + 1, at))
            at += len(bucket)
        return result

    position = 1
    for bucket in _buckets(list(order), points, ascending=False):
        if len(bucket) > 1:
            lines.append(
                f"{_span(position, len(bucket))}：{names(bucket)} {points_name}同为 {fmt(points[bucket[0]])}"
            )
            out.extend(refine(bucket, 0, position))
        else:
            out.append((bucket[0],))
        position += len(bucket)
    return Resolved(groups=tuple(out), explanation=tuple(lines))
