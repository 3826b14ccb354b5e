"""The computer's view says what its table of moves shows: a decision worth a little less
than the computer's choice, but not enough to be a mistake (the game's ``mistake_loss``),
is "close to the computer's choice", not "a good move", and a deal without mistakes is
"within <threshold> of the computer's", not "as good as" it, unless every decision was.
The review's end says the deal's result in one line (Québec said "The deal is over" and
"Round 1 is over" under it). All five games, English and French."""

from __future__ import annotations

import pytest

from cardtable import i18n, records
from cardtable.ai.analysis import Analysis, Judgement, Option, analyse
from cardtable.ai.levels import knowledge_for
from cardtable.engine import registry
from cardtable.ui.scenes import review_analysis
from cardtable.ui.scenes.review_words import value_text
from tests.test_records import played
from tests.ui.test_review import FakeJob, drawn_words, open_review

GAMES = ("sixtysix", "japanese65", "rummy65", "pairs65", "quebec65")


@pytest.fixture
def fake_job(monkeypatch):
    FakeJob.made = []
    monkeypatch.setattr(review_analysis, "AnalysisJob", FakeJob)
    return FakeJob


def unit_of(game: str) -> str:
    return knowledge_for(game).unit or registry.get(game).score_unit


def close_and_good(record: dict) -> tuple[Analysis, Judgement, Judgement]:
    """The person's first two decisions with a choice: the first a little worse than the
    computer's (less than the game's threshold of a mistake), the second its choice."""
    know = knowledge_for(record["game"])
    states = records.replay(record)
    judged = []
    for i, (seat, action) in enumerate(records.actions(record)):
        legal = states[i].legal_actions()
        if seat not in record["humans"] or len(legal) < 2:
            continue
        other = next(a for a in legal if a != action)
        if not judged:      # played a little worse than the computer's choice
            loss = round(know.mistake_loss * 0.4, 4)
            options = (Option(other, 1.0), Option(action, 1.0 - loss))
            judged.append(Judgement(i, seat, action, other, options, loss, False, None))
        else:               # the computer's own choice
            options = (Option(action, 1.0), Option(other, 1.0 - know.mistake_loss))
            judged.append(Judgement(i, seat, action, action, options, 0.0, False, None))
            break
    assert len(judged) == 2, record["game"]
    return (Analysis(tuple(judged), unit_of(record["game"]), know.mistake_loss),
            judged[0], judged[1])


@pytest.fixture(scope="module")
def deals():
    return {game: played(game, 7, 1) for game in GAMES}


def test_an_analysis_keeps_the_game_s_threshold_of_a_mistake(deals):
    for game in GAMES:
        analysis = analyse(deals[game][0], seats=[])
        assert analysis.threshold == knowledge_for(game).mistake_loss > 0
        assert analysis.unit == unit_of(game)


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game", GAMES)
def test_a_decision_close_to_the_computer_s_is_not_called_a_good_move(app, deals, fake_job,
                                                                     game, language):
    analysis, close, good = close_and_good(deals[game][0])
    scene = open_review(app, deals[game], 0)
    scene.analyse()
    fake_job.made[-1].finish(analysis)
    scene.poll_job()
    unit = analysis.unit
    threshold = value_text(analysis.threshold, unit)
    try:
        i18n.set_language(language)
        summary = i18n.tr(scene.summary_line())
        as_good = i18n.tr("No mistakes: every decision was as good as the computer's.")
        assert summary != as_good and summary.startswith(as_good.split(":")[0])
        assert i18n.tr(value_text(analysis.threshold, unit)) in summary, summary
        scene.go(close.move)
        said = drawn_words(app, scene)
        assert i18n.tr("A good move") not in said
        loss = value_text(close.loss, unit)
        prefix = i18n.tr("Close to the computer's choice ({loss} points less)").split(" (")[0]
        verdict = [s for s in said if s.startswith(prefix)]
        assert len(verdict) == 1 and loss in verdict[0], said
        assert threshold != loss
        scene.go(good.move)
        said = drawn_words(app, scene)
        assert i18n.tr("A good move") in said
        assert not any(s.startswith(prefix) for s in said)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_deal_where_every_decision_was_the_computer_s_is_as_good_as_it(app, deals, fake_job,
                                                                         language):
    analysis, _, good = close_and_good(deals["sixtysix"][0])
    scene = open_review(app, deals["sixtysix"], 0)
    scene.analyse()
    fake_job.made[-1].finish(Analysis((good,), analysis.unit, analysis.threshold))
    scene.poll_job()
    try:
        i18n.set_language(language)
        assert i18n.tr(scene.summary_line()) == i18n.tr(
            "No mistakes: every decision was as good as the computer's.")
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game", GAMES)
def test_the_end_says_the_deal_s_result_in_one_line(app, deals, game, language):
    scene = open_review(app, deals[game], 0)
    scene.go(scene.last)
    result = scene.result_line()
    try:
        i18n.set_language(language)
        said = drawn_words(app, scene)
        over = i18n.tr("The deal is over")
        if result is not None:
            assert i18n.tr(result) in said and over not in said, said
        else:
            assert over in said
    finally:
        i18n.set_language("en")
    if game == "quebec65":
        assert result is not None
