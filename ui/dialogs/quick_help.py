"""帮助 → 快速入门与按键: the README's 中文快速入门 (app.help_text, one text for both) and the
result-entry keys exactly as the results page words them for the final that is open."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from app.help_text import quick_start_zh


class QuickHelpDialog(QDialog):
    def __init__(self, parent: QWidget, keys: str) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Quick start and keys"))
        screen = parent.screen().availableGeometry() if parent.screen() else None
        self.resize(min(820, screen.width() - 40) if screen else 820, 620)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(False)
        heading = self.tr("Result entry keys")
        keys_md = "\n\n".join(line.strip() for line in keys.splitlines() if line.strip())
        self.browser.setMarkdown(f"{quick_start_zh()}\n\n## {heading}\n\n{keys_md}\n")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser, 1)
        layout.addWidget(buttons)
