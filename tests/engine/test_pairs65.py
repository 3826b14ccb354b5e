"""pairs65: one or more stacked-deck tests per rule paragraph of rules/pairs65.md."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.engine.cards import is_valid_code
from cardtable.engine.core import Action, ConfigError, DealResult, IllegalAction
from cardtable.engine.pairs65 import (
    DECK,
    PARTNERS,
    SPEC,
    STALEMATE_TURNS,
    Pairs65State,
    is_pair,
)

DRAW = Action("draw", source="stock")
TAKE_DISCARD = Action("draw", source="discard")
DONE = Action("done")

# Seat 0: four red pairs and the 5 of hearts; seat 1: nine cards with no pair among them.
FOUR_PAIRS = ["AH", "QH", "2H", "JH", "3H", "TH", "4H", "9H"]
NO_PAIRS = ["QS", "QC", "JS", "JC", "TS", "TC", "9S", "9C", "7D"]


def deck_for(n: int, first: int, hands: dict[int, list[str]], pile=()) -> list[str]:
    """A stacked deck (top first) dealing ``hands`` one card at a time from ``first``.

    Hands shorter than 9 cards are filled, then ``pile`` is the top of the draw pile;
    the unused cards follow in deck order.
    """
    used = [c for h in hands.values() for c in h] + list(pile)
    assert len(used) == len(set(used))
    rest = [c for c in DECK if c not in set(used)]
    full = {s: list(hands.get(s, [])) for s in range(n)}
    for s in range(n):
        while len(full[s]) < 9:
            full[s].append(rest.pop(0))
    order = [full[(first + i) % n][i // n] for i in range(9 * n)]
    return order + list(pile) + rest


def new(n=2, first=0, hands=None, pile=(), seed=1, **options):
    deck = deck_for(n, first, hands or {}, pile)
    return SPEC.new_match(players=n, seed=seed, first_dealer=(first - 1) % n,
                          stacked_deck=deck, options=options or None)


def frozen(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def refused(state, action, code) -> IllegalAction:
    before = frozen(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.code == code, info.value
    assert frozen(state) == before, f"{action} changed the state although refused"
    return info.value


def pair(a, b):
    return Action("pair", cards=(a, b))


def discard(card):
    return Action("discard", card=card)


def swap(target, card):
    return Action("swap", target=target, card=card)


def give(card):
    return Action("give", card=card)


def draw_and_discard_it(state):
    """The stalemate policy: draw from the stock and throw that very card away."""
    seat = state.current_player
    events = state.apply(DRAW)
    drawn = state.hand(seat)[-1]
    return events + state.apply(discard(drawn))


def conserved(state) -> bool:
    return Counter(state.all_cards()) == Counter(DECK)


def cards_in(obj) -> set[str]:
    found = set()
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            if is_valid_code(x):
                found.add(x)
        elif isinstance(x, dict):
            stack.extend(x.values())
        elif isinstance(x, (list, tuple)):
            stack.extend(x)
    return found


def may_know(state, seat) -> set[str]:
    """Cards ``seat`` may see: own hand, own offered card, the table, known cards of others."""
    out = set(state.hand(seat)) | set(state.discard_pile)
    for laid in state.pairs:
        for p in laid:
            out.update(p)
    bit = 1 << seat
    for h in range(state.n_players):
        if h != seat:
            out.update(c for c in state.hands[h] if state.known.get(c, 0) & bit)
    if state.swap is not None:
        c = state.swap["card"]
        if state.swap["swapper"] == seat or state.known.get(c, 0) & bit:
            out.add(c)
    return out


# --- Table ---------------------------------------------------------------------------

def test_deck_is_48_cards_without_kings():
    assert len(DECK) == 48 and len(set(DECK)) == 48
    assert not [c for c in DECK if c[0] == "K"]
    assert Pairs65State._full_deck(None) == DECK


def test_two_to_four_players_only():
    for n in (1, 5):
        with pytest.raises(ConfigError) as info:
            SPEC.new_match(players=n, seed=1)
        assert info.value.code == "bad_players"
    for n in (2, 3, 4):
        assert SPEC.new_match(players=n, seed=1).n_players == n


def test_spec_and_games_to_win_option():
    assert SPEC.id == "pairs65" and SPEC.family == "draw-and-pair"
    assert SPEC.default_options() == {"games_to_win": 1}
    assert SPEC.blurb and "first_player" in SPEC.notes
    for bad in (0, 10, "2", True):
        with pytest.raises(ConfigError):
            SPEC.new_match(players=2, seed=1, options={"games_to_win": bad})
    with pytest.raises(ConfigError):
        SPEC.new_match(players=2, seed=1, options={"target": 3})
    assert SPEC.new_match(players=2, seed=1, options={"games_to_win": 9}).options == {
        "games_to_win": 9
    }


@pytest.mark.parametrize("n", [2, 3, 4])
def test_deal_nine_each_one_at_a_time_from_first_player(n):
    rng = random.Random(n)
    for first in range(n):
        deck = list(DECK)
        rng.shuffle(deck)
        state = SPEC.new_match(players=n, seed=2, first_dealer=(first - 1) % n,
                               stacked_deck=deck)
        for k in range(n):
            assert state.hand((first + k) % n) == deck[k:9 * n:n]
        assert state.draw_pile == deck[9 * n:]
        assert len(state.draw_pile) == 48 - 9 * n
        assert state.discard_pile == []
        assert state.current_player == first
        assert state.dealer == (first - 1) % n
        assert state.view(first)["draw_pile"] == 48 - 9 * n
        assert state.phase == "take" and state.turn_no == 1
        # the draw pile is top first
        state.apply(DRAW)
        assert state.hand(first)[-1] == deck[9 * n]


def test_deal_events_show_each_seat_only_its_own_cards():
    state = new(3, first=1)
    events = state.start_events()
    assert events[0].kind == "dealt" and events[0].data["first"] == 1
    received = [e for e in events if e.kind == "received"]
    assert len(received) == 3
    for e in received:
        seat = e.data["seat"]
        assert e.for_seat(seat)["cards"] == state.hand(seat)
        for other in range(3):
            if other != seat:
                assert "cards" not in e.for_seat(other)


def test_random_starting_seat_from_seed():
    firsts = {SPEC.new_match(players=3, seed=s).current_player for s in range(40)}
    assert firsts == {0, 1, 2}


# --- A pair --------------------------------------------------------------------------

SUMS = [("A", "Q"), ("2", "J"), ("3", "T"), ("4", "9"), ("5", "8"), ("6", "7")]


@pytest.mark.parametrize("low,high", SUMS)
@pytest.mark.parametrize("suits", ["HH", "HD", "DD", "SS", "SC", "CS"])
def test_every_sum_to_13_pairs_in_either_colour(low, high, suits):
    a, b = low + suits[0], high + suits[1]
    assert is_pair(a, b) and is_pair(b, a)
    state = new(2, first=0, hands={0: [a, b]})
    state.apply(DRAW)
    assert pair(a, b) in state.legal_actions()
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(pair(b, a))  # apply is strict: only the listed order
    assert info.value.code == "not_legal" and state.to_json() == before
    assert state.normalise(pair(b, a)) == pair(a, b)  # normalise mends the order
    events = state.apply(state.normalise(pair(b, a)))
    assert events[0].kind == "paired"
    assert events[0].data == {"seat": 0, "cards": [a, b], "pairs": 1}
    assert state.pairs[0] == [[a, b]]
    assert a not in state.hand(0) and b not in state.hand(0)
    assert state.phase == "play" and state.current_player == 0
    assert conserved(state)


def test_partners_are_same_colour_and_add_to_13():
    for c in DECK:
        assert len(PARTNERS[c]) == 2
        for p in PARTNERS[c]:
            assert is_pair(c, p)
    assert sum(1 for a in DECK for b in DECK if is_pair(a, b)) == 48 * 2


def test_pair_refusals_leave_the_state_unchanged():
    state = new(2, first=0, hands={0: ["AH", "QS", "2H", "9H", "JH", "4S", "9S", "7C", "8D"]},
                pile=["5C"])
    state.apply(DRAW)
    e = refused(state, pair("AH", "QS"), "colours_differ")
    assert "red" in e.message and "black" in e.message
    e = refused(state, pair("2H", "9H"), "values_not_13")
    assert "values add to 11, not 13" in e.message
    refused(state, pair("AH", "JH"), "values_not_13")
    refused(state, pair("4S", "9H"), "colours_differ")
    refused(state, pair("AH", "QH"), "not_in_hand")
    refused(state, pair("KH", "AH"), "not_in_hand")
    refused(state, pair("AH", "AH"), "bad_pair")
    refused(state, Action("pair", cards=("AH",)), "bad_pair")
    refused(state, Action("pair"), "bad_pair")
    # the valid pair in this hand is accepted
    state.apply(pair("4S", "9S"))
    assert state.pairs[0] == [["4S", "9S"]]


# --- A turn --------------------------------------------------------------------------

def test_must_take_a_card_first():
    state = new(2, first=0, hands={0: FOUR_PAIRS + ["5H"]})
    for action in (pair("AH", "QH"), discard("5H"), DONE):
        refused(state, action, "must_take_first")
    refused(state, give("5H"), "no_swap_pending")
    refused(state, Action("play", card="5H"), "wrong_kind")
    refused(state, Action("draw", source="elsewhere"), "bad_source")
    refused(state, Action("draw"), "bad_source")
    refused(state, TAKE_DISCARD, "empty_pile")
    assert TAKE_DISCARD not in state.legal_actions()
    state.apply(DRAW)
    refused(state, DRAW, "already_took")
    refused(state, swap(1, "5H"), "already_took")
    refused(state, give("5H"), "no_swap_pending")


def refill_start():
    """Seat 0 ends its first turn with 3 cards; seat 1 is in its take phase."""
    state = new(2, first=0, hands={0: FOUR_PAIRS + ["8S"], 1: NO_PAIRS},
                pile=["7C", "5C", "2S", "3S", "5S", "6C"])
    state.apply(DRAW)
    for a, b in (("AH", "QH"), ("2H", "JH"), ("3H", "TH")):
        state.apply(pair(a, b))
    assert len(state.hand(0)) == 4
    refused(state, DONE, "must_discard")
    assert DONE not in state.legal_actions()
    assert {a.card for a in state.legal_actions() if a.kind == "discard"} == set(state.hand(0))
    state.apply(discard("8S"))
    assert state.hand(0) == ["4H", "9H", "7C"]
    assert state.current_player == 1 and state.phase == "take"
    return state


def test_refill_three_cards_when_holding_three_or_fewer():
    state = refill_start()
    state.apply(DRAW)  # seat 1 draws 5C
    events = state.apply(discard("5C"))
    refills = [e for e in events if e.kind == "refilled"]
    assert len(refills) == 1
    assert refills[0].data == {"seat": 0, "count": 3}
    assert refills[0].for_seat(0)["cards"] == ["2S", "3S", "5S"]
    assert "cards" not in refills[0].for_seat(1)
    assert state.hand(0) == ["4H", "9H", "7C", "2S", "3S", "5S"]
    assert state.current_player == 0 and state.phase == "take"
    assert state.draw_pile[0] == "6C"


def test_no_refill_when_holding_four():
    state = new(2, first=0, hands={0: FOUR_PAIRS + ["8S"], 1: NO_PAIRS}, pile=["7C", "5C"])
    state.apply(DRAW)
    for a, b in (("AH", "QH"), ("2H", "JH")):
        state.apply(pair(a, b))
    state.apply(discard("8S"))
    assert len(state.hand(0)) == 5
    state.apply(DRAW)
    events = state.apply(discard("5C"))
    assert not [e for e in events if e.kind == "refilled"]
    assert len(state.hand(0)) == 5


def test_no_discard_at_three_or_fewer():
    state = new(2, first=0, hands={0: FOUR_PAIRS + ["8S"], 1: NO_PAIRS}, pile=["7C"])
    state.apply(DRAW)
    for a, b in (("AH", "QH"), ("2H", "JH"), ("3H", "TH"), ("4H", "9H")):
        state.apply(pair(a, b))
    assert state.hand(0) == ["8S", "7C"]
    refused(state, discard("8S"), "no_discard_at_3")
    assert state.legal_actions() == [DONE]
    events = state.apply(DONE)
    assert events[0].kind == "done" and events[0].data == {"seat": 0}
    assert state.current_player == 1 and state.hand(0) == ["8S", "7C"]


def test_no_discard_holding_exactly_three():
    state = new(2, first=0, hands={0: NO_PAIRS})
    state.apply(DRAW)
    # surgery: six of the ten cards go under the draw pile, seat 0 keeps exactly 3
    state.draw_pile.extend(state.hands[0][3:])
    del state.hands[0][3:]
    assert conserved(state) and state.hand(0) == ["QS", "QC", "JS"]
    refused(state, discard("QS"), "no_discard_at_3")
    assert state.legal_actions() == [DONE]
    state.apply(DONE)
    assert state.current_player == 1 and state.hand(0) == ["QS", "QC", "JS"]


def test_must_discard_above_three():
    state = new(2, first=0, hands={1: NO_PAIRS})
    state.apply(DRAW)
    assert len(state.hand(0)) == 10
    refused(state, DONE, "must_discard")
    refused(state, discard("KS"), "not_in_hand")
    refused(state, discard(NO_PAIRS[0]), "not_in_hand")
    card = state.hand(0)[0]
    events = state.apply(discard(card))
    assert events[0].data == {"seat": 0, "card": card}
    assert state.discard_pile == [card] and len(state.hand(0)) == 9


def test_take_the_top_discard():
    state = new(2, first=0, hands={0: ["5H"] + NO_PAIRS[:8], 1: FOUR_PAIRS + ["8S"]},
                pile=["7C", "6D"])
    state.apply(DRAW)
    state.apply(discard("7C"))
    state.apply(DRAW)
    state.apply(discard("6D"))
    assert state.discard_pile == ["7C", "6D"]
    assert TAKE_DISCARD in state.legal_actions()
    events = state.apply(TAKE_DISCARD)
    assert events[0].public() == {"kind": "drew", "seat": 0, "source": "discard", "card": "6D"}
    assert state.discard_pile == ["7C"] and state.hand(0)[-1] == "6D"
    # everybody now knows seat 0 holds the 6D
    assert state.view(1)["known"][0] == ["6D"]
    assert state.view(0)["known"][0] == []
    # taking and discarding the same card is allowed; then it is no longer known
    state.apply(discard("6D"))
    assert state.view(1)["known"][0] == []
    assert state.discard_pile == ["7C", "6D"]


def test_drawing_from_the_stock_is_secret():
    state = new(3, first=0, pile=["8D"])
    events = state.apply(DRAW)
    assert events[0].for_seat(0) == {"kind": "drew", "seat": 0, "source": "stock",
                                     "count": 1, "card": "8D"}
    for other in (1, 2):
        assert "card" not in events[0].for_seat(other)
        assert "8D" not in cards_in(state.view(other))


# --- Swapping ------------------------------------------------------------------------

def test_swap_target_chooses_blind_then_cards_change_hands():
    state = new(3, first=0, hands={0: ["5H", "8C"] + NO_PAIRS[:7], 1: ["6D", "TD"]})
    sizes = state.view(2)["hand_sizes"]
    events = state.apply(swap(1, "5H"))
    assert events[0].public() == {"kind": "swap_asked", "seat": 0, "target": 1}
    assert events[0].for_seat(0)["card"] == "5H"
    assert "card" not in events[0].for_seat(1) and "card" not in events[0].for_seat(2)
    assert state.current_player == 1 and state.phase == "give"
    # the target and the third player cannot see the offered card
    for seat in (1, 2):
        view = state.view(seat)
        assert "5H" not in cards_in(view)
        assert view["swap"] == {"swapper": 0, "target": 1}
        assert view["hand_sizes"] == sizes
    assert state.view(0)["swap"] == {"swapper": 0, "target": 1, "card": "5H"}
    assert state.view(0)["hand_sizes"] == sizes
    assert "5H" not in state.hand(0) and "5H" not in state.hand(1)
    assert conserved(state)
    # the target must give, and only a card it holds
    assert all(a.kind == "give" for a in state.legal_actions())
    assert {a.card for a in state.legal_actions()} == set(state.hand(1))
    refused(state, DRAW, "must_give")
    refused(state, discard("6D"), "must_give")
    refused(state, give("5H"), "not_in_hand")
    refused(state, give("8C"), "not_in_hand")
    events = state.apply(give("6D"))
    assert events[0].public() == {"kind": "swapped", "seat": 0, "target": 1}
    assert events[0].for_seat(0)["gave"] == "5H" and events[0].for_seat(0)["received"] == "6D"
    assert events[0].for_seat(1)["gave"] == "5H" and events[0].for_seat(1)["received"] == "6D"
    assert "gave" not in events[0].for_seat(2)
    assert "6D" in state.hand(0) and "5H" not in state.hand(0)
    assert "5H" in state.hand(1) and "6D" not in state.hand(1)
    # the turn returns to the swapper, who now lays pairs and discards
    assert state.current_player == 0 and state.phase == "play" and state.swap is None
    assert len(state.hand(0)) == 9 and len(state.hand(1)) == 9
    # each knows where its own card went; the third player knows neither
    assert state.view(0)["known"][1] == ["5H"]
    assert state.view(1)["known"][0] == ["6D"]
    assert state.view(2)["known"] == [[], [], []]
    refused(state, DONE, "must_discard")
    state.apply(discard("8C"))
    assert state.current_player == 1


def test_swap_card_known_to_the_target_stays_listed_while_pending():
    """A publicly known card offered in a swap must not vanish from the target's view."""
    state = new(2, first=0, hands={0: NO_PAIRS, 1: FOUR_PAIRS + ["8S"]}, pile=["5C", "2D"])
    state.apply(DRAW)
    state.apply(discard("5C"))
    state.apply(DRAW)
    state.apply(discard("2D"))
    state.apply(TAKE_DISCARD)  # seat 0 takes 2D, known to all
    state.apply(discard("QS"))
    state.apply(DRAW)
    state.apply(discard(state.hand(1)[-1]))
    before = state.view(1)["known"][0]
    assert before == ["2D"]
    state.apply(swap(1, "2D"))
    assert state.view(1)["known"][0] == ["2D"]
    state2 = new(2, first=0, hands={0: NO_PAIRS, 1: FOUR_PAIRS + ["8S"]}, pile=["5C", "2D"])
    for action in (DRAW, discard("5C"), DRAW, discard("2D"), TAKE_DISCARD, discard("QS"), DRAW):
        state2.apply(action)
    state2.apply(discard(state2.hand(1)[-1]))
    state2.apply(swap(1, "QC"))
    assert state2.view(1) == state.view(1)


