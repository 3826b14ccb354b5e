"""What a table server keeps per address stays bounded: a rate per address, open connections
counted, a warning said once."""

from __future__ import annotations

import logging

from cardtable.net.servelimits import Counts, Quiet, Rate


def test_a_rate_per_address():
    rate = Rate(count=2, seconds=10.0, size=5)
    assert rate.allow("a", 0.0) and rate.allow("a", 1.0)
    assert not rate.allow("a", 2.0)
    assert rate.allow("b", 2.0)
    assert rate.allow("a", 10.5)                    # the first has aged out
    for i in range(50):
        rate.allow(str(i), 3.0)
    assert len(rate) == 5


def test_counts_keep_only_addresses_with_a_connection():
    counts = Counts()
    assert counts.add("a") == 1 and counts.add("a") == 2
    counts.remove("a")
    assert counts["a"] == 1
    counts.remove("a")
    counts.remove("a")                              # (never below none)
    assert counts["a"] == 0 and len(counts) == 0


def test_a_warning_is_said_once_then_summed_up(caplog, monkeypatch):
    clock = [0.0]
    monkeypatch.setattr("cardtable.net.servelimits.time.monotonic", lambda: clock[0])
    quiet = Quiet(logging.getLogger("test.quiet"), "refused %s", every=60.0)
    with caplog.at_level(logging.WARNING, "test.quiet"):
        for i in range(500):
            quiet(i)
        clock[0] = 61.0
        quiet("late")
    lines = [r.getMessage() for r in caplog.records if r.name == "test.quiet"]
    assert lines == ["refused 0", "refused late (499 more times since the last such line)"]
    assert quiet.count == 501
