"""Fixtures shared by the whole suite: fresh tournament files in a temporary folder.

Nothing here imports the store or Qt at module level: a pure test file starts without them
(they are imported by the fixtures that need them)."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.finals import demo_copy

if TYPE_CHECKING:
    from app.store.database import Database

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

TESTS = Path(__file__).resolve().parent


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """Benchmarks (tests/bench) run once as plain, untimed tests unless `--benchmark-enable`
    is given. Set here, not as `--benchmark-disable` in pyproject's addopts: a pytest without
    pytest-benchmark would stop there on an unknown option."""
    if config.pluginmanager.hasplugin("benchmark"):
        config.option.benchmark_disable = True


# The lanes (markers registered in pyproject.toml). `pytest -m "not slow"` is the fast lane a
# developer runs every few minutes (about a minute); CI runs everything.
SLOW_FOLDERS = {"bench", "stations"}  # benchmarks; three stations on a 360-player final
SLOW_FILES = {
    # the long tests: a big final built or played through, a wheel built, the GUI soaked
    "test_packaging.py",
    "test_never_freezes.py",
    "test_language_switch_handover.py",
    "test_results_own_writes.py",
    "test_window_soak.py",
    "test_query_counts.py",
    "test_bad_arguments.py",
    "test_pytest_setup.py",
    "test_process_exit.py",
}
# A test that needs a whole demo final built (the session's master: seconds per shape).
SLOW_FIXTURES = {"demo_master"}
# The tests measured at SLOW_SECONDS or more (tests/slow_list.py keeps the list).
MEASURED_SLOW = TESTS / "slow_tests.txt"


def measured_slow() -> frozenset[str]:
    if not MEASURED_SLOW.is_file():
        return frozenset()
    lines = MEASURED_SLOW.read_text(encoding="utf-8").splitlines()
    return frozenset(line for line in lines if line and not line.startswith("#"))


def _lanes(item: pytest.Item, slow_ids: frozenset[str]) -> set[str]:
    path = Path(str(item.path))
    try:
        parts = path.relative_to(TESTS).parts
    except ValueError:
        return set()
    names = set(getattr(item, "fixturenames", ()))
    lanes = set()
    if parts[0] == "ui" or "qtbot" in names:
        lanes.add("gui")
    callspec = getattr(item, "callspec", None)
    on_server = callspec is not None and callspec.params.get("store_kind") == "server"
    if on_server or names & {"server_url", "postgres_server"}:
        lanes.add("postgres")
    # a chromium test says so in the skipif that guards it (tests/web/webdriver.py)
    if any("chromium" in str(m.kwargs.get("reason", "")) for m in item.iter_markers("skipif")):
        lanes.add("browser")
    if (
        parts[0] in SLOW_FOLDERS
        or path.name in SLOW_FILES
        or names & SLOW_FIXTURES
        or item.nodeid in slow_ids
        or lanes & {"postgres", "browser"}
    ):
        lanes.add("slow")
    return lanes


def _worker_group(item: pytest.Item, lanes: set[str]) -> str | None:
    """Under `-n auto --dist loadgroup`, the tests that run in one worker, one after another:
    those on the PostgreSQL server and in chromium (as in a single process), and the
    benchmarks (they share the session's 360-player masters, built once, not once a worker)."""
    if lanes & {"postgres", "browser"}:
        return "server"
    if Path(str(item.path)).parent.name in SLOW_FOLDERS:
        return "long-finals"
    return None


# Before pytest-xdist's own hook reads the `xdist_group` marks (`--dist loadgroup`).
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    slow_ids = measured_slow()
    for item in items:
        lanes = _lanes(item, slow_ids)
        for lane in sorted(lanes):
            item.add_marker(lane)
        group = _worker_group(item, lanes)
        if group:
            item.add_marker(pytest.mark.xdist_group(group))
    if config.pluginmanager.hasplugin("benchmark"):
        return
    skip = pytest.mark.skip(reason="pytest-benchmark is not installed (pip install -e '.[test]')")
    for item in items:
        if "benchmark" in getattr(item, "fixturenames", ()):
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _user_data_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The user's data folder (the demo, crash logs, server backups, the window's
    preferences) is the test's own, never the real one of whoever runs the tests, nor one
    another test wrote in."""
    monkeypatch.setenv("FINALS_DATA_DIR", str(tmp_path_factory.mktemp("user-data")))


@pytest.fixture(autouse=True)
def _message_boxes_never_wait(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    """Offscreen, a message box no test expected would wait forever for a click (and CI for
    its time limit): it closes at once, and the test fails with its text. A test that has
    no Qt (neither imported yet nor asked for) cannot show one: Qt is not imported for it."""
    if "PySide6.QtWidgets" not in sys.modules and not (
        "qtbot" in request.fixturenames or "gui" in request.keywords
    ):
        yield
        return
    from PySide6.QtWidgets import QMessageBox

    shown: list[str] = []

    def close_at_once(box: QMessageBox) -> int:
        shown.append(f"{box.text()} {box.informativeText()}".strip())
        return int(QMessageBox.StandardButton.Ok.value)

    monkeypatch.setattr(QMessageBox, "exec", close_at_once)
    yield
    if shown:
        pytest.fail("a message box nobody expected: " + " | ".join(shown))


@pytest.fixture
def gomoku(store_target: Callable[[str], Path | str]) -> Database:
    from app.services.tournament import create_tournament

    db = create_tournament(store_target("gomoku"), "shaoxing-gomoku-2022", operator="测试裁判")
    yield db
    db.close()


@pytest.fixture(scope="session")
def demo_master(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., Path]:
    """`demo_master(preset, **options)`: the demo final `build_demo(path, preset, **options)`
    built once for the whole session (with the backups it took). A test never changes it:
    it takes a copy, `demo_copy(master, target)` (tests/finals.py)."""
    built: dict[tuple[str, tuple[tuple[str, Any], ...]], Path] = {}

    def master(preset: str, **options: Any) -> Path:
        key = (preset, tuple(sorted(options.items())))
        if key not in built:
            from app.demo import build_demo

            path = tmp_path_factory.mktemp("demo-master") / "demo.finals"
            build_demo(path, preset, **options)
            built[key] = path
        return built[key]

    return master


@pytest.fixture
def built_demo(demo_master: Callable[..., Path]) -> Callable[..., Path]:
    """`built_demo(target, preset, **options)`: what `build_demo(target, preset, **options)` leaves
    (the final and its backups), copied from the session's master."""

    def build(target: Path, preset: str, **options: Any) -> Path:
        return demo_copy(demo_master(preset, **options), Path(target))

    return build


