"""The program window: frame loop, scene stack, settings, toasts, fullscreen.

    app = App(size=(1280, 720), settings=None, settings_path=None)
    app.push(MenuScene())
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(640, 360), button=1)], 1 / 60)

``cardtable.ui.main.run()`` is what the program starts with; tests build an ``App`` and
call ``step`` so every frame is driven by the events they post. Screens go by name:
``app.open("rules", game_id)`` pushes the screen of that name (see ``cardtable.ui.screens``),
``app.build(name, ...)`` only makes it. The App's members about matches, given values by
``cardtable.ui.scenes.table.install`` (its ``MatchDesk``), or by a test:

* ``app.on_start_match(config)``: start the table for a setup ``config`` (see setup.py)
* ``app.on_continue_match()``:    resume the match in progress
* ``app.match_in_progress()``:    returns True when a match can be continued
* ``app.match_game()``:           the game id of the match in progress, or None
* ``app.table``:                  the table scene of the match in progress, or None
* ``app.stats``:                  statistics, game id -> level -> record (see storage.py)
* ``app.data_dir``:               folder of the autosave and statistics (None: not kept)
* ``app.settings_listeners``:     callables ``fn(key, value)`` told about every settings change
* ``app.on_first_frame(app)``:     called once the first frame of ``loop()`` is on screen

Frames only when something changes: ``loop()`` draws at the display rate while anything
moves (a scene's or a toast's :meth:`next_frame_in` is 0) and for as long as the frames it
draws keep changing (a button's hover fading in); otherwise it sleeps on the event queue
until an event, or until the next timer a scene named is due, and draws nothing: it
sleeps in SDL's own wait (:func:`cardtable.ui.sdl.wait_for_event`), which nothing wakes but
the window's events, the timer, and another thread's :func:`wake` (a computer player's move
is ready, a message came from the network). A frame identical to the one on screen is not
shown again.

``CARDTABLE_FIRST_FRAME_FILE=path`` in the environment makes ``run()`` write the wall-clock
time (``time.time()``) of its first shown frame to ``path`` and close: the build measures the
program's start-up with it (``build/first_frame.py``).
"""

from __future__ import annotations

import hashlib
import logging
import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pygame

from cardtable import i18n, storage
from cardtable.i18n import Msg
from cardtable.ui import cardart, memory, screens, sdl, theme, toasts
from cardtable.ui.held_keys import KEYS
from cardtable.ui.icon import draw_icon
from cardtable.ui.narrator import Narrator
from cardtable.ui.scene import Scene
from cardtable.ui.toasts import Toast, reading_time
from cardtable.ui.window import MIN_SIZE, WINDOW_FLAGS, claim_window_class, fit_window

log = logging.getLogger(__name__)

#: posted by :func:`wake` from any thread: it carries nothing, it only ends the loop's sleep
WAKE = pygame.event.custom_type()
#: the window was shown again or uncovered: its picture is drawn and shown even if unchanged
_EXPOSING = {pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN,
             pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED, pygame.WINDOWSIZECHANGED}
#: the display rate the loop draws at while something moves
FPS = 60


def wake() -> None:
    """End the loop's sleep so it updates and draws (safe from any thread)."""
    try:
        if pygame.display.get_init():
            pygame.event.post(pygame.event.Event(WAKE))
    except pygame.error:   # the window is closing
        pass
    sdl.WOKEN.set()


def sooner(a: float | None, b: float | None) -> float | None:
    """The earlier of two due times (None: never)."""
    if a is None:
        return b
    if b is None:
        return a
    return min(a, b)


def remembered_setup(before: dict | None, config: dict) -> dict:
    """What a new match leaves remembered as its game's setup: its setup; but a deal code's
    or the daily deal's (``seed``: the deal's own count of players and options) keeps the
    count of players and the options the person chose before, with the seats as they were
    named and set for this deal (a daily deal of two players made the next New game of a
    four-player habit start at two)."""
    if "seed" not in config or not isinstance(before, dict):
        return config
    kept = dict(before)
    seats = list(before.get("seats") or []) if isinstance(before.get("seats"), list) else []
    for i, seat in enumerate(config.get("seats") or []):
        if i < len(seats):
            seats[i] = seat
        else:
            seats.append(seat)
    kept["seats"] = seats
    return kept