def test_swap_needs_a_target_holding_a_card():
    state = new(3, first=0)
    # seat 1 holds nothing (its cards go under the draw pile: still 48 cards in play)
    state.draw_pile.extend(state.hands[1])
    state.hands[1] = []
    assert conserved(state)
    assert not [a for a in state.legal_actions() if a.kind == "swap" and a.target == 1]
    card = state.hand(0)[0]
    refused(state, swap(1, card), "target_has_no_cards")
    refused(state, swap(0, card), "bad_target")
    refused(state, swap(3, card), "bad_target")
    refused(state, swap(-1, card), "bad_target")
    refused(state, Action("swap", card=card), "bad_target")
    refused(state, swap(2, "KH"), "not_in_hand")
    state.apply(swap(2, card))
    assert state.current_player == 2


def test_legal_swaps_cover_every_card_and_every_other_holder():
    state = new(4, first=2)
    swaps = {(a.target, a.card) for a in state.legal_actions() if a.kind == "swap"}
    assert swaps == {(t, c) for t in (0, 1, 3) for c in state.hand(2)}


# --- Draw pile runs out --------------------------------------------------------------

def test_reshuffle_when_the_last_card_is_taken():
    state = new(2, first=0, seed=5)
    pile = list(state.draw_pile)
    assert len(pile) == 30
    for _ in range(29):
        draw_and_discard_it(state)
    assert state.draw_pile == pile[-1:]
    assert state.discard_pile == pile[:-1]
    events = state.apply(DRAW)
    assert [e.kind for e in events] == ["drew", "reshuffled"]
    assert events[0].for_seat(state.turn)["card"] == pile[-1]
    assert events[1].data == {"count": 29}
    assert state.discard_pile == []
    assert sorted(state.draw_pile) == sorted(pile[:-1])
    assert conserved(state)
    state.apply(discard(pile[-1]))
    assert state.discard_pile == [pile[-1]]


