"""Display mode: the current round's pairings and the standings in large type, for a
projector or a second screen in the playing hall.

The window reads what it shows in a worker (`display_data`, from the typed read model) and
rereads it whenever the file changes. Keys: P pairings, S standings, O order (by table / by
pinyin), F11 full screen, Esc leaves full screen (and then closes), Space pauses the scroll.
The list scrolls by itself, pauses at the end, then starts again from the top.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QKeyEvent, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.domain import RoundState
from app.pinyin import name_key
from app.services.read_model import load_final
from ui import context as ctxmod

if TYPE_CHECKING:
    from app.readmodel.model import Final, FinalEntrant, FinalEvent
    from app.services.storage import Database
    from ui.context import TournamentContext

PAIRINGS, STANDINGS = "pairings", "standings"
BY_TABLE, BY_PINYIN = "table", "pinyin"


def _points(value: float | None) -> str:
    if value is None:
        return ""
    return str(int(value)) if value == int(value) else f"{value:g}"


@dataclass(frozen=True)
class Board:
    """One list for the screen: a title, the column heads and the rows (all text)."""

    title: str
    heads: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""


@dataclass(frozen=True)
class DisplayData:
    event: str
    by_table: Board
    by_pinyin: Board
    standings: Board | None  # None: not read (the pairings were shown; read when asked for)
    round_number: int | None = None  # the round the pairings show
    round_open: bool = False  # ... still has tables without a result
    rounds_complete: int = 0  # the event's complete rounds when it was read


def _empty(title: str, note: str) -> Board:
    return Board(title, (), (), note)


def _colours(game: str) -> tuple[str, str]:
    return ("黑", "白") if game == "go" else ("先", "后")


def _entrant_line(entrant: FinalEntrant | None, fallback: int | None) -> tuple[str, str]:
    if entrant is None:
        return (f"#{fallback}" if fallback is not None else "", "")
    return entrant.name, entrant.unit or ""


def _pairing_boards(ev: FinalEvent, game: str, title: str) -> tuple[Board, Board]:
    rounds = sorted(ev.rounds, key=lambda r: r.number)
    if not rounds:
        note = "本项目尚未编排"
        return _empty(f"{title} · {ev.name}", note), _empty(f"{title} · {ev.name}", note)
    rnd = rounds[-1]
    first_word, second_word = _colours(game)
    # a McMahon event's scores are McMahon scores (start by grade + points)
    score = "麦克马洪分" if ev.settings.pairing.system == "mcmahon" else "积分"
    heads = (
        "台号",
        first_word,
        "单位",
        score,
        "",
        second_word,
        "单位",
        score,
    )
    rows: list[tuple[str, ...]] = []
    people: list[tuple[Any, tuple[str, ...]]] = []
    for g in sorted(rnd.games, key=lambda g: g.table):
        a_name, a_unit = _entrant_line(ev.entrant(g.first), g.first)
        if g.second is None:
            rows.append((str(g.table), a_name, a_unit, _points(g.first_points), "", "轮空", "", ""))
            people.append((name_key(a_name), (a_name, a_unit, str(g.table), "", "轮空")))
            continue
        b_name, b_unit = _entrant_line(ev.entrant(g.second), g.second)
        rows.append(
            (
                str(g.table),
                a_name,
                a_unit,
                _points(g.first_points),
                "对",
                b_name,
                b_unit,
                _points(g.second_points),
            )
        )
        people.append((name_key(a_name), (a_name, a_unit, str(g.table), first_word, b_name)))
        people.append((name_key(b_name), (b_name, b_unit, str(g.table), second_word, a_name)))
    state = "" if rnd.status != RoundState.COMPLETE else "（已赛完）"
    head = f"{ev.name} · 第{rnd.number}轮对阵{state}"
    by_table = Board(head, heads, tuple(rows))
    people.sort(key=lambda item: item[0])
    by_pinyin = Board(
        head + " · 按姓名拼音",
        ("姓名", "单位", "台号", "执子", "对手"),
        tuple(row for _key, row in people),
    )
    return by_table, by_pinyin


def _standings_board(db: Database, latest: Final, code: str, name: str) -> Board:
    """The standings after the event's last complete round: from `latest` (the file as it
    is) when that round is the last one paired, else built after that round (a second load
    of the read model, only when the standings are wanted)."""
    ev = latest.event(code)
    if ev is None:
        return _empty(name, "")
    complete = [r.number for r in ev.rounds if r.status == RoundState.COMPLETE]
    if not complete:
        return _empty(f"{ev.name} · 排名", "尚无赛完的轮次")
    last = max(complete)
    if last != max(r.number for r in ev.rounds):
        ev = load_final(db, last).event(code) or ev
    tiebreaks = tuple(t for t in ev.standings.tiebreak_order if t != "积分")[:3]
    heads = ("名次", "姓名", "单位", "积分", *tiebreaks)
    rows = []
    for line in ev.standings.rows:
        entrant = ev.entrant(line.entrant)
        who, unit = _entrant_line(entrant, line.entrant)
        rank = f"{line.rank}=" if line.shared else str(line.rank)
        rows.append(
            (
                rank,
                who,
                unit,
                _points(line.points),
                *(_points(line.tiebreaks.get(t)) for t in tiebreaks),
            )
        )
    return Board(f"{ev.name} · 第{last}轮后排名", heads, tuple(rows))


def display_data(db: Database, code: str | None, with_standings: bool = True) -> DisplayData:
    """In a worker: everything the display shows of event `code` (plain text). Without
    `with_standings` the standings are left out (None): the read model is loaded once."""
    final = load_final(db)
    ev = final.event(code) if code else None
    if ev is None:
        ev = next((e for e in final.events if e.rounds), final.events[0] if final.events else None)
    title = final.tournament.title
    if ev is None:
        empty = _empty(title, "没有项目")
        return DisplayData("", empty, empty, empty)
    by_table, by_pinyin = _pairing_boards(ev, final.tournament.game, title)
    rounds = sorted(ev.rounds, key=lambda r: r.number)
    standings = _standings_board(db, final, ev.code, ev.name) if with_standings else None
    return DisplayData(
        ev.code,
        by_table,
        by_pinyin,
        standings,
        round_number=rounds[-1].number if rounds else None,
        round_open=bool(rounds) and rounds[-1].status != RoundState.COMPLETE,
        rounds_complete=sum(1 for r in rounds if r.status == RoundState.COMPLETE),
    )


class DisplayWindow(QWidget):
    """A top-level window for the projector: black background, large type, scrolling."""

    STEP_MS = 40  # the scroll's tick
    STEP_PX = 2  # pixels a tick
    END_PAUSE_MS = 6000  # at the end (and at the top) the list stands still this long
    TOP_PAUSE_MS = 3000

    def __init__(self, ctx: TournamentContext, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.ctx = ctx
        self.setWindowTitle(self.tr("Display"))
        self.mode = PAIRINGS
        self.order = BY_TABLE
        self.data: DisplayData | None = None
        self.paused = False
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Window, QColor("#101820"))
        palette.setColor(QPalette.ColorRole.Base, QColor("#101820"))
        palette.setColor(QPalette.ColorRole.AlternateBase, QColor("#1b2838"))
        palette.setColor(QPalette.ColorRole.Text, QColor("#f4f4f4"))
        palette.setColor(QPalette.ColorRole.WindowText, QColor("#f4f4f4"))
        self.setPalette(palette)
        self.setAutoFillBackground(True)

        self.title = QLabel()
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.title.setStyleSheet("color: #ffd75e;")
        self.note = QLabel()
        self.note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.table = QTableWidget()
        self.table.setPalette(palette)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.table.setShowGrid(False)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setStyleSheet(
            "QHeaderView::section { background: #22364d; color: #ffd75e; border: none;"
            " padding: 4px; }"
        )
        self.table.setStyleSheet(
            "QTableWidget { border: none; } QTableWidget::item { padding: 0 10px; }"
        )
        self.hint = QLabel(
            self.tr("P pairings · S standings · O order · Space pause · F11 full screen · Esc")
        )
        self.hint.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.hint.setStyleSheet("color: #6d7f93;")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 12, 24, 8)
        layout.addWidget(self.title)
        layout.addWidget(self.note)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.hint)

        self.timer = QTimer(self)
        self.timer.setInterval(self.STEP_MS)
        self.timer.timeout.connect(self._tick)
        self._hold_until = 0  # ticks to wait before moving
        self._at_end = False
        ctx.changed.connect(self._changed)
        ctx.event_changed.connect(lambda _c: self._changed(ctxmod.ALL))
        ctx.opened.connect(self._forget_read)
        ctx.closed.connect(self._forget_read)
        ctx.closed.connect(self.close)
        self.resize(1280, 720)
        self._apply_fonts()

    # -- data ---------------------------------------------------------------------
    # What the display shows is read in a worker, one read at a time: a change that comes
    # while one runs asks for one more when it is done (never a read per change). A change
    # reads again only when it can alter what is shown (`_untouched`); the standings are
    # read when they are shown (or first), not with every pairing list.
    reads = 0  # reads started (tests count them)
    _reading = False  # a read is running
    _again = False  # ... and a change came meanwhile: read once more when it is done
    _standings_stale = True  # the standings shown (or kept) may be out of date

    def _changed(self, what: str) -> None:
        if self._untouched(what):
            return
        self._standings_stale = True
        self.reload()

    def _untouched(self, what: str) -> bool:
        """The change cannot alter the display: a phone submission turned down, or a result
        at a table of the round on show while that round stays open (the pairing list shows
        no result, its points are those before the round; the standings are after the last
        complete round)."""
        if what == ctxmod.REMOTE:
            return True
        if what not in (ctxmod.RESULT_ENTERED, ctxmod.RESULTS):
            return False
        data, touched = self.data, self.ctx.touched
        if data is None or touched is None or not data.round_open:
            return False
        event = self.ctx.current_event(data.event)
        return (
            touched == (data.event, data.round_number)
            and event is not None
            and event.rounds_complete == data.rounds_complete
        )

    def _forget_read(self) -> None:
        """Another file (or none): what was being read for the last one never reports."""
        self._reading = self._again = False
        self._standings_stale = True
        self.data = None

    def reload(self) -> None:
        db = self.ctx.db
        if db is None or not self.isVisible():
            return
        if self._reading:
            self._again = True
            return
        self._reading, self._again = True, False
        self.reads += 1
        kept = self.data is not None and self.data.standings is not None
        with_standings = self._standings_stale and (self.mode == STANDINGS or not kept)
        if with_standings:
            self._standings_stale = False
        self.ctx.runner.read(
            "display",
            display_data,
            db,
            self.ctx.event_code,
            with_standings,
            on_done=lambda data: self._read(db, data),
            on_error=lambda exc: self._read_failed(db, exc),
        )

    def _read(self, db: Database, data: DisplayData) -> None:
        self._reading = False
        if self.ctx.db is not db:
            return
        old = self.data
        if data.standings is None and old is not None and old.event == data.event:
            data = replace(data, standings=old.standings)  # kept until they are shown
        self._show_data(data)
        if self._again:
            self.reload()

    def _read_failed(self, db: Database, exc: BaseException) -> None:
        self._reading = False
        if self.ctx.db is not db:
            return
        self.note.setText(str(exc))
        if self._again:
            self.reload()

    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        self.reload()
        self.timer.start()

    def hideEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        self.timer.stop()
        super().hideEvent(event)

    fills = 0  # the list built from scratch (a new round, another list, another event)
    rows_updated = 0  # rows rewritten in place since the last fill

    def _show_data(self, data: DisplayData) -> None:
        """The list on screen as read: a result or a new score rewrites its rows only; a new
        round, event or list (a new shape) is built again."""
        shown = self.board()
        self.data = data
        board = self.board()
        if (
            shown is not None
            and board is not None
            and shown.heads == board.heads
            and len(shown.rows) == len(board.rows)
            and self.table.rowCount() == len(board.rows)
            and self.table.columnCount() == len(board.heads)
        ):
            self._update(shown, board)
        else:
            self._fill(restart=False)

    def _update(self, shown: Board, board: Board) -> None:
        """Rewrite the cells that changed, in place (the scroll goes on where it was)."""
        if self.title.text() != board.title:
            self.title.setText(board.title)
        if self.note.text() != board.note:
            self.note.setText(board.note)
            self.note.setVisible(bool(board.note))
        changed = [
            r
            for r, (before, after) in enumerate(zip(shown.rows, board.rows, strict=True))
            if before != after
        ]
        if not changed:
            return
        # The columns fit their contents: measured once after the rewrite, not after each cell
        # (each cell's change would measure its whole column again: seconds for 360 rows).
        header = self.table.horizontalHeader()
        modes = [header.sectionResizeMode(c) for c in range(header.count())]
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        try:
            for r in changed:
                after = board.rows[r]
                for c in range(len(board.heads)):
                    text = after[c] if c < len(after) else ""
                    item = self.table.item(r, c)
                    if item is not None and item.text() != text:
                        item.setText(text)
        finally:
            for c, mode in enumerate(modes):
                header.setSectionResizeMode(c, mode)
        self.rows_updated += len(changed)

    def board(self) -> Board | None:
        if self.data is None:
            return None
        if self.mode == STANDINGS:
            return self.data.standings
        return self.data.by_pinyin if self.order == BY_PINYIN else self.data.by_table

    def _fill(self, restart: bool = True) -> None:
        board = self.board()
        if board is None:
            return
        self.fills += 1
        self.rows_updated = 0
        keep = self.table.verticalScrollBar().value()
        self.title.setText(board.title)
        self.note.setText(board.note)
        self.note.setVisible(bool(board.note))
        self.table.clear()
        self.table.setColumnCount(len(board.heads))
        self.table.setRowCount(len(board.rows))
        self.table.setHorizontalHeaderLabels(list(board.heads))
        centred = {"台号", "积分", "麦克马洪分", "名次", "执子", "对", ""}
        for c, head in enumerate(board.heads):
            for r, row in enumerate(board.rows):
                item = QTableWidgetItem(row[c] if c < len(row) else "")
                if head in centred or c == 4 and self.mode == PAIRINGS:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(r, c, item)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        for c, head in enumerate(board.heads):  # a long unit gives way, never a name
            if head in ("单位", "对手"):
                header.setSectionResizeMode(c, QHeaderView.ResizeMode.Stretch)
        self.table.resizeRowsToContents()
        if restart:
            self.restart_scroll()
        else:
            self.table.verticalScrollBar().setValue(keep)

    # -- look ---------------------------------------------------------------------
    def _apply_fonts(self) -> None:
        height = max(self.height(), 480)
        body = QFont(QApplication.font())
        body.setPixelSize(max(int(height / 22), 18))
        self.table.setFont(body)
        head = QFont(body)
        head.setBold(True)
        self.table.horizontalHeader().setFont(head)
        big = QFont(body)
        big.setPixelSize(int(body.pixelSize() * 1.4))
        big.setBold(True)
        self.title.setFont(big)
        self.note.setFont(body)
        small = QFont(body)
        small.setPixelSize(max(int(body.pixelSize() / 2.2), 11))
        self.hint.setFont(small)
        self.table.resizeRowsToContents()

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._apply_fonts()

    # -- scrolling ----------------------------------------------------------------
    def restart_scroll(self) -> None:
        self.table.verticalScrollBar().setValue(0)
        self._at_end = False
        self._hold_until = self.TOP_PAUSE_MS // self.STEP_MS

    def _tick(self) -> None:
        if self.paused:
            return
        if self._hold_until > 0:
            self._hold_until -= 1
            if self._hold_until == 0 and self._at_end:
                self.restart_scroll()
            return
        bar = self.table.verticalScrollBar()
        if bar.value() >= bar.maximum():
            self._at_end = True
            self._hold_until = self.END_PAUSE_MS // self.STEP_MS
            return
        bar.setValue(min(bar.value() + self.STEP_PX, bar.maximum()))

    # -- keys ---------------------------------------------------------------------
    def show_pairings(self) -> None:
        self.mode = PAIRINGS
        self._fill()

    def show_standings(self) -> None:
        self.mode = STANDINGS
        self._fill()
        if self._standings_stale:
            self.reload()

    def toggle_order(self) -> None:
        self.order = BY_PINYIN if self.order == BY_TABLE else BY_TABLE
        self.mode = PAIRINGS
        self._fill()

    def toggle_full_screen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        key = event.key()
        if key == Qt.Key.Key_P:
            self.show_pairings()
        elif key == Qt.Key.Key_S:
            self.show_standings()
        elif key == Qt.Key.Key_O:
            self.toggle_order()
        elif key == Qt.Key.Key_Space:
            self.paused = not self.paused
        elif key == Qt.Key.Key_F11:
            self.toggle_full_screen()
        elif key == Qt.Key.Key_Escape:
            if self.isFullScreen():
                self.showNormal()
            else:
                self.close()
        else:
            super().keyPressEvent(event)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        super().changeEvent(event)
        if event.type() == QEvent.Type.WindowStateChange:
            self._apply_fonts()


def second_screen_geometry() -> Any:
    """The geometry of a screen other than the window's (the projector), or None."""
    screens = QApplication.screens()
    primary = QApplication.primaryScreen()
    others = [s for s in screens if s is not primary]
    return others[0].geometry() if others else None
