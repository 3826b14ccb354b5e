"""The loop draws frames only when something changes (simulated time, dummy video driver).

``App.loop_once`` is driven with a clock of the test's own: the loop's sleep on the event
queue becomes a jump of that clock when the queue is empty, so a minute of idling takes no
time, and every frame the loop shows is counted (``app.frames_shown``).
"""

from __future__ import annotations

import threading
import time

import pygame
import pytest

from cardtable.engine import registry
from cardtable.match import Match, Seat
from cardtable.ui import app as app_mod
from cardtable.ui import window
from cardtable.ui.app import App
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.menu import MenuScene
from cardtable.ui.scenes.table import TableScene


class Sim:
    """Simulated time for an App's loop; records every sleep (its timeout) and frame."""

    def __init__(self, app: App):
        self.app = app
        self.t = 100.0
        self.sleeps: list[float | None] = []
        app.now = lambda: self.t
        app.pace = self._pace
        app.wait_events = self._wait
        pygame.event.clear()

    def _pace(self) -> None:
        self.t += 1 / 60

    def _wait(self, timeout: float | None) -> list:
        self.sleeps.append(timeout)
        events = pygame.event.get()
        if events:
            return events
        if timeout is None:
            self.t = max(self.t, self.end)   # nothing would ever wake it: time runs out
            return []
        self.t += timeout
        return pygame.event.get()

    def run(self, seconds: float, until=None, max_passes: int = 20000) -> int:
        """Loop for ``seconds`` of simulated time (or until ``until()``); frames shown."""
        before = self.app.frames_shown
        self.end = self.t + seconds
        for _ in range(max_passes):
            if self.t >= self.end or (until is not None and until()):
                break
            self.app.loop_once()
        return self.app.frames_shown - before


@pytest.fixture
def app(settings_file):
    a = App(size=(1280, 720), settings={"sound": False}, settings_path=settings_file)
    table_mod.install(a)
    yield a
    while a.stack:
        a.pop()


def table_for(app: App, game: str, humans=(0,), pace: float = 0.0, speed="fast",
              seed: int = 5) -> TableScene:
    n = 4 if game == "japanese65" else max(2, registry.get(game).min_players)
    seats = [Seat(f"P{i}", "human" if i in humans else "computer", "easy") for i in range(n)]
    match = Match(game, seats, seed=seed, pace=pace)
    scene = TableScene(match, speed=speed, pace=pace, sound=False)
    table_mod.show_table(app, scene)
    return scene


def test_menu_idle_draws_nothing(app):
    app.push(MenuScene())
    sim = Sim(app)
    assert sim.run(3.0) >= 1                 # the first frame, and any hover settling
    assert sim.run(60.0) == 0
    # a minute of idling is a handful of sleeps, not 3600 passes
    assert len(sim.sleeps) < 10
    assert sim.sleeps[-1] is None


def test_pointer_over_nothing_shows_no_new_frame(app):
    app.push(MenuScene())
    sim = Sim(app)
    sim.run(3.0)
    for x in range(5, 60, 5):   # the top left corner: no widget there
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, 8), rel=(5, 0),
                                             buttons=(0, 0, 0)))
        assert sim.run(0.2) == 0


def test_toast_end_wakes_the_loop_and_nothing_else_does(app):
    app.push(MenuScene())
    sim = Sim(app)
    sim.run(3.0)
    sim.sleeps.clear()
    app.toast("Saved.", seconds=2.0)
    shown = sim.run(10.0)
    assert not app.toasts
    # drawn while it fades in (0.18 s) and out (0.5 s), 30 times a second (an alpha ramp
    # needs no more: at 60 the menu's toast cost 6-7 % of a core), asleep in between and
    # after
    assert 12 <= shown <= 30, shown
    timed = [s for s in sim.sleeps if s is not None]
    fades = [s for s in timed if s < 0.1]
    assert fades and all(abs(s - 1 / 30) < 0.005 for s in fades), fades
    held = [s for s in timed if s >= 0.1]
    assert len(held) == 1 and abs(held[0] - (2.0 - 0.5 - 0.18)) < 0.05, timed
    assert sim.sleeps[-1] is None


def test_resize_wakes_the_loop(app):
    app.push(MenuScene())
    sim = Sim(app)
    sim.run(3.0)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 640), w=1000, h=640))
    assert sim.run(1.0) >= 1
    assert app.size == (1000, 640)
    assert sim.run(30.0) == 0


