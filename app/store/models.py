"""The tournament file's tables (SQLAlchemy 2 typed ORM).

ORM objects never leave `app.store` and `app.services`; everything else sees frozen
read-models.  JSON columns hold settings that are plain data (scoring, pairing and
standings settings, categories, eligibility, prize places).
"""

from __future__ import annotations

from datetime import date, datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Date,
    DateTime,
    Enum,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship, validates

from app.domain import CertificateKind, EntrantStatus, EventKind, RoundState, RoundStatus
from app.standings.tiebreaks import standings_with_ids


def vocabulary(words: type[StrEnum], length: int) -> Enum:
    """A column holding one word of `words` as the plain string it always stored
    (VARCHAR(`length`), no CHECK, no native enum: older files open unchanged); it reads
    back as the member, and refuses a string that is none of them."""
    return Enum(
        words,
        native_enum=False,
        create_constraint=False,
        length=length,
        values_callable=lambda members: [m.value for m in members],
        validate_strings=True,
    )


class Base(DeclarativeBase):
    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON}


class Tournament(Base):
    __tablename__ = "tournament"

    id: Mapped[int] = mapped_column(primary_key=True)
    title: Mapped[str] = mapped_column(String(200))
    game: Mapped[str] = mapped_column(String(10))  # gomoku | go
    preset: Mapped[str | None] = mapped_column(String(60))
    organisers: Mapped[list[Any]] = mapped_column(default=list)
    venue: Mapped[str | None] = mapped_column(String(200))
    start_date: Mapped[date | None] = mapped_column(Date)
    end_date: Mapped[date | None] = mapped_column(Date)
    operators: Mapped[list[Any]] = mapped_column(default=list)
    settings: Mapped[dict[str, Any]] = mapped_column(default=dict)


class Event(Base):
    __tablename__ = "event"

    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(30), unique=True)
    name: Mapped[str] = mapped_column(String(100))
    kind: Mapped[EventKind] = mapped_column(vocabulary(EventKind, 12))
    position: Mapped[int] = mapped_column(Integer, default=0)
    rounds_planned: Mapped[int] = mapped_column(Integer, default=0)
    source_event: Mapped[str | None] = mapped_column(String(30))
    scoring: Mapped[dict[str, Any]] = mapped_column(default=dict)
    pairing: Mapped[dict[str, Any]] = mapped_column(default=dict)
    standings: Mapped[dict[str, Any]] = mapped_column(default=dict)
    eligibility: Mapped[dict[str, Any]] = mapped_column(default=dict)
    categories: Mapped[list[Any]] = mapped_column(default=list)

    entrants: Mapped[list[Entrant]] = relationship(
        back_populates="event", order_by="Entrant.seed", cascade="all, delete-orphan"
    )
    rounds: Mapped[list[Round]] = relationship(
        back_populates="event", order_by="Round.number", cascade="all, delete-orphan"
    )

    @validates("standings")
    def _tiebreak_ids(self, _key: str, value: Any) -> Any:
        """The file keeps tie-breaks by their stable ids: a Chinese label written (a preset,
        an import, a person typing 对手分) is stored as its id (app.standings.tiebreaks)."""
        return standings_with_ids(value) if isinstance(value, dict) else value


class Player(Base):
    __tablename__ = "player"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    gender: Mapped[str | None] = mapped_column(String(1))  # M | F
    birth_date: Mapped[date | None] = mapped_column(Date)
    unit: Mapped[str | None] = mapped_column(String(200))
    region: Mapped[str | None] = mapped_column(String(100))
    grade: Mapped[str | None] = mapped_column(String(20))
    rating: Mapped[int | None] = mapped_column(Integer)
    source: Mapped[str | None] = mapped_column(String(60))
    qualifier_rank: Mapped[int | None] = mapped_column(Integer)
    # Private: never exported, never printed.
    id_number: Mapped[str | None] = mapped_column(String(30), unique=True)
    phone: Mapped[str | None] = mapped_column(String(30))
    # The 弈战 platform username the Go youth clause asks for: for the arbiter's checks only.
    platform_account: Mapped[str | None] = mapped_column(String(60))
    # Issue 29: the player's country as OpenGotha and the EGF write it ("FR", "CN").
    country: Mapped[str | None] = mapped_column(String(60))


