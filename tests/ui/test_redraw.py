"""Small things cost little: what changes by itself alone is drawn again and shown (dummy
video driver, simulated time). A toast fading, a button's hover easing and a caret's blink
are drawn within their own rectangles; a caret rests after a while; the Join screen
sleeps until its list of tables changes."""

from __future__ import annotations

import pygame
import pytest

from cardtable.match import Match, Seat
from cardtable.ui import app as app_mod
from cardtable.ui.app import App
from cardtable.ui.scenes import join as join_mod
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.menu import MenuScene
from cardtable.ui.scenes.table import TableScene
from cardtable.ui.widgets import TextInput
from cardtable.ui.widgets.base import BLINK_FOR


class Shown:
    """Records what the loop shows: whole frames (flip) and rectangles (update)."""

    def __init__(self, monkeypatch):
        self.flips = 0
        self.areas: list[pygame.Rect] = []
        monkeypatch.setattr(pygame.display, "flip", self._flip)
        monkeypatch.setattr(pygame.display, "update", self._update)

    def _flip(self):
        self.flips += 1

    def _update(self, rect=None):
        assert rect is not None, "a whole frame shown through update()"
        self.areas.append(pygame.Rect(rect))

    def clear(self):
        self.flips = 0
        self.areas.clear()


def drive(app: App, clock: list[float], seconds: float, max_passes: int = 5000) -> None:
    """Run the loop for ``seconds`` of simulated time (a sleep jumps the clock)."""
    def wait(timeout):
        events = pygame.event.get()
        if events or timeout is None:
            clock[0] = max(clock[0], end) if not events else clock[0]
            return events
        clock[0] += timeout
        return pygame.event.get()

    app.now = lambda: clock[0]
    app.pace = lambda: clock.__setitem__(0, clock[0] + 1 / 60)
    app.wait_events = wait
    end = clock[0] + seconds
    for _ in range(max_passes):
        if clock[0] >= end:
            return
        app.loop_once()


def test_a_toast_fading_is_drawn_and_shown_within_its_own_rectangle(app, monkeypatch):
    app.push(MenuScene())
    clock = [10.0]
    drive(app, clock, 2.0)                      # the first frames, settled
    shown = Shown(monkeypatch)
    toast = app.toast("You must follow suit.", seconds=2.0)
    drive(app, clock, 4.0)
    assert not app.toasts
    rect = app.toast_rects[0] if app.toast_rects else None
    boxes = {tuple(r) for r in shown.areas}
    assert shown.areas, "the toast's fades were shown as whole frames"
    # every rectangle shown is the toast's own (its place, drawn and gone)
    assert all(r.width < app.size[0] // 2 and r.height < app.size[1] // 4 for r in shown.areas)
    assert len(boxes) == 1, boxes
    assert toast.alpha() == 0 and rect is None
    # the whole window: the frame it came on (the first fade-in frame follows the call to
    # toast(), an event-free pass: also its rectangle) and a check once it has gone
    assert shown.flips <= 2


def table_at_rest(app) -> tuple[TableScene, list[float]]:
    """A Sixty-Six table against a computer, driven on a fake clock until the person's turn
    with nothing left to draw; the table and its clock."""
    table_mod.install(app)
    seats = [Seat("P0", "human", "easy"), Seat("P1", "computer", "easy")]
    table = TableScene(Match("sixtysix", seats, seed=5, pace=0.0), speed="fast", pace=0.0,
                       sound=False)
    table_mod.show_table(app, table)
    clock = [10.0]
    for _ in range(30):
        drive(app, clock, 2.0)
        if table.my_turn() and table.settled and table.next_frame_in() is None:
            break
    assert table.my_turn() and table.next_frame_in() is None, "not at rest at the turn"
    return table, clock


def test_a_toast_at_the_table_is_drawn_within_its_own_rectangle(app, monkeypatch):
    table, clock = table_at_rest(app)
    shown = Shown(monkeypatch)
    table.show_toast("You must follow suit.")
    drive(app, clock, 4.0)
    assert table.toast is None
    assert shown.areas, "the table's toast was shown as whole frames"
    assert all(r.width < app.size[0] * 2 // 3 and r.height < app.size[1] // 4
               for r in shown.areas)
    assert shown.flips <= 3


def test_away_from_the_persons_turn_the_table_draws_whole_frames(app):
    table_mod.install(app)
    seats = [Seat("P0", "computer", "easy"), Seat("P1", "computer", "easy")]
    table = TableScene(Match("sixtysix", seats, seed=5, pace=0.0), speed="fast", pace=0.0,
                       sound=False)
    table_mod.show_table(app, table)
    app.step([], 1 / 60)
    table.show_toast("Hello")
    assert table.redraw_area() is None


def test_a_caret_blinks_for_a_while_then_rests_shown():
    field = TextInput("Ann")
    field.rect = pygame.Rect(10, 10, 200, 40)
    field.focused = True
    seen, t = [], 0.0
    while t < BLINK_FOR + 5.0:
        due = field.next_frame_in()
        if due is None:
            break
        field.update(due)
        t += due
        seen.append(field.blink < 0.55)
        assert field.redraw_area() is not None or not field.eased
    assert due is None and BLINK_FOR - 0.01 <= t <= BLINK_FOR + 0.01
    assert True in seen and False in seen          # it blinked
    assert field.blink < 0.55                      # it rests shown
    field.text_input("e")                          # typing: it blinks again
    assert field.next_frame_in() is not None
    field.update(0.2)
    assert field.redraw_area() is None             # nothing shows differently yet
    field.update(0.4)                              # hidden now: its own rectangle
    assert field.redraw_area().contains(field.rect)


def test_a_hover_easing_names_the_widget_only(app, monkeypatch):
    menu = app.push(MenuScene())
    clock = [10.0]
    drive(app, clock, 2.0)
    button = menu.widget("Rules")
    shown = Shown(monkeypatch)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center,
                                         rel=(1, 0), buttons=(0, 0, 0)))
    drive(app, clock, 1.5)
    assert button.hover_t == 1.0
    assert shown.flips <= 2            # the pass with the pointer's event; a final check
    assert shown.areas and all(r.contains(button.rect) and r.height < 3 * button.rect.height
                               for r in shown.areas)