def _persons_turn(table: TableScene) -> bool:
    return table.my_turn() and table.settled


@pytest.mark.parametrize("game", ["japanese65", "sixtysix", "rummy65", "pairs65", "quebec65"])
def test_table_waiting_for_the_person_draws_nothing(app, game):
    table = table_for(app, game)
    sim = Sim(app)
    sim.run(60.0, until=lambda: _persons_turn(table) and app.top is table)
    assert _persons_turn(table), "the deal did not reach the person's turn"
    sim.run(PULSE + 1.0)                 # the turn's glow breathes, then rests
    assert sim.run(60.0) == 0
    assert sim.sleeps[-1] is None


PULSE = table_mod.PULSE_SECONDS


def test_turn_glow_rests_after_a_while(app):
    table = table_for(app, "sixtysix")
    sim = Sim(app)
    sim.run(60.0, until=lambda: _persons_turn(table))
    assert table.next_frame_in() == 0.0      # breathing
    sim.run(PULSE + 0.5)
    assert table.pulse(4.0) == 0.5
    assert table.next_frame_in() is None


class GatedBot:
    """A computer player that finishes thinking only when the test opens the gate."""

    def __init__(self):
        self.gate = threading.Event()

    def choose(self, state, seat, budget=None):
        self.gate.wait(5.0)
        return state.legal_actions()[0]


def test_computer_move_wakes_the_loop_by_an_event(app):
    """The computer thinks on its own thread; meanwhile the loop sleeps (but for the
    'Thinking...' dots) and the event the match's ``on_ready`` posts wakes it."""
    table = table_for(app, "sixtysix", humans=(1,), speed="off", pace=0.0)
    match = table.match
    match.executor_kind = "thread"
    bot = GatedBot()
    match._bots = {0: bot}
    sim = Sim(app)
    moves = len(match.moves)
    # draw the deal and the turn's glow, until the loop sleeps while the computer thinks
    sim.run(PULSE + 2.0)
    assert match.thinking and len(match.moves) == moves
    due = app.next_frame_in()
    assert due is not None and due <= 1 / 3 + 1e-6   # only the 'Thinking...' dots
    assert not pygame.event.peek(app_mod.WAKE)
    shown = app.frames_shown
    bot.gate.set()                                # the computer finishes thinking
    deadline = time.monotonic() + 3.0
    while not pygame.event.peek(app_mod.WAKE) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert pygame.event.peek(app_mod.WAKE), "the ready move posted no wake event"
    sim.run(0.05)                                 # the next pass plays it at once
    assert len(match.moves) > moves
    sim.run(1.0)
    assert app.frames_shown > shown               # the card it played is drawn


def test_stepping_frames_directly_still_draws_every_frame(app):
    """Tests drive ``step``: it draws and counts a frame each time, as before."""
    app.push(MenuScene())
    before = app.frame
    for _ in range(5):
        app.step([], 1 / 60)
    assert app.frame == before + 5


def record_draws(monkeypatch) -> list:
    """Every card drawn from now on, with whether it cast its shadow."""
    from cardtable.ui.sprites import CardSprite

    drawn: list = []
    real = CardSprite.draw

    def record(self, surface, art, shadow=True):
        drawn.append((self, shadow))
        real(self, surface, art, shadow)

    monkeypatch.setattr(CardSprite, "draw", record)
    return drawn


@pytest.mark.parametrize("game", ["sixtysix", "rummy65"])
def test_a_pile_casts_one_shadow(app, game, monkeypatch):
    """The stock is drawn with the shadow of its bottom card only (a shadow under every
    card added up to a black edge)."""
    table = table_for(app, game, speed="normal")
    drawn = record_draws(monkeypatch)
    app.step([], 1 / 60)
    table.skip()
    table._static = None
    drawn.clear()
    app.step([], 1 / 60)
    stock = [(s, sh) for s, sh in drawn if s.zone == "stock"]
    assert stock and sum(1 for _s, sh in stock if sh) == 1


def test_an_abandoned_table_is_let_go(app):
    """Starting a new match while one is in progress forgets the old table (its settings
    listener kept it, its cards and caches, alive for as long as the program ran)."""
    import gc
    import weakref

    first = table_for(app, "sixtysix")
    app.step([], 1 / 60)
    gone = weakref.ref(first)
    del first
    table_for(app, "quebec65")
    app.step([], 1 / 60)
    gc.collect()
    assert gone() is None


