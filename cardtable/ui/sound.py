"""Short, soft card sounds synthesised by the program (no sound files to bundle).

Samples are made with the ``array`` module: filtered noise bursts for the card slide, deal
and flip, a train of tiny clicks for the riffle, a swish for a gathered trick and a few
decaying sine partials for the chime. They are computed on the sounds' own thread (so the
first frame is not delayed) and turned into ``pygame.mixer.Sound`` on first use. The audio
device is open only while sounds play (see :class:`Sounds`).

With no audio device (``SDL_AUDIODRIVER=dummy``, or mixer initialisation failing) every
call is a silent no-op: sound is a nicety, never an error.

    sounds = Sounds(enabled=True)
    sounds.play("play")   # deal, play, flip, shuffle, trick, chime
"""

from __future__ import annotations

import logging
import math
import queue
import random
import threading
import time
from array import array
from collections.abc import Callable

import pygame

from cardtable.ui import sdl

log = logging.getLogger(__name__)

NAMES = ("deal", "play", "flip", "shuffle", "trick", "chime")
_RATE = 44100


def _lowpass(samples: list[float], alpha: float) -> list[float]:
    out = []
    y = 0.0
    for x in samples:
        y += alpha * (x - y)
        out.append(y)
    return out


def _env(n: int, attack: int, decay: float) -> list[float]:
    """Linear attack over ``attack`` samples, then an exponential decay."""
    out = []
    for i in range(n):
        a = i / attack if i < attack else 1.0
        out.append(a * math.exp(-decay * i / _RATE))
    return out


def _noise(rng: random.Random, n: int) -> list[float]:
    return [rng.uniform(-1.0, 1.0) for _ in range(n)]


def _slide(rng, ms: float, cutoff: float, decay: float, gain: float) -> list[float]:
    n = int(_RATE * ms / 1000)
    raw = _lowpass(_noise(rng, n), cutoff)
    # a second pass removes the hiss; subtracting a slower copy removes the rumble
    body = _lowpass(raw, cutoff)
    slow = _lowpass(body, 0.02)
    env = _env(n, int(_RATE * 0.004), decay)
    return [(b - s) * e * gain for b, s, e in zip(body, slow, env, strict=True)]


def _click(rng, ms: float, gain: float) -> list[float]:
    return _slide(rng, ms, 0.35, 90.0, gain)


def _mix_into(dst: list[float], src: list[float], at: int) -> None:
    end = min(len(dst), at + len(src))
    for i in range(at, end):
        dst[i] += src[i - at]


#: peak level of each sound, so they sit together at one volume
_PEAKS = {"deal": 0.45, "play": 0.6, "flip": 0.45, "shuffle": 0.5, "trick": 0.55, "chime": 0.5}


def synthesise(name: str, seed: int = 1) -> list[float]:
    """Mono samples in -1..1 at 44.1 kHz for one of :data:`NAMES`, at a set peak level."""
    samples = _raw(name, seed)
    peak = max(1e-9, max(abs(v) for v in samples))
    k = _PEAKS[name] / peak
    # a short fade-out so no sound ends with a click
    fade = min(len(samples), int(_RATE * 0.01))
    n = len(samples)
    return [v * k * (min(1.0, (n - i) / fade)) for i, v in enumerate(samples)]


