"""The audio device is open only while sounds play (SDL's dummy audio driver; simulated time):
it opens for a sound, closes once quiet, and the sounds' thread sleeps with no timeout while
it is closed."""

from __future__ import annotations

import queue

import pygame
import pytest

from cardtable.ui import sound
from cardtable.ui.sound import LINGER, NAMES, Sounds


class Clock:
    def __init__(self) -> None:
        self.t = 50.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def clock():
    yield Clock()
    if pygame.mixer.get_init():
        pygame.mixer.quit()


def chime_seconds() -> float:
    return len(sound.synthesise("chime")) / 44100


def test_the_device_opens_for_a_sound_and_closes_once_quiet(clock):
    sounds = Sounds(enabled=True, background=False, clock=clock)
    if not sounds.available:
        pytest.skip("no audio device, not even SDL's dummy one")
    assert not sounds.device_open and not pygame.mixer.get_init()   # closed at rest
    assert sounds.play("chime")
    assert sounds.device_open and pygame.mixer.get_init()
    assert sounds.quiet_in() == pytest.approx(chime_seconds() + LINGER)
    clock.t += chime_seconds() + LINGER - 0.1
    assert not sounds.close_if_quiet() and sounds.device_open      # not quiet long enough
    clock.t += 0.1
    pygame.mixer.stop()
    assert sounds.close_if_quiet()
    assert not sounds.device_open and not pygame.mixer.get_init()
    assert sounds.quiet_in() is None
    assert sounds.play("deal") and sounds.device_open              # opened again


def test_a_sound_still_playing_keeps_the_device_open(clock, monkeypatch):
    sounds = Sounds(enabled=True, background=False, clock=clock)
    if not sounds.available:
        pytest.skip("no audio device, not even SDL's dummy one")
    sounds.play("deal")
    clock.t += 60.0
    monkeypatch.setattr(pygame.mixer, "get_busy", lambda: True)
    assert not sounds.close_if_quiet() and sounds.device_open
    assert 0 < sounds.quiet_in() <= sound.STALE         # looked at again soon, not at once


class Names:
    """The sounds' queue, scripted: each get() records its timeout and returns the next
    name asked for, or, when the script says "quiet", lets the clock run to the timeout;
    at the script's end the sounds stop."""

    def __init__(self, sounds: Sounds, clock: Clock, script: list[str]):
        self.sounds, self.clock, self.script = sounds, clock, list(script)
        self.timeouts: list[float | None] = []
        self.open_after: list[bool] = []

    def get(self, timeout=None):
        self.timeouts.append(timeout)
        self.open_after.append(self.sounds.device_open)
        if not self.script:
            self.sounds._ok = False            # ends the thread's loop
            raise queue.Empty
        step = self.script.pop(0)
        if step == "quiet":
            assert timeout is not None, "the device is open: the wait must end to close it"
            self.clock.t += timeout
            if pygame.mixer.get_init():
                pygame.mixer.stop()            # what played has ended by then
            raise queue.Empty
        return step, self.clock.t


def test_the_sounds_thread_sleeps_with_no_timeout_while_the_device_is_closed(clock):
    sounds = Sounds(enabled=False, background=True, clock=clock)   # no thread started
    sounds.enabled = True
    names = Names(sounds, clock, ["deal", "play", "quiet", "flip", "quiet"])
    sounds._serve(names)
    if not names.open_after[1]:
        pytest.skip("no audio device, not even SDL's dummy one")
    t = names.timeouts
    # closed: no timeout; open after a sound: until it is quiet; closed again: no timeout
    assert t[0] is None
    assert t[1] == pytest.approx(len(sound.synthesise("deal")) / 44100 + LINGER)
    assert t[2] is not None and t[3] is None and t[4] is not None and t[5] is None
    assert names.open_after == [False, True, True, False, True, False]
    assert not pygame.mixer.get_init()


def test_a_sound_asked_for_too_long_ago_is_dropped(clock):
    sounds = Sounds(enabled=False, background=True, clock=clock)
    sounds.enabled = True
    names = Names(sounds, clock, [])
    names.script = ["play"]
    real_get = names.get

    def late_get(timeout=None):
        got = real_get(timeout)
        clock.t += 1.0                       # the samples took a second to make
        return got

    names.get = late_get
    sounds._serve(names)
    assert names.timeouts[1] is None and names.open_after == [False, False]


def test_every_sound_is_made_for_the_device(clock):
    sounds = Sounds(enabled=True, background=False, clock=clock)
    if not sounds.available:
        pytest.skip("no audio device, not even SDL's dummy one")
    for name in NAMES:
        assert sounds._sound(name) is not None
    assert sounds.device_open
