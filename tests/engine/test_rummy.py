"""engine/rummy.py: the draw-meld-discard machinery shared by rummy65 and quebec65.

Each test runs on both games where the machinery is shared; the expected values come from
rules/rummy65.md and rules/quebec65.md (deal sizes, wild ranks, card values) and from the
Decisions in ``rummy.DECISIONS`` (stock rebuild, stalemate, last turns).
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from cardtable.engine import registry
from cardtable.engine.cards import make_deck
from cardtable.engine.core import Action, IllegalAction, make_action
from cardtable.engine.rummy import DECISIONS, DISCARD, DRAW_DISCARD, DRAW_STOCK, RummyState

GAMES = ("rummy65", "quebec65")
ALL_RANKS = "AKQJT98765432"

# Round/hand 1 for three players, dealer 2 (seat 0 plays first). Threes are wild in both
# games (and twos in quebec65); none of these cards is wild.
HANDS = [["5H", "6H", "7H"], ["KS", "KD", "9C"], ["8S", "8D", "8H"]]
UP = "4C"
#: the next cards of the stock, in the order they are drawn
STOCK = ["4H", "KH", "8C"]


def full_deck(game: str, players: int) -> list[str]:
    decks = registry.get(game).state_class.decks_for(players)
    return make_deck(ALL_RANKS, decks, jokers=2)


def stacked(game, hands, up, stock=(), dealer=2) -> list[str]:
    """A deck (top first) that deals ``hands`` one at a time from the dealer's left,
    turns ``up`` and puts ``stock`` on top of the draw pile; the rest follows sorted."""
    n, size = len(hands), len(hands[0])
    first = (dealer + 1) % n
    top = [hands[(first + i) % n][i // n] for i in range(n * size)] + [up] + list(stock)
    rest = Counter(full_deck(game, n))
    rest.subtract(top)
    assert min(rest.values()) >= 0
    return top + sorted(rest.elements())


def new(game, hands=HANDS, up=UP, stock=STOCK, dealer=2, seed=5) -> RummyState:
    return registry.get(game).new_match(
        players=len(hands), seed=seed, first_dealer=dealer,
        stacked_deck=stacked(game, hands, up, stock, dealer))


def frozen(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def refused(state, action, code) -> None:
    before = frozen(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.code == code, info.value
    assert frozen(state) == before


def conserved(state) -> bool:
    return Counter(state.all_cards()) == Counter(full_deck(state.GAME_ID, state.n_players))


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def row_of(events) -> dict:
    return next(e.data for e in events if e.kind == "deal_scored")


def go_out_now(state) -> list:
    """Seat 0 draws 4H and goes out: rummy65 keeps 4H to discard, quebec65 melds it."""
    state.apply(DRAW_STOCK)
    if state.DISCARD_WHEN_OUT:
        action = make_action("go_out", melds=[["5H", "6H", "7H"]], discard="4H")
    else:
        action = make_action("go_out", melds=[["4H", "5H", "6H", "7H"]])
    return state.apply(action)


# --------------------------------------------------------------------------- the deal


@pytest.mark.parametrize("game", GAMES)
def test_deal_one_at_a_time_from_the_dealers_left_then_turn_one_up(game):
    state = new(game)
    assert state.deal_no == 1 and state.dealer == 2
    assert state.hands == HANDS
    assert state.discard_pile == [UP]
    assert state.stock[-3:] == STOCK[::-1], "the stock's top card is last"
    assert len(state.stock) == 108 - 9 - 1
    assert state.turn == 0 and state.current_player == 0 and not state.drawn
    assert state.out_seat is None and not state.last_turns
    assert state.laid == [[], [], []] and state.pickups == [[], [], []]
    assert conserved(state)
    dealt = state.start_events()[0]
    assert dealt.kind == "dealt"
    assert dealt.data["cards_each"] == 3 and dealt.data["up_card"] == UP
    assert dealt.data["first"] == 0 and dealt.data["stock_size"] == 98


@pytest.mark.parametrize("game, deal, wild", [
    ("rummy65", 1, ["3"]), ("rummy65", 8, ["T"]), ("rummy65", 12, ["A"]),
    ("quebec65", 1, ["2", "3"]), ("quebec65", 8, ["2", "T"]), ("quebec65", 11, ["2", "K"]),
])
def test_wild_ranks_and_cards_dealt_per_deal(game, deal, wild):
    state = new(game)
    assert state.wild_ranks(deal) == wild
    assert state.cards_dealt(deal) == deal + 2


@pytest.mark.parametrize("game", GAMES)
def test_wild_ranks_default_to_the_current_deal(game):
    state = new(game)
    assert state.wild_ranks() == state.wild_ranks(1)
    state.deal_no = 4
    assert state.wild_ranks() == state.wild_ranks(4)
    assert state.wild_ranks() != state.wild_ranks(1)


def test_second_game_uses_three_decks_from_six_players_in_rummy65_only():
    assert len(registry.get("rummy65").new_match(players=6, seed=1).all_cards()) == 162
    assert len(registry.get("quebec65").new_match(players=6, seed=1).all_cards()) == 108


# --------------------------------------------------------------------------- card values


@pytest.mark.parametrize("game, deal, values", [
    # rules/rummy65.md: wild 50, aces 20 (50 in hand 12), K Q J T 10, 2 to 9 face value
    ("rummy65", 1, {"JK": 50, "3S": 50, "AH": 20, "KD": 10, "TC": 10, "9S": 9, "2H": 2}),
    ("rummy65", 12, {"AH": 50, "3S": 3, "JK": 50, "KD": 10}),
    # rules/quebec65.md: jokers, 2s and the round's rank 20, A 15, T-K 10, 3 to 9 5
    ("quebec65", 1, {"JK": 20, "2H": 20, "3S": 20, "AH": 15, "KD": 10, "TC": 10, "9S": 5,
                     "4D": 5}),
    ("quebec65", 11, {"KD": 20, "3S": 5, "QH": 10, "2C": 20}),
])
def test_card_values_of_leftover_cards(game, deal, values):
    state = new(game)
    rules = state.meld_rules(deal)
    for card, value in values.items():
        assert state.card_value(card, deal) == value, card
        assert rules.values[card] == value, card


# --------------------------------------------------------------------------- a turn


@pytest.mark.parametrize("game", GAMES)
def test_a_turn_is_draw_then_discard(game):
    state = new(game)
    assert state.legal_actions() == [DRAW_STOCK, DRAW_DISCARD]
    events = state.apply(DRAW_STOCK)
    assert kinds(events) == ["drew"]
    assert events[0].secret == {"card": "4H"} and events[0].seen_by == (0,)
    assert "card" not in events[0].for_seat(1)
    assert state.hands[0] == ["5H", "6H", "7H", "4H"] and state.drawn
    legal = state.legal_actions()
    assert [a for a in legal if a.kind == "discard"] == [DISCARD[c] for c in
                                                         ("4H", "5H", "6H", "7H")]
    assert any(a.kind == "go_out" for a in legal)
    events = state.apply(DISCARD["4H"])
    assert kinds(events) == ["discarded"]
    assert state.discard_pile == [UP, "4H"]
    assert state.turn == 1 and not state.drawn
    assert conserved(state)


@pytest.mark.parametrize("game", GAMES)
def test_a_card_from_the_discard_pile_stays_known(game):
    state = new(game)
    state.apply(DRAW_STOCK)
    state.apply(DISCARD["4H"])
    events = state.apply(DRAW_DISCARD)
    assert events[0].data == {"seat": 1, "source": "discard", "card": "4H"}
    assert state.pickups[1] == ["4H"] and state.discard_pile == [UP]
    assert state.view(0)["known_cards"] == [[], ["4H"], []]
    state.apply(DISCARD["4H"])  # discard_the_pickup: allowed, and no longer known
    assert state.pickups[1] == [] and state.discard_pile == [UP, "4H"]


@pytest.mark.parametrize("game", GAMES)
def test_refusals_change_nothing(game):
    state = new(game)
    refused(state, DISCARD["5H"], "must_draw_first")
    refused(state, Action("draw", source="table"), "bad_source")
    refused(state, Action("play", card="5H"), "wrong_kind")
    state.apply(DRAW_STOCK)
    refused(state, DRAW_STOCK, "already_drew")
    refused(state, DISCARD["AS"], "not_in_hand")
    refused(state, make_action("lay", melds=[["5H", "6H", "7H"]]), "no_partial_laydown")
    refused(state, make_action("go_out", melds=[["5H", "6H", "9C"]], discard="4H"),
            "not_in_hand")


@pytest.mark.parametrize("game", GAMES)
def test_going_out_refusals(game):
    state = new(game)
    state.apply(DRAW_STOCK)
    # hand 4H 5H 6H 7H
    if state.DISCARD_WHEN_OUT:
        refused(state, make_action("go_out", melds=[["4H", "5H", "7H"]], discard="6H"),
                "invalid_meld")
        refused(state, make_action("go_out", melds=[["4H", "5H", "6H", "7H"]]),
                "must_discard")
        refused(state, make_action("go_out", melds=[["4H", "5H", "6H"]], discard="4H"),
                "not_in_hand")
    else:
        refused(state, make_action("go_out", melds=[["5H", "6H", "7H"]], discard="4H"),
                "no_discard_when_out")
        refused(state, make_action("go_out", melds=[["4H", "5H", "6H"]]), "must_meld_all")
        refused(state, make_action("go_out", melds=[["4H", "5H", "7H"]]), "invalid_meld")


# --------------------------------------------------------------------------- going out


@pytest.mark.parametrize("game", GAMES)
def test_going_out_starts_the_last_turns(game):
    state = new(game)
    events = go_out_now(state)
    expected = ["went_out", "discarded", "last_turns"] if state.DISCARD_WHEN_OUT else [
        "went_out", "last_turns"]
    assert kinds(events) == expected
    assert events[-1].data == {"went_out": 0, "order": [1, 2]}
    assert state.out_seat == 0 and state.last_turns
    assert state.hands[0] == []
    assert state.turn == 1 and state.last_turn_seats() == [1, 2]
    assert state.view(2)["last_turn_seats"] == [1, 2]
    assert conserved(state)


@pytest.mark.parametrize("game, penalties", [
    # seat 1 keeps KS KD 9C, seat 2 keeps 8S 8D 8H: counted as they are (not melded)
    ("rummy65", [0, 10 + 10 + 9, 8 + 8 + 8]),
    ("quebec65", [0, 10 + 10 + 5, 5 + 5 + 5]),
])
def test_last_turns_then_leftover_cards_are_scored(game, penalties):
    state = new(game)
    go_out_now(state)
    state.apply(DRAW_STOCK)          # KH
    state.apply(DISCARD["KH"])
    assert state.last_turn_seats() == [2]
    state.apply(DRAW_STOCK)          # 8C
    events = state.apply(DISCARD["8C"])
    assert kinds(events)[:2] == ["discarded", "deal_scored"]
    row = row_of(events)
    assert row["went_out"] == 0 and not row["stalemate"] and "arranged" not in row
    # rank (ace low) then suit in the order S H D C
    assert row["leftover"] == [[], ["9C", "KS", "KD"], ["8S", "8H", "8D"]]
    assert row["penalties"] == penalties
    assert sum(row["values"][1]) == penalties[1]
    assert row["melded_all"] == [True, False, False]
    assert row["totals"] == penalties == state.match_scores
    assert state.deal_change(row, 3) == penalties
    # the next deal: dealer moves left, one card more each, a new wild rank
    assert state.deal_no == 2 and state.dealer == 0 and state.turn == 1
    assert [len(h) for h in state.hands] == [4, 4, 4]
    assert state.wild_ranks() == (["4"] if game == "rummy65" else ["2", "4"])
    assert state.out_seat is None and state.laid == [[], [], []]
    assert conserved(state)


@pytest.mark.parametrize("game", GAMES)
def test_a_last_turn_may_lay_melds_and_then_discard(game):
    state = new(game)
    go_out_now(state)
    state.apply(DRAW_STOCK)          # KH: KS KD 9C KH
    legal = state.legal_actions()
    assert any(a.kind == "go_out" for a in legal) == state.DISCARD_WHEN_OUT
    events = state.apply(make_action("lay", melds=[["KS", "KD", "KH"]]))
    assert kinds(events) == ["melded"]
    assert state.hands[1] == ["9C"] and state.laid[1] == [["KS", "KD", "KH"]]
    state.apply(DISCARD["9C"])
    state.apply(DRAW_STOCK)          # 8C: 8S 8D 8H 8C
    all_four = make_action("lay", melds=[["8S", "8D", "8H", "8C"]])
    refused(state, all_four, "must_keep_discard" if state.DISCARD_WHEN_OUT else "use_go_out")
    row = row_of(state.apply(DISCARD["8C"]))
    assert row["laid"][1] == [["KS", "KD", "KH"]]
    assert row["leftover"][1] == [] and row["penalties"][1] == 0
    assert row["melded_all"] == [True, True, False]


def test_a_last_turn_player_who_melds_every_card_goes_out_too_in_quebec65():
    state = new("quebec65")
    go_out_now(state)
    state.apply(DRAW_STOCK)          # KH
    state.apply(DISCARD["9C"])
    state.apply(DRAW_STOCK)          # 8C
    events = state.apply(make_action("go_out", melds=[["8S", "8D", "8H", "8C"]]))
    assert events[0].kind == "went_out" and events[0].data["last_turn"]
    row = row_of(events)
    assert row["went_out"] == 0
    assert row["penalties"] == [0, 10 + 10 + 10, 0]


# --------------------------------------------------------------------------- the stock


def empty_the_stock_into_the_pile(state) -> list[str]:
    """Move the whole stock under the discard pile's top card (cards stay conserved)."""
    moved = state.stock[::-1]
    state.discard_pile = moved + state.discard_pile
    state.stock = []
    return moved


