"""A tiny W3C WebDriver client over HTTP for Debian's chromium + chromedriver (no selenium).

Only what the phone-page test needs: a session with phone emulation, navigate, find, click,
type, read text/attributes, run a script, take a (full-page) screenshot.
"""

from __future__ import annotations

import base64
import json
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

ELEMENT = "element-6066-11e4-a52e-4f735466cecf"
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",  # containers have a small /dev/shm
    "--lang=zh-CN",
)


def find_browser() -> tuple[str, str] | None:
    """(chromium, chromedriver) paths, or None when either is missing."""
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    return (browser, driver) if browser and driver else None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class WebDriverError(RuntimeError):
    pass


class Browser:
    def __init__(
        self,
        browser: str,
        driver: str,
        profile: Path,
        width: int = 390,
        height: int = 844,
        pixel_ratio: float = 2.0,
    ) -> None:
        self.session = ""
        # chromedriver on a busy machine: a port taken between our look and its bind, or a
        # slow start, is tried again on a new port rather than failing the test
        for _attempt in range(3):
            self.port = _free_port()
            self.process = subprocess.Popen(
                [driver, f"--port={self.port}", "--allowed-ips=127.0.0.1"],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            self.base = f"http://127.0.0.1:{self.port}"
            if self._ready():
                break
            self.process.kill()
            self.process.wait(10)
        else:
            raise WebDriverError("chromedriver did not start (3 tries)")
        try:
            options = {
                "binary": browser,
                "args": [*CHROMIUM_FLAGS, f"--user-data-dir={profile}"],
                "mobileEmulation": {
                    "deviceMetrics": {
                        "width": width,
                        "height": height,
                        "pixelRatio": pixel_ratio,
                        "touch": True,
                        "mobile": True,
                    },
                    "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 "
                    "(KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
                },
            }
            answer = self._call(
                "POST",
                "/session",
                {
                    "capabilities": {
                        "alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": options}
                    }
                },
            )
            self.session = answer["sessionId"]
        except BaseException:
            self.process.kill()
            self.process.wait(10)
            raise

    def _ready(self) -> bool:
        """Whether this chromedriver answers ready within 30 s (False at once if it died)."""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                return False
            try:
                if self._call("GET", "/status").get("ready"):
                    return True
            except (OSError, WebDriverError):
                pass
            time.sleep(0.1)
        return False

    def _call(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode("utf-8")
        request = urllib.request.Request(
            self.base + path, data=data, method=method, headers={"Content-Type": "application/json"}
        )
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                payload = json.loads(response.read() or b"{}")
        except urllib.error.HTTPError as exc:
            detail = exc.read().decode("utf-8", "replace")
            raise WebDriverError(f"{method} {path}: {exc.code} {detail[:500]}") from exc
        return payload.get("value", payload)

    def _s(self, path: str) -> str:
        return f"/session/{self.session}{path}"

    # --- the commands --------------------------------------------------------------------

    def get(self, url: str) -> None:
        self._call("POST", self._s("/url"), {"url": url})

    def find(self, css: str) -> str:
        return str(
            self._call("POST", self._s("/element"), {"using": "css selector", "value": css})[
                ELEMENT
            ]
        )

    def find_all(self, css: str) -> list[str]:
        found = self._call("POST", self._s("/elements"), {"using": "css selector", "value": css})
        return [str(e[ELEMENT]) for e in found]

    def click(self, css: str) -> None:
        self._call("POST", self._s(f"/element/{self.find(css)}/click"), {})

    def type(self, css: str, text: str) -> None:
        self._call("POST", self._s(f"/element/{self.find(css)}/value"), {"text": text})

    def text(self, css: str) -> str:
        return str(self._call("GET", self._s(f"/element/{self.find(css)}/text")))

    def attribute(self, css: str, name: str) -> str | None:
        value = self._call("GET", self._s(f"/element/{self.find(css)}/attribute/{name}"))
        return None if value is None else str(value)

    def script(self, source: str, *args: Any) -> Any:
        return self._call("POST", self._s("/execute/sync"), {"script": source, "args": list(args)})

    def wait_for(self, source: str, timeout: float = 10.0) -> Any:
        deadline = time.monotonic() + timeout
        while True:
            value = self.script(source)
            if value or time.monotonic() > deadline:
                return value
            time.sleep(0.1)

    def screenshot(self, path: Path, full_page: bool = True) -> Path:
        if full_page:
            metrics = self._call(
                "POST", self._s("/goog/cdp/execute"), {"cmd": "Page.getLayoutMetrics", "params": {}}
            )
            size = metrics["cssContentSize"]
            shot = self._call(
                "POST",
                self._s("/goog/cdp/execute"),
                {
                    "cmd": "Page.captureScreenshot",
                    "params": {
                        "format": "png",
                        "captureBeyondViewport": True,
                        "clip": {
                            "x": 0,
                            "y": 0,
                            "width": size["width"],
                            "height": size["height"],
                            "scale": 1,
                        },
                    },
                },
            )
            data = shot["data"]
        else:
            data = self._call("GET", self._s("/screenshot"))
        path.write_bytes(base64.b64decode(data))
        return path

    def quit(self) -> None:
        try:
            if self.session:
                self._call("DELETE", self._s(""))
        except (OSError, WebDriverError):
            pass
        finally:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
