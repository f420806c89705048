"""What the arbiter types for the tables' phones: the server's address and the referees' PIN.

The address (`--base-url`, the setting `remote_entry_url`) becomes every slip's QR code
(`{address}/t/{token}`), so it must be one a phone can open: http or https, a host name or
an IP address, an optional port and path, nothing else, and short enough for a QR code.
The PIN is typed by a referee on a phone's number pad: digits only, 4 to 12 of them.
"""

from __future__ import annotations

import re

BASE_URL_MAX = 200
BASE_URL_EXAMPLE = "http://192.168.1.10:8765/"
PIN_DIGITS = (4, 12)
PIN_EXAMPLE = "2468"

_LABEL = r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)"
_HOST = rf"(?:{_LABEL}(?:\.{_LABEL})*|\[[0-9A-Za-z:.%]+\])"
_BASE_URL = re.compile(
    rf"https?://(?P<host>{_HOST})(?::(?P<port>[0-9]{{1,5}}))?(?P<path>/[A-Za-z0-9._~/%-]*)?",
    re.ASCII,
)


def base_url_problem(text: str) -> str | None:
    """Why `text` is not a server address a phone can open, in Chinese; None when it is."""
    if len(text) > BASE_URL_MAX:
        return f"太长（{len(text)} 个字符，最多 {BASE_URL_MAX} 个）"
    match = _BASE_URL.fullmatch(text)
    if match is None:
        return "应为 http://主机[:端口][/路径]（只含字母、数字和 . - _ ~ / %）"
    port = match.group("port")
    if port is not None and not 1 <= int(port) <= 65535:
        return f"端口 {port} 应在 1 到 65535 之间"
    return None


def pin_problem(text: str) -> str | None:
    """Why `text` cannot be the referees' PIN, in Chinese; None when it can."""
    low, high = PIN_DIGITS
    if not (text.isascii() and text.isdigit() and low <= len(text) <= high):
        return f"应为 {low} 到 {high} 位数字（台裁在手机上输入）"
    return None