def test_short_pile_refill_reshuffles_and_goes_on():
    state = refill_start()
    state.apply(DRAW)  # seat 1 takes 5C
    # leave 2 cards in the draw pile (the rest go to seat 1's hand)
    state.hands[1].extend(state.draw_pile[2:])
    del state.draw_pile[2:]
    assert state.draw_pile == ["2S", "3S"] and state.discard_pile == ["8S"]
    events = state.apply(discard("5C"))
    kinds = [e.kind for e in events]
    assert kinds == ["discarded", "refilled", "reshuffled", "refilled"]
    assert events[1].for_seat(0)["cards"] == ["2S", "3S"]
    assert events[2].data == {"count": 2}
    third = events[3].for_seat(0)["cards"]
    assert len(third) == 1 and third[0] in ("8S", "5C")
    assert len(state.hand(0)) == 6
    assert len(state.draw_pile) == 1 and state.discard_pile == []
    assert conserved(state)


def test_both_piles_empty_take_what_there_is_then_nothing():
    state = refill_start()
    state.apply(DRAW)  # seat 1 takes 5C
    state.hands[1].extend(state.draw_pile + state.discard_pile)
    state.draw_pile = []
    state.discard_pile = []
    events = state.apply(discard("5C"))
    assert [e.kind for e in events] == ["discarded", "reshuffled", "refilled"]
    assert events[2].data == {"seat": 0, "count": 1}
    assert state.hand(0) == ["4H", "9H", "7C", "5C"]
    assert state.draw_pile == [] and state.discard_pile == []
    # nothing to take: drawing takes nothing, the discard pile cannot be taken
    refused(state, TAKE_DISCARD, "empty_pile")
    assert state.legal_actions()[0] == DRAW and TAKE_DISCARD not in state.legal_actions()
    assert any(a.kind == "swap" for a in state.legal_actions())
    events = state.apply(DRAW)
    assert [e.public() for e in events] == [
        {"kind": "drew", "seat": 0, "source": "stock", "count": 0}
    ]
    assert state.hand(0) == ["4H", "9H", "7C", "5C"] and state.phase == "play"
    state.apply(discard("5C"))
    # seat 1 draws from an empty draw pile: the one discard becomes the draw pile
    events = state.apply(DRAW)
    assert [e.kind for e in events] == ["reshuffled", "drew"]
    assert state.hand(1)[-1] == "5C"
    assert conserved(state)


