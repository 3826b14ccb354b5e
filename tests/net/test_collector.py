"""The garbage collector's pacing for a server of many tables: what lives long is frozen
(later collections skip it), the automatic full collections are rare while it paces, and
the cycles of tables that ended are found once enough tables have ended."""

from __future__ import annotations

import gc
import weakref

import pytest

from cardtable.net.collector import Collector


class Node:
    """An object in a cycle: only a collection frees it."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def collector():
    paced = Collector(every=5.0, thaw_share=0.25, thaw_min=3)
    before = gc.get_threshold()
    paced.start(now=0.0)
    try:
        yield paced
    finally:
        paced.stop()
        assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_what_lives_at_the_start_is_frozen_and_full_collections_are_rare(collector):
    assert gc.get_freeze_count() > 0
    young, middle, old = gc.get_threshold()
    assert old >= 100 * 10


def test_it_looks_only_every_so_often(collector):
    assert not collector.tick(1.0, open_tables=10)
    assert collector.tick(5.0, open_tables=10)
    assert not collector.tick(6.0, open_tables=10)


def test_a_young_cycle_is_collected_at_the_next_look(collector):
    node = Node()
    gone = weakref.ref(node)
    del node
    collector.tick(5.0, open_tables=10)
    assert gone() is None


def test_a_frozen_cycle_waits_for_enough_ended_tables_then_goes(collector):
    node = Node()
    gone = weakref.ref(node)
    collector.tick(5.0, open_tables=10)      # it lived long: frozen
    del node
    collector.tick(10.0, open_tables=10, ended=1)
    assert gone() is not None                # frozen, one table ended: not looked at
    assert collector.thaws == 0
    collector.tick(15.0, open_tables=10, ended=2)     # 3 ended: max(3, 10/4)
    assert collector.thaws == 1 and gone() is None
    assert collector.ended == 0 and gc.get_freeze_count() > 0


def test_a_look_counts_the_frozen_only_for_a_debug_line_written(collector, monkeypatch,
                                                                caplog):
    """Counting the frozen objects walks every one of them (60-90 ms with a thousand
    tables): a look does it only when its debug line is written."""
    import logging

    from cardtable.net import collector as module
    counted = []
    real = gc.get_freeze_count
    monkeypatch.setattr(module.gc, "get_freeze_count", lambda: counted.append(1) or real())
    with caplog.at_level(logging.INFO, logger="cardtable.net.collector"):
        assert collector.tick(5.0, open_tables=10)
    assert counted == []
    with caplog.at_level(logging.DEBUG, logger="cardtable.net.collector"):
        assert collector.tick(10.0, open_tables=10)
    assert counted == [1] and "frozen" in caplog.text


def test_it_looks_every_second_by_default():
    """A look's pause is what still lives of what was made since the last: every second
    keeps it short (a thousand tables: 6-9 ms; every five seconds, 180-210 ms)."""
    assert Collector().every <= 1.0
