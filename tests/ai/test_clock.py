"""The clock the searches read: the program's by default, a counting one in tests."""

from __future__ import annotations

import time

from cardtable.ai import clock


def test_the_program_reads_the_performance_counter():
    assert clock._source is time.perf_counter


def test_a_ticking_clock_moves_only_when_read_and_can_be_put_back():
    ticking = clock.Ticking(0.25)
    previous = clock.use(ticking)
    try:
        assert [clock.now(), clock.now(), clock.now()] == [0.25, 0.5, 0.75]
    finally:
        assert clock.use(previous) is ticking
    assert clock._source is previous
