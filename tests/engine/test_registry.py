"""The registry and the generic parts of the contract (actions, saves, errors)."""

from __future__ import annotations

import importlib.metadata
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


# --------------------------------------------------------------------------- registrations

def test_every_built_in_game_registers_once_with_everything_it_brings():
    """Each module of cardtable/games/ registers its game (cardtable.games.japanese65,
    cardtable.games.sixtysix, cardtable.games.rummy65, cardtable.games.pairs65,
    cardtable.games.quebec65): its spec, its computer players, its
    table with its rules text, in the order of the games' deal-code numbers."""
    from cardtable.ai.base import Knowledge

    games = registry.games()
    assert [g.id for g in games] == registry.ids()
    assert [g.spec.code for g in games] == sorted(g.spec.code for g in games)
    for game in games:
        assert registry.game(game.id) is game
        assert game.spec is registry.get(game.id)
        assert isinstance(game.players(), Knowledge)
        table = game.table()
        assert table.game_id == game.id, game.id
        title, text = table.RULES
        assert title and len(text) > 500, game.id
        assert isinstance(game.reference(), dict)


def _copy_of(game_id: str, new_id: str, code: int) -> registry.Game:
    import dataclasses

    game = registry.game(game_id)
    spec = dataclasses.replace(game.spec, id=new_id, code=code)
    return dataclasses.replace(game, spec=spec)


def test_a_game_registered_at_run_time_is_found_and_can_leave():
    game = _copy_of("pairs65", "pairs65_copy", 900)
    registry.register(game)
    try:
        assert registry.ids()[-1] == "pairs65_copy"
        assert registry.get("pairs65_copy") is game.spec
        assert registry.game("pairs65_copy") is game
    finally:
        registry.unregister("pairs65_copy")
    with pytest.raises(ConfigError):
        registry.get("pairs65_copy")


def test_a_taken_id_or_deal_code_number_is_refused_and_changes_nothing():
    before = registry.ids()
    with pytest.raises(ConfigError) as info:
        registry.register(_copy_of("pairs65", "pairs65", 901))
    assert info.value.code == "bad_game" and "already" in info.value.message
    with pytest.raises(ConfigError) as info:
        registry.register(_copy_of("pairs65", "pairs65_other", registry.get("sixtysix").code))
    assert info.value.code == "bad_game" and "sixtysix" in info.value.message
    with pytest.raises(ConfigError):
        registry.register("not a game")  # type: ignore[arg-type]
    assert registry.ids() == before


class _Entry:
    """An entry point as importlib.metadata gives one."""

    def __init__(self, name, value, loads):
        self.name, self.value, self._loads = name, value, loads

    def load(self):
        return self._loads()


def test_games_of_other_installed_packages_come_through_the_entry_point_group(
        monkeypatch, caplog):
    """A package adds a game with an entry point of the group 'cardtable.games'; one whose
    entry fails to load is logged and the others are played."""
    copy = _copy_of("sixtysix", "sixtysix_plugin", 902)

    def broken():
        raise ImportError("no module named elsewhere")

    entries = [_Entry("broken", "elsewhere.game:GAME", broken),
               _Entry("plugin", "someone.cards:GAME", lambda: copy),
               _Entry("ours", "cardtable.games.sixtysix:GAME", lambda: 1 / 0)]
    seen = []

    def entry_points(group):
        seen.append(group)
        return entries

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    monkeypatch.setattr(registry, "_GAMES", {})
    monkeypatch.setattr(registry, "_SPECS", {})
    monkeypatch.setattr(registry, "_FOUND", [])
    with caplog.at_level("ERROR", logger=registry.__name__):
        ids = registry.ids()
    assert seen == ["cardtable.games"]
    assert ids[-1] == "sixtysix_plugin" and ids[:-1] == [
        "japanese65", "sixtysix", "rummy65", "pairs65", "quebec65"]
    assert "elsewhere.game:GAME" in caplog.text


def test_a_program_without_its_games_says_so_rather_than_showing_an_empty_menu(monkeypatch):
    """A frozen build or a broken install that lost cardtable/games/ fails loudly, each
    time it is asked, instead of listing no games."""
    import types

    empty = types.ModuleType("empty")
    empty.__path__ = []
    monkeypatch.setattr(registry, "_GAMES", {})
    monkeypatch.setattr(registry, "_SPECS", {})
    monkeypatch.setattr(registry, "_FOUND", [])
    monkeypatch.setattr(registry.importlib, "import_module",
                        lambda name: empty if name == registry.BUILT_IN else None)
    for _ in range(2):
        with pytest.raises(ConfigError) as info:
            registry.ids()
        assert info.value.code == "no_games"


def test_games_registered_at_run_time_are_listed_for_worker_processes_and_adopted_once():
    game = _copy_of("pairs65", "pairs65_added", 903)
    assert registry.added() == ()
    registry.register(game)
    try:
        assert registry.added() == (game,)
        registry.adopt((game,))           # known already: nothing happens
        assert registry.ids().count("pairs65_added") == 1
    finally:
        registry.unregister("pairs65_added")
    assert registry.added() == ()
    registry.adopt((game,))               # a worker process that does not know it yet
    try:
        assert registry.get("pairs65_added") is game.spec
    finally:
        registry.unregister("pairs65_added")
