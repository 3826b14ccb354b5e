"""Sixty-Six inference: the tricks put back in order from the view, the cues an opponent's
leads give, and the weights they put on sampled deals (honest: the view only)."""

from __future__ import annotations

import random

from cardtable import ai
from cardtable.ai import sixtysix as ai66
from cardtable.ai import sixtysix_infer as inf
from cardtable.ai.base import Window
from cardtable.engine import registry
from cardtable.engine.sixtysix import EXCHANGE, MARRIAGE, PLAY

SPEC = registry.get("sixtysix")


def played_deals(count: int, seed: int = 0, noise: float = 0.2):
    """Deals of medium play (with some random moves), yielding (state, tricks so far as
    played, stock size at each trick's lead, whether it was closed) at every decision."""
    for k in range(count):
        state = SPEC.new_match(seed=seed + k, options={"target": 1})
        rng = random.Random(seed + k)
        med = ai.make_bot("sixtysix", "medium", k)
        tricks = []
        while not state.is_over and not state.score_sheet:
            yield state, list(tricks)
            seat = state.current_player
            legal = state.legal_actions()
            plays = [a for a in legal if a.kind not in ("claim", "close")]
            action = (rng.choice(plays) if rng.random() < noise
                      else med.choose(state, seat))
            leader, lead = state.leader, list(state.trick)
            state.apply(action)
            if lead and action.kind == "play":
                tricks.append((leader, lead[0], action.card, state.leader))


def test_tricks_are_put_back_in_the_order_they_were_played():
    checked = 0
    for state, tricks in played_deals(40):
        seat = state.current_player
        order = inf.tricks_in_order(state.view(seat))
        assert order is not None
        # where two orders fit the won piles any is given: each must be the real one's
        # tricks, with the same leaders and winners in turn
        assert sorted(order) == sorted(tricks)
        leader = 1 - state.dealer
        for trick in order:
            assert trick[0] == leader
            leader = trick[3]
        assert leader == state.leader
        checked += 1
    assert checked > 200


def test_an_unannounced_king_or_queen_and_a_nine_kept_are_cues():
    """Every cue names a card the opponent did not hold at a lead of its own; the cards
    it drew since bound how likely it is to hold it now."""
    seen = {"half": 0, "nine": 0, "drawn": 0}
    for state, _tricks in played_deals(60, seed=100):
        seat = state.current_player
        opp = 1 - seat
        view = state.view(seat)
        found = inf.cues(view, seat)
        nine = "9" + state.trump
        for card, since in found.items():
            seen["nine" if card == nine else "half"] += 1
            if card in state.hands[opp] and since:
                seen["drawn"] += 1
        assert all(0 <= d <= 6 for d in found.values())
    assert seen["half"] > 20 and seen["nine"] > 20 and seen["drawn"] > 0, seen


def test_a_stacked_deal_reads_a_king_led_without_its_queen():
    """Seat 0 leads the king of hearts without announcing: its queen is not in its hand
    in the worlds seat 1 keeps, though nothing else keeps it out."""
    # seat 1 deals, so seat 0 leads: its hand is the deck's cards 0-2 and 6-8
    deck = ["KH", "9C", "JC", "AS", "TS", "KS",
            "AD", "TD", "9D", "AH", "TH", "JH",
            "QC", "QH", "QD", "KD", "JD", "KC", "AC", "TC", "9S", "JS", "QS", "9H"]
    state = SPEC.new_match(seed=1, first_dealer=1, stacked_deck=deck,
                           options={"target": 1})
    assert state.current_player == 0
    state.apply(PLAY["KH"])
    view = state.view(1)
    found = inf.cues(view, 1)
    assert found == {"QH": 0}
    reader = inf.Reader(view, 1)
    know = ai66.SixtySixKnowledge()
    win = Window(state, 1)
    for k in range(30):
        world = know.sample(win, random.Random(k), reader)
        assert "QH" not in world.hands[0]