class Entrant(Base):
    """One line of an event's list: a player, a pair or a team."""

    __tablename__ = "entrant"
    __table_args__ = (UniqueConstraint("event_id", "seed"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"))
    seed: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(120))
    player_id: Mapped[int | None] = mapped_column(ForeignKey("player.id"))
    unit: Mapped[str | None] = mapped_column(String(200))
    status: Mapped[EntrantStatus] = mapped_column(
        vocabulary(EntrantStatus, 12), default=EntrantStatus.PLAYING
    )
    withdrawn_from_round: Mapped[int | None] = mapped_column(Integer)
    # Issue 38: a disqualification (取消资格, status DISQUALIFIED): the rounds paired when it
    # was recorded (he sits out every later round; standings after this round leave him
    # out) and its reason.  `withdrawn_from_round` keeps an earlier withdrawal for the undo.
    disqualified_after_round: Mapped[int | None] = mapped_column(Integer)
    disqualified_reason: Mapped[str | None] = mapped_column(String(200))
    joined_round: Mapped[int] = mapped_column(Integer, default=1)
    initial_points: Mapped[float] = mapped_column(Float, default=0.0)
    # Issue 29: McMahon events: grades added to the start (OpenGotha's smmsCorrection).
    mcmahon_correction: Mapped[int] = mapped_column(Integer, default=0)

    event: Mapped[Event] = relationship(back_populates="entrants")
    # Loaded with the entrants, one query each (never one per entrant in a loop).
    player: Mapped[Player | None] = relationship(lazy="selectin")
    members: Mapped[list[EntrantMember]] = relationship(
        order_by="EntrantMember.position", cascade="all, delete-orphan", lazy="selectin"
    )
    round_status: Mapped[list[EntrantRoundStatus]] = relationship(
        cascade="all, delete-orphan", lazy="selectin"
    )


class EntrantMember(Base):
    """Ordered members of a pair or team."""

    __tablename__ = "entrant_member"

    entrant_id: Mapped[int] = mapped_column(
        ForeignKey("entrant.id", ondelete="CASCADE"), primary_key=True
    )
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"))

    player: Mapped[Player] = relationship(lazy="selectin")


class EntrantRoundStatus(Base):
    """An entrant's status for one round when it is not simply 'playing'."""

    __tablename__ = "entrant_round_status"

    entrant_id: Mapped[int] = mapped_column(
        ForeignKey("entrant.id", ondelete="CASCADE"), primary_key=True
    )
    round_number: Mapped[int] = mapped_column(Integer, primary_key=True)
    status: Mapped[RoundStatus] = mapped_column(vocabulary(RoundStatus, 12))
    # A requested bye's points (TRF H ½, F 1, Z 0); None: on leave (请假), as the event's
    # own rules count a round on leave.
    points: Mapped[float | None] = mapped_column(Float, nullable=True, default=None)


class Round(Base):
    __tablename__ = "round"
    __table_args__ = (UniqueConstraint("event_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    status: Mapped[RoundState] = mapped_column(
        vocabulary(RoundState, 12), default=RoundState.PAIRED
    )
    opening: Mapped[str | None] = mapped_column(String(20))
    opening_seed: Mapped[int | None] = mapped_column(
        BigInteger
    )  # 32-bit unsigned: past INTEGER on a server
    lot_seed: Mapped[int | None] = mapped_column(BigInteger)
    relaxations: Mapped[list[Any]] = mapped_column(default=list)
    paired_at: Mapped[datetime | None] = mapped_column(DateTime)
    # The pairing settings the round was paired by (PairingSettings.to_dict()): a past round
    # is checked and printed by them, not by today's. None: paired before they were kept.
    pairing_settings: Mapped[dict[str, Any] | None] = mapped_column(nullable=True)

    event: Mapped[Event] = relationship(back_populates="rounds")
    games: Mapped[list[Game]] = relationship(
        back_populates="round", order_by="Game.table", cascade="all, delete-orphan"
    )


class Game(Base):
    __tablename__ = "game"
    __table_args__ = (UniqueConstraint("round_id", "table"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("round.id", ondelete="CASCADE"))
    table: Mapped[int] = mapped_column(Integer)
    first_id: Mapped[int] = mapped_column(ForeignKey("entrant.id"))
    second_id: Mapped[int | None] = mapped_column(ForeignKey("entrant.id"))
    result: Mapped[str | None] = mapped_column(String(4))
    manner: Mapped[str | None] = mapped_column(String(60))
    fouls_first: Mapped[int] = mapped_column(Integer, default=0)
    fouls_second: Mapped[int] = mapped_column(Integer, default=0)
    opening: Mapped[str | None] = mapped_column(String(20))
    seat_swapped: Mapped[bool] = mapped_column(Boolean, default=False)
    # Issue 29 (Go): the stones the second mover (White) gives the first (Black); 0: even.
    handicap: Mapped[int] = mapped_column(Integer, default=0)

    round: Mapped[Round] = relationship(back_populates="games")
    # Loaded with the games, one query per batch (never one per game in a loop).
    boards: Mapped[list[Board]] = relationship(
        order_by="Board.board", cascade="all, delete-orphan", lazy="selectin"
    )


class Board(Base):
    """One board of a team match (Go 团体赛 played team v team): member v member."""

    __tablename__ = "board"
    __table_args__ = (UniqueConstraint("game_id", "board"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"))
    board: Mapped[int] = mapped_column(Integer)
    first_player_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    second_player_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    result: Mapped[str | None] = mapped_column(String(4))
    manner: Mapped[str | None] = mapped_column(String(60))

    first_player: Mapped[Player] = relationship(foreign_keys=[first_player_id])
    second_player: Mapped[Player] = relationship(foreign_keys=[second_player_id])


class PrizeTable(Base):
    __tablename__ = "prize_table"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_code: Mapped[str] = mapped_column(String(30))
    category: Mapped[str | None] = mapped_column(String(30))
    name: Mapped[str] = mapped_column(String(100))
    places: Mapped[list[Any]] = mapped_column(default=list)
    shrink: Mapped[list[Any]] = mapped_column(default=list)


class GradeTable(Base):
    __tablename__ = "grade_table"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_code: Mapped[str] = mapped_column(String(30))
    category: Mapped[str | None] = mapped_column(String(30))
    name: Mapped[str] = mapped_column(String(100))
    bands: Mapped[list[Any]] = mapped_column(default=list)


class AuditEntry(Base):
    __tablename__ = "audit"

    id: Mapped[int] = mapped_column(primary_key=True)
    time: Mapped[datetime] = mapped_column(DateTime)
    operator: Mapped[str] = mapped_column(String(60))
    action: Mapped[str] = mapped_column(String(60))
    target: Mapped[str | None] = mapped_column(Text)
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    station: Mapped[str | None] = mapped_column(String(60))  # the computer it was made on


class CertificateNumber(Base):
    """The register of certificate numbers issued (issue 14): one row per award printed.

    A number is issued the first time a certificate for its award is printed and reused in
    every later print.  An award that no longer exists (a corrected result changed the
    standings) keeps its row and number, marked void; its new holder gets a new number.
    """

    __tablename__ = "certificate_number"

    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[str] = mapped_column(String(60), unique=True)
    serial: Mapped[int] = mapped_column(Integer)  # numbering continues from the highest
    kind: Mapped[CertificateKind] = mapped_column(vocabulary(CertificateKind, 16))
    event: Mapped[str] = mapped_column(String(30))
    category: Mapped[str | None] = mapped_column(String(100))
    place: Mapped[str] = mapped_column(String(100), default="")  # 并列第十九名（第九至三十二名）
    award_key: Mapped[str] = mapped_column(String(300), index=True)
    entrant_id: Mapped[int | None] = mapped_column(Integer)  # no foreign key: the row outlives it
    name: Mapped[str] = mapped_column(String(120))  # the person the certificate names
    issued_at: Mapped[datetime] = mapped_column(DateTime)
    void: Mapped[bool] = mapped_column(Boolean, default=False)
    voided_at: Mapped[datetime | None] = mapped_column(DateTime)