# --- End -----------------------------------------------------------------------------

def test_five_pairs_win_at_once():
    state = new(2, first=0, hands={0: FOUR_PAIRS + ["5H"], 1: NO_PAIRS}, pile=["8H"])
    state.apply(DRAW)
    for a, b in (("AH", "QH"), ("2H", "JH"), ("3H", "TH"), ("4H", "9H")):
        state.apply(pair(a, b))
        assert not state.is_over
    events = state.apply(pair("5H", "8H"))
    kinds = [e.kind for e in events]
    assert kinds == ["paired", "deal_scored", "match_over"]
    row = events[1].data
    assert row["reason"] == "five_pairs" and row["winners"] == [0]
    assert row["pairs"] == [5, 0] and row["turns"] == 1 and row["game"] == 1
    assert state.score_sheet == [DealResult.from_event(row).breakdown]
    assert state.is_over and state.winners == [0] and state.match_scores == [1, 0]
    assert state.current_player is None and state.legal_actions() == []
    assert state.view(1)["is_over"] and state.view(1)["winners"] == [0]
    refused(state, DONE, "match_over")
    assert conserved(state)


def test_stalemate_after_60_turns_without_a_pair_everyone_tied():
    state = new(2, first=0, seed=3)
    for turn in range(1, STALEMATE_TURNS):
        draw_and_discard_it(state)
        assert state.turns_without_pair == turn and not state.is_over
    events = draw_and_discard_it(state)
    assert state.is_over
    row = state.score_sheet[-1]
    assert row["reason"] == "stalemate" and row["turns"] == 60
    assert row["pairs"] == [0, 0] and row["winners"] == [0, 1]
    assert state.winners == [0, 1] and state.match_scores == [1, 1]
    assert [e.kind for e in events][-2:] == ["deal_scored", "match_over"]


