"""Settings are one typed, validated object (issue 11, case 7).

The schema (`app.settings`) covers exactly the keys the program reads; every bad value of
every key is refused with nothing stored; every good value round-trips; every preset value
passes; a stored bad value gives a message with the command that fixes it.
"""

from __future__ import annotations

import math
import re
import subprocess
import sys
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from app.domain import Scoring
from app.errors import FinalsError
from app.pairing.model import PairingSettings
from app.presets import load_preset, preset_names
from app.services.tournament import (
    create_tournament,
    event_settings,
    set_tournament_fields,
    tournament_info,
    update_event_settings,
)
from app.settings import (
    EVENT_SETTINGS,
    INTERNAL_KEYS,
    TOURNAMENT_FIELDS,
    TOURNAMENT_SETTINGS,
    Eligibility,
    Setting,
    SettingError,
    StoredEvent,
    apply_event_changes,
    event_problems,
    preset_events,
    preset_problems,
    read_event_settings,
    tiebreak_names,
    tournament_problems,
)
from app.standings.model import StandingsSettings

ROOT = Path(__file__).resolve().parents[2]
EVENT_FOR_KIND = {"individual": "MEN", "team": "MTEAM", "pair": "PCPAIR"}


# -- the schema is the program's --------------------------------------------------------------


def test_the_schema_holds_every_field_of_the_typed_settings() -> None:
    def keys(group: str) -> set[str]:
        return {k.partition(".")[2] for k in EVENT_SETTINGS if k.startswith(f"{group}.")}

    assert keys("scoring") == {f.name for f in fields(Scoring)}
    assert keys("pairing") == {f.name for f in fields(PairingSettings)} | {
        "withdraw_after_forfeits",
        "team_format",
    }
    assert keys("standings") == {f.name for f in fields(StandingsSettings)} | {
        "best_of",
        "grades_include_held",
    }
    assert keys("eligibility") == {f.name for f in fields(Eligibility)}


def test_every_key_the_program_reads_is_in_the_schema() -> None:
    """A grep of the sources: a setting read with .get("key") must be a known key."""
    known = {
        k.rpartition(".")[2]
        for k in (*EVENT_SETTINGS, *TOURNAMENT_SETTINGS, *TOURNAMENT_FIELDS, *INTERNAL_KEYS)
    }
    groups = {
        "scoring",
        "pairing",
        "standings",
        "eligibility",
        "settings",
        "certificate",
        "mcmahon",
    }
    pattern = re.compile(
        r"\b(?:elig(?:ibility)?|pairing|standings|scoring|settings|certificate)"
        r'\b[^\n:]{0,30}?\.get\("([a-z_]+)"'
    )
    found: dict[str, str] = {}
    for folder in ("app", "reports", "ui"):
        for path in (ROOT / folder).rglob("*.py"):
            if path.is_relative_to(ROOT / "app" / "settings"):
                continue
            for match in pattern.finditer(path.read_text(encoding="utf-8")):
                found.setdefault(match.group(1), str(path.relative_to(ROOT)))
    unknown = {k: where for k, where in found.items() if k not in known | groups}
    assert not unknown, f"settings read but not declared in app/settings/: {unknown}"
    assert {"team_size", "opening_mode"} <= set(found)  # the scan finds what is read raw


def test_the_schema_module_is_pure() -> None:
    code = "import sys, app.settings; print(sorted(m for m in ('sqlalchemy', 'PySide6', 'app.store') if m in sys.modules))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, encoding="utf-8", check=True, cwd=ROOT
    ).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("name", preset_names())
def test_every_preset_value_passes(name: str) -> None:
    preset = load_preset(name)
    assert preset_problems(preset) == []
    for event in preset_events(preset):
        read_event_settings(event)  # typed without complaint


def test_a_preset_with_a_bad_value_is_refused_before_a_file_is_made(
    tmp_path: Path, monkeypatch
) -> None:  # noqa: ANN001
    import app.services.tournament as tournament

    preset = load_preset("hangzhou-go")
    preset["events"][0]["pairing"]["max_colour_surplus"] = "two"
    monkeypatch.setattr(tournament, "load_preset", lambda _name: preset)
    with pytest.raises(FinalsError) as caught:
        create_tournament(tmp_path / "x.finals", "hangzhou-go")
    assert "pairing.max_colour_surplus" in str(caught.value) and "MEN" in str(caught.value)
    assert not (tmp_path / "x.finals").exists()