def _raw(name: str, seed: int) -> list[float]:
    rng = random.Random(sum(map(ord, name)) * 7919 + seed)
    if name == "deal":
        return _slide(rng, 70, 0.28, 70.0, 2.2)
    if name == "play":
        snd = _slide(rng, 150, 0.18, 32.0, 2.4)
        _mix_into(snd, _click(rng, 30, 1.0), int(_RATE * 0.09))
        return snd
    if name == "flip":
        snd = [0.0] * int(_RATE * 0.09)
        _mix_into(snd, _click(rng, 35, 1.6), 0)
        _mix_into(snd, _click(rng, 40, 1.2), int(_RATE * 0.035))
        return snd
    if name == "shuffle":
        total = int(_RATE * 0.75)
        snd = [0.0] * total
        t = 0.0
        while t < 0.62:
            amp = 0.5 + 0.5 * math.sin(math.pi * t / 0.62)
            _mix_into(snd, _click(rng, 14, 0.9 * amp), int(_RATE * t))
            t += rng.uniform(0.010, 0.022)
        # the cards settling together at the end
        _mix_into(snd, _slide(rng, 110, 0.15, 40.0, 1.8), int(_RATE * 0.62))
        return snd
    if name == "trick":
        n = int(_RATE * 0.26)
        raw = _noise(rng, n)
        out = []
        y = 0.0
        for i, x in enumerate(raw):
            # a swish: the filter opens and closes, shaped by a smooth bell
            pos = i / n
            cutoff = 0.04 + 0.22 * math.sin(math.pi * pos)
            y += cutoff * (x - y)
            out.append(y * math.sin(math.pi * pos) ** 2 * 1.6)
        return out
    if name == "chime":
        n = int(_RATE * 1.1)
        out = [0.0] * n
        notes = (659.25, 830.61, 987.77, 1318.5)  # E5 G#5 B5 E6: a soft major arpeggio
        for k, freq in enumerate(notes):
            start = int(_RATE * 0.09 * k)
            for i in range(start, n):
                t = (i - start) / _RATE
                env = min(1.0, t / 0.006) * math.exp(-4.2 * t)
                v = math.sin(2 * math.pi * freq * t) + 0.25 * math.sin(4 * math.pi * freq * t)
                out[i] += 0.16 * env * v
        return out
    raise KeyError(name)


def _to_pcm(samples: list[float], channels: int, size_bits: int, volume: float) -> bytes:
    peak = 32767 * volume
    mono = [int(max(-1.0, min(1.0, s)) * peak) for s in samples]
    if abs(size_bits) != 16:
        raise ValueError("only 16-bit mixers are used")
    if channels == 1:
        data = array("h", mono)
    else:
        data = array("h", [v for v in mono for _ in range(channels)])
    return data.tobytes()


#: seconds the audio device stays open after the last sound ended: the sounds of a deal
#: being played come closer together than this, so it opens once for them all
LINGER = 2.0
#: a sound asked for longer ago than this (seconds) when the audio thread reaches it is
#: dropped rather than played late (the first ones, while the samples are still made)
STALE = 0.25