def test_stalemate_most_pairs_wins_and_a_pair_restarts_the_count():
    state = new(2, first=0, hands={0: ["AH", "QH"] + NO_PAIRS[:7], 1: NO_PAIRS[7:]}, seed=4)
    state.apply(DRAW)
    drawn = state.hand(0)[-1]
    state.apply(pair("AH", "QH"))
    assert state.turns_without_pair == 0
    state.apply(discard(drawn))
    assert state.turns_without_pair == 0
    for _ in range(STALEMATE_TURNS - 1):
        draw_and_discard_it(state)
    assert not state.is_over and state.turns_without_pair == 59
    draw_and_discard_it(state)
    assert state.is_over and state.winners == [0]
    row = state.score_sheet[-1]
    assert row["reason"] == "stalemate" and row["pairs"] == [1, 0] and row["turns"] == 61


def test_stalemate_equal_counts_share_the_win():
    hands = {0: ["AH", "QH"] + NO_PAIRS[:7], 1: ["2D", "JD"] + NO_PAIRS[7:], 2: []}
    state = new(3, first=0, hands=hands, seed=6)
    # seats 0 and 1 each lay a pair, seat 2 never does
    for a, b in (("AH", "QH"), ("2D", "JD")):
        seat = state.current_player
        state.apply(DRAW)
        drawn = state.hand(seat)[-1]
        state.apply(pair(a, b))
        state.apply(discard(drawn))
    assert state.pairs[2] == []
    turns = 0
    while not state.is_over:
        draw_and_discard_it(state)
        turns += 1
    assert turns == STALEMATE_TURNS
    row = state.score_sheet[-1]
    assert row["winners"] == [0, 1] and row["pairs"] == [1, 1, 0] and row["turns"] == 62
    assert state.winners == [0, 1] and state.match_scores == [1, 1, 0]


