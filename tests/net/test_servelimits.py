"""What a table server keeps per address stays bounded: back-off after a few misses that
wears off, a rate per address, open connections counted, a warning said once."""

from __future__ import annotations

import logging

from cardtable.net.servelimits import Attempts, Counts, Quiet, Rate


def test_a_few_misses_are_free_then_each_blocks_twice_as_long():
    book = Attempts(free=3, window=100.0, first=1.0, longest=8.0)
    assert [book.miss("a", now=0.0) for _ in range(3)] == [0.0, 0.0, 0.0]
    assert book.blocked("a", now=0.0) == 0.0
    assert book.miss("a", now=0.0) == 1.0
    assert book.miss("a", now=0.0) == 2.0
    assert book.miss("a", now=0.0) == 4.0
    assert book.miss("a", now=0.0) == 8.0
    assert book.miss("a", now=0.0) == 8.0          # never longer than longest
    assert book.blocked("a", now=5.0) == 3.0
    assert book.blocked("b", now=5.0) == 0.0       # another address is not blocked


def test_an_address_that_stops_trying_is_forgotten():
    book = Attempts(free=1, window=10.0, first=1.0, longest=4.0)
    book.miss("a", now=0.0)
    book.miss("a", now=0.0)
    assert book.blocked("a", now=0.5) == 0.5
    assert book.blocked("a", now=20.0) == 0.0
    assert len(book) == 0
    assert book.miss("a", now=21.0) == 0.0         # its count starts again


def test_the_book_keeps_a_bounded_number_of_addresses():
    book = Attempts(size=100)
    for i in range(1000):
        book.miss(f"10.0.{i // 256}.{i % 256}", now=0.0)
    assert len(book) == 100


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
