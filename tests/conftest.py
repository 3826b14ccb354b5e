"""Test setup: pygame runs headless (no window, no sound device) in every test."""

import atexit
import os
import shutil
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# the language setting defaults to the system's: the tests read English whatever the machine
os.environ["LANGUAGE"] = "en"
# the settings, the saved match and the logs of a test that names no folder of
# its own go to a folder of this process, never to the person's (and never to the same
# file from two of the processes the tests run in)
_OWN = tempfile.mkdtemp(prefix=f"cardtable-tests-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}-")
for _name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME"):
    os.environ[_name] = os.path.join(_OWN, _name.lower())
os.environ["CARDTABLE_DATA_DIR"] = os.path.join(_OWN, "data")
atexit.register(shutil.rmtree, _OWN, True)

import dataclasses  # noqa: E402

import pytest  # noqa: E402

from cardtable.engine import registry  # noqa: E402


@pytest.fixture
def expert_in(monkeypatch):
    """``expert_in(*ids)``: exactly those games offer the expert level (whatever the
    registrations say today), for the test only."""
    def offer(*game_ids: str) -> None:
        for game in registry.games():
            monkeypatch.setitem(registry._GAMES, game.id,
                                dataclasses.replace(game, expert=game.id in game_ids))
    return offer


@pytest.fixture(autouse=True)
def computers_fail_loudly(monkeypatch):
    """In every test a computer player that raises, or answers with a move that is not
    legal, fails the test (``cardtable.computers.ComputerError``): the program logs it and
    plays a legal move for it, which would hide the error. A test of that fallback turns
    it off with ``monkeypatch.setattr(computers, "RAISE_COMPUTER_ERRORS", False)``."""
    from cardtable import computers
    monkeypatch.setattr(computers, "RAISE_COMPUTER_ERRORS", True)


@pytest.fixture(autouse=True)
def the_look_as_a_test_finds_it():
    """Every test starts from the same look, whichever tests ran before it in its process
    (the tests run in several processes, each a different share of them): the scale of a
    1280x720 window, normal text, the usual colours, the court cards' usual letters,
    English. They are the program's own globals (``theme``, ``cardart``, ``i18n``); a test
    that wants another look sets it. Only where the interface is loaded already: a rules
    test does not import pygame for this."""
    import sys
    theme = sys.modules.get("cardtable.ui.theme")
    if theme is not None:
        theme.set_scale_for((1280, 720))
        theme.set_access(False, "normal")
    cardart = sys.modules.get("cardtable.ui.cardart")
    if cardart is not None:
        cardart.set_court_letters("auto")
    from cardtable import i18n
    if i18n.language() != i18n.SOURCE_LANGUAGE:
        i18n.set_language("en")