def test_match_of_several_games_rotates_the_first_player():
    state = new(3, first=1, hands={1: FOUR_PAIRS + ["5H"]}, pile=["8H"], seed=11,
                games_to_win=2)
    state.apply(DRAW)
    events = []
    for a, b in (("AH", "QH"), ("2H", "JH"), ("3H", "TH"), ("4H", "9H"), ("5H", "8H")):
        events = state.apply(pair(a, b))
    kinds = [e.kind for e in events]
    assert "deal_scored" in kinds and "match_over" not in kinds and "dealt" in kinds
    assert not state.is_over and state.match_scores == [0, 1, 0]
    # the second game starts one seat further to the left, with a fresh deal
    assert state.deal_no == 2 and state.dealer == 1 and state.current_player == 2
    assert [len(state.hand(s)) for s in range(3)] == [9, 9, 9]
    assert state.pairs == [[], [], []] and state.discard_pile == []
    assert state.turns_without_pair == 0 and state.turn_no == 1
    assert conserved(state)
    rng = random.Random(3)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    assert max(state.match_scores) == 2
    assert state.winners == [s for s in range(3) if state.match_scores[s] >= 2]
    firsts = [row["first_player"] for row in state.score_sheet]
    assert firsts == [(1 + k) % 3 for k in range(len(firsts))]
    assert [row["game"] for row in state.score_sheet] == list(range(1, len(firsts) + 1))
    wins = Counter(w for row in state.score_sheet for w in row["winners"])
    assert [wins[s] for s in range(3)] == state.match_scores