# -- the pure checks -------------------------------------------------------------------------------


def _event(kind: str = "individual", **groups: Any) -> StoredEvent:
    return StoredEvent(code="E", name="项目", kind=kind, rounds_planned=9, **groups)


def test_a_team_match_may_keep_the_sum_models_tiebreaks() -> None:
    stored = _event(
        "team",
        pairing={"team_format": "match"},
        standings={"tiebreaks": ["队员对手分", "队员累进分", "最好名次"]},
    )
    assert event_problems(stored) == []
    assert read_event_settings(stored).standings.tiebreaks == ("board_points", "sos", "direct")


def test_a_lot_gets_its_recorded_seed_when_set() -> None:
    after = apply_event_changes(_event(), {"standings.tiebreaks": ["对手分", "抽签"]})
    assert isinstance(after.standings["lot_seed"], int)
    assert event_problems(after) == []


def test_a_stored_bad_value_names_the_event_key_and_fix() -> None:
    stored = _event(pairing={"max_colour_surplus": "two"})
    with pytest.raises(SettingError) as caught:
        read_event_settings(stored, ("pairing",), "final.finals")
    text = str(caught.value)
    assert "E（项目）" in text and "pairing.max_colour_surplus" in text and "1 到 9" in text
    assert "finals settings final.finals --event E --set pairing.max_colour_surplus=2" in text
    read_event_settings(stored, ("standings", "scoring"))  # a reader of other keys is not stopped


def test_a_file_name_with_spaces_is_quoted_in_the_fix() -> None:
    with pytest.raises(SettingError, match='finals settings "my final.finals" --event E'):
        read_event_settings(_event(pairing={"system": "bogus"}), (), "my final.finals")


# -- properties: every key, bad values refused with nothing stored, good values round-trip -----


@pytest.fixture(scope="module")
def go_db(tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN201
    db = create_tournament(
        tmp_path_factory.mktemp("props") / "go.finals", "hangzhou-go", operator="测试裁判"
    )
    yield db
    db.close()


NOT_SCALARS = st.one_of(
    st.lists(st.integers(), max_size=2),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=1),
)


def _bad_values(spec: Setting, code: str) -> st.SearchStrategy[Any]:
    none = st.nothing() if spec.optional else st.none()
    words = st.text(min_size=1, max_size=8)
    if spec.type in ("int", "float"):
        assert spec.minimum is not None and spec.maximum is not None
        out = st.one_of(
            st.integers(max_value=int(spec.minimum) - 1),
            st.integers(min_value=int(spec.maximum) + 1),
            st.floats(min_value=spec.maximum + 0.5, allow_nan=False),
            st.sampled_from([math.nan, math.inf, -math.inf]),
            st.booleans(),
            words.filter(lambda w: not re.fullmatch(r"\s*[+-]?\d+(\.\d*)?\s*", w)),
            none,
            NOT_SCALARS,
        )
        if spec.type == "int":
            out = st.one_of(
                out,
                st.floats(min_value=spec.minimum, max_value=spec.maximum).filter(
                    lambda x: not float(x).is_integer()
                ),
            )
        return out
    if spec.type == "bool":
        return st.one_of(st.integers(), words, none, NOT_SCALARS)
    if spec.type == "choice":
        return st.one_of(
            words.filter(lambda w: w not in spec.values), st.integers(), st.booleans(), none
        )
    if spec.type == "tiebreaks":
        names = tiebreak_names("team" if code == "MTEAM" else "individual")
        unknown = words.filter(lambda w: w not in names)
        return st.one_of(
            st.tuples(st.lists(st.sampled_from(names), max_size=3), unknown).map(
                lambda t: [*t[0], t[1]]
            ),
            st.sampled_from(names).map(lambda n: [n, n]),
            words,
            st.integers(),
            st.lists(st.integers(), min_size=1, max_size=2),
        )
    if spec.type == "date":
        return st.one_of(
            words.filter(lambda w: not re.fullmatch(r"\d{4}-\d{2}-\d{2}", w)),
            st.sampled_from(["2022-02-30", "2022-13-01", "22-01-01"]),
            st.integers(),
        )
    if spec.type == "grade":
        return st.one_of(st.sampled_from(["大师", "0段", "十一", "5", "dan"]), st.integers())
    if spec.type == "names":
        return st.one_of(
            words,
            st.integers(),
            none,
            st.lists(st.sampled_from(["", " ", "外\n卡", "外\u200b卡", 3]), min_size=1),
        )
    raise AssertionError(spec.type)


