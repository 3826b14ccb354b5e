"""Shared helpers for the conformance tests: random play through the contract only."""

from __future__ import annotations

import json
import random
from collections import Counter

from cardtable.engine import registry
from cardtable.engine.cards import is_valid_code
from cardtable.engine.core import Action, GameState

#: Options that keep random matches short enough for the test suite.
SHORT_OPTIONS = {
    "japanese65": {"target": 2},
    "sixtysix": {"target": 3},
    "pairs65": {"games_to_win": 2},
}

#: Kinds whose legal_actions() list is canonical rather than complete (any valid
#: arrangement is accepted), so an action of these kinds missing from the list may be legal.
OPEN_KINDS = {"go_out", "lay"}


def game_configs() -> list[tuple[str, int]]:
    """Every registered game at every player count it allows."""
    out = []
    for spec in registry.specs():
        for n in range(spec.min_players, spec.max_players + 1):
            out.append((spec.id, n))
    return out


def new_state(game_id: str, players: int, seed: int) -> GameState:
    spec = registry.get(game_id)
    return spec.new_match(players=players, seed=seed, options=SHORT_OPTIONS.get(game_id))


def full_deck(state: GameState) -> list[str]:
    return state._full_deck()


def cards_in(obj) -> Counter:
    """Every card code found anywhere inside a JSON-like value."""
    found: Counter = Counter()
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            if is_valid_code(x):
                found[x] += 1
        elif isinstance(x, dict):
            stack.extend(x.values())
        elif isinstance(x, (list, tuple)):
            stack.extend(x)
    return found


def canonical(state: GameState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def surely_illegal_candidates(state: GameState, rng: random.Random) -> list[Action]:
    """Actions that must be refused: not in the legal list and not of an open kind."""
    legal = state.legal_actions()
    legal_set = set(legal)
    seat = state.current_player
    mine = set(state.hand(seat))
    deck = sorted(set(full_deck(state)))
    foreign = [c for c in deck if c not in mine]
    candidates = [
        Action("play", card=rng.choice(foreign)) if foreign else Action("play", card="ZZ"),
        Action("discard", card=rng.choice(foreign)) if foreign else Action("discard", card="ZZ"),
        Action("play", card="ZZ"),
        Action("claim"),
        Action("close"),
        Action("exchange"),
        Action("marriage", suit=rng.choice("SHDCX")),
        Action("draw", source=rng.choice(["stock", "discard", "elsewhere"])),
        Action("swap", target=rng.randrange(-1, state.n_players + 1), card=rng.choice(deck)),
        Action("give", card=rng.choice(deck)),
        Action("pair", cards=tuple(rng.sample(deck, 2))),
        Action("done"),
    ]
    return [a for a in candidates if a not in legal_set and a.kind not in OPEN_KINDS]


def play_random(state: GameState, rng: random.Random, max_steps: int = 100_000):
    """Play uniformly random legal actions until the match ends; yield (action, events)."""
    steps = 0
    while not state.is_over and steps < max_steps:
        action = rng.choice(state.legal_actions())
        events = state.apply(action)
        steps += 1
        yield action, events
