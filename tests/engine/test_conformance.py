"""One conformance test for every registered game, through the engine contract only.

Many seeded random matches are played to the end. After every step the cards are
conserved; at sampled steps every legal action applies (on a clone), actions that
are not legal raise IllegalAction and leave the state exactly as it was, the view
of every seat survives determinisation unchanged, and at each new deal no seat's
view holds a card that lies only in the other players' hands. Saves round-trip
to the same future; the same seed gives the same match.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from cardtable.engine import registry
from cardtable.engine.core import Action, DealResult, IllegalAction

from .conformance import (
    canonical,
    cards_in,
    full_deck,
    game_configs,
    new_state,
    play_random,
    surely_illegal_candidates,
)

CONFIGS = game_configs()
IDS = [f"{g}-{n}p" for g, n in CONFIGS]
SEEDS_PER_CONFIG = 3
#: the rummy games' matches are long (11-12 hands); fewer seeds per player count suffice
SEEDS_BY_GAME = {"rummy65": 2, "quebec65": 2}


def check_deal_result(state, event, deals: int) -> None:
    """Every game's deal_scored event carries the same typed result: per seat the change
    of the match score, the totals after it and the deal's measure, besides the game's
    own row (its breakdown), which is the score sheet's row."""
    spec = registry.get(state.GAME_ID)
    n = state.n_players
    for seat in (None, *range(n)):
        data = event.for_seat(seat)
        assert set(data[DealResult.KEY]) == {"deal", "change", "totals", "measure"}
        result = DealResult.from_event(data)
        assert result.deal == state.score_sheet[deals - 1]["deal"]
        for values in (result.change, result.totals, result.measure):
            assert len(values) == n and all(type(v) is int for v in values)
        # the result matches the score sheet's row and the match scores
        assert result.breakdown == state.score_sheet[deals - 1]
        assert result == state.deal_results()[deals - 1]
        assert list(result.totals) == list(state.match_scores)
        # partners share every number
        for side in spec.sides(n):
            for values in (result.change, result.totals, result.measure):
                assert len({values[s] for s in side}) == 1
        # a score only ever grows: penalties, points or games are added, never taken away
        assert all(c >= 0 for c in result.change)
    assert DealResult.from_json(json.loads(json.dumps(result.to_json()))) == result


def check_japanese65_deal(row: dict) -> None:
    assert sum(row["points"]) == 65
    assert sum(row["card_points"]) == 40
    assert sum(row["tricks"]) == 12
    assert sum(row["trick_points"]) + sum(row["last_trick"]) == 25
    assert sorted(row["game_points"])[0] == 0 and max(row["game_points"]) in (1, 2)


def check_sixtysix_deal(row: dict) -> None:
    if sum(row["tricks"]) == 12:  # every card was played: the deck's 120 points are shared
        assert sum(row["card_points"]) == 120
    if row["reason"] == "played_out":
        assert sum(row["tricks"]) == 12
    assert row["points"] == [c + m + t for c, m, t in
                             zip(row["card_points"], row["marriages"], row["last_trick"],
                                 strict=True)]
    assert all(0 <= g <= 3 for g in row["game_points"])
    assert sum(1 for g in row["game_points"] if g) <= 1


def check_rummy65_deal(row: dict) -> None:
    money = row["money"]
    n = len(row["totals"])
    assert money["pot"] >= 0
    assert money["paid"] == [money["ante"]] * n
    # money is conserved: what is left in the pot plus every player's net is zero
    assert money["pot"] + sum(money["net"]) == 0
    assert sum(money["taken_total"]) + money["pot"] == money["ante"] * n
    assert money["net"] == [t - a for t, a in zip(money["taken_total"], money["paid"], strict=True)]
    if any(money["payout"]):  # the pot is shared out once, at the end, to the lowest total
        assert money["pot"] == 0
        low = min(row["totals"])
        assert all(p == 0 for p, t in zip(money["payout"], row["totals"], strict=True) if t != low)
    assert all(t in (0, 10) for t in money["taken"])


DEAL_CHECKS = {
    "japanese65": check_japanese65_deal,
    "sixtysix": check_sixtysix_deal,
    "rummy65": check_rummy65_deal,
}


def heavy_step(step: int) -> bool:
    """Full checks on every early step, then on every 7th (keeps long games quick)."""
    return step < 150 or step % 7 == 0


def check_conserved(state) -> None:
    assert Counter(state.all_cards()) == Counter(full_deck(state)), "cards not conserved"


def check_every_legal_applies(state) -> None:
    for action in state.legal_actions():
        assert isinstance(action, Action)
        probe = state.clone()
        probe.apply(action)
        check_conserved(probe)


def check_illegal_refused(state, rng) -> None:
    before = canonical(state)
    for action in surely_illegal_candidates(state, rng):
        with pytest.raises(IllegalAction) as info:
            state.apply(action)
        assert info.value.code and info.value.message
        assert canonical(state) == before, f"{action} changed the state although refused"


def check_views(state, rng, new_deal: bool) -> None:
    for seat in range(state.n_players):
        view = state.view(seat)
        json.dumps(view)  # a view is plain data
        other = state.determinize(seat, random.Random(rng.random()))
        check_conserved(other)
        assert other.hand(seat) == state.hand(seat)
        assert other.view(seat) == view, f"view of seat {seat} depends on hidden cards"
        if new_deal:
            hidden = Counter()
            for s in range(state.n_players):
                if s != seat:
                    hidden.update(state.hand(s))
            visible_anywhere = Counter(state.all_cards()) - hidden
            for code, count in cards_in(view).items():
                assert visible_anywhere[code] > 0 or count == 0, (
                    f"seat {seat}'s view shows {code}, which only other players hold"
                )