@pytest.mark.parametrize("game", GAMES)
def test_drawing_from_an_empty_stock_rebuilds_it_from_the_discard_pile(game):
    state = new(game)
    moved = empty_the_stock_into_the_pile(state)
    assert state.legal_actions() == [DRAW_STOCK, DRAW_DISCARD]
    events = state.apply(DRAW_STOCK)
    assert kinds(events) == ["reshuffled", "drew"]
    assert events[0].data == {"number": 1, "stock_size": len(moved), "discard_top": UP}
    assert state.discard_pile == [UP]
    assert state.reshuffles == 1
    assert len(state.stock) == len(moved) - 1
    assert Counter(state.stock + [state.hands[0][-1]]) == Counter(moved)
    assert state.stock + [state.hands[0][-1]] != moved, "the new stock is shuffled"
    assert conserved(state)


@pytest.mark.parametrize("game", GAMES)
def test_the_third_rebuild_ends_the_deal_in_a_stalemate(game):
    state = new(game)
    state.reshuffles = 2
    empty_the_stock_into_the_pile(state)
    events = state.apply(DRAW_STOCK)
    assert kinds(events)[:3] == ["reshuffled", "stalemate", "deal_scored"]
    assert events[1].data == {"reshuffles": 3, "reason": "reshuffles"}
    row = row_of(events)
    assert row["stalemate"] and row["went_out"] is None and row["reshuffles"] == 3
    # nobody drew; each hand counts what lies outside its best arrangement
    assert [sorted(m) for m in row["arranged"][0]] == [["5H", "6H", "7H"]]
    assert [sorted(m) for m in row["arranged"][2]] == [["8D", "8H", "8S"]]
    assert row["leftover"][0] == [] and row["leftover"][2] == []
    assert row["leftover"][1] == ["9C", "KS", "KD"]
    assert row["penalties"][0] == 0 and row["penalties"][2] == 0
    assert row["melded_all"] == [False, False, False], "a full arrangement is not laid"
    assert state.deal_no == 2 and state.reshuffles == 0


