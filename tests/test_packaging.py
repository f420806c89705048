"""The package installs as a package (issue 24 §3).

A wheel built from this checkout, installed with its dependencies into a fresh venv (from the
index pip is configured with), runs from another folder: it finds its presets, fonts,
certificate wording, translations and phone pages, makes a final and prints a PDF with the
bundled fonts embedded. The build and the venv are made once per session (about a minute).

Skipped only when pip cannot reach its index for the dependencies (a machine with no
network and no mirror); CI sets FINALS_REQUIRE_WHEEL=1 and it never skips there.
`pytest -m "not wheel"` leaves it out.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from importlib.metadata import version
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.wheel

# what pip says when it cannot reach an index or find a release there
OFFLINE = (
    "No matching distribution found",
    "Could not find a version that satisfies",
    "NewConnectionError",
    "Network is unreachable",
    "Temporary failure in name resolution",
    "Failed to establish a new connection",
)
# in a checkout's resources/ but not the program's: the translators' script, caches
NOT_SHIPPED = ("update_translations.py",)


def _pip(args: list[str], what: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pip", "--disable-pip-version-check", *args],
        capture_output=True,
        encoding="utf-8",
        timeout=600,
    )
    if done.returncode == 0:
        return
    said = f"{done.stdout}\n{done.stderr}"
    if any(sign in said for sign in OFFLINE) and not os.environ.get("FINALS_REQUIRE_WHEEL"):
        pytest.skip(f"pip cannot reach its index to {what}: {said[-500:]}")
    pytest.fail(f"pip could not {what}:\n{said}")


def _setuptools_builds_offline() -> bool:
    """setuptools >= 77 (SPDX licences) is in this venv (the `test` extra brings it): the
    wheel is built without build isolation, with no index at all."""
    try:
        return int(version("setuptools").split(".")[0]) >= 77
    except Exception:
        return False


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # a copy of the sources: no build/ left in the checkout, and none of it read from there
    source = tmp_path_factory.mktemp("wheel-source") / "finals-manager"
    shutil.copytree(
        REPO,
        source,
        ignore=shutil.ignore_patterns(
            ".venv*", ".git", "build", "dist", "*.egg-info", "__pycache__", "*.pyc",
            ".*_cache", ".benchmarks", "tests", "*.finals", "backups",
        ),
    )  # fmt: skip
    out = tmp_path_factory.mktemp("wheelhouse")
    isolation = ["--no-build-isolation"] if _setuptools_builds_offline() else []
    _pip(["wheel", "--no-deps", *isolation, "-w", str(out), str(source)], "build the wheel")
    (built,) = out.glob("finals_manager-*.whl")
    return built


def _bin(venv: Path, name: str) -> Path:
    if sys.platform == "win32":
        return venv / "Scripts" / f"{name}.exe"
    return venv / "bin" / name


@pytest.fixture(scope="session")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the wheel and its dependencies, nothing of this checkout's."""
    venv = tmp_path_factory.mktemp("installed") / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = _bin(venv, "python")
    _pip(["--python", str(python), "install", "--no-compile", str(wheel)], "install the wheel")
    return venv


