"""Learn to play, headless: every game's lesson played through the engine, the coach's
judgement of a person's moves, the lesson's computers, the way back, bad lesson data."""

from __future__ import annotations

import pytest

from cardtable import lessons
from cardtable.engine import registry
from cardtable.engine.core import Action, ConfigError
from cardtable.i18n import N_
from cardtable.lessons import Coach, LessonMatch, fits

GAMES = lessons.games_with_lessons()


def test_the_games_bring_their_lessons_through_their_registration():
    # every game of the program brings one, and each reads (a lesson that does not read is
    # logged and left out of the menu: it would also drop out of every test made from GAMES)
    assert set(GAMES) == set(registry.ids())
    for game in registry.ids():
        assert isinstance(registry.game(game).lessons(), dict)
        assert lessons.lesson_for(game) is not None, game


@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_plays_to_the_end_of_its_deal_in_the_engine(game):
    lesson = lessons.lesson_for(game)
    assert lessons.rehearse(lesson) == []
    assert 3 <= lesson.minutes <= 6
    # every step says something and every move step says why it is the lesson's
    for step in lesson.steps:
        assert step.say and step.why
        if not step.reading:
            assert step.light, step.say


@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_through_a_lesson_match_with_its_computers(game):
    lesson = lessons.lesson_for(game)
    match = LessonMatch(lesson, "Ann", threaded=False, pace=0.0)
    coach = match.coach
    deal = match.state.deal_no
    while coach.step is not None:
        step = coach.step
        if step.reading or step.example:
            coach.next(len(match.moves))
            if step.alone:
                coach.free()
            continue
        assert match.to_act == lesson.seat
        assert coach.judge(match.state, step.expect[0]).kind == "lesson"
        match.apply(step.expect[0])
        coach.moved(len(match.moves))
        while coach.pending:
            assert match.poll(now=float("inf"))
        assert len(match.moves) == coach.marks[coach.index]
    assert coach.finished
    # the rest of the deal, when the lesson leaves it to the person
    while match.state.deal_no == deal and not match.is_over:
        if match.is_human(match.to_act):
            match.apply(match.legal_actions()[0])
        else:
            match.poll(now=float("inf"))
    assert len(match.state.score_sheet) == 1


def test_a_move_that_is_not_the_lessons_gets_the_steps_words_an_illegal_one_the_engines():
    lesson = lessons.lesson_for("sixtysix")
    match = LessonMatch(lesson, "Ann", threaded=False, pace=0.0)
    coach = match.coach
    coach.next(0)                       # past the welcome
    step = coach.step
    legal_other = next(a for a in match.legal_actions() if not fits(step.expect[0], a))
    verdict = coach.judge(match.state, legal_other)
    assert verdict.kind == "other" and verdict.words
    assert coach.judge(match.state, Action("play", card="AS")).kind == "engine"  # not held
    assert coach.judge(match.state, step.expect[0]).kind == "lesson"
    # nothing was played by judging
    assert match.moves == []


def test_the_way_back_goes_to_the_start_of_the_step_before():
    lesson = lessons.lesson_for("sixtysix")
    match = LessonMatch(lesson, "Ann", threaded=False, pace=0.0)
    coach = match.coach
    coach.next(0)
    start = match.state.to_json()
    match.apply(coach.step.expect[0])
    coach.moved(len(match.moves))
    while not match.is_human(match.to_act):
        match.poll(now=float("inf"))
    assert len(match.moves) == 3
    to = coach.back()
    match.rewind(to)
    assert coach.index == 1 and match.moves == [] and match.state.to_json() == start
    assert coach.back() == 0 and coach.index == 0
    assert coach.back() is None


def test_playing_on_alone_lets_the_computers_choose():
    lesson = lessons.lesson_for("sixtysix")
    match = LessonMatch(lesson, "Ann", threaded=False, pace=0.0)
    match.coach.free()
    assert match.coach.step is None
    assert match.coach.judge(match.state, Action("play", card="9H")).kind == "lesson"
    match.apply(Action("play", card="9H"))
    assert match.poll(now=float("inf"))          # the computer's own move
    assert match.undo_seat is None and match.hints is False


def test_fits_compares_melds_and_cards_by_the_cards_they_hold():
    a = Action("go_out", melds=(("3H", "4H", "5H"), ("7C", "7D", "7S")), discard="KC")
    b = Action("go_out", melds=(("7S", "7C", "7D"), ("5H", "3H", "4H")), discard="KC")
    assert fits(a, b)
    assert not fits(a, Action("go_out", melds=a.melds, discard="QC"))
    assert fits(Action("pair", cards=("AH", "QH")), Action("pair", cards=("QH", "AH")))
    assert not fits(Action("play", card="AH"), Action("play", card="AS"))


@pytest.mark.parametrize("broken", [
    "not a dict",
    {"title": N_("x"), "steps": ()},
    {"title": N_("x"), "deck": ("AH",), "names": ("A",), "steps": ({"say": ""},)},
    {"title": N_("x"), "deck": ("AH",), "names": ("A",), "steps": ({"say": "x", "bogus": 1},)},
    {"title": N_("x"), "deck": ("AH",), "names": ("A",),
     "steps": ({"say": "x", "expect": ({"kind": "no such move"},)},)},
    {"title": N_("x"), "deck": ("AH",), "names": (), "steps": ({"say": "x"},)},
    {"title": N_("x"), "deck": ("AH",), "names": ("A",),
     "steps": ({"say": "x", "expect": ({"kind": "claim"},), "example": True},)},
])
def test_bad_lesson_data_is_refused(broken):
    with pytest.raises(ConfigError) as info:
        lessons.from_data("sixtysix", broken)
    assert info.value.code == "bad_lesson"


def test_a_lesson_that_does_not_reach_the_end_of_its_deal_is_found_out():
    data = dict(registry.game("sixtysix").lessons())
    data["steps"] = data["steps"][:3]
    assert lessons.rehearse(lessons.from_data("sixtysix", data)) == [
        "the last step does not end the deal"]
    # a computer's move that is not legal where it comes
    steps = list(data["steps"])
    steps[1] = dict(steps[1], then=({"kind": "play", "card": "AH"},))
    data["steps"] = tuple(steps)
    assert "not legal" in lessons.rehearse(lessons.from_data("sixtysix", data))[0]


def test_coach_steps_and_marks():
    lesson = lessons.lesson_for("sixtysix")
    coach = Coach(lesson)
    coach.next(0)
    coach.moved(1)
    assert coach.marks == [0, 0, 3] and coach.pending == list(lesson.steps[1].then)


def test_the_computers_wait_while_the_coach_leads_and_play_once_the_person_plays_alone():
    # 65 (Japanese): after the second trick Aiko is to lead, and the last step (to read)
    # leaves the rest of the deal to the person: nobody plays before they go on
    lesson = lessons.lesson_for("japanese65")
    match = LessonMatch(lesson, "Ann", threaded=False, pace=0.0)
    coach = match.coach
    while not coach.step.alone:
        step = coach.step
        if step.reading:
            coach.next(len(match.moves))
            continue
        match.apply(step.expect[0])
        coach.moved(len(match.moves))
        while coach.pending:
            assert match.poll(now=float("inf"))
    moves = len(match.moves)
    assert not match.is_human(match.to_act)
    for _ in range(3):
        assert match.poll(now=float("inf")) == []
    assert len(match.moves) == moves
    coach.next(moves)
    coach.free()
    assert match.poll(now=float("inf")) and len(match.moves) == moves + 1
