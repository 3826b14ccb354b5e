"""The log's lines of events (:mod:`cardtable.ui.scenes.table.logline`): shown, compared and
hashed as the line they hold; said again with the names of now, other lines left alone."""

from __future__ import annotations

from collections import deque

import pygame
import pytest

from cardtable.i18n import Msg, seat_name, set_language, tr
from cardtable.match import Match, Seat
from cardtable.names import NAME_LENGTH
from cardtable.ui import theme
from cardtable.ui.app import App
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.table import TableScene
from cardtable.ui.scenes.table.logline import LogLine, entry_rows, renamed


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


def test_an_entry_s_rows_keep_inside_the_log_however_long_a_name():
    """A log's entry wraps between words; a word wider than a row (a name of 18 "W"s:
    wrapping never splits a word) is shortened with "…": no row is wider than the log."""
    size, width = theme.px(14), theme.px(220)
    line = f"Deal 1: {'W' * 18} deals; spades are trumps."
    rows = entry_rows(line, size, width)
    assert rows[0] == "Deal 1:" and rows[1].startswith("WWW") and rows[1].endswith("…")
    assert all(theme.text_size(row, size)[0] <= width for row in rows)
    assert " ".join(rows[2:]) == "deals; spades are trumps."
    # a line that fits is wrapped as before, nothing shortened
    short = "Ann plays the ace of spades."
    assert entry_rows(short, size, width) == theme.wrap(short, theme.font(size), width)


@pytest.mark.parametrize("size", [(800, 500), (1280, 720), (1920, 1080)],
                         ids=["800x500", "1280x720", "1920x1080"])
def test_the_table_s_log_keeps_a_long_name_inside_it(size):
    """The table's log (bottom right): a line naming a computer "WWWWWWWWWWWWWWWWWW" had
    the name on a row of its own running past the log's right edge, 40 px at 1280x720 (38
    at 800x500, 51 at 1920x1080). Every row drawn now ends inside the log."""
    app = App(size=size, settings={"animation_speed": "off", "sound": False})
    table_mod.install(app)
    wide = "W" * NAME_LENGTH
    match = Match("sixtysix", [Seat(wide, "computer", "easy"), Seat("Ann", "human", "easy")],
                  seed=3, pace=0, threaded=False)
    table = TableScene(match, speed="off", pace=0, sound=False)
    table_mod.show_table(app, table)
    try:
        for _ in range(300):
            app.step([], 1 / 60)
            if any(wide in tr(line) for line in table.log):
                break
        assert any(wide in tr(line) for line in table.log), list(map(tr, table.log))
        drawn: list[tuple[str, pygame.Rect]] = []
        text = table.text

        def record(surface, words, pos, size, *args, **kwargs):
            out = text(surface, words, pos, size, *args, **kwargs)
            drawn.append((words, pygame.Rect(pos, theme.text_size(words, size))))
            return out

        table.text = record
        table._panel_cache.clear()
        table._draw_log(app.screen)
        table.text = text
        width = theme.px(250)            # the log's width (hud.Hud._draw_log)
        outside = [(words, r.right) for words, r in drawn if r.right > width]
        assert not outside, outside
        assert any(words.startswith("WWW") and words.endswith("…") for words, _ in drawn)
    finally:
        table.match.close()
        while app.stack:
            app.pop()
