"""The Print menu's actions: make a document, preview it, print it, and the output folder."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QDialog, QFileDialog, QProgressDialog

from app.errors import FinalsError
from reports.provisional import NotFinal
from ui import prefs
from ui.errors import show_error
from ui.pdf_pages import PagePrinter, chosen_pages, paint_pages, printer_for, render_pages
from ui.printing import ROUND_KINDS, make_report, output_path
from ui.window_actions import ActionsHost, WindowActions


class PrintActions(WindowActions):
    document_ready = Signal(str)

    def __init__(self, window: ActionsHost) -> None:
        super().__init__(window)
        self._progress: QProgressDialog | None = None
        self.last_document: Path | None = None
        self.preview_dialog: QDialog | None = None
        self.print_dialog: QDialog | None = None  # Qt's print dialog while it is open
        self._printer: Any = None
        self._print_notes: list[str] = []

    # -- documents -----------------------------------------------------------------
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
            number = self.window.round_shown()
            if not number and kind != "lineup":  # a line-up before round 1: the registered order
                show_error(
                    self.widget, FinalsError(self.tr("No round is paired yet in this event."))
                )
                return
        if kind == "standings":
            number, category = self.window.standings_shown()
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
            self.tr("Making %1…").replace("%1", self.window.report_title(kind)),
            "",
            0,
            0,
            self.widget,
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
                "base_url": self.window.phone_address(),
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
        self.window.statusBar().showMessage(text, 30000)
        self.document_ready.emit(str(path))
        if self.ctx.open_documents:
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))

    def _report_failed(self, exc: BaseException) -> None:
        self._end_progress()
        if isinstance(exc, NotFinal):  # results not final: ask, then print a provisional one
            if self.window.confirm(self.tr("Printing"), exc.window_message):
                self._start_print(provisional=True)
            return
        show_error(self.widget, exc)

    # -- print preview and a printer -----------------------------------------------
    def _chosen_pdf(self, title: str) -> Path | None:
        """A PDF the arbiter picks (from the output folder first); None when cancelled."""
        path, _ = QFileDialog.getOpenFileName(
            self.widget, title, str(prefs.output_dir()), self.tr("PDF files (*.pdf)")
        )
        return Path(path) if path else None

    def preview_pdf(self) -> None:
        pdf = self._chosen_pdf(self.tr("Print preview"))
        if pdf is not None:
            self.preview_document(pdf)

    def preview_document(self, pdf: Path | None) -> None:
        """The PDF's pages rendered (PDFium, in a worker), then Qt's print preview with the
        printer choice."""
        if pdf is None:
            self.window.statusBar().showMessage(
                self.tr("Make a document first (Print menu), then preview it."), 10000
            )
            return
        self.window.statusBar().showMessage(self.tr("Preparing the print preview…"))
        self.ctx.runner.start(
            render_pages,
            pdf,
            on_done=self._show_preview,
            on_error=lambda exc: show_error(self.widget, exc),
        )

    def _show_preview(self, pages: list[Path]) -> None:
        from PySide6.QtPrintSupport import QPrintPreviewDialog

        self.window.statusBar().clearMessage()
        printer = printer_for(pages)
        self._printer = printer  # the dialog does not own it: kept while the dialog lives
        dialog = QPrintPreviewDialog(printer, self.widget)
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
        pdf = self._chosen_pdf(self.tr("Print a PDF"))
        if pdf is not None:
            self.print_document(pdf)

    def print_document(self, pdf: Path | None) -> None:
        """Straight to a printer: the PDF's pages rendered (PDFium, in a worker), then Qt's
        print dialog with the printer used last time chosen; its pages go to the printer
        picked, which is remembered for the next time."""
        if pdf is None:
            self.window.statusBar().showMessage(
                self.tr("Make a document first (Print menu), then print it."), 10000
            )
            return
        self.window.statusBar().showMessage(
            self.tr("Preparing %1 for the printer…").replace("%1", pdf.name)
        )
        self.ctx.runner.start(
            render_pages,
            pdf,
            on_done=lambda pages: self._print_pages(pdf, pages),
            on_error=lambda exc: show_error(self.widget, exc),
        )

    def _print_pages(self, pdf: Path, pages: list[Path]) -> None:
        from PySide6.QtPrintSupport import QPrintDialog

        self.window.statusBar().clearMessage()
        printer = printer_for(pages)
        dialog = QPrintDialog(printer, self.widget)
        dialog.setWindowTitle(self.tr("Print %1").replace("%1", pdf.name))
        dialog.setMinMax(1, len(pages))
        self.print_dialog = dialog
        try:
            accepted = dialog.exec() == QDialog.DialogCode.Accepted
        finally:
            self.print_dialog = None
        if not accepted:
            shutil.rmtree(pages[0].parent, ignore_errors=True)
            return
        self._send_pages(pdf, printer, pages)

    page_printer: PagePrinter | None = None  # the pages going to the printer, one a turn

    def _send_pages(self, pdf: Path, printer: Any, pages: list[Path]) -> None:
        """The chosen pages to the printer, one page per turn of the event loop (the window
        stays live), with a progress bar and Cancel."""
        chosen = chosen_pages(printer, pages)
        job = PagePrinter(printer, chosen, self)
        progress = QProgressDialog(
            self.tr("Printing %1…").replace("%1", pdf.name),
            self.tr("Cancel"),
            0,
            len(chosen),
            self.widget,
        )
        progress.setWindowTitle(self.tr("Print %1").replace("%1", pdf.name))
        progress.setWindowModality(Qt.WindowModality.WindowModal)
        progress.setMinimumDuration(0)
        progress.setAutoClose(False)
        progress.setAutoReset(False)
        progress.canceled.connect(job.cancel)
        job.progressed.connect(progress.setValue)
        self.page_printer = job

        def finished(done: bool) -> None:
            self.page_printer = None
            progress.close()
            progress.deleteLater()
            job.deleteLater()
            shutil.rmtree(pages[0].parent, ignore_errors=True)
            if not done:
                self.window.statusBar().showMessage(
                    self.tr("Printing %1 was cancelled.").replace("%1", pdf.name), 10000
                )
                return
            name = printer.printerName()
            prefs.set_printer_name(name)
            self.window.statusBar().showMessage(
                self.tr("%1 sent to %2.")
                .replace("%1", pdf.name)
                .replace("%2", name or printer.outputFileName()),
                10000,
            )

        job.finished.connect(finished)
        progress.show()
        job.start()

    # -- the output folder ---------------------------------------------------------
    def open_output_folder(self) -> None:
        folder = prefs.output_dir()
        folder.mkdir(parents=True, exist_ok=True)
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))

    def choose_output_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(
            self.widget, self.tr("Output folder"), str(prefs.output_dir())
        )
        if folder:
            prefs.set_output_dir(folder)
