"""A McMahon round the program pairs, the program's checker passes (issue 38 §3, issue 44 §2).

200 players, `pairing.system=mcmahon` (OpenGotha's engine, the default), four rounds with
random results: `finals check` used to find colour 违规 in round 3 (差为3, 连续第三局执先手)
in rounds the program had just paired.  The event's settings say what the colour limits
are worth (`pairing.colour_limits`): by default, in a McMahon event paired by OpenGotha's
engine, a preference — OpenGotha's colour balance is a cost, not a limit — so `check` passes
and lists the imbalances as notes naming the setting; set to `absolute`, the engine keeps
them and `check` passes with nothing to note.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.cli.runner import run
from tests.finals import copy_of, demo_copy


@pytest.fixture(scope="module")
def go_master(demo_master: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("mcmahon-colour") / "go.finals"
    demo_copy(demo_master("hangzhou-go", players=200, seed=5, rounds=0), path)
    return path


@pytest.fixture
def go(go_master: Path, tmp_path: Path) -> Path:
    """A fresh copy of a Go final of 200 men before round 1."""
    return copy_of(go_master, tmp_path / "go.finals")


def _play_four_rounds(capsys: pytest.CaptureFixture[str], f: Path, *settings: str) -> None:
    from app.services.results import record_result
    from app.services.tournament import open_tournament

    sets = [a for s in ("pairing.system=mcmahon", *settings) for a in ("--set", s)]
    code, _, err = run(capsys, "settings", str(f), "--event", "MEN", *sets)
    assert code == 0, err
    rng = random.Random(1)
    for rnd in range(1, 5):
        code, out, err = run(capsys, "pair", str(f), "--event", "MEN", "--json")
        assert code == 0, err
        games = json.loads(out)["games"]
        db = open_tournament(f)
        try:
            for g in games:
                if g["second"] is not None:
                    result = rng.choice(["1-0", "0-1"])
                    record_result(db, "MEN", rnd, g["table"], result, None, operator="测试")
        finally:
            db.close()


def test_a_mcmahon_event_paired_by_opengotha_passes_its_own_check(
    capsys: pytest.CaptureFixture[str], go: Path
) -> None:
    _play_four_rounds(capsys, go)
    notes = []
    for rnd in range(1, 5):
        code, out, err = run(capsys, "check", str(go), "--event", "MEN", "--round", str(rnd))
        assert code == 0, out + err
        assert "违规：" not in out
        assert "检查通过" in out
        notes += [line for line in out.splitlines() if line.startswith("提示：")]
    for rnd in range(1, 5):
        code, out, _ = run(capsys, "pairing", str(go), "--event", "MEN", "--round", str(rnd))
        assert code == 0
        assert "放宽的规则：无" in out and "检查结果：未发现违规" in out
        # the report's settings line says which colour rule decided the round
        assert "先后手限制：编排偏好（检查只作提示，不算违规）" in out
    # The imbalances OpenGotha's balance allows are still said, as notes naming the setting.
    assert notes, "four McMahon rounds of 200 players with no third colour in a row?"
    for line in notes:
        assert "pairing.colour_limits=preference" in line and "不算违规" in line, line
    code, out, _ = run(capsys, "check", str(go), "--event", "MEN", "--round", "4", "--json")
    listed = json.loads(out)
    assert listed and {f["level"] for f in listed} == {"note"}
    assert {f["rule"] for f in listed} <= {"colour_row", "colour_surplus"}


def test_colour_limits_set_absolute_are_kept_by_the_engine(
    capsys: pytest.CaptureFixture[str], go: Path
) -> None:
    _play_four_rounds(capsys, go, "pairing.colour_limits=absolute")
    for rnd in range(1, 5):
        code, out, err = run(capsys, "check", str(go), "--event", "MEN", "--round", str(rnd))
        assert code == 0, out + err
        assert "提示：" not in out and "违规：" not in out
        code, out, _ = run(
            capsys, "pairing", str(go), "--event", "MEN", "--round", str(rnd), "--json"
        )
        shown = json.loads(out)
        assert shown["findings"] == [] and shown["colour_notes"] == []
        assert shown["relaxations"] == []
        assert "先后手限制：绝对规则（无法满足时放宽并报告）" in shown["report"]


def test_the_settings_say_which_colour_rule_is_in_force(
    capsys: pytest.CaptureFixture[str], go: Path
) -> None:
    code, out, _ = run(capsys, "settings", str(go), "--event", "MEN")
    assert code == 0
    assert "pairing.colour_limits = absolute" in out  # a Swiss event: RULES §3.4
    assert "编排偏好" not in out
    code, out, _ = run(
        capsys, "settings", str(go), "--event", "MEN", "--set", "pairing.system=mcmahon"
    )
    assert code == 0
    assert "pairing.colour_limits = preference" in out
    assert "注：MEN是麦克马洪制项目，按 OpenGotha 的先后手平衡编排" in out
    assert "--set pairing.colour_limits=absolute" in out
    # The program's earlier swiss engine keeps the limits: absolute by default there.
    code, out, _ = run(
        capsys, "settings", str(go), "--event", "MEN", "--set", "mcmahon.engine=swiss"
    )
    assert code == 0 and "pairing.colour_limits = absolute" in out
    code, out, _ = run(capsys, "settings", str(go), "--event", "MEN", "--json")
    assert json.loads(out)["pairing"]["colour_limits"] == "absolute"
    # A wrong value is refused, naming the key and the values allowed; nothing stored.
    code, _, err = run(
        capsys, "settings", str(go), "--event", "MEN", "--set", "pairing.colour_limits=soft"
    )
    assert code == 1
    assert "pairing.colour_limits" in err and "absolute" in err and "preference" in err
