"""Speech for people who play by ear: the person's own screen reader, or the system's voice.

No pygame here. A :class:`Speaker` says sentences through one *back end*:

* :class:`PrismBackend`: the ``prismatoid`` library (imported as ``prism``), which speaks
  through the screen reader that runs (NVDA, JAWS and others on Windows, VoiceOver on
  macOS, Orca on Linux) or, where none runs, through the system's own speech (SAPI or
  OneCore, AVSpeech, speech-dispatcher);
* :class:`SilentBackend`: nothing is said (speech off, or nothing to speak with);
* :class:`RecordingBackend`: what would be said is kept in a list (tests).

The library is optional: where it is missing, fails to load or finds nothing to speak with
(a Linux without speech-dispatcher), :func:`open_backend` gives the silent back end and a
reason in one sentence, and the program carries on. A back end that fails while speaking is
replaced by the silent one; speech never stops the program.

The setting ``speech`` is "off", "on" or "auto" (on when a screen reader is detected).

The library is a border: what it raises is caught where it is called and logged, never
passed on. It raises its own errors (``prism.PrismError`` and its kinds), and from its native
layer and its checks ``OSError``, ``RuntimeError``, ``ValueError`` and ``KeyError``: those are
:data:`LIBRARY_ERRORS`. Anything else would be this program's mistake and is not hidden,
except while a sentence is said: speech never stops the program.

A sentence said with ``interrupt`` (the focus moved, a key asked for something) replaces
the one being said; the table's events are said one after another, each given the time it
takes to say (:meth:`Speaker.seconds`), so the table waits for speech instead of running
ahead of it. Any key cancels what is being said and what waits.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

log = logging.getLogger(__name__)

#: what the speech library raises (its own error class joins them once it is loaded)
LIBRARY_ERRORS: tuple[type[Exception], ...] = (OSError, RuntimeError, ValueError, LookupError,
                                               AttributeError)

#: the values of the "speech" setting
MODES = ("auto", "on", "off")

#: how fast a sentence is said, in characters a second, at each animation speed (the speed
#: factor of :mod:`cardtable.ui.tween`: off 0, slow 0.6, normal 1, fast 1.8)
RATE_NORMAL = 15.0
RATE_LEAST = 10.0
RATE_MOST = 24.0
#: the shortest time given to one sentence (seconds)
LEAST_SECONDS = 0.6

#: prism's back ends that are screen readers (the rest are the system's own voices); the
#: names are those of ``prism.BackendId``
SCREEN_READERS = frozenset({
    "NVDA", "JAWS", "VOICE_OVER", "ORCA", "ZDSR", "ZOOM_TEXT", "BOY_PC_READER", "PC_TALKER",
    "SENSE_READER", "SYSTEM_ACCESS", "WINDOW_EYES", "SPIEL", "ANDROID_SCREEN_READER",
})
#: the system's voices, used when Speech is On and no screen reader runs
SYSTEM_VOICES = frozenset({"SAPI", "ONE_CORE", "AV_SPEECH", "SPEECH_DISPATCHER"})


class Backend:
    """What a back end does: say a sentence (replacing the one being said when
    ``interrupt``), stop, and perhaps follow a speaking rate."""

    name = "silent"
    #: the person's screen reader speaks (not the system's own voice)
    screen_reader = False

    def speak(self, text: str, interrupt: bool) -> None:
        """Say ``text``; ``interrupt``: cut off what is being said first."""

    def stop(self) -> None:
        """Stop what is being said."""

    def set_rate(self, rate: float) -> None:
        """Follow a speaking rate from 0 (slowest) to 1 (fastest), where the back end has
        one of its own (a screen reader keeps the person's rate)."""


class SilentBackend(Backend):
    """Says nothing."""


class RecordingBackend(Backend):
    """Keeps what would be said: ``log`` holds ``("speak", text, interrupt)`` and
    ``("stop",)`` in order; ``said`` every sentence; ``current`` the sentence that would be
    heard now (None after a stop)."""

    name = "recording"

    def __init__(self, screen_reader: bool = True) -> None:
        self.screen_reader = screen_reader
        self.log: list[tuple] = []
        self.said: list[str] = []
        self.current: str | None = None
        self.rate: float | None = None

    def speak(self, text: str, interrupt: bool) -> None:
        self.log.append(("speak", text, interrupt))
        self.said.append(text)
        if interrupt or self.current is None:
            self.current = text

    def stop(self) -> None:
        self.log.append(("stop",))
        self.current = None

    def set_rate(self, rate: float) -> None:
        self.rate = rate

    def clear(self) -> None:
        self.log.clear()
        self.said.clear()
        self.current = None


class PrismBackend(Backend):
    """One of prism's back ends (a screen reader or a system voice)."""

    def __init__(self, context, backend, kind: str) -> None:
        self._context = context      # the back end lives as long as its context
        self._backend = backend
        self.kind = kind
        self.name = f"prism:{kind.lower()}"
        self.screen_reader = kind in SCREEN_READERS
        #: a refusal to stop was logged once (prism refuses when nothing is being said)
        self._stop_refused = False

    def speak(self, text: str, interrupt: bool) -> None:
        self._backend.speak(text, interrupt)

    def stop(self) -> None:
        try:
            self._backend.stop()
        except LIBRARY_ERRORS as exc:   # the library's border: "not speaking"...
            # a key pressed in silence is refused each time: said once, then only in detail
            level = logging.DEBUG if self._stop_refused else logging.INFO
            self._stop_refused = True
            log.log(level, "%s did not stop: %s: %s", self.name, type(exc).__name__, exc)

    def set_rate(self, rate: float) -> None:
        if self.screen_reader:
            return
        try:
            if self._backend.features.supports_set_rate:
                self._backend.rate = max(0.0, min(1.0, rate))
        except LIBRARY_ERRORS as exc:   # the library's border
            log.warning("%s keeps its own rate: %s: %s", self.name, type(exc).__name__, exc)


def _import_prism():
    global LIBRARY_ERRORS
    import prism  # noqa: PLC0415 - optional: only when speech is wanted

    if prism.PrismError not in LIBRARY_ERRORS:
        LIBRARY_ERRORS = (*LIBRARY_ERRORS, prism.PrismError)
    return prism


def available_backends(importer: Callable[[], object] = _import_prism,
                       kinds: frozenset[str] = SCREEN_READERS | SYSTEM_VOICES
                       ) -> tuple[list[PrismBackend], str]:
    """Every back end of ``kinds`` prism can speak through here, best first (screen readers
    before the system's voices), and a reason when there is none (the library missing or
    failing)."""
    try:
        prism = importer()
    except ImportError as exc:      # not installed: speech is optional
        return [], f"the speech library could not be loaded ({type(exc).__name__}: {exc})"
    except LIBRARY_ERRORS as exc:   # the library's border: a native library that fails
        log.warning("the speech library could not be loaded", exc_info=True)
        return [], f"the speech library could not be loaded ({type(exc).__name__}: {exc})"
    try:
        context = prism.Context()
        ids = []
        for i in range(context.backends_count):
            bid = context.id_of(i)
            ids.append((-context.priority_of(bid), i, bid))
        ids.sort()
    except LIBRARY_ERRORS as exc:   # the library's border
        log.warning("the speech library could not start", exc_info=True)
        return [], f"the speech library could not start ({type(exc).__name__}: {exc})"
    found: list[PrismBackend] = []
    for _, _, bid in ids:
        kind = getattr(bid, "name", str(bid))
        if kind not in kinds:
            continue
        try:
            backend = context.create(bid)
        except LIBRARY_ERRORS as exc:   # the library's border: not running here
            log.info("speech through %s is not available: %s: %s", kind, type(exc).__name__,
                     exc)
            continue
        found.append(PrismBackend(context, backend, kind))
    found.sort(key=lambda b: not b.screen_reader)
    if not found:
        return [], "no screen reader or system speech was found"
    return found, ""


def open_backend(mode: str, importer: Callable[[], object] = _import_prism
                 ) -> tuple[Backend, str]:
    """The back end for the setting ``mode`` and, when it is silent, why (one sentence for
    the log; empty when speech is off by choice).

    "off": silent. "auto": the screen reader that runs, else silent. "on": the screen
    reader, else the system's voice, else silent."""
    if mode not in MODES or mode == "off":
        return SilentBackend(), ""
    # "auto" never asks for a system voice: trying one starts the library's threads, and
    # one that is not there (speech-dispatcher) leaves a thread behind that wakes ten
    # times a second for as long as the program runs
    kinds = SCREEN_READERS if mode == "auto" else SCREEN_READERS | SYSTEM_VOICES
    found, reason = available_backends(importer, kinds)
    for backend in found:
        if backend.screen_reader or mode == "on":
            return backend, ""
    if found:
        return SilentBackend(), "no screen reader is running"
    return SilentBackend(), reason


def rate_for(speed: float) -> float:
    """Characters a second at the animation speed factor ``speed`` (0: as fast as it goes)."""
    if speed <= 0:
        return RATE_MOST
    return max(RATE_LEAST, min(RATE_MOST, RATE_NORMAL * speed))


class Speaker:
    """Says sentences through a back end, and knows how long it will be busy.

    ``clock()`` gives seconds (the App's own time, so that tests run on simulated time).
    """

    def __init__(self, backend: Backend | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.backend: Backend = backend if backend is not None else SilentBackend()
        self.clock = clock
        self.rate = RATE_NORMAL
        self.busy_until = 0.0
        #: why speech is silent (the library missing, nothing to speak with), for the log
        self.reason = ""

    @property
    def active(self) -> bool:
        """Something listens: sentences are worth making."""
        return not isinstance(self.backend, SilentBackend)

    def use(self, backend: Backend, reason: str = "") -> None:
        """Speak through ``backend`` from now on."""
        if backend is not self.backend:
            self.backend.stop()
        self.backend = backend
        self.reason = reason
        if reason:
            log.info("speech is silent: %s", reason)
        self.busy_until = 0.0
        self.backend.set_rate(self._voice_rate())

    def set_speed(self, speed: float) -> None:
        """Follow the animation speed factor: the time given to each sentence, and the
        system voice's rate."""
        self.rate = rate_for(speed)
        self.backend.set_rate(self._voice_rate())

    def _voice_rate(self) -> float:
        return (self.rate - RATE_LEAST) / (RATE_MOST - RATE_LEAST) * 0.5 + 0.3

    def seconds(self, text: str) -> float:
        """How long ``text`` takes to say at the rate in force."""
        return max(LEAST_SECONDS, len(text) / self.rate)

    def say(self, text: str, interrupt: bool = True) -> None:
        """Say ``text``: with ``interrupt`` it replaces what is being said; without, it
        follows it."""
        text = " ".join(str(text).split())
        if not text or not self.active:
            return
        try:
            self.backend.speak(text, interrupt)
        except Exception as exc:   # noqa: BLE001 - the library's border: speech never stops
            log.warning("%s failed while speaking; silent from now on", self.backend.name,
                        exc_info=True)
            self.use(SilentBackend(), f"speech stopped working ({type(exc).__name__})")
            return
        now = self.clock()
        start = now if interrupt else max(now, self.busy_until)
        self.busy_until = start + self.seconds(text)

    def cancel(self) -> None:
        """Stop what is being said (a key was pressed: the next sentence is the news)."""
        if self.busy_until > self.clock():
            self.backend.stop()
        self.busy_until = 0.0

    def busy(self) -> bool:
        """A sentence is still being said."""
        return self.active and self.clock() < self.busy_until

    def remaining(self) -> float:
        """Seconds until what is being said ends (0: nothing is)."""
        return max(0.0, self.busy_until - self.clock()) if self.active else 0.0


__all__ = ["MODES", "Backend", "PrismBackend", "RecordingBackend", "SilentBackend", "Speaker",
           "available_backends", "open_backend", "rate_for"]
