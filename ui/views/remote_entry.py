"""Phone entry (现场录入): the local web server for the tables' phones, and the arbiter's queue.

The arbiter picks the address the venue's phones can reach, starts the server (scope: the
current event's latest round) and shows its address as large text and a QR code. Each
submission from a table waits in the queue until the arbiter accepts it (Enter or A) or
rejects it (R or Delete); "accept all without conflict" takes the uncontested ones at once.
Everything goes through `app.services.remote_entry` (audited); the window only shows it.

The server calls back from its own threads: `_Bridge` turns those calls into queued Qt
signals, and a two-second poll of the queue (`list_submissions(after_id=...)`) catches
anything a signal could miss (another program writing the same file, for one). A table
link the server locks after too many wrong PINs comes the same way (`locked`) and shows,
red, above the queue (`ui.views.locked_links`), where the arbiter unlocks it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.errors import FinalsError
from app.phone_access import PIN_DIGITS, pin_problem
from app.services.remote_entry import (
    AcceptedAll,
    SubmissionView,
    SubmitOutcome,
    accept,
    accept_all,
    arbiter_queue,
    list_submissions,
    reject,
)
from app.web import DEFAULT_PORT, RemoteEntryServer, local_addresses
from ui import context as ctxmod
from ui.errors import error_text, show_error
from ui.models.submissions import SubmissionsModel
from ui.views.locked_links import LockedLinksBox
from ui.views.standings import fit_columns, make_table

if TYPE_CHECKING:
    from app.services.storage import Database

POLL_MS = 2000
QR_SIZE = 232
ACCEPT_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_A)
REJECT_KEYS = (Qt.Key.Key_R, Qt.Key.Key_Delete)


def _last_submission(db: Database) -> int:
    """In a worker: the id of the newest phone submission on file (0: none)."""
    seen = list_submissions(db, None, after_id=0)
    return seen[-1].id if seen else 0


class _Bridge(QObject):
    """Lives in the GUI thread; the server's threads emit, the panel receives (queued)."""

    arrived = Signal(object)  # SubmitOutcome
    stopped = Signal(object, str)  # the server, its reason
    locked = Signal(object)  # (event, round, table) whose link locked


