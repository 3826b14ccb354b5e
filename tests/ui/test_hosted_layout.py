"""The table this copy hosts for friends, in every game, language and text size: its score
panel is taller (it lists the table's code and the address friends type), and nothing the
player needs lies under it, nor under a plate, a button or a label.

The table is hosted on loopback with one friend's seat nobody has taken yet (a computer
would stand in); no friend connects. The geometry read is the table's own (see
tests/ui/test_layout_sizes.py, whose checks this reuses). The host's buttons for a seat the
match waits at (nobody has taken it, or its friend is silent) meet nothing either. Modules:
cardtable.ui.tables.geometry (the right-hand column below the panel), the game tables and
cardtable.ui.scenes.table.controls (where the host's buttons go).
"""

from __future__ import annotations

import time

import pygame
import pytest

from cardtable.engine import registry
from cardtable.net.hosted import SLOW_SECONDS
from cardtable.net.remote import connect
from cardtable.ui import netplay
from cardtable.ui.app import App
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.table import TableScene
from tests.net_helpers import LOOPBACK
from tests.ui.test_layout_sizes import DT, Watch, cards, each_look, layout_problems

GAMES = ["japanese65", "sixtysix", "rummy65", "pairs65", "quebec65"]


def host(app: App, game: str, idle_seconds: int | None = 60) -> TableScene:
    """``game``'s table hosted here with as many seats as it takes (seat 1 a friend's, not
    taken), dealt and shown."""
    n = min(4, registry.get(game).max_players)
    seats = [{"name": "Host", "kind": "human", "level": "easy"}]
    seats += [{"name": f"Friend {i}", "kind": "friend" if i == 1 else "computer",
               "level": "easy"} for i in range(1, n)]
    config = {"game": game, "players": n, "seed": 4, "seats": seats,
              "network": {"remote": [1], "stand_in": "easy", "idle_seconds": idle_seconds}}
    match = netplay.open_table(config, advertise=False, bind=LOOPBACK)
    table = table_mod.show_table(app, TableScene(match, speed="off", sound=False))
    for _ in range(60):
        app.step([], DT)
        if all(table.zone(f"hand{s}") for s in range(n)):
            break
    assert netplay.table_server(match) is not None
    return table


def watched_app(monkeypatch, size) -> tuple[App, Watch]:
    """An app of ``size`` that opens tables, and the watch on what it draws."""
    app = App(size=size, settings={"sound": False, "animation_speed": "off"},
              settings_path=None)
    table_mod.install(app)
    return app, Watch(monkeypatch, app)


def under_the_panel(table) -> list[str]:
    """Every card the score panel lies over (their rects shrunk by a hair: touching is not
    covering)."""
    panel = table.score_panel_rect()
    return [f"the score panel {tuple(panel)} over {zone} {tuple(s.rect())}"
            for zone, sprites in table.zones.items() for s in sprites
            if not s.hidden and panel.colliderect(s.rect().inflate(-2, -2))]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["1280x720", "1920x1080"])
def test_the_host_s_score_panel_covers_no_card(monkeypatch, size):
    """At 1280x720 and 1920x1080 the host's panel (two rows longer) lay over the top card
    backs of the right-hand seat's hand in 65 (Japanese), in every text size: the column
    keeps below it now. Every game, both languages, three text sizes."""
    app, watch = watched_app(monkeypatch, size)
    found = []
    for game in GAMES:
        table = host(app, game)
        watch.watch_form(table)
        try:
            for lang, text_size in each_look(app):
                watch.draw(app)
                where = f"{game} {lang} {text_size}"
                assert len(table.score_panel_rect().size) == 2
                found += [f"{where}: {p}" for p in under_the_panel(table)]
                # (not judged here: texts cut short, which test_layout_sizes judges on
                # ordinary tables)
                found += [f"{where}: {p}" for p in layout_problems(app, table, watch)
                          if "cut short" not in p]
        finally:
            table.match.close()
            while app.stack:
                app.pop()
    assert not found, f"{len(found)} problems:\n" + "\n".join(found[:40])


def test_the_host_s_panel_is_the_taller_one():
    """The hosted table's panel has the code's and the address's rows (else the test above
    would measure an ordinary table)."""
    app = App(size=(1280, 720), settings={"sound": False, "animation_speed": "off"},
              settings_path=None)
    table_mod.install(app)
    table = host(app, "japanese65")
    try:
        rows = [str(label) for label, _value, _colour in table.panel_lines()]
        assert "Table code" in rows and "Address" in rows
        assert isinstance(table.score_panel_rect(), pygame.Rect)
    finally:
        table.match.close()
        while app.stack:
            app.pop()


#: the longest name a friend may give (protocol.MAX_NAME): the host's buttons say it
LONG_NAME = "Maximiliane Duvals"
HOST_BUTTONS = ("Stand in", "Hand over", "Send away")


