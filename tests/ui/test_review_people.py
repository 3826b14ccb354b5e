"""The review of a deal several people played at this computer (pass-and-play): nobody is
"You" (the seat panel said "Player 1" while the score panel and the move line said "You"),
and the computer's view judges the decisions of the person chosen (the one who opened the
review first), each person in turn, or everybody's (it judged seat 1's alone)."""

from __future__ import annotations

import pytest

from cardtable import i18n
from cardtable.ui.scenes import review_analysis
from cardtable.ui.scenes.review import ReviewScene
from tests.test_records import played
from tests.ui.conftest import click, frames
from tests.ui.test_review import FakeJob, drawn_words, open_review


def pass_and_play(game: str, seed: int, deals: int = 1) -> list[dict]:
    """Deal records of a match of two people at one computer (and computers for the
    rest), each person taking the first legal move."""
    return played(game, seed, deals, players=4 if game == "japanese65" else 2, people=2,
                  names="Player {n}")


class NoMistake:
    """An analysis that judged nothing (the panel reads these members)."""

    judgements: tuple = ()
    unit = "game_points"
    threshold = 0.5

    def mistakes(self) -> int:
        return 0

    def lost(self) -> float:
        return 0.0


@pytest.fixture
def fake_job(monkeypatch):
    FakeJob.made = []
    monkeypatch.setattr(review_analysis, "AnalysisJob", FakeJob)
    return FakeJob


def you_words(language: str) -> set[str]:
    i18n.set_language(language)
    try:
        return {i18n.tr(i18n.Msg("You")), i18n.tr("Your seat"), i18n.tr("Your turn")}
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game", ["sixtysix", "quebec65", "japanese65"])
def test_with_several_people_nobody_is_you(app, game, language):
    deals = pass_and_play(game, 5)
    assert deals[0]["humans"] == [0, 1]
    you = you_words(language)
    scene = open_review(app, deals, 0)
    board = scene.board
    try:
        i18n.set_language(language)
        for step in range(scene.last + 1):
            scene.go(step)
            labels = [i18n.tr(label) for label, _, _ in board.game.score_lines()]
            assert not you & set(labels), (step, labels)
            plates = [i18n.tr(board.plate_player(s)) for s in range(len(deals[0]["names"]))]
            assert not you & set(plates), plates
            if step < scene.last:
                words = i18n.tr(scene.move_words(step))
                assert not any(words.startswith(w) for w in you), words
        said = drawn_words(app, scene)
        assert not any(w.startswith(y) for w in said for y in you), said
    finally:
        i18n.set_language("en")


def test_one_person_is_still_spoken_to_and_has_no_choice(app, fake_job):
    deals = played("sixtysix", 41, 1)
    scene = open_review(app, deals, 0)
    labels = [i18n.tr(label) for label, _, _ in scene.board.game.score_lines()]
    # the score panel names the person as their plate does (their name, "P0"), and the
    # plate speaks to them
    assert "P0" in labels and i18n.tr(scene.board.plate_player(0)) == "Your seat"
    assert scene.widget("Whose decisions") is None
    scene.analyse()
    assert list(fake_job.made[-1].seats) == [0]


def test_the_analysis_judges_each_person_in_turn_then_everybody(app, fake_job):
    deals = pass_and_play("sixtysix", 5)
    scene = open_review(app, deals, 0)
    choice = scene.widget("Whose decisions")
    assert choice is not None and i18n.tr(choice.text) == "Whose decisions: Player 1"
    click(app, scene.widget("Analyse"))
    first = fake_job.made[-1]
    assert list(first.seats) == [0]
    first.finish(NoMistake())
    frames(app, 2)
    kept = scene.cursor.analysis
    assert isinstance(kept, NoMistake)
    click(app, scene.widget("Whose decisions"))
    assert i18n.tr(scene.widget("Whose decisions").text) == "Whose decisions: Player 2"
    assert scene.cursor.analysis is None      # Player 2's decisions are not judged yet
    said = drawn_words(app, scene)
    assert any("Player 2" in s for s in said), said
    click(app, scene.widget("Analyse"))
    assert list(fake_job.made[-1].seats) == [1]
    click(app, scene.widget("Whose decisions"))    # (cancels Player 2's)
    assert fake_job.made[-1].cancelled
    assert i18n.tr(scene.widget("Whose decisions").text) == "Whose decisions: everybody's"
    click(app, scene.widget("Analyse"))
    assert list(fake_job.made[-1].seats) == [0, 1]
    fake_job.made[-1].cancel()
    frames(app)
    click(app, scene.widget("Whose decisions"))
    # back to Player 1: the analysis made for them is shown again
    assert i18n.tr(scene.widget("Whose decisions").text) == "Whose decisions: Player 1"
    assert scene.cursor.analysis is kept


def test_the_review_opens_on_the_seat_of_whoever_opened_it(app, fake_job):
    deals = pass_and_play("sixtysix", 5)
    scene = app.push(ReviewScene(deals, 0, seat=1))
    frames(app, 2)
    assert scene.cursor.viewer == 1 and scene.board.viewer == 1
    assert i18n.tr(scene.widget("Whose decisions").text) == "Whose decisions: Player 2"
    scene.analyse()
    assert list(fake_job.made[-1].seats) == [1]
    # a seat that is no person's in the deal: the first person's
    other = app.push(ReviewScene(deals, 0, seat=5))
    frames(app, 2)
    assert other.cursor.viewer == 0


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_words_name_whose_decisions_are_judged(app, fake_job, language):
    deals = pass_and_play("sixtysix", 5)
    scene = open_review(app, deals, 0)
    try:
        i18n.set_language(language)
        said = " ".join(drawn_words(app, scene))
        assert i18n.tr(i18n.Msg(
            "What the hard computer player would have played at each decision of {name}, "
            "seeing only what {name} could see.", name=scene.names()[0])) in said
        scene.whose = None
        scene.cursor.judge(NoMistake())
        scene.go(0)
        assert i18n.tr(scene.no_judgement_note()) == i18n.tr(
            "No person's decision at this move.")
        scene.whose = 1
        assert i18n.tr(scene.no_judgement_note()) == i18n.tr(
            i18n.Msg("No decision of {name} at this move.", name=scene.names()[1]))
    finally:
        i18n.set_language("en")


class Table:
    """What a summary or match end reads of a pass-and-play table to open its review."""

    def __init__(self, secret_for=None, last_person=None) -> None:
        self.secret_for, self.last_person = secret_for, last_person


def test_the_summary_and_the_match_end_open_the_review_at_the_person_at_the_screen(app):
    from cardtable.ui.scenes.matchend import MatchEndScene
    from cardtable.ui.scenes.modal import person_at
    from cardtable.ui.scenes.summary import SummaryScene

    assert person_at(Table(secret_for=1, last_person=0)) == 1
    assert person_at(Table(last_person=1)) == 1
    assert person_at(Table()) is None and person_at(object()) is None
    deals = pass_and_play("sixtysix", 5)
    opened = []
    app.open = lambda name, *args: opened.append((name, args))
    summary = SummaryScene({"deal": 1}, deals=deals, record=deals[0])
    summary.app, summary.reviewer = app, 1
    summary.review()
    end = MatchEndScene([], ["Player 1", "Player 2"], [1], "sixtysix", deals=deals)
    end.app, end.reviewer = app, 1
    end.review()
    assert [(name, args[-1]) for name, args in opened] == [("review", 1), ("review", 1)]