def test_several_seats_reaching_the_target_together_all_win():
    state = new(2, first=0, seed=8, games_to_win=2)
    while not state.is_over:
        draw_and_discard_it(state)
    assert len(state.score_sheet) == 2
    assert [row["winners"] for row in state.score_sheet] == [[0, 1], [0, 1]]
    assert state.winners == [0, 1] and state.match_scores == [2, 2]


# --- Information ---------------------------------------------------------------------

def random_states(seeds, players_cycle=(2, 3, 4), games_to_win=1):
    """Yield states along random matches (including pending swaps)."""
    for seed in seeds:
        n = players_cycle[seed % len(players_cycle)]
        state = SPEC.new_match(players=n, seed=seed, options={"games_to_win": games_to_win})
        rng = random.Random(seed)
        while not state.is_over:
            yield state
            state.apply(rng.choice(state.legal_actions()))


def test_view_never_shows_a_card_the_seat_may_not_know():
    checked = 0
    for step, state in enumerate(random_states(range(12))):
        if step % 3:
            continue
        for seat in range(state.n_players):
            view = state.view(seat)
            json.dumps(view)
            assert cards_in(view) <= may_know(state, seat)
            assert view["hand"] == state.hand(seat)
            assert sum(view["hand_sizes"]) + view["draw_pile"] + len(view["discard_pile"]) + sum(
                2 * len(p) for p in view["pairs"]
            ) == 48
            checked += 1
    assert checked > 500


def test_view_of_a_fresh_deal_shows_only_own_hand():
    state = new(4, first=0)
    for seat in range(4):
        assert cards_in(state.view(seat)) == set(state.hand(seat))


def test_determinize_keeps_the_view_and_depends_only_on_it():
    checked = swaps = 0
    for step, state in enumerate(random_states(range(100, 110))):
        if step % 5 and state.phase != "give":
            continue
        for seat in range(state.n_players):
            world = state.determinize(seat, random.Random(step))
            assert conserved(world)
            assert world.view(seat) == state.view(seat)
            assert world.hand(seat) == state.hand(seat)
            assert world.legal_actions() == state.legal_actions() or seat != state.current_player
            # another hidden world with the same view gives the same determinisation
            again = world.determinize(seat, random.Random(99))
            assert frozen(again) == frozen(state.determinize(seat, random.Random(99)))
            checked += 1
        swaps += state.phase == "give"
    assert checked > 300 and swaps > 10


def test_determinize_hides_which_card_was_offered():
    state = new(2, first=0, hands={0: NO_PAIRS, 1: FOUR_PAIRS + ["8S"]})
    state.apply(swap(1, "QS"))
    offered = {state.determinize(1, random.Random(i)).swap["card"] for i in range(40)}
    assert len(offered) > 3 and "KS" not in offered
    assert not offered & set(state.hand(1))
    # the swapper itself keeps its own choice
    assert {state.determinize(0, random.Random(i)).swap["card"] for i in range(10)} == {"QS"}


