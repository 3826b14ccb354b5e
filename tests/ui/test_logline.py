"""The log's lines of events (:mod:`cardtable.ui.scenes.table.logline`): shown, compared and
hashed as the line they hold; said again with the names of now, other lines left alone."""

from __future__ import annotations

from collections import deque

from cardtable.i18n import Msg, seat_name, set_language, tr
from cardtable.ui.scenes.table.logline import LogLine, renamed


def words(names: list[str]):
    def describe(ev: dict):
        if ev["kind"] == "dealt":
            return Msg("Deal {deal}: {name} deals.", deal=ev["deal"],
                       name=seat_name(names[ev["dealer"]]))
        return None
    return describe


def test_a_line_is_shown_compared_and_hashed_as_the_line_it_holds():
    line = Msg("Deal {deal}: {name} deals.", deal=1, name=seat_name("Friend 2"))
    entry = LogLine(line, {"kind": "dealt", "deal": 1, "dealer": 1})
    assert tr(entry) == "Deal 1: Friend 2 deals." and "Friend 2" in entry
    assert entry == line and line == entry and hash(entry) == hash(line)
    assert entry == LogLine(line, {"kind": "dealt", "deal": 1, "dealer": 1})
    assert entry != Msg("Deal {deal}: {name} deals.", deal=2, name="Ann")
    set_language("fr")
    try:
        assert tr(entry) == tr(line) and "Ami 2" in tr(entry)
    finally:
        set_language("en")


def test_the_lines_of_events_take_the_names_of_now_and_the_others_stay():
    names = ["Host", "Friend 2"]
    describe = words(names)
    joined = Msg("{name} joined the table.", name="Ann")
    event = {"kind": "dealt", "deal": 3, "dealer": 1}
    log: deque = deque([LogLine(describe(event), event), joined, "plain"], maxlen=6)
    assert not renamed(log, describe)          # nothing changed: nothing said again
    names[1] = "Ann"
    assert renamed(log, describe)
    assert [tr(x) for x in log] == ["Deal 3: Ann deals.", "Ann joined the table.", "plain"]
    assert isinstance(log[0], LogLine) and log[0].event == event and log[1] is joined
    # a line the game no longer words is kept as it was
    kept = LogLine("old words", {"kind": "unknown"})
    log.append(kept)
    assert not renamed(log, describe) and log[-1] is kept
