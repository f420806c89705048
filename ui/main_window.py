"""The main window: a start page, then one tab per task of the final."""

from __future__ import annotations

import gc
import os
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEventLoop, QRect, QSize, Qt, QThread, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.errors import FinalsError
from app.services.storage import set_wait_notice
from app.text import NAME_MAX, clean_text
from ui import context as ctxmod
from ui import prefs, readers
from ui.commands import SettingsCommand
from ui.dialogs.quick_help import QuickHelpDialog
from ui.dialogs.settings import SettingsDialog
from ui.errors import show_error
from ui.file_actions import FileActions
from ui.print_actions import PrintActions
from ui.printing import EXCEL_KINDS, KINDS
from ui.trf_actions import TrfActions
from ui.views.audit import AuditView
from ui.views.players import PlayersView
from ui.views.remote_entry import RemoteEntryView
from ui.views.results import ResultsView
from ui.views.round_board import RoundBoard
from ui.views.standings import StandingsView
from ui.views.start import StartView
from ui.views.teams import TeamsView

if TYPE_CHECKING:
    from ui.display import DisplayWindow

VIEWS = ("players", "teams", "round", "results", "remote", "standings", "audit")


# The first window's size where the screen has room for it; a smaller screen (a 1366×768
# laptop, or any at 150 %) gets what it has, less a title bar and borders around it.
DESIGNED_SIZE = QSize(1280, 800)
FRAME = QSize(16, 40)


def screen_space() -> QRect | None:
    """Where the first window may go: the primary screen less its taskbar; None offscreen
    (a screenshot, a test: no user's screen, the designed size)."""
    screen = QGuiApplication.primaryScreen()
    if screen is None or QGuiApplication.platformName() == "offscreen":
        return None
    return screen.availableGeometry()


def first_geometry(space: QRect | None) -> QRect:
    """The first window's size (without its frame) and where its frame's top-left corner goes
    (`move`), centred in `space`."""
    if space is None:
        return QRect(0, 0, DESIGNED_SIZE.width(), DESIGNED_SIZE.height())
    width = min(DESIGNED_SIZE.width(), space.width() - FRAME.width())
    height = min(DESIGNED_SIZE.height(), space.height() - FRAME.height())
    left = space.left() + (space.width() - width - FRAME.width()) // 2
    top = space.top() + (space.height() - height - FRAME.height()) // 2
    return QRect(left, top, width, height)


