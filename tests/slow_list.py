"""Keep tests/slow_tests.txt: the tests measured too slow for the fast lane.

    python -m pytest -m "not slow" --durations=0 -p no:cacheprovider > durations.log
    python -m tests.slow_list durations.log

A test whose setup, call and teardown took SLOW_SECONDS or more in that run is added; one the
run measured under half of that is taken off (between the two it stays as it is, so a test near
the line does not come and go with the machine's load). Tests the run did not measure stay.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

from tests.conftest import MEASURED_SLOW, measured_slow

SLOW_SECONDS = 0.25
DURATION = re.compile(r"^([\d.]+)s (setup|call|teardown) +(\S.*?)\s*$")
HEADER = (
    "# Tests measured at {seconds} s or more (setup + call + teardown): the `slow` lane.\n"
    "# Kept by tests/slow_list.py from a `--durations=0` run; one pytest node id a line.\n"
)


def durations(log: str) -> Counter[str]:
    spent: Counter[str] = Counter()
    for line in log.splitlines():
        found = DURATION.match(line)
        if found:
            node = found[3].split("@", 1)[0]  # pytest-xdist's `@group` suffix
            spent[node] += float(found[1])
    return spent


def updated(listed: frozenset[str], spent: Counter[str]) -> list[str]:
    slow = {node for node in listed if spent.get(node, SLOW_SECONDS) >= SLOW_SECONDS / 2}
    slow |= {node for node, seconds in spent.items() if seconds >= SLOW_SECONDS}
    return sorted(slow)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    listed = measured_slow()
    slow = updated(listed, durations(Path(argv[0]).read_text(encoding="utf-8")))
    text = HEADER.format(seconds=SLOW_SECONDS) + "".join(f"{node}\n" for node in slow)
    MEASURED_SLOW.write_text(text, encoding="utf-8")
    added, removed = set(slow) - listed, listed - set(slow)
    print(f"{MEASURED_SLOW.name}: {len(slow)} tests ({len(added)} added, {len(removed)} taken off)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
