"""Issue 41 §3: the declared lower bounds are true. `.ci/lower-bounds.txt` pins every lower
bound of pyproject.toml (the program's dependencies and the `test` extra) exactly as declared,
and `.ci/lower_bounds` installs it and runs the fast lane on every CI run; here the two lists
are kept one."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]


def _name(text: str) -> str:
    return re.sub(r"[-_.]+", "-", text).lower()


def _declared() -> dict[str, Version]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    lowest: dict[str, Version] = {}
    for line in [*project["dependencies"], *project["optional-dependencies"]["test"]]:
        wanted = Requirement(line)
        bounds = [Version(s.version) for s in wanted.specifier if s.operator == ">="]
        assert bounds, f"{line}: no lower bound declared"
        lowest[_name(wanted.name)] = bounds[0]
        for extra in wanted.extras:  # psycopg[binary]: psycopg-binary at the same version
            lowest[_name(f"{wanted.name}-{extra}")] = bounds[0]
    return lowest


def _pinned() -> dict[str, Version]:
    pins = {}
    for line in (ROOT / ".ci" / "lower-bounds.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            pins[_name(name)] = Version(version)
    return pins


def test_the_lower_bounds_ci_installs_are_the_declared_ones() -> None:
    assert _pinned() == _declared()


def test_sqlalchemy_is_bounded_where_it_maps_the_models() -> None:
    # 2.0.0 to 2.0.32 cannot map Mapped[list[Any]]: every command failed at start
    assert _declared()["sqlalchemy"] >= Version("2.0.33")


def test_the_developer_tools_are_not_what_the_tests_need() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    test = {_name(Requirement(r).name) for r in extras["test"]}
    assert not test & {"ruff", "mypy", "import-linter"}
    dev = [Requirement(r) for r in extras["dev"]]
    assert any(r.name == "finals-manager" and r.extras == {"test"} for r in dev)
    build = [Requirement(r) for r in extras["build"]]
    assert [(_name(r.name), [s.operator for s in r.specifier]) for r in build] == [
        ("pyinstaller", ["=="])
    ]
