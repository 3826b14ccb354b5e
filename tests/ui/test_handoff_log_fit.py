"""The hand-over's "Last moves" keeps each line inside its box: a name of 18 "W"s (one word,
wider than the box's row) ran past its right edge, since wrapping never splits a word; it
is shortened with "…" now, as the other boxes of the screen shorten what does not fit."""

from __future__ import annotations

import pygame
import pytest

from cardtable.match import Match, Seat
from cardtable.names import NAME_LENGTH
from cardtable.ui import theme
from cardtable.ui.app import App
from cardtable.ui.scenes import handoff as handoff_mod
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.handoff import HandoffScene
from cardtable.ui.scenes.table import TableScene

DT = 1 / 60
WIDE = "W" * NAME_LENGTH


def first_handoff(size: tuple[int, int]) -> tuple[App, TableScene, HandoffScene]:
    app = App(size=size, settings={"animation_speed": "off", "sound": False})
    table_mod.install(app)
    match = Match("sixtysix", [Seat(WIDE, "human", "easy"), Seat("Ann", "human", "easy")],
                  seed=3, pace=0, threaded=False)
    table = TableScene(match, speed="off", pace=0, sound=False)
    table_mod.show_table(app, table)
    for _ in range(200):
        app.step([], DT)
        if isinstance(app.top, HandoffScene):
            return app, table, app.top
    raise AssertionError("no hand-over")


@pytest.mark.parametrize("size", [(800, 500), (1280, 720), (1920, 1080)],
                         ids=["800x500", "1280x720", "1920x1080"])
def test_every_line_of_last_moves_keeps_inside_its_box(monkeypatch, size):
    """Before: "WWWWWWWWWWWWWWWWWW" (of "Deal 1: WWW… deals; spades are trumps.") ended
    34 px past the box's right edge at 1280x720 (a box 300 px wide), 9 at 800x500, 42 at
    1920x1080."""
    app, table, handoff = first_handoff(size)
    try:
        assert any(WIDE in str(line) for line in handoff.recent())
        panels: list[pygame.Rect] = []
        drawn: list[tuple[str, pygame.Rect]] = []
        panel, draw_text = theme.panel, theme.draw_text

        def record_panel(surface, rect, *args, **kwargs):
            panels.append(pygame.Rect(rect))
            return panel(surface, rect, *args, **kwargs)

        def record_text(surface, text, *args, **kwargs):
            out = draw_text(surface, text, *args, **kwargs)
            drawn.append((str(text), out))
            return out

        monkeypatch.setattr(handoff_mod.theme, "panel", record_panel)
        monkeypatch.setattr(handoff_mod.theme, "draw_text", record_text)
        w, h = app.size
        column = pygame.Rect(theme.px(24), theme.px(200), theme.px(300), h - theme.px(300))
        handoff._draw_log(app.screen, column)
        box = panels[0]
        rows = drawn[1:]          # the heading first
        outside = [(text, r.right, box.right) for text, r in rows
                   if r.right > box.right - theme.px(8) or r.left < box.left]
        assert not outside, outside
        assert any(text.startswith("WWW") and text.endswith("…") for text, _ in rows), rows
    finally:
        table.match.close()
        while app.stack:
            app.pop()
