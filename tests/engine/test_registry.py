"""The registry and the generic parts of the contract (actions, saves, errors)."""

from __future__ import annotations

import json

import pytest

from cardtable.engine import registry
from cardtable.engine.core import Action, ConfigError, IllegalAction, make_action


def test_ids_are_listed_in_menu_order_and_specs_are_complete():
    ids = registry.ids()
    assert ids[:2] == ["japanese65", "sixtysix"]
    for spec in registry.specs():
        assert spec.name and 2 <= spec.min_players <= spec.max_players <= 8
        assert isinstance(spec.default_options(), dict)


def test_unknown_game_names_the_known_ids():
    with pytest.raises(ConfigError) as info:
        registry.get("bridge")
    assert info.value.code == "unknown_game"
    for game_id in registry.ids():
        assert game_id in info.value.message


def test_action_json_round_trip_and_validation():
    a = make_action("go_out", melds=[["3H", "4H", "5H"]], discard="KS")
    assert a.melds == (("3H", "4H", "5H"),)
    assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a
    assert Action.from_json({"kind": "play", "card": "AS"}) == Action("play", card="AS")
    for bad in ({"card": "AS"}, {"kind": "fly"}, {"kind": "play", "card": 5},
                {"kind": "play", "colour": "red"}, "play", {"kind": "swap", "target": True}):
        with pytest.raises(IllegalAction) as info:
            Action.from_json(bad)
        assert info.value.code == "bad_action"


def test_apply_refuses_non_actions():
    state = registry.get("japanese65").new_match(players=4, seed=1)
    before = json.dumps(state.to_json())
    with pytest.raises(IllegalAction):
        state.apply({"kind": "play", "card": "AS"})
    assert json.dumps(state.to_json()) == before


def test_bad_saves_get_clear_errors():
    state = registry.get("japanese65").new_match(players=4, seed=1)
    good = state.to_json()
    with pytest.raises(ConfigError):
        registry.from_json("{not json")
    with pytest.raises(ConfigError):
        registry.from_json([1, 2])
    with pytest.raises(ConfigError) as info:
        registry.from_json({**good, "game": "chess"})
    assert info.value.code == "unknown_game"
    with pytest.raises(ConfigError) as info:
        registry.from_json({**good, "version": 99})
    assert info.value.code == "bad_version"
    tampered = json.loads(json.dumps(good))
    tampered["fields"]["hands"][0][0] = "AS" if tampered["fields"]["hands"][0][0] != "AS" else "KS"
    with pytest.raises(ConfigError) as info:
        registry.from_json(tampered)
    assert info.value.code == "bad_save"
    missing = json.loads(json.dumps(good))
    del missing["fields"]["hands"]
    with pytest.raises(ConfigError):
        registry.from_json(missing)
    broken_rng = json.loads(json.dumps(good))
    broken_rng["rng"] = "nope"
    with pytest.raises(ConfigError):
        registry.from_json(broken_rng)
    bad_option = json.loads(json.dumps(good))
    bad_option["fields"]["options"]["target"] = 500
    with pytest.raises(ConfigError):
        registry.from_json(bad_option)
    assert json.dumps(registry.from_json(json.dumps(good)).to_json()) == json.dumps(good)


def test_players_out_of_range_is_a_clear_error():
    with pytest.raises(ConfigError) as info:
        registry.get("sixtysix").new_match(players=3)
    assert info.value.code == "bad_players" and "exactly 2" in info.value.message
    with pytest.raises(ConfigError) as info:
        registry.get("japanese65").new_match(players=4, first_dealer=4)
    assert info.value.code == "bad_dealer"
