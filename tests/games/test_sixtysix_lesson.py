"""Sixty-Six's lesson (cardtable.games.sixtysix_lesson.py): every rule the issue names
comes up in its deal, where the lesson says it does."""

from __future__ import annotations

from cardtable.engine.core import Action, IllegalAction
from cardtable.games.sixtysix_lesson import LESSON
from tests.games import walk


def played():
    return walk.played("sixtysix", LESSON)


def test_the_deal_teaches_every_rule_of_the_issue():
    steps, end = played()
    kinds = [s.expect[0].kind for _, s in steps if s.expect]
    assert {"play", "exchange", "marriage", "close", "claim"} <= set(kinds)
    # the wrong claim is shown and refused by the lesson, before the right one
    example = [s for _, s in steps if s.example]
    assert [s.expect[0].kind for s in example] == ["claim"]
    before, _ = next((st, s) for st, s in steps if s.example)
    assert before.points(0) < 66
    # a trump taken while the stock is open, without following suit
    trumped = next((st, s) for st, s in steps if s.expect and s.expect[0].card == "JH")
    state, _ = trumped
    assert state.stock and state.trick == ["TS"] and "JS" in state.hands[0]
    # after closing, following suit is the rule: a heart on the king of diamonds is refused
    follow = next(st for st, s in steps if s.expect and s.expect[0].card == "AD")
    assert follow.closed
    try:
        follow.clone().apply(Action("play", card="AH"))
    except IllegalAction as exc:
        assert exc.code == "must_follow_suit"
    else:
        raise AssertionError("a heart was taken on the king of diamonds")
    # the claim is right, with 74 against 26: two game points
    row = end.score_sheet[0]
    assert row["reason"] == "claim" and row["points"] == [74, 26]
    assert row["game_points"] == [2, 0]
