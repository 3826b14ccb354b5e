"""The saved match's format and its checks (cardtable/saves.py): a save is read back by
replaying the deal's moves under the rules; one that does not replay is refused."""

from __future__ import annotations

import copy

import pytest

from cardtable import saves
from cardtable.ai import make_bot
from cardtable.engine import registry
from cardtable.engine.core import Action, ConfigError, IllegalAction


def _saved(moves: int = 5) -> dict:
    state = registry.get("sixtysix").new_match(players=2, seed=4)
    checkpoint = state.to_json()
    bot = make_bot("sixtysix", "easy", 1)
    history = []
    for _ in range(moves):
        seat = state.current_player
        action = bot.choose(state.clone(), seat, 0.01)
        events = state.apply(action)
        history.append((seat, action, events))
    seats = [{"name": "Ann", "kind": "human", "level": "easy"},
             {"name": "Bot", "kind": "computer", "level": "easy"}]
    return saves.write("sixtysix", seats, 4, moves, state, checkpoint, history)


def test_a_save_reads_back_to_the_same_state_and_moves():
    data = _saved()
    got = saves.read(copy.deepcopy(data))
    assert got.game == "sixtysix" and got.seed == 4 and got.move_no == 5
    assert saves.normal(got.state.to_json()) == saves.normal(data["state"])
    assert [[s, a.to_json()] for s, a, _ in got.history] == data["history"]
    assert data["version"] == saves.FORMAT_VERSION


def test_a_move_out_of_turn_is_refused():
    data = _saved()
    data["history"][0][0] = 1 - data["history"][0][0]
    with pytest.raises(ConfigError, match="out of turn"):
        saves.read(data)


def test_moves_that_lead_elsewhere_are_refused():
    data = _saved()
    data["history"] = data["history"][:-1]          # one move short of the saved state
    with pytest.raises(ConfigError, match="do not lead"):
        saves.read(data)


def test_an_illegal_saved_move_is_refused():
    data = _saved(moves=0)
    seat = registry.from_json(data["state"]).current_player
    data["history"] = [[seat, Action("discard", card="AS").to_json()]]   # no discards here
    with pytest.raises(IllegalAction):
        saves.read(data)


@pytest.mark.parametrize("bad", [None, [], "x", {"seats": "x"}, {"seats": [], "seed": True}])
def test_malformed_saves_are_refused(bad):
    with pytest.raises(ConfigError):
        saves.read(bad)
