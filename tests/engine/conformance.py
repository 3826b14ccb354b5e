"""Shared helpers for the conformance tests: random play through the contract only."""

from __future__ import annotations

import json
import random
from collections import Counter

from cardtable.engine import actions, registry
from cardtable.engine.cards import is_valid_code
from cardtable.engine.core import KIND_FIELDS, Action, GameState


def game_configs() -> list[tuple[str, int]]:
    """Every registered game at every player count it allows."""
    out = []
    for spec in registry.specs():
        for n in range(spec.min_players, spec.max_players + 1):
            out.append((spec.id, n))
    return out


def short_options(spec: registry.GameSpec) -> dict:
    """Options that keep a random match short, yet of several deals where the game plays
    to a target: the spec's ``quick_options`` (a match soon over) with the target two
    higher (within the option's range), so the deals after the first are played too."""
    options = spec.check_options(spec.quick_options)
    key = spec.target_option
    if key is not None:
        option = next(o for o in spec.options if o.key == key)
        highest = option.maximum if option.maximum is not None else options[key] + 2
        options[key] = min(options[key] + 2, highest)
    return options


def new_state(game_id: str, players: int, seed: int) -> GameState:
    """A match of ``game_id`` with :func:`short_options`."""
    spec = registry.get(game_id)
    return spec.new_match(players=players, seed=seed, options=short_options(spec))


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
    """Actions that must be refused: of every kind some game declares, with fields of the
    right shape and random values (a card from outside the hand, a card of the deck, no
    card at all, a suit or source that may not exist, a seat that may not be one), not
    listed as legal and not of an open kind (:class:`~cardtable.engine.actions.Kind`: listed
    canonically, so another arrangement may be legal)."""
    legal_set = set(state.legal_actions())
    seat = state.current_player
    mine = set(state.hand(seat))
    deck = sorted(set(full_deck(state)))
    foreign = [c for c in deck if c not in mine] or ["ZZ"]
    open_kinds = actions.open_kinds()

    def value(name: str, cards: list[str]):
        if name in ("card", "discard"):
            return rng.choice(cards)
        if name == "suit":
            return rng.choice("SHDCX")
        if name == "source":
            return rng.choice(["stock", "discard", "elsewhere"])
        if name == "target":
            return rng.randrange(-1, state.n_players + 1)
        if name == "cards":
            return tuple(rng.sample(deck, 2))
        return ((rng.choice(deck),),)                    # melds

    candidates = []
    for kind in sorted(KIND_FIELDS):
        required, _optional = KIND_FIELDS[kind]
        carries = {"card", "discard"} & set(required)
        for cards in ((foreign, deck, ["ZZ"]) if carries else (deck,)):
            candidates.append(Action(kind, **{name: value(name, cards) for name in required}))
    return [a for a in candidates if a not in legal_set and a.kind not in open_kinds]


def play_random(state: GameState, rng: random.Random, max_steps: int = 100_000):
    """Play uniformly random legal actions until the match ends; yield (action, events)."""
    steps = 0
    while not state.is_over and steps < max_steps:
        action = rng.choice(state.legal_actions())
        events = state.apply(action)
        steps += 1
        yield action, events
