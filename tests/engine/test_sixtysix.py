"""Sixty-Six rules engine: one or more tests per paragraph of shared/rules/sixtysix.md.

Every stacked deal uses first_dealer=0, so seat 1 (ELDER, the non-dealer) leads first
and seat 0 (DEALER) follows. Scripts are written as short strings:
``"AS"`` plays a card, ``"M:H"`` announces a marriage, ``"X"`` exchanges the nine of
trumps, ``"C"`` closes, ``"!"`` claims.
"""

from __future__ import annotations

import json
import random

import pytest

from cardtable.engine import registry
from cardtable.engine.cards import same_cards
from cardtable.engine.core import Action, ConfigError, IllegalAction
from cardtable.engine.sixtysix import DECK

DEALER, ELDER = 0, 1


# --------------------------------------------------------------------------- helpers


def stack(elder: list[str], dealer: list[str], turned: str, stock: list[str] | None = None):
    """A stacked deck (top first) dealing these hands: 3 elder, 3 dealer, 3, 3, trump, stock."""
    assert len(elder) == 6 and len(dealer) == 6
    if stock is None:
        used = set(elder) | set(dealer) | {turned}
        stock = [c for c in DECK if c not in used]
    return elder[:3] + dealer[:3] + elder[3:] + dealer[3:] + [turned] + list(stock)


def new(deck: list[str], **options):
    return registry.get("sixtysix").new_match(
        players=2, seed=1, first_dealer=0, stacked_deck=deck, options=options or None
    )


def action(step: str) -> Action:
    if step == "!":
        return Action("claim")
    if step == "X":
        return Action("exchange")
    if step == "C":
        return Action("close")
    if step.startswith("M:"):
        return Action("marriage", suit=step[2:])
    return Action("play", card=step)


def run(state, *steps: str) -> list:
    """Apply the scripted steps (each must be listed as legal) and return all events."""
    events = []
    for step in steps:
        a = action(step)
        assert a in state.legal_actions(), f"{a} not legal; legal: {state.legal_actions()}"
        events += state.apply(a)
    return events


def refuse(state, step: str | Action, code: str) -> None:
    """The action is refused with ``code`` and the state is exactly as before."""
    a = action(step) if isinstance(step, str) else step
    before = state.to_json()
    assert a not in state.legal_actions()
    with pytest.raises(IllegalAction) as err:
        state.apply(a)
    assert err.value.code == code, err.value
    assert state.to_json() == before


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def scored(events) -> dict:
    rows = [e.data for e in events if e.kind == "deal_scored"]
    assert len(rows) == 1
    return rows[0]


def plays(state) -> list[str]:
    return sorted(a.card for a in state.legal_actions() if a.kind == "play")


