"""rummy65: stacked-deck tests for every rule paragraph of rules/rummy65.md."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from cardtable.engine import melds
from cardtable.engine.cards import make_deck
from cardtable.engine.core import Action, ConfigError, IllegalAction, make_action
from cardtable.engine.rummy65 import SPEC, Rummy65State

ALL_RANKS = "AKQJT98765432"
DRAW_STOCK = Action("draw", source="stock")
DRAW_DISCARD = Action("draw", source="discard")


# --------------------------------------------------------------------------- helpers

def full_deck(players: int) -> list[str]:
    return make_deck(ALL_RANKS, 2 if players <= 5 else 3, jokers=2)


def stack(players, dealer, hands, up, stock=()) -> list[str]:
    """A deck (top first) dealing ``hands`` one at a time from the dealer's left, then
    turning ``up`` and leaving ``stock`` on top of the draw pile; the rest follows."""
    n = len(hands)
    assert n == players
    size = len(hands[0])
    assert all(len(h) == size for h in hands)
    first = (dealer + 1) % n
    top = [hands[(first + i) % n][i // n] for i in range(n * size)] + [up] + list(stock)
    rest = Counter(full_deck(players))
    rest.subtract(top)
    assert min(rest.values()) >= 0, f"too many copies: {[c for c, k in rest.items() if k < 0]}"
    return top + sorted(rest.elements())


def new(hands, up, stock=(), dealer=2, seed=1, first_dealer=None):
    """A match whose first deal (hand 1, three cards each) is the given one."""
    n = len(hands)
    return SPEC.new_match(players=n, seed=seed, first_dealer=dealer if first_dealer is None
                          else first_dealer, stacked_deck=stack(n, dealer, hands, up, stock))


def at_hand(state, k, hands, up, stock=(), dealer=2):
    """Re-deal ``state`` as hand ``k`` with the given cards (scores and money kept)."""
    state.deal_no = k - 1
    state.dealer = dealer
    state._deal(stack(state.n_players, dealer, hands, up, stock))
    return state


def go_out(melds_, discard):
    return make_action("go_out", melds=melds_, discard=discard)


def lay(*melds_):
    return make_action("lay", melds=list(melds_))


def shape(action):
    """An action with the order of cards inside melds and of melds forgotten."""
    melds_ = None
    if action.melds is not None:
        melds_ = tuple(sorted(tuple(sorted(m)) for m in action.melds))
    return (action.kind, action.card, action.source, action.discard, melds_)


def shapes(actions, kinds_=("go_out", "lay")):
    return [shape(a) for a in actions if a.kind in kinds_]


def discard(card):
    return Action("discard", card=card)


def frozen(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def refused(state, action, code):
    before = frozen(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.code == code, info.value
    assert frozen(state) == before
    return info.value


def kinds(events):
    return [e.kind for e in events]


def scored(events):
    return next(e.data for e in events if e.kind == "deal_scored")


def money_conserved(state):
    return state.pot + sum(state.taken) == 65 * state.n_players


# A hand-1 deal for 3 players, dealer 2 (seat 0 plays first). Threes are wild.
H1 = [["5H", "6H", "7H"], ["KS", "KD", "9C"], ["8S", "8D", "4C"]]


# --------------------------------------------------------------------------- table

def test_three_to_eight_players():
    for n in (2, 9):
        with pytest.raises(ConfigError) as info:
            SPEC.new_match(players=n, seed=1)
        assert "3 to 8" in info.value.message
    for n in range(3, 9):
        assert SPEC.new_match(players=n, seed=1).n_players == n
    assert SPEC.id == "rummy65" and SPEC.name == "The Game of 65 (rummy)"
    assert SPEC.options == ()


@pytest.mark.parametrize("players,cards,jokers", [
    (3, 108, 4), (4, 108, 4), (5, 108, 4), (6, 162, 6), (7, 162, 6), (8, 162, 6)])
def test_two_decks_up_to_five_players_three_from_six(players, cards, jokers):
    state = SPEC.new_match(players=players, seed=4)
    deck = state._full_deck()
    assert len(deck) == cards
    assert deck.count("JK") == jokers
    assert Counter(state.all_cards()) == Counter(deck)


def test_first_dealer_random_from_seed_then_passes_left():
    dealers = {SPEC.new_match(players=4, seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    state = SPEC.new_match(players=4, seed=3, first_dealer=1)
    assert state.dealer == 1 and state.current_player == 2
    rng = random.Random(0)
    seen = []
    while not state.is_over:
        for e in state.apply(rng.choice(state.legal_actions())):
            if e.kind == "dealt":
                seen.append((e.data["dealer"], e.data["first"]))
    assert [d for d, _ in seen] == [(1 + i) % 4 for i in range(1, 12)]
    assert all(first == (d + 1) % 4 for d, first in seen)


# --------------------------------------------------------------------------- the 12 hands

def test_hand_sizes_and_wild_rank_progression():
    state = SPEC.new_match(players=8, seed=2)
    for k in range(1, 13):
        assert state.cards_dealt(k) == k + 2
        assert state.wild_ranks(k) == ["3456789TJQKA"[k - 1]]
    # the 12th hand of 8 players: 8 x 14 + 1 = 113 cards of the 162
    state.deal_no = 11
    events = state._deal()
    assert [len(state.hand(s)) for s in range(8)] == [14] * 8
    assert events[0].data["wild_ranks"] == ["A"] and events[0].data["hand"] == 12
    assert len(state.stock) == 162 - 113


def test_a_whole_match_deals_3_to_14_cards_with_the_moving_wild_rank():
    state = SPEC.new_match(players=5, seed=11)
    dealt = [e.data for e in state.start_events() if e.kind == "dealt"]
    rng = random.Random(3)
    while not state.is_over:
        dealt += [e.data for e in state.apply(rng.choice(state.legal_actions()))
                  if e.kind == "dealt"]
    assert [d["cards_each"] for d in dealt] == list(range(3, 15))
    assert [d["wild_ranks"][0] for d in dealt] == list("3456789TJQKA")
    assert all(d["jokers_wild"] for d in dealt)
    assert len(state.score_sheet) == 12


def test_deal_one_at_a_time_from_dealers_left_then_up_card_then_stock():
    deck = full_deck(3)
    random.Random(5).shuffle(deck)
    state = SPEC.new_match(players=3, seed=1, first_dealer=1, stacked_deck=deck)
    # dealer 1: seat 2 gets the 1st, 4th and 7th card
    assert state.hand(2) == deck[0:9:3]
    assert state.hand(0) == deck[1:9:3]
    assert state.hand(1) == deck[2:9:3]
    assert state.discard_pile == [deck[9]]
    assert state.current_player == 2
    events = state.apply(DRAW_STOCK)
    assert events[0].secret["card"] == deck[10]
    assert state.hand(2)[-1] == deck[10]


def test_dealt_and_received_events():
    state = new(H1, "2C", ["9D"])
    events = state.start_events()
    assert kinds(events) == ["dealt", "received", "received", "received"]
    d = events[0].data
    assert d["hand"] == 1 and d["dealer"] == 2 and d["first"] == 0
    assert d["wild_ranks"] == ["3"] and d["up_card"] == "2C"
    assert d["hand_sizes"] == [3, 3, 3] and d["stock_size"] == 108 - 10
    for seat, e in enumerate(events[1:]):
        assert e.seen_by == (seat,) and e.secret["cards"] == H1[seat]
        assert "cards" not in e.for_seat((seat + 1) % 3)


# --------------------------------------------------------------------------- a turn

def test_draw_from_stock_is_secret_from_discard_is_public():
    state = new(H1, "2C", ["9D", "QH"])
    events = state.apply(DRAW_STOCK)
    assert kinds(events) == ["drew"]
    e = events[0]
    assert e.data == {"seat": 0, "source": "stock"} and e.secret == {"card": "9D"}
    assert e.seen_by == (0,)
    assert state.hand(0) == ["5H", "6H", "7H", "9D"]
    state.apply(discard("9D"))
    events = state.apply(DRAW_DISCARD)
    assert events[0].data == {"seat": 1, "source": "discard", "card": "9D"}
    assert state.discard_pile == ["2C"]
    assert state.view(2)["known_cards"][1] == ["9D"]


def test_legal_actions_at_draw_and_after():
    state = new(H1, "2C", ["9D"])
    assert state.legal_actions() == [DRAW_STOCK, DRAW_DISCARD]
    state.apply(DRAW_STOCK)
    legal = state.legal_actions()
    assert [a for a in legal if a.kind == "discard"] == [
        discard(c) for c in sorted(["5H", "6H", "7H", "9D"])]
    assert shapes(legal) == [shape(go_out([["5H", "6H", "7H"]], "9D"))]
    assert not [a for a in legal if a.kind == "lay"]


def test_one_go_out_per_possible_discard():
    state = new(H1, "8H", [])
    state.apply(DRAW_DISCARD)  # 5H 6H 7H 8H: discard 5H or 8H and keep a run of 3
    outs = [a for a in state.legal_actions() if a.kind == "go_out"]
    assert sorted(a.discard for a in outs) == ["5H", "8H"]
    for a in outs:
        probe = state.clone()
        probe.apply(a)
        assert probe.out_seat == 0


def test_turn_order_errors_and_state_unchanged():
    state = new(H1, "2C", ["9D"])
    refused(state, discard("5H"), "must_draw_first")
    refused(state, go_out([["5H", "6H", "7H"]], "2C"), "must_draw_first")
    refused(state, Action("draw", source="elsewhere"), "bad_source")
    refused(state, Action("play", card="5H"), "wrong_kind")
    state.apply(DRAW_STOCK)
    refused(state, DRAW_STOCK, "already_drew")
    refused(state, DRAW_DISCARD, "already_drew")
    refused(state, discard("AS"), "not_in_hand")


# A hand-3 deal (fives wild, 5 cards each), dealer 2: seat 0 goes out with a run of five,
# seat 1 can lay three queens, seat 2 can meld five jacks after drawing the second JS.
H3 = [["6H", "7H", "8H", "9H", "TH"], ["QS", "QD", "QC", "4H", "AS"],
      ["JS", "JD", "JC", "JH", "9C"]]
H3_STOCK = ["KC", "2D", "JS"]


def hand3(**kwargs):
    return at_hand(new(H1, "2C", **kwargs), 3, H3, "2C", H3_STOCK)


def test_no_partial_laydown_before_someone_went_out():
    state = hand3()
    state.apply(DRAW_STOCK)
    refused(state, lay(["6H", "7H", "8H"]), "no_partial_laydown")
    err = refused(state, go_out([["6H", "7H", "8H"]], "KC"), "must_meld_all")
    assert "meld every card" in err.message
    refused(state, go_out([["6H", "7H", "8H", "9H", "TH"]], None), "must_discard")
    assert [a.kind for a in state.legal_actions()].count("lay") == 0


# --------------------------------------------------------------------------- going out

def test_going_out_with_a_discard_then_every_other_player_takes_one_last_turn():
    state = new([["5H", "6H", "7H"], ["KS", "KD", "9C"], ["8S", "8D", "4C"]], "2C",
                ["9D", "KH", "QH"])
    state.apply(DRAW_STOCK)
    events = state.apply(go_out([["5H", "6H", "7H"]], "9D"))
    assert kinds(events) == ["went_out", "discarded", "last_turns"]
    assert events[0].data == {"seat": 0, "melds": [["5H", "6H", "7H"]], "discard": "9D",
                              "last_turn": False}
    assert events[2].data == {"went_out": 0, "order": [1, 2]}
    assert state.hand(0) == [] and state.discard_pile == ["2C", "9D"]
    assert state.laid[0] == [["5H", "6H", "7H"]]
    assert state.current_player == 1 and state.last_turns
    assert state.view(2)["last_turn_seats"] == [1, 2]
    # seat 1: draws the KH, lays the three kings, discards the 9C: all melded
    state.apply(DRAW_STOCK)
    assert shapes(state.legal_actions()) == [shape(go_out([["KS", "KD", "KH"]], "9C"))]
    assert kinds(state.apply(lay(["KS", "KD", "KH"]))) == ["melded"]
    state.apply(discard("9C"))
    # seat 2: nothing to lay; the deal ends after its discard (seat 0 does not play again)
    state.apply(DRAW_STOCK)
    events = state.apply(discard("QH"))
    assert kinds(events)[:2] == ["discarded", "deal_scored"]
    row = scored(events)
    assert row["hand"] == 1 and row["went_out"] == 0 and not row["stalemate"]
    assert row["penalties"] == [0, 0, 20]
    assert row["leftover"][2] == ["4C", "8S", "8D"] and row["values"][2] == [4, 8, 8]
    assert row["melded_all"] == [True, True, False]
    assert row["money"]["taken"] == [10, 10, 0] and row["money"]["pot"] == 195 - 20
    assert state.match_scores == [0, 0, 20] == row["totals"]
    dealt = next(e.data for e in events if e.kind == "dealt")
    assert dealt["hand"] == 2 and dealt["dealer"] == 0 and dealt["first"] == 1
    assert dealt["cards_each"] == 4 and dealt["wild_ranks"] == ["4"]


@pytest.mark.parametrize("hand,melds_,code,reason", [
    (["5H", "6H", "8H"], [["5H", "6H", "8H"]], "invalid_meld", "not_sequence"),
    (["5H", "3C", "JK"], [["5H", "3C", "JK"]], "invalid_meld", "too_many_wilds"),
    (["KH", "AH", "2H"], [["KH", "AH", "2H"]], "invalid_meld", "wraps"),
    (["5H", "6S", "7H"], [["5H", "6S", "7H"]], "invalid_meld", "mixed_suits"),
    (["5H", "6H", "7H"], [["5H", "6H"], ["7H"]], "invalid_meld", "too_few_cards"),
    (["5H", "6H", "7H"], [["5H", "6H", "7H", "8H"]], "not_in_hand", None),
    (["5H", "6H", "6H"], [["5H", "6H", "7H"]], "not_in_hand", None),
])
def test_an_invalid_arrangement_is_refused_with_the_reason(hand, melds_, code, reason):
    state = new([hand, ["KS", "KD", "9C"], ["8S", "8D", "4C"]], "2C", ["9D"])
    state.apply(DRAW_STOCK)
    err = refused(state, go_out(melds_, "9D"), code)
    if reason is not None:
        assert melds.REASONS[reason] in err.message
        assert " ".join(melds_[0]) in err.message or " ".join(melds_[-1]) in err.message


def test_duplicate_cards_must_be_held_twice():
    state = new([["7S", "7S", "7D"], ["KS", "KD", "9C"], ["8S", "8D", "4C"]], "2C", ["9D"])
    state.apply(DRAW_STOCK)
    refused(state, go_out([["7S", "7S", "7S"]], "9D"), "not_in_hand")
    refused(state, go_out([["7S", "7S", "7D"]], "7D"), "not_in_hand")
    state.apply(go_out([["7S", "7D", "7S"]], "9D"))
    assert state.out_seat == 0


def test_an_arrangement_other_than_the_canonical_one_is_accepted():
    hands = [["3H", "4H", "5H", "6H", "6S", "6D", "6C"],
             ["KS", "KD", "9C", "8C", "2S", "4D", "TD"],
             ["8S", "8D", "4C", "QH", "QD", "JC", "9H"]]
    state = at_hand(new(H1, "2C"), 5, hands, "2C", ["KC"])  # sevens wild
    state.apply(DRAW_STOCK)
    canonical = [a for a in state.legal_actions() if a.kind == "go_out"]
    assert [a.discard for a in canonical] == ["KC"]
    ways = [
        [["3H", "4H", "5H"], ["6H", "6S", "6D", "6C"]],
        [["3H", "4H", "5H", "6H"], ["6S", "6D", "6C"]],
        [["6C", "6D", "6S"], ["6H", "5H", "3H", "4H"]],
    ]
    shape = sorted(sorted(m) for m in canonical[0].melds)
    others = [w for w in ways if sorted(sorted(m) for m in w) != shape]
    assert others
    for way in others:
        probe = state.clone()
        probe.apply(go_out(way, "KC"))
        assert probe.laid[0] == way and probe.out_seat == 0
    refused(state, go_out([["3H", "4H", "5H", "6H", "6S"], ["6D", "6C"]], "KC"),
            "invalid_meld")


# --------------------------------------------------------------------------- melds

def test_wild_rank_card_as_itself_is_natural_and_jokers_are_wild():
    # threes wild in hand 1: a set of threes is natural
    state = new([["3H", "3S", "3D"], ["KS", "KD", "9C"], ["8S", "8D", "4C"]], "2C", ["9D"])
    state.apply(DRAW_STOCK)
    state.apply(go_out([["3H", "3S", "3D"]], "9D"))
    # 2H 3H with a joker: the 3H is natural, so one wild for two naturals
    state = new([["2H", "3H", "JK"], ["KS", "KD", "9C"], ["8S", "8D", "4C"]], "2C", ["9D"])
    state.apply(DRAW_STOCK)
    state.apply(go_out([["2H", "3H", "JK"]], "9D"))
    # a joker and a three for one natural: too many wilds
    state = new([["9H", "3H", "JK"], ["KS", "KD", "9C"], ["8S", "8D", "4C"]], "2C", ["TD"])
    state.apply(DRAW_STOCK)
    err = refused(state, go_out([["9H", "3H", "JK"]], "TD"), "invalid_meld")
    assert "2 wild for 1 natural" in err.message


def test_ace_low_or_high_never_both():
    state = new([["AH", "2H", "3H"], ["QD", "KD", "AD"], ["8S", "8D", "4C"]], "2C",
                ["9D", "9C"])  # threes wild, but 3H stands as itself
    state.apply(DRAW_STOCK)
    state.apply(go_out([["AH", "2H", "3H"]], "9D"))
    state.apply(DRAW_STOCK)
    state.apply(go_out([["QD", "KD", "AD"]], "9C"))
    assert state.laid[1] == [["QD", "KD", "AD"]]


# --------------------------------------------------------------------------- last turns

def test_last_turns_partial_laydown_counts_the_rest_and_full_meld_scores_zero():
    state = hand3()
    state.apply(DRAW_STOCK)
    state.apply(go_out([["6H", "7H", "8H", "9H", "TH"]], "KC"))
    # seat 1 lays the queens only; the canonical lay is offered
    state.apply(DRAW_STOCK)
    legal = state.legal_actions()
    lays = [a for a in legal if a.kind == "lay"]
    assert len(lays) == 1 and sorted(lays[0].melds[0]) == ["QC", "QD", "QS"]
    assert not [a for a in legal if a.kind == "go_out"]
    refused(state, lay(["QS", "QD", "QH"]), "not_in_hand")
    refused(state, lay(["QS", "QD", "4H"]), "invalid_meld")
    refused(state, make_action("lay", melds=[]), "no_melds")
    events = state.apply(lay(["QS", "QD", "QC"]))
    assert events[0].data == {"seat": 1, "melds": [["QS", "QD", "QC"]]}
    assert state.current_player == 1 and state.drawn
    assert not [a for a in state.legal_actions() if a.kind == "lay"]
    state.apply(discard("2D"))
    # seat 2 melds every card but the discard
    state.apply(DRAW_STOCK)
    state.apply(lay(["JS", "JD", "JC", "JH", "JS"]))
    events = state.apply(discard("9C"))
    row = scored(events)
    assert row["penalties"] == [0, 24, 0]
    assert row["leftover"] == [[], ["AS", "4H"], []] and row["values"][1] == [20, 4]
    assert row["melded_all"] == [True, False, True]
    assert row["laid"] == [[["6H", "7H", "8H", "9H", "TH"]], [["QS", "QD", "QC"]],
                           [["JS", "JD", "JC", "JH", "JS"]]]
    assert row["money"]["taken"] == [10, 0, 10] and row["money"]["pot"] == 175
    assert money_conserved(state)


def test_several_lays_on_a_last_turn_and_one_card_must_stay_for_the_discard():
    hands = [["7S", "8S", "9S", "TS", "JS", "QS"], ["QH", "QD", "QC", "2H", "3H", "4H"],
             ["AS", "AD", "5C", "8C", "TC", "KC"]]
    state = at_hand(new(H1, "2C"), 4, hands, "5D", ["KD", "9C", "2S"])  # sixes wild
    state.apply(DRAW_STOCK)
    state.apply(go_out([["7S", "8S", "9S", "TS", "JS", "QS"]], "KD"))
    state.apply(DRAW_STOCK)
    state.apply(lay(["QH", "QD", "QC"]))
    assert shapes(state.legal_actions()) == [shape(go_out([["2H", "3H", "4H"]], "9C"))]
    state.apply(lay(["2H", "3H", "4H"]))
    assert state.hand(1) == ["9C"]
    state.apply(discard("9C"))
    state.apply(DRAW_STOCK)
    events = state.apply(discard("2S"))
    row = scored(events)
    assert row["penalties"] == [0, 0, 20 + 20 + 5 + 8 + 10 + 10]
    assert row["melded_all"] == [True, True, False]


def test_a_lay_may_not_use_the_last_card_and_a_last_turn_go_out_scores_zero():
    state = new([["5H", "6H", "7H"], ["8S", "8D", "8C"], ["KS", "KD", "9C"]], "2C",
                ["9D", "8H", "KH"])
    state.apply(DRAW_STOCK)
    state.apply(go_out([["5H", "6H", "7H"]], "9D"))
    state.apply(DRAW_STOCK)
    refused(state, lay(["8S", "8D", "8C", "8H"]), "must_keep_discard")
    outs = [a for a in state.legal_actions() if a.kind == "go_out"]
    assert sorted(a.discard for a in outs) == ["8C", "8D", "8H", "8S"]
    events = state.apply(go_out([["8S", "8D", "8C"]], "8H"))
    assert events[0].data["last_turn"] is True
    assert "last_turns" not in kinds(events)
    state.apply(DRAW_STOCK)
    row = scored(state.apply(go_out([["KS", "KD", "KH"]], "9C")))
    assert row["penalties"] == [0, 0, 0] and row["melded_all"] == [True, True, True]
    assert row["money"]["taken"] == [10, 10, 10] and row["money"]["pot"] == 195 - 30


# --------------------------------------------------------------------------- scoring

def test_card_values():
    state = SPEC.new_match(players=3, seed=1)
    v1 = {c: state.card_value(c, 1) for c in ("JK", "3S", "AS", "KH", "QD", "JC", "TS",
                                                 "9H", "2C", "4D")}
    assert v1 == {"JK": 50, "3S": 50, "AS": 20, "KH": 10, "QD": 10, "JC": 10, "TS": 10,
                  "9H": 9, "2C": 2, "4D": 4}
    assert state.card_value("3S", 2) == 3 and state.card_value("4D", 2) == 50
    assert state.card_value("KH", 11) == 50 and state.card_value("AS", 11) == 20
    assert state.card_value("AS", 12) == 50 and state.card_value("KH", 12) == 10
    assert state.meld_rules(12).values["AH"] == 50


H12 = [
    ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9S", "TS", "JS", "QS", "KS", "2C", "2D"],
    ["AS", "AD", "KH", "9H", "7D", "5C", "3S", "JK", "QD", "TC", "8S", "6D", "4C", "2S"],
    ["AC", "AH", "KC", "KD", "QC", "QH", "JC", "JD", "TD", "TH", "9C", "9D", "8C", "8D"],
]
H12_OUT = go_out([["2H", "3H", "4H", "5H", "6H", "7H"], ["9S", "TS", "JS", "QS", "KS"],
                  ["2C", "2D", "2S"]], "8H")


def play_hand12(state):
    """Seat 0 goes out at once; seats 1 and 2 draw and throw the drawn card."""
    state.apply(DRAW_STOCK)
    events = state.apply(H12_OUT)
    state.apply(DRAW_STOCK)
    events += state.apply(discard("5D"))
    state.apply(DRAW_STOCK)
    return events + state.apply(discard("5S"))


def test_hand_12_aces_are_wild_and_count_50_and_the_lowest_total_takes_the_pot():
    state = at_hand(new(H1, "2C"), 12, H12, "4S", ["2S", "5D", "5S"])
    events = play_hand12(state)
    row = scored(events)
    assert row["hand"] == 12 and row["wild_ranks"] == ["A"]
    assert row["values"][1] == [50, 50, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 50]
    assert row["penalties"] == [0, 224, 214]
    assert state.is_over and state.winners == [0] and state.current_player is None
    money = row["money"]
    assert money["taken"] == [10, 0, 0] and money["payout"] == [185, 0, 0]
    assert money["pot"] == 0 and money["taken_total"] == [195, 0, 0]
    assert money["net"] == [130, -65, -65] and money["paid"] == [65, 65, 65]
    over = events[-1]
    assert over.kind == "match_over" and over.data["winners"] == [0]
    assert over.data["money"]["payout"] == [185, 0, 0]
    assert state.legal_actions() == []
    assert money_conserved(state)


@pytest.mark.parametrize("first_dealer,odd_cent_to", [(1, 2), (2, 1), (0, 1)])
def test_tied_lowest_totals_split_the_pot_odd_cent_from_first_dealers_left(
        first_dealer, odd_cent_to):
    state = at_hand(new(H1, "2C", first_dealer=first_dealer), 12, H12, "4S",
                    ["2S", "5D", "5S"])
    state.match_scores = [500, 10, 20]  # after the hand: 500, 234, 234
    row = scored(play_hand12(state))
    assert row["totals"] == [500, 234, 234] and state.winners == [1, 2]
    payout = row["money"]["payout"]
    assert sorted(payout) == [0, 92, 93] and payout[odd_cent_to] == 93
    assert state.pot == 0 and money_conserved(state)


def test_the_pot_ante_and_ten_cents_per_full_laydown_while_it_lasts():
    state = SPEC.new_match(players=5, seed=3)
    assert state.pot == 325 and state.taken == [0] * 5
    assert state.view(0)["pot"] == 325 and state.view(0)["ante"] == 65
    state = hand3()
    state.pot, state.taken = 15, [180, 0, 0]  # nearly dry, still 195 cents in all
    state.apply(DRAW_STOCK)
    state.apply(go_out([["6H", "7H", "8H", "9H", "TH"]], "KC"))
    state.apply(DRAW_STOCK)
    state.apply(discard("2D"))
    state.apply(DRAW_STOCK)
    state.apply(lay(["JS", "JD", "JC", "JH", "JS"]))
    row = scored(state.apply(discard("9C")))
    assert row["money"]["taken"] == [10, 0, 5] and row["money"]["pot"] == 0
    assert state.taken == [190, 0, 5] and money_conserved(state)


# --------------------------------------------------------------------------- reshuffles

def draw_and_throw_until_stalemate(state):
    """Every player draws from the stock and discards the drawn card."""
    reshuffles = []
    while True:
        pile_top = state.discard_pile[-1]
        pile_size = len(state.discard_pile)
        stock_empty = not state.stock
        seat = state.current_player
        events = state.apply(DRAW_STOCK)
        for e in events:
            if e.kind == "reshuffled":
                assert stock_empty
                assert e.data["discard_top"] == pile_top
                assert e.data["stock_size"] == pile_size - 1
                reshuffles.append(e.data["number"])
        assert Counter(state.all_cards()) == Counter(state._full_deck())
        if "stalemate" in kinds(events):
            return reshuffles, events
        if reshuffles and "reshuffled" in kinds(events):
            assert state.discard_pile == [pile_top]
        state.apply(discard(state.hand(seat)[-1]))


def test_empty_stock_reshuffles_and_the_third_reshuffle_ends_the_hand():
    state = new(H1, "2C")
    reshuffles, events = draw_and_throw_until_stalemate(state)
    assert reshuffles == [1, 2, 3]
    row = scored(events)
    assert row["stalemate"] and row["reshuffles"] == 3 and row["went_out"] is None
    # best arrangement: seat 0's run is not counted, the others count everything
    assert row["arranged"][0] == [["5H", "6H", "7H"]]
    assert row["penalties"] == [0, 29, 20]
    assert row["melded_all"] == [False, False, False]
    assert row["money"]["taken"] == [0, 0, 0] and row["money"]["pot"] == 195
    assert state.deal_no == 2


def test_stock_draw_needs_a_card_somewhere():
    state = new(H1, "2C")
    state.stock = []  # (cards moved out of play for this check only)
    assert state.legal_actions() == [DRAW_DISCARD]
    refused(state, DRAW_STOCK, "empty_stock")


# --------------------------------------------------------------------------- information

def test_view_shows_own_hand_and_public_cards_only():
    state = new(H1, "2C", ["9D"])
    state.apply(DRAW_DISCARD)
    state.apply(discard("5H"))
    view = state.view(1)
    json.dumps(view)
    assert view["hand"] == H1[1] and view["hand_sizes"] == [3, 3, 3]
    assert view["known_cards"] == [["2C"], [], []]
    assert view["discard_pile"] == ["5H"] and view["discard_top"] == "5H"
    for code in ("6H", "7H", "8S", "8D", "4C"):
        assert code not in json.dumps(view)
    assert view["stock_size"] == 108 - 10 and view["wild_ranks"] == ["3"]


def test_determinize_keeps_cards_taken_from_the_discard_pile():
    state = new(H1, "2C", ["9D", "QH"])
    state.apply(DRAW_DISCARD)
    state.apply(discard("7H"))
    state.apply(DRAW_STOCK)
    state.apply(discard("9D"))
    assert state.view(1)["known_cards"][0] == ["2C"]
    others_seen = set()
    for i in range(40):
        det = state.determinize(1, random.Random(i))
        assert det.view(1) == state.view(1)
        assert "2C" in det.hand(0)
        assert det.hand(1) == state.hand(1)
        assert Counter(det.all_cards()) == Counter(state.all_cards())
        others_seen.add(tuple(sorted(det.hand(0))))
    assert len(others_seen) > 10
    # once discarded, the card is no longer known to be in that hand
    state.apply(DRAW_STOCK)
    state.apply(discard("QH"))
    state.apply(DRAW_STOCK)
    state.apply(discard("2C"))
    assert state.view(1)["known_cards"][0] == []


def test_save_round_trip_mid_last_turns():
    state = hand3()
    state.apply(DRAW_STOCK)
    state.apply(go_out([["6H", "7H", "8H", "9H", "TH"]], "KC"))
    state.apply(DRAW_STOCK)
    data = json.loads(json.dumps(state.to_json()))
    back = Rummy65State.from_json(data)
    assert frozen(back) == frozen(state)
    assert back.legal_actions() == state.legal_actions()


# --------------------------------------------------------------------------- whole matches

@pytest.mark.parametrize("players", range(3, 9))
def test_random_matches_end_with_winners_and_money_conserved(players):
    state = SPEC.new_match(players=players, seed=40 + players)
    rng = random.Random(players)
    outs = 0
    while not state.is_over:
        for e in state.apply(rng.choice(state.legal_actions())):
            if e.kind == "deal_scored":
                m = e.data["money"]
                assert m["pot"] >= 0
                assert m["pot"] + sum(m["taken_total"]) == 65 * players
                assert sum(m["taken"]) <= 10 * players
                outs += e.data["went_out"] is not None
                for s in range(players):
                    assert e.data["penalties"][s] == sum(e.data["values"][s])
                    if e.data["melded_all"][s]:
                        assert e.data["penalties"][s] == 0
    assert len(state.score_sheet) == 12 and outs
    low = min(state.match_scores)
    assert state.winners == [s for s in range(players) if state.match_scores[s] == low]
    assert state.pot == 0 and sum(state.taken) == 65 * players
    assert state.match_scores == state.score_sheet[-1]["totals"]
