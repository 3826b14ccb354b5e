"""Short, soft card sounds synthesised by the program (no sound files to bundle).

Samples are made with the ``array`` module: filtered noise bursts for the card slide, deal
and flip, a train of tiny clicks for the riffle, a swish for a gathered trick and a few
decaying sine partials for the chime. They are computed in a background thread at start
(so the first frame is not delayed) and turned into ``pygame.mixer.Sound`` on first use.

With no audio device (``SDL_AUDIODRIVER=dummy``, or mixer initialisation failing) every
call is a silent no-op: sound is a nicety, never an error.

    sounds = Sounds(enabled=True)
    sounds.play("play")   # deal, play, flip, shuffle, trick, chime
"""

from __future__ import annotations

import logging
import math
import random
import threading
from array import array

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


class Sounds:
    """The program's sound effects; silent when disabled or without an audio device."""

    def __init__(self, enabled: bool = True, volume: float = 0.5, background: bool = True):
        self.enabled = bool(enabled)
        self.volume = volume
        self._samples: dict[str, list[float]] = {}
        self._sounds: dict[str, object] = {}
        self._format: tuple[int, int, int] | None = None
        self._lock = threading.Lock()
        self._ok = self._init_mixer()
        self._thread: threading.Thread | None = None
        self._background = background
        if self.enabled:
            self._start()

    def _start(self) -> None:
        """Synthesise the samples (once), in a background thread unless told otherwise."""
        if not self._ok or self._thread is not None or self._samples:
            return
        if self._background:
            self._thread = threading.Thread(target=self._make_all, daemon=True,
                                            name="cardtable-sounds")
            self._thread.start()
        else:
            self._make_all()

    @property
    def available(self) -> bool:
        """True when an audio device is open (sounds may still be switched off)."""
        return self._ok

    def set_enabled(self, enabled: bool) -> None:
        self.enabled = bool(enabled)
        if self.enabled:
            self._start()

    def play(self, name: str) -> bool:
        """Play one of :data:`NAMES`; returns whether a sound was started."""
        if not (self.enabled and self._ok):
            return False
        try:
            snd = self._sound(name)
            if snd is None:
                return False
            snd.play()
            return True
        except pygame.error as exc:  # the audio device was lost: the game goes on silent
            log.warning("no more sounds: the audio device failed (%s)", exc)
            self._ok = False
            return False

    # ---- internals ---------------------------------------------------------------
    def _init_mixer(self) -> bool:
        fmt = sdl.open_mixer(_RATE, 512)
        if not fmt:
            return False
        self._format = fmt
        return True

    def _make_all(self) -> None:
        for name in NAMES:
            samples = synthesise(name)
            with self._lock:
                self._samples[name] = samples

    def _sound(self, name: str):
        snd = self._sounds.get(name)
        if snd is not None:
            return snd
        with self._lock:
            samples = self._samples.get(name)
        if samples is None:
            return None
        freq, size, channels = self._format
        if freq != _RATE:
            step = _RATE / freq
            samples = [samples[int(i * step)] for i in range(int(len(samples) / step))]
        snd = pygame.mixer.Sound(buffer=_to_pcm(samples, channels, size, self.volume))
        self._sounds[name] = snd
        return snd
