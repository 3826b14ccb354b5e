"""The computer players' tests read their time budgets from a counting clock where a test
asks for one (``ticking_clock``), so a budget's check never depends on the machine's load."""

from __future__ import annotations

import pytest

from cardtable.ai import clock


@pytest.fixture
def ticking_clock():
    """The searches' clock moves 1 ms each time it is read, and only then."""
    ticking = clock.Ticking(0.001)
    previous = clock.use(ticking)
    yield ticking
    clock.use(previous)