class Sounds:
    """The program's sound effects; silent when disabled or without an audio device.

    The audio device is open only while sounds play: SDL's audio thread wakes about ninety
    times a second for as long as it is open, whether anything sounds or not. It opens for
    a sound and closes :data:`LINGER` seconds after the last one ended. Opening and closing
    take tens of milliseconds (the driver's thread is started and joined), so with
    ``background`` they happen on a thread of their own, which sleeps on its queue without
    a timeout while the device is closed; the window's thread only hands it a name.
    Without ``background`` (the smoke test, tests) everything happens on the caller's
    thread: :meth:`close_if_quiet` closes the device once it is quiet."""

    def __init__(self, enabled: bool = True, volume: float = 0.5, background: bool = True,
                 clock: Callable[[], float] = time.monotonic):
        self.enabled = bool(enabled)
        self.volume = volume
        self.clock = clock
        self._samples: dict[str, list[float]] = {}
        self._pcm: dict[tuple, bytes] = {}            # (name, format) -> the device's bytes
        self._sounds: dict[str, object] = {}          # made while the device is open
        self._format: tuple[int, int, int] | None = None
        self._lock = threading.Lock()
        self._background = background
        #: when the device may close: the last sound's end and the linger (None: closed)
        self._quiet_at: float | None = None
        self._queue: queue.SimpleQueue | None = None
        self._thread: threading.Thread | None = None
        self._ok = True         # until the device is found missing or lost
        if background:
            if self.enabled:
                self._start_thread()
        else:
            self._make_all()
            self._ok = self._open()
            self.close_if_quiet(force=True)

    @property
    def available(self) -> bool:
        """False once no audio device could be opened (or it was lost); sounds may still be
        switched off."""
        return self._ok

    @property
    def device_open(self) -> bool:
        return self._format is not None

    def set_enabled(self, enabled: bool) -> None:
        self.enabled = bool(enabled)
        if self.enabled and self._background:
            self._start_thread()

    def play(self, name: str) -> bool:
        """Play one of :data:`NAMES`; returns whether a sound was started (with
        ``background``: handed to the audio thread)."""
        if not (self.enabled and self._ok):
            return False
        if self._queue is not None:
            self._queue.put((name, self.clock()))
            return True
        return self._play_now(name)

    def quiet_in(self) -> float | None:
        """Seconds until the open device may close (None: it is closed)."""
        if self._quiet_at is None:
            return None
        return max(0.0, self._quiet_at - self.clock())

    def close_if_quiet(self, force: bool = False) -> bool:
        """Close the audio device when no sound played for :data:`LINGER` seconds after the
        last one ended (or at once with ``force``); True when it is closed now."""
        if self._format is None:
            return True
        if not force and self.quiet_in():
            return False
        if not force and pygame.mixer.get_busy():     # longer than its samples said
            self._quiet_at = self.clock() + STALE
            return False
        self._sounds.clear()         # freed while the mixer can still free them
        sdl.close_mixer()
        self._format = None
        self._quiet_at = None
        return True

    # ---- internals ---------------------------------------------------------------
    def _start_thread(self) -> None:
        if self._thread is not None:
            return
        self._queue = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._serve, args=(self._queue,), daemon=True,
                                        name="cardtable-sounds")
        self._thread.start()

    def _serve(self, names: queue.SimpleQueue) -> None:
        """The audio thread: the samples made once, then each sound asked for played, the
        device opened for it and closed once quiet. It sleeps on ``names`` with no timeout
        while the device is closed."""
        try:
            self._make_all()
            while self._ok:
                try:
                    name, asked = names.get(timeout=self.quiet_in())
                except queue.Empty:
                    self.close_if_quiet()
                    continue
                if self.enabled and self.clock() - asked <= STALE:
                    self._play_now(name)
        except Exception:      # the thread's top: the program goes on without sounds
            log.exception("the sounds stopped")
            self._ok = False
        finally:
            self.close_if_quiet(force=True)

    def _play_now(self, name: str) -> bool:
        try:
            snd = self._sound(name)
            if snd is None:
                return False
            snd.play()
        except pygame.error as exc:  # the audio device was lost: the game goes on silent
            log.warning("no more sounds: the audio device failed (%s)", exc)
            self._ok = False
            self.close_if_quiet(force=True)
            return False
        with self._lock:
            length = len(self._samples[name]) / _RATE
        self._quiet_at = max(self._quiet_at or 0.0, self.clock() + length + LINGER)
        return True

    def _open(self) -> bool:
        fmt = sdl.open_mixer(_RATE, 512)
        if not fmt:
            self._ok = False
            return False
        self._format = fmt
        self._quiet_at = self.clock() + LINGER
        return True

    def _make_all(self) -> None:
        for name in NAMES:
            samples = synthesise(name)
            with self._lock:
                self._samples[name] = samples

    def _sound(self, name: str):
        """The device's sound of ``name`` (the device opened for it), or None before its
        samples are made or without a device."""
        snd = self._sounds.get(name)
        if snd is not None:
            return snd
        with self._lock:
            samples = self._samples.get(name)
        if samples is None or (self._format is None and not self._open()):
            return None
        pcm = self._pcm.get((name, self._format))
        if pcm is None:
            freq, size, channels = self._format
            if freq != _RATE:
                step = _RATE / freq
                samples = [samples[int(i * step)] for i in range(int(len(samples) / step))]
            pcm = self._pcm[(name, self._format)] = _to_pcm(samples, channels, size,
                                                           self.volume)
        snd = pygame.mixer.Sound(buffer=pcm)
        self._sounds[name] = snd
        return snd