def codes_in(obj) -> set[str]:
    """Every card code found anywhere inside a view."""
    out: set[str] = set()
    if isinstance(obj, str):
        if obj in DECK:
            out.add(obj)
    elif isinstance(obj, dict):
        for v in obj.values():
            out |= codes_in(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            out |= codes_in(v)
    return out


# Deck A: trumps diamonds; the elder wins the six tricks of the open stock.
DECK_A = stack(
    ["AS", "TS", "KS", "AH", "TH", "KH"],
    ["QS", "JS", "9S", "QH", "JH", "9H"],
    "AD",
    ["TD", "KD", "QD", "JD", "9D", "AC", "TC", "KC", "JC", "QC", "9C"],
)
A_EARLY = ["AS", "QS", "TS", "JS", "KS", "9S", "AH", "QH", "TH", "JH", "KH", "9H"]

# Deck C: trumps clubs, the elder holds the trump marriage.
DECK_C = stack(
    ["AS", "KC", "QC", "AH", "AD", "9D"],
    ["TS", "TH", "TD", "9H", "JS", "QD"],
    "JC",
    ["KS", "QS", "JH", "QH", "KH", "9S", "KD", "JD", "AC", "TC", "9C"],
)

# Deck G: trumps hearts; the dealer wins a trick, then the elder closes.
DECK_G = stack(
    ["9S", "AC", "KD", "QD", "9C", "JD"],
    ["AS", "JC", "AD", "KH", "QH", "TS"],
    "9H",
    ["TC", "JH", "KS", "QS", "JS", "AH", "TH", "TD", "9D", "KC", "QC"],
)

STRONG = ["AS", "TS", "AH", "TH", "AD", "TD"]
WEAK = ["KS", "QS", "KH", "QH", "KD", "QD"]

# Deck Y: trumps spades; the dealer holds the nine of trumps and the diamond marriage.
DECK_Y = stack(
    ["JH", "AC", "TC", "KC", "QC", "JC"],
    ["9S", "AH", "TH", "KD", "QD", "JD"],
    "AS",
)


# --------------------------------------------------------------------------- spec & table


def test_spec_and_options():
    spec = registry.get("sixtysix")
    assert spec.id == "sixtysix" and spec.name == "Sixty-Six"
    assert (spec.min_players, spec.max_players) == (2, 2)
    assert spec.default_options() == {"target": 10, "strict_later_play": False}
    assert spec.family == "trick-taking" and spec.blurb
    with pytest.raises(ConfigError):
        spec.new_match(players=3)
    for bad in ({"target": 0}, {"target": 22}, {"strict_later_play": 1}, {"jokers": 2}):
        with pytest.raises(ConfigError):
            spec.new_match(options=bad)


def test_deck_is_24_cards_and_points_total_120():
    st = new(DECK_A)
    assert len(st._full_deck()) == 24
    assert same_cards(st.all_cards(), DECK)
    values = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
    assert sum(values[c[0]] for c in DECK) == 120


def test_first_dealer_random_from_seed():
    spec = registry.get("sixtysix")
    dealers = {spec.new_match(seed=s).dealer for s in range(20)}
    assert dealers == {0, 1}
    assert spec.new_match(seed=5).dealer == spec.new_match(seed=5).dealer


# --------------------------------------------------------------------------- deal


def test_deal_order_trump_card_and_events():
    st = new(list(DECK))
    # DECK order: AS TS KS QS JS 9S AH TH KH QH JH 9H AD TD ...
    assert st.hand(ELDER) == ["AS", "TS", "KS", "AH", "TH", "KH"]
    assert st.hand(DEALER) == ["QS", "JS", "9S", "QH", "JH", "9H"]
    assert st.trump == "D" and st.trump_card == "AD"
    assert st.stock == ["TD", "KD", "QD", "JD", "9D", "AC", "TC", "KC", "QC", "JC", "9C", "AD"]
    assert st.current_player == ELDER  # the non-dealer leads
    events = st.start_events()
    assert kinds(events) == ["dealt", "received", "received"]
    dealt = events[0].data
    assert dealt["dealer"] == DEALER and dealt["trump_card"] == "AD" and dealt["trump"] == "D"
    assert dealt["stock_size"] == 12 and dealt["hand_sizes"] == [6, 6]
    for e in events[1:]:
        seat = e.data["seat"]
        assert e.seen_by == (seat,)
        assert e.for_seat(seat)["cards"] == st.hand(seat)
        assert "cards" not in e.for_seat(1 - seat)


def test_stacked_deck_must_be_the_24_cards():
    with pytest.raises(ConfigError) as err:
        new(list(DECK)[:-1] + ["2C"])
    assert err.value.code == "bad_stacked_deck"


# --------------------------------------------------------------------------- open stock


def test_stock_sizes_and_six_cards_while_open():
    st = new(DECK_A)
    sizes = [len(st.stock)]
    for i in range(0, 12, 2):
        run(st, A_EARLY[i], A_EARLY[i + 1])
        sizes.append(len(st.stock))
        if st.stock:
            assert len(st.hand(0)) == len(st.hand(1)) == 6
    assert sizes == [12, 10, 8, 6, 4, 2, 0]
    assert len(st.hand(0)) == len(st.hand(1)) == 6


def test_winner_draws_first_and_loser_of_sixth_trick_gets_trump_card():
    st = new(DECK_A)
    events = run(st, "AS", "QS")
    drew = [e for e in events if e.kind == "drew"]
    assert [e.data["seat"] for e in drew] == [ELDER, DEALER]  # winner first
    assert drew[0].for_seat(ELDER)["card"] == "TD" and "card" not in drew[0].for_seat(DEALER)
    assert drew[1].for_seat(DEALER)["card"] == "KD" and "card" not in drew[1].for_seat(ELDER)
    assert "TD" in st.hand(ELDER) and "KD" in st.hand(DEALER)
    events = run(st, *A_EARLY[2:])
    last = [e for e in events if e.kind == "drew"][-1]
    # the face-up trump card is drawn by the loser of the sixth trick, in public
    assert last.data["seat"] == DEALER and last.data["card"] == "AD"
    assert last.data["face_up"] is True and not last.secret
    assert st.hand(ELDER) == ["TD", "QD", "9D", "TC", "JC", "9C"]
    assert st.hand(DEALER) == ["KD", "JD", "AC", "KC", "QC", "AD"]
    assert st.view(ELDER)["opponent_known"] == ["AD"]


def test_no_duty_to_follow_or_trump_while_stock_open():
    st = new(DECK_A)
    run(st, "AS")
    assert plays(st) == sorted(st.hand(DEALER))  # any card
    run(st, "QH")  # off-suit discard is fine
    assert st.leader == ELDER and st.card_points[ELDER] == 14


def test_trick_won_by_higher_trump_else_higher_card_of_suit_led():
    st = new(DECK_A)
    run(st, *A_EARLY)
    events = run(st, "TD", "AD")  # trumps, higher wins
    assert scored_trick(events) == (DEALER, 21)
    events = run(st, "AC", "9C")
    assert scored_trick(events) == (DEALER, 11)
    st = new(DECK_C)
    events = run(st, "AH", "TS")  # off-suit card never wins
    assert scored_trick(events) == (ELDER, 21)
    events = run(st, "9D", "TD")
    assert scored_trick(events) == (DEALER, 10)
    events = run(st, "JS", "KC")  # a trump beats the suit led
    assert scored_trick(events) == (ELDER, 6)


def scored_trick(events):
    won = [e for e in events if e.kind == "trick_won"][-1]
    return won.data["winner"], won.data["points"]


# --------------------------------------------------------------------------- later play


def test_follow_suit_after_stock_exhausted():
    st = new(DECK_A)
    run(st, *A_EARLY)
    assert not st.stock and not st.closed
    run(st, "TD")
    assert plays(st) == ["AD", "JD", "KD"]  # must follow, need not win
    refuse(st, "AC", "must_follow_suit")
    run(st, "JD")
    assert st.leader == ELDER


def test_strict_later_play_must_win_with_suit_led():
    st = new(DECK_A, strict_later_play=True)
    run(st, *A_EARLY, "TD")
    assert plays(st) == ["AD"]
    refuse(st, "JD", "must_win_trick")
    refuse(st, "KD", "must_win_trick")
    refuse(st, "AC", "must_follow_suit")
    run(st, "AD")


def test_strict_later_play_must_trump_when_void():
    st = new(DECK_Y, strict_later_play=True)
    run(st, "C", "AC")
    assert plays(st) == ["9S"]
    refuse(st, "AH", "must_trump")
    run(st, "9S")
    assert st.leader == DEALER
    # without the option any card may be played when void
    st = new(DECK_Y)
    run(st, "C", "AC")
    assert plays(st) == sorted(st.hand(DEALER))
    run(st, "AH")
    assert st.leader == ELDER


def test_strict_later_play_with_nothing_higher_any_card_of_suit():
    st = new(DECK_A, strict_later_play=True)
    run(st, *A_EARLY, "TD", "AD", "AC")
    # AC cannot be beaten: any club is allowed, but still a club
    assert plays(st) == ["9C", "JC", "TC"]
    refuse(st, "QD", "must_follow_suit")
    run(st, "9C")


def test_follow_suit_after_closing():
    st = new(DECK_Y)
    run(st, "C", "JH")
    assert plays(st) == ["AH", "TH"]
    refuse(st, "9S", "must_follow_suit")


# --------------------------------------------------------------------------- marriages


def test_trump_marriage_40_pending_on_opening_lead_scored_on_first_trick():
    st = new(DECK_C)
    events = run(st, "M:C")
    m = events[0].data
    assert m == {"seat": ELDER, "suit": "C", "points": 40, "pending": True, "cards": ["KC", "QC"]}
    assert st.marriage_points == [0, 0] and st.points(ELDER) == 0
    events = run(st, "KC", "9H")
    assert "marriage_scored" in kinds(events)
    assert st.marriage_points[ELDER] == 40 and st.points(ELDER) == 44
    assert st.view(DEALER)["marriages"][0]["scored"] is True


def test_plain_marriage_20_scored_at_once_after_a_trick():
    st = new(DECK_G)
    run(st, "9S", "AS", "JC", "AC")  # elder has won a trick
    events = run(st, "M:D")
    assert events[0].data["points"] == 20 and events[0].data["pending"] is False
    assert st.marriage_points[ELDER] == 20


def test_marriage_requires_king_and_queen_and_the_lead():
    st = new(DECK_C)
    refuse(st, "M:H", "no_marriage")
    refuse(st, Action("marriage", suit="X"), "bad_action")
    st = new(DECK_Y)
    run(st, "JH")
    refuse(st, "M:D", "not_on_lead")  # the dealer holds KD QD but is following


def test_after_marriage_must_lead_king_or_queen():
    st = new(DECK_C)
    run(st, "M:C")
    assert plays(st) == ["KC", "QC"]
    refuse(st, "AS", "marriage_card_required")
    refuse(st, "C", "marriage_card_required")
    refuse(st, "M:C", "marriage_card_required")
    run(st, "QC")
    assert st.view(DEALER)["opponent_known"] == ["KC"]


def test_pending_marriage_never_scores_without_a_trick():
    st = new(stack(["KH", "QH", "9D", "JD", "9C", "JC"], ["AH", "TH", "AD", "TD", "AC", "TC"],
                   "9S"))
    run(st, "M:H", "QH", "AH")
    run(st, "TH", "KH")
    assert st.view(ELDER)["marriages"][0]["scored"] is False
    row = scored(run(st, "!"))  # the dealer claims with 28: wrong
    assert row["points"] == [28, 0] and row["marriages"] == [0, 0]
    assert row["reason"] == "wrong_claim" and row["game_points"] == [0, 3]


def test_marriage_forbidden_once_stock_exhausted_by_drawing():
    st = new(DECK_A)
    run(st, *A_EARLY, "TD", "AD")
    assert st.current_player == DEALER and {"KC", "QC"} <= set(st.hand(DEALER))
    refuse(st, "M:C", "marriage_not_allowed")
    assert all(a.kind != "marriage" for a in st.legal_actions())


def test_marriage_allowed_after_closing():
    st = new(stack(WEAK, STRONG, "JC"))
    events = run(st, "C", "M:S", "KS")
    assert kinds(events)[:2] == ["closed", "marriage"]
    assert events[1].data["points"] == 20 and events[1].data["pending"] is True


# --------------------------------------------------------------------------- exchange


def test_exchange_needs_a_won_trick_and_shows_the_taken_card():
    st = new(stack(["9S", "AH", "KD", "QD", "9C", "JD"], ["JS", "9H", "AD", "TH", "KH", "TS"],
                   "AS"))
    refuse(st, "X", "cannot_exchange")  # no trick won yet
    run(st, "AH", "9H")
    events = run(st, "X")
    assert events[0].data == {"seat": ELDER, "nine": "9S", "trump_card": "AS"}
    assert "AS" in st.hand(ELDER) and "9S" not in st.hand(ELDER)
    assert st.stock[-1] == "9S" and len(st.stock) == 10
    view = st.view(DEALER)
    assert view["trump_card"] == "9S" and view["opponent_known"] == ["AS"]
    refuse(st, "X", "cannot_exchange")  # no nine any more
    run(st, "AS")
    assert st.view(DEALER)["opponent_known"] == []


def test_exchange_only_by_leader_and_not_when_closed():
    st = new(DECK_Y)
    run(st, "JH")
    refuse(st, "X", "not_on_lead")
    refuse(st, "C", "not_on_lead")
    run(st, "AH")  # the dealer wins and leads
    closed = st.clone()
    run(closed, "C")
    refuse(closed, "X", "cannot_exchange")
    run(st, "X", "C")  # exchange then close is fine
    assert st.closed and "AS" in st.hand(DEALER)


def test_exchange_allowed_with_only_two_cards_left():
    st = new(DECK_A)
    run(st, *A_EARLY[:10])
    assert len(st.stock) == 2 and "9D" in st.hand(ELDER)
    run(st, "X")
    assert "AD" in st.hand(ELDER)
    events = run(st, "KH", "9H")
    last = [e for e in events if e.kind == "drew"][-1]
    assert last.data["seat"] == DEALER and last.data["card"] == "9D"
    assert st.view(ELDER)["opponent_known"] == ["9D"]
    refuse(st, "X", "cannot_exchange")  # the stock is gone


# --------------------------------------------------------------------------- closing


def test_close_on_opening_lead_and_no_more_drawing():
    st = new(stack(STRONG, WEAK, "JC"))
    events = run(st, "C")
    assert events[0].data["seat"] == ELDER and events[0].data["stock_size"] == 12
    view = st.view(DEALER)
    assert view["closed"] and view["closer"] == ELDER
    assert view["trump_card"] is None and view["turned_down_trump"] == "JC"
    refuse(st, "C", "cannot_close")
    events = run(st, "AS", "KS")
    assert "drew" not in kinds(events) and len(st.stock) == 12
    assert len(st.hand(0)) == len(st.hand(1)) == 5


def test_cannot_close_when_stock_exhausted():
    st = new(DECK_A)
    run(st, *A_EARLY)
    refuse(st, "C", "cannot_close")


def test_closer_makes_66_at_end_without_last_trick_bonus():
    st = new(stack(STRONG, WEAK, "JC"))
    events = run(st, "C", "AS", "KS", "TS", "QS", "AH", "KH", "TH", "QH", "AD", "KD", "TD", "QD")
    row = scored(events)
    assert row["points"] == [0, 84] and row["last_trick"] == [0, 0]
    assert row["reason"] == "closer_made" and row["winner"] == ELDER
    assert row["game_points"] == [0, 3]  # the dealer won no trick


def test_closer_fails_at_end_opponent_scores_3_if_trickless_when_closed():
    st = new(stack(WEAK, STRONG, "JC"))
    events = run(st, "C", "KS", "AS", "TS", "QS", "AH", "KH", "TH", "QH", "AD", "KD", "TD", "QD")
    row = scored(events)
    assert row["points"] == [84, 0] and row["last_trick"] == [0, 0]
    assert row["reason"] == "closer_failed" and row["game_points"] == [3, 0]


def test_opponent_of_closer_claims_first_correctly():
    st = new(stack(WEAK, STRONG, "JC"))
    run(st, "C", "KS", "AS", "TS", "QS", "AH", "KH", "TH", "QH", "AD", "KD")
    assert st.points(DEALER) == 71
    row = scored(run(st, "!"))
    assert row["reason"] == "closer_failed" and row["game_points"] == [3, 0]
    assert row["claimant"] == DEALER and row["closer"] == ELDER


def test_opponent_claim_scores_2_when_it_had_a_trick_at_closing():
    st = new(DECK_G)
    run(st, "9S", "AS", "JC", "AC", "C")
    assert st.closer_opp_had_trick is True
    run(st, "M:D", "QD", "AD", "M:H", "KH", "JH")
    assert st.points(ELDER) == 33 and st.points(DEALER) == 71
    row = scored(run(st, "!"))
    # an ordinary claim would be worth 1 (opponent has 33): the closer's risk gives 2
    assert row["reason"] == "closer_failed" and row["game_points"] == [2, 0]


def test_closer_wrong_claim():
    st = new(DECK_G)
    run(st, "9S", "AS", "JC", "AC", "C", "M:D")
    row = scored(run(st, "!"))
    assert row["points"] == [11, 33]
    assert row["reason"] == "closer_failed" and row["game_points"] == [2, 0]


def test_closer_correct_claim():
    st = new(DECK_C)
    run(st, "AS", "TS", "C", "M:C", "KC", "TH")
    row = scored(run(st, "!"))
    assert row["points"] == [0, 75] and row["reason"] == "claim"
    assert row["winner"] == ELDER and row["game_points"] == [0, 3]


def test_wrong_claim_by_closers_opponent_is_ordinary():
    st = new(DECK_G)
    run(st, "9S", "AS", "JC", "AC", "C", "M:D", "QD")
    row = scored(run(st, "!"))  # the dealer claims with 11
    assert row["reason"] == "wrong_claim" and row["game_points"] == [0, 2]


# --------------------------------------------------------------------------- last trick & play-out


def test_last_trick_10_and_played_out_one_over_66():
    st = new(DECK_A)
    events = run(st, *A_EARLY, "TD", "AD", "AC", "9C", "KC", "TC", "JC", "QC", "KD", "9D",
                 "JD", "QD")
    row = scored(events)
    assert row["card_points"] == [41, 79] and sum(row["card_points"]) == 120
    assert row["last_trick"] == [0, 10] and row["points"] == [41, 89]
    assert row["reason"] == "played_out" and row["game_points"] == [0, 1]


TIE_DECK = stack(
    ["AC", "TC", "KC", "AD", "KD", "TH"],
    ["JC", "QC", "JH", "JD", "QD", "QH"],
    "9S",
    ["AH", "AS", "KH", "TS", "TD", "KS", "9H", "QS", "9D", "JS", "9C"],
)
TIE_PLAY = ["AC", "JC", "TC", "QC", "KC", "JH", "AD", "JD", "KD", "QD", "TH", "QH",
            "AH", "9S", "AS", "KH", "TS", "TD", "KS", "9H", "QS", "9D", "JS", "9C"]


def test_both_65_nobody_scores():
    st = new(TIE_DECK)
    row = scored(run(st, *TIE_PLAY))
    assert row["points"] == [65, 65] and sum(row["card_points"]) == 120
    assert row["reason"] == "tie" and row["game_points"] == [0, 0] and row["winner"] is None
    assert st.match_scores == [0, 0] and st.deal_no == 2


def test_both_over_66_nobody_scores():
    st = new(stack(
        ["AC", "TC", "KD", "QD", "AD", "TD"],
        ["JC", "QC", "JD", "9D", "9H", "JH"],
        "9S",
        ["AH", "AS", "TH", "TS", "KH", "KS", "QH", "QS", "KC", "JS", "9C"],
    ))
    row = scored(run(st, "AC", "JC", "TC", "QC", "M:D", "KD", "JD", "QD", "9D", "AD", "9H",
                     "TD", "JH", "AH", "9S", "AS", "TH", "TS", "KH", "KS", "QH", "QS", "KC",
                     "JS", "9C"))
    assert row["points"] == [72, 78] and row["marriages"] == [0, 20]
    assert row["reason"] == "both_66" and row["game_points"] == [0, 0]


# --------------------------------------------------------------------------- claims


def test_claim_worth_3_when_opponent_has_no_trick():
    st = new(DECK_C)
    run(st, "AS", "TS", "M:C", "KC", "TH")
    row = scored(run(st, "!"))
    assert row["points"] == [0, 75] and row["marriages"] == [0, 40]
    assert row["reason"] == "claim" and row["game_points"] == [0, 3]


def test_claim_worth_2_when_opponent_under_33():
    st = new(DECK_C)
    run(st, "9D", "TD", "JS", "AS", "M:C", "KC", "TH")
    events = run(st, "!")
    claim = events[0].data
    assert claim == {"seat": ELDER, "points": 67, "opponent_points": 10, "correct": True}
    assert scored(events)["game_points"] == [0, 2]


def test_claim_worth_1_and_claim_while_following():
    st = new(DECK_A)
    run(st, *A_EARLY, "TD", "AD", "AC", "9C", "KC", "TC", "JC", "QC", "KD")
    assert st.current_player == ELDER and st.trick == ["KD"]
    row = scored(run(st, "!"))
    assert row["points"] == [37, 74] and row["game_points"] == [0, 1]


def test_claim_right_after_marriage_counts_it():
    st = new(DECK_C)
    run(st, "AS", "TS", "AH", "TH")  # elder 42
    run(st, "M:C")
    assert Action("claim") in st.legal_actions()
    row = scored(run(st, "!"))
    assert row["points"] == [0, 82] and row["reason"] == "claim"


def test_wrong_claim_opponent_gets_2_or_3():
    st = new(DECK_C)
    run(st, "AS", "TS", "AH")
    row = scored(run(st, "!"))  # the dealer claims with nothing; elder has a trick
    assert row["reason"] == "wrong_claim" and row["game_points"] == [0, 2]
    st = new(DECK_C)
    row = scored(run(st, "!"))  # elder claims at once; dealer has no trick
    assert row["reason"] == "wrong_claim" and row["game_points"] == [3, 0]


# --------------------------------------------------------------------------- match


def test_next_deal_alternates_dealer_and_records_score_sheet():
    st = new(DECK_C)
    events = run(st, "AS", "TS", "M:C", "KC", "TH", "!")
    assert kinds(events)[-4:] == ["deal_scored", "dealt", "received", "received"]
    assert st.match_scores == [0, 3] and st.deal_no == 2 and st.dealer == 1
    assert st.current_player == 0  # the new non-dealer leads
    assert len(st.stock) == 12 and len(st.hand(0)) == len(st.hand(1)) == 6
    assert st.won == [[], []] and st.marriages == [] and not st.closed
    row = st.score_sheet[0]
    assert row["deal"] == 1 and row["game_points"] == [0, 3] and row["winner"] == ELDER
    assert same_cards(st.all_cards(), DECK)


def test_match_ends_at_target():
    st = new(DECK_C, target=3)
    events = run(st, "AS", "TS", "M:C", "KC", "TH", "!")
    assert kinds(events)[-1] == "match_over" and events[-1].data["winners"] == [ELDER]
    assert st.is_over and st.winners == [ELDER] and st.current_player is None
    assert st.legal_actions() == []
    with pytest.raises(IllegalAction) as err:
        st.apply(Action("claim"))
    assert err.value.code == "match_over"


def test_random_match_reaches_target_with_alternating_dealers():
    st = registry.get("sixtysix").new_match(seed=3, options={"target": 5})
    rng = random.Random(3)
    dealers = [st.dealer]
    while not st.is_over:
        n = st.deal_no
        st.apply(rng.choice(st.legal_actions()))
        if st.deal_no != n:
            dealers.append(st.dealer)
    assert all(a != b for a, b in zip(dealers[:-1], dealers[1:], strict=True))
    assert max(st.match_scores) >= 5 and st.winners == [st.match_scores.index(max(st.match_scores))]
    assert sum(sum(r["game_points"]) for r in st.score_sheet) == sum(st.match_scores)


# --------------------------------------------------------------------------- information


def test_view_hides_opponent_hand_but_shows_marriage_partner():
    st = new(DECK_C)
    view = st.view(DEALER)
    assert set(view["hand"]) == set(st.hand(DEALER))
    assert view["opponent_hand_size"] == 6 and view["opponent_known"] == []
    assert not codes_in(view) & set(st.hand(ELDER))
    assert not codes_in(view) & set(st.stock[:-1])
    run(st, "M:C", "KC")
    view = st.view(DEALER)
    assert view["opponent_known"] == ["QC"]
    assert codes_in(view) & set(st.hand(ELDER)) == {"QC"}
    assert view["trick"] == [[ELDER, "KC"]] and view["current_player"] == DEALER
    assert view["trump"] == "C" and view["trump_card"] == "JC" and view["stock_size"] == 12


def test_view_shows_public_running_totals():
    st = new(DECK_C)
    run(st, "AS", "TS")
    view = st.view(DEALER)
    assert view["won"] == [[], ["AS", "TS"]] and view["card_points"] == [0, 21]
    assert view["tricks_won"] == [0, 1] and view["points"] == [0, 21]
    assert view["last_trick"]["cards"] == ["AS", "TS"] and view["last_trick"]["winner"] == ELDER


@pytest.mark.parametrize("seat", [0, 1])
def test_determinize_keeps_view_and_hides_nothing_extra(seat):
    st = new(DECK_C)
    run(st, "M:C", "KC", "9H")
    rng = random.Random(7)
    seen_hands = set()
    for _ in range(30):
        d = st.determinize(seat, rng)
        assert d.view(seat) == st.view(seat)
        assert same_cards(d.all_cards(), DECK)
        assert d.stock[-1] == st.stock[-1]
        assert d.hand(seat) == st.hand(seat)
        seen_hands.add(tuple(sorted(d.hand(1 - seat))))
        if seat == DEALER:
            assert "QC" in d.hand(ELDER)  # the known marriage partner stays put
    assert len(seen_hands) > 1


def test_determinize_respects_voids_after_closing():
    st = new(DECK_Y)
    run(st, "C", "AC", "AH")  # dealer shows out of clubs
    assert st.view(ELDER)["voids"][DEALER] == ["C"]
    rng = random.Random(1)
    for _ in range(30):
        d = st.determinize(ELDER, rng)
        assert not any(c[1] == "C" for c in d.hand(DEALER))
        assert d.view(ELDER) == st.view(ELDER)


# --------------------------------------------------------------------------- robustness


def test_bad_actions_change_nothing():
    st = new(DECK_C)
    refuse(st, "KD", "not_in_hand")
    refuse(st, Action("draw", source="stock"), "bad_action")
    with pytest.raises(IllegalAction) as err:
        st.apply("play AS")
    assert err.value.code == "bad_action"


def test_save_round_trip_and_damaged_save():
    st = new(DECK_C)
    run(st, "M:C", "KC", "9H")
    data = json.loads(json.dumps(st.to_json()))
    st2 = registry.from_json(data)
    assert st2.to_json() == st.to_json()
    a = random.Random(2).choice(st.legal_actions())
    assert [e.to_json() for e in st.apply(a)] == [e.to_json() for e in st2.apply(a)]
    bad = json.loads(json.dumps(st.to_json()))
    bad["fields"]["hands"][0].append(bad["fields"]["stock"].pop(0))
    with pytest.raises(ConfigError):
        registry.from_json(bad)


ALL_ACTIONS = (
    [Action("play", card=c) for c in DECK]
    + [Action("marriage", suit=s) for s in "SHDC"]
    + [Action("exchange"), Action("close"), Action("claim")]
)


@pytest.mark.parametrize("seed", range(12))
def test_random_play_invariants(seed):
    """Random matches: legal_actions and apply agree, refusals change nothing, cards are
    conserved, saves round-trip, views only hold cards the seat has seen, and
    determinize keeps every view."""
    rng = random.Random(seed)
    spec = registry.get("sixtysix")
    st = spec.new_match(seed=seed, options={"target": 3, "strict_later_play": seed % 2 == 1})
    seen = {0: set(), 1: set()}

    def watch(events):
        for e in events:
            if e.kind == "dealt":
                seen[0].clear()
                seen[1].clear()
            for s in (0, 1):
                seen[s] |= codes_in(e.for_seat(s))

    watch(st.start_events())
    steps = 0
    while not st.is_over and steps < 3000:
        steps += 1
        legal = st.legal_actions()
        seat = st.current_player
        if steps % 7 == 0:
            before = st.to_json()
            for a in ALL_ACTIONS:
                if a not in legal:
                    with pytest.raises(IllegalAction):
                        st.apply(a)
            assert st.to_json() == before
        if st.stock and not st.closed:
            assert len(st.stock) % 2 == 0
            assert len(st.hand(st.leader)) + len(st.trick) == 6
        for s in (0, 1):
            view = st.view(s)
            assert codes_in(view) <= seen[s], codes_in(view) - seen[s]
            assert st.determinize(s, rng).view(s) == view
        non_claims = [a for a in legal if a.kind != "claim"]
        a = rng.choice(non_claims if non_claims and rng.random() < 0.95 else legal)
        events = st.apply(a)
        watch(events)
        for e in events:
            if e.kind == "deal_scored" and e.data["reason"] in ("played_out", "tie", "both_66"):
                assert sum(e.data["card_points"]) == 120
                assert sum(e.data["last_trick"]) == 10
        assert same_cards(st.all_cards(), DECK)
        if steps % 25 == 0:
            assert registry.from_json(json.dumps(st.to_json())).to_json() == st.to_json()
        assert seat in (0, 1)
    assert st.is_over
