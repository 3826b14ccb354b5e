"""The Game of 65 (rummy)'s lesson (cardtable/games/rummy65_lesson.py): each rule it names
comes up in its hand where the lesson says: a set taken from the discard pile, the hand's
wild rank drawn from the stock and used in a run, no lay-down before going out, going out
with a discard, the last turns, the pot, and what the cards left over cost (the coach's
closing words give the engine's own figures)."""

from __future__ import annotations

import pytest

from cardtable.engine import melds as meldlib
from cardtable.engine.core import Action, IllegalAction
from cardtable.games.rummy65_lesson import LESSON
from tests.games import walk


def played():
    return walk.played("rummy65", LESSON)


def before(steps, kind, **fields):
    return walk.step_of(steps, kind, **fields)[0]


def test_the_hand_is_hand_4_with_sixes_wild():
    steps, _ = played()
    start = steps[0][0]
    assert start.deal_no == 4 and start.wild_ranks() == ["6"]
    assert [len(h) for h in start.hands] == [6, 6, 6] and start.current_player == 0


def test_a_set_from_the_discard_pile_and_a_wild_six_from_the_stock():
    steps, _ = played()
    take = before(steps, "draw", source="discard")
    assert take.discard_pile[-1] == "9C"
    assert sorted(c for c in take.hands[0] if c[0] == "9") == ["9D", "9S"]
    draw = before(steps, "draw", source="stock")
    assert draw.stock[-1] == "6H"                 # the top of the stock: the wild six
    assert draw.discard_pile[-1] == "8H"          # Emil's discard, of no use
    # before anybody is out, laying down part of a hand is refused by the rules
    state = draw.clone()
    state.apply(Action("draw", source="stock"))
    with pytest.raises(IllegalAction) as info:
        state.apply(Action("lay", melds=(("9S", "9D", "9C"),)))
    assert info.value.code == "no_partial_laydown"


def test_going_out_uses_the_wild_six_in_a_run_and_discards_the_two():
    steps, _ = played()
    out = next(s for _, s in steps if s.expect and s.expect[0].kind == "go_out")
    action = out.expect[0]
    rules = meldlib.rummy65_rules(4)
    run = next(m for m in action.melds if "6H" in m)
    assert meldlib.meld_kind(list(run), rules) == "run"
    assert meldlib.wild_assignment(list(run), rules)[list(run).index("6H")] is not None
    assert meldlib.meld_kind(["9S", "9D", "9C"], rules) == "set"
    assert action.discard == "2S"
    # the king discarded earlier would have cost 10, the two 2
    assert rules.values["KH"] == 10 and rules.values["2S"] == 2


def test_the_last_turns_the_pot_and_what_is_left_over_costs():
    _, end = played()
    row = end.score_sheet[0]
    assert row["went_out"] == 0 and row["laid"][1] == [["JS", "JH", "JD"]]
    assert row["penalties"] == [0, 16, 102]
    assert "6D" in row["leftover"][2] and row["values"][2][row["leftover"][2].index("6D")] == 50
    assert row["money"]["taken"] == [10, 0, 0] and row["money"]["pot"] == 3 * 65 - 10
    # the coach's last words give these figures
    for figure in ("16", "102", "50", "0"):
        assert figure in LESSON["end"]
