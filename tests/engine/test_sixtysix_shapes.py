"""Sixty-Six's declared shapes (:mod:`cardtable.engine.sixtysix_shapes`) fit what it shows
each seat in its rarer moments (a marriage announced before the first trick and scored
with it, the nine of trumps exchanged, the stock closed, a claim, the stricter follow
rule's refusal), and refuse what it never shows."""

from __future__ import annotations

import json

import pytest

from cardtable.engine.core import Action, ConfigError, IllegalAction
from cardtable.engine.sixtysix import SixtySixState
from tests.engine.test_sixtysix import DEALER, ELDER, new, stack


def seen_by_both(state, events) -> set[str]:
    for seat in (DEALER, ELDER):
        state.check_view(json.loads(json.dumps(state.view(seat))), seat)
        for event in events:
            state.check_event(json.loads(json.dumps(event.for_seat(seat))))
    return {e.kind for e in events}


def test_a_marriage_scored_an_exchange_a_close_and_a_claim_fit():
    state = new(stack(["KH", "QH", "9D", "AH", "TC", "JC"],
                      ["9S", "JS", "QS", "KS", "9C", "QC"], "AD"))
    kinds = seen_by_both(state, state.start_events())
    for action in (Action("marriage", suit="H"), Action("play", card="KH"),
                   Action("play", card="9S"), Action("exchange"), Action("close"),
                   Action("claim")):
        kinds |= seen_by_both(state, state.apply(action))
    assert kinds >= {"marriage", "marriage_scored", "exchanged", "closed", "claimed",
                     "deal_scored", "trick_won", "drew", "played"}
    assert set(SixtySixState.EVENTS) - kinds <= {"match_over"}


def test_the_stricter_rule_refusal_names_a_suit_and_fits():
    state = new(stack(["AS", "TS", "KS", "QS", "JS", "AC"],
                      ["AH", "TH", "KH", "QH", "JH", "9S"], "AD",
                      stock=["9H", "TC", "KC", "QC", "JC", "9C", "TD", "KD", "QD", "JD", "9D"]),
                strict_later_play=True)
    state.apply(Action("close"))
    state.apply(Action("play", card="AS"))
    with pytest.raises(IllegalAction) as no:
        state.normalise(Action("play", card="AH"))
    assert no.value.code == "must_follow_suit"
    state.check_refusal(no.value.code, json.loads(json.dumps(no.value.params)))


@pytest.mark.parametrize("field,value", [
    ("trick", [[0, "AS"], [1, "TS"]]), ("trick", [[5, "AS"]]), ("hand", ["AS"] * 7),
    ("opponent_hand_size", 7), ("stock_size", 13), ("marriages", [{"seat": 0}]),
    ("last_trick", {"cards": ["AS", "TS"], "winner": 0, "points": 21}),
    ("score_sheet", [{"deal": 1}]), ("trump_card", "2S"), ("points", [0, 251]),
])
def test_what_sixty_six_never_shows_is_refused(field, value):
    state = new(stack(["KH", "QH", "9D", "AH", "TC", "JC"],
                      ["9S", "JS", "QS", "KS", "9C", "QC"], "AD"))
    view = json.loads(json.dumps(state.view(ELDER)))
    state.check_view(view, ELDER)
    with pytest.raises(ConfigError):
        state.check_view(dict(view, **{field: value}), ELDER)
