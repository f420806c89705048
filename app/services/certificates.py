"""The register of certificate numbers (证书编号登记): one number per award, for good.

A certificate's number is assigned the first time a certificate for its award is printed
(one transaction, one audit entry) and is the same in every later print, whatever the
selection (all prizes, one event, one category).  Numbering continues from the highest
issued of the same kind.  An award that no longer exists (a corrected result changed the
standings) keeps its number in the register, marked void; its new holder gets a new number.

What an award is (its key) is decided where certificates are composed (the printed
document's awards, `reports.certificate_awards.select_certificates`, collected once per
print); `number_certificates` numbers that print for the command line and the window
alike, and they hand the numbers back to the document, so the reports never see the store.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy import func, select

from app.domain import CertificateKind
from app.errors import FinalsError
from app.services.audit import record
from app.store.database import Database
from app.store.models import CertificateNumber

KINDS: dict[str, str] = {kind: kind.zh for kind in CertificateKind}


@dataclass(frozen=True)
class AwardRecord:
    """One certificate's award: `key` identifies it (kind, event, table, place, holder)."""

    key: str
    kind: str  # prize | grade | participation
    event: str
    category: str | None
    place: str  # as printed: 并列第十九名（第九至三十二名）, 授予一级称号, "" (participation)
    entrant: int | None
    name: str  # the person the certificate names


class Certified(Protocol):
    """One certificate of a print, as the register knows it (`reports.certificate_awards.Award`)."""

    @property
    def key(self) -> str: ...
    @property
    def event(self) -> str: ...
    @property
    def group(self) -> str | None: ...
    @property
    def place(self) -> str: ...
    @property
    def entrant(self) -> int | None: ...
    @property
    def name(self) -> str: ...


class CertificateChoice(Protocol):
    """The certificates one print holds (`reports.certificate_awards.CertificatePrint`)."""

    @property
    def kind(self) -> str: ...
    @property
    def base(self) -> str: ...
    @property
    def mark(self) -> str: ...
    @property
    def awards(self) -> Sequence[Certified]: ...
    def current(self) -> Sequence[Certified]: ...


def number_certificates(
    db: Database, choice: CertificateChoice, operator: str = ""
) -> dict[str, str]:
    """The register's number of every certificate a print holds, by award key: issued on the
    first print (one transaction, one audit entry), the same in every later one.  A
    provisional print (marked 临时) is numbered by nobody: nothing issued, nothing written."""
    if choice.mark:
        return {}

    def records(awards: Sequence[Certified]) -> list[AwardRecord]:
        return [
            AwardRecord(
                key=a.key,
                kind=choice.kind,
                event=a.event,
                category=a.group,
                place=a.place,
                entrant=a.entrant,
                name=a.name,
            )
            for a in awards
        ]

    printed = records(choice.awards)
    current = choice.current()
    everyone = printed if current is choice.awards else records(current)
    return issue_numbers(db, choice.kind, choice.base, printed, everyone, operator)


def _live(session: Any, kind: str) -> dict[str, CertificateNumber]:
    rows = session.scalars(
        select(CertificateNumber).where(
            CertificateNumber.kind == kind, CertificateNumber.void.is_(False)
        )
    )
    return {row.award_key: row for row in rows}


def _unknown_kind(kind: str) -> FinalsError:
    return FinalsError(
        f"未知的证书类型“{kind}”；可选：prize（获奖）、grade（等级）、participation（参赛）。"
    )


def issue_numbers(
    db: Database,
    kind: str,
    base: str,
    printed: Sequence[AwardRecord],
    current: Sequence[AwardRecord],
    operator: str = "",
) -> dict[str, str]:
    """The number of each printed award (award key → number), issuing the missing ones.

    `base` goes before the serial (HZWQ- → HZWQ-0034; HZWQ-CS- for participation);
    `current` is every award of this kind as the standings stand now: a live number whose
    award is not among them is voided.  Nothing to issue or void: nothing is written (a
    read-only file prints what is registered); otherwise one transaction, one audit entry.
    """
    if kind not in KINDS:
        raise _unknown_kind(kind)
    keys = {a.key for a in current} | {a.key for a in printed}
    with db.reading() as session:
        live = _live(session, kind)
    if all(a.key in live for a in printed) and set(live) <= keys:
        return {a.key: live[a.key].number for a in printed}
    if db.read_only is not None:
        raise FinalsError(
            f"这些证书尚未登记编号，而比赛文件是只读的（{db.read_only}），无法发放编号。"
            "请把文件复制到可写的位置后再打印证书。"
        )
    with db.transaction() as session:
        live = _live(session, kind)  # again, under the write lock
        now = datetime.now().replace(microsecond=0)
        voided = []
        for key, stale in live.items():
            if key not in keys:
                stale.void, stale.voided_at = True, now
                voided.append(stale.number)
        serial = (
            session.scalar(
                select(func.max(CertificateNumber.serial)).where(CertificateNumber.kind == kind)
            )
            or 0
        )
        taken = set(session.scalars(select(CertificateNumber.number)))
        issued = []
        numbers: dict[str, str] = {}
        for award in printed:
            row = live.get(award.key)
            if row is None or row.void:
                serial += 1
                number = f"{base}{serial:04d}"
                while number in taken:  # a number made under another prefix: skip it
                    serial += 1
                    number = f"{base}{serial:04d}"
                taken.add(number)
                row = CertificateNumber(
                    number=number,
                    serial=serial,
                    kind=kind,
                    event=award.event,
                    category=award.category,
                    place=award.place,
                    award_key=award.key,
                    entrant_id=award.entrant,
                    name=award.name,
                    issued_at=now,
                    void=False,
                )
                session.add(row)
                live[award.key] = row
                issued.append(f"{number} {award.name}")
            numbers[award.key] = row.number
        record(
            session,
            operator,
            "发放证书编号",
            KINDS[kind],
            {"voided": voided} if voided else None,
            {"issued": issued},
        )
    return numbers


@dataclass(frozen=True)
class RegisterEntry:
    """One number of the certificate register: live, or void (its award no longer exists)."""

    number: str
    kind: CertificateKind
    event: str
    category: str | None
    place: str
    award_key: str
    entrant: int | None
    name: str
    issued_at: str  # local time, "YYYY-MM-DD HH:MM:SS"
    void: bool
    voided_at: str | None

    def as_json(self) -> dict[str, Any]:
        """What `finals certificates-register --json` prints for it."""
        return {
            "number": self.number,
            "kind": str(self.kind),
            "event": self.event,
            "category": self.category,
            "place": self.place,
            "award_key": self.award_key,
            "entrant": self.entrant,
            "name": self.name,
            "issued_at": self.issued_at,
            "void": self.void,
            "voided_at": self.voided_at,
        }


def certificate_register(db: Database, kind: str | None = None) -> list[RegisterEntry]:
    """Every number issued, in order of issue: live and void."""
    if kind is not None and kind not in KINDS:
        raise _unknown_kind(kind)
    with db.reading() as session:
        query = select(CertificateNumber).order_by(CertificateNumber.kind, CertificateNumber.serial)
        if kind is not None:
            query = query.where(CertificateNumber.kind == kind)
        return [
            RegisterEntry(
                number=r.number,
                kind=r.kind,
                event=r.event,
                category=r.category,
                place=r.place,
                award_key=r.award_key,
                entrant=r.entrant_id,
                name=r.name,
                issued_at=r.issued_at.isoformat(sep=" "),
                void=r.void,
                voided_at=r.voided_at.isoformat(sep=" ") if r.voided_at else None,
            )
            for r in session.scalars(query)
        ]
