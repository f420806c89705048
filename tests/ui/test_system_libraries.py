"""A machine without a library Qt needs gets the Debian package to install, in Chinese
(issue 24, case 5): never Qt's English abort or 程序内部错误：ImportError."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.cli.main import main
from ui import system_libraries

README = Path(__file__).resolve().parents[2] / "README.md"


def test_a_missing_xcb_library_names_its_package(
    gomoku_demo: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setenv("DISPLAY", ":99")
    monkeypatch.setattr(system_libraries, "loads", lambda library: library != "libxcb-cursor.so.0")
    assert main(["gui", str(gomoku_demo)]) == 1
    err = capsys.readouterr().err
    assert "libxcb-cursor.so.0" in err and "sudo apt-get install libxcb-cursor0" in err
    assert "程序内部错误" not in err and "Traceback" not in err


def test_the_binding_s_import_error_names_the_package() -> None:
    error = ImportError("libEGL.so.1: cannot open shared object file: No such file or directory")
    refused = system_libraries.import_error(error)
    assert refused is not None
    assert "libEGL.so.1" in refused.message and "apt-get install libegl1" in refused.message
    assert system_libraries.import_error(ImportError("No module named 'PySide6'")) is None


def test_offscreen_and_wayland_need_no_xcb(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(system_libraries, "loads", lambda library: "xcb" not in library)
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert system_libraries.missing_libraries() == []
    monkeypatch.delenv("QT_QPA_PLATFORM")
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    assert system_libraries.missing_libraries() == []


def test_the_readme_lists_every_package_the_window_needs() -> None:
    text = " ".join(README.read_text(encoding="utf-8").split())
    listed = set(re.findall(r"lib[\w.+-]+", text))
    assert set(system_libraries.PACKAGES.values()) <= listed
