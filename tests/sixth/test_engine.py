"""Magpie's engine: the shared conformance checks, then its rules on stacked decks."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.engine import registry
from cardtable.engine.core import Action, ConfigError, DealResult, IllegalAction
from tests.engine import test_conformance as conformance
from tests.engine.conformance import canonical

from .game.engine import (
    DECK,
    GAME_ID,
    KNOCK,
    KNOCK_FAILED,
    KNOCK_KIND,
    KNOCK_MADE,
    LAST_TRICK_BONUS,
    MagpieState,
)

PLAYERS = (2, 3, 4)


def stack(hands: list[list[str]], dealer: int) -> list[str]:
    """The deck that deals ``hands`` (one card at a time from the dealer's left)."""
    n = len(hands)
    first = (dealer + 1) % n
    order = [hands[(first + i) % n][i // n] for i in range(len(DECK))]
    assert sorted(order) == sorted(DECK)
    return order


def stacked(hands, dealer=None, **options) -> MagpieState:
    """A match whose first deal deals ``hands``; the seat after ``dealer`` (the last seat
    by default) leads, so seat 0 leads when the dealer is left out."""
    n = len(hands)
    dealer = n - 1 if dealer is None else dealer
    state = registry.get(GAME_ID).new_match(players=n, seed=1, options=options,
                                            first_dealer=dealer,
                                            stacked_deck=stack(hands, dealer))
    assert [sorted(state.hand(s)) for s in range(n)] == [sorted(h) for h in hands]
    return state


def play(state, card: str) -> list:
    return state.apply(Action("play", card=card))


def play_out(state) -> list:
    """Every player plays its first legal card until the deal is scored."""
    events = []
    deals = len(state.score_sheet)
    while not state.is_over and len(state.score_sheet) == deals:
        events += state.apply(next(a for a in state.legal_actions() if a.kind == "play"))
    return events


#: seat 0 holds every spade and heart: it leads, names spades trumps and takes every trick
STRONG = [[r + s for s in "SH" for r in "ATKQJ9"], [r + s for s in "DC" for r in "ATKQJ9"]]
#: seat 0 holds the low half of every suit, seat 1 the high half
WEAK = [[r + s for s in "SHDC" for r in "QJ9"], [r + s for s in "SHDC" for r in "ATK"]]


# ---------------------------------------------------------------- the shared conformance


@pytest.mark.parametrize("players", PLAYERS)
def test_random_matches_obey_the_contract(players):
    conformance.test_random_matches_obey_the_contract(GAME_ID, players)


@pytest.mark.parametrize("players", PLAYERS)
def test_save_round_trip_gives_the_same_future(players):
    conformance.test_save_round_trip_gives_the_same_future(GAME_ID, players)


@pytest.mark.parametrize("players", PLAYERS)
def test_same_seed_same_match(players):
    conformance.test_same_seed_same_match_and_global_random_is_ignored(GAME_ID, players)


@pytest.mark.parametrize("players", PLAYERS)
def test_stacked_deck_rejects_wrong_cards(players):
    conformance.test_stacked_deck_rejects_wrong_cards(GAME_ID, players)


def test_the_conformance_configs_see_the_game_while_it_is_registered():
    # the suite's own list of games is made from the registry, so a game registered at run
    # time is in it (the module-level CONFIGS were made at import, before this package ran)
    from tests.engine.conformance import game_configs

    assert [(GAME_ID, n) for n in PLAYERS] == [c for c in game_configs() if c[0] == GAME_ID]


def test_every_deal_result_is_typed_and_the_knock_is_refused_out_of_turn():
    rng = random.Random(3)
    for players in PLAYERS:
        state = registry.get(GAME_ID).new_match(players=players, seed=players)
        deals = 0
        while not state.is_over:
            legal = state.legal_actions()
            if KNOCK not in legal:
                before = canonical(state)
                with pytest.raises(IllegalAction) as info:
                    state.apply(KNOCK)
                assert info.value.code == "cannot_knock"
                assert info.value.params["reason"] in ("not_on_lead", "already_knocked",
                                                       "too_late")
                assert canonical(state) == before
            for event in state.apply(rng.choice(legal)):
                if event.kind == "deal_scored":
                    deals += 1
                    conformance.check_deal_result(state, event, deals)
                    row = event.data
                    assert sum(row["tricks"]) == len(DECK) // players
                    assert sum(row["points"]) == 120 + LAST_TRICK_BONUS


# ---------------------------------------------------------------- the rules


def test_the_first_card_led_names_trumps_and_a_trump_takes_the_trick():
    state = stacked(STRONG)
    assert state.trump is None and state.current_player == 0
    events = play(state, "9S")
    assert state.trump == "S"
    assert [e.kind for e in events] == ["played", "trumps_named"]
    assert events[1].data == {"seat": 0, "trump": "S"}
    events = play(state, "AD")     # no spade: any card, and it loses to the nine of trumps
    won = next(e for e in events if e.kind == "trick_won")
    assert won.data["winner"] == 0 and won.data["points"] == 11
    assert state.voids[1] == ["S"]
    # the trump stays spades for the rest of the deal
    play(state, "AH")
    assert state.trump == "S"


def test_a_player_must_follow_suit_and_a_refusal_changes_nothing():
    state = stacked(WEAK)
    play(state, "QS")
    before = canonical(state)
    with pytest.raises(IllegalAction) as info:
        play(state, "AH")
    assert info.value.code == "must_follow_suit" and info.value.params["suit"] == "S"
    with pytest.raises(IllegalAction) as info:
        play(state, "QH")        # seat 0's card
    assert info.value.code == "not_in_hand"
    with pytest.raises(IllegalAction) as info:
        state.apply(Action("close"))     # another game's move
    assert info.value.code in ("wrong_kind", "bad_action")
    assert canonical(state) == before
    assert {a.card for a in state.legal_actions()} == {"AS", "TS", "KS"}


def test_a_deal_taken_whole_with_a_knock_scores_the_knock():
    state = stacked(STRONG, target=10)
    assert KNOCK in state.legal_actions()
    events = state.apply(KNOCK)
    assert [e.kind for e in events] == ["knocked"]
    assert events[0].data["seat"] == 0 and events[0].data["trick_no"] == 1
    # the knocker keeps the lead, and nobody may knock again this deal
    assert state.current_player == 0 and KNOCK not in state.legal_actions()
    with pytest.raises(IllegalAction) as info:
        state.apply(KNOCK)
    assert info.value.params["reason"] == "already_knocked"
    events = play_out(state)
    row = state.score_sheet[0]
    assert row["points"] == [120 + LAST_TRICK_BONUS, 0]
    assert row["reason"] == "knock_made" and row["knocker"] == 0
    assert row["game_points"] == [KNOCK_MADE, 0]
    assert state.match_scores == [KNOCK_MADE, 0]
    scored = next(e for e in events if e.kind == "deal_scored")
    assert DealResult.from_event(scored.data).change == (KNOCK_MADE, 0)
    # a new deal: the knock is open again
    assert state.deal_no == 2 and state.knocker is None and state.trump is None


def test_the_same_deal_without_a_knock_scores_one():
    state = stacked(STRONG, target=10)
    play_out(state)
    row = state.score_sheet[0]
    assert row["reason"] == "most_points" and row["game_points"] == [1, 0]


def test_a_failed_knock_pays_every_other_player():
    state = stacked(WEAK, target=10)
    state.apply(KNOCK)
    play_out(state)
    row = state.score_sheet[0]
    assert row["reason"] == "knock_failed"
    assert row["game_points"] == [0, KNOCK_FAILED]
    hands = [[r + s for s in "SHDC" for r in "J9"], [r + s for s in "SHDC" for r in "AT"],
             [r + s for s in "SHDC" for r in "KQ"]]
    state = stacked(hands, target=10)
    state.apply(KNOCK)
    play_out(state)
    assert state.score_sheet[0]["game_points"] == [0, KNOCK_FAILED, KNOCK_FAILED]


def test_the_knock_is_refused_after_a_lead_and_on_the_last_trick():
    state = stacked(WEAK)
    play(state, "QS")
    with pytest.raises(IllegalAction) as info:
        state.apply(KNOCK)
    assert info.value.params["reason"] == "not_on_lead"
    # play on to the last trick without a knock: too late then
    while len(state.hand(state.current_player)) > 1 or state.trick:
        state.apply(next(a for a in state.legal_actions() if a.kind == "play"))
    assert state.trick == [] and len(state.hand(state.current_player)) == 1
    assert KNOCK not in state.legal_actions()
    with pytest.raises(IllegalAction) as info:
        state.apply(KNOCK)
    assert info.value.params["reason"] == "too_late"


def test_the_last_trick_bonus_is_an_option():
    state = stacked(STRONG, target=10, last_trick=False)
    play_out(state)
    assert state.score_sheet[0]["points"] == [120, 0]
    assert state.score_sheet[0]["last_trick"] == [0, 0]


def test_a_tie_at_the_top_shares_the_point_and_plays_on_past_the_target():
    state = stacked(STRONG, target=1)
    state.points = [60, 60]
    state.won = [[], []]
    game, reason = state.deal_game_points()
    assert (game, reason) == ([1, 1], "shared_top")
    state.knocker, state.knock_trick = 1, 1
    assert state.deal_game_points() == ([KNOCK_FAILED, 0], "knock_failed")
    state.knocker = state.knock_trick = None
    state._score_deal()
    # both reached the target together: nobody wins yet, and a new deal is dealt
    assert state.match_scores == [1, 1] and not state.is_over and state.deal_no == 2


def test_the_match_ends_when_one_player_alone_reaches_the_target():
    state = stacked(STRONG, target=1)
    events = play_out(state)
    assert state.is_over and state.winners == [0]
    assert events[-1].kind == "match_over" and events[-1].data["winners"] == [0]
    assert state.legal_actions() == [] and state.current_player is None


def test_determinize_keeps_the_voids_shown():
    state = stacked([[r + s for s in "SH" for r in "ATKQ"], [r + s for s in "DC" for r in "ATKQ"],
                     [r + s for s in "SHDC" for r in "J9"]])
    play(state, "AS")
    play(state, "AD")          # seat 1 shows out of spades
    for seed in range(30):
        world = state.determinize(2, random.Random(seed))
        assert world.hand(2) == state.hand(2)
        assert not any(c[1] == "S" for c in world.hand(1))
        assert sorted(world.hand(0) + world.hand(1)) == sorted(state.hand(0) + state.hand(1))
        assert world.view(2) == state.view(2)


def test_a_save_with_a_knock_round_trips_and_a_damaged_one_is_refused():
    state = stacked(STRONG)
    state.apply(KNOCK)
    play(state, "AS")
    data = json.loads(json.dumps(state.to_json()))
    assert canonical(registry.from_json(data)) == canonical(state)
    damaged = json.loads(json.dumps(data))
    damaged["fields"]["knock_trick"] = None
    with pytest.raises(ConfigError) as info:
        registry.from_json(damaged)
    assert info.value.code == "bad_save"
    damaged = json.loads(json.dumps(data))
    damaged["fields"]["trump"] = None
    with pytest.raises(ConfigError):
        registry.from_json(damaged)
    damaged = json.loads(json.dumps(data))
    damaged["fields"]["points"][0] += 1
    with pytest.raises(ConfigError):
        registry.from_json(damaged)


def test_the_knock_is_the_games_own_declared_move():
    from cardtable.engine import actions

    assert actions.declared(KNOCK_KIND) is not None
    assert MagpieState.move_kinds() == {"play", KNOCK_KIND}
    assert Action.from_json({"kind": KNOCK_KIND}) == KNOCK
    with pytest.raises(IllegalAction) as info:
        Action.from_json({"kind": KNOCK_KIND, "card": "AS"})
    assert info.value.code == "bad_action"