class App:
    """The window and everything that lives as long as it does."""

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        settings: dict[str, Any] | None = None,
        settings_path: str | os.PathLike | None = None,
    ):
        self.settings_path = Path(settings_path) if settings_path is not None else None
        self.settings: dict[str, Any] = storage.defaults()
        if settings:
            self.settings.update(settings)
        claim_window_class()
        memory.configure()      # before the first image and the first worker thread
        sdl.init()
        if size is None:
            size = fit_window(self.settings.get("window_size"))
        self.windowed_size: tuple[int, int] = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        self.fullscreen = False
        pygame.display.set_caption("cardtable")
        try:
            pygame.display.set_icon(draw_icon(64))
        except pygame.error:
            pass
        self.screen = pygame.display.set_mode(self.windowed_size, WINDOW_FLAGS)
        self.size: tuple[int, int] = self.screen.get_size()
        theme.set_scale_for(self.size)
        pygame.key.set_repeat(380, 40)

        self.clock = pygame.time.Clock()
        self.stack: list[Scene] = []
        self.toasts: list[Toast] = []
        self.toast_rects: list[pygame.Rect] = []     # where they were last drawn
        self.running = True
        self.time = 0.0
        self.frame = 0
        #: frames the loop showed (flipped); a frame identical to the last is not shown
        self.frames_shown = 0
        #: the loop's clock and its sleep, replaceable by tests (simulated time):
        #: ``now()`` in seconds, ``wait_events(timeout)`` the events that came within
        #: ``timeout`` seconds (None: wait for one), ``pace()`` waits out the display rate
        self.now: Callable[[], float] = time.monotonic
        self.wait_events: Callable[[float | None], list] = sdl.wait_events
        self.pace: Callable[[], Any] = lambda: self.clock.tick(FPS)
        self._last_tick: float | None = None
        self._shown: bytes | None = None      # digest of the picture on screen, if kept
        self._busy_since_trim = False
        self._settling = True                 # the last frame shown differed from the one before
        self._partial = False                 # rectangles alone were shown since a whole frame
        self._toasts_drawn: list[int] = []    # the toasts of the last frame, the newest first

        # matches: set by the table's install() (see the module docstring)
        self.on_start_match: Callable[[dict], Any] | None = None
        self.on_continue_match: Callable[[], Any] | None = None
        self.match_in_progress: Callable[[], bool] | None = None
        self.match_game: Callable[[], str | None] | None = None
        self.table: Scene | None = None
        self.stats: dict[str, dict] = {}
        #: where the match in progress and the statistics are kept (None: nowhere)
        self.data_dir: Path | None = None
        self.settings_listeners: list[Callable[[str, Any], None]] = []
        self.on_first_frame: Callable[[App], Any] | None = None
        #: the card sounds, made by the first table (cardtable.ui.sound.Sounds)
        self.sounds: Any = None
        self.last_match_config: dict | None = None
        #: what is said aloud for a screen reader (speech.py); opened after the first frame
        #: (made before anything can show a toast: a toast is said too)
        self.narrator = Narrator(self)

        if self.settings.get("fullscreen"):
            self.set_fullscreen(True)
        # the language setting ("auto", "en", "fr") applies at once, without a restart: every
        # text is translated where it is drawn
        self.settings_listeners.append(self._setting_changed)
        self.settings_listeners.append(self.narrator.setting_changed)
        if "language" in self.settings:
            i18n.set_language(self.settings["language"])
        cardart.set_court_letters(self.settings.get("court_letters", "auto"))
        theme.set_access(bool(self.settings.get("high_contrast")),
                         str(self.settings.get("text_size", "normal")))

    # ------------------------------------------------------------------ scene stack
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> Scene:
        keys = self._keys_in_use()
        if self.stack:
            self.stack[-1].on_pause()
        scene.app = self
        self.stack.append(scene)
        scene.on_enter()
        self._keys_go_on(keys)
        return scene

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        keys = self._keys_in_use()
        scene = self.stack.pop()
        scene.on_exit()
        if self.stack:
            self.stack[-1].on_resume()
            self._keys_go_on(keys)
        return scene

    def replace(self, scene: Scene) -> Scene:
        keys = self._keys_in_use()
        if self.stack:
            old = self.stack.pop()
            old.on_exit()
        scene.app = self
        self.stack.append(scene)
        scene.on_enter()
        self._keys_go_on(keys)
        return scene

    def _keys_in_use(self) -> bool:
        """The person is using the keys on the screen on top (its focus ring shows)."""
        form = getattr(self.top, "form", None)
        return bool(getattr(form, "keyboard", False))

    def _keys_go_on(self, keys: bool) -> None:
        """A screen opened or uncovered while the keys were in use shows its focus ring at
        once (a keyboard player saw none until an arrow key); after the mouse, as it was."""
        form = getattr(self.top, "form", None)
        if keys and form is not None and hasattr(form, "keyboard"):
            form.keyboard = True

    def reset(self, scene: Scene) -> Scene:
        """Empty the stack (each scene gets on_exit) and show ``scene`` alone."""
        while self.stack:
            self.stack.pop().on_exit()
        return self.push(scene)

    def build(self, name: str, *args, **kwargs) -> Scene:
        """A new screen called ``name`` (see :mod:`cardtable.ui.screens`), not shown yet."""
        return screens.build(name, *args, **kwargs)

    def open(self, name: str, *args, **kwargs) -> Scene:
        """Push a new screen called ``name``, built from the arguments, and return it."""
        return self.push(self.build(name, *args, **kwargs))

    def find(self, kind: type) -> Scene | None:
        """The topmost scene of class ``kind`` on the stack, if any."""
        for scene in reversed(self.stack):
            if isinstance(scene, kind):
                return scene
        return None

    # ------------------------------------------------------------------ messages
    def toast(self, text: str | Msg, seconds: float = 2.8, kind: str = "info") -> Toast:
        """Show a short message near the bottom of the window. ``kind``: info, good, bad.

        ``text`` is a marked text or a :class:`~cardtable.i18n.Msg`; it is translated each
        time it is drawn, so a toast follows a change of language."""
        kept = [t for t in self.toasts if t.text != text][-2:]
        seconds = max(seconds, reading_time(text))
        if kind == "bad":
            # a problem is read to the end, after the problems shown before it
            seconds += sum(reading_time(t.text) for t in kept if t.kind == "bad")
        toast = Toast(text, seconds, kind)
        self.narrator.say(text, interrupt=False)
        self.toasts = kept + [toast]
        return toast

    # ------------------------------------------------------------------ settings
    def set_setting(self, key: str, value: Any) -> None:
        """Change one setting, save the file, tell the listeners."""
        if self.settings.get(key) == value:
            return
        self.settings[key] = value
        self.save_settings()
        for listener in list(self.settings_listeners):
            listener(key, value)

    def _setting_changed(self, key: str, value: Any) -> None:
        if key == "language":
            i18n.set_language(value)
        elif key == "court_letters":
            cardart.set_court_letters(value)
        elif key in ("high_contrast", "text_size"):
            self.apply_access()

    def apply_access(self) -> None:
        """Apply the high-contrast and text-size settings; every scene lays itself out again
        (larger type needs wider buttons)."""
        if theme.set_access(bool(self.settings.get("high_contrast")),
                            str(self.settings.get("text_size", "normal"))):
            for scene in list(self.stack):
                scene.on_resize(self.size)

    def save_settings(self) -> None:
        if self.settings_path is None:
            return
        try:
            storage.save_settings(self.settings, self.settings_path)
        except OSError as exc:
            self.toast(Msg("Could not save the settings: {reason}", reason=exc.strerror or exc),
                       kind="bad")

    # ------------------------------------------------------------------ matches
    def has_match_in_progress(self) -> bool:
        if self.match_in_progress is None:
            return False
        return bool(self.match_in_progress())   # the table's answer, read from memory

    def start_match(self, config: dict) -> bool:
        """Hand a setup to the table. Returns False (with a toast) if no table is available."""
        self.last_match_config = config
        last = dict(self.settings.get("last_setup") or {})
        before = last.pop(config["game"], None)
        # the most recent last (setup reads names so)
        last[config["game"]] = remembered_setup(before, config)
        self.set_setting("last_setup", last)
        if self.on_start_match is None:
            self.toast(Msg("The table for this game is not available yet."), kind="bad")
            return False
        self.on_start_match(config)
        return True

    def continue_match(self) -> bool:
        if self.on_continue_match is None:
            self.toast(Msg("There is no match to continue."), kind="bad")
            return False
        self.on_continue_match()
        return True

    # ------------------------------------------------------------------ window
    def set_fullscreen(self, on: bool) -> None:
        if on == self.fullscreen:
            return
        try:
            if on:
                self.windowed_size = self.size
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                self.screen = pygame.display.set_mode(self.windowed_size, WINDOW_FLAGS)
        except pygame.error as exc:
            self.toast(Msg("Could not change the window: {reason}", reason=exc), kind="bad")
            return
        self.fullscreen = on
        self.settings["fullscreen"] = on
        self._resized(self.screen.get_size())
        self.save_settings()

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.fullscreen)

    def resize(self, size: tuple[int, int]) -> None:
        """The window is now ``size`` (from a VIDEORESIZE event or a test)."""
        size = (max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1])))
        if self.screen.get_size() != size and not self.fullscreen:
            self.screen = pygame.display.set_mode(size, WINDOW_FLAGS)
        if not self.fullscreen:
            self.windowed_size = self.screen.get_size()
            self.settings["window_size"] = list(self.windowed_size)
        self._resized(self.screen.get_size())

    def follow_window(self) -> None:
        """The window may be resized before its VIDEORESIZE event comes: the scenes are
        laid out for the size the frame is drawn at, never one frame at the old one."""
        surface = pygame.display.get_surface()
        if surface is not self.screen or self.fullscreen or surface.get_size() == self.size:
            return
        self.windowed_size = surface.get_size()
        self._resized(surface.get_size())

    def _resized(self, size: tuple[int, int]) -> None:
        if size == self.size and getattr(self, "_scaled_for", None) == size:
            return
        self.size = size
        self._scaled_for = size
        theme.set_scale_for(size)
        for scene in list(self.stack):
            scene.on_resize(size)

    # ------------------------------------------------------------------ frame
    def handle_event(self, event: pygame.event.Event) -> None:
        KEYS.see(event)     # a key coming up is seen, whichever screen is on top
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize(event.size)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 and \
                self.dismiss_toast(event.pos):
            return
        if event.type == pygame.KEYDOWN:
            self.narrator.key(event)      # a key silences what is being said
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN and (
            getattr(event, "mod", 0) & pygame.KMOD_ALT
        ):
            self.toggle_fullscreen()
            return
        if self.stack:
            self.stack[-1].handle_event(event)

    def update(self, dt: float) -> None:
        self.time += dt
        for toast in self.toasts:
            toast.age += dt
        self.toasts = [t for t in self.toasts if t.alive]
        if not self.stack:
            return
        top = self.stack[-1]
        for scene in self.stack[:-1]:
            if scene.update_when_covered:
                scene.update(dt)
        top.update(dt)
        table = self.table
        if table is not None and table is not top and not table.update_when_covered:
            # a table open to other computers goes on out of sight (Scene.update_away)
            table.update_away(dt)

    def draw(self, surface: pygame.Surface | None = None) -> None:
        surface = surface or self.screen
        if not self.stack:
            theme.backdrop(surface, self.settings.get("felt", "green"))
        else:
            for scene in self.stack[self._first_drawn():]:
                scene.draw(surface)
        self.draw_toasts(surface)

    def toast_room(self) -> int:
        """The widest a toast's text may be: the window's width less its margins (at most a
        comfortable line), or less where the scene on top says (the menu's column beside
        its panel, :meth:`Scene.toasts_room`). A longer message is wrapped."""
        room = min(self.size[0] - theme.px(120), theme.px(720))
        if self.top is not None:
            room = self.top.toasts_room(room) or room
        return max(theme.px(120), room)

    def toast_lines(self) -> list[tuple[list[str], Toast]]:
        """Each toast's lines, wrapped to :meth:`toast_room`, the newest first."""
        return toasts.wrapped(list(reversed(self.toasts)), self.toast_room())

    def toast_boxes(self) -> list[tuple[pygame.Rect, Toast]]:
        """Where each toast is drawn, the newest first: above the line of keys along a
        screen's foot (the menu's), or where the scene on top wants them (clear of a
        summary's panel and its buttons), one above the other. Toasts that would go past
        the window's top wait (they are drawn when those below them are gone)."""
        return [(rect, toast) for rect, _, toast in self._toast_layout()]

    def _toast_layout(self) -> list[tuple[pygame.Rect, list[str], Toast]]:
        boxes = self.toast_lines()
        if not boxes or self.top is None:
            return toasts.place(boxes, self.size, None, None)
        top = self.top
        return toasts.place(boxes, self.size, top.toasts_bottom, top.toasts_centre)

    def draw_toasts(self, surface: pygame.Surface) -> None:
        placed = self._toast_layout()
        self.toast_rects = [rect for rect, _, _ in placed]      # the newest first
        self._toasts_drawn = [id(t) for _, _, t in placed]
        for rect, lines, toast in placed:
            toasts.draw(surface, rect, lines, toast)

    def dismiss_toast(self, pos: tuple[int, int]) -> bool:
        """A click on a toast: it fades away now (True); elsewhere nothing (False)."""
        for rect, toast in zip(self.toast_rects, reversed(self.toasts), strict=False):
            if rect.collidepoint(pos) and toast.alive:
                toast.dismiss()
                return True
        return False

    def changed_area(self) -> list[pygame.Rect] | None:
        """Where the picture changed by itself in the update just done: the rectangles the
        scenes drawn name (:meth:`Scene.redraw_area`) and those of the toasts fading, come
        or gone; None: anywhere (the whole frame is drawn)."""
        rects: list[pygame.Rect] = []
        for scene in self.stack[self._first_drawn():]:
            area = scene.redraw_area()
            if area is None:
                return None
            rects += area
        if [id(t) for t in reversed(self.toasts)] != self._toasts_drawn or \
                any(t.fading() for t in self.toasts):
            rects += self.toast_rects + [rect for rect, _ in self.toast_boxes()]
        return rects

    def _first_drawn(self) -> int:
        """The index of the lowest scene drawn: the top one and the overlays' scenes below."""
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        return max(0, first)

    def step(self, events: Iterable[pygame.event.Event] = (), dt: float = 1 / 60,
             flip: bool = True) -> None:
        """One frame: handle ``events``, update by ``dt`` seconds, draw (and show)."""
        for event in events:
            self.handle_event(event)
            if not self.running:
                return
        self.follow_window()
        self.update(dt)
        self.narrator.follow()
        self.draw(self.screen)
        self.frame += 1
        if flip:
            pygame.display.flip()

    def quit(self) -> None:
        """Stop the loop after this frame (the settings are saved)."""
        self.running = False
        self.save_settings()

    def next_frame_in(self) -> float | None:
        """When the picture next changes by itself: 0 = now (something moves), a number of
        seconds (a timer), None = not until an event."""
        due: float | None = None
        for toast in self.toasts:
            due = sooner(due, toast.next_frame_in())
        if self.stack:
            updated = [s for s in self.stack[:-1] if s.update_when_covered] + [self.stack[-1]]
            for scene in updated:
                due = sooner(due, scene.next_frame_in())
            table = self.table
            if table is not None and table not in updated:
                due = sooner(due, table.away_due())
        if due is None:
            return None
        # a timer due in no time is a millisecond away (the sleep's resolution), so that
        # rounding cannot make the loop spin on sleeps of nothing
        return 0.0 if due <= 0 else max(0.001, due)

    def loop_once(self) -> bool:
        """One pass of the loop: sleep while nothing moves (until an event or the next
        timer), else keep to the display rate; handle the events, update, draw, and show
        the frame if it differs from the one on screen. Returns True when one was shown.

        A pass that handled no event, whose changes the scenes and toasts can place
        (:meth:`changed_area`), draws and shows those rectangles only."""
        due = 0.0 if self._settling or self.frames_shown == 0 else self.next_frame_in()
        if due == 0.0:
            self.pace()
            events = pygame.event.get()
        else:
            if self._busy_since_trim:
                # a quiet spell begins: what the busy one freed goes back to the system
                self._busy_since_trim = not memory.trim()
            events = self.wait_events(due)
        now = self.now()
        elapsed = 0.0 if self._last_tick is None else max(0.0, now - self._last_tick)
        self._last_tick = now
        area: list[pygame.Rect] | None = []
        if due == 0.0:
            dt = min(elapsed, 0.1)
        else:
            # nothing moved while the loop slept: timers catch up on the whole time first,
            # so a toast shown by one of these events is not aged by the sleep
            self.update(elapsed)
            area = self.changed_area()
            dt = 0.0
        for event in events:
            self.handle_event(event)
            if not self.running:
                return False
        size = self.size
        self.follow_window()
        self.update(dt)
        self.narrator.follow()
        self.frame += 1
        exposed = any(e.type in _EXPOSING for e in events)
        more = self.changed_area()       # asked every pass: a scene sees what moved since
        if area is not None and more is not None and not events and size == self.size \
                and self.frames_shown and area + more:
            return self._show_area(area + more)
        if self._partial:
            # rectangles alone were shown since the last whole frame: what is on screen now
            # is the picture this one is compared with
            self._shown = self._digest()
            self._partial = False
        self.draw(self.screen)
        return self._show(changed=exposed or self.next_frame_in() == 0.0)

    def _show_area(self, rects: list[pygame.Rect]) -> bool:
        """Draw the frame within ``rects`` only and show them (see :meth:`changed_area`)."""
        bounds = self.screen.get_rect()
        rects = [r.clip(bounds) for r in rects]
        rects = [r for r in rects if r.width > 0 and r.height > 0]
        if not rects:
            return False
        union = rects[0].unionall(rects[1:])
        self.screen.set_clip(union)
        try:
            self.draw(self.screen)
        finally:
            self.screen.set_clip(None)
        pygame.display.update(union)
        self.frames_shown += 1
        self._busy_since_trim = True
        # an easing is followed until it settles; what a scene times itself (a glow
        # breathing at its own rate) comes back when due, and a whole frame checks the
        # picture once nothing is due
        self._settling = self.next_frame_in() in (None, 0.0)
        self._partial = True
        self._shown = None
        return True

    def _digest(self) -> bytes | None:
        """A digest of the pixels of the frame (read in place: no copy is made or kept).
        SHA-1 tells pictures apart (nothing here is a secret) in half BLAKE2b's time where
        the processor computes it itself (4.7 against 9.2 ms a 1280x720 frame)."""
        try:
            return hashlib.sha1(self.screen.get_view("1"), usedforsecurity=False).digest()
        except (pygame.error, ValueError, TypeError, BufferError):
            return None

    def _show(self, changed: bool) -> bool:
        """Flip the frame just drawn unless it is the picture already on screen."""
        if changed:
            self._shown = None           # moving (or uncovered): shown without comparing
        else:
            picture = self._digest()
            if picture is not None and picture == self._shown:
                self._settling = False
                return False
            self._shown = picture
        pygame.display.flip()
        self.frames_shown += 1
        self._busy_since_trim = True
        self._settling = True
        if self.frames_shown == 1 and self.on_first_frame is not None:
            self.on_first_frame(self)
        return True

    def loop(self) -> int:
        """Run until the window is closed: frames at the display rate while something
        changes, none while nothing does. Ctrl+C and SIGTERM reach it asleep too (SIGTERM
        closes it as its window's close button does)."""
        undo = sdl.relay_signals(wake, self.quit)
        try:
            while self.running:
                self.loop_once()
        finally:
            undo()
        self.save_settings()
        return 0
