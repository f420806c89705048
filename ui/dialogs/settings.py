"""Every event setting (scoring, pairing, tie-breaks, conventions) and the operator's name."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.domain import EventKind
from app.errors import FinalsError
from app.pairing.mcmahon import grade_name, rank_value
from app.services.schedule import round_times
from app.services.tournament import (
    check_event_settings,
    event_setting_problems,
    event_settings,
    tournament_info,
)
from app.settings import EVENT_SETTINGS, SettingError, tiebreak_names
from app.settings.schema import parse_schedule_time
from ui.dialogs.tables_tab import TablesTab
from ui.dialogs.tournament_settings import TournamentTab
from ui.errors import error_text, window_text

if TYPE_CHECKING:
    from app.services.storage import Database
    from app.services.tournament import EventSummary

# The tie-breaks offered for an individual event (积分 always comes first and is not listed).
TIEBREAKS = tuple(n for n in tiebreak_names(EventKind.INDIVIDUAL) if n != "积分")
SCORING = ("win", "draw", "loss", "bye", "forfeit_win", "forfeit_loss")


def grade_text(value: Any) -> str:
    """A grade as the dialog shows it, the Chinese way (3d → 3段, 20k → 20级); as it is when
    it is not a grade (so a bad stored value can be seen)."""
    rank = rank_value(str(value)) if value is not None else None
    return grade_name(rank) if rank is not None else ("" if value is None else str(value))


def _spin(key: str) -> QSpinBox:
    """A spin box that offers exactly the range `app.settings` allows for `key`."""
    spec, spin = EVENT_SETTINGS[key], QSpinBox()
    assert spec.minimum is not None and spec.maximum is not None
    spin.setRange(int(spec.minimum), int(spec.maximum))
    return spin


class SettingsDialog(QDialog):
    def __init__(
        self,
        db: Database,
        events: list[EventSummary],
        event_code: str | None,
        operator: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Settings"))
        self.resize(660, 640)
        self.db = db
        self.current: dict[str, Any] = {}
        self.kinds = {e.code: e.kind for e in events}
        self.event_combo = QComboBox()
        for event in events:  # team events too: scored as sums or played as team matches
            self.event_combo.addItem(event.name, event.code)
        index = self.event_combo.findData(event_code)
        self.event_combo.setCurrentIndex(max(index, 0))
        self.event_combo.currentIndexChanged.connect(lambda _i: self.load())

        self.tabs = QTabWidget()
        # Scoring
        scoring = QWidget()
        form = QFormLayout(scoring)
        labels = {
            "win": self.tr("Win"),
            "draw": self.tr("Draw"),
            "loss": self.tr("Loss"),
            "bye": self.tr("Bye"),
            "forfeit_win": self.tr("Win by forfeit"),
            "forfeit_loss": self.tr("Loss by forfeit"),
        }
        self.points: dict[str, QDoubleSpinBox] = {}
        for key in SCORING:
            spin = QDoubleSpinBox()
            spec = EVENT_SETTINGS[f"scoring.{key}"]
            assert spec.minimum is not None and spec.maximum is not None
            spin.setRange(spec.minimum, spec.maximum)
            spin.setDecimals(1)
            spin.setSingleStep(0.5)
            self.points[key] = spin
            form.addRow(labels[key], spin)
        self.tabs.addTab(scoring, self.tr("Scoring"))
        # Pairing
        pairing = QWidget()
        form = QFormLayout(pairing)
        self.rounds = _spin("rounds_planned")
        self.system = self._combo(
            [
                ("swiss", self.tr("Swiss (weighted matching)")),
                ("dutch", self.tr("Dutch")),
                ("split", self.tr("Split halves")),
                ("monrad", self.tr("Monrad")),
                ("round_robin", self.tr("Round robin (Berger)")),
                ("mcmahon", self.tr("McMahon (starting score by grade)")),
            ]
        )
        self.system.currentIndexChanged.connect(lambda _i: self._mcmahon_enabled())
        # McMahon's bar and floor (mcmahon.bar, mcmahon.floor): grades, checked by app.settings
        self.mcmahon_bar = QLineEdit()
        self.mcmahon_bar.setPlaceholderText(self.tr("e.g. 5段 (5d)"))
        self.mcmahon_bar.setToolTip(
            self.tr("Players at or above this grade start with the same McMahon score.")
        )
        self.mcmahon_floor = QLineEdit()
        self.mcmahon_floor.setPlaceholderText(self.tr("e.g. 20级 (20k)"))
        self.mcmahon_floor.setToolTip(
            self.tr("Players at or below this grade start at 0 (the floor group).")
        )
        self.mcmahon_loaded: dict[str, Any] = {}
        self.first_round = self._combo(
            [
                ("split", self.tr("Top half against bottom half")),
                ("adjacent", self.tr("Neighbours (1-2, 3-4)")),
                ("lot", self.tr("By lot")),
            ]
        )
        self.same_unit = self._combo(
            [
                ("never", self.tr("Never avoid")),
                ("first_k", self.tr("Avoid in the first rounds")),
                ("always", self.tr("Always avoid")),
            ]
        )
        self.same_unit_rounds = _spin("pairing.same_unit_rounds")
        self.no_three = QCheckBox(self.tr("No one gets the same colour three times running"))
        self.surplus = _spin("pairing.max_colour_surplus")
        self.colour_limits = self._combo(
            [
                ("absolute", self.tr("Absolute rules (relaxed only when unavoidable, reported)")),
                ("preference", self.tr("A preference (colour balance as a cost; the check notes)")),
            ]
        )
        # what the event's system puts in force when nothing is stored (a McMahon event paired
        # by OpenGotha's engine: a preference): written only when the arbiter changes it, so
        # that changing the system in this dialog is never pinned to the old system's rule
        self.colour_limits_loaded = "absolute"
        self.last_round = QCheckBox(self.tr("Last round: scores before colours"))
        self.forfeit_met = QCheckBox(self.tr("A forfeited game counts as met"))
        self.opening_mode = self._combo(
            [
                ("none", self.tr("None")),
                ("lot", self.tr("Drawn by lot each round")),
                ("opener", self.tr("Chosen by the first player")),
            ]
        )
        self.opening_no_repeat = QCheckBox(self.tr("Never repeat the previous round's opening"))
        self.withdraw_after = _spin("pairing.withdraw_after_forfeits")
        self.team_format = self._combo(
            [
                ("sum", self.tr("Sum of the members' individual results")),
                ("match", self.tr("Team matches, board by board")),
            ]
        )
        form.addRow(self.tr("Team event played as"), self.team_format)
        form.addRow(self.tr("Rounds planned"), self.rounds)
        form.addRow(self.tr("Pairing system"), self.system)
        form.addRow(self.tr("McMahon bar"), self.mcmahon_bar)
        form.addRow(self.tr("McMahon floor"), self.mcmahon_floor)
        form.addRow(self.tr("First round"), self.first_round)
        form.addRow(self.tr("Same-unit avoidance"), self.same_unit)
        form.addRow(self.tr("…for the first rounds"), self.same_unit_rounds)
        form.addRow("", self.no_three)
        form.addRow(self.tr("Largest colour surplus"), self.surplus)
        form.addRow(self.tr("Colour limits are"), self.colour_limits)
        form.addRow("", self.last_round)
        form.addRow("", self.forfeit_met)
        form.addRow(self.tr("Openings"), self.opening_mode)
        form.addRow("", self.opening_no_repeat)
        form.addRow(self.tr("Withdraw after forfeits"), self.withdraw_after)
        self.tabs.addTab(pairing, self.tr("Pairing"))
        # Standings
        standings = QWidget()
        box = QVBoxLayout(standings)
        box.addWidget(
            QLabel(self.tr("Tie-break order after points (tick to use, drag or use the buttons):"))
        )
        row = QHBoxLayout()
        self.tiebreaks = QListWidget()
        self.tiebreaks.setDragDropMode(QListWidget.DragDropMode.InternalMove)
        buttons = QVBoxLayout()
        up, down = QPushButton(self.tr("Up")), QPushButton(self.tr("Down"))
        up.clicked.connect(lambda: self._move(-1))
        down.clicked.connect(lambda: self._move(1))
        buttons.addWidget(up)
        buttons.addWidget(down)
        buttons.addStretch(1)
        row.addWidget(self.tiebreaks, 1)
        row.addLayout(buttons)
        box.addLayout(row)
        form = QFormLayout()
        self.bye_in_sos = self._combo(
            [
                ("none", self.tr("A bye adds nothing")),
                ("zero", self.tr("A bye counts as an opponent with 0")),
                ("lowest", self.tr("A bye counts as the lowest opponent")),
            ]
        )
        self.forfeit_opponents = QCheckBox(self.tr("Forfeit opponents count in opponents' score"))
        self.forfeit_wins = QCheckBox(self.tr("Forfeit wins count as wins"))
        self.ties = self._combo([("shared", self.tr("Shared place")), ("lot", self.tr("By lot"))])
        self.second_mover = self._combo(
            [("seat", self.tr("By seat")), ("colour", self.tr("By final colour (swap openings)"))]
        )
        self.bye_win = QCheckBox(self.tr("A bye counts as a win"))
        form.addRow(self.tr("Byes"), self.bye_in_sos)
        form.addRow("", self.forfeit_opponents)
        form.addRow("", self.forfeit_wins)
        form.addRow(self.tr("Unbroken ties"), self.ties)
        form.addRow(self.tr("Second mover"), self.second_mover)
        form.addRow("", self.bye_win)
        box.addLayout(form)
        self.tabs.addTab(standings, self.tr("Tie-breaks"))
        # Schedule: each round's date and start time (tournament setting `schedule`), printed
        # on pairing lists, slips and standings
        schedule = QWidget()
        box = QVBoxLayout(schedule)
        box.addWidget(QLabel(self.tr("Start of each round (YYYY-MM-DD HH:MM; empty: none):")))
        self.schedule = QTableWidget(0, 2)
        self.schedule.setHorizontalHeaderLabels([self.tr("Round"), self.tr("Start time")])
        self.schedule.horizontalHeader().setStretchLastSection(True)
        self.schedule.verticalHeader().setVisible(False)
        box.addWidget(self.schedule, 1)
        self.schedule_loaded: dict[int, str] = {}
        self.tabs.addTab(schedule, self.tr("Schedule"))
        # Prize and grade tables: changed (and audited) when their buttons are pressed
        self.tables = TablesTab(db)
        self.tables.changed.connect(self._tables_changed)
        self.tabs.addTab(self.tables, self.tr("Prizes and grades"))
        # The tournament itself (every event): title, dates, venue, komi, certificates...
        self.tournament = TournamentTab()
        self.tournament.load(tournament_info(db))
        self.tabs.addTab(self.tournament, self.tr("Tournament"))
        self.tournament_saved = False
        # Operator
        me = QWidget()
        form = QFormLayout(me)
        self._operator = operator
        self.operator = QLineEdit(operator)
        self.operator.textChanged.connect(
            lambda text: setattr(self.tables, "operator", text.strip() or operator)
        )
        self.operator.setPlaceholderText(self.tr("e.g. 王裁判"))
        form.addRow(self.tr("Operator (recorded in the audit log)"), self.operator)
        self.tabs.addTab(me, self.tr("Operator"))

        dialog_buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        dialog_buttons.accepted.connect(self.accept)
        dialog_buttons.rejected.connect(self.reject)
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Event")))
        top.addWidget(self.event_combo, 1)
        # A value the file holds that cannot be used (written by an older version): shown
        # here, with the default in its widget, so OK stores the fix.
        self.stored_problems = QLabel()
        self.stored_problems.setWordWrap(True)
        self.stored_problems.setStyleSheet("color: #8a5a00;")
        self.stored_problems.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # Why OK was refused: the same Chinese message as `finals settings` gives.
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020;")
        self.error.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.stored_problems)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.error)
        layout.addWidget(dialog_buttons)
        self.load()

    def _combo(self, items: list[tuple[str, str]]) -> QComboBox:
        combo = QComboBox()
        for data, text in items:
            combo.addItem(text, data)
        return combo

    @staticmethod
    def _set(combo: QComboBox, value: Any) -> None:
        index = combo.findData(value)
        if index < 0:
            combo.addItem(str(value), value)
            index = combo.count() - 1
        combo.setCurrentIndex(index)

    def _move(self, step: int) -> None:
        row = self.tiebreaks.currentRow()
        target = row + step
        if row < 0 or not 0 <= target < self.tiebreaks.count():
            return
        item = self.tiebreaks.takeItem(row)
        self.tiebreaks.insertItem(target, item)
        self.tiebreaks.setCurrentRow(target)

    def event_code(self) -> str:
        return str(self.event_combo.currentData())

    def _tables_changed(self) -> None:
        ctx = getattr(self.parent(), "ctx", None)
        if ctx is not None and hasattr(ctx, "notify"):
            ctx.notify("settings")  # prizes, grades and certificates follow the new table

    def load(self) -> None:
        if self.event_combo.currentData() is None:
            return
        code = self.event_code()
        self.tables.operator = self.operator.text().strip() or self._operator
        self.tables.set_event(code)
        self.current = event_settings(self.db, code)
        clean = event_settings(self.db, code, clean=True)
        problems = [p for p in event_setting_problems(self.db, code) if not p.unused]
        self.stored_problems.setText(
            self.tr(
                "The file holds settings this program cannot use; the defaults are shown "
                "and OK stores them:"
            )
            + "\n"
            + "\n".join(p.message for p in problems)
            if problems
            else ""
        )
        self.stored_problems.setVisible(bool(problems))
        self.error.clear()
        self.error.setVisible(False)
        s, p, t = clean["scoring"], clean["pairing"], clean["standings"]
        for key, spin in self.points.items():
            spin.setValue(float(s.get(key, 0)))
        self.rounds.setValue(int(self.current.get("rounds_planned") or 0))
        self._set(self.system, p["system"])
        self._set(self.first_round, p["first_round"])
        self._set(self.same_unit, p["same_unit"])
        self.same_unit_rounds.setValue(int(p["same_unit_rounds"]))
        self.no_three.setChecked(bool(p["no_three_in_row"]))
        self.surplus.setValue(int(p["max_colour_surplus"]))
        self.colour_limits_loaded = str(p.get("colour_limits") or "absolute")
        self._set(self.colour_limits, self.colour_limits_loaded)
        self.last_round.setChecked(bool(p["last_round_scores_over_colour"]))
        self.forfeit_met.setChecked(bool(p["forfeit_counts_as_met"]))
        self._set(self.opening_mode, p["opening_mode"])
        self.opening_no_repeat.setChecked(bool(p["opening_no_repeat"]))
        self.withdraw_after.setValue(int(p.get("withdraw_after_forfeits", 2)))
        self.team_format.setEnabled("team_format" in p)
        self.mcmahon_loaded = dict(self.current.get("mcmahon") or {})
        shown = clean.get("mcmahon") or {}
        self.mcmahon_bar.setText(grade_text(shown.get("bar")))
        self.mcmahon_floor.setText(grade_text(shown.get("floor")))
        self._mcmahon_enabled()
        self._set(self.team_format, p.get("team_format", "sum"))
        self.tiebreaks.clear()
        used = [n for n in t["tiebreaks"] if n != "积分"]
        offered = [
            n for n in tiebreak_names(self._kind(), p.get("team_format", "sum")) if n != "积分"
        ]
        for name in used + [n for n in offered if n not in used]:
            item = QListWidgetItem(name)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if name in used else Qt.CheckState.Unchecked)
            self.tiebreaks.addItem(item)
        self._set(self.bye_in_sos, t["bye_in_sos"])
        self.forfeit_opponents.setChecked(bool(t["forfeit_opponents_count"]))
        self.forfeit_wins.setChecked(bool(t["forfeit_wins_count"]))
        self._set(self.ties, t["ties"])
        self._set(self.second_mover, t["second_mover_by"])
        self.bye_win.setChecked(bool(t["bye_counts_as_win"]))
        self._load_schedule(code)

    def _load_schedule(self, code: str) -> None:
        times = round_times(self.db, code)
        self.schedule_loaded = {t.round: t.at or "" for t in times}
        self.schedule.setRowCount(len(times))
        for row, t in enumerate(times):
            number = QTableWidgetItem(str(t.round))
            number.setFlags(number.flags() & ~Qt.ItemFlag.ItemIsEditable)
            self.schedule.setItem(row, 0, number)
            self.schedule.setItem(row, 1, QTableWidgetItem(t.at or ""))

    def schedule_changes(self) -> dict[int, str | None]:
        """{round: new start ("" → None: removed)} for the rounds whose start was changed."""
        out: dict[int, str | None] = {}
        for row in range(self.schedule.rowCount()):
            number_item, at_item = self.schedule.item(row, 0), self.schedule.item(row, 1)
            if number_item is None:
                continue
            number = int(number_item.text())
            text = (at_item.text() if at_item else "").strip()
            if text != self.schedule_loaded.get(number, ""):
                out[number] = text or None
        return out

    def _individual(self) -> bool:
        """McMahon's bar and floor belong to individual events only (a grade per entrant)."""
        return self.kinds.get(self.event_code(), EventKind.INDIVIDUAL) is EventKind.INDIVIDUAL

    def _mcmahon_enabled(self) -> None:
        """The bar and floor can be edited when an individual event is paired by McMahon."""
        on = self._individual() and self.system.currentData() == "mcmahon"
        self.mcmahon_bar.setEnabled(on)
        self.mcmahon_floor.setEnabled(on)

    def _grade_value(self, edit: QLineEdit, key: str) -> Any:
        """What a grade field stores: the loaded value when it names the same grade (nothing
        changed), a readable grade the Chinese way, or the text as typed (refused by
        app.settings, with its message)."""
        text = edit.text().strip()
        loaded = self.mcmahon_loaded.get(key)
        rank = rank_value(text)
        if rank is None:
            return text
        if loaded is not None and rank_value(str(loaded)) == rank:
            return loaded
        return grade_name(rank)

    def _kind(self) -> str:
        return (
            EventKind.TEAM
            if "team_format" in self.current.get("pairing", {})
            else EventKind.INDIVIDUAL
        )

    def validate(self) -> str:
        """The reason the changes cannot be stored ("" when they can): `app.settings` decides."""
        for number, at in self.schedule_changes().items():
            if at is not None and parse_schedule_time(at) is None:
                return (
                    f"第{number}轮的开赛时间“{at}”无法识别：请写成 YYYY-MM-DD HH:MM，"
                    "如 2022-10-28 09:00。"
                )
        _before, after = self.changes()
        if not after:
            return ""
        try:
            check_event_settings(self.db, self.event_code(), after)
        except SettingError as exc:
            message, details = error_text(exc)
            return "\n".join([message, *details])
        return ""

    def accept(self) -> None:
        problem = self.validate() or self.tournament.validate()
        if problem:
            self.error.setText(problem)
            self.error.setVisible(True)
            return
        if self.window_saves:  # the window writes every change, in its write queue
            super().accept()
            return
        # The tournament's own settings are stored here (the event's by the window): the
        # same checks and audit entry as `finals settings FILE --set …`.
        try:
            saved = self.tournament.save(self.db, self.operator.text().strip() or self._operator)
        except FinalsError as exc:
            self.error.setText(window_text(exc.window_message))
            self.error.setVisible(True)
            return
        if saved:
            self.tournament_saved = True
            self.tournament.load(tournament_info(self.db))
            ctx = getattr(self.parent(), "ctx", None)
            if ctx is not None and hasattr(ctx, "notify"):
                ctx.notify("settings")  # the title, the documents' heading...
        super().accept()

    # The window writes the changes in its write queue (off its thread) when OK is pressed;
    # without it (a dialog used on its own) OK stores the tournament's settings itself.
    window_saves = False

    def settings_saved(self, after: dict[str, Any]) -> None:
        """The event's settings `after` are on file: they are no longer changes."""
        for key, value in after.items():
            group, _dot, name = key.rpartition(".")
            if group:
                self.current.setdefault(group, {})[name] = value
            else:
                self.current[key] = value

    def schedule_saved(self) -> None:
        """The start times shown are on file: they are no longer changes."""
        for number, at in self.schedule_changes().items():
            self.schedule_loaded[number] = at or ""

    def values(self) -> dict[str, Any]:
        """Every setting shown, as update_event_settings keys."""
        data: dict[str, Any] = {"rounds_planned": self.rounds.value()}
        for key, spin in self.points.items():
            data[f"scoring.{key}"] = spin.value()
        data.update(
            {
                "pairing.system": self.system.currentData(),
                "pairing.first_round": self.first_round.currentData(),
                "pairing.same_unit": self.same_unit.currentData(),
                "pairing.same_unit_rounds": self.same_unit_rounds.value(),
                "pairing.no_three_in_row": self.no_three.isChecked(),
                "pairing.max_colour_surplus": self.surplus.value(),
                **(
                    {"pairing.colour_limits": self.colour_limits.currentData()}
                    if self.colour_limits.currentData() != self.colour_limits_loaded
                    else {}
                ),
                "pairing.last_round_scores_over_colour": self.last_round.isChecked(),
                "pairing.forfeit_counts_as_met": self.forfeit_met.isChecked(),
                "pairing.opening_mode": self.opening_mode.currentData(),
                "pairing.opening_no_repeat": self.opening_no_repeat.isChecked(),
                "pairing.withdraw_after_forfeits": self.withdraw_after.value(),
                **(
                    {"pairing.team_format": self.team_format.currentData()}
                    if self.team_format.isEnabled()
                    else {}
                ),
                **(
                    {
                        "mcmahon.bar": self._grade_value(self.mcmahon_bar, "bar"),
                        "mcmahon.floor": self._grade_value(self.mcmahon_floor, "floor"),
                    }
                    if self.mcmahon_bar.isEnabled()
                    else {}
                ),
                "standings.tiebreaks": [
                    self.tiebreaks.item(i).text()
                    for i in range(self.tiebreaks.count())
                    if self.tiebreaks.item(i).checkState() == Qt.CheckState.Checked
                ],
                "standings.bye_in_sos": self.bye_in_sos.currentData(),
                "standings.forfeit_opponents_count": self.forfeit_opponents.isChecked(),
                "standings.forfeit_wins_count": self.forfeit_wins.isChecked(),
                "standings.ties": self.ties.currentData(),
                "standings.second_mover_by": self.second_mover.currentData(),
                "standings.bye_counts_as_win": self.bye_win.isChecked(),
            }
        )
        return data

    def loaded_values(self) -> dict[str, Any]:
        """The settings as they were when loaded, in the same keys."""
        c = self.current
        data: dict[str, Any] = {"rounds_planned": int(c.get("rounds_planned") or 0)}
        for group in ("scoring", "pairing", "standings", "mcmahon"):
            for key, value in c.get(group, {}).items():
                data[f"{group}.{key}"] = value
        return data

    def changes(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """(before, after) of the settings the arbiter changed."""
        old, new = self.loaded_values(), self.values()
        changed = {k: v for k, v in new.items() if old.get(k) != v}
        return {k: old.get(k) for k in changed}, changed
