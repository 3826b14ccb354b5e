"""The rummies' line while another plays and no meld is planned yet: "Drag cards up here to
build melds while you wait." was said to a person playing with the keys too; once a key
was used (since the last click) the line names the key that does it, N, and N does it."""

from __future__ import annotations

import pygame

from cardtable import i18n
from cardtable.i18n import tr
from cardtable.match import Match, Seat
from cardtable.ui.app import App
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.table import TableScene

DT = 1 / 60
DRAG = "Drag cards up here to build melds while you wait."
KEY = "Press N to put the focused card in a new meld while you wait."


def key(app: App, k: int) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)], DT)
    app.step([pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)], DT)


def test_the_waiting_line_names_the_key_to_a_person_using_the_keys():
    app = App(size=(1280, 720), settings={"animation_speed": "off", "sound": False})
    table_mod.install(app)
    seats = [Seat("You", "human", "easy"), Seat("Margot", "computer", "easy"),
             Seat("Theo", "computer", "easy")]
    # Margot plays first and takes her time: the person waits
    match = Match("rummy65", seats, seed=3, pace=30, threaded=False, first_dealer=0)
    table = TableScene(match, speed="off", pace=30, sound=False)
    table_mod.show_table(app, table)
    game = table.game
    try:
        for _ in range(120):
            app.step([], DT)
        assert match.to_act == 1 and not game.groups.ids
        assert tr(game.status()) == DRAG
        key(app, pygame.K_RIGHT)                 # a key: the focus ring is shown
        assert table.keys.shown and tr(game.status()) == KEY
        i18n.set_language("fr")
        assert "N" in tr(game.status()).split() and tr(game.status()) != KEY
        i18n.set_language("en")
        # a click puts the mouse's words back
        pos = (5, app.size[1] // 2)
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)], DT)
        app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)], DT)
        assert not table.keys.shown and tr(game.status()) == DRAG
        # and N does what the line says, while Margot is still to play
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_n)
        assert match.to_act == 1 and len(game.groups.ids) == 1
    finally:
        i18n.set_language("en")
        match.close()
        while app.stack:
            app.pop()
