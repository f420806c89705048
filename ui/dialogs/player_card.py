"""A player's card: round by round opponent, colour, result and points, the tie-breaks and
the status changes. Built in a worker (`ctx.read`) from the read model
(`app.readmodel.player_card`); the window's thread only fills the tables."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.domain import EntrantStatus
from app.readmodel.player_card import PlayerCard, player_card
from app.services.read_model import load_final
from ui.core_words import core
from ui.errors import show_error

if TYPE_CHECKING:
    from app.services.storage import Database
    from ui.context import TournamentContext


def read_card(
    db: Database, event_code: str, entrant_id: int, after_round: int | None = None
) -> PlayerCard:
    """In a worker: the card from the (cached) read model."""
    return player_card(load_final(db, after_round), event_code, entrant_id)


def _points(value: float | None) -> str:
    if value is None:
        return ""
    return f"{value:g}"


def _item(text: object, align_right: bool = False) -> QTableWidgetItem:
    item = QTableWidgetItem("" if text is None else str(text))
    item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
    if align_right:
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return item


class PlayerCardDialog(QDialog):
    """Opened on a player of the players view or a row of the standings (double-click or
    Enter); not modal, so the arbiter can keep a card open beside the board."""

    def __init__(
        self,
        ctx: TournamentContext,
        event_code: str,
        entrant_id: int,
        after_round: int | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.event_code, self.entrant_id, self.after_round = event_code, entrant_id, after_round
        self.card: PlayerCard | None = None
        self.setWindowTitle(self.tr("Player card"))
        self.resize(720, 480)
        self.heading = QLabel(self.tr("Loading…"))
        self.heading.setStyleSheet("font-size: 15px; font-weight: bold;")
        self.heading.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.details = QLabel()
        self.details.setWordWrap(True)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.changes = QLabel()
        self.changes.setWordWrap(True)
        self.changes.setStyleSheet("color: #8a5a00;")
        self.changes.setVisible(False)
        self.rounds = QTableWidget(0, 8)
        self.rounds.setHorizontalHeaderLabels(
            [
                self.tr("Round"),
                self.tr("Table"),
                self.tr("Opp. no."),
                self.tr("Opponent"),
                self.tr("Colour"),
                self.tr("Result"),
                self.tr("This round"),
                self.tr("Total"),
            ]
        )
        self._table_look(self.rounds)
        self.rounds.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.tiebreaks = QTableWidget(1, 0)
        self._table_look(self.tiebreaks)
        self.tiebreaks.setFixedHeight(56)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.details)
        layout.addWidget(self.changes)
        layout.addWidget(self.rounds, 1)
        layout.addWidget(QLabel(self.tr("Tie-breaks")))
        layout.addWidget(self.tiebreaks)
        layout.addWidget(buttons)
        self.reload()

    @staticmethod
    def _table_look(table: QTableWidget) -> None:
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setAlternatingRowColors(True)
        table.verticalHeader().setVisible(False)
        table.verticalHeader().setDefaultSectionSize(24)

    def reload(self) -> None:
        if self.ctx.db is None:
            return
        self.ctx.read(
            ("player-card", id(self)),
            read_card,
            self.event_code,
            self.entrant_id,
            self.after_round,
            on_done=self.show_card,
            on_error=lambda exc: show_error(self, exc),
        )

    def show_card(self, card: PlayerCard) -> None:
        self.card = card
        self.setWindowTitle(self.tr("Player card") + f" — {card.name}")
        self.heading.setText(f"{card.seed}　{card.name}")
        facts: list[str] = [card.event_name]
        for text in (card.unit, card.grade):
            if text:
                facts.append(text)
        if card.rating is not None:
            facts.append(self.tr("rating %1").replace("%1", str(card.rating)))
        if card.members:
            facts.append("、".join(card.members))
        if card.rank is not None:
            facts.append(self.tr("place %1").replace("%1", card.rank_text))
        if card.points is not None:
            facts.append(self.tr("%1 points").replace("%1", _points(card.points)))
        if card.status == EntrantStatus.WITHDRAWN:
            facts.append(self.tr("Withdrawn"))
        self.details.setText("　·　".join(facts))
        self.changes.setText("；".join(card.status_changes))
        self.changes.setVisible(bool(card.status_changes))

        self.rounds.setRowCount(len(card.rounds))
        for row, r in enumerate(card.rounds):
            cells: list[Any] = [
                _item(r.number, True),
                _item(r.table, True),
                _item(r.opponent_seed, True),
                _item(r.opponent_name),
                _item(core(r.colour)),
                _item(core(r.outcome) + (f"（{r.result}）" if r.result and r.opponent else "")),
                _item(_points(r.points) if r.played else "", True),
                _item(_points(r.total), True),
            ]
            for column, item in enumerate(cells):
                self.rounds.setItem(row, column, item)
        self.rounds.resizeColumnsToContents()
        self.rounds.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)

        self.tiebreaks.setColumnCount(len(card.tiebreaks))
        self.tiebreaks.setHorizontalHeaderLabels([core(name) for name, _v in card.tiebreaks])
        for column, (_name, value) in enumerate(card.tiebreaks):
            self.tiebreaks.setItem(0, column, _item(_points(value), True))
        self.tiebreaks.resizeColumnsToContents()

    def round_rows(self) -> list[list[str]]:
        """The rounds table as text (for tests and copying)."""
        out = []
        for row in range(self.rounds.rowCount()):
            out.append(
                [
                    (item.text() if (item := self.rounds.item(row, c)) else "")
                    for c in range(self.rounds.columnCount())
                ]
            )
        return out


def open_player_card(
    parent: QWidget,
    ctx: TournamentContext,
    event_code: str,
    entrant_id: int,
    after_round: int | None = None,
) -> PlayerCardDialog:
    dialog = PlayerCardDialog(ctx, event_code, entrant_id, after_round, parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    return dialog
