"""The window's audit log reads as words: a correction says its table and both results."""

from __future__ import annotations

from pathlib import Path


def test_a_corrected_result_reads_in_words(window, qtbot, settle, tmp_path: Path) -> None:  # noqa: ANN001
    from app.services.results import record_result

    code = window.ctx.event_code
    window.ctx.write(record_result, code, 2, 3, "0-1", what="results", operator="测试")
    settle(window)
    window.ctx.write(record_result, code, 2, 3, "1-0", what="results", operator="测试")
    settle(window)
    window.show_view("audit")
    settle(window)
    model = window.audit.model
    rows = model.rows()
    assert rows[0].action == "更正成绩"
    column = model.column_of("words")
    text = model.index(0, column).data()
    assert text.startswith("第3台 成绩 0-1 → 1-0") or text == "第3台 成绩未变（1-0）"
    assert "{" not in text
    heads = [
        model.headerData(c, __import__("PySide6.QtCore").QtCore.Qt.Orientation.Horizontal)
        for c in range(model.columnCount())
    ]
    assert "JSON" not in " ".join(map(str, heads))
    window.audit.filter.setText("第3台")
    assert all("第3台" in (r.target + r.words) for r in model.rows())
    window.audit.grab().save(str(tmp_path / "audit.png"))