class MainWindow(QMainWindow):
    language_requested = Signal(str)
    writer_waiting = Signal(str)  # from any thread: shown on the window's thread

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctxmod.TournamentContext(self)
        self.quick_help_dialog: QuickHelpDialog | None = None
        self.ctx.open_documents = not os.environ.get("FINALS_NO_VIEWER")
        self.files = FileActions(self)
        self.trf = TrfActions(self)
        self.printing = PrintActions(self)
        self.setWindowTitle(self.tr("Finals Manager"))
        space = screen_space()
        first = first_geometry(space)
        self.resize(first.size())
        if space is not None:
            self.move(first.topLeft())

        self.start = StartView()
        self.players = PlayersView(self.ctx)
        self.teams = TeamsView(self.ctx)
        self.round_board = RoundBoard(self.ctx)
        self.results = ResultsView(self.ctx)
        self.remote = RemoteEntryView(self.ctx)
        self.standings = StandingsView(self.ctx)
        self.audit = AuditView(self.ctx)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.players, self.tr("Players"))
        self.tabs.addTab(self.teams, self.tr("Teams and pairs"))
        self.tabs.addTab(self.round_board, self.tr("Pairing"))
        self.tabs.addTab(self.results, self.tr("Results"))
        self.tabs.addTab(self.remote, self.tr("Phone entry"))
        self.remote.pending_changed.connect(self._remote_pending)
        self.tabs.addTab(self.standings, self.tr("Standings and prizes"))
        self.tabs.addTab(self.audit, self.tr("Audit log"))
        self.tabs.currentChanged.connect(self._tab_changed)
        # Over the tabs: a read-only file, or a backup opened as a file, says so (issue 23).
        self.banner = QLabel()
        self.banner.setObjectName("fileBanner")
        self.banner.setWordWrap(True)
        self.banner.setStyleSheet(
            "background: #fff4ce; color: #5c4300; border: 1px solid #e0c060; padding: 6px;"
        )
        self.allow_button = QPushButton(self.tr("Allow changes to this backup…"))
        self.allow_button.clicked.connect(self.allow_backup_changes)
        banner_row = QHBoxLayout()
        banner_row.setContentsMargins(0, 0, 0, 0)
        banner_row.addWidget(self.banner, 1)
        banner_row.addWidget(self.allow_button)
        self.banner_box = QWidget()
        self.banner_box.setLayout(banner_row)
        self.banner_box.hide()
        self.file_page = QWidget()
        page = QVBoxLayout(self.file_page)
        page.setContentsMargins(0, 0, 0, 0)
        page.addWidget(self.banner_box)
        page.addWidget(self.tabs, 1)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.start)
        self.stack.addWidget(self.file_page)
        self.setCentralWidget(self.stack)

        self.start.new_requested.connect(self.files.new_tournament)
        self.start.open_requested.connect(self.files.open_dialog)
        self.start.demo_requested.connect(self.files.open_demo)
        self.start.recent_chosen.connect(lambda path: self.open_file(path))
        for view in (self.round_board, self.results, self.standings):
            view.print_requested.connect(self.printing.print_report)

        self.event_combo = QComboBox()
        self.event_combo.setMinimumContentsLength(14)
        self.event_combo.currentIndexChanged.connect(
            lambda _i: self.ctx.set_event(self.event_combo.currentData())
        )
        self.operator_label = QLabel()
        self._build_menus()
        toolbar = self.addToolBar(self.tr("Event"))
        toolbar.setObjectName("event-toolbar")
        toolbar.setMovable(False)
        toolbar.addWidget(QLabel(" " + self.tr("Event") + " "))
        toolbar.addWidget(self.event_combo)
        toolbar.addSeparator()
        toolbar.addAction(self.undo_action)
        toolbar.addAction(self.redo_action)
        toolbar.addSeparator()
        toolbar.addAction(self.settings_action)
        spacer = QWidget()
        spacer.setSizePolicy(
            spacer.sizePolicy().horizontalPolicy().Expanding,
            spacer.sizePolicy().verticalPolicy().Preferred,
        )
        toolbar.addWidget(spacer)
        toolbar.addWidget(self.operator_label)
        self.toolbar = toolbar

        self.ctx.opened.connect(self._opened)
        self.ctx.closed.connect(self._closed)
        self.ctx.changed.connect(self._changed)
        self.ctx.message.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.writer_waiting.connect(self.ctx.window_message, Qt.ConnectionType.QueuedConnection)
        self._previous_wait_notice = set_wait_notice(self._writer_waiting)
        self.saving = QLabel(self.tr("Saving…"))
        self.saving.setStyleSheet("color: #7a5a00; font-weight: bold; padding: 0 8px;")
        self.saving.hide()
        self.statusBar().addPermanentWidget(self.saving)
        self.file_state = QLabel()  # 只读 / 备份, for as long as the file is open
        self.file_state.setObjectName("fileState")
        self.file_state.setStyleSheet("color: #7a5a00; font-weight: bold; padding: 0 8px;")
        self.file_state.hide()
        self.statusBar().addPermanentWidget(self.file_state)
        self.ctx.runner.writing_changed.connect(self._busy)
        self.display: DisplayWindow | None = None
        self._closed()
        gc.freeze()  # the window's own objects: out of the collector's full passes (see context)

    # -- menus ---------------------------------------------------------------------
    def _action(
        self,
        menu: Any,
        text: str,
        slot: Callable[[], Any],
        shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
    ) -> QAction:
        action = QAction(text, self)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(lambda _checked=False: slot())
        menu.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        files, trf, printing = self.files, self.trf, self.printing
        file_menu = bar.addMenu(self.tr("&File"))
        self._action(
            file_menu,
            self.tr("New tournament…"),
            files.new_tournament,
            QKeySequence.StandardKey.New,
        )
        self._action(file_menu, self.tr("Open…"), files.open_dialog, QKeySequence.StandardKey.Open)
        self._action(file_menu, self.tr("Connect to a server…"), files.open_server_dialog)
        self._action(file_menu, self.tr("Open the demo"), files.open_demo)
        self.recent_menu = file_menu.addMenu(self.tr("Recent files"))
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        file_menu.addSeparator()
        self.save_as_action = self._action(
            file_menu, self.tr("Save as…"), files.save_as, QKeySequence.StandardKey.SaveAs
        )
        self.backups_action = self._action(file_menu, self.tr("Open a backup…"), files.open_backups)
        file_menu.addSeparator()
        self.import_action = self._action(
            file_menu, self.tr("Import registration sheet…"), lambda: self.players.import_file()
        )
        self._action(
            file_menu,
            self.tr("Save blank registration template…"),
            lambda: self.players.save_template(),
        )
        trf_menu = file_menu.addMenu(self.tr("TRF (FIDE report file)"))
        self.trf_menu = trf_menu
        self._action(trf_menu, self.tr("Export this event as TRF…"), trf.export_trf)
        self.import_trf_action = self._action(
            trf_menu, self.tr("Import a TRF file as a new event…"), trf.import_trf
        )
        file_menu.addSeparator()
        self.close_action = self._action(
            file_menu, self.tr("Close tournament"), self.close_tournament
        )
        self._action(file_menu, self.tr("Quit"), self.close, QKeySequence.StandardKey.Quit)

        edit_menu = bar.addMenu(self.tr("&Edit"))
        self.undo_action = self.ctx.undo_stack.createUndoAction(self, self.tr("Undo"))
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo_action = self.ctx.undo_stack.createRedoAction(self, self.tr("Redo"))
        # Ctrl+Y as the help lines say, and Ctrl+Shift+Z, on every platform (the platform's
        # own redo key is only one of them: Ctrl+Shift+Z on GNOME and macOS, Ctrl+Y on Windows).
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Y"), QKeySequence("Ctrl+Shift+Z")])
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        edit_menu.addSeparator()
        self.settings_action = self._action(
            edit_menu, self.tr("Settings…"), self.open_settings, "Ctrl+,"
        )

        view_menu = bar.addMenu(self.tr("&View"))
        names = (
            self.tr("Players"),
            self.tr("Teams and pairs"),
            self.tr("Pairing"),
            self.tr("Results"),
            self.tr("Phone entry"),
            self.tr("Standings and prizes"),
            self.tr("Audit log"),
        )
        for number, (key, name) in enumerate(zip(VIEWS, names, strict=True), start=1):
            self._action(view_menu, name, partial(self.show_view, key), f"Ctrl+{number}")
        view_menu.addSeparator()
        self.display_action = self._action(
            view_menu, self.tr("Display mode (projector)"), self.open_display, "F11"
        )

        print_menu = bar.addMenu(self.tr("&Print"))
        self.print_menu = print_menu
        for kind in KINDS:
            self._action(
                print_menu, self.report_title(kind) + "…", partial(printing.print_report, kind)
            )
        cert_menu = print_menu.addMenu(self.tr("More certificates"))
        self._action(
            cert_menu,
            self.tr("Grade certificates"),
            lambda: printing.print_report("certificates", cert_type="grade"),
        )
        self._action(
            cert_menu,
            self.tr("Participation certificates"),
            lambda: printing.print_report("certificates", cert_type="participation"),
        )
        layout_menu = print_menu.addMenu(self.tr("More layouts"))
        self._action(
            layout_menu,
            self.tr("Check-in sheet by pinyin") + "…",
            lambda: printing.print_report("checkin", order="pinyin"),
        )
        self._action(
            layout_menu,
            self.tr("Table cards on A5") + "…",
            lambda: printing.print_report("cards", card="a5"),
        )
        excel_menu = print_menu.addMenu(self.tr("Export to Excel"))
        for kind in EXCEL_KINDS:
            self._action(
                excel_menu, self.report_title(kind), partial(printing.print_report, kind, ".xlsx")
            )
        print_menu.addSeparator()
        self.preview_action = self._action(
            print_menu,
            self.tr("Print preview of the last document…"),
            lambda: printing.preview_document(printing.last_document),
            QKeySequence.StandardKey.Print,
        )
        self.print_action = self._action(
            print_menu,
            self.tr("Print…"),
            lambda: printing.print_document(printing.last_document),
            "Ctrl+Shift+P",
        )
        self._action(print_menu, self.tr("Print preview of a PDF…"), printing.preview_pdf)
        self._action(print_menu, self.tr("Print a PDF…"), printing.print_pdf)
        self._action(print_menu, self.tr("Open the output folder"), printing.open_output_folder)
        self._action(
            print_menu, self.tr("Choose the output folder…"), printing.choose_output_folder
        )

        language_menu = bar.addMenu(self.tr("&Language"))
        group = QActionGroup(self)
        self.language_actions: dict[str, QAction] = {}
        for code, label in (("zh_CN", "中文"), ("en", "English")):
            action = QAction(label, self, checkable=True)
            action.setChecked(prefs.language() == code)
            action.triggered.connect(lambda _c=False, c=code: self.request_language(c))
            group.addAction(action)
            language_menu.addAction(action)
            self.language_actions[code] = action

        help_menu = bar.addMenu(self.tr("&Help"))
        self._action(
            help_menu,
            self.tr("Quick start and keys…"),
            self.quick_help,
            QKeySequence.StandardKey.HelpContents,
        )
        self._action(help_menu, self.tr("About"), self.about)

    def request_language(self, code: str) -> bool:
        """Switch the window's language: it is built again, so a running phone server stops
        and the undo history is emptied — asked first when either would be lost."""
        if code == prefs.language():
            return False
        losses = []
        if self.remote.running():
            losses.append(
                self.tr(
                    "the phone server stops (the phones cannot submit until you start it again)"
                )
            )
        if self.ctx.undo_stack.count():
            losses.append(
                self.tr("the undo history is emptied (%1 changes can no longer be undone)").replace(
                    "%1", str(self.ctx.undo_stack.count())
                )
            )
        if losses and not self.confirm(
            self.tr("Switch language"),
            self.tr("Switching the language opens the window again:")
            + "\n• "
            + "\n• ".join(losses)
            + "\n\n"
            + self.tr("Your results and changes stay in the file. Switch now?"),
        ):
            self.language_actions[prefs.language()].setChecked(True)  # the menu as it was
            return False
        self.language_requested.emit(code)
        return True

    def current_view(self) -> str | None:
        """The tab shown (a key of VIEWS), None on the start page."""
        if self.ctx.db is None or self.stack.currentWidget() is not self.file_page:
            return None
        return VIEWS[self.tabs.currentIndex()]

    def report_title(self, kind: str) -> str:
        titles = {
            "pairings": self.tr("Pairing list"),
            "index": self.tr("Name index"),
            "slips": self.tr("Result slips"),
            "standings": self.tr("Standings"),
            "crosstable": self.tr("Cross-table"),
            "teams": self.tr("Team standings"),
            "pairs": self.tr("Pair standings"),
            "prizes": self.tr("Prize sheet"),
            "medals": self.tr("Medal list"),
            "certificates": self.tr("Prize certificates"),
            "grades": self.tr("Grade list"),
            "entries": self.tr("Entry list"),
            "checkin": self.tr("Check-in sheet"),
            "cards": self.tr("Table cards"),
            "lineup": self.tr("Team line-up sheet"),
            "ceremony": self.tr("Prize ceremony order"),
            "poster": self.tr("Player lookup poster"),
            "mcmahon": self.tr("McMahon start scores"),
        }
        return titles.get(kind, KINDS.get(kind, kind))

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        for path in prefs.recent_files():
            self._action(self.recent_menu, path, partial(self.open_file, path))

    # -- the file ------------------------------------------------------------------
    def open_file(self, path: Path | str) -> bool:
        """Open a tournament file, or a final on a server (a `postgresql://…` URL)."""
        try:
            self.ctx.open(path)
        except FinalsError as exc:
            show_error(self, exc)
            return False
        except Exception as exc:  # a damaged or foreign file: say so, never crash
            show_error(self, exc)
            return False
        return True

    def close_tournament(self) -> None:
        self.ctx.close()

    # -- questions and messages ----------------------------------------------------
    def confirm(self, title: str, text: str) -> bool:
        """A yes-or-cancel question over the window (the controllers ask theirs here too)."""
        answer = QMessageBox.question(
            self,
            title,
            text,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        return answer == QMessageBox.StandardButton.Yes

    def tell(self, title: str, text: str) -> None:
        """A message box, repeated in the status bar for after it is closed."""
        self.statusBar().showMessage(text, 20000)
        QMessageBox.information(self, title, text)

    def _opened(self) -> None:
        self.stack.setCurrentWidget(self.file_page)
        self.fill_events()
        self._show_title()
        self._show_file_state()
        game = self.ctx.info.game if self.ctx.info else None
        for model in (self.round_board.model, self.results.model, self.remote.model):
            model.set_game(game)
        self._update_actions()

    def _show_title(self) -> None:
        """The final's title; a read-only file or a backup says so first thing."""
        parts = [self.ctx.info.title if self.ctx.info else "", self.file_label()]
        if self.ctx.backup is not None:
            parts.append(self.tr("BACKUP %1").replace("%1", self.ctx.backup.words()))
        if self.ctx.read_only is not None:
            parts.append(self.tr("READ-ONLY"))
        parts.append(self.tr("Finals Manager"))
        self.setWindowTitle(" — ".join(p for p in parts if p))

    def file_label(self) -> str:
        """Which file is open, as the title bar names it: the file's name, or a server's host
        and database (never the password a server's address may carry)."""
        target = self.ctx.target
        if target is None:
            return ""
        if isinstance(target, Path):
            return target.name
        from urllib.parse import urlsplit

        url = urlsplit(str(target))
        return f"{url.hostname or ''}{url.path}".strip("/") or ""

    def _show_file_state(self) -> None:
        """The banner over the tabs and the status bar's mark: a read-only file (why, and
        that viewing and printing still work), a backup (whose, and that changes wait for a
        yes)."""
        read_only, backup = self.ctx.read_only, self.ctx.backup
        texts: list[str] = []
        marks: list[str] = []
        if backup is not None:
            marks.append(self.tr("Backup"))
            if self.ctx.guarded:
                texts.append(
                    ctxmod.BACKUP_NOTE.format(original=backup.original.name, words=backup.words())
                )
            else:
                texts.append(
                    self.tr(
                        "Changes are saved in this backup of %1, not in the tournament file."
                    ).replace("%1", backup.original.name)
                )
        if read_only is not None:
            marks.append(self.tr("Read-only"))
            texts.append(self.tr("Read-only: %1").replace("%1", read_only))
        self.banner.setText("\n".join(texts))
        self.banner_box.setVisible(bool(texts))
        self.allow_button.setVisible(self.ctx.guarded)
        self.file_state.setText(" · ".join(marks))
        self.file_state.setVisible(bool(marks))

    def allow_backup_changes(self) -> bool:
        """A backup opened as a file: its changes wait for this yes (asked)."""
        backup = self.ctx.backup
        if backup is None or not self.ctx.guarded:
            return False
        question = self.tr(
            "This file is a backup of %1 (%2), not the tournament file.\n\nChanges made now "
            "are saved in the backup only; the tournament file stays as it is. To bring the "
            "tournament file back to this backup, open it and restore from File → Open a "
            "backup… instead.\n\nChange this backup?"
        )
        if not self.confirm(
            self.tr("Change a backup"),
            question.replace("%1", backup.original.name).replace("%2", backup.words()),
        ):
            return False
        self.ctx.allow_changes()
        self.remote.refresh_state()
        self._show_file_state()
        self._update_actions()
        return True

    def _closed(self) -> None:
        self.stack.setCurrentWidget(self.start)
        self.start.refresh()
        self.event_combo.clear()
        self.setWindowTitle(self.tr("Finals Manager"))
        self._show_file_state()
        self._update_actions()

    def _changed(self, what: str) -> None:
        if what in (ctxmod.SETTINGS, ctxmod.ALL):  # the title may have been edited
            self._show_title()
        if what in (ctxmod.SETTINGS, ctxmod.ALL, ctxmod.ROUNDS, ctxmod.RESULTS):
            self.fill_events()

    def fill_events(self) -> None:
        self.event_combo.blockSignals(True)
        self.event_combo.clear()
        for event in self.ctx.events:
            suffix = ""
            if event.plays_rounds and event.rounds_paired:
                suffix = self.tr(" · round %1").replace("%1", str(event.rounds_paired))
            self.event_combo.addItem(f"{event.name}{suffix}", event.code)
        index = self.event_combo.findData(self.ctx.event_code)
        self.event_combo.setCurrentIndex(max(index, 0))
        self.event_combo.blockSignals(False)

    def _update_actions(self) -> None:
        has_file = self.ctx.db is not None
        for action in (
            self.import_action,
            self.close_action,
            self.settings_action,
            self.save_as_action,
            self.backups_action,
        ):
            action.setEnabled(has_file)
        self.print_menu.setEnabled(has_file)
        self.trf_menu.setEnabled(has_file)
        writable = has_file and self.ctx.read_only is None and not self.ctx.guarded
        self.import_action.setEnabled(writable)  # what only writes: off (the banner says why)
        self.import_trf_action.setEnabled(writable)
        self.display_action.setEnabled(has_file)
        self.event_combo.setEnabled(has_file)
        name = self.ctx.operator or self.tr("(no operator set)")
        label = self.tr("Operator: %1").replace("%1", name) + "  "
        if self.ctx.db is not None and self.ctx.db.is_server:  # several stations: which is this
            from app.services.audit import station_name

            where = self.tr("Station: %1 · %2").replace("%1", station_name() or "?")
            label += where.replace("%2", self.ctx.db.label) + "  "
        self.operator_label.setText(label)

    def show_view(self, key: str) -> None:
        if self.ctx.db is None:
            return
        self.stack.setCurrentWidget(self.file_page)
        self.tabs.setCurrentIndex(VIEWS.index(key))
        if key == "results":
            self.results.focus_entry()

    def round_shown(self) -> int | None:
        """The round a round document is printed for: the one picked on the results tab when
        it is shown, else on the pairing board."""
        view = self.results if self.tabs.currentWidget() is self.results else self.round_board
        number: int | None = view.round_combo.currentData()
        return number

    def standings_shown(self) -> tuple[int | None, str | None]:
        """(after which round, which category) the standings tab shows."""
        return self.standings.after_round(), self.standings.category()

    def phone_address(self) -> str | None:
        """The address of the phones' server running on the Phone entry tab, for the printed
        QR codes (None: the one it last ran on, if any, as the command line)."""
        if self.remote.running() and self.remote.server is not None:
            return str(self.remote.server.url)
        return None

    def open_display(self) -> None:
        """The projector's window: on a second screen when there is one, full screen."""
        if self.ctx.db is None:
            return
        from ui.display import DisplayWindow, second_screen_geometry

        if self.display is None:
            self.display = DisplayWindow(self.ctx, self)
        where = second_screen_geometry()
        if where is not None:
            self.display.setGeometry(where)
            self.display.showFullScreen()
        else:
            self.display.show()
        self.display.raise_()
        self.display.activateWindow()

    def _remote_pending(self, count: int) -> None:
        """The phone-entry tab's title counts the submissions waiting for the arbiter."""
        title = self.tr("Phone entry")
        if count:
            title = self.tr("Phone entry (%1)").replace("%1", str(count))
        self.tabs.setTabText(self.tabs.indexOf(self.remote), title)

    def _writer_waiting(self, text: str) -> None:
        """Another writer holds the file (an import, the phone server...): say so in the status
        bar; when the wait is on this thread, paint it before waiting on."""
        if QThread.currentThread() is not self.thread():
            self.writer_waiting.emit(text)  # a worker waits: the window shows it, unblocked
            return
        self.ctx.window_message(text)
        QApplication.processEvents(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)

    def _tab_changed(self, index: int) -> None:
        if self.tabs.widget(index) is self.results:
            self.results.focus_entry()

    # -- settings ------------------------------------------------------------------
    _opening_settings = False

    def open_settings(self) -> None:
        """The settings dialog, once the final's read model is read in a worker (its prize and
        grade tables show it): the window does not wait for the file meanwhile."""
        if self.ctx.db is None or self._opening_settings:
            return
        self._opening_settings = True
        self.ctx.window_message(self.tr("Opening the settings…"))

        def failed(exc: BaseException) -> None:
            self._opening_settings = False
            show_error(self, exc)

        self.ctx.read("settings", readers.warm, on_done=self._show_settings, on_error=failed)

    def _show_settings(self, _read: object = None) -> None:
        self._opening_settings = False
        if self.ctx.db is None:
            return
        self.statusBar().clearMessage()
        dialog = SettingsDialog(
            self.ctx.db, self.ctx.events, self.ctx.event_code, self.ctx.operator, self
        )
        dialog.window_saves = True  # its changes are written in the window's queue
        self._run_settings(dialog)

    def _run_settings(self, dialog: SettingsDialog) -> None:
        """The dialog until OK or Cancel; its changes are then written in the write queue, one
        after the other, off the window's thread (the status bar says it saves, and that it
        waits when another writer holds the file). A refusal shows the dialog again as it was
        left."""
        if self.ctx.db is None or not dialog.exec():
            return
        try:
            prefs.set_operator(
                clean_text(dialog.operator.text(), "操作员姓名", max_length=NAME_MAX) or ""
            )
        except FinalsError as exc:
            show_error(self, exc)
            self._again(dialog)
            return
        from app.services.schedule import set_round_time
        from app.services.tournament import set_tournament_fields, update_event_settings

        operator, code = self.ctx.operator, dialog.event_code()
        fields, unset = dialog.tournament.changes()
        before, after = dialog.changes()
        timetable = dialog.schedule_changes()
        steps: list[tuple[Callable[..., Any], tuple[Any, ...], Callable[[], None]]] = []
        if fields or unset:

            def tournament_saved() -> None:
                dialog.tournament_saved = True
                if self.ctx.info is not None:
                    dialog.tournament.load(self.ctx.info)

            steps.append((set_tournament_fields, (fields, operator, unset), tournament_saved))
        if after:
            label = self.tr("Settings of %1").replace("%1", dialog.event_combo.currentText())

            def settings_saved() -> None:
                self.ctx.undo_stack.push(SettingsCommand(self.ctx, code, before, after, label))
                dialog.settings_saved(after)

            steps.append((update_event_settings, (code, after, operator), settings_saved))
        if timetable:

            def times(db: Any, operator: str) -> None:
                for number, at in timetable.items():
                    set_round_time(db, code, number, at, operator)

            steps.append((times, (operator,), dialog.schedule_saved))

        def step(index: int) -> None:
            if index == len(steps):
                self._update_actions()
                return
            fn, args, saved = steps[index]

            def done(_value: Any) -> None:
                saved()
                step(index + 1)

            def failed(exc: BaseException) -> None:
                show_error(self, exc)
                self._again(dialog)

            self.ctx.write(fn, *args, what=ctxmod.SETTINGS, on_done=done, on_error=failed)

        step(0)

    def _again(self, dialog: SettingsDialog) -> None:
        QTimer.singleShot(0, lambda: self._run_settings(dialog))

    def _busy(self, writing: bool) -> None:
        """A change is saving in the background: said in the status bar until it is done."""
        self.saving.setVisible(writing)

    def quick_help(self) -> QuickHelpDialog:
        """The Chinese quick start and the result-entry keys (as the results page shows them)."""
        dialog = QuickHelpDialog(self, self.results.help_text.text())
        dialog.setModal(False)
        dialog.show()
        self.quick_help_dialog = dialog
        return dialog

    def about(self) -> None:
        QMessageBox.about(
            self,
            self.tr("About"),
            self.tr(
                "Finals Manager — Swiss pairing, results, standings, prizes and printing for Go and "
                "Gomoku finals. Works offline; every change is recorded in the audit log."
            ),
        )

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        self.remote.stop_server()  # the phones' server never outlives the window
        self.ctx.close()
        set_wait_notice(self._previous_wait_notice)
        super().closeEvent(event)
