"""Speech back ends (cardtable/speech.py): the library loads or is cleanly absent, the
setting picks the back end, and the speaker interrupts, paces and survives a failing one."""

from __future__ import annotations

import types

import pytest

from cardtable import speech
from cardtable.speech import RecordingBackend, SilentBackend, Speaker


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


# --------------------------------------------------------------------------- loading


def test_the_real_library_loads_or_is_cleanly_absent():
    """Whatever this system has (the library or not, speech-dispatcher or not), every
    setting gives a back end and never raises; a silent one says why unless speech is off."""
    for mode in speech.MODES:
        backend, reason = speech.open_backend(mode)
        assert isinstance(backend, speech.Backend)
        if isinstance(backend, SilentBackend) and mode != "off":
            assert reason
        backend.stop()


@pytest.mark.parametrize("error", [ImportError("No module named 'prism'"),
                                   OSError("libprism.so: cannot open shared object file"),
                                   RuntimeError("Prism could not be initialized")])
def test_a_library_that_fails_to_load_leaves_speech_silent(error):
    def importer():
        raise error

    backend, reason = speech.open_backend("on", importer)
    assert isinstance(backend, SilentBackend)
    assert type(error).__name__ in reason


def fake_prism(available: dict[str, bool], fail_context: bool = False):
    """A stand-in for prism: back ends by name, available or not (create raises)."""
    ids = {name: i + 1 for i, name in enumerate(available)}

    class BackendId(int):
        @property
        def name(self):
            return next(n for n, i in ids.items() if i == self)

    class FakeBackend:
        def __init__(self, kind):
            self.kind = kind
            self.spoken = []

        def speak(self, text, interrupt=False):
            self.spoken.append((text, interrupt))

        def stop(self):
            pass

    class Context:
        def __init__(self):
            if fail_context:
                raise RuntimeError("Prism could not be initialized")

        @property
        def backends_count(self):
            return len(ids)

        def id_of(self, i):
            return BackendId(list(ids.values())[i])

        def priority_of(self, bid):
            return 100 - int(bid)

        def create(self, bid):
            kind = bid.name
            if not available[kind]:
                raise RuntimeError("Backend not available")
            return FakeBackend(kind)

    return types.SimpleNamespace(Context=Context)


def test_automatic_speaks_only_through_a_screen_reader():
    no_reader = fake_prism({"ORCA": False, "SPEECH_DISPATCHER": True})
    backend, reason = speech.open_backend("auto", lambda: no_reader)
    assert isinstance(backend, SilentBackend) and "screen reader" in reason
    backend, _ = speech.open_backend("on", lambda: no_reader)
    assert backend.name == "prism:speech_dispatcher" and not backend.screen_reader
    reader = fake_prism({"SAPI": True, "NVDA": True})
    backend, _ = speech.open_backend("auto", lambda: reader)
    assert backend.name == "prism:nvda" and backend.screen_reader
    backend.speak("ten of spades", True)
    assert backend._backend.spoken == [("ten of spades", True)]


def test_automatic_never_tries_a_system_voice():
    """Trying speech-dispatcher where it is missing leaves the library's thread waking ten
    times a second: "auto" tries screen readers only."""
    tried = []
    prism = fake_prism({"ORCA": False, "SPEECH_DISPATCHER": False, "SAPI": True})
    create = prism.Context.create

    def recorded(self, bid):
        tried.append(bid.name)
        return create(self, bid)

    prism.Context.create = recorded
    backend, reason = speech.open_backend("auto", lambda: prism)
    assert isinstance(backend, SilentBackend) and "screen reader" in reason
    assert tried == ["ORCA"]
    tried.clear()
    backend, _ = speech.open_backend("on", lambda: prism)
    assert backend.name == "prism:sapi" and "SPEECH_DISPATCHER" in tried


def test_nothing_to_speak_with_is_silent_with_a_reason():
    for prism in (fake_prism({"ORCA": False, "SPEECH_DISPATCHER": False}),
                  fake_prism({"ORCA": True}, fail_context=True)):
        backend, reason = speech.open_backend("on", lambda p=prism: p)
        assert isinstance(backend, SilentBackend) and reason


def test_off_never_opens_the_library():
    def importer():
        raise AssertionError("the library was opened with speech off")

    backend, reason = speech.open_backend("off", importer)
    assert isinstance(backend, SilentBackend) and reason == ""


# --------------------------------------------------------------------------- the speaker


def test_a_new_sentence_replaces_the_one_being_said():
    clock = Clock()
    rec = RecordingBackend()
    speaker = Speaker(rec, clock)
    speaker.say("Margot: queen of spades", interrupt=False)
    assert speaker.busy()
    speaker.cancel()                      # a key
    speaker.say("ten of hearts, playable")
    assert rec.log == [("speak", "Margot: queen of spades", False), ("stop",),
                       ("speak", "ten of hearts, playable", True)]
    assert rec.current == "ten of hearts, playable"


