"""A held key acts only on the screen where it went down.

The App turns pygame's key repeat on (a held arrow runs along a hand, a held Backspace
clears a field), and a repeat is a KEYDOWN like any other: pygame-ce gives it no mark
(measured under Xvfb: the repeats of a held Enter carry the same key, mod, unicode and
scancode as its press). So a held Enter pressed "Continue" on a deal's summary, then
"Play again" on the match's end that came up under it, then skipped the new deal's
dealing and played the focused card at the new table.

:data:`KEYS` keeps, for each key down, the *press* it belongs to and who received that
press (a screen's :class:`~cardtable.ui.widgets.Form`, the table's
:class:`~cardtable.ui.keyboard.Keyboard`). A receiver asks :meth:`HeldKeys.admits` before
acting on a key event: the KEYDOWN that begins a press is admitted anywhere; its repeats
only by a receiver of the press. A screen that came up while the key was held sees its
repeats refused until the key comes up and goes down again.

A KEYDOWN counts as a repeat only when the keyboard says the key is down now
(``pygame.key.get_pressed``), the press's KEYUP has not been seen and the last KEYDOWN of
that key came less than :data:`PATIENCE` seconds ago. Repeats come every 40 ms, but not
while the program is busy: opening a table took over 1.5 s under load (seen under Xvfb, the
first repeats after it were taken for a press), so the patience is long. A KEYUP that
reached no receiver (the hot seat's hand-over screen takes no input in its first 0.45 s)
costs at most one press within that time; :meth:`HeldKeys.see`, called with every event
before the screens get it, leaves none unseen.
"""

from __future__ import annotations

import logging
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

log = logging.getLogger(__name__)

#: seconds without a KEYDOWN of a key after which it is taken to have come up unseen
PATIENCE = 5.0


def keyboard_holds(key: int) -> bool:
    """Does the keyboard (SDL's state, as of the last look at the queue) hold ``key`` down?"""
    try:
        return bool(pygame.key.get_pressed()[key])
    except (IndexError, pygame.error) as exc:    # a key SDL has no scancode for
        log.debug("no keyboard state for key %s: %s", key, exc)
        return False


@dataclass
class Press:
    """One key going down, until it comes up: who received it and when it last repeated."""

    number: int
    last: float
    receivers: list[weakref.ref] = field(default_factory=list)

    def received_by(self, receiver: object) -> bool:
        return any(r() is receiver for r in self.receivers)

    def add(self, receiver: object) -> None:
        if not self.received_by(receiver):
            self.receivers.append(weakref.ref(receiver))


class HeldKeys:
    """The keys down and their presses (see the module's docstring)."""

    def __init__(self, held: Callable[[int], bool] = keyboard_holds,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.held = held
        self.clock = clock
        self.down: dict[int, Press] = {}
        self.presses = 0
        #: the key event last decided and the answer: the same event passed on to a
        #: second receiver of one screen (the table's keys, then its buttons) gets it too
        self._event: pygame.event.Event | None = None
        self._answer = True

    def see(self, event: pygame.event.Event) -> None:
        """Note a key coming up, whoever receives the event (or nobody)."""
        if event.type == pygame.KEYUP:
            self.down.pop(getattr(event, "key", None), None)

    def admits(self, event: pygame.event.Event, receiver: object) -> bool:
        """May ``receiver`` act on ``event``? False only for a repeat of a key that went
        down before ``receiver`` saw it (on another screen)."""
        et = event.type
        if et not in (pygame.KEYDOWN, pygame.KEYUP):
            return True
        key = getattr(event, "key", None)
        if event is self._event:
            press = self.down.get(key)
            if self._answer and press is not None and et == pygame.KEYDOWN:
                press.add(receiver)
            return self._answer
        self._event = event
        self._answer = self._decide(et, key, receiver)
        return self._answer

    def _decide(self, et: int, key, receiver: object) -> bool:
        if et == pygame.KEYUP:
            self.down.pop(key, None)
            return True
        now = self.clock()
        press = self.down.get(key)
        if press is not None and now - press.last < PATIENCE and self.held(key):
            press.last = now
            if press.received_by(receiver):
                return True
            log.debug("key %s held from before this screen: its repeat is not acted on", key)
            return False
        self.presses += 1
        self.down[key] = Press(self.presses, now, [weakref.ref(receiver)])
        return True

    def forget(self) -> None:
        """Nothing is held (a new window, a test's start)."""
        self.down.clear()
        self._event = None
        self._answer = True


#: the one window's keys
KEYS = HeldKeys()