@pytest.mark.parametrize("game", GAMES)
def test_no_stock_and_a_single_card_pile_leaves_only_the_pile(game):
    state = new(game)
    state.stock = []                 # (the test forgets the stock's cards)
    assert state.legal_actions() == [DRAW_DISCARD]
    refused(state, DRAW_STOCK, "empty_stock")


def test_taking_the_last_card_and_going_out_with_nothing_left_to_draw_is_a_stalemate():
    # quebec65 going out leaves no discard: with the stock and pile both empty, the next
    # player cannot draw, so the deal ends at once (no_draw_possible)
    state = new("quebec65", stock=["KH", "8C"], up="4H")
    empty_the_stock_into_the_pile(state)
    state.discard_pile = ["4H"]
    state.stock = []
    state.apply(DRAW_DISCARD)
    events = state.apply(make_action("go_out", melds=[["4H", "5H", "6H", "7H"]]))
    assert "stalemate" in kinds(events)
    stalemate = next(e for e in events if e.kind == "stalemate")
    assert stalemate.data["reason"] == "no_card_to_draw"
    assert row_of(events)["went_out"] == 0


@pytest.mark.parametrize("game", GAMES)
def test_refused_draw_from_an_empty_discard_pile(game):
    state = new(game)
    state.discard_pile = []
    assert state.legal_actions() == [DRAW_STOCK]
    refused(state, DRAW_DISCARD, "empty_discard")