class Clock:
    """The hosted match's clock, moved by the test (a friend's silence is measured on it)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def until(app: App, table: TableScene, test, seconds: float = 30.0) -> None:
    """Step the table until ``test()``; the host's own moves are its first legal one, the
    computers move at once."""
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, "the table did not get there"
        if table.my_turn() and table.legal:
            table.try_action(table.legal[0])
        table.match.poll(now=float("inf"))
        app.step([], DT)
        time.sleep(0.001)


def host_buttons(table: TableScene) -> list:
    return [w for w in table.form.widgets if w.name in HOST_BUTTONS]


def host_button_problems(app: App, table: TableScene) -> list[str]:
    """The host's buttons on the window, clear of every card and pile, plate, the score
    panel, the other buttons and each other (touching a card's rounded edge allowed, as in
    test_layout_sizes)."""
    bounds = app.screen.get_rect()
    ours = host_buttons(table)
    others = [w for w in table.form.widgets if w not in ours and w.visible
              and w.rect.width > 0]
    laid = cards(table) + [(f"plate {s}", table.plate_rect(s, bounds))
                           for s in range(table.match.n_players)]
    panel = table.score_panel_rect()
    if panel is not None:
        laid.append(("the score panel", panel))
    laid += [(f"{w.name!r}", pygame.Rect(w.rect)) for w in others]
    found = []
    for i, b in enumerate(ours):
        rect = pygame.Rect(b.rect)
        if not bounds.contains(rect):
            found.append(f"{b.name!r} {tuple(rect)} off the window")
        found += [f"{b.name!r} {tuple(rect)} over {what} {tuple(r)}" for what, r in laid
                  if rect.colliderect(r)]
        found += [f"{b.name!r} over {o.name!r}" for o in ours[i + 1:]
                  if rect.colliderect(o.rect)]
    return found


def every_look(app: App, table: TableScene, watch: Watch, what: str) -> list[str]:
    """The problems of the table as it stands, in both languages and three text sizes."""
    found = []
    for lang, text_size in each_look(app):
        watch.draw(app)
        where = f"{what} {lang} {text_size}"
        assert host_buttons(table), where       # else nothing would be measured
        found += [f"{where}: {p}" for p in host_button_problems(app, table)]
        found += [f"{where}: {p}" for p in layout_problems(app, table, watch)
                  if "cut short" not in p]
    return found


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["1280x720", "1920x1080"])
def test_the_host_s_buttons_at_a_seat_nobody_has_taken(monkeypatch, size):
    """"Let a computer play for ..." at the seat no friend has taken, in every game once
    the match waits there (the host plays its own turns): beside Menu it touched
    Sixty-Six's top plate by 2 px at normal text size; it meets nothing now."""
    app, watch = watched_app(monkeypatch, size)
    found = []
    for game in GAMES:
        table = host(app, game)
        watch.watch_form(table)
        try:
            until(app, table, lambda t=table: t.waiting_seat() == 1 and t.settled)
            app.step([], DT)
            assert [b.name for b in host_buttons(table)] == ["Stand in"], game
            found += every_look(app, table, watch, game)
        finally:
            table.match.close()
            while app.stack:
                app.pop()
    assert not found, f"{len(found)} problems:\n" + "\n".join(found[:40])


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["1280x720", "1920x1080"])
def test_the_host_s_buttons_for_a_silent_friend(monkeypatch, size):
    """A friend with the longest name, silent at their turn: "Let a computer play for ..."
    and "Send ... away" side by side reached well into the top plates of four of the five
    games; they meet nothing now, in every game."""
    app, watch = watched_app(monkeypatch, size)
    found = []
    for game in GAMES:
        table = host(app, game, idle_seconds=None)
        watch.watch_form(table)
        match = table.match
        clock = match.clock = Clock()
        friend, error, _ = connect(LOOPBACK, netplay.table_server(match).port, LONG_NAME,
                                   code=netplay.table_server(match).code)
        assert friend is not None, error
        try:
            until(app, table, lambda m=match: m.seat_status(1) == "connected")
            until(app, table, lambda m=match, t=table: m.to_act == 1 and t.settled)
            clock.now += SLOW_SECONDS + 1
            until(app, table, lambda t=table: len(host_buttons(t)) == 2)
            assert all(LONG_NAME in b.text for b in host_buttons(table))
            found += every_look(app, table, watch, game)
        finally:
            friend.close()
            match.close()
            while app.stack:
                app.pop()
    assert not found, f"{len(found)} problems:\n" + "\n".join(found[:40])


def test_the_host_s_button_follows_the_language():
    """The language changed on its own (no other setting): the host's button at the seat
    nobody has taken says its words in the new language, as wide as they need (it kept the
    words and width it was made with until the next move)."""
    app = App(size=(1280, 720), settings={"sound": False, "animation_speed": "off"},
              settings_path=None)
    table_mod.install(app)
    table = host(app, "sixtysix")
    try:
        until(app, table, lambda: table.waiting_seat() == 1 and table.settled)
        app.step([], DT)
        before = host_buttons(table)[0]
        assert before.text.startswith("Let a computer play")
        app.set_setting("language", "fr")
        app.step([], DT)
        button = host_buttons(table)[0]
        assert not button.text.startswith("Let a"), button.text
        assert button.rect.width == button.snug_width(0) > before.rect.width
    finally:
        app.set_setting("language", "en")
        table.match.close()
        while app.stack:
            app.pop()
