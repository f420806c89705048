"""The tournament's own settings in the settings dialog (tab 比赛信息): title, dates, venue,
organisers, komi, the certificate's wording and the phone-entry server's address.

Every value goes through the same reading and checks as `finals settings FILE --set …`
(`app.settings.parse_text`, `apply_tournament_changes`), then `set_tournament_fields` stores
them in one transaction with one audit entry. Messages are the service's Chinese, with any
command-line hint left out (the window has no flags to add).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from app.settings import TOURNAMENT_FIELDS, TOURNAMENT_SETTINGS, SettingError, parse_text
from app.settings.tournament import apply_tournament_changes, flat_tournament_settings
from ui.errors import window_text

if TYPE_CHECKING:
    from app.services.storage import Database
    from app.services.tournament import TournamentInfo

# The keys shown, as `finals settings` names them (fields of the tournament, then settings).
TEXT_KEYS = (
    "title",
    "start_date",
    "end_date",
    "venue",
    "organisers",
    "komi",
    "certificate.issuer",
    "certificate.number_prefix",
    "certificate.background",
    "remote_entry_url",
    "chief_arbiter",
    "deputy_arbiters",
    "arbiters",
    "venue_wifi",
)
TEMPLATE_KEY = "certificate.template"
BOOL_KEYS = ("certificate.per_member", "certificate.seal")


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, list | tuple):
        return "、".join(str(v) for v in value)
    return str(value)


class TournamentTab(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.edits: dict[str, QLineEdit] = {}
        self.checks: dict[str, QCheckBox] = {}
        self.loaded_fields: dict[str, Any] = {}
        self.loaded_settings: dict[str, Any] = {}
        self.loaded: dict[str, Any] = {}
        labels = {
            "title": self.tr("Title"),
            "start_date": self.tr("First day"),
            "end_date": self.tr("Last day"),
            "venue": self.tr("Venue"),
            "organisers": self.tr("Organisers"),
            "komi": self.tr("Komi (Go)"),
            "certificate.issuer": self.tr("Certificate issuer"),
            "certificate.number_prefix": self.tr("Certificate number prefix"),
            "certificate.background": self.tr("Certificate background image"),
            "remote_entry_url": self.tr("Server address for QR codes"),
            "chief_arbiter": self.tr("Chief arbiter"),
            "deputy_arbiters": self.tr("Deputy chief arbiters"),
            "arbiters": self.tr("Arbiters"),
            "venue_wifi": self.tr("Venue Wi-Fi name (on the poster)"),
        }
        hints = {
            "start_date": self.tr("YYYY-MM-DD"),
            "end_date": self.tr("YYYY-MM-DD"),
            "organisers": self.tr("separate with 、"),
            "komi": self.tr("e.g. 3又3/4子 or 7.5目"),
            "certificate.issuer": self.tr("empty: the first organiser"),
            "certificate.background": self.tr("a PNG or JPEG file; empty: none"),
            "remote_entry_url": self.tr(
                "e.g. http://192.168.1.20:8765 (empty: set when the phone server starts)"
            ),
            "deputy_arbiters": self.tr("separate with 、"),
            "arbiters": self.tr("separate with 、"),
        }
        inner = QWidget()
        form = QFormLayout(inner)
        self.form = form
        for key in TEXT_KEYS:
            edit = QLineEdit()
            edit.setPlaceholderText(hints.get(key, ""))
            self.edits[key] = edit
            form.addRow(labels[key], edit)
        # Draws (issue 13): Go with komi 3又3/4子 has none, unless the arbiter rules one (三劫循环).
        self.draws = QComboBox()
        self.draws.setObjectName("draws")
        for value, text in (
            ("auto", self.tr("By the komi: none in Go with a half-point komi (3又3/4子)")),
            ("allowed", self.tr("Allowed (e.g. a Go game drawn by triple ko)")),
            ("refused", self.tr("No draws (never recorded)")),
        ):
            self.draws.addItem(text, value)
        form.addRow(self.tr("Draws"), self.draws)
        self.template = QPlainTextEdit()
        self.template.setPlaceholderText(
            self.tr(
                "Empty: the standard wording. Placeholders such as {姓名} {名次} are filled in."
            )
        )
        self.template.setFixedHeight(72)
        form.addRow(self.tr("Certificate text"), self.template)
        for key, text in (
            ("certificate.per_member", self.tr("Team and pair prizes: a certificate per member")),
            ("certificate.seal", self.tr("Print a dashed circle where the seal goes")),
        ):
            check = QCheckBox(text)
            self.checks[key] = check
            form.addRow("", check)
        note = QLabel(
            self.tr(
                "These apply to the whole final (every event). Each round's start time is in "
                "the Schedule tab."
            )
        )
        note.setWordWrap(True)
        note.setStyleSheet("color: #555;")
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addWidget(inner, 1)

    # -- the values --------------------------------------------------------------------
    def load(self, info: TournamentInfo) -> None:
        """From `tournament_info(db)`."""
        self.loaded_fields = {
            "title": info.title,
            "venue": info.venue,
            "start_date": info.start_date,
            "end_date": info.end_date,
            "organisers": list(info.organisers),
            "operators": list(info.operators),
        }
        self.loaded_settings = dict(info.settings)
        flat = flat_tournament_settings(self.loaded_settings)
        self.loaded = {**flat, **self.loaded_fields}
        for key, edit in self.edits.items():
            edit.setText(_text(self.loaded.get(key)))
        # Komi is a Go setting: hidden for a Gomoku final unless the file holds one.
        self.form.setRowVisible(
            self.edits["komi"], info.game == "go" or bool(self.loaded.get("komi"))
        )
        self.template.setPlainText(_text(self.loaded.get(TEMPLATE_KEY)))
        index = self.draws.findData(self.loaded.get("draws") or "auto")
        self.draws.setCurrentIndex(max(index, 0))
        for key, check in self.checks.items():
            default = TOURNAMENT_SETTINGS[key].default
            value = self.loaded.get(key, default)
            check.setChecked(bool(value if isinstance(value, bool) else default))

    def _typed(self) -> dict[str, str]:
        typed = {key: edit.text().strip() for key, edit in self.edits.items()}
        typed[TEMPLATE_KEY] = self.template.toPlainText().strip()
        return typed

    def changes(self) -> tuple[dict[str, Any], list[str]]:
        """(changes, keys to unset) for what the arbiter changed, as `finals settings` takes
        them."""
        changes: dict[str, Any] = {}
        unset: list[str] = []
        for key, text in self._typed().items():
            if text == _text(self.loaded.get(key)):
                continue
            spec = TOURNAMENT_FIELDS.get(key) or TOURNAMENT_SETTINGS[key]
            value = parse_text(spec, text)
            if key == "title" or value not in (None, [], ""):
                changes[key] = value
            else:
                unset.append(key)
        for key, check in self.checks.items():
            default = TOURNAMENT_SETTINGS[key].default
            was = self.loaded.get(key, default)
            if check.isChecked() != (was if isinstance(was, bool) else default):
                changes[key] = check.isChecked()
        if self.draws.currentData() != (self.loaded.get("draws") or "auto"):
            changes["draws"] = self.draws.currentData()
        return changes, unset

    def validate(self) -> str:
        """Why the changes cannot be stored ("" when they can), in the window's words."""
        changes, unset = self.changes()
        if not changes and not unset:
            return ""
        if "title" in changes and not changes["title"]:
            return "比赛名称不能为空。"
        try:
            apply_tournament_changes(self.loaded_fields, self.loaded_settings, changes, unset)
        except SettingError as exc:
            details = [window_text(d) for d in exc.details]
            return "\n".join([window_text(exc.message), *details])
        return ""

    def save(self, db: Database, operator: str) -> bool:
        """Store the changes (checked first); True when something was written."""
        from app.services.tournament import set_tournament_fields

        changes, unset = self.changes()
        if not changes and not unset:
            return False
        set_tournament_fields(db, changes, operator, unset)
        return True