@pytest.fixture
def user_folder(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """Another folder to run in (not the checkout), and an environment with nothing of it."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["FINALS_DATA_DIR"] = str(tmp_path / "user-data")
    env["QT_QPA_PLATFORM"] = "offscreen"
    env["PYTHONIOENCODING"] = "utf-8"
    folder = tmp_path / "比赛"
    folder.mkdir()
    return folder, env


def _run(venv: Path, where: tuple[Path, dict[str, str]], *argv: str) -> str:
    folder, env = where
    done = subprocess.run(
        [str(_bin(venv, argv[0])), *argv[1:]],
        cwd=folder,
        env=env,
        capture_output=True,
        encoding="utf-8",
        timeout=180,
    )
    assert done.returncode == 0, f"{argv}: {done.stdout}\n{done.stderr}"
    return done.stdout


def test_the_wheel_carries_every_resource_and_the_licences(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        (info,) = {name.split("/")[0] for name in names if ".dist-info/" in name}
        metadata = archive.read(f"{info}/METADATA").decode("utf-8")
        entry_points = archive.read(f"{info}/entry_points.txt").decode("utf-8")
    in_checkout = {
        path.relative_to(REPO).as_posix()
        for path in (REPO / "resources").rglob("*")
        if path.is_file()
        and "__pycache__" not in path.parts
        and path.suffix != ".pyc"
        and path.name not in NOT_SHIPPED
    }
    assert {
        "resources/fonts/wqy-microhei.ttc",
        "resources/fonts/LXGWWenKai-Regular.ttf",
        "resources/presets/hangzhou-go.json",
        "resources/presets/shaoxing-gomoku-2022.json",
        "resources/translations/finals_zh_CN.qm",
        "resources/web/table.html",
        "resources/certificate/prize.txt",
        "resources/icons/finals.png",
    } <= in_checkout
    shipped = {name for name in names if name.startswith("resources/")}
    assert shipped == in_checkout
    assert {
        f"{info}/licenses/LICENSE",
        f"{info}/licenses/resources/fonts/LXGWWenKai.LICENSE.txt",
        f"{info}/licenses/resources/fonts/wqy-microhei.LICENSE.txt",
        f"{info}/licenses/resources/fonts/FinalsKaiExt.LICENSE.txt",
    } <= names
    assert "License-Expression: MIT AND OFL-1.1 AND OGDL-Taiwan-1.0 AND (Apache-2.0" in metadata
    assert "[gui_scripts]\nfinals-gui = ui.main:run" in entry_points
    assert "[console_scripts]\nfinals = app.cli.main:run" in entry_points
    assert not any(name.startswith("tests/") for name in names)


def test_the_installed_program_makes_a_final_and_prints_it_from_another_folder(
    installed: Path, user_folder: tuple[Path, dict[str, str]]
) -> None:
    from pypdf import PdfReader

    folder = user_folder[0]
    where = _run(
        installed,
        user_folder,
        "python",
        "-c",
        "import app, sys; from app.resources import resources_dir; from app.presets import "
        "preset_names; print(app.__file__); print(resources_dir()); print(*preset_names())",
    ).splitlines()
    assert all(Path(line).is_relative_to(installed) for line in where[:2]), where
    assert where[2] == "hangzhou-go shaoxing-gomoku-2022"

    out = _run(installed, user_folder, "finals", "new", "X.finals", "--preset", "hangzhou-go")
    assert "已建立 X.finals" in out and (folder / "X.finals").is_file()
    for name, unit in (("张三", "杭州棋院"), ("欧阳李四", "绍兴市围棋协会")):
        _run(installed, user_folder, "finals", "add-player", "X.finals", "--event", "MEN",
             "--name", name, "--gender", "男", "--unit", unit)  # fmt: skip
    _run(installed, user_folder, "finals", "report", "X.finals", "entries", "-o", "out.pdf")
    _run(installed, user_folder, "finals", "report", "X.finals", "certificates",
         "--type", "participation", "--event", "MEN", "-o", "cert.pdf")  # fmt: skip

    for pdf, font, text in (("out.pdf", "WenQuanYi", "欧阳李四"), ("cert.pdf", "LXGW", "张三")):
        reader = PdfReader(folder / pdf)
        assert text in "".join(page.extract_text() for page in reader.pages)
        embedded = set()
        for page in reader.pages:
            for ref in page["/Resources"]["/Font"].values():
                for descendant in ref.get_object().get("/DescendantFonts", [ref]):
                    described = descendant.get_object().get("/FontDescriptor")
                    if described is not None and "/FontFile2" in described.get_object():
                        embedded.add(str(descendant.get_object()["/BaseFont"]))
        assert any(font in name for name in embedded), (pdf, embedded)


def test_the_installed_window_starts_with_its_translation_and_fonts(
    installed: Path, user_folder: tuple[Path, dict[str, str]]
) -> None:
    folder = user_folder[0]
    _run(installed, user_folder, "finals", "new", "Y.finals", "--preset", "shaoxing-gomoku-2022")
    said = _run(
        installed,
        user_folder,
        "python",
        "-c",
        "from PySide6.QtCore import QTranslator; from app.resources import resource_path; "
        "from app.web.pages import static_file; "
        "print(QTranslator().load(str(resource_path('translations', 'finals_zh_CN.qm')))); "
        "print(bool(static_file('style.css')))",
    )
    assert said.split() == ["True", "True"]
    _run(installed, user_folder, "finals-gui", "Y.finals", "--screenshot", "shot.png")
    assert (folder / "shot.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
