"""Test setup: pygame runs headless (no window, no sound device) in every test."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# the language setting defaults to the system's: the tests read English whatever the machine
os.environ["LANGUAGE"] = "en"

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
