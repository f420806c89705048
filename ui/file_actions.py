"""The File menu's actions on tournament files: open, demo, new, save as, backups and restore."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QFileDialog

from app.errors import FinalsError
from app.services.storage import is_server_url
from ui import prefs
from ui.dialogs.backups import BackupsDialog
from ui.dialogs.new_tournament import NewTournamentWizard
from ui.errors import show_error
from ui.window_actions import ActionsHost, WindowActions


class FileActions(WindowActions):
    def __init__(self, window: ActionsHost) -> None:
        super().__init__(window)
        self.backups_dialog: BackupsDialog | None = None

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self.widget,
            self.tr("Open tournament"),
            "",
            self.tr("Tournament files (*.finals);;All files (*)"),
        )
        if path:
            self.window.open_file(Path(path))

    def open_server_dialog(self) -> None:
        """A final on a PostgreSQL server, shared by several stations: asked by its address."""
        from PySide6.QtWidgets import QInputDialog

        url, ok = QInputDialog.getText(
            self.widget,
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
                self.widget,
                FinalsError(
                    f"“{url}”不是数据库地址。应为 postgresql://用户名@服务器/数据库名，"
                    "如 postgresql://arbiter@192.168.1.10/final。"
                ),
            )
            return
        prefs.set_server_url(url)
        self.window.open_file(url)

    def open_demo(self) -> None:
        """The 360-player Go demo with two rounds played, made once (in a worker) and kept."""
        from app.demo import build_demo

        folder = prefs.output_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "demo-hangzhou-go.finals"
        if path.exists():
            self.window.open_file(path)
            return
        self.window.statusBar().showMessage(self.tr("Making the demo final…"))
        self.ctx.runner.start(
            build_demo,
            path,
            "hangzhou-go",
            players=360,
            rounds=2,
            operator=self.ctx.operator,
            on_done=lambda _summary: self.window.open_file(path),
            on_error=lambda exc: show_error(self.widget, exc),
        )

    def new_tournament(self) -> None:
        folder = prefs.output_dir()
        wizard = NewTournamentWizard(self.widget, folder)
        while wizard.exec():
            try:
                path = wizard.create_file(self.ctx.operator)
            except FinalsError as exc:
                show_error(self.widget, exc)
                continue
            self.window.open_file(path)
            self.window.show_view("players")
            break

    def save_as(self) -> None:
        """A consistent copy of the file (in the write queue, after every change asked for),
        then the window works on the copy."""
        if self.ctx.db is None or self.ctx.path is None:
            return
        suggested = self.ctx.path.with_name(self.ctx.path.stem + "-副本.finals")
        path, _ = QFileDialog.getSaveFileName(
            self.widget,
            self.tr("Save as"),
            str(suggested),
            self.tr("Tournament files (*.finals);;All files (*)"),
        )
        if not path:
            return
        from app.services.backup import save_copy_as

        def saved(target: Path) -> None:
            if self.window.open_file(target):
                self.window.statusBar().showMessage(
                    self.tr("Saved as %1; the window now works on it.").replace("%1", str(target)),
                    15000,
                )

        self.ctx.runner.write(
            save_copy_as,
            self.ctx.db,
            Path(path),
            on_done=saved,
            on_error=lambda exc: show_error(self.widget, exc),
        )

    def open_backups(self) -> None:
        if self.ctx.path is None:
            return
        dialog = BackupsDialog(self.widget, self.ctx, self.ctx.path)
        self.backups_dialog = dialog
        dialog.restore_requested.connect(self.restore_backup)
        dialog.save_requested.connect(self.save_backup_as)
        dialog.open()

    def save_backup_as(self, copy: Path) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self.widget,
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
            on_done=lambda target: self.window.open_file(target),
            on_error=lambda exc: show_error(self.widget, exc),
        )

    def restore_backup(self, copy: Path) -> None:
        """Replace the open file by a backup: asked first; the current file is saved aside as
        a backup of its own, then replaced, then opened again; the message says where."""
        path = self.ctx.path
        if path is None:
            return
        if self.ctx.db is not None and self.ctx.db.is_server:
            show_error(
                self.widget,
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
        if not self.window.confirm(
            self.tr("Restore from a backup"),
            question.replace("%1", path.name).replace("%2", copy.name),
        ):
            return
        from app.services.backup import restore_from

        if self.backups_dialog is not None:
            self.backups_dialog.accept()
        self.ctx.close()

        def failed(exc: BaseException) -> None:
            self.window.open_file(path)
            show_error(self.widget, exc)

        def restored(outcome: Any) -> None:
            if self.window.open_file(outcome.path):
                self.window.tell(self.tr("Restored"), outcome.message())

        self.ctx.runner.start(restore_from, path, copy, on_done=restored, on_error=failed)
