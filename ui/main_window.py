"""The main window: a start page, then one tab per task of the final."""

from __future__ import annotations

import gc
import os
import shutil
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEventLoop, Qt, QThread, QUrl, Signal
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QDesktopServices, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QProgressDialog,
    QPushButton,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.errors import FinalsError
from app.services.storage import is_server_url, set_wait_notice
from app.text import NAME_MAX, clean_text
from reports.provisional import NotFinal
from ui import context as ctxmod
from ui import prefs
from ui.commands import SettingsCommand
from ui.dialogs.backups import BackupsDialog
from ui.dialogs.new_tournament import NewTournamentWizard
from ui.dialogs.settings import SettingsDialog
from ui.errors import show_error
from ui.pdf_pages import chosen_pages, paint_pages, printer_for, render_pages
from ui.printing import EXCEL_KINDS, KINDS, ROUND_KINDS, make_report, output_path
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


class MainWindow(QMainWindow):
    language_requested = Signal(str)
    document_ready = Signal(str)
    writer_waiting = Signal(str)  # from any thread: shown on the window's thread

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctxmod.TournamentContext(self)
        self.ctx.open_documents = not os.environ.get("FINALS_NO_VIEWER")
        self.setWindowTitle(self.tr("Finals Manager"))
        self.resize(1280, 800)

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

        self.start.new_requested.connect(self.new_tournament)
        self.start.open_requested.connect(self.open_dialog)
        self.start.demo_requested.connect(self.open_demo)
        self.start.recent_chosen.connect(lambda path: self.open_file(path))
        for view in (self.round_board, self.results, self.standings):
            view.print_requested.connect(self.print_report)

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
        self._progress: QProgressDialog | None = None
        self.display: DisplayWindow | None = None
        self.backups_dialog: BackupsDialog | None = None
        self.last_document: Path | None = None
        self.preview_dialog: QDialog | None = None
        self.print_dialog: QDialog | None = None  # Qt's print dialog while it is open
        self._printer: Any = None
        self._print_notes: list[str] = []
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
        file_menu = bar.addMenu(self.tr("&File"))
        self._action(
            file_menu, self.tr("New tournament…"), self.new_tournament, QKeySequence.StandardKey.New
        )
        self._action(file_menu, self.tr("Open…"), self.open_dialog, QKeySequence.StandardKey.Open)
        self._action(file_menu, self.tr("Connect to a server…"), self.open_server_dialog)
        self._action(file_menu, self.tr("Open the demo"), self.open_demo)
        self.recent_menu = file_menu.addMenu(self.tr("Recent files"))
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        file_menu.addSeparator()
        self.save_as_action = self._action(
            file_menu, self.tr("Save as…"), self.save_as, QKeySequence.StandardKey.SaveAs
        )
        self.backups_action = self._action(file_menu, self.tr("Open a backup…"), self.open_backups)
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
        self._action(trf_menu, self.tr("Export this event as TRF…"), self.export_trf)
        self.import_trf_action = self._action(
            trf_menu, self.tr("Import a TRF file as a new event…"), self.import_trf
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
                print_menu, self.report_title(kind) + "…", partial(self.print_report, kind)
            )
        cert_menu = print_menu.addMenu(self.tr("More certificates"))
        self._action(
            cert_menu,
            self.tr("Grade certificates"),
            lambda: self.print_report("certificates", cert_type="grade"),
        )
        self._action(
            cert_menu,
            self.tr("Participation certificates"),
            lambda: self.print_report("certificates", cert_type="participation"),
        )
        layout_menu = print_menu.addMenu(self.tr("More layouts"))
        self._action(
            layout_menu,
            self.tr("Check-in sheet by pinyin") + "…",
            lambda: self.print_report("checkin", order="pinyin"),
        )
        self._action(
            layout_menu,
            self.tr("Table cards on A5") + "…",
            lambda: self.print_report("cards", card="a5"),
        )
        excel_menu = print_menu.addMenu(self.tr("Export to Excel"))
        for kind in EXCEL_KINDS:
            self._action(
                excel_menu, self.report_title(kind), partial(self.print_report, kind, ".xlsx")
            )
        print_menu.addSeparator()
        self.preview_action = self._action(
            print_menu,
            self.tr("Print preview of the last document…"),
            lambda: self.preview_document(self.last_document),
            QKeySequence.StandardKey.Print,
        )
        self.print_action = self._action(
            print_menu,
            self.tr("Print…"),
            lambda: self.print_document(self.last_document),
            "Ctrl+Shift+P",
        )
        self._action(print_menu, self.tr("Print preview of a PDF…"), self.preview_pdf)
        self._action(print_menu, self.tr("Print a PDF…"), self.print_pdf)
        self._action(print_menu, self.tr("Open the output folder"), self.open_output_folder)
        self._action(print_menu, self.tr("Choose the output folder…"), self.choose_output_folder)

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
        if losses and not self._confirm(
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

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Open tournament"),
            "",
            self.tr("Tournament files (*.finals);;All files (*)"),
        )
        if path:
            self.open_file(Path(path))

    def open_server_dialog(self) -> None:
        """A final on a PostgreSQL server, shared by several stations: asked by its address."""
        from PySide6.QtWidgets import QInputDialog

        url, ok = QInputDialog.getText(
            self,
            self.tr("Connect to a server"),
            self.tr(
                "The final's database address, e.g.\npostgresql://arbiter@192.168.1.10/final\n"
                "(several stations work on it at once; each sees the others' changes)"
            ),
            text=prefs.server_url(),
        )
        url = url.strip()
        if not ok or not url:
            return
        if not is_server_url(url):
            show_error(
                self,
                FinalsError(
                    f"“{url}”不是数据库地址。应为 postgresql://用户名@服务器/数据库名，"
                    "如 postgresql://arbiter@192.168.1.10/final。"
                ),
            )
            return
        prefs.set_server_url(url)
        self.open_file(url)

    def open_demo(self) -> None:
        """The 360-player Go demo with two rounds played, made once (in a worker) and kept."""
        from app.demo import build_demo

        folder = prefs.output_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "demo-hangzhou-go.finals"
        if path.exists():
            self.open_file(path)
            return
        self.statusBar().showMessage(self.tr("Making the demo final…"))
        self.ctx.runner.start(
            build_demo,
            path,
            "hangzhou-go",
            players=360,
            rounds=2,
            operator=self.ctx.operator,
            on_done=lambda _summary: self.open_file(path),
            on_error=lambda exc: show_error(self, exc),
        )

    def new_tournament(self) -> None:
        folder = prefs.output_dir()
        wizard = NewTournamentWizard(self, folder)
        while wizard.exec():
            try:
                path = wizard.create_file(self.ctx.operator)
            except FinalsError as exc:
                show_error(self, exc)
                continue
            self.open_file(path)
            self.show_view("players")
            break

    def close_tournament(self) -> None:
        self.ctx.close()

    # -- save as, backups, restore -------------------------------------------------
    def _confirm(self, title: str, text: str) -> bool:
        answer = QMessageBox.question(
            self,
            title,
            text,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        return answer == QMessageBox.StandardButton.Yes

    def _tell(self, title: str, text: str) -> None:
        self.statusBar().showMessage(text, 20000)
        QMessageBox.information(self, title, text)

    def save_as(self) -> None:
        """A consistent copy of the file (in the write queue, after every change asked for),
        then the window works on the copy."""
        if self.ctx.db is None or self.ctx.path is None:
            return
        suggested = self.ctx.path.with_name(self.ctx.path.stem + "-副本.finals")
        path, _ = QFileDialog.getSaveFileName(
            self,
            self.tr("Save as"),
            str(suggested),
            self.tr("Tournament files (*.finals);;All files (*)"),
        )
        if not path:
            return
        from app.services.backup import save_copy_as

        def saved(target: Path) -> None:
            if self.open_file(target):
                self.statusBar().showMessage(
                    self.tr("Saved as %1; the window now works on it.").replace("%1", str(target)),
                    15000,
                )

        self.ctx.runner.write(
            save_copy_as,
            self.ctx.db,
            Path(path),
            on_done=saved,
            on_error=lambda exc: show_error(self, exc),
        )

    def open_backups(self) -> None:
        if self.ctx.path is None:
            return
        dialog = BackupsDialog(self, self.ctx, self.ctx.path)
        self.backups_dialog = dialog
        dialog.restore_requested.connect(self.restore_backup)
        dialog.save_requested.connect(self.save_backup_as)
        dialog.open()

    def save_backup_as(self, copy: Path) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self,
            self.tr("Save the backup as"),
            str(prefs.output_dir() / copy.name),
            self.tr("Tournament files (*.finals);;All files (*)"),
        )
        if not path:
            return
        from app.services.backup import save_backup_as

        self.ctx.runner.start(
            save_backup_as,
            copy,
            Path(path),
            on_done=lambda target: self.open_file(target),
            on_error=lambda exc: show_error(self, exc),
        )

    def restore_backup(self, copy: Path) -> None:
        """Replace the open file by a backup: asked first; the current file is saved aside as
        a backup of its own, then replaced, then opened again; the message says where."""
        path = self.ctx.path
        if path is None:
            return
        if self.ctx.db is not None and self.ctx.db.is_server:
            show_error(
                self,
                FinalsError(
                    "服务器上的比赛不在本机文件中，不能用备份覆盖。要回到这份备份：请服务器管理员"
                    f"把备份 {copy} 放进服务器上一个新的空数据库，再让各站点连接新数据库"
                    "（“文件 → 连接数据库服务器…”）。服务器上的比赛没有改动。"
                ),
            )
            return
        question = self.tr(
            "Replace %1 by the backup %2?\n\nThe current file is first saved as a backup of its "
            "own (you can restore it the same way); changes made after the backup are then not "
            "in the file."
        )
        if not self._confirm(
            self.tr("Restore from a backup"),
            question.replace("%1", path.name).replace("%2", copy.name),
        ):
            return
        from app.services.backup import restore_from

        if self.backups_dialog is not None:
            self.backups_dialog.accept()
        self.ctx.close()

        def failed(exc: BaseException) -> None:
            self.open_file(path)
            show_error(self, exc)

        def restored(outcome: Any) -> None:
            if self.open_file(outcome.path):
                self._tell(self.tr("Restored"), outcome.message())

        self.ctx.runner.start(restore_from, path, copy, on_done=restored, on_error=failed)

    # -- TRF -----------------------------------------------------------------------
    def export_trf(self) -> None:
        event = self.ctx.current_event()
        if self.ctx.db is None or event is None:
            return
        path, _ = QFileDialog.getSaveFileName(
            self,
            self.tr("Export as TRF"),
            str(prefs.output_dir() / f"{event.code}.trf"),
            self.tr("TRF files (*.trf *.txt);;All files (*)"),
        )
        if not path:
            return
        from app.services.trf import export_trf

        def done(count: int) -> None:
            self.statusBar().showMessage(
                self.tr("%1 players exported to %2").replace("%1", str(count)).replace("%2", path),
                15000,
            )

        self.ctx.write(
            export_trf,
            event.code,
            Path(path),
            self.ctx.operator,
            what="trf",
            on_done=done,
            on_error=lambda exc: show_error(self, exc),
        )

    def import_trf(self) -> None:
        if self.ctx.db is None:
            return
        path, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Import a TRF file"),
            "",
            self.tr("TRF files (*.trf *.txt);;All files (*)"),
        )
        if not path:
            return
        from app.services.trf import import_trf

        codes = {e.code for e in self.ctx.events}
        code = next(c for n in range(1, 1000) if (c := "TRF" if n == 1 else f"TRF{n}") not in codes)

        def done(summary: Any) -> None:
            self.ctx.set_event(summary.code)
            self._fill_events()
            text = (
                self.tr("Imported event %1: %2 players, %3 rounds.")
                .replace("%1", summary.code)
                .replace("%2", str(summary.players))
                .replace("%3", str(summary.rounds))
            )
            if summary.requested_byes:
                text += "\n" + self.tr("Requested byes kept (not paired, points counted):")
                text += "\n" + "\n".join(summary.requested_byes)
            if summary.skipped:
                text += "\n" + self.tr("Not imported:") + "\n" + "\n".join(summary.skipped)
            self._tell(self.tr("TRF import"), text)

        self.ctx.write(
            import_trf,
            Path(path),
            code,
            None,
            self.ctx.operator,
            what=ctxmod.ALL,
            on_done=done,
            on_error=lambda exc: show_error(self, exc),
        )

    def _opened(self) -> None:
        self.stack.setCurrentWidget(self.file_page)
        self._fill_events()
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
        if not self._confirm(
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
            self._fill_events()

    def _fill_events(self) -> None:
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
    def open_settings(self) -> None:
        if self.ctx.db is None:
            return
        dialog = SettingsDialog(
            self.ctx.db, self.ctx.events, self.ctx.event_code, self.ctx.operator, self
        )
        while dialog.exec():
            try:
                prefs.set_operator(
                    clean_text(dialog.operator.text(), "操作员姓名", max_length=NAME_MAX) or ""
                )
            except FinalsError as exc:
                show_error(self, exc)
                continue
            before, after = dialog.changes()
            if after:
                from app.services.tournament import update_event_settings

                try:
                    update_event_settings(
                        self.ctx.db, dialog.event_code(), after, self.ctx.operator
                    )
                except FinalsError as exc:
                    show_error(self, exc)
                    continue
                label = self.tr("Settings of %1").replace("%1", dialog.event_combo.currentText())
                self.ctx.undo_stack.push(
                    SettingsCommand(self.ctx, dialog.event_code(), before, after, label)
                )
                self.ctx.notify(ctxmod.SETTINGS)
            timetable = dialog.schedule_changes()
            if timetable:
                from app.services.schedule import set_round_time

                try:
                    for number, at in timetable.items():
                        set_round_time(
                            self.ctx.db, dialog.event_code(), number, at, self.ctx.operator
                        )
                except FinalsError as exc:
                    show_error(self, exc)
                    continue
                self.ctx.notify(ctxmod.SETTINGS)
            self._update_actions()
            break

    # -- printing ------------------------------------------------------------------
    def print_report(
        self,
        kind: str,
        suffix: str = ".pdf",
        cert_type: str = "prize",
        order: str = "unit",
        card: str = "tent",
    ) -> None:
        if self.ctx.db is None:
            return
        event = self.ctx.current_event()
        code = event.code if event else None
        number: int | None = None
        category: str | None = None
        if kind in ROUND_KINDS:
            number = (
                self.round_board.round_combo.currentData()
                if self.tabs.currentWidget() is not self.results
                else self.results.round_combo.currentData()
            )
            if not number and kind != "lineup":  # a line-up before round 1: the registered order
                show_error(self, FinalsError(self.tr("No round is paired yet in this event.")))
                return
        if kind == "standings":
            number = self.standings.after_round()
            category = self.standings.category()
        out = output_path(
            prefs.output_dir(),
            self.ctx.info.title if self.ctx.info else "finals",
            kind,
            suffix,
            code,
            number,
            cert_type,
        )
        self._progress = QProgressDialog(
            self.tr("Making %1…").replace("%1", self.report_title(kind)), "", 0, 0, self
        )
        self._progress.setCancelButton(None)
        self._progress.setWindowTitle(self.tr("Printing"))
        self._progress.setMinimumDuration(300 if kind != "certificates" else 0)
        self._progress.setValue(0)
        # Certificates write their register numbers: they take their turn in the write queue,
        # and so does any document asked for while a change is saving (it shows that change).
        # Result slips give a round's tables their phone links on the first print: a write too.
        start = (
            self.ctx.runner.write
            if kind in ("certificates", "slips") or self.ctx.writing
            else self.ctx.runner.start
        )
        self._print_notes = []
        self._print_request = (
            start,
            kind,
            out,
            {
                "event": code,
                "round_number": number,
                "category": category,
                "cert_type": cert_type,
                "after_round": number if kind == "standings" else None,
                "order": order,
                "card": card,
                "base_url": self.phone_address(),
                "notes": self._print_notes,
            },
        )
        self._start_print()

    def _start_print(self, **more: object) -> None:
        start, kind, out, request = self._print_request
        start(
            make_report,
            self.ctx.db,
            kind,
            out,
            **request,
            **more,
            on_done=self._report_done,
            on_error=self._report_failed,
        )

    def phone_address(self) -> str | None:
        """The address of the phones' server running on the Phone entry tab, for the printed
        QR codes (None: the one it last ran on, if any, as the command line)."""
        if self.remote.running() and self.remote.server is not None:
            return str(self.remote.server.url)
        return None

    def _end_progress(self) -> None:
        if self._progress is not None:
            self._progress.reset()
            self._progress.deleteLater()
            self._progress = None

    def _report_done(self, path: Path) -> None:
        self._end_progress()
        if Path(path).suffix.lower() == ".pdf":
            self.last_document = Path(path)
        text = self.tr("Saved %1").replace("%1", str(path))
        if self._print_notes:
            text += "  " + " ".join(self._print_notes)
        self.statusBar().showMessage(text, 30000)
        self.document_ready.emit(str(path))
        if self.ctx.open_documents:
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))

    def _report_failed(self, exc: BaseException) -> None:
        self._end_progress()
        if isinstance(exc, NotFinal):  # results not final: ask, then print a provisional one
            if self._confirm(self.tr("Printing"), exc.window_message):
                self._start_print(provisional=True)
            return
        show_error(self, exc)

    # -- print preview and a printer -----------------------------------------------
    def preview_pdf(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Print preview"), str(prefs.output_dir()), self.tr("PDF files (*.pdf)")
        )
        if path:
            self.preview_document(Path(path))

    def preview_document(self, pdf: Path | None) -> None:
        """The PDF's pages rendered (PDFium, in a worker), then Qt's print preview with the
        printer choice."""
        if pdf is None:
            self.statusBar().showMessage(
                self.tr("Make a document first (Print menu), then preview it."), 10000
            )
            return
        self.statusBar().showMessage(self.tr("Preparing the print preview…"))
        self.ctx.runner.start(
            render_pages,
            pdf,
            on_done=self._show_preview,
            on_error=lambda exc: show_error(self, exc),
        )

    def _show_preview(self, pages: list[Path]) -> None:
        from PySide6.QtPrintSupport import QPrintPreviewDialog

        self.statusBar().clearMessage()
        printer = printer_for(pages)
        self._printer = printer  # the dialog does not own it: kept while the dialog lives
        dialog = QPrintPreviewDialog(printer, self)
        dialog.setWindowTitle(self.tr("Print preview"))
        dialog.paintRequested.connect(lambda target: paint_pages(target, pages))
        folder = pages[0].parent

        def finished(result: int) -> None:
            shutil.rmtree(folder, ignore_errors=True)
            if result == QDialog.DialogCode.Accepted:  # printed: its printer is remembered
                prefs.set_printer_name(printer.printerName())

        dialog.finished.connect(finished)
        self.preview_dialog = dialog
        dialog.resize(1000, 800)
        dialog.open()

    def print_pdf(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Print a PDF"), str(prefs.output_dir()), self.tr("PDF files (*.pdf)")
        )
        if path:
            self.print_document(Path(path))

    def print_document(self, pdf: Path | None) -> None:
        """Straight to a printer: the PDF's pages rendered (PDFium, in a worker), then Qt's
        print dialog with the printer used last time chosen; its pages go to the printer
        picked, which is remembered for the next time."""
        if pdf is None:
            self.statusBar().showMessage(
                self.tr("Make a document first (Print menu), then print it."), 10000
            )
            return
        self.statusBar().showMessage(
            self.tr("Preparing %1 for the printer…").replace("%1", pdf.name)
        )
        self.ctx.runner.start(
            render_pages,
            pdf,
            on_done=lambda pages: self._print_pages(pdf, pages),
            on_error=lambda exc: show_error(self, exc),
        )

    def _print_pages(self, pdf: Path, pages: list[Path]) -> None:
        from PySide6.QtPrintSupport import QPrintDialog

        self.statusBar().clearMessage()
        printer = printer_for(pages)
        dialog = QPrintDialog(printer, self)
        dialog.setWindowTitle(self.tr("Print %1").replace("%1", pdf.name))
        dialog.setMinMax(1, len(pages))
        self.print_dialog = dialog
        try:
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return
            paint_pages(printer, chosen_pages(printer, pages))
        finally:
            self.print_dialog = None
            shutil.rmtree(pages[0].parent, ignore_errors=True)
        name = printer.printerName()
        prefs.set_printer_name(name)
        self.statusBar().showMessage(
            self.tr("%1 sent to %2.")
            .replace("%1", pdf.name)
            .replace("%2", name or printer.outputFileName()),
            10000,
        )

    def open_output_folder(self) -> None:
        folder = prefs.output_dir()
        folder.mkdir(parents=True, exist_ok=True)
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))

    def choose_output_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(
            self, self.tr("Output folder"), str(prefs.output_dir())
        )
        if folder:
            prefs.set_output_dir(folder)

    def _busy(self, writing: bool) -> None:
        """A change is saving in the background: said in the status bar until it is done."""
        self.saving.setVisible(writing)

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