def _good_values(spec: Setting, code: str) -> st.SearchStrategy[Any]:
    maybe_none = st.none() if spec.optional else st.nothing()
    if spec.key == "rounds_planned":
        return st.integers(0, 99)
    if spec.key == "eligibility.team_max":
        return st.one_of(st.integers(3, 20), st.none())  # the event has 3 players a team
    if spec.key == "standings.best_of":
        return st.one_of(st.integers(1, 3), st.none())
    if spec.key == "eligibility.team_size":
        return st.one_of(st.integers(1, 20), st.none())
    if spec.key == "eligibility.exclusive_with":  # the other individual events' codes
        return st.lists(st.sampled_from(["YOUTH"]), unique=True, max_size=1)
    # McMahon: individual events only; the bar above the floor (defaults 5段 and 20级)
    if spec.key == "pairing.system" and code != EVENT_FOR_KIND["individual"]:
        return st.sampled_from([v for v in spec.values if v != "mcmahon"])
    if spec.key == "mcmahon.bar":
        return st.sampled_from(["5段", "初段", "九段", "3d", "1级", "19级"])
    if spec.key == "mcmahon.floor":
        return st.sampled_from(["20级", "10级", "30k", "1级", "二十五级"])
    if spec.key == "mcmahon.zero":  # at or below the floor (default 20级)
        return st.sampled_from(["30级", "30k", "25级", "20级", None])
    if spec.type == "int":
        assert spec.minimum is not None and spec.maximum is not None
        return st.one_of(st.integers(int(spec.minimum), int(spec.maximum)), maybe_none)
    if spec.type == "float":
        assert spec.minimum is not None and spec.maximum is not None
        return st.floats(spec.minimum, spec.maximum, allow_nan=False).map(lambda x: round(x, 2))
    if spec.type == "bool":
        return st.booleans()
    if spec.type == "choice":
        return st.one_of(st.sampled_from(spec.values), maybe_none)
    if spec.type == "tiebreaks":
        names = tiebreak_names("team" if code == "MTEAM" else "individual")
        return st.lists(st.sampled_from(names), unique=True, max_size=5)
    if spec.type == "date":
        return st.one_of(st.dates().map(lambda d: d.isoformat()), st.none())
    if spec.type == "grade":
        return st.one_of(st.sampled_from(["1级", "5段", "初段", "10级", "九段", "3d"]), st.none())
    if spec.type == "names":
        return st.lists(st.sampled_from(["外卡", "推荐", "特邀"]), unique=True, max_size=3)
    raise AssertionError(spec.type)


def _cases(good: bool) -> st.SearchStrategy[tuple[str, str, Any]]:
    cases = []
    for key, spec in EVENT_SETTINGS.items():
        for kind in spec.kinds:
            code = EVENT_FOR_KIND[kind]
            values = _good_values(spec, code) if good else _bad_values(spec, code)
            cases.append(st.tuples(st.just(code), st.just(key), values))
    return st.one_of(cases)


def _snapshot(db: Any, code: str) -> tuple[Any, int | None]:
    return event_settings(db, code), db.revision()  # every committed change bumps it


@hsettings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=_cases(good=False))
def test_every_bad_value_of_every_key_is_refused_and_nothing_stored(go_db, case) -> None:  # noqa: ANN001
    code, key, value = case
    before = _snapshot(go_db, code)
    with pytest.raises(SettingError) as caught:
        update_event_settings(go_db, code, {key: value})
    message = str(caught.value)
    assert key in message and re.search(r"[\u4e00-\u9fff]", message)
    assert _snapshot(go_db, code) == before


def _shown(settings: dict[str, Any], key: str) -> Any:
    group, _, name = key.partition(".")
    return settings[group] if not name else settings[group].get(name)