class FakeBrowser:
    made: list = []

    def __init__(self, on_change=None):
        self.on_change = on_change
        self.started = False
        self.changed_at = 0.0
        self.found: list = []
        FakeBrowser.made.append(self)

    def start(self):
        self.started = True

    def close(self):
        pass

    def tables(self):
        return list(self.found)


def test_the_join_screen_sleeps_until_its_list_changes(app, monkeypatch):
    from cardtable.net.discovery import Found

    monkeypatch.setattr(join_mod, "Browser", FakeBrowser)
    scene = app.open("join")
    browser = FakeBrowser.made[-1]
    assert browser.on_change is app_mod.wake
    clock = [10.0]
    drive(app, clock, BLINK_FOR + 2.0)
    assert app.next_frame_in() is None         # no timer: the caret rests, nothing polls
    browser.found = [Found("Ann", "192.168.1.5", 47650, "sixtysix", 2, 7)]
    browser.changed_at = 1.0
    pygame.event.clear()
    browser.on_change()                        # from zeroconf's thread, in the program
    assert pygame.event.peek(app_mod.WAKE)
    drive(app, clock, 0.5)
    assert scene._shown_tables == browser.found and scene.widget("table0") is not None


@pytest.fixture(autouse=True)
def _no_fake_browsers():
    FakeBrowser.made.clear()
    yield


@pytest.mark.parametrize("where", ["menu", "table"])
def test_what_the_rectangles_show_is_the_whole_frame(app, monkeypatch, where):
    """Mid-fade, the window drawn in rectangles is the picture a whole frame would be."""
    clock = [10.0]
    if where == "menu":
        app.push(MenuScene())
        drive(app, clock, 2.0)
        say = app.toast
    else:
        table_mod.install(app)
        seats = [Seat("P0", "human", "easy"), Seat("P1", "computer", "easy")]
        table = TableScene(Match("sixtysix", seats, seed=5, pace=0.0), speed="fast",
                           pace=0.0, sound=False)
        table_mod.show_table(app, table)
        for _ in range(30):
            drive(app, clock, 2.0)
            if table.my_turn() and table.next_frame_in() is None:
                break
        say = table.show_toast
    shown = Shown(monkeypatch)
    say("You must follow suit.", 2.0)
    for _ in range(400):
        if len(shown.areas) >= 3:
            break
        drive(app, clock, 1 / 60)
    assert len(shown.areas) >= 3
    whole = pygame.Surface(app.size, 0, app.screen)
    app.draw(whole)
    assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(whole, "RGB")


def test_a_breathing_glow_is_drawn_within_its_own_rectangles(app, monkeypatch):
    """The turn's glow and the keyboard's ring breathe for a few seconds at the person's
    turn: only the rectangles they are drawn in are shown, and they make the whole
    frame's picture."""
    table, clock = table_at_rest(app)
    shown = Shown(monkeypatch)
    press_right = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="",
                                     scancode=0)
    pygame.event.post(press_right)          # the keyboard's ring comes, the glows breathe
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RIGHT, mod=0,
                                         scancode=0))
    drive(app, clock, 0.5)                  # the ring comes, the card rises: whole frames
    shown.clear()
    drive(app, clock, 1.0)
    due = table.next_frame_in()
    assert due is not None and 0 < due <= 1 / table_mod.scene.GLOW_RATE + 1e-9, \
        "the glows do not breathe at their own rate"
    # a second: about GLOW_RATE rectangles shown, each the glows' own
    assert table_mod.scene.GLOW_RATE // 2 < len(shown.areas) <= table_mod.scene.GLOW_RATE + 3
    assert shown.flips <= 2
    assert all(r.width * r.height < app.size[0] * app.size[1] // 3 for r in shown.areas)
    whole = pygame.Surface(app.size, 0, app.screen)
    app.draw(whole)
    assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(whole, "RGB")
    drive(app, clock, 6.0)
    assert table.next_frame_in() is None


def test_a_table_replaced_gives_back_its_pixels_while_still_held(app):
    """The table before is let go of by the App, but whoever still holds it (a caller's
    variable until the collector's next full pass: seen in a soak) no longer keeps its
    resting picture, a window's size of pixels, nor its drawn texts and panels."""
    old, clock = table_at_rest(app)
    assert old._canvas.surface is not None and len(old._text_cache) and len(old._panel_cache)
    seats = [Seat("P0", "human", "easy"), Seat("P1", "computer", "easy")]
    new = TableScene(Match("sixtysix", seats, seed=6, pace=0.0), speed="fast", pace=0.0,
                     sound=False)
    table_mod.show_table(app, new)
    assert app.table is new
    assert old._canvas.surface is None and old._static is None
    assert not old._text_cache and not old._panel_cache
    drive(app, clock, 1.0)
    assert new._canvas.surface is not None
    # drawn again (it is not, but nothing stops it), it draws its picture anew
    picture = pygame.Surface(app.size)
    old.draw(picture)
    assert old._canvas.surface is not None
