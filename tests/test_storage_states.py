"""Saved matches that are valid JSON and replay, but hold a state no game could reach: every
field's type and range and the game's own invariants are checked when the save is loaded,
and a bad one is set aside in one sentence like any damaged file. Every state random play
reaches still loads."""

from __future__ import annotations

import json
import random

import pytest

from cardtable import storage
from cardtable.engine import registry
from cardtable.match import Match, Seat


def _save(tmp_path, game: str, n: int, change) -> object:
    """A match saved at the start of its deal, ``change`` made to its state (and to the
    deal's start it replays from, so the replay agrees with it)."""
    seats = [Seat("Ann")] + [Seat(f"C{i}", "computer") for i in range(1, n)]
    match = Match(game, seats, seed=11, threaded=False, pace=0)
    data = match.to_json()
    data["version"] = storage.MATCH_VERSION
    data["history"] = []
    for part in ("state", "checkpoint"):
        change(data[part]["fields"])
    path = tmp_path / "match.json"
    path.write_text(json.dumps(data))
    return path


def _set(name, value):
    def change(fields):
        fields[name] = value
    return change


def _at(name, index, value):
    def change(fields):
        fields[name][index] = value
    return change


CASES = {
    "japanese65 turn out of range": ("japanese65", 4, _set("turn", 7)),
    "japanese65 dealer out of range": ("japanese65", 4, _set("dealer", 4)),
    "japanese65 a void that is no suit": ("japanese65", 4, _at("voids", 2, ["X"])),
    "japanese65 scores that are strings": ("japanese65", 4, _set("match_scores",
                                                                   ["1", "0", "1", "0"])),
    "japanese65 a trick won from nowhere": ("japanese65", 4, _set("tricks_won", [1, 0])),
    "sixtysix scores that are strings": ("sixtysix", 2, _set("match_scores", ["1", "0"])),
    "sixtysix a marriage of nobody": ("sixtysix", 2, _set("marriages", [{"seat": 9}])),
    "sixtysix a last trick of no cards": ("sixtysix", 2, _set("last_trick", {"cards": 5})),
    "sixtysix a score without a deal": ("sixtysix", 2, _set("match_scores", [3, 0])),
    "sixtysix a deal number that is a word": ("sixtysix", 2, _set("deal_no", "one")),
    "rummy65 deal past the last": ("rummy65", 3, _set("deal_no", 13)),
    "rummy65 a pickup that is no card": ("rummy65", 3, _at("pickups", 1, [5])),
    "rummy65 money out of nowhere": ("rummy65", 3, _set("pot", 500)),
    "rummy65 drawn that is a string": ("rummy65", 3, _set("drawn", "no")),
    "quebec65 deal past the last": ("quebec65", 2, _set("deal_no", 12)),
    "quebec65 turn out of range": ("quebec65", 2, _set("turn", 2)),
    "quebec65 an option of the wrong type": ("quebec65", 2, _set("options",
                                                                 {"all_wild_melds": "yes"})),
    "pairs65 known to a seat that is not there": ("pairs65", 2, _set("known", {"AS": "x"})),
    "pairs65 scores that are strings": ("pairs65", 2, _set("match_scores", [0, "x"])),
    "pairs65 a pending swap in the wrong phase": ("pairs65", 3, _set(
        "swap", {"swapper": 0, "target": 0, "card": "AS"})),
    "every game: winners of a match not over": ("pairs65", 2, _set("winners", [1])),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_an_impossible_state_is_set_aside_with_one_sentence(tmp_path, case):
    game, n, change = CASES[case]
    path = _save(tmp_path, game, n, change)
    match, message = storage.load_match(path, threaded=False, pace=0)
    assert match is None, f"{case}: loaded"
    text = str(message)
    assert "damaged" in text and text.endswith(".") and ". " not in text[:-1], text
    assert not path.exists() and len(list(tmp_path.glob("match.damaged-*.json"))) == 1


def test_a_save_without_an_option_gets_its_default(tmp_path):
    path = _save(tmp_path, "quebec65", 2, _set("options", {}))
    match, message = storage.load_match(path, threaded=False, pace=0)
    assert message is None and match.state.options == {"all_wild_melds": False}


def test_names_in_a_save_are_cleaned_on_load():
    match = Match("sixtysix", [Seat("A"), Seat("B", "computer")], seed=1, threaded=False)
    data = match.to_json()
    data["seats"][0]["name"] = "N" * 1000
    data["seats"][1]["name"] = "\x00\ufe0f"
    data["seats"][1]["level"] = "godlike"
    back = Match.from_json(data, threaded=False)
    assert back.names() == ["N" * 18, "Player"] and back.seats[1].level == "easy"


@pytest.mark.parametrize("game", registry.ids())
def test_every_state_random_play_reaches_loads(game):
    spec = registry.get(game)
    for seed in range(3):
        rng = random.Random(seed)
        state = spec.new_match(players=rng.randint(spec.min_players, spec.max_players),
                               seed=seed)
        for _ in range(400):
            back = registry.from_json(json.loads(json.dumps(state.to_json())))
            assert back.to_json() == json.loads(json.dumps(state.to_json()))
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
