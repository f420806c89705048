"""A PDF's pages as images, for the print preview and the printer (PDFium, bundled with the
program, so preview and printing look the same on every machine)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QRect, Qt, QTimer, Signal

from app.errors import FinalsError
from ui import prefs


def render_pages(pdf: Path, dpi: int = 150) -> list[Path]:
    """In a worker: the PDF's pages as PNG files, in order (PDFium, bundled with the program,
    so the preview works on every machine)."""
    import tempfile

    import pypdfium2 as pdfium
    from PySide6.QtGui import QImage

    folder = Path(tempfile.mkdtemp(prefix="finals-preview-"))
    pages: list[Path] = []
    try:
        document = pdfium.PdfDocument(str(pdf))
    except (OSError, pdfium.PdfiumError) as exc:
        raise FinalsError(f"无法显示打印预览：{pdf.name} 无法读取（{exc}）。") from exc
    try:
        for number, page in enumerate(document, start=1):
            bitmap = page.render(scale=dpi / 72, rev_byteorder=True)
            kind = (
                QImage.Format.Format_RGB888
                if bitmap.n_channels == 3
                else (QImage.Format.Format_RGBA8888)
            )
            image = QImage(bitmap.buffer, bitmap.width, bitmap.height, bitmap.stride, kind)
            target = folder / f"page-{number}.png"
            if not image.save(str(target)):
                raise FinalsError(f"无法显示打印预览：第{number}页无法写入临时文件夹 {folder}。")
            pages.append(target)
    finally:
        document.close()
    if not pages:
        raise FinalsError(f"无法显示打印预览：{pdf.name} 没有页面。")
    return pages


def printer_for(pages: list[Path]) -> Any:
    """A printer for the rendered pages: the one used last time when it is still installed
    (else the system's default), landscape for a landscape document."""
    from PySide6.QtGui import QImageReader, QPageLayout
    from PySide6.QtPrintSupport import QPrinter, QPrinterInfo

    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    remembered = prefs.printer_name()
    if remembered and remembered in QPrinterInfo.availablePrinterNames():
        printer.setPrinterName(remembered)
    size = QImageReader(str(pages[0])).size()
    if size.width() > size.height():  # a landscape document prints landscape
        printer.setPageOrientation(QPageLayout.Orientation.Landscape)
    return printer


def chosen_pages(printer: Any, pages: list[Path]) -> list[Path]:
    """The pages the print dialog asked for: all, or the range typed in it."""
    from PySide6.QtPrintSupport import QPrinter

    if printer.printRange() == QPrinter.PrintRange.PageRange and printer.fromPage() > 0:
        pages = pages[printer.fromPage() - 1 : printer.toPage() or len(pages)]
    return pages


def _paint_page(painter: Any, page: Path) -> None:
    """One rendered page on the painter's page, as large as it fits, centred."""
    from PySide6.QtGui import QImage

    image = QImage(str(page))
    area = painter.viewport()
    size = image.size().scaled(area.size(), Qt.AspectRatioMode.KeepAspectRatio)
    x = area.x() + (area.width() - size.width()) // 2
    y = area.y() + (area.height() - size.height()) // 2
    painter.drawImage(QRect(x, y, size.width(), size.height()), image)


def paint_pages(printer: Any, pages: list[Path]) -> None:
    """Each rendered page on a page of the printer (the print preview asks for them all)."""
    from PySide6.QtGui import QPainter

    painter = QPainter(printer)
    try:
        for number, page in enumerate(pages):
            if number:
                printer.newPage()
            _paint_page(painter, page)
    finally:
        painter.end()


class PagePrinter(QObject):
    """Sends the rendered pages to a printer one page per turn of the window's event loop,
    so the window stays live (and Cancel works) while a long document prints. `progressed`
    gives the pages painted so far; `finished` True when every page went, False when
    cancelled (or the printer could not be opened)."""

    progressed = Signal(int)
    finished = Signal(bool)

    def __init__(self, printer: Any, pages: list[Path], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.printer, self.pages = printer, pages
        self.painted = 0
        self.cancelled = False
        self._painter: Any = None

    def start(self) -> None:
        from PySide6.QtGui import QPainter

        self._painter = QPainter()
        if not self._painter.begin(self.printer):
            self._painter = None
            self.finished.emit(False)
            return
        QTimer.singleShot(0, self._next)

    def cancel(self) -> None:
        self.cancelled = True

    def _next(self) -> None:
        painter = self._painter
        if painter is None:
            return
        if self.cancelled:
            self.printer.abort()  # nothing of this run reaches the printer
            painter.end()
            self._painter = None
            self.finished.emit(False)
            return
        if self.painted == len(self.pages):
            painter.end()
            self._painter = None
            self.finished.emit(True)
            return
        if self.painted:
            self.printer.newPage()
        _paint_page(painter, self.pages[self.painted])
        self.painted += 1
        self.progressed.emit(self.painted)
        QTimer.singleShot(0, self._next)
