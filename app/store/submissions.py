"""Result entry from the tables' phones: per-table secret tokens and the submissions queue.

Tokens live in their own table keyed by (round, table) rather than on the game row, because
a manual pairing edit rewrites a round's `Game` rows: a token printed on a slip must survive
that.  Both tables hang off `round` with ON DELETE CASCADE, so deleting a pairing deletes
its tokens and queue (the audit log keeps every submission).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, DateTime, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from app.store.models import Base

PENDING = "pending"
ACCEPTED = "accepted"
REJECTED = "rejected"
VOID = "void"  # the table's pairing changed after it was sent: it can never be accepted


class TableToken(Base):
    """The secret in a table's QR code (≥ 96 random bits, URL-safe)."""

    __tablename__ = "remote_token"
    __table_args__ = (UniqueConstraint("round_id", "table"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("round.id", ondelete="CASCADE"))
    table: Mapped[int] = mapped_column(Integer)
    token: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime)


class Submission(Base):
    """One result sent from a table's phone: pending until the arbiter decides."""

    __tablename__ = "remote_submission"
    __table_args__ = (Index("ix_remote_submission_round_table", "round_id", "table"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("round.id", ondelete="CASCADE"))
    table: Mapped[int] = mapped_column(Integer)
    # The players the referee saw at that table, first mover (Black) first.
    first_id: Mapped[int | None] = mapped_column(Integer)
    second_id: Mapped[int | None] = mapped_column(Integer)
    result: Mapped[str] = mapped_column(String(4))
    manner: Mapped[str | None] = mapped_column(String(60))
    fouls_first: Mapped[int] = mapped_column(Integer, default=0)
    fouls_second: Mapped[int] = mapped_column(Integer, default=0)
    client: Mapped[str] = mapped_column(String(64))
    received_at: Mapped[datetime] = mapped_column(DateTime)
    status: Mapped[str] = mapped_column(String(12), default=PENDING, index=True)
    auto: Mapped[bool] = mapped_column(Boolean, default=False)  # accepted by the auto setting
    decided_at: Mapped[datetime | None] = mapped_column(DateTime)
    decided_by: Mapped[str | None] = mapped_column(String(60))
    note: Mapped[str | None] = mapped_column(String(200))


class PinFailure(Base):
    """A wrong referee PIN sent for a table's link: counted from the file, so a restarted
    server (or another one) goes on from the count, not from zero. The arbiter's lifting of
    the link's lock deletes its rows; a round deleted takes them with it."""

    __tablename__ = "remote_pin_failure"
    __table_args__ = (Index("ix_remote_pin_failure_round_table", "round_id", "table"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("round.id", ondelete="CASCADE"))
    table: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(DateTime)