# --------------------------------------------------------------------------- copies and views


@pytest.mark.parametrize("game", GAMES)
def test_determinize_keeps_sizes_pickups_and_my_hand(game):
    state = new(game)
    state.apply(DRAW_STOCK)
    state.apply(DISCARD["4H"])
    state.apply(DRAW_DISCARD)        # seat 1 takes 4H face up
    state.apply(DISCARD["9C"])
    for seed in range(5):
        guess = state.determinize(0, random.Random(seed))
        assert guess.hands[0] == state.hands[0]
        assert [len(h) for h in guess.hands] == [len(h) for h in state.hands]
        assert "4H" in guess.hands[1]
        assert len(guess.stock) == len(state.stock)
        assert guess.discard_pile == state.discard_pile
        assert Counter(guess.all_cards()) == Counter(state.all_cards())
    assert any(state.determinize(0, random.Random(s)).hands[2] != state.hands[2]
               for s in range(5))


@pytest.mark.parametrize("game", GAMES)
def test_clone_is_deep_but_shares_finished_rows(game):
    state = new(game)
    state.reshuffles = 2
    empty_the_stock_into_the_pile(state)
    state.apply(DRAW_STOCK)          # stalemate: one row on the sheet
    copy = state.clone()
    assert copy.score_sheet[0] is state.score_sheet[0]
    assert copy.score_sheet is not state.score_sheet
    before = list(state.hands[0])
    copy.hands[0].append("JK")
    assert state.hands[0] == before
    assert frozen(copy) != frozen(state)


@pytest.mark.parametrize("game", GAMES)
def test_view_shows_the_table_and_only_my_hand(game):
    state = new(game)
    view = state.view(1)
    assert view["hand"] == HANDS[1] and view["hand_sizes"] == [3, 3, 3]
    assert view["discard_top"] == UP and view["stock_size"] == 98
    assert view["current_player"] == 0 and view["deal"] == 1
    assert "hands" not in view and "stock" not in view
    assert view["wild_ranks"] == state.wild_ranks(1)


@pytest.mark.parametrize("game", GAMES)
def test_a_save_in_the_last_turns_loads_back_equal(game):
    state = new(game)
    go_out_now(state)
    state.apply(DRAW_STOCK)
    loaded = registry.from_json(state.to_json())
    assert frozen(loaded) == frozen(state)
    assert loaded.last_turn_seats() == [1, 2]


def test_the_shared_decisions_are_in_both_specs():
    assert {"reshuffle", "no_draw_possible", "last_turn_scoring", "going_out_optional"} \
        <= set(DECISIONS)
    for game in GAMES:
        notes = registry.get(game).notes
        assert all(notes[k] == v for k, v in DECISIONS.items())