@hsettings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=_cases(good=True))
def test_every_good_value_of_every_key_round_trips(go_db, case) -> None:  # noqa: ANN001
    code, key, value = case
    old = event_settings(go_db, code)
    stored = update_event_settings(go_db, code, {key: value})
    assert isinstance(stored, StoredEvent) and stored.code == code
    shown = _shown(event_settings(go_db, code), key)
    if key == "standings.tiebreaks" and code == "MTEAM":
        assert shown == value
    elif value is None:
        assert shown is None or shown == EVENT_SETTINGS[key].default
    else:
        assert shown == (list(value) if isinstance(value, tuple) else value)
    update_event_settings(go_db, code, {key: _shown(old, key)})  # put it back


TOURNAMENT_BAD = {
    "prize_split": st.one_of(
        st.text(max_size=6).filter(lambda w: w not in ("equal", "tiebreak")),
        st.integers(),
        st.none(),
    ),
    "backups_keep": st.one_of(
        st.integers(max_value=-1),
        st.integers(min_value=1001),
        st.text(max_size=4),
        st.floats(0.5, 9.5).filter(lambda x: not x.is_integer()),
        st.booleans(),
    ),
    "komi": st.one_of(
        st.integers(), st.sampled_from(["", " ", "a\x00b", "三又四分之三", "3又5/4子"])
    ),
    "draws": st.sampled_from(["no", "yes", True, 1, None]),
    "certificate.per_member": st.sampled_from(["maybe", 3, None]),
    "certificate.issuer": st.one_of(st.integers(), st.sampled_from(["", "x\ny"])),
    "remote_entry_url": st.sampled_from(["phone", "ftp://x", "http:// x", "", 3]),
    "title": st.one_of(st.none(), st.integers(), st.sampled_from(["", "  ", "a\tb"])),
    "start_date": st.sampled_from(["2022-02-30", "2022/10/27", "tomorrow", 20221027]),
    "organisers": st.one_of(
        st.text(max_size=3), st.lists(st.sampled_from(["", "a\nb", 3]), min_size=1)
    ),
    "prize_splt": st.just("tiebreak"),
    "rounds_planned": st.integers(-5, 20),
}


@hsettings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.one_of([st.tuples(st.just(k), v) for k, v in TOURNAMENT_BAD.items()]))
def test_bad_tournament_settings_are_refused_and_nothing_stored(go_db, case) -> None:  # noqa: ANN001
    key, value = case
    before = tournament_info(go_db), go_db.revision()
    with pytest.raises(SettingError) as caught:
        set_tournament_fields(go_db, {key: value})
    assert key in str(caught.value)
    assert (tournament_info(go_db), go_db.revision()) == before


@hsettings(max_examples=60, deadline=None)
@given(
    keep=st.integers(0, 1000),
    split=st.sampled_from(["equal", "tiebreak"]),
    komi=st.one_of(
        st.builds(
            "{}又{}/4{}".format,
            st.integers(0, 9),
            st.integers(1, 3),
            st.sampled_from(["子", "目", ""]),
        ),
        st.sampled_from(["7.5目", "6.5", "3¾子", "６目", "黑贴3又3/4子"]),
    ),
)
def test_good_tournament_settings_round_trip(go_db, keep: int, split: str, komi: str) -> None:  # noqa: ANN001
    from app.services.tournament import tournament_settings

    assert not tournament_problems({"komi": komi})
    set_tournament_fields(go_db, {"backups_keep": keep, "prize_split": split, "komi": komi})
    typed = tournament_settings(go_db)
    assert (typed.backups_keep, typed.prize_split, typed.komi) == (keep, split, komi)


def test_the_backup_count_is_read_typed(tmp_path: Path) -> None:
    """What app/services/backup.py calls: strict names the fix; lenient falls back to 20."""
    import sqlite3

    from app.services.tournament import tournament_settings

    db = create_tournament(tmp_path / "t.finals", "hangzhou-go")
    try:
        set_tournament_fields(db, {"backups_keep": 5})
        assert tournament_settings(db, ("backups_keep",)).backups_keep == 5
        conn = sqlite3.connect(db.path)
        with conn:
            conn.execute(
                "UPDATE tournament SET settings = json_set(settings, '$.backups_keep', -3)"
            )
        conn.close()
        with pytest.raises(SettingError, match=r"--set backups_keep=20"):
            tournament_settings(db, ("backups_keep",))
        assert tournament_settings(db, ("prize_split",)).prize_split == "equal"  # not blocked
        assert tournament_settings(db, strict=False).backups_keep == 20
    finally:
        db.close()
