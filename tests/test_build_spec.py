"""build.spec: one folder holding the command line `finals` (a console program) and the
window `finals-gui` (no console window), each running its own launcher only, with every
resource beside them. Run against stand-ins for PyInstaller's spec objects (the real build:
`pyinstaller build.spec`, then scripts/smoke_build.py)."""

from __future__ import annotations

import sys
import types
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]


class _Made:
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.args, self.kwargs = args, kwargs


class _Analysis(_Made):
    def __init__(self, scripts: list[str], **kwargs: Any) -> None:
        super().__init__(scripts, **kwargs)
        hooks = [
            ("pyiboot01_bootstrap", "boot.py", "PYSOURCE"),
            ("pyi_rth_pyside6", "r.py", "PYSOURCE"),
        ]
        self.scripts = hooks + [(Path(s).stem, s, "PYSOURCE") for s in scripts]
        self.pure, self.binaries, self.datas = [], [], kwargs["datas"]


@pytest.fixture
def spec(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_all = lambda package: ([], [], [])  # type: ignore[attr-defined]
    hooks.collect_submodules = lambda package: [package]  # type: ignore[attr-defined]
    for name in ("PyInstaller", "PyInstaller.utils"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    namespace: dict[str, Any] = {
        "SPECPATH": str(REPO),
        "workpath": str(tmp_path / "work"),
        "Analysis": _Analysis,
        "PYZ": _Made,
        "EXE": _Made,
        "COLLECT": _Made,
    }
    code = compile((REPO / "build.spec").read_text(encoding="utf-8"), "build.spec", "exec")
    exec(code, namespace)
    return namespace


def test_two_programs_in_one_folder(spec: dict[str, Any]) -> None:
    collect = spec["coll"]
    programs = [item for item in collect.args if isinstance(item, _Made)]
    by_name = {program.kwargs["name"]: program for program in programs}
    assert set(by_name) == {"finals", "finals-gui"} and collect.kwargs["name"] == "finals"
    assert by_name["finals"].kwargs["console"] is True
    assert by_name["finals-gui"].kwargs["console"] is False
    for name, launcher in (("finals", "finals_launcher"), ("finals-gui", "finals_gui_launcher")):
        program = by_name[name]
        assert program.args[0] is spec["pyz"]  # one archive of the packages, shared
        names = [entry[0] for entry in program.args[1]]
        assert names == ["pyiboot01_bootstrap", "pyi_rth_pyside6", launcher]
        assert program.kwargs["exclude_binaries"] is True
        assert Path(program.kwargs["icon"]).is_file()
    gui_launcher = Path(spec["GUI_LAUNCHER"]).read_text(encoding="utf-8")
    assert "from ui.main import run" in gui_launcher


def test_every_resource_goes_beside_the_programs(spec: dict[str, Any]) -> None:
    datas = {(Path(src).relative_to(REPO).as_posix(), dest) for src, dest in spec["datas"]}
    assert ("resources/presets/hangzhou-go.json", str(Path("resources/presets"))) in datas
    assert ("resources/fonts/wqy-microhei.LICENSE.txt", str(Path("resources/fonts"))) in datas
    assert ("resources/translations/finals_zh_CN.qm", str(Path("resources/translations"))) in datas


def test_the_build_refuses_a_pyinstaller_other_than_the_pinned_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tomllib

    from packaging.requirements import Requirement

    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    (pinned,) = Requirement(project["project"]["optional-dependencies"]["build"][0]).specifier
    assert pinned.operator == "=="
    for version, refused in ((pinned.version, False), ("5.13.2", True)):
        installer = types.ModuleType("PyInstaller")
        installer.__version__ = version  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, "PyInstaller", installer)
        hooks = types.ModuleType("PyInstaller.utils.hooks")
        hooks.collect_all = lambda package: ([], [], [])  # type: ignore[attr-defined]
        hooks.collect_submodules = lambda package: [package]  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, "PyInstaller.utils", types.ModuleType("x"))
        monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
        namespace: dict[str, Any] = {
            "SPECPATH": str(REPO),
            "workpath": str(tmp_path / "work"),
            "Analysis": _Analysis,
            "PYZ": _Made,
            "EXE": _Made,
            "COLLECT": _Made,
        }
        code = compile((REPO / "build.spec").read_text(encoding="utf-8"), "build.spec", "exec")
        if refused:
            with pytest.raises(SystemExit, match="pinned"):
                exec(code, namespace)
        else:
            exec(code, namespace)
