"""The loop's sleep: SDL's own wait with no timeout while nothing is scheduled, a timeout only
when something is, and another thread's news wakes it (dummy video driver, SDL's wait
replaced by a stand-in that keeps its promise: it returns once an event is queued)."""

from __future__ import annotations

import sys
import threading

import pygame

from cardtable.ui import app as app_mod
from cardtable.ui import sdl
from cardtable.ui.app import App
from cardtable.ui.scenes.menu import MenuScene


class SDLWait:
    """Stands for ``sdl.wait_for_event``: records each timeout it is given. While the
    queue is empty it lets the test's clock jump to the timeout's end, or, with no timeout,
    to ``woken`` (what the test makes happen at that moment: an event, another thread's
    wake) and then waits on the queue as SDL does."""

    def __init__(self, monkeypatch, clock: list[float]):
        self.timeouts: list[float | None] = []
        self.clock = clock
        self.woken = None
        monkeypatch.setattr(sdl, "wait_for_event", self)

    def __call__(self, timeout: float | None) -> bool:
        self.timeouts.append(timeout)
        if pygame.event.peek():
            return True
        if timeout is not None:
            self.clock[0] += timeout
            return False
        assert self.woken is not None, "the loop slept for ever with nothing to wake it"
        woken, self.woken = self.woken, None
        woken()
        for _ in range(500):               # another thread's event: the queue gets it
            if pygame.event.peek():
                return True
            threading.Event().wait(0.01)
        return bool(pygame.event.peek())


def settle(app: App, clock: list[float], passes: int = 200) -> None:
    """Loop until the first frames are shown and the loop would sleep."""
    for _ in range(passes):
        if app.frames_shown and not app._settling and app.next_frame_in() is None:
            return
        app.loop_once()
        clock[0] += 1 / 60
    raise AssertionError("the loop never came to rest")


def test_at_rest_the_loop_sleeps_in_sdl_with_no_timeout_and_draws_nothing(app, monkeypatch):
    clock = [100.0]
    app.now = lambda: clock[0]
    app.pace = lambda: None
    app.push(MenuScene())
    pygame.event.clear()
    settle(app, clock)
    wait = SDLWait(monkeypatch, clock)
    shown, frames = app.frames_shown, app.frame
    for _ in range(5):
        # a pointer move over nothing each time SDL is asked to sleep for ever
        wait.woken = lambda: pygame.event.post(pygame.event.Event(
            pygame.MOUSEMOTION, pos=(3, 3), rel=(1, 0), buttons=(0, 0, 0)))
        app.loop_once()
    assert wait.timeouts == [None] * 5
    assert app.frames_shown == shown        # the pointer changed nothing: nothing shown
    assert app.frame == frames + 5          # one frame drawn (and compared) a wake-up


def test_a_scheduled_toast_is_the_only_timeout(app, monkeypatch):
    clock = [100.0]
    app.now = lambda: clock[0]
    app.pace = lambda: None
    app.push(MenuScene())
    pygame.event.clear()
    settle(app, clock)
    toast = app.toast("Saved.", seconds=2.0)
    for _ in range(100):            # fading in, then one frame more to see it settled
        if not app._settling and not toast.fading():
            break
        app.loop_once()
        clock[0] += 1 / 60
    wait = SDLWait(monkeypatch, clock)
    fade_out_in = 2.0 - toast.FADE_OUT - toast.age
    assert fade_out_in > 1.0
    app.loop_once()
    assert len(wait.timeouts) == 1 and wait.timeouts[0] is not None
    assert abs(wait.timeouts[0] - fade_out_in) < 0.01


def test_another_threads_wake_ends_the_sleep(monkeypatch):
    """A computer's move or a message from the network: the thread calls wake(), which
    queues an event; the sleep SDL was in returns with it."""
    clock = [0.0]
    wait = SDLWait(monkeypatch, clock)
    pygame.event.clear()
    worker = threading.Thread(target=app_mod.wake)
    wait.woken = worker.start
    events = sdl.wait_events(None)
    worker.join()
    assert wait.timeouts == [None]
    assert [e.type for e in events] == [app_mod.WAKE]


def test_where_sdl_cannot_sleep_the_queue_is_looked_at_in_slices(monkeypatch):
    """The dummy driver has nothing to sleep on: the old slices, woken by wake()."""
    monkeypatch.setattr(sdl, "wait_for_event", lambda timeout: None)
    pygame.event.clear()
    assert sdl.wait_events(0.03) == []
    threading.Thread(target=app_mod.wake).start()
    assert app_mod.WAKE in [e.type for e in sdl.wait_events(5.0)]


def test_the_dummy_driver_has_no_sdl_sleep_but_the_library_is_found(app):
    assert sdl.waiter() is None and sdl.wait_for_event(1.0) is None
    if sys.platform.startswith("linux"):
        # the copy of SDL pygame runs on, found by its path and checked by its version
        assert sdl._load_waiter() is not None


def test_a_signal_wakes_the_sleeping_window_and_sigterm_closes_it():
    """Asleep in SDL, the main thread runs no Python: a signal's number goes to a socket a
    thread sleeps on, which wakes the window; SIGTERM then closes it as its close button
    would."""
    import os
    import signal

    woken, closed = threading.Event(), []
    before = signal.getsignal(signal.SIGTERM)
    undo = sdl.relay_signals(woken.set, lambda: closed.append(True))
    try:
        assert signal.getsignal(signal.SIGTERM) not in (signal.SIG_DFL, signal.SIG_IGN, None)
        os.kill(os.getpid(), signal.SIGTERM)
        assert woken.wait(10.0), "the signal did not wake the window"
    finally:
        undo()
    assert closed == [True]
    assert signal.getsignal(signal.SIGTERM) == before
