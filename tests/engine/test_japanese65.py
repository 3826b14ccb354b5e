"""japanese65: one or more stacked-deck tests per rule paragraph of rules/japanese65.md."""

from __future__ import annotations

import json
import random

import pytest

from cardtable.engine import registry
from cardtable.engine.core import Action, ConfigError, IllegalAction
from cardtable.engine.japanese65 import DECK, game_points_for

SPEC = registry.get("japanese65")


def deck_for(hands: list[list[str]], dealer: int) -> list[str]:
    """The stacked deck (top first) that deals ``hands`` one card at a time from dealer's left."""
    assert all(len(h) == 12 for h in hands)
    first = (dealer + 1) % 4
    return [hands[(first + i) % 4][i // 4] for i in range(48)]


def suit_hands() -> list[list[str]]:
    """Seat 0 all spades, seat 1 hearts, seat 2 diamonds, seat 3 clubs."""
    return [[r + s for r in "AKQJT9876543"] for s in "SHDC"]


def new(hands, dealer=3, **options):
    return SPEC.new_match(players=4, seed=1, first_dealer=dealer,
                          stacked_deck=deck_for(hands, dealer), options=options or None)


def play(state, *cards):
    events = []
    for c in cards:
        events += state.apply(Action("play", card=c))
    return events


def frozen(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


# --- Table -------------------------------------------------------------------------

def test_exactly_four_players():
    for n in (2, 3, 5):
        with pytest.raises(ConfigError) as info:
            SPEC.new_match(players=n, seed=1)
        assert "exactly 4" in info.value.message


def test_deck_is_48_cards_without_twos():
    assert len(DECK) == 48 and len(set(DECK)) == 48
    assert not [c for c in DECK if c[0] == "2"]


def test_partners_share_score():
    state = new(suit_hands())
    play_whole_deal(state)
    assert state.match_scores[0] == state.match_scores[2] == 1
    assert state.match_scores[1] == state.match_scores[3] == 0


# --- Deal --------------------------------------------------------------------------

def test_deal_one_at_a_time_from_dealers_left():
    deck = list(DECK)
    state = SPEC.new_match(players=4, seed=3, first_dealer=1, stacked_deck=deck)
    # dealer 1: seat 2 gets the 1st, 5th, 9th card...
    assert state.hand(2) == deck[0::4]
    assert state.hand(3) == deck[1::4]
    assert state.hand(0) == deck[2::4]
    assert state.hand(1) == deck[3::4]


def test_first_dealer_random_from_seed_and_deal_passes_clockwise():
    dealers = {SPEC.new_match(players=4, seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    state = new(suit_hands(), dealer=2)
    assert state.dealer == 2 and state.current_player == 3
    rng = random.Random(0)
    while len(state.score_sheet) < 1:
        state.apply(rng.choice(state.legal_actions()))
    assert state.dealer == 3 and state.current_player == 0
    assert all(len(state.hand(s)) == 12 for s in range(4))


# --- Play --------------------------------------------------------------------------

def test_dealers_left_leads_and_winner_leads_next():
    state = new(suit_hands(), dealer=3)
    assert state.current_player == 0
    play(state, "3S", "AH", "AD", "AC")  # lone spade wins
    assert state.current_player == 0


def mixed_hands():
    # Seat 0: hearts lead; seat 1 holds hearts and spades; seat 2 no hearts; seat 3 hearts.
    return [
        ["AH", "KH", "QH", "JH", "AD", "KD", "QD", "JD", "AC", "KC", "QC", "JC"],
        ["3H", "4H", "AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S"],
        ["TD", "9D", "8D", "7D", "6D", "5D", "4D", "3D", "TC", "9C", "8C", "7C"],
        ["TH", "9H", "8H", "7H", "6H", "5H", "4S", "3S", "6C", "5C", "4C", "3C"],
    ]


def test_must_follow_suit_and_refusal_changes_nothing():
    state = new(mixed_hands(), dealer=3)
    play(state, "AH")
    assert {a.card for a in state.legal_actions()} == {"3H", "4H"}
    before = frozen(state)
    with pytest.raises(IllegalAction) as info:
        play(state, "AS")
    assert info.value.code == "must_follow_suit"
    assert frozen(state) == before
    with pytest.raises(IllegalAction) as info:
        play(state, "KH")  # seat 0's card, not seat 1's
    assert info.value.code == "not_in_hand"
    assert frozen(state) == before


def test_void_player_may_play_any_card_no_duty_to_trump():
    state = new(mixed_hands(), dealer=3)
    play(state, "AH", "3H")
    legal = {a.card for a in state.legal_actions()}
    assert legal == set(state.hand(2))  # seat 2 has no hearts: anything goes


def test_highest_of_suit_led_wins_without_spades():
    state = new(mixed_hands(), dealer=3)
    events = play(state, "KH", "4H", "TC", "TH")
    won = [e for e in events if e.kind == "trick_won"][0]
    assert won.data["winner"] == 0


def test_highest_spade_wins():
    state = new(mixed_hands(), dealer=3)
    # seat 0 leads clubs; seat 1 has no clubs and trumps with a low spade; seat 3 overtrumps? No:
    # seat 3 holds clubs and must follow.
    events = play(state, "AC", "5S", "TC", "3C")
    won = [e for e in events if e.kind == "trick_won"][0]
    assert won.data["winner"] == 1
    assert state.current_player == 1


def test_other_suits_never_win():
    state = new(mixed_hands(), dealer=3)
    events = play(state, "JC", "5S", "TC", "6C")
    assert [e for e in events if e.kind == "trick_won"][0].data["winner"] == 1
    state = new(mixed_hands(), dealer=3)
    events = play(state, "JH", "3H", "TD", "5H")  # a diamond ten is off-suit
    assert [e for e in events if e.kind == "trick_won"][0].data["winner"] == 0


# --- Where the cards go ----------------------------------------------------------------

def test_winning_side_keeps_only_the_partners_card():
    state = new(mixed_hands(), dealer=3)
    events = play(state, "AC", "5S", "TC", "3C")  # seat 1 wins; partner seat 3 played 3C
    won = [e for e in events if e.kind == "trick_won"][0].data
    assert won["to_winner"] == "3C"
    assert sorted(won["to_opponents"]) == sorted(["AC", "5S", "TC"])
    assert state.partner_cards == [[], ["3C"]]
    assert sorted(state.piles[0]) == sorted(["AC", "5S", "TC"])
    assert state.piles[1] == []
    assert state.tricks_won == [0, 1]
    # the event tells the deal's points so far: side 1 has its trick (2) and the 3C (0);
    # side 0 has the AC (4), the TC and the 5S (0)
    assert won["points"] == [4, 2]


# --- Scoring -------------------------------------------------------------------------

def play_whole_deal(state):
    events = []
    while len(state.score_sheet) == 0:
        events += play(state, state.legal_actions()[0].card)
    return [e for e in events if e.kind == "deal_scored"][0].data


def test_all_tricks_can_still_lose_on_cards():
    # Seat 0 holds every spade and wins all 12 tricks: 24 + 1 = 25 trick points, but its side
    # keeps only seat 2's diamonds (A K Q J = 10) while spades, hearts and clubs (30) go across.
    state = new(suit_hands(), dealer=3)
    row = play_whole_deal(state)
    assert row["tricks"] == [12, 0]
    assert row["trick_points"] == [24, 0]
    assert row["last_trick"] == [1, 0]
    assert row["card_points"] == [10, 30]
    assert row["points"] == [35, 30]
    assert row["game_points"] == [1, 0]
    assert state.match_scores == [1, 0, 1, 0]


def test_game_point_thresholds():
    assert [game_points_for(p) for p in (0, 32, 33, 40, 41, 65)] == [0, 0, 1, 1, 2, 2]


def test_forty_one_scores_two_game_points():
    # Seat 1 holds all spades and wins every trick: its partner (seat 3) plays clubs, kept
    # (A K Q J = 10); side 1 = 25 + 10 = 35. Make side 0 the winner instead: seat 0 holds
    # spades and seat 2 holds the other honours.
    hands = [
        [r + "S" for r in "AKQJT9876543"],
        ["TH", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "TD", "9D", "8D", "7D"],
        ["AH", "KH", "QH", "JH", "AD", "KD", "QD", "JD", "AC", "KC", "QC", "JC"],
        ["6D", "5D", "4D", "3D", "TC", "9C", "8C", "7C", "6C", "5C", "4C", "3C"],
    ]
    state = new(hands, dealer=3)
    row = play_whole_deal(state)
    assert row["points"] == [25 + 30, 10]
    assert row["game_points"] == [2, 0]


def test_match_ends_at_target_and_side_wins():
    state = new(suit_hands(), dealer=3, target=1)
    play_whole_deal(state)
    assert state.is_over and state.winners == [0, 2]
    assert state.current_player is None
    with pytest.raises(IllegalAction) as info:
        state.apply(Action("play", card="AS"))
    assert info.value.code == "match_over"


def test_random_deals_always_total_65():
    rng = random.Random(3)
    state = SPEC.new_match(players=4, seed=11, options={"target": 20})
    last, checked = None, 0           # the running points of each deal's last trick
    while len(state.score_sheet) < 30 and not state.is_over:
        for e in state.apply(rng.choice(state.legal_actions())):
            if e.kind == "trick_won":
                points = e.data["points"]
                assert last is None or e.data["trick_no"] == 1 or \
                    all(a >= b for a, b in zip(points, last, strict=True))   # only grow
                last = points
            elif e.kind == "deal_scored":
                assert last == e.data["points"]  # the 12th trick's are the deal's
                checked += 1
    assert checked == len(state.score_sheet) >= 2
    for row in state.score_sheet:
        assert sum(row["points"]) == 65 and sum(row["card_points"]) == 40


# --- Options ---------------------------------------------------------------------------

def test_target_option_range():
    assert SPEC.default_options() == {"target": 5}
    SPEC.new_match(players=4, seed=1, options={"target": 20})
    for bad in (0, 21, "5", True):
        with pytest.raises(ConfigError):
            SPEC.new_match(players=4, seed=1, options={"target": bad})
    with pytest.raises(ConfigError) as info:
        SPEC.new_match(players=4, seed=1, options={"trumps": "H"})
    assert "no option 'trumps'" in info.value.message


# --- Information ---------------------------------------------------------------------------

def test_view_shows_own_hand_only_and_determinize_keeps_voids():
    state = new(mixed_hands(), dealer=3)
    view = state.view(0)
    assert view["hand"] == state.hand(0)
    assert view["hand_sizes"] == [12, 12, 12, 12]
    for s in (1, 2, 3):
        assert not set(state.hand(s)) & set(json.dumps(view).replace('"', " ").split())
    play(state, "AH", "3H", "TD")  # seat 2 shows out of hearts
    assert "H" in state.view(0)["voids"][2]
    for k in range(20):
        d = state.determinize(0, random.Random(k))
        assert not [c for c in d.hand(2) if c[1] == "H"]
        assert d.view(0) == state.view(0)
