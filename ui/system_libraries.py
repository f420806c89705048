"""The Linux system libraries Qt needs, named by the Debian package that brings each.

Without them Qt stops with an English line (the xcb plugin: "could not load the Qt
platform plugin") or the binding's ImportError; the arbiter gets a Chinese message with the
`apt-get install` line instead. Looked at before Qt is imported; imports no Qt itself.
"""

from __future__ import annotations

import ctypes
import os
import re
import sys

from app.errors import FinalsError

# Loaded by QtGui/QtWidgets themselves: a missing one is an ImportError.
BINDING_LIBRARIES = {
    "libGL.so.1": "libgl1",
    "libEGL.so.1": "libegl1",
    "libOpenGL.so.0": "libopengl0",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "libdbus-1.so.3": "libdbus-1-3",
}
# Loaded by the X11 (xcb) platform plugin when the window opens on an X display.
XCB_LIBRARIES = {
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libxcb.so.1": "libxcb1",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
}
PACKAGES = {**BINDING_LIBRARIES, **XCB_LIBRARIES}

_MISSING_LIBRARY = re.compile(r"(lib[\w.+-]+\.so(?:\.\d+)*): cannot open shared object file")


def loads(library: str) -> bool:
    try:
        ctypes.CDLL(library)
    except OSError:
        return False
    return True


def _opens_on_x11() -> bool:
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if platform:
        return platform.split(":")[0] == "xcb"
    return bool(os.environ.get("DISPLAY")) and not os.environ.get("WAYLAND_DISPLAY")


def missing_libraries() -> list[str]:
    """The libraries the window would need here and this machine cannot load."""
    if not sys.platform.startswith("linux"):
        return []
    wanted = list(BINDING_LIBRARIES)
    if _opens_on_x11():
        wanted += list(XCB_LIBRARIES)
    return [library for library in wanted if not loads(library)]


def missing_error(libraries: list[str]) -> FinalsError:
    packages = sorted({PACKAGES.get(library, library) for library in libraries})
    return FinalsError(
        f"窗口无法启动：本机缺少 Qt 需要的系统库 {'、'.join(libraries)}。"
        f"请安装（Debian/Ubuntu）：sudo apt-get install {' '.join(packages)}；"
        "不开窗口时，所有功能也可用 finals 命令完成。"
    )


def check() -> None:
    """Refuse, in Chinese, a window this machine cannot open."""
    missing = missing_libraries()
    # Only the libraries we know: an unknown system may name them differently, and Qt's own
    # message is then better than a wrong guess.
    if missing:
        raise missing_error(missing)


def import_error(exc: ImportError) -> FinalsError | None:
    """The binding's ImportError for a missing system library, in Chinese; else None."""
    match = _MISSING_LIBRARY.search(str(exc))
    if match is None:
        return None
    return missing_error([match.group(1)])
