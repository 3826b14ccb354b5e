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
