"""quebec65: stacked-deck tests for every rule paragraph of rules/quebec65.md."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from cardtable.engine import melds
from cardtable.engine.cards import make_deck
from cardtable.engine.core import Action, ConfigError, IllegalAction, make_action
from cardtable.engine.quebec65 import SPEC, Quebec65State

DECK = make_deck("AKQJT98765432", 2, jokers=2)
DRAW_STOCK = Action("draw", source="stock")
DRAW_DISCARD = Action("draw", source="discard")


# --------------------------------------------------------------------------- helpers

def stack(hands, dealer, up, stock=()) -> list[str]:
    """A deck (top first) dealing ``hands`` one at a time from the dealer's left, then
    turning ``up`` and leaving ``stock`` on top of the draw pile; the rest follows."""
    n = len(hands)
    size = len(hands[0])
    assert all(len(h) == size for h in hands)
    first = (dealer + 1) % n
    top = [hands[(first + i) % n][i // n] for i in range(n * size)] + [up] + list(stock)
    rest = Counter(DECK)
    rest.subtract(top)
    assert min(rest.values()) >= 0, f"too many copies: {[c for c, k in rest.items() if k < 0]}"
    return top + sorted(rest.elements())


def new(hands, up, stock=(), dealer=2, seed=1, **options):
    return SPEC.new_match(players=len(hands), seed=seed, first_dealer=dealer,
                          stacked_deck=stack(hands, dealer, up, stock),
                          options=options or None)


def at_round(state, r, hands, up, stock=(), dealer=2):
    """Re-deal ``state`` as round ``r`` with the given cards (scores kept)."""
    state.deal_no = r - 1
    state.dealer = dealer
    state._deal(stack(hands, dealer, up, stock))
    return state


def go_out(melds_):
    return make_action("go_out", melds=melds_)


def lay(*melds_):
    return make_action("lay", melds=list(melds_))


def discard(card):
    return Action("discard", card=card)


def shape(action):
    """An action with the order of cards inside melds and of melds forgotten."""
    melds_ = None
    if action.melds is not None:
        melds_ = tuple(sorted(tuple(sorted(m)) for m in action.melds))
    return (action.kind, action.card, action.source, action.discard, melds_)


def shapes(actions):
    return [shape(a) for a in actions if a.kind in ("go_out", "lay")]


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


# Round 1 (jokers, 2s and 3s wild), 3 players, dealer 2: seat 0 plays first.
R1 = [["5H", "6H", "7H"], ["KS", "KD", "9C"], ["8S", "8D", "4C"]]


# --------------------------------------------------------------------------- table

def test_two_to_eight_players_and_one_108_card_deck():
    for n in (1, 9):
        with pytest.raises(ConfigError) as info:
            SPEC.new_match(players=n, seed=1)
        assert "2 to 8" in info.value.message
    for n in range(2, 9):
        state = SPEC.new_match(players=n, seed=n)
        deck = state._full_deck()
        assert len(deck) == 108 and deck.count("JK") == 4
        assert Counter(state.all_cards()) == Counter(DECK)
    assert SPEC.id == "quebec65" and SPEC.name == "65 from Québec"
    assert SPEC.default_options() == {"all_wild_melds": False}
    with pytest.raises(ConfigError):
        SPEC.check_options({"all_wild_melds": 1})


def test_first_dealer_random_from_seed_and_deal_passes_left():
    assert {SPEC.new_match(players=3, seed=s).dealer for s in range(30)} == {0, 1, 2}
    state = SPEC.new_match(players=3, seed=2, first_dealer=0)
    assert state.current_player == 1
    rng = random.Random(1)
    dealers = []
    while not state.is_over:
        dealers += [e.data["dealer"] for e in state.apply(rng.choice(state.legal_actions()))
                    if e.kind == "dealt"]
    assert dealers == [(i + 1) % 3 for i in range(10)]


# --------------------------------------------------------------------------- the 11 rounds

def test_round_sizes_and_wild_ranks():
    state = SPEC.new_match(players=8, seed=2)
    for r in range(1, 12):
        assert state.cards_dealt(r) == r + 2
        assert state.wild_ranks(r) == ["2", "3456789TJQK"[r - 1]]
    assert state.wild_ranks(8) == ["2", "T"] and state.wild_ranks(11) == ["2", "K"]
    # round 11 with 8 players: 8 x 13 + 1 = 105 of the 108 cards
    state.deal_no = 10
    events = state._deal()
    assert [len(state.hand(s)) for s in range(8)] == [13] * 8
    assert events[0].data["round"] == 11 and len(state.stock) == 3


def test_a_whole_match_deals_3_to_13_cards():
    state = SPEC.new_match(players=4, seed=5)
    dealt = [e.data for e in state.start_events() if e.kind == "dealt"]
    rng = random.Random(2)
    while not state.is_over:
        dealt += [e.data for e in state.apply(rng.choice(state.legal_actions()))
                  if e.kind == "dealt"]
    assert [d["cards_each"] for d in dealt] == list(range(3, 14))
    assert [d["wild_ranks"] for d in dealt] == [["2", r] for r in "3456789TJQK"]
    assert len(state.score_sheet) == 11


def test_deal_one_at_a_time_from_dealers_left_and_a_card_turned_up():
    deck = list(DECK)
    random.Random(8).shuffle(deck)
    state = SPEC.new_match(players=4, seed=1, first_dealer=3, stacked_deck=deck)
    for i in range(4):
        assert state.hand(i) == deck[i:12:4]
    assert state.discard_pile == [deck[12]] and len(state.stock) == 108 - 13
    events = state.apply(DRAW_STOCK)
    assert events[0].secret["card"] == deck[13] and events[0].seen_by == (0,)


# --------------------------------------------------------------------------- a turn

def test_go_out_melds_every_card_with_no_discard():
    state = new(R1, "2C", ["8H", "KH"])
    state.apply(DRAW_STOCK)
    legal = state.legal_actions()
    assert shapes(legal) == [shape(go_out([["5H", "6H", "7H", "8H"]]))]
    assert [a for a in legal if a.kind == "go_out"][0].discard is None
    refused(state, make_action("go_out", melds=[["5H", "6H", "7H"]], discard="8H"),
            "no_discard_when_out")
    events = state.apply(go_out([["8H", "7H", "6H", "5H"]]))
    assert kinds(events) == ["went_out", "last_turns"]
    assert events[0].data["discard"] is None
    assert state.hand(0) == [] and state.discard_pile == ["2C"]
    assert state.current_player == 1


def test_going_out_needs_every_card_and_no_partial_laydown_before():
    state = new(R1, "2C", ["KC"])
    state.apply(DRAW_STOCK)
    assert not shapes(state.legal_actions())
    refused(state, go_out([["5H", "6H", "7H"]]), "must_meld_all")
    refused(state, lay(["5H", "6H", "7H"]), "no_partial_laydown")
    refused(state, go_out([["5H", "6H", "7H", "8H"]]), "not_in_hand")
    refused(state, go_out([["5H", "6H", "KC", "7H"]]), "invalid_meld")
    state.apply(discard("KC"))


def test_must_draw_first_and_only_once():
    state = new(R1, "2C", ["8H"])
    refused(state, go_out([["5H", "6H", "7H"]]), "must_draw_first")
    refused(state, discard("5H"), "must_draw_first")
    state.apply(DRAW_DISCARD)
    refused(state, DRAW_STOCK, "already_drew")
    assert state.view(1)["known_cards"][0] == ["2C"]


def test_the_discard_pile_can_be_empty_after_going_out_with_its_card():
    state = new(R1, "8H", ["QH"])
    state.apply(DRAW_DISCARD)
    state.apply(go_out([["5H", "6H", "7H", "8H"]]))
    assert state.discard_pile == []
    assert state.legal_actions() == [DRAW_STOCK]
    refused(state, DRAW_DISCARD, "empty_discard")


def test_an_arrangement_other_than_the_canonical_one_is_accepted():
    hands = [["7H", "8H", "9H", "9S", "9D", "JK"], ["KS", "KD", "TC", "8C", "4S", "4D"],
             ["8S", "8D", "4C", "QH", "QD", "JC"]]
    state = at_round(new(R1, "2C"), 4, hands, "AC", ["9C"])  # 2s and 6s wild
    state.apply(DRAW_STOCK)
    canonical = [a for a in state.legal_actions() if a.kind == "go_out"]
    assert len(canonical) == 1
    ways = [
        [["7H", "8H", "9H", "JK"], ["9S", "9D", "9C"]],
        [["7H", "8H", "9H"], ["9S", "9D", "9C", "JK"]],
        [["7H", "8H", "JK"], ["9H", "9S", "9D", "9C"]],
    ]
    others = [w for w in ways if shape(go_out(w)) != shape(canonical[0])]
    assert len(others) >= 2
    for way in others:
        probe = state.clone()
        probe.apply(go_out(way))
        assert probe.laid[0] == way and probe.out_seat == 0


# --------------------------------------------------------------------------- melds

def test_wild_cards_may_outnumber_naturals():
    # the source's 4-joker-joker: here 4S with a joker, a 2 and a 3 (all wild)
    state = new([["4S", "JK", "2C"], ["KS", "KD", "9C"], ["8S", "8D", "4C"]], "TC", ["3D"])
    state.apply(DRAW_STOCK)
    assert shapes(state.legal_actions()) == [shape(go_out([["4S", "JK", "2C", "3D"]]))]
    state.apply(go_out([["4S", "JK", "2C", "3D"]]))


def test_a_two_or_a_card_of_the_round_rank_can_be_natural():
    state = new([["2C", "2D", "2S"], ["3S", "3D", "3C"], ["8S", "8D", "4C"]], "TC",
                ["2H", "3H"])
    state.apply(DRAW_STOCK)
    state.apply(go_out([["2C", "2D", "2S", "2H"]]))
    state.apply(DRAW_STOCK)
    state.apply(go_out([["3S", "3D", "3C", "3H"]]))
    assert state.laid[:2] == [[["2C", "2D", "2S", "2H"]], [["3S", "3D", "3C", "3H"]]]


def test_jokers_alone_are_no_meld_unless_option_all_wild_melds():
    hands = [["JK", "JK", "JK"], ["KS", "KD", "9C"], ["8S", "8D", "4C"]]
    state = new(hands, "TC", ["JK"])
    state.apply(DRAW_STOCK)
    assert not shapes(state.legal_actions())
    err = refused(state, go_out([["JK", "JK", "JK", "JK"]]), "invalid_meld")
    assert melds.REASONS["no_natural"] in err.message
    state = new(hands, "TC", ["JK"], all_wild_melds=True)
    state.apply(DRAW_STOCK)
    assert shapes(state.legal_actions()) == [shape(go_out([["JK"] * 4]))]
    state.apply(go_out([["JK", "JK", "JK", "JK"]]))
    assert state.out_seat == 0


def test_ace_high_or_low_but_no_wrap_around():
    state = new([["KH", "AH", "4H"], ["KS", "KD", "9C"], ["8S", "8D", "4C"]], "TC", ["JK"])
    state.apply(DRAW_STOCK)
    refused(state, go_out([["KH", "AH", "JK", "4H"]]), "invalid_meld")
    state = new([["KH", "AH", "2S"], ["KS", "KD", "9C"], ["8S", "8D", "4C"]], "TC", ["QH"])
    state.apply(DRAW_STOCK)
    state.apply(go_out([["QH", "KH", "AH", "2S"]]))  # the wild 2S stands for the JH
    assert state.out_seat == 0


# --------------------------------------------------------------------------- last turns

R3 = [["6H", "7H", "8H", "9H", "TH"], ["QS", "QD", "QC", "4H", "AS"],
      ["JS", "JD", "JC", "KH", "KD"]]


def test_last_turns_partial_laydown_and_a_second_player_going_out():
    state = at_round(new(R1, "2C"), 3, R3, "9C", ["JH", "8C", "KC"])  # 2s and 5s wild
    state.apply(DRAW_STOCK)
    events = state.apply(go_out([["6H", "7H", "8H", "9H", "TH", "JH"]]))
    assert events[-1].data == {"went_out": 0, "order": [1, 2]}
    # seat 1 lays the queens and discards; the rest counts as it is
    state.apply(DRAW_STOCK)
    legal = state.legal_actions()
    assert shapes(legal) == [shape(lay(["QS", "QD", "QC"]))]
    state.apply(lay(["QS", "QD", "QC"]))
    state.apply(discard("8C"))
    # seat 2 melds every card, the drawn one included: out as well, no discard
    state.apply(DRAW_STOCK)
    assert shapes(state.legal_actions()) == [
        shape(go_out([["JS", "JD", "JC"], ["KH", "KD", "KC"]]))]
    refused(state, lay(["JS", "JD", "JC"], ["KH", "KD", "KC"]), "use_go_out")
    events = state.apply(go_out([["JS", "JD", "JC"], ["KH", "KD", "KC"]]))
    assert events[0].data["last_turn"] is True
    row = scored(events)
    assert row["round"] == 3 and row["wild_ranks"] == ["2", "5"]
    assert row["penalties"] == [0, 20, 0]
    assert row["leftover"][1] == ["AS", "4H"] and row["values"][1] == [15, 5]
    assert row["melded_all"] == [True, False, True]
    assert "money" not in row
    assert state.match_scores == [0, 20, 0]


def test_card_values():
    state = SPEC.new_match(players=2, seed=1)
    values = {c: state.card_value(c, 1) for c in (
        "3D", "4D", "9H", "TS", "JC", "QH", "KS", "AS", "JK", "2C")}
    assert values == {"3D": 20, "4D": 5, "9H": 5, "TS": 10, "JC": 10, "QH": 10, "KS": 10,
                      "AS": 15, "JK": 20, "2C": 20}
    assert state.card_value("KH", 11) == 20 and state.card_value("3D", 11) == 5
    assert state.card_value("2S", 11) == 20 and state.card_value("TH", 8) == 20


R11 = [
    ["3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "AD", "AC", "AH"],
    ["KH", "KD", "2D", "2C", "JK", "AS", "QH", "TD", "9C", "8D", "7C", "6D", "4C"],
    ["3C", "3D", "4D", "5D", "6C", "7D", "8C", "9D", "TC", "JD", "QC", "JC", "TH"],
]


def test_round_11_kings_and_twos_count_20_and_the_lowest_total_wins():
    state = at_round(new(R1, "2C"), 11, R11, "2H", ["AS", "5C", "6H"])
    state.match_scores = [30, 0, 0]
    state.apply(DRAW_STOCK)
    state.apply(go_out([["3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS"],
                        ["AD", "AC", "AH", "AS"]]))
    state.apply(DRAW_STOCK)
    state.apply(discard("5C"))
    state.apply(DRAW_STOCK)
    events = state.apply(discard("6H"))
    row = scored(events)
    assert sorted(row["values"][1]) == [5, 5, 5, 5, 5, 10, 10, 15, 20, 20, 20, 20, 20]
    assert dict(zip(row["leftover"][1], row["values"][1], strict=True))["KH"] == 20
    assert row["penalties"] == [0, 160, 90]
    assert state.is_over and state.winners == [0] and state.match_scores == [30, 160, 90]
    assert events[-1].kind == "match_over"
    assert events[-1].data == {"winners": [0], "scores": [30, 160, 90]}


# --------------------------------------------------------------------------- reshuffles

def test_third_reshuffle_ends_the_round_with_best_arrangements():
    state = new(R1, "TC")
    numbers = []
    while True:
        seat = state.current_player
        top = state.discard_pile[-1]
        events = state.apply(DRAW_STOCK)
        for e in events:
            if e.kind == "reshuffled":
                numbers.append(e.data["number"])
                assert e.data["discard_top"] == top
        if "reshuffled" in kinds(events) and "stalemate" not in kinds(events):
            assert state.discard_pile == [top]
        assert Counter(state.all_cards()) == Counter(DECK)
        if "stalemate" in kinds(events):
            break
        state.apply(discard(state.hand(seat)[-1]))
    assert numbers == [1, 2, 3]
    row = scored(events)
    assert row["stalemate"] and row["penalties"] == [0, 25, 15]
    assert row["arranged"][0] == [["5H", "6H", "7H"]]
    assert state.deal_no == 2 and state.match_scores == [0, 25, 15]


# --------------------------------------------------------------------------- information

def test_determinize_keeps_discard_pickups_and_the_view():
    state = new(R1, "TC", ["9D", "QS"])
    state.apply(DRAW_DISCARD)
    state.apply(discard("5H"))
    state.apply(DRAW_STOCK)
    state.apply(discard("9D"))
    for i in range(30):
        det = state.determinize(2, random.Random(i))
        assert det.view(2) == state.view(2)
        assert "TC" in det.hand(0) and len(det.hand(0)) == 3
        assert Counter(det.all_cards()) == Counter(DECK)
    view = state.view(2)
    assert view["known_cards"] == [["TC"], [], []]
    assert "6H" not in json.dumps(view) and "KS" not in json.dumps(view)


def test_save_round_trip():
    state = new(R1, "TC", ["9D"])
    state.apply(DRAW_STOCK)
    back = Quebec65State.from_json(json.loads(json.dumps(state.to_json())))
    assert frozen(back) == frozen(state)


# --------------------------------------------------------------------------- whole matches

@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("all_wild", [False, True])
def test_random_matches_end_with_winners(players, all_wild):
    state = SPEC.new_match(players=players, seed=players, options={"all_wild_melds": all_wild})
    rng = random.Random(players + 10)
    outs = 0
    while not state.is_over:
        for e in state.apply(rng.choice(state.legal_actions())):
            if e.kind == "deal_scored":
                outs += e.data["went_out"] is not None
                for s in range(players):
                    assert e.data["penalties"][s] == sum(e.data["values"][s])
        assert Counter(state.all_cards()) == Counter(DECK)
    assert len(state.score_sheet) == 11 and outs
    low = min(state.match_scores)
    assert state.winners == [s for s in range(players) if state.match_scores[s] == low]
