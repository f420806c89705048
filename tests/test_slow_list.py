"""The fast lane's list of measured slow tests (tests/slow_tests.txt, kept by tests/slow_list.py)."""

from __future__ import annotations

from collections import Counter

from tests.conftest import measured_slow
from tests.slow_list import SLOW_SECONDS, durations, updated

LOG = """\
============================= slowest durations =============================
1.20s call     tests/cli/test_x.py::test_big[a-\\u4e3b]
0.20s setup    tests/cli/test_x.py::test_edge
0.10s call     tests/cli/test_x.py::test_edge
0.04s call     tests/io/test_y.py::test_quick
0.30s call     tests/io/test_y.py::test_grouped@server
(12 durations < 0.005s hidden.  Use -vv to show these durations.)
"""


def test_a_runs_durations_are_summed_per_test_with_the_xdist_group_left_off() -> None:
    spent = durations(LOG)
    assert spent["tests/cli/test_x.py::test_big[a-\\u4e3b]"] == 1.2
    assert round(spent["tests/cli/test_x.py::test_edge"], 2) == 0.3  # setup + call
    assert spent["tests/io/test_y.py::test_grouped"] == 0.3
    assert len(spent) == 4


def test_slow_ones_come_on_quick_ones_go_and_the_unmeasured_stay() -> None:
    listed = frozenset({"t::near_the_line", "t::now_quick", "t::not_run"})
    spent = Counter(
        {
            "t::near_the_line": SLOW_SECONDS * 0.75,  # under the line, not under half of it
            "t::now_quick": SLOW_SECONDS * 0.2,
            "t::new_and_slow": SLOW_SECONDS * 3,
            "t::new_and_quick": SLOW_SECONDS * 0.9,
        }
    )
    assert updated(listed, spent) == ["t::near_the_line", "t::new_and_slow", "t::not_run"]


def test_the_list_names_tests_that_exist(request) -> None:  # noqa: ANN001
    listed = measured_slow()
    assert listed, "tests/slow_tests.txt is empty"
    files = {node.split("::", 1)[0] for node in listed}
    root = request.config.rootpath
    missing = sorted(f for f in files if not (root / f).is_file())
    assert not missing, f"slow_tests.txt names files that are gone: {missing}"
