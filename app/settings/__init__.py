"""Settings: one typed, validated object per event and per tournament.

Every key the program reads is declared once, in `app.settings.schema` (`EVENT_SETTINGS`,
`TOURNAMENT_SETTINGS`, `TOURNAMENT_FIELDS`), with its type, its allowed values or range,
its default and the kinds of event it applies to.  A change is checked whole before
anything is stored: an unknown key, a value of the wrong type, an unknown name (a
tie-break, a pairing system) or an impossible number is refused with a Chinese message
that names the key and what it allows (`SettingError`).

A file written by an older version may already hold a bad value.  It still opens: reading
is lenient (`event_settings_lenient`), and a reader that needs the bad key gets a
`SettingError` naming the event, the key, the allowed values and the `finals settings`
command that fixes it (`read_event_settings`, `read_tournament_settings`).

Modules: `schema` (the keys and the check of one value), `events` (an event's typed
settings), `tournament` (the tournament's).  Pure: no store, no SQL, no Qt; the services
(`app.services.tournament`, `app.services.snapshots`) apply it to what the store holds.
"""

from __future__ import annotations

from app.settings.events import (
    Eligibility,
    EventSettings,
    StoredEvent,
    apply_event_changes,
    colour_rule_note,
    default_tiebreaks,
    default_value,
    event_code_problems,
    event_keys,
    event_problems,
    event_settings_lenient,
    forfeit_rule_note,
    lot_seed_for,
    preset_events,
    preset_problems,
    read_event_settings,
    stored_event_error,
    team_format_of,
)
from app.settings.komi import Komi, parse_komi
from app.settings.schema import (
    EVENT_SETTINGS,
    GROUPS,
    INDIVIDUAL_TIEBREAKS,
    INTERNAL_KEYS,
    KIND_NAMES,
    KINDS,
    MAX_TEXT,
    POINTS_RANGE,
    TEAM_MATCH_TIEBREAKS,
    TOURNAMENT_FIELDS,
    TOURNAMENT_SETTINGS,
    DrawRule,
    EventKind,
    Gender,
    IneligiblePrizes,
    PairRule,
    PrizeSplit,
    Problem,
    Setting,
    SettingError,
    TeamFormat,
    ValueType,
    change_error,
    check_value,
    fix_command,
    parse_text,
    similar,
    tiebreak_names,
    unknown_key,
    value_text,
)
from app.settings.tournament import (
    Certificate,
    TournamentSettings,
    apply_tournament_changes,
    flat_tournament_settings,
    nest_tournament_settings,
    read_tournament_settings,
    tournament_problems,
    tournament_settings_lenient,
)

__all__ = [
    "Certificate",
    "DrawRule",
    "EVENT_SETTINGS",
    "Eligibility",
    "EventKind",
    "EventSettings",
    "GROUPS",
    "Gender",
    "Komi",
    "INDIVIDUAL_TIEBREAKS",
    "INTERNAL_KEYS",
    "KINDS",
    "KIND_NAMES",
    "MAX_TEXT",
    "POINTS_RANGE",
    "PairRule",
    "PrizeSplit",
    "IneligiblePrizes",
    "Problem",
    "Setting",
    "SettingError",
    "StoredEvent",
    "TEAM_MATCH_TIEBREAKS",
    "TOURNAMENT_FIELDS",
    "TOURNAMENT_SETTINGS",
    "TeamFormat",
    "TournamentSettings",
    "ValueType",
    "apply_event_changes",
    "apply_tournament_changes",
    "change_error",
    "colour_rule_note",
    "check_value",
    "default_tiebreaks",
    "default_value",
    "event_code_problems",
    "event_keys",
    "event_problems",
    "event_settings_lenient",
    "fix_command",
    "forfeit_rule_note",
    "flat_tournament_settings",
    "lot_seed_for",
    "nest_tournament_settings",
    "parse_komi",
    "parse_text",
    "preset_events",
    "preset_problems",
    "read_event_settings",
    "read_tournament_settings",
    "similar",
    "stored_event_error",
    "team_format_of",
    "tiebreak_names",
    "tournament_problems",
    "tournament_settings_lenient",
    "unknown_key",
    "value_text",
]
