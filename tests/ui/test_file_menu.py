"""The File menu: save as, the backups (with their rounds and results), restore, TRF."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox


def _result(window, table: int) -> str | None:  # noqa: ANN001
    from app.services.read_model import load_final

    final = load_final(window.ctx.db)
    event = final.event(window.ctx.event_code)
    rnd = max(event.rounds, key=lambda r: r.number)
    return next(g.result for g in rnd.games if g.table == table)


def test_save_as_opens_the_copy(window, qtbot, settle, monkeypatch, tmp_path: Path) -> None:  # noqa: ANN001
    original = window.ctx.path
    target = tmp_path / "saved" / "copy"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    window.save_as_action.trigger()
    qtbot.waitUntil(lambda: window.ctx.path == target.with_suffix(".finals"), timeout=30000)
    settle(window)
    assert original.exists()
    assert window.ctx.path.exists()
    assert _result(window, 1) is not None
    assert window.windowTitle().startswith(window.ctx.info.title)


def test_restore_from_a_backup_keeps_the_current_state_aside(
    window, qtbot, settle, monkeypatch, tmp_path: Path
) -> None:  # noqa: ANN001
    from app.services.backup import copy_facts, take_backup
    from app.services.results import record_result

    path = window.ctx.path
    copy = take_backup(window.ctx.db, "round2-complete")
    before = _result(window, 1)
    other = "0-1" if before != "0-1" else "1-0"
    window.ctx.write(
        record_result, window.ctx.event_code, 2, 1, other, what="results", operator="x"
    )
    settle(window)
    assert _result(window, 1) == other

    window.backups_action.trigger()
    dialog = window.files.backups_dialog
    qtbot.waitUntil(lambda: dialog.table.rowCount() > 0, timeout=30000)
    texts = [dialog.table.item(0, c).text() for c in range(dialog.table.columnCount())]
    assert texts[1] == "第2轮赛完后"
    assert "第2轮" in texts[2]  # rounds paired
    assert int(texts[3]) > 0  # results entered
    assert dialog.chosen().path == copy
    dialog.grab().save(str(tmp_path / "backups.png"))

    asked: list[str] = []
    told: list[str] = []
    monkeypatch.setattr(window, "confirm", lambda title, text: asked.append(text) or True)
    monkeypatch.setattr(QMessageBox, "information", lambda _w, _t, text: told.append(text))
    dialog.restore_button.click()
    qtbot.waitUntil(lambda: bool(told), timeout=30000)
    settle(window)
    assert copy.name in asked[0]
    assert window.ctx.path == path
    assert _result(window, 1) == before  # the backup's state
    aside = next(p for p in (path.parent / "backups").iterdir() if "before-restore" in p.name)
    assert str(aside) in told[0]  # the message says where the old state is
    assert copy_facts(aside).problem is None
    from app.services.read_model import load_final
    from app.services.tournament import open_tournament

    db = open_tournament(aside)
    try:
        event = load_final(db).event(window.ctx.event_code)
        rnd = max(event.rounds, key=lambda r: r.number)
        assert next(g.result for g in rnd.games if g.table == 1) == other
    finally:
        db.close()


def test_restore_asked_and_refused_changes_nothing(window, qtbot, settle, monkeypatch) -> None:  # noqa: ANN001
    from app.services.backup import take_backup

    copy = take_backup(window.ctx.db, "manual")
    monkeypatch.setattr(window, "confirm", lambda title, text: False)
    window.files.restore_backup(copy)
    settle(window)
    assert window.ctx.db is not None
    assert not any("before-restore" in p.name for p in copy.parent.iterdir())


def test_trf_export_then_import_as_a_new_event(
    window, qtbot, settle, monkeypatch, tmp_path: Path
) -> None:  # noqa: ANN001
    out = tmp_path / "open.trf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    window.trf.export_trf()
    settle(window)
    assert out.exists() and out.read_text(encoding="utf-8").startswith("012")
    told: list[str] = []
    monkeypatch.setattr(QMessageBox, "information", lambda _w, _t, text: told.append(text))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(out), ""))
    window.trf.import_trf()
    qtbot.waitUntil(lambda: bool(told), timeout=30000)
    assert "TRF" in {e.code for e in window.ctx.events}
    assert window.ctx.event_code == "TRF"
    assert "40" in told[0]
    window.trf.import_trf()  # a second import takes the next free code
    qtbot.waitUntil(lambda: len(told) == 2, timeout=30000)
    assert "TRF2" in {e.code for e in window.ctx.events}


def test_print_preview_renders_the_document_and_prints_its_pages(
    window, qtbot, settle, tmp_path: Path
) -> None:  # noqa: ANN001
    import shutil
    import subprocess

    import pytest
    from PySide6.QtPrintSupport import QPrinter

    from ui.pdf_pages import paint_pages, render_pages

    if shutil.which("pdftoppm") is None or shutil.which("pdfinfo") is None:
        pytest.skip("poppler-utils is not installed")
    made: list[str] = []
    window.printing.document_ready.connect(made.append)
    window.printing.print_report("standings")
    qtbot.waitUntil(lambda: bool(made), timeout=60000)
    assert window.printing.last_document == Path(made[0])
    window.preview_action.trigger()
    qtbot.waitUntil(lambda: window.printing.preview_dialog is not None, timeout=60000)
    dialog = window.printing.preview_dialog
    assert dialog.isVisible()
    dialog.grab().save(str(tmp_path / "preview.png"))
    dialog.close()
    # what the printer receives: every page of the document (a PDF printer stands in)
    pages = render_pages(Path(made[0]), dpi=60)
    out = tmp_path / "printed.pdf"
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(out))
    paint_pages(printer, pages)
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, encoding="utf-8").stdout
    source = subprocess.run(["pdfinfo", made[0]], capture_output=True, encoding="utf-8").stdout

    def count(text: str) -> int:
        return int(next(x for x in text.splitlines() if x.startswith("Pages:")).split()[1])

    assert count(info) == count(source) == len(pages) >= 1
