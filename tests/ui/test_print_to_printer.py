"""Printing straight to a printer (打印…): Qt's print dialog with the printer used last time
already chosen; every page of the document reaches the printer; the printer is remembered."""

from __future__ import annotations

import os
from pathlib import Path

import pypdfium2 as pdfium
from PySide6.QtPrintSupport import QPrintDialog, QPrinter, QPrinterInfo
from PySide6.QtWidgets import QDialog

from ui import prefs

OFFICE = "二楼 HP LaserJet"  # the test machine has no printer: a named one stands in


def _pages(path: Path) -> int:
    document = pdfium.PdfDocument(str(path))
    try:
        return len(document)
    finally:
        document.close()


def test_print_sends_every_page_to_the_printer_and_remembers_it(
    window, qtbot, settle, monkeypatch, tmp_path: Path
) -> None:  # noqa: ANN001
    # The system's printers: one installed; QPrinter keeps the name the dialog picks.
    names: dict[int, str] = {}
    monkeypatch.setattr(QPrinterInfo, "availablePrinterNames", staticmethod(lambda: [OFFICE]))
    monkeypatch.setattr(QPrinter, "setPrinterName", lambda p, n: names.__setitem__(id(p), n))
    monkeypatch.setattr(QPrinter, "printerName", lambda p: names.get(id(p), ""))
    preselected: list[str] = []
    outputs: list[Path] = []

    def arbiter_picks_the_office_printer(dialog: QPrintDialog) -> int:
        printer = dialog.printer()
        preselected.append(printer.printerName())
        dialog.grab().save(os.path.join(str(tmp_path), "print-dialog.png"))
        printer.setPrinterName(OFFICE)
        out = tmp_path / f"printed-{len(outputs) + 1}.pdf"  # what the printer receives
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(out))
        outputs.append(out)
        return QDialog.DialogCode.Accepted.value

    monkeypatch.setattr(QPrintDialog, "exec", arbiter_picks_the_office_printer)

    made: list[str] = []
    window.printing.document_ready.connect(made.append)
    window.printing.print_report("standings")
    qtbot.waitUntil(lambda: bool(made), timeout=60000)
    assert prefs.printer_name() == ""

    window.print_action.trigger()
    printing = window.printing  # the pages go one a turn of the event loop: until all went
    qtbot.waitUntil(lambda: len(outputs) == 1 and printing.page_printer is None, timeout=60000)
    settle(window)
    assert preselected == [""]  # nothing remembered yet: the system's default
    assert _pages(outputs[0]) == _pages(Path(made[0])) > 0
    assert prefs.printer_name() == OFFICE
    assert OFFICE in window.statusBar().currentMessage()

    window.print_action.trigger()  # the next time: the office printer is already chosen
    qtbot.waitUntil(lambda: len(outputs) == 2 and printing.page_printer is None, timeout=60000)
    assert preselected == ["", OFFICE]
    assert _pages(outputs[1]) == _pages(Path(made[0]))


def test_a_cancelled_print_prints_nothing_and_remembers_nothing(
    window, qtbot, settle, monkeypatch
) -> None:  # noqa: ANN001
    asked: list[int] = []
    monkeypatch.setattr(
        QPrintDialog,
        "exec",
        lambda dialog: asked.append(1) or QDialog.DialogCode.Rejected.value,
    )
    made: list[str] = []
    window.printing.document_ready.connect(made.append)
    window.printing.print_report("pairings")
    qtbot.waitUntil(lambda: bool(made), timeout=60000)
    window.print_action.trigger()
    qtbot.waitUntil(lambda: bool(asked), timeout=60000)
    settle(window)
    assert prefs.printer_name() == ""
    assert window.printing.print_dialog is None


def test_print_before_any_document_says_what_to_do(window) -> None:  # noqa: ANN001
    window.printing.last_document = None
    window.print_action.trigger()
    assert window.printing.tr("Make a document first (Print menu), then print it.") in (
        window.statusBar().currentMessage()
    )


def test_a_long_document_prints_page_by_page_with_the_window_live_and_cancel(
    window, qtbot, settle, monkeypatch, tmp_path: Path
) -> None:  # noqa: ANN001
    """Issue 40 §2: the pages went to the printer in one call on the window's thread (14.3 s
    frozen for 45 slips). Now one page a turn of the event loop, with a progress bar and
    Cancel: a PDF printer stands in for the real one."""
    from PySide6.QtCore import QTimer

    from ui.pdf_pages import render_pages

    made: list[str] = []
    window.printing.document_ready.connect(made.append)
    window.printing.print_report("standings")
    qtbot.waitUntil(lambda: bool(made), timeout=60000)
    settle(window)
    page = render_pages(Path(made[0]), dpi=40)[0]
    pages = [page] * 8  # a long document

    def to_pdf(dialog: QPrintDialog) -> int:
        printer = dialog.printer()
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(tmp_path / "printed.pdf"))
        return QDialog.DialogCode.Accepted.value

    monkeypatch.setattr(QPrintDialog, "exec", to_pdf)
    seen: list[int] = []  # the pages painted, as each turn of the event loop finds them
    turns = QTimer()
    turns.setInterval(0)
    turns.timeout.connect(
        lambda: (
            seen.append(job.painted)
            if (job := getattr(window.printing, "page_printer", None))
            else None
        )
    )
    turns.start()
    window.printing._print_pages(Path(made[0]), list(pages))
    qtbot.waitUntil(lambda: getattr(window.printing, "page_printer", None) is None, timeout=60000)
    turns.stop()
    # the event loop turned while the document was part printed: the window was live
    assert any(0 < n < len(pages) for n in seen), seen
    assert _pages(tmp_path / "printed.pdf") == len(pages)
    assert "printed.pdf" in window.statusBar().currentMessage()

    # Cancel after the second page: the run is aborted, nothing is said to be sent
    again = render_pages(Path(made[0]), dpi=40)[:1] * 8
    monkeypatch.setattr(
        QPrintDialog,
        "exec",
        lambda dialog: (
            dialog.printer().setOutputFormat(QPrinter.OutputFormat.PdfFormat),
            dialog.printer().setOutputFileName(str(tmp_path / "cancelled.pdf")),
            QDialog.DialogCode.Accepted.value,
        )[-1],
    )
    window.printing._print_pages(Path(made[0]), again)
    job = window.printing.page_printer
    assert job is not None
    qtbot.waitUntil(lambda: job.painted >= 2, timeout=60000)
    job.cancel()
    qtbot.waitUntil(lambda: window.printing.page_printer is None, timeout=60000)
    assert job.painted < len(again)
    assert "cancelled" in window.statusBar().currentMessage() or "取消" in (
        window.statusBar().currentMessage()
    )