def test_caches_stay_bounded_over_many_sizes_and_languages(app):
    from cardtable import i18n
    from cardtable.ui import theme

    table = table_for(app, "rummy65", speed="off")
    app.step([], 1 / 60)
    sizes = [(800 + 7 * i, 500 + 5 * i) for i in range(60)]
    for i, size in enumerate(sizes):
        app.resize(size)
        i18n.set_language("fr" if i % 2 else "en")
        table.show_toast(f"Message {i}", 2.0, kind="info")
        table.show_caption(f"Caption {i}")
        table.say(f"Line {i}")
        app.toast(f"Toast {i}")
        for _ in range(2):
            app.step([], 1 / 60)
    i18n.set_language("en")
    art = table.art
    assert len(art._widths) <= art.KEEP_WIDTHS
    assert len(art._cache) < 1500 and len(art._rot) <= art.KEEP_TURNED
    for fn in (theme._render, theme._rounded, theme._shadow):
        assert fn.cache_info().currsize <= fn.cache_info().maxsize
    # a long match at one size and language: every caption and toast is a new text
    for i in range(800):
        table.show_toast(f"Message {i}", 2.0, kind="info")
        table.show_caption(f"Caption {i}")
        app.step([], 1 / 60)
    assert len(table._panel_cache) <= table_mod.PANEL_CACHE
    assert len(table._text_cache) <= table_mod.TEXT_CACHE


def test_the_window_class_is_cardtable(monkeypatch):
    """pygame names the X11 class after the script ("__main__.py") when it is imported;
    the program claims its own name before the window opens; a value the person set wins."""
    import os
    import sys

    monkeypatch.setattr(sys, "argv", ["/somewhere/__main__.py"])
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "__main__.py")
    monkeypatch.delenv("SDL_APP_ID", raising=False)
    window.claim_window_class()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "cardtable"
    assert os.environ["SDL_APP_ID"] == "cardtable"
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "mine")
    window.claim_window_class()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "mine"


def test_turned_cards_are_kept_for_the_most_recent_angles_only():
    """Every card has a tilt of its own: the turned images of new deals keep coming."""
    from cardtable.ui.cardart import CardArt
    from cardtable.ui.lru import LRU

    art = CardArt()
    for i in range(600):
        art.rotated(art.back(80), 3 + i * 0.37)
    assert len(art._rot) == art.KEEP_TURNED
    cache = LRU(3)
    for k in "abc":
        cache[k] = k
    cache.get("a")                       # used: "b" is now the oldest
    cache["d"] = "d"
    assert list(cache) == ["c", "a", "d"]


def test_an_expert_computer_shows_thinking_while_it_thinks(app, monkeypatch, expert_in):
    """The expert's longer think is shown: its plate says 'Thinking...' until it plays."""
    expert_in("sixtysix")
    table = table_for(app, "sixtysix", humans=(1,), speed="off", pace=0.0)
    match = table.match
    match.seats[0].level = "expert"
    match.executor_kind = "thread"
    bot = GatedBot()
    match._bots = {0: bot}
    drawn: list[str] = []
    render = table._render_plate

    def record(size, pad, name, sub, *rest):
        drawn.append(str(sub))
        return render(size, pad, name, sub, *rest)

    table._render_plate = record
    try:
        Sim(app).run(PULSE + 2.0)
        assert match.thinking and match.to_act == 0
        assert any(s.startswith("Thinking") for s in drawn), drawn
    finally:
        bot.gate.set()


@pytest.mark.parametrize("game", ["sixtysix", "rummy65"])
def test_a_pile_moving_together_casts_two_shadows_at_most(app, game, monkeypatch):
    """The stock closing up as a card is drawn moves every card of it at once; each cast a
    shadow as it moved and the pile stood on a black block for a moment. Only its bottom
    and top cards cast one."""
    table = table_for(app, game, speed="normal")
    app.step([], 1 / 60)
    table.skip()
    stock = list(table.zones["stock"])
    assert len(stock) > 3
    for s in stock:                              # the whole pile on its way at once
        s.move_to(s.target[0] + 3, s.target[1] + 2, duration=0.5)
    drawn = record_draws(monkeypatch)
    app.step([], 1 / 60)
    moving = [(s, sh) for s, sh in drawn if s.zone == "stock" and s.moving]
    assert len(moving) == len(stock)
    assert 1 <= sum(1 for _s, sh in moving if sh) <= 2