def test_events_follow_one_another_and_the_pace_follows_the_animation_speed():
    clock = Clock()
    speaker = Speaker(RecordingBackend(), clock)
    line = "Margot wins the trick (14): Margot: ace of hearts and You: ten of hearts"
    speaker.set_speed(1.0)
    normal = speaker.seconds(line)
    speaker.set_speed(0.6)
    slow = speaker.seconds(line)
    speaker.set_speed(1.8)
    fast = speaker.seconds(line)
    assert slow > normal > fast > 0
    speaker.say(line, interrupt=False)
    speaker.say(line, interrupt=False)       # after the first, not over it
    assert speaker.remaining() == pytest.approx(2 * fast)
    clock.now += 2 * fast + 0.01
    assert not speaker.busy()
    speaker.say("x", interrupt=False)
    assert speaker.remaining() == pytest.approx(speech.LEAST_SECONDS)


def test_a_key_with_nothing_being_said_stops_nothing():
    rec = RecordingBackend()
    speaker = Speaker(rec, Clock())
    speaker.cancel()
    assert rec.log == []


def test_a_back_end_that_fails_while_speaking_is_replaced_by_silence():
    class Broken(RecordingBackend):
        def speak(self, text, interrupt):
            raise OSError("the screen reader went away")

    speaker = Speaker(Broken(), Clock())
    speaker.say("ten of spades")
    assert isinstance(speaker.backend, SilentBackend) and not speaker.active
    assert "OSError" in speaker.reason
    speaker.say("nine of spades")            # silent from now on, never an exception


def test_the_silent_back_end_makes_nothing_busy():
    speaker = Speaker(SilentBackend(), Clock())
    speaker.say("ten of spades")
    assert not speaker.busy() and speaker.remaining() == 0.0


def test_a_system_voice_follows_the_rate_and_a_screen_reader_keeps_its_own():
    rates = []

    class Voice:
        features = types.SimpleNamespace(supports_set_rate=True)

        @property
        def rate(self):
            return rates[-1] if rates else 0.5

        @rate.setter
        def rate(self, value):
            rates.append(value)

    system = speech.PrismBackend(None, Voice(), "SAPI")
    speaker = Speaker(system, Clock())
    speaker.set_speed(0.6)
    speaker.set_speed(1.8)
    assert len(rates) >= 2 and rates[-1] > rates[-2]
    rates.clear()
    reader = speech.PrismBackend(None, Voice(), "NVDA")
    Speaker(reader, Clock()).set_speed(1.8)
    assert rates == []


def test_what_the_library_raises_is_logged_never_passed_on(caplog):
    import logging

    class Refusing:
        features = types.SimpleNamespace(supports_set_rate=True)

        def speak(self, text, interrupt):
            raise RuntimeError("the voice went away")

        def stop(self):
            raise RuntimeError("not speaking")

        @property
        def rate(self):
            return 0.5

        @rate.setter
        def rate(self, value):
            raise ValueError("no rates here")

    with caplog.at_level(logging.DEBUG, logger=speech.__name__):
        backend = speech.PrismBackend(None, Refusing(), "SAPI")
        backend.stop()
        backend.stop()
        backend.set_rate(0.5)
        speaker = Speaker(backend, Clock())
        speaker.say("ten of spades")
    stops = [r for r in caplog.records if "did not stop" in r.getMessage()]
    # the first refusal said, the later ones (and the stop as it goes silent) in detail only
    assert [r.levelno for r in stops] == [logging.INFO, logging.DEBUG, logging.DEBUG]
    assert "RuntimeError: not speaking" in stops[0].getMessage()
    assert any("keeps its own rate: ValueError" in r.getMessage() for r in caplog.records)
    failed = next(r for r in caplog.records if "failed while speaking" in r.getMessage())
    assert failed.levelno == logging.WARNING and failed.exc_info[1].args == (
        "the voice went away",)
    assert isinstance(speaker.backend, SilentBackend)
    assert any(r.getMessage() == "speech is silent: speech stopped working (RuntimeError)"
               for r in caplog.records)


def test_the_librarys_own_errors_are_caught_and_a_mistake_of_ours_is_not(caplog):
    """Once loaded, the library's own error class (its "not speaking" derives from nothing
    else) is among what its border catches; a TypeError (a wrong call: this program's
    mistake) is not hidden there."""
    import logging

    pytest.importorskip("prism")
    import prism.common as prism_errors
    speech._import_prism()
    assert issubclass(prism_errors.PrismNotSpeakingError, speech.LIBRARY_ERRORS)

    class Quiet:
        features = types.SimpleNamespace(supports_set_rate=True)

        def stop(self):
            raise prism_errors.PrismNotSpeakingError("nothing is being said")

    with caplog.at_level(logging.INFO, logger=speech.__name__):
        speech.PrismBackend(None, Quiet(), "SAPI").stop()
    assert any("PrismNotSpeakingError" in r.getMessage() for r in caplog.records)

    class Wrong(Quiet):
        def stop(self):
            raise TypeError("stop() takes no arguments")

    with pytest.raises(TypeError):
        speech.PrismBackend(None, Wrong(), "SAPI").stop()
