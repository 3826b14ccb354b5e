"""Where a review stands (cardtable/review.py), with no screen: loading a deal, stepping one
move or a whole trick or turn, the bounds, the state and score shown, and the decision
judged at a step."""

from __future__ import annotations

import copy
import subprocess
import sys
from types import SimpleNamespace

import pytest

from cardtable import records
from cardtable.review import ReviewCursor
from tests.test_records import played


def trick_won(game: str) -> str:
    return "trick_won"


@pytest.fixture(scope="module")
def deals():
    return played("sixtysix", 41, 3)


@pytest.fixture
def cursor(deals) -> ReviewCursor:
    c = ReviewCursor(deals, 0, step_event=trick_won)
    assert c.load(0)
    return c


def won_steps(c: ReviewCursor) -> list[int]:
    """The steps after a trick is won, found from the events themselves."""
    return [i + 1 for i, evs in enumerate(c.events) if any(e.kind == "trick_won" for e in evs)]


def test_a_deal_is_shown_from_its_start_and_the_first_person_s_chair(deals, cursor):
    assert cursor.step == 0 and cursor.record is deals[0]
    assert cursor.last == len(deals[0]["moves"]) == len(cursor.moves) > 10
    assert len(cursor.states) == cursor.last + 1 and len(cursor.events) == cursor.last
    assert cursor.viewer == deals[0]["humans"][0]
    assert ReviewCursor(deals).index == len(deals) - 1         # -1: the last deal


def test_one_move_at_a_time_within_the_deal(cursor):
    cursor.forward()
    cursor.forward()
    assert cursor.step == 2
    cursor.back()
    assert cursor.step == 1
    cursor.first()
    cursor.back()
    assert cursor.step == 0                                     # no step before the start
    cursor.end()
    cursor.forward()
    assert cursor.step == cursor.last                           # none after the end
    cursor.go(-5)
    assert cursor.step == 0
    cursor.go(cursor.last + 9)
    assert cursor.step == cursor.last


def test_whole_steps_go_trick_by_trick(cursor):
    ends = won_steps(cursor)
    assert cursor.trick_ends() == ends and cursor.by_tricks and len(ends) > 2
    assert cursor.boundaries() == sorted({0, *ends, cursor.last})
    seen = []
    while cursor.step < cursor.last:
        cursor.trick_forward()
        seen.append(cursor.step)
    assert seen == sorted({*ends, cursor.last})
    cursor.trick_forward()
    assert cursor.step == cursor.last
    back = []
    while cursor.step > 0:
        cursor.trick_back()
        back.append(cursor.step)
    assert back == sorted({0, *ends} - {cursor.last}, reverse=True)


def test_a_whole_step_from_inside_a_trick_goes_to_its_end_or_its_start(cursor):
    first, second = won_steps(cursor)[:2]
    cursor.go(first + 1)
    cursor.trick_forward()
    assert cursor.step == second
    cursor.go(second - 1)
    cursor.trick_back()
    assert cursor.step == first


def test_without_a_step_event_whole_steps_are_players_turns(deals):
    c = ReviewCursor(deals, 0)
    assert c.load(0)
    assert c.trick_ends() == [] and not c.by_tricks
    bounds = c.boundaries()
    assert bounds[0] == 0 and bounds[-1] == c.last
    for a, b in zip(bounds, bounds[1:], strict=False):
        seats = {seat for seat, _ in c.moves[a:b]}
        assert len(seats) == 1                              # one player's turn between them
        if b < c.last:
            assert c.moves[b][0] != c.moves[b - 1][0]       # and another's begins


def test_a_rummy_deal_steps_by_turns_that_hold_several_moves():
    rec = played("rummy65", 7, 1)[0]
    c = ReviewCursor([rec], 0)
    assert c.load(0)
    bounds = c.boundaries()
    assert len(bounds) - 1 < c.last                          # a turn is a draw and a discard
    c.trick_forward()
    assert c.step == bounds[1] > 1


def test_the_state_and_score_shown(deals):
    c = ReviewCursor(deals, 1, step_event=trick_won)
    assert c.load(1)
    assert c.scores() == list(records.start_state(deals[1]).match_scores)
    c.end()
    end = c.shown_state()                                      # the deal as it ended:
    assert end is c.shown_state()                              # (worked out once)
    assert end.deal_no == c.states[c.last - 1].deal_no         # not the next deal's start,
    assert end.to_json() != c.states[c.last - 1].to_json()     # nor the state before the
    assert end.match_scores == c.states[-1].match_scores       # last move; scored
    assert c.scores() == list(c.states[-1].match_scores) != c.scores(0)
    assert c.turn() is None
    c.first()
    assert c.turn() == c.moves[0][0] and c.shown_state() is c.states[0]


def test_the_whole_trick_is_held_for_the_step_after_its_last_card(cursor):
    ends = set(won_steps(cursor))
    for step in range(cursor.last + 1):
        cursor.go(step)
        assert cursor.holds_trick() == (step in ends and step < cursor.last)


def test_a_damaged_deal_is_refused_and_nothing_changes(deals, cursor):
    bad = copy.deepcopy(deals[1])
    bad["moves"][0][1] = {"kind": "play", "card": "XX"}
    c = ReviewCursor([deals[0], bad], 0, step_event=trick_won)
    assert c.load(0)
    c.go(5)
    before = (c.index, c.record, c.states, c.events, c.moves, c.step, c.trick_ends())
    assert c.has_deal(1) and not c.has_deal(2) and not c.has_deal(-1)
    assert not c.load(1)
    assert (c.index, c.record, c.states, c.events, c.moves, c.step, c.trick_ends()) == before


def judgement(move: int, mistake: bool):
    return SimpleNamespace(move=move, mistake=mistake)


def test_the_decision_shown_is_the_one_about_to_be_made(cursor):
    judged = [judgement(4, False), judgement(9, True), judgement(2, True)]
    cursor.judge(SimpleNamespace(judgements=judged))
    assert cursor.mistake_steps() == [2, 9]
    cursor.go(9)
    assert cursor.judgement() is judged[1] and cursor.judgement(4) is judged[0]
    cursor.forward()
    assert cursor.judgement() is None
    cursor.judge(None)
    assert cursor.analysis is None and cursor.mistake_steps() == [] and \
        cursor.judgement(9) is None


def test_another_deal_forgets_the_analysis_and_starts_at_its_beginning(cursor):
    cursor.judge(SimpleNamespace(judgements=[judgement(1, True)]))
    cursor.go(7)
    assert cursor.load(1)
    assert cursor.index == 1 and cursor.step == 0 and cursor.analysis is None
    assert cursor.mistake_steps() == []


def test_the_cursor_needs_no_pygame_and_no_screen():
    code = ("import sys, cardtable.review\n"
            "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
            "assert not [m for m in sys.modules if m.startswith('cardtable.ui')]\n")
    subprocess.run([sys.executable, "-c", code], check=True)