@pytest.mark.parametrize("game_id,players", CONFIGS, ids=IDS)
def test_random_matches_obey_the_contract(game_id, players):
    for seed in range(SEEDS_BY_GAME.get(game_id, SEEDS_PER_CONFIG)):
        rng = random.Random(1000 + seed)
        state = new_state(game_id, players, seed)
        check_conserved(state)
        check_views(state, rng, new_deal=True)
        step = 0
        deals = 0
        while not state.is_over:
            assert state.current_player is not None
            assert 0 <= state.current_player < players
            legal = state.legal_actions()
            assert legal, "a player to act must have a legal action"
            assert len(legal) == len(set(legal)), "legal actions are listed once each"
            if heavy_step(step):
                check_every_legal_applies(state)
                check_illegal_refused(state, rng)
            action = rng.choice(legal)
            events = state.apply(action)
            step += 1
            check_conserved(state)
            kinds = [e.kind for e in events]
            for e in events:
                if e.kind == "deal_scored":
                    deals += 1
                    DEAL_CHECKS.get(game_id, lambda row: None)(e.data)
                    check_deal_result(state, e, deals)
            if "dealt" in kinds or heavy_step(step) and step % 5 == 0:
                check_views(state, rng, new_deal="dealt" in kinds and not state.is_over)
            assert step < 50_000, "match did not end"
        assert state.current_player is None
        assert state.legal_actions() == []
        assert state.winners, "a finished match has winners"
        assert len(state.score_sheet) == deals
        with pytest.raises(IllegalAction):
            state.apply(Action("play", card="AS"))


@pytest.mark.parametrize("game_id,players", CONFIGS, ids=IDS)
def test_save_round_trip_gives_the_same_future(game_id, players):
    rng = random.Random(7)
    for seed in range(3):
        state = new_state(game_id, players, 50 + seed)
        stop_at = rng.randrange(1, 120)
        for i, _ in enumerate(play_random(state, random.Random(seed))):
            if i + 1 >= stop_at:
                break
        text = json.dumps(state.to_json())
        restored = registry.from_json(json.loads(text))
        assert canonical(restored) == canonical(state)
        mover = random.Random(seed * 31)
        mover2 = random.Random(seed * 31)
        a = list(e.to_json() for _, evs in play_random(state, mover) for e in evs)
        b = list(e.to_json() for _, evs in play_random(restored, mover2) for e in evs)
        assert a == b
        assert canonical(restored) == canonical(state)


@pytest.mark.parametrize("game_id,players", CONFIGS, ids=IDS)
def test_same_seed_same_match_and_global_random_is_ignored(game_id, players):
    def run(disturb: bool) -> str:
        state = new_state(game_id, players, 99)
        mover = random.Random(5)
        log = []
        while not state.is_over:
            if disturb:
                random.seed(random.random())  # the engine must not notice
                random.random()
            action = mover.choice(state.legal_actions())
            log.append(str(action))
            state.apply(action)
        return "\n".join(log) + canonical(state)

    assert run(False) == run(False)
    assert run(False) == run(True)


def test_different_seeds_give_different_deals():
    for game_id, players in CONFIGS:
        a = new_state(game_id, players, 1)
        b = new_state(game_id, players, 2)
        assert [a.hand(s) for s in range(players)] != [b.hand(s) for s in range(players)]


@pytest.mark.parametrize("game_id,players", CONFIGS, ids=IDS)
def test_stacked_deck_rejects_wrong_cards(game_id, players):
    spec = registry.get(game_id)
    deck = full_deck(new_state(game_id, players, 0))
    from cardtable.engine.core import ConfigError

    with pytest.raises(ConfigError) as info:
        spec.new_match(players=players, seed=1, stacked_deck=deck[:-1])
    assert info.value.code == "bad_stacked_deck"
    with pytest.raises(ConfigError):
        spec.new_match(players=players, seed=1, stacked_deck=deck[:-1] + ["ZZ"])
    state = spec.new_match(players=players, seed=1, stacked_deck=deck)
    check_conserved(state)


def test_each_state_knows_its_spec_without_the_registry():
    """A loaded save is checked by its game's spec, which the state class names (``SPEC``,
    set by the game's module): core imports nothing of the registry, and a state class that
    names no spec cannot load a save."""
    import ast
    from pathlib import Path

    import cardtable
    from cardtable.engine import core
    from cardtable.engine.errors import ConfigError

    source = (Path(cardtable.__file__).parent / "engine" / "core.py").read_text("utf-8")
    imported = {node.module for node in ast.walk(ast.parse(source))
                if isinstance(node, ast.ImportFrom)}
    assert "registry" not in imported and "cardtable.engine.registry" not in imported
    for spec in registry.specs():
        assert spec.state_class.SPEC is spec
    state = new_state("sixtysix", 2, 4)
    data = state.to_json()
    assert canonical(registry.from_json(data)) == canonical(state)

    class Nameless(type(state)):
        SPEC = None
    with pytest.raises(ConfigError) as info:
        Nameless.from_json(data)
    assert info.value.code == "bad_save" and "SPEC" in str(info.value)
    assert core.GameState.SPEC is None