def test_determinize_keeps_known_cards_in_place():
    state = new(2, first=0, hands={0: NO_PAIRS, 1: FOUR_PAIRS + ["8S"]}, pile=["5C", "2D"])
    for action in (DRAW, discard("5C"), DRAW, discard("2D"), TAKE_DISCARD):
        state.apply(action)
    for i in range(20):
        world = state.determinize(1, random.Random(i))
        assert "2D" in world.hand(0)
        assert world.view(1) == state.view(1)
    moved = {tuple(sorted(state.determinize(1, random.Random(i)).hand(0))) for i in range(20)}
    assert len(moved) > 1


def test_save_round_trip_and_damaged_saves():
    for state in random_states([21], players_cycle=(3,)):
        if state.phase == "give":
            break
    data = json.loads(json.dumps(state.to_json()))
    again = Pairs65State.from_json(data)
    assert frozen(again) == frozen(state)
    assert again.legal_actions() == state.legal_actions()
    bad = json.loads(json.dumps(data))
    pile = bad["fields"]["draw_pile"]
    a = pile.pop(0)
    b = next(c for c in pile if not is_pair(a, c))
    pile.remove(b)
    bad["fields"]["pairs"][0].append([a, b])
    with pytest.raises(ConfigError) as info:
        Pairs65State.from_json(bad)
    assert "invalid pair" in info.value.message
    lost = json.loads(json.dumps(data))
    lost["fields"]["draw_pile"].pop()
    with pytest.raises(ConfigError):
        Pairs65State.from_json(lost)
    phase = json.loads(json.dumps(data))
    phase["fields"]["phase"] = "play"
    with pytest.raises(ConfigError):
        Pairs65State.from_json(phase)


# --- Checks that must hold -----------------------------------------------------------

def check_turn_end(state, seat, events):
    """After a discard or 'done' the player holds no more than the rules allow."""
    kinds = [e.kind for e in events]
    held = len(state.hands[seat])
    if "discarded" in kinds:
        assert held >= 3  # it held more than 3 before discarding
    if "done" in kinds:
        assert held <= 3
    assert held <= 9


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_matches_keep_every_invariant(players):
    for seed in range(15):
        state = SPEC.new_match(players=players, seed=seed,
                               options={"games_to_win": 1 + seed % 3})
        rng = random.Random(seed)
        steps = 0
        while not state.is_over:
            seat = state.current_player
            turn_seat = state.turn
            legal = state.legal_actions()
            assert legal and len(legal) == len(set(legal))
            action = rng.choice(legal)
            events = state.apply(action)
            steps += 1
            assert conserved(state)
            for laid in state.pairs:
                for p in laid:
                    assert is_pair(*p)
            assert all(len(laid) <= 5 for laid in state.pairs)
            if action.kind in ("discard", "done"):
                assert seat == turn_seat
                check_turn_end(state, seat, events)
            if not state.is_over and state.phase == "take":
                # a turn starts with at least 3 cards unless both piles ran dry
                if state.draw_pile or state.discard_pile:
                    assert len(state.hand(state.turn)) >= 3
            if steps % 97 == 0:
                assert frozen(Pairs65State.from_json(state.to_json())) == frozen(state)
        assert state.winners
        assert state.winners == [
            s for s in range(players) if state.match_scores[s] >= state.options["games_to_win"]
        ]
        for row in state.score_sheet:
            assert row["reason"] in ("five_pairs", "stalemate")
            if row["reason"] == "five_pairs":
                assert row["pairs"][row["winners"][0]] == 5 and len(row["winners"]) == 1
            else:
                assert all(row["pairs"][w] == max(row["pairs"]) for w in row["winners"])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.integers(2, 4),
       st.lists(st.integers(0, 10_000), min_size=1, max_size=400))
def test_any_choice_sequence_keeps_the_cards_and_refuses_cleanly(seed, players, picks):
    state = SPEC.new_match(players=players, seed=seed)
    deck = sorted(DECK)
    for pick in picks:
        if state.is_over:
            break
        legal = state.legal_actions()
        a, b = deck[pick % 48], deck[(pick // 48) % 48]
        probe = Action("pair", cards=(a, b))
        if probe not in legal and Action("pair", cards=(b, a)) not in legal:
            before = frozen(state)
            try:
                state.apply(probe)
            except IllegalAction:
                assert frozen(state) == before
            else:
                pytest.fail(f"{probe} was applied although it is not listed as legal")
        state.apply(legal[pick % len(legal)])
        assert conserved(state)
