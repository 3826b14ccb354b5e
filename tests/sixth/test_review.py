"""Magpie's finished deals reviewed (the review scene, stepped by posted keys and drawn by
the game's own table) and analysed (``cardtable.ai.analysis``, judged by its players)."""

from __future__ import annotations

import time

import pygame
import pytest

from cardtable import records
from cardtable.ai import analysis
from cardtable.engine.core import Action
from cardtable.ui.hints import action_words, hint_text
from cardtable.ui.scenes import review_analysis
from cardtable.ui.scenes.review import ReviewScene
from tests.test_records import played
from tests.ui.conftest import DT, click, frames, press

from .game.engine import GAME_ID, KNOCK, KNOCK_MADE, PLAIN_WIN
from .game.table import MagpieTable
from .test_engine import STRONG, stacked


@pytest.fixture(scope="module")
def deals():
    return played(GAME_ID, 17, 2, players=3)


def blunder_record() -> dict:
    """Seat 0 holds a hand that takes every trick, and leads without knocking."""
    state = stacked(STRONG)
    start = state.to_json()
    moves = []
    while not state.score_sheet:
        seat = state.current_player
        action = next(a for a in state.legal_actions() if a.kind == "play")
        moves.append((seat, action))
        state.apply(action)
    return records.deal_record(GAME_ID, state.options, ["Ann", "Bob"], [0], start, moves, 1)


def open_review(app, deals, index=-1) -> ReviewScene:
    scene = app.push(ReviewScene(deals, index))
    frames(app, 2)
    app.draw()
    return scene


def test_the_records_replay_and_the_review_steps_through_them(app, deals):
    assert [r["deal"] for r in deals] == [1, 2]
    for rec in deals:
        assert records.check_record(rec) is rec
    scene = open_review(app, deals, 0)
    assert type(scene.board.game) is MagpieTable
    assert scene.step == 0 and scene.last == len(deals[0]["moves"])
    for _ in range(3):
        press(app, pygame.K_RIGHT)
    assert scene.step == 3
    press(app, pygame.K_LEFT)
    assert scene.step == 2
    # whole tricks: the game's trick_won events end them
    ends = scene.cursor.trick_ends()
    assert len(ends) == 8              # three players, eight cards each
    press(app, pygame.K_HOME)
    press(app, pygame.K_RIGHT, mod=pygame.KMOD_CTRL)
    assert scene.step == ends[0]
    press(app, pygame.K_PAGEDOWN)
    assert scene.step == ends[1]
    # the step after a trick's last card shows the whole trick, as played
    scene.go(ends[0])
    app.draw()
    trick = [s.code for s in scene.board.zones.get("trick", [])]
    assert trick == [c for _s, c in scene.board.game.last_trick()[0]] and len(trick) == 3
    press(app, pygame.K_END)
    assert scene.step == scene.last
    app.draw()
    # every hand is face up on the review's board
    for step in (1, scene.last // 2):
        scene.go(step)
        app.draw()
        state = scene.cursor.shown_state()
        for seat in range(3):
            shown = sorted(s.code for s in scene.board.zones.get(f"hand{seat}", []))
            assert shown == sorted(state.hand(seat))
    click(app, scene.widget("Next deal"))
    assert scene.record is deals[1]


def test_a_knock_shown_in_the_review_and_the_score_at_each_step(app):
    state = stacked(STRONG)
    start = state.to_json()
    moves = [(0, KNOCK)]
    state.apply(KNOCK)
    while not state.score_sheet:
        moves.append((state.current_player, state.legal_actions()[0]))
        state.apply(moves[-1][1])
    rec = records.deal_record(GAME_ID, state.options, ["Ann", "Bob"], [0], start, moves, 1)
    scene = open_review(app, [rec], 0)
    scene.go(1)
    app.draw()
    assert scene.board.game.knocker == 0
    press(app, pygame.K_END)
    app.draw()
    assert scene.board.scores == [KNOCK_MADE, 0]


def test_analysis_finds_the_missed_knock():
    rec = blunder_record()
    # seat 0 leads every trick, with a choice each time; the bot seat is not judged
    assert analysis.decisions(rec) == [i for i, (seat, _) in enumerate(rec["moves"])
                                       if seat == 0][:-1]
    first = analysis.judge(rec, 0)
    assert first.played.kind == "play" and first.best == KNOCK
    assert first.mistake and first.loss == pytest.approx(KNOCK_MADE - PLAIN_WIN, abs=0.01)
    assert first.played in [o.action for o in first.options]


def test_the_review_runs_the_analysis_and_shows_the_mistake(app, monkeypatch):
    # the real AnalysisJob, on threads of this process (quick and sure on a loaded
    # machine; the worker process is tested below)
    monkeypatch.setattr(review_analysis, "AnalysisJob",
                        lambda *a, **k: analysis.AnalysisJob(*a, mode="thread", **k))
    rec = blunder_record()
    scene = open_review(app, [rec], 0)
    click(app, scene.widget("Analyse"))
    deadline = time.monotonic() + 60
    while scene.cursor.analysis is None and time.monotonic() < deadline:
        app.step([], DT)
        time.sleep(0.01)
    assert scene.cursor.analysis is not None, scene.problem
    # every lead without the knock (it stays open until the last trick) was a mistake
    steps = analysis.decisions(rec)
    assert scene.cursor.mistake_steps() == steps
    scene.go(0)
    app.draw()
    assert scene.cursor.judgement().best == KNOCK
    assert str(scene.summary_line()).startswith(f"{len(steps)} mistakes")


def test_the_analysis_job_runs_in_a_worker_process():
    # the worker process is given the games registered at run time in this one
    job = analysis.AnalysisJob(blunder_record(), seats=[0], mode="process")
    deadline = time.monotonic() + 120
    while not job.done() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert job.done() and job.result() is not None, job.error
    first = job.result().judgements[0]
    assert first.best == KNOCK and first.mistake


def test_the_knock_is_worded_by_the_game_for_hints_and_the_review():
    names = ["Ann", "Bob"]
    assert str(action_words(KNOCK, names, game=GAME_ID)) == "knock to raise the stakes"
    assert str(action_words(Action("play", card="AS"), names, game=GAME_ID)) == \
        "play the ace of spades"
    assert str(hint_text(KNOCK, ["Your hand is strong enough to raise the stakes.", {}], names,
                         game=GAME_ID)) == \
        "Hint: knock to raise the stakes. Your hand is strong enough to raise the stakes."