class RemoteEntryView(QWidget):
    pending_changed = Signal(int)

    def __init__(self, ctx: ctxmod.TournamentContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.server: RemoteEntryServer | None = None
        self.received = 0
        self.stop_reason: str | None = None  # "stopped" | "rounds_closed" once it has run
        self._last_id = 0
        self._stale = False
        self._sized = False
        self._bridge = _Bridge(self)
        self._bridge.arrived.connect(self._arrived, Qt.ConnectionType.QueuedConnection)
        self._bridge.stopped.connect(self._server_stopped, Qt.ConnectionType.QueuedConnection)
        self._bridge.locked.connect(self._link_locked, Qt.ConnectionType.QueuedConnection)

        # -- the server's settings ----------------------------------------------------
        self.address = QComboBox()
        self.address.setEditable(True)
        self.address.setMinimumContentsLength(15)
        self.port = QSpinBox()
        self.port.setRange(0, 65535)
        self.port.setSpecialValueText(self.tr("any free port"))
        self.port.setValue(DEFAULT_PORT)
        self.pin = QLineEdit()
        self.pin.setPlaceholderText(self.tr("optional: referees type it to submit"))
        self.pin.setMaxLength(PIN_DIGITS[1])
        self.pin.textChanged.connect(self._pin_changed)
        self.pin_problem = QLabel()
        self.pin_problem.setObjectName("pinProblem")
        self.pin_problem.setStyleSheet("color: #b00020;")
        self.pin_problem.setWordWrap(True)
        self.pin_problem.setVisible(False)
        self.auto_accept = QCheckBox(self.tr("Accept automatically when the table has no result"))
        self.auto_accept.toggled.connect(self._auto_changed)
        self.public = QCheckBox(self.tr("Also open the players' pages"))
        self.public.setObjectName("publicPages")
        self.public.setToolTip(
            self.tr(
                "Pairings, standings and each player's results for everyone on the venue "
                "network: read-only, no token, nothing private."
            )
        )
        self.scope_label = QLabel()
        self.scope_label.setWordWrap(True)
        form = QFormLayout()
        form.addRow(self.tr("Address"), self.address)
        form.addRow(self.tr("Port"), self.port)
        form.addRow(self.tr("Referee PIN"), self.pin)
        form.addRow("", self.pin_problem)
        form.addRow(self.tr("Round served"), self.scope_label)
        form.addRow(self.auto_accept)
        form.addRow(self.public)
        self.start_button = QPushButton(self.tr("Start"))
        self.start_button.clicked.connect(self.start_server)
        self.stop_button = QPushButton(self.tr("Stop"))
        self.stop_button.clicked.connect(self.stop_server)
        buttons = QHBoxLayout()
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.stop_button)
        settings_box = QGroupBox(self.tr("Server on the venue network"))
        settings_layout = QVBoxLayout(settings_box)
        settings_layout.addLayout(form)
        settings_layout.addLayout(buttons)

        self.status = QLabel()
        self.status.setWordWrap(True)
        self.url_label = QLabel()
        self.url_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.url_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.url_label.setWordWrap(True)
        font = self.url_label.font()
        font.setPointSize(font.pointSize() + 9)
        font.setBold(True)
        self.url_label.setFont(font)
        self.public_label = QLabel()
        self.public_label.setObjectName("publicAddress")
        self.public_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.public_label.setWordWrap(True)
        self.public_label.setVisible(False)
        self.qr_label = QLabel()
        self.qr_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.qr_label.setMinimumSize(QR_SIZE, QR_SIZE)
        self.hint = QLabel(
            self.tr(
                "Phones must be on the same Wi-Fi as this computer. Each result slip carries the QR "
                "code of its own table: print the slips after starting, so they carry this address. "
                "If phones cannot connect, allow Finals Manager through the firewall."
            )
        )
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: #555;")

        left = QVBoxLayout()
        left.addWidget(settings_box)
        left.addWidget(self.status)
        left.addWidget(self.url_label)
        left.addWidget(self.qr_label)
        left.addWidget(self.public_label)
        left.addWidget(self.hint)
        left.addStretch(1)
        left_panel = QWidget()
        left_panel.setLayout(left)
        left_panel.setFixedWidth(370)

        # -- the queue ----------------------------------------------------------------
        self.model = SubmissionsModel(self)
        self.table: QTableView = make_table(self.model, sortable=False)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setWordWrap(True)
        self.table.installEventFilter(self)
        self.table.doubleClicked.connect(lambda _i: self.accept_selected())
        self.queue_label = QLabel()
        font = self.queue_label.font()
        font.setPointSize(font.pointSize() + 2)
        font.setBold(True)
        self.queue_label.setFont(font)
        self.accept_button = QPushButton(self.tr("Accept (Enter)"))
        self.accept_button.clicked.connect(self.accept_selected)
        self.reject_button = QPushButton(self.tr("Reject (R)…"))
        self.reject_button.clicked.connect(self.reject_selected)
        self.accept_all_button = QPushButton(self.tr("Accept all without conflict"))
        self.accept_all_button.clicked.connect(self.accept_all)
        self.feedback = QLabel()
        self.feedback.setWordWrap(True)
        keys = QLabel(
            self.tr(
                "Enter or A accepts the selected submission · R or Delete rejects it · "
                "a conflict (red) must be decided one by one"
            )
        )
        keys.setWordWrap(True)
        keys.setStyleSheet("color: #555;")
        queue_buttons = QHBoxLayout()
        queue_buttons.addWidget(self.accept_button)
        queue_buttons.addWidget(self.reject_button)
        queue_buttons.addStretch(1)
        queue_buttons.addWidget(self.accept_all_button)
        self.locked_links = LockedLinksBox(ctx, lambda: self.server, self)
        right = QVBoxLayout()
        right.addWidget(self.locked_links)
        right.addWidget(self.queue_label)
        right.addWidget(self.table, 1)
        right.addLayout(queue_buttons)
        right.addWidget(self.feedback)
        right.addWidget(keys)

        layout = QHBoxLayout(self)
        layout.addWidget(left_panel)
        layout.addLayout(right, 1)

        self.timer = QTimer(self)
        self.timer.setInterval(POLL_MS)
        self.timer.timeout.connect(self.poll)

        ctx.opened.connect(self._opened)
        ctx.closing.connect(self.stop_server)
        ctx.closed.connect(self._closed)
        ctx.event_changed.connect(lambda _c: self._show_scope())
        ctx.changed.connect(self._changed)
        self._fill_addresses()
        self._show_state()

    # -- the file ------------------------------------------------------------------
    def _opened(self) -> None:
        """The queue is read when the view is shown; the submissions already on file are
        looked up in a worker (the window opens without waiting for them), then polled."""
        self._last_id = 0
        self.received = 0
        self.feedback.clear()
        if self.isVisible():
            self.reload()
        else:
            self._stale = True
        self._show_scope()
        self._show_state()
        self.ctx.read(
            "phones: seen",
            _last_submission,
            on_done=self._caught_up,
            on_error=lambda _exc: self.timer.start(),
        )

    def _caught_up(self, last_id: int) -> None:
        self._last_id = max(self._last_id, last_id)
        self.timer.start()

    def _closed(self) -> None:
        self.timer.stop()
        self.model.set_rows([])
        self._last_id = 0
        self._show_queue()
        self._show_state()

    def _changed(self, what: str) -> None:
        # A result typed by hand or a re-pairing can make or clear a conflict: reread the
        # queue now if it is on screen, else when it is shown (arrivals reload it anyway).
        if self.ctx.db is None:
            return
        self._show_scope()
        if self.isVisible():
            self.reload()
        else:
            self._stale = True

    # -- the server ----------------------------------------------------------------
    def _fill_addresses(self) -> None:
        self.address.clear()
        for address in local_addresses():
            self.address.addItem(address)
        self.address.setCurrentIndex(0)  # the venue network's first, 127.0.0.1 last

    def scope(self) -> tuple[str, int] | None:
        """(event, round) the server serves: the current event's latest paired round."""
        event = self.ctx.current_event()
        if event is None or not event.plays_rounds or not event.rounds_paired:
            return None
        return event.code, int(event.rounds_paired)

    def _scope_text(self, scope: tuple[str, int] | None) -> str:
        if scope is None:
            return self.tr("No round of this event is paired.")
        event = self.ctx.current_event(scope[0])
        name = event.name if event else scope[0]
        return self.tr("%1, round %2").replace("%1", name).replace("%2", str(scope[1]))

    def _show_scope(self) -> None:
        if self.server is not None and self.server.scope:
            self.scope_label.setText(self._scope_text(self.server.scope[0]))
        else:
            self.scope_label.setText(self._scope_text(self.scope()))

    def start_server(self) -> bool:
        if self.ctx.db is None or self.running():
            return False
        if self.ctx.db.read_only is not None:  # a read-only file, or a backup not yet allowed
            show_error(
                self,
                FinalsError(
                    "现场录入要把手机提交的成绩写入比赛文件，这个文件不能写入，所以不启动服务。"
                    + self.ctx.db.read_only
                ),
            )
            return False
        problem = self._typed_pin_problem()
        if problem is not None:
            show_error(self, FinalsError(problem))
            return False
        scope = self.scope()
        if scope is None:
            show_error(
                self,
                FinalsError(
                    self.tr(
                        "Pair a round of an individual or pair event first: the server serves the "
                        "current event's latest round."
                    )
                ),
            )
            return False
        server = RemoteEntryServer(
            self.ctx.db,
            self.address.currentText().strip(),
            self.port.value(),
            pin=self.pin.text().strip() or None,
            auto_accept=self.auto_accept.isChecked(),
            scope=[scope],
            operator=self.ctx.operator,
            on_submission=self._own_write,
            on_stopped=lambda reason: self._bridge.stopped.emit(server, reason),
            on_locked=self._bridge.locked.emit,
            public=self.public.isChecked(),
        )
        try:
            server.start()
        except FinalsError as exc:
            show_error(self, exc)
            return False
        self.server = server
        self.received = 0
        self.stop_reason = None
        # the tables' codes and the address it wrote are this window's own changes
        self.ctx.own_writes_elsewhere(1)
        self.qr_label.setPixmap(self._qr_pixmap(server))
        self._show_scope()
        self._show_state()
        self.table.setFocus()
        return True

    def stop_server(self) -> None:
        """Stop serving (idempotent): the button, closing the file, closing the window."""
        server, self.server = self.server, None
        if server is not None:
            server.stop()
            self.stop_reason = "stopped"
        self.locked_links.refresh()  # a stopped server holds no lock
        self._show_scope()
        self._show_state()

    def running(self) -> bool:
        return self.server is not None and self.server.running

    def _server_stopped(self, server: Any, reason: str) -> None:
        """The server stopped by itself (its round is complete), from its watcher thread."""
        if server is not self.server:
            return  # one we stopped ourselves: already shown
        self.server = None
        self.stop_reason = reason
        self.locked_links.refresh()
        self._show_scope()
        self._show_state()
        self.poll()

    def _link_locked(self, where: tuple[str, int, int]) -> None:
        """A table's link locked after too many wrong PINs (from a server thread, queued)."""
        self._say(
            self.tr("Table %1: too many wrong referee PINs, its link is locked.").replace(
                "%1", str(where[2])
            ),
            warning=True,
        )
        self.locked_links.refresh()

    def _qr_pixmap(self, server: RemoteEntryServer) -> QPixmap:
        """The address as a QR code of about QR_SIZE points, whole device pixels per module."""
        one = QPixmap()
        one.loadFromData(server.qr_png(1), "PNG")
        ratio = max(self.devicePixelRatioF(), 1.0)
        scale = max(2, int(QR_SIZE * ratio) // max(one.width(), 1))
        pixmap = QPixmap()
        pixmap.loadFromData(server.qr_png(scale), "PNG")
        pixmap.setDevicePixelRatio(ratio)
        return pixmap

    def _typed_pin_problem(self) -> str | None:
        """Why the PIN typed cannot be the referees' (None when it can, or none is typed)."""
        text = self.pin.text().strip()
        problem = pin_problem(text) if text else None
        return None if problem is None else f"台裁口令“{text}”不能用：{problem}。请改正或清空口令。"

    def _pin_changed(self, text: str) -> None:
        problem = self._typed_pin_problem()
        self.pin_problem.setText(problem or "")
        self.pin_problem.setVisible(problem is not None)
        # A running server keeps its PIN until the typed one is whole and valid.
        if self.server is not None and problem is None:
            self.server.pin = text.strip() or None

    def _auto_changed(self, on: bool) -> None:
        if self.server is not None:
            self.server.auto_accept = on

    def refresh_state(self) -> None:
        """The file may be written now (a backup the arbiter allowed to change)."""
        self._show_state()

    def _show_state(self) -> None:
        running = self.running()
        has_file = self.ctx.db is not None
        writable = self.ctx.db is not None and self.ctx.db.read_only is None
        self.start_button.setEnabled(has_file and not running and writable)
        self.stop_button.setEnabled(running)
        self.address.setEnabled(not running)
        self.port.setEnabled(not running)
        self.public.setEnabled(not running)
        serving_public = running and self.server is not None and self.server.public
        if serving_public and self.server is not None:
            self.public_label.setText(
                self.tr("Players' pages: %1").replace("%1", self.server.url)
                + "\n"
                + self.tr("Players scan the venue poster (Print menu) or open this address.")
            )
        self.public_label.setVisible(serving_public)
        if running and self.server is not None:
            self.url_label.setText(self.server.url)
            self.url_label.setVisible(True)
            self.url_label.setStyleSheet("color: #0d47a1;")
            self.qr_label.setVisible(True)
            self.status.setText(
                self.tr(
                    "● Running — %1 received. Referees scan their table's slip or this code."
                ).replace("%1", str(self.received))
            )
            self.status.setStyleSheet("color: #1b5e20; font-weight: bold;")
            return
        self.url_label.setText("")
        self.url_label.setVisible(False)
        self.qr_label.clear()
        self.qr_label.setVisible(False)
        reason = self.stop_reason
        if not has_file:
            text = self.tr("Open a tournament to start phone entry.")
        elif not writable:
            text = self.tr(
                "This file cannot be changed (see the note above the tabs): phone entry, which "
                "writes the phones' results into it, cannot start."
            )
        elif reason == "rounds_closed":
            text = self.tr(
                "■ Stopped: every result of the round is in, so the table links no longer work."
            )
        elif reason:
            text = self.tr("■ Stopped.")
        else:
            text = self.tr("Not running. Choose the address the phones can reach, then Start.")
        self.status.setText(text)
        self.status.setStyleSheet(
            "color: #7a5a00; font-weight: bold;" if reason else "color: #555;"
        )

    # -- the queue -----------------------------------------------------------------
    def _own_write(self, outcome: SubmitOutcome) -> None:
        """In the server's thread: a phone's submission was written by this window's own
        server — not another station's change — then shown on the window's thread."""
        self.ctx.own_writes_elsewhere(1)
        self._bridge.arrived.emit(outcome)

    def _arrived(self, outcome: SubmitOutcome) -> None:
        self.received += 1
        if outcome.status == "accepted":
            self._say(
                self.tr("Table %1: %2 accepted automatically.")
                .replace("%1", str(outcome.table))
                .replace("%2", outcome.result)
            )
        if outcome.warnings:
            self._say("\n".join(outcome.warnings), warning=True)
        self.poll()
        self._show_state()

    def poll(self) -> None:
        """New submissions since the last look: reload the queue; refresh results if any was taken."""
        if self.ctx.db is None:
            return
        if self.locked_links.locks or (self.server is not None and self.server.locked_links()):
            self.locked_links.refresh()  # lifted elsewhere (finals table-links --unlock)
        try:
            new = list_submissions(self.ctx.db, None, after_id=self._last_id)
        except FinalsError:
            return
        if not new:
            return
        self._last_id = new[-1].id
        if any(v.status == "accepted" for v in new):
            self.ctx.notify(ctxmod.RESULTS)  # reloads the queue too
        else:
            self.reload()

    def reload(self) -> None:
        if self.ctx.db is None:
            self.model.set_rows([])
            self._show_queue()
            return
        self._stale = False
        chosen = self.selected()
        row = self._selected_row()
        self.model.set_submissions(arbiter_queue(self.ctx.db))
        again = self.model.row_of(chosen.id) if chosen else None
        if again is None and self.model.rowCount():
            again = min(row if row is not None else 0, self.model.rowCount() - 1)
        if again is not None:
            self.table.selectRow(again)
        if self.model.rowCount() and not self._sized:
            fit_columns(self.table, 300)
            # The conflict, the last column, takes what is left and wraps: every column
            # shows on a 1280-pixel screen, none scrolled out of sight.
            self.table.setColumnWidth(self.model.column_of("conflict"), 120)  # then stretched
            self._sized = True
        if self.model.rowCount():
            self.table.resizeRowsToContents()
        self._show_queue()

    def _show_queue(self) -> None:
        rows = self.model.rowCount()
        void = self.model.voided()
        count = rows - void
        conflicts = self.model.conflicts()
        if not rows:
            self.queue_label.setText(self.tr("No submission is waiting."))
        else:
            text = self.tr("%1 waiting for you").replace("%1", str(count))
            if conflicts:
                text += self.tr(", %1 in conflict").replace("%1", str(conflicts))
            if void:
                text += self.tr(", %1 void after a pairing edit (dismiss with Reject)").replace(
                    "%1", str(void)
                )
            self.queue_label.setText(text)
        self.accept_button.setEnabled(count > 0)
        self.reject_button.setEnabled(rows > 0)
        self.accept_all_button.setEnabled(count > conflicts)
        self.pending_changed.emit(count)

    def _selected_row(self) -> int | None:
        rows = self.table.selectionModel().selectedRows()
        return rows[0].row() if rows else None

    def selected(self) -> SubmissionView | None:
        row = self._selected_row()
        return self.model.row(row) if row is not None and row < self.model.rowCount() else None

    def select_submission(self, submission_id: int) -> bool:
        row = self.model.row_of(submission_id)
        if row is not None:
            self.table.selectRow(row)
        return row is not None

    # -- deciding ------------------------------------------------------------------
    def accept_selected(self) -> bool:
        sub = self.selected()
        if sub is None or self.ctx.db is None:
            return False
        if sub.conflict and not self.confirm(
            self.tr(
                "No. %1 (table %2, %3) is in conflict: %4.\n\nAccept it? Any other submission for "
                "this table is then rejected."
            )
            .replace("%1", str(sub.id))
            .replace("%2", str(sub.table))
            .replace("%3", sub.result)
            .replace("%4", sub.conflict_reason or "")
        ):
            return False
        self._accept(sub, force=False)
        return True

    def _accept(self, sub: SubmissionView, force: bool) -> None:
        """Accept `sub` in the window's write queue (off its thread): the line says so until
        it is written; a result already on file is asked about, then forced."""

        def done(taken: Any) -> None:
            self._say(
                self.tr("Accepted No. %1: round %2, table %3, %4.")
                .replace("%1", str(sub.id))
                .replace("%2", str(sub.round))
                .replace("%3", str(sub.table))
                .replace("%4", self.model.result_text(sub))
            )
            if taken.warnings:
                self._say("\n".join(taken.warnings), warning=True)
            self.table.setFocus()

        def failed(exc: BaseException) -> None:
            if (
                isinstance(exc, FinalsError)
                and not force
                and sub.recorded is not None
                and self.confirm(error_text(exc)[0] + "\n\n" + self.tr("Accept it anyway?"))
            ):
                self._accept(sub, force=True)
                return
            show_error(self, exc)
            self.reload()

        self._say(self.tr("Saving No. %1…").replace("%1", str(sub.id)))
        self.ctx.write(
            accept,
            sub.id,
            self.ctx.operator,
            force,
            what=ctxmod.RESULTS,
            touched=(sub.event, sub.round),
            on_done=done,
            on_error=failed,
        )

    def reject_selected(self) -> bool:
        """Reject the selected submission (a reason asked), in the window's write queue."""
        sub = self.selected()
        if sub is None or self.ctx.db is None:
            return False
        reason = self.ask_reason(sub)
        if reason is None:
            return False

        def done(_value: Any) -> None:
            self._say(
                self.tr("Rejected No. %1 (table %2).")
                .replace("%1", str(sub.id))
                .replace("%2", str(sub.table))
            )
            self.table.setFocus()

        def failed(exc: BaseException) -> None:
            show_error(self, exc)
            self.reload()

        self._say(self.tr("Saving No. %1…").replace("%1", str(sub.id)))
        self.ctx.write(
            reject,
            sub.id,
            self.ctx.operator,
            reason or None,
            what=ctxmod.REMOTE,
            on_done=done,
            on_error=failed,
        )
        return True

    accepted_all: AcceptedAll | None = None  # what the last "accept all" took

    def accept_all(self) -> bool:
        """Accept every uncontested submission, in the window's write queue."""
        if self.ctx.db is None:
            return False

        def done(taken: AcceptedAll) -> None:
            self.accepted_all = taken
            text = self.tr("Accepted %1.").replace("%1", str(len(taken.accepted)))
            if taken.conflicts:
                text += " " + self.tr("%1 in conflict left for you to decide.").replace(
                    "%1", str(len(taken.conflicts))
                )
            self._say("\n".join([text, *taken.warnings]), warning=bool(taken.warnings))
            self.table.setFocus()

        def failed(exc: BaseException) -> None:
            show_error(self, exc)
            self.reload()

        self.accepted_all = None
        self._say(self.tr("Saving…"))
        self.ctx.write(
            accept_all,
            self.ctx.operator,
            what=ctxmod.RESULTS,
            on_done=done,
            on_error=failed,
        )
        return True

    # -- questions (tests answer them) -------------------------------------------------
    def confirm(self, text: str) -> bool:
        answer = QMessageBox.question(self, self.tr("Phone entry"), text)
        return answer == QMessageBox.StandardButton.Yes

    def ask_reason(self, sub: SubmissionView) -> str | None:
        """The reason for rejecting (may be empty); None when the arbiter cancels."""
        text, ok = QInputDialog.getText(
            self,
            self.tr("Reject"),
            self.tr("Reject No. %1 (table %2, %3)? Reason (optional):")
            .replace("%1", str(sub.id))
            .replace("%2", str(sub.table))
            .replace("%3", sub.result),
        )
        return text.strip() if ok else None

    def _say(self, text: str, warning: bool = False) -> None:
        self.feedback.setText(text)
        self.feedback.setStyleSheet(
            "color: #b00000; font-weight: bold;" if warning else "color: #1b5e20;"
        )

    # -- keys and life -------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if (
            watched is self.table
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and not event.modifiers()
            & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier)
        ):
            key = event.key()
            if key in ACCEPT_KEYS:
                self.accept_selected()
                return True
            if key in REJECT_KEYS:
                self.reject_selected()
                return True
        return super().eventFilter(watched, event)

    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        if self.ctx.db is not None:
            if self._stale:
                self.reload()
            self.poll()
            self.table.setFocus()