def test_the_weights_follow_the_cards_drawn_since():
    class World:
        hands = [["QH", "AS"], ["9C"]]

    assert inf.cue_weight(World, 1, {"QH": 0}) == inf.FLOOR
    assert inf.cue_weight(World, 1, {"QH": 3}) == 0.5
    assert inf.cue_weight(World, 1, {"QH": 9}) == 1.0
    assert inf.cue_weight(World, 1, {"KD": 0}) == 1.0   # not in its hand: no weight taken
    assert inf.cue_weight(World, 0, {"QH": 0}) == 1.0   # seat 0's own cards tell nothing


def test_a_marriage_announced_is_no_cue_and_the_nine_needs_a_trick():
    deck = ["KH", "QH", "JC", "AS", "TS", "KS",
            "AD", "TD", "9D", "AH", "TH", "JH",
            "QC", "9S", "QD", "KD", "JD", "KC", "AC", "TC", "9H", "JS", "QS", "9C"]
    state = SPEC.new_match(seed=1, first_dealer=1, stacked_deck=deck,
                           options={"target": 1})
    state.apply(MARRIAGE["H"])
    state.apply(PLAY["KH"])
    assert inf.cues(state.view(1), 1) == {}   # announced, and no trick won: no nine
    assert EXCHANGE not in state.legal_actions()


def test_the_lead_likelihood_prefers_the_worlds_where_the_rules_lead_that_card():
    """Medium's own lead is the likeliest card of the hand it led from; over sampled worlds
    those where the rules would have led it weigh more than those where they would not."""
    more = less = 0.0
    n_more = n_less = 0
    checked = 0
    for state, _ in played_deals(30, seed=300, noise=0.0):
        seat = state.current_player
        view = state.view(seat)
        if not (state.trick and state.stock and not state.closed):
            continue
        win = Window(state, seat)
        reader = inf.Reader(view, seat)
        lead = state.trick[0]
        if lead[0] in "KQ" and any(m["suit"] == lead[1] for m in view["marriages"]):
            assert not reader.reads_lead    # a marriage's half: no choice to read
            continue
        assert reader.reads_lead
        know = ai66.SixtySixKnowledge()
        weights = [reader.weight(know.sample(win, random.Random(k))) for k in range(8)]
        assert all(0 < w <= 1 for w in weights)
        t = inf.opponent_table(state, view, seat, lead)
        costs = inf.lead_costs(t, t.hand)
        assert costs[lead] == min(costs.values())
        for k in range(8):
            world = know.sample(win, random.Random(k))
            t = inf.opponent_table(world, view, seat, lead)
            costs = inf.lead_costs(t, t.hand)
            w = inf.lead_likelihood(world, view, seat)
            if costs[lead] == min(costs.values()):
                more, n_more = more + w, n_more + 1
            else:
                less, n_less = less + w, n_less + 1
        checked += 1
    assert checked > 30
    assert more / n_more > 1.5 * less / n_less


def test_inference_reads_the_view_only():
    """Two states alike but for the hidden cards: the same cues, the same worlds kept."""
    know = ai66.SixtySixKnowledge()
    checked = 0
    for i, (state, _) in enumerate(played_deals(20, seed=500)):
        if i % 3:
            continue
        seat = state.current_player
        other = state.determinize(seat, random.Random(i))
        view = state.view(seat)
        assert other.view(seat) == view
        ra, rb = inf.Reader(view, seat), inf.Reader(other.view(seat), seat)
        assert ra.found == rb.found
        wa = know.sample(Window(state, seat), random.Random(i), ra)
        wb = know.sample(Window(other, seat), random.Random(i), rb)
        assert wa.hands == wb.hands and wa.stock == wb.stock
        checked += 1
    assert checked > 30


def test_hard_and_expert_reading_the_play_stay_honest():
    """States with a history to read (medium's deals): hard and expert decide the same
    whatever the hidden cards, and the reader had something to say in many of them."""
    read = 0
    for i, (state, _) in enumerate(played_deals(12, seed=900)):
        if i % 4:
            continue
        seat = state.current_player
        other = state.determinize(seat, random.Random(i))
        assert other.view(seat) == state.view(seat)
        read += inf.Reader(state.view(seat), seat).informative
        for level in ("hard", "expert"):
            a1 = ai.make_bot("sixtysix", level, 5, iterations=3).choose(state, seat)
            a2 = ai.make_bot("sixtysix", level, 5, iterations=3).choose(other, seat)
            assert a1 == a2, (level, state)
    assert read > 10