GO_DEMO = {"players": 40, "seed": 7, "rounds": 2}


@pytest.fixture
def go_demo(
    store_target: Callable[[str], Path | str],
    store_kind: str,
    demo_master: Callable[..., Path],
) -> Path | str:
    """The Go demo final, two rounds played: a file (or a server's URL, see `store_kind`)."""
    target = store_target("go")
    if store_kind == "server":
        from app.demo import build_demo

        build_demo(target, "hangzhou-go", **GO_DEMO)
        return target
    assert isinstance(target, Path)
    return demo_copy(demo_master("hangzhou-go", **GO_DEMO), target)


# --- the stores: a tournament file, and a final on a PostgreSQL server ------------------------
# Services and store tests that take `store_kind` run on both. CI starts a server and names it
# in FINALS_TEST_POSTGRES (a URL whose user may create databases); otherwise a throw-away
# cluster is started in a temporary folder when PostgreSQL is installed, and the server's runs
# are skipped when it is not (CI sets FINALS_REQUIRE_POSTGRES=1: a missing server fails there).


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    configured = os.environ.get("FINALS_TEST_POSTGRES")
    if configured:
        yield configured
        return
    import shutil
    import tempfile

    from tests import pg_cluster

    # Not under pytest's own temporary folders: those are private to root, and the server
    # runs as the `postgres` user when the tests run as root.
    folder = Path(tempfile.mkdtemp(prefix="finals-postgres-"))
    try:
        url = pg_cluster.start(folder)
    except (RuntimeError, OSError, subprocess.CalledProcessError) as error:
        said = getattr(error, "stderr", b"") or b""
        message = f"no PostgreSQL server for the tests: {error} {said.decode(errors='replace')}"
        if os.environ.get("FINALS_REQUIRE_POSTGRES"):
            pytest.fail(message)
        pytest.skip(message)
    try:
        yield url
    finally:
        pg_cluster.stop(folder)
        shutil.rmtree(folder, ignore_errors=True)


_databases = itertools.count(1)


@pytest.fixture
def server_url(
    postgres_server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[str]:
    """The URL of a new, empty database on the test server (dropped afterwards); its backups
    go to the test's temporary folder."""
    import psycopg
    from sqlalchemy.engine import make_url

    monkeypatch.setenv("FINALS_BACKUP_DIR", str(tmp_path / "server-backups"))
    name = f"finals_test_{os.getpid()}_{next(_databases)}"
    admin = make_url(postgres_server)
    with psycopg.connect(
        admin.set(drivername="postgresql").render_as_string(hide_password=False), autocommit=True
    ) as conn:
        conn.execute(f'CREATE DATABASE "{name}" TEMPLATE template0 ENCODING UTF8 LOCALE "C"')
    url = admin.set(database=name).render_as_string(hide_password=False)
    yield url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(
        admin.set(drivername="postgresql").render_as_string(hide_password=False), autocommit=True
    ) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def store_kind(request: pytest.FixtureRequest) -> str:
    """ "file" unless a folder's conftest parametrizes it (indirectly) with "server" too."""
    return str(getattr(request, "param", "file"))


@pytest.fixture
def store_target(
    request: pytest.FixtureRequest, tmp_path: Path, store_kind: str
) -> Callable[[str], Path | str]:
    """Where a test's new final goes: `store_target("gomoku")` is a new file in tmp_path, or
    (for `store_kind == "server"`) the URL of a new empty database."""
    kind = store_kind

    def target(stem: str) -> Path | str:
        if kind == "server":
            return str(request.getfixturevalue("server_url"))
        return tmp_path / f"{stem}.finals"

    return target
