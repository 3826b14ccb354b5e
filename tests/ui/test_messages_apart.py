"""Two messages at once never lie one on the other: at the start of a pass-and-play hand
the hand's caption ("Hand 1 of 12 · … jokers and 3s") and the toast "Bob, it is your
turn." were drawn over each other in the rummies."""

from __future__ import annotations

import pygame
import pytest

from cardtable.i18n import Msg, tr
from cardtable.match import Match, Seat
from cardtable.ui.app import App
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.handoff import HandoffScene
from cardtable.ui.scenes.table import TableScene

from .test_hotseat import DT, confirm


def drawn_messages(app, table) -> dict[str, pygame.Rect]:
    """The rects of the caption and the toast as the next frame draws them."""
    seen: list[tuple[str, pygame.Rect]] = []
    pill = table.pill

    def spy(surface, text, centre, *args, **kwargs):
        rect = pill(surface, text, centre, *args, **kwargs)
        seen.append((tr(text), pygame.Rect(rect)))
        return rect

    table.pill = spy
    try:
        app.step([], DT)
    finally:
        del table.pill
    out = {}
    for text, rect in seen:
        if table.caption is not None and text == tr(table.caption[0]):
            out["caption"] = rect
        if table.toast is not None and text == tr(table.toast[0]):
            out["toast"] = rect
    return out


@pytest.mark.parametrize("game", ["rummy65", "quebec65"])
@pytest.mark.parametrize("size", [(1280, 720), (1024, 640)])
def test_the_hand_s_caption_and_your_turn_lie_apart(game, size):
    app = App(size=size, settings={"animation_speed": "off", "sound": False})
    table_mod.install(app)
    seats = [Seat("Ann", "human", "easy"), Seat("Bob", "human", "easy"),
             Seat("Cleo", "computer", "easy")]
    match = Match(game, seats, seed=4, pace=0, threaded=False)
    table = table_mod.show_table(app, TableScene(match, speed="off", pace=0, sound=False))
    for _ in range(600):
        if isinstance(app.top, HandoffScene):
            break
        app.step([], DT)
    assert isinstance(app.top, HandoffScene)
    confirm(app, app.top)
    assert app.top is table
    # the hand-over lays no "Bob, it is your turn." over the rummy's own line, which says
    # what to do (tests/ui/test_restored_instruction.py); a toast shown with the caption
    # still lies apart from it
    assert table.caption is not None and table.toast is None
    table.show_toast(Msg("{name}, it is your turn.", name="Bob"), kind="info")
    rects = drawn_messages(app, table)
    assert set(rects) == {"caption", "toast"}, rects
    assert not rects["caption"].colliderect(rects["toast"]), rects
    assert rects["caption"].top >= 0
    table.match.close()
