"""The review of a finished deal (cardtable.ui.scenes.review, drawn by cardtable.ui.replay),
driven by posted keys and mouse events; the analysis is a fake job with the contract's
interface. Its cursor on its own: tests/test_review.py."""

from __future__ import annotations

import copy
import logging
from dataclasses import dataclass

import pygame
import pytest

from cardtable import i18n, records
from cardtable.engine import registry
from cardtable.engine.core import Action, ConfigError
from cardtable.ui.canvas import drawing
from cardtable.ui.scenes import review, review_analysis, review_words
from cardtable.ui.scenes.matchend import MatchEndScene
from cardtable.ui.scenes.review import ReviewScene
from cardtable.ui.scenes.summary import SummaryScene
from tests.test_records import played
from tests.ui.conftest import DT, click, frames, press


@pytest.fixture(scope="module")
def deals():
    return played("sixtysix", 41, 3)


def open_review(app, deals, index=-1) -> ReviewScene:
    scene = app.push(ReviewScene(deals, index))
    frames(app, 2)
    app.draw()
    return scene


def drag(app, start, end) -> None:
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)], DT)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))],
             DT)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)], DT)


def test_keys_and_buttons_step_forward_and_back(app, deals):
    scene = open_review(app, deals, 0)
    assert scene.step == 0 and scene.last == len(deals[0]["moves"])
    for _ in range(3):
        press(app, pygame.K_RIGHT)
    assert scene.step == 3
    press(app, pygame.K_LEFT)
    assert scene.step == 2
    click(app, scene.widget("Forward"))
    assert scene.step == 3
    click(app, scene.widget("Back"))
    assert scene.step == 2
    press(app, pygame.K_END)
    assert scene.step == scene.last
    press(app, pygame.K_RIGHT)
    assert scene.step == scene.last            # no further than the end
    press(app, pygame.K_HOME)
    assert scene.step == 0
    press(app, pygame.K_LEFT)
    assert scene.step == 0


def test_whole_tricks_with_ctrl_shift_and_page_keys(app, deals):
    scene = open_review(app, deals, 0)
    # Sixty-Six: two cards a trick, unless a marriage or exchange comes between
    ends = [i + 1 for i, evs in enumerate(scene.cursor.events) if any(e.kind == "trick_won"
                                                                       for e in evs)]
    press(app, pygame.K_RIGHT, mod=pygame.KMOD_CTRL)
    assert scene.step == ends[0]
    press(app, pygame.K_PAGEDOWN)
    assert scene.step == ends[1]
    press(app, pygame.K_RIGHT, mod=pygame.KMOD_SHIFT)
    assert scene.step == ends[2]
    press(app, pygame.K_PAGEUP)
    assert scene.step == ends[1]
    press(app, pygame.K_LEFT, mod=pygame.KMOD_CTRL)
    assert scene.step == ends[0]
    click(app, scene.widget("Trick forward"))
    assert scene.step == ends[1]
    click(app, scene.widget("First"))
    assert scene.step == 0


def test_the_slider_can_be_dragged(app, deals):
    scene = open_review(app, deals, 0)
    r = scene.slider
    drag(app, (r.left, r.centery), (r.centerx, r.centery))
    assert abs(scene.step - scene.last / 2) <= 1
    drag(app, (r.centerx, r.centery), (r.right + 50, r.centery))
    assert scene.step == scene.last


def test_the_score_shown_is_the_score_at_that_step(app, deals):
    second = deals[1]
    scene = open_review(app, deals, 1)
    before = records.start_state(second).match_scores
    assert sum(before) > 0                       # the first deal scored something
    press(app, pygame.K_RIGHT)
    assert scene.cursor.scores() == before and scene.board.scores == before
    press(app, pygame.K_END)
    after = list(records.replay(second)[-1].match_scores)
    assert after != list(before)
    assert scene.cursor.scores() == after and scene.board.scores == after
    app.draw()


def test_every_hand_is_face_up(app, deals):
    scene = open_review(app, deals, 0)
    press(app, pygame.K_RIGHT)
    for seat in (0, 1):
        hand = scene.board.zones.get(f"hand{seat}", [])
        assert hand and all(s.code is not None for s in hand)
        state = scene.cursor.shown_state()
        assert sorted(s.code for s in hand) == sorted(state.hand(seat))
        if seat != scene.cursor.viewer:
            assert all(s.revealed for s in hand)


def test_a_friend_who_played_from_another_computer_is_no_computer_in_the_review(app, deals):
    rec = copy.deepcopy(deals[0])
    scene = open_review(app, [rec], 0)
    assert i18n.tr(scene.board.plate_player(1)) == "Computer"
    rec["people"] = [0, 1]
    scene = open_review(app, [rec], 0)
    assert scene.cursor.viewer == 0
    assert i18n.tr(scene.board.plate_player(1)) == "Human player"
    assert i18n.tr(scene.board.plate_player(0)) == "Your seat"


def test_the_match_s_other_deals_are_a_button_away(app, deals):
    scene = open_review(app, deals, 0)
    assert not scene.widget("Previous deal").enabled
    click(app, scene.widget("Next deal"))
    assert scene.record is deals[1] and scene.step == 0


def test_a_damaged_record_is_not_shown_and_the_player_is_told(app, deals):
    bad = copy.deepcopy(deals[0])
    bad["moves"][0][1] = {"kind": "play", "card": "XX"}
    below = app.top
    app.push(ReviewScene([bad]))
    frames(app, 2)
    assert app.top is below
    assert any("damaged" in str(t.text) for t in app.toasts)


def test_the_end_of_deal_summary_shows_the_code_and_opens_the_review(app, deals):
    rec = deals[1]
    events: list = []
    records.replay(rec, events)
    ev = next(e for e in events[-1] if e.kind == "deal_scored").for_seat(None)
    summary = app.push(SummaryScene(ev, [], rec["names"], "sixtysix", deals=deals,
                                    record=rec))
    frames(app)
    app.draw()
    assert rec["code"] and rec["code"] in str(summary.code_line())
    click(app, summary.widget("Review"))
    assert isinstance(app.top, ReviewScene) and app.top.record is rec
    press(app, pygame.K_ESCAPE)
    assert app.top is summary


# --------------------------------------------------------------------------- the analysis


@dataclass(frozen=True)
class Option:
    action: Action
    value: float


@dataclass(frozen=True)
class Judgement:
    move: int
    seat: int
    played: Action
    best: Action
    options: tuple
    loss: float
    mistake: bool
    reason: object


@dataclass(frozen=True)
class Analysis:
    judgements: tuple
    unit: str = "card_points"

    def mistakes(self) -> int:
        return sum(1 for j in self.judgements if j.mistake)

    def lost(self) -> float:
        return sum(j.loss for j in self.judgements if j.mistake)


class FakeJob:
    made: list = []

    def __init__(self, record, seats=None, on_change=None):
        self.record, self.seats, self.on_change = record, seats, on_change
        self.progress = 0.0
        self.error = None
        self.cancelled = False
        self._result = None
        FakeJob.made.append(self)

    def done(self) -> bool:
        return self._result is not None or self.cancelled

    def result(self):
        return None if self.cancelled else self._result

    def cancel(self) -> None:
        self.cancelled = True

    def finish(self, analysis) -> None:
        self.progress = 1.0
        self._result = analysis
        if self.on_change is not None:
            self.on_change()


def judged(record) -> Analysis:
    """The person's decisions: the first is a mistake of 3 points, the others sound."""
    states = records.replay(record)
    out = []
    for i, (seat, action) in enumerate(records.actions(record)):
        legal = states[i].legal_actions()
        if seat not in record["humans"] or len(legal) < 2:
            continue
        other = next(a for a in legal if a != action)
        mistake = not out
        best = other if mistake else action
        options = (Option(best, 10.0), Option(other if best == action else action, 7.0))
        out.append(Judgement(i, seat, action, best, options, 3.0 if mistake else 0.0,
                             mistake, ("Keep your trumps for later.", {}) if mistake
                             else None))
    return Analysis(tuple(out))


@pytest.fixture
def fake_analysis(monkeypatch):
    FakeJob.made = []
    monkeypatch.setattr(review_analysis, "AnalysisJob", FakeJob)
    return FakeJob


def test_the_move_played_is_always_among_the_options_shown():
    """The list of options is cut to the panel's room; a mistake's move ranks low and was
    cut with the rest, so the list did not say which was yours."""
    moves = [Action("play", card=c) for c in ("AS", "TS", "KS", "QS", "JS", "9S", "AH")]
    options = tuple(Option(a, 10.0 - i) for i, a in enumerate(moves))
    shown = review_words.shown_options(options, moves[6], 4)
    assert [o.action for o in shown] == moves[:3] + [moves[6]]
    assert review_words.shown_options(options, moves[1], 4) == list(options[:4])
    assert review_words.shown_options(options, moves[6], 9) == list(options)
    assert review_words.shown_options(options, moves[6], 0) == []
    assert [str(review_words.unit_heading(u)) for u in ("game_points", "penalty_points", "games",
                                                   "points")] == [
        "Game points", "Penalty points", "Chance to win", "Points"]


def test_analyse_runs_a_job_shows_progress_then_the_mistakes(app, deals, fake_analysis):
    rec = deals[0]
    scene = open_review(app, deals, 0)
    click(app, scene.widget("Analyse"))
    job = fake_analysis.made[-1]
    assert job.record is rec and list(job.seats) == rec["humans"] and callable(job.on_change)
    assert scene.widget("Cancel") is not None
    job.progress = 0.5
    assert scene.next_frame_in() is not None
    app.draw()
    analysis = judged(rec)
    job.finish(analysis)
    frames(app, 2)
    app.draw()
    assert scene.cursor.analysis is analysis and scene.widget("Analyse") is not None
    assert str(scene.summary_line()) == "1 mistake, 3 points lost"
    first = analysis.judgements[0]
    assert scene.cursor.mistake_steps() == [first.move]
    scene.go(first.move)
    assert scene.cursor.judgement() is first
    app.draw()


def test_the_summary_line_counts_in_both_languages(app, deals, fake_analysis):
    scene = open_review(app, deals, 0)
    scene.analyse()
    two = judged(deals[0])
    j = two.judgements
    two = Analysis((j[0], Judgement(j[1].move, j[1].seat, j[1].played, j[1].options[1].action,
                                    j[1].options, 3.0, True, None), *j[2:]))
    fake_analysis.made[-1].finish(two)
    frames(app)
    assert str(scene.summary_line()) == "2 mistakes, 6 points lost"
    try:
        i18n.set_language("fr")
        text = str(scene.summary_line())
        assert text.startswith("2 erreurs") and "6" in text
        app.draw()
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("unit,english,french", [
    ("game_points", "1 mistake, 3 game points lost", "1 erreur, 3 points de partie perdus"),
    ("penalty_points", "1 mistake, 3 penalty points more",
     "1 erreur, 3 points de pénalité en plus"),
    ("points", "1 mistake, 3 points lost", "1 erreur, 3 points perdus"),
])
def test_the_loss_is_told_in_what_the_game_counts(app, deals, fake_analysis, unit, english,
                                                 french):
    scene = open_review(app, deals, 0)
    scene.analyse()
    fake_analysis.made[-1].finish(Analysis(judged(deals[0]).judgements, unit))
    frames(app)
    assert str(scene.summary_line()) == english
    try:
        i18n.set_language("fr")
        assert str(scene.summary_line()) == french
    finally:
        i18n.set_language("en")


def test_a_chance_to_win_is_told_as_a_percentage(app, deals, fake_analysis):
    scene = open_review(app, deals, 0)
    scene.analyse()
    base = judged(deals[0]).judgements
    first = base[0]
    small = Judgement(first.move, first.seat, first.played, first.best, first.options, 0.25,
                      True, None)
    fake_analysis.made[-1].finish(Analysis((small, *base[1:]), "games"))
    frames(app)
    assert str(scene.summary_line()) == "1 mistake, 25% less chance to win"
    scene.go(first.move)
    app.draw()


def test_a_failed_job_is_told_in_the_player_s_language_and_its_reason_logged(
        app, deals, fake_analysis, caplog):
    scene = open_review(app, deals, 0)
    scene.analyse()
    job = fake_analysis.made[-1]
    job.error = "The analysis stopped: its worker could not run."     # the job's English
    job.cancelled = True          # done, with no result
    with caplog.at_level(logging.WARNING, logger=review_analysis.__name__):
        frames(app)
    assert str(scene.problem) == "The analysis could not finish."
    assert "its worker could not run" in caplog.text           # for a bug report
    try:
        i18n.set_language("fr")
        assert str(scene.problem) == "L’analyse n’a pas pu se terminer."
        app.draw()
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("error,english,french", [
    (ConfigError("bad_record", "move 3 is not legal"),
     "The analysis could not start: the deal's record is damaged.",
     "L’analyse n’a pas pu commencer : l’enregistrement de la donne est abîmé."),
    (ConfigError("unknown_game", "unknown game 'x'"),
     "The analysis could not start: it does not know this game.",
     "L’analyse n’a pas pu commencer : elle ne connaît pas ce jeu."),
    (ConfigError("bad_option", "no such option"), "The analysis could not start.",
     "L’analyse n’a pas pu commencer."),
    (OSError(24, "Too many open files"), "The analysis could not start.",
     "L’analyse n’a pas pu commencer."),
])
def test_a_job_that_cannot_start_is_told_from_its_error_s_code(app, deals, monkeypatch,
                                                                caplog, error, english,
                                                                french):
    def refuse(*args, **kwargs):
        raise error

    monkeypatch.setattr(review_analysis, "AnalysisJob", refuse)
    scene = open_review(app, deals, 0)
    with caplog.at_level(logging.WARNING, logger=review_analysis.__name__):
        scene.analyse()
    assert scene.job is None and str(scene.problem) == english
    assert str(error) in caplog.text or error.args[-1] in caplog.text
    try:
        i18n.set_language("fr")
        assert str(scene.problem) == french
        app.draw()
    finally:
        i18n.set_language("en")


def test_a_bug_in_the_job_is_not_taken_for_a_refusal(app, deals, monkeypatch):
    def broken(*args, **kwargs):
        raise KeyError("moves")

    monkeypatch.setattr(review_analysis, "AnalysisJob", broken)
    scene = open_review(app, deals, 0)
    with pytest.raises(KeyError):
        scene.analyse()


def test_cancel_stops_the_job(app, deals, fake_analysis):
    scene = open_review(app, deals, 0)
    click(app, scene.widget("Analyse"))
    job = fake_analysis.made[-1]
    click(app, scene.widget("Cancel"))
    assert job.cancelled and scene.job is None and scene.cursor.analysis is None
    assert scene.widget("Analyse") is not None


def test_a_deal_of_computers_alone_has_no_decision_to_analyse(app, deals, fake_analysis):
    rec = copy.deepcopy(deals[0])
    rec["humans"] = []
    rec.pop("people", None)
    scene = open_review(app, [rec], 0)
    assert not scene.widget("Analyse").enabled
    assert scene.widget("Analyse") is not None and not scene.can_analyse()
    scene = open_review(app, deals, 0)
    assert scene.widget("Analyse").enabled


def test_a_review_steps_by_what_the_game_s_table_names(app):
    """The trick games' tables name "trick_won" as what a whole step stops after; a game
    whose deal has no such event names none and steps by turns."""
    for game in registry.ids():
        rec = played(game, 3, 1)[0]
        events: list = []
        records.replay(rec, events)
        kinds = {e.kind for evs in events for e in evs}
        expected = "trick_won" if "trick_won" in kinds else None
        assert review.review_step_event(game) == expected, game


@pytest.mark.parametrize("game,players", [("japanese65", 4), ("rummy65", 3),
                                          ("pairs65", 3), ("quebec65", 2)])
def test_every_game_is_drawn_by_its_own_table(app, game, players):
    rec = played(game, 3, 1, players=players)[0]
    scene = open_review(app, [rec])
    for step in (1, scene.last // 2, scene.last):
        scene.go(step)
        app.draw()
    assert type(scene.board.game).__module__ == f"cardtable.ui.tables.{game}"


def test_the_match_end_opens_the_review_of_the_match_s_deals(app, deals):
    state = records.replay(deals[-1])[-1]
    end = app.push(MatchEndScene(state.score_sheet, deals[0]["names"], [0], "sixtysix",
                                 deals=deals))
    frames(app)
    click(app, end.widget("Review"))
    assert isinstance(app.top, ReviewScene) and app.top.record is deals[-1]
    click(app, app.top.widget("Previous deal"))
    assert app.top.record is deals[-2]
    click(app, app.top.widget("Close"))
    assert app.top is end


def test_the_review_s_plates_name_no_level_the_record_does_not_keep(app, deals):
    scene = open_review(app, deals, 0)
    board = scene.board
    computer = next(i for i in range(2) if i not in deals[0]["humans"])
    assert board.match.seats[computer].level == ""
    app.draw()          # the plate says "Computer" alone (a level word would be made up)


def test_the_review_s_board_tells_nobody_to_play(app):
    # a still picture: at the viewer's own turns no plate says "Your turn" and no line
    # asks the viewer to draw or to build melds while waiting
    rec = played("quebec65", 3, 1, players=4)[0]
    scene = open_review(app, [rec])
    board = scene.board
    viewer_turns = 0
    for step in range(scene.last):
        scene.go(step)
        app.draw()
        assert not board.my_turn()
        assert i18n.tr(board.game.status()) == ""
        if board.turn == board.viewer:
            viewer_turns += 1
            assert i18n.tr(board.plate_words(board.viewer)) == "To play"
    assert viewer_turns > 0


def test_the_keys_line_names_tricks_only_in_trick_games(app, deals):
    scene = open_review(app, deals, 0)
    assert "a trick" in scene.keys_line()                # Sixty-Six
    rummy = open_review(app, played("quebec65", 3, 1, players=2))
    assert "a player's turn" in rummy.keys_line() and "trick" not in rummy.keys_line()


def test_the_other_deals_are_named_in_the_game_s_word(app):
    """rummy65 plays hands: its review offers "Next hand", not "Next deal"."""
    scene = open_review(app, played("rummy65", 7, 2), 0)
    from cardtable.i18n import tr

    assert tr(scene.widget("Next deal").text) == "Next hand"
    assert tr(scene.widget("Previous deal").text) == "Previous hand"


def test_the_top_hand_reads_left_to_right_the_right_way_up(app, deals):
    """Turned to face its player, the top hand showed only upside-down corner indices."""
    scene = open_review(app, deals, 0)
    press(app, pygame.K_RIGHT)
    frames(app, 30)
    board = scene.board
    top = [s for s in board.zones.get(f"hand{1 - board.viewer}", [])]
    assert len(top) > 1 and board.game.slot(1 - board.viewer) == "top"
    targets = [s.target for s in top]
    assert all(int(round(t[2])) % 360 == 0 for t in targets)          # upright
    assert [t[0] for t in targets] == sorted(t[0] for t in targets)   # later ones on the right


def test_a_revealed_hand_lies_clear_of_its_plate(app):
    """The review shows every hand face up; an opponent's cards sat tucked under its name
    plate like a fan of backs, their indices hidden."""
    scene = open_review(app, played("rummy65", 7, 1, 4), 0)
    press(app, pygame.K_END)
    frames(app, 30)
    board = scene.board
    bounds = pygame.Rect(0, 0, *board.size)
    shown = 0
    for seat in range(4):
        if seat == board.viewer:
            continue
        plate = board.plate_rect(seat, bounds)
        for s in board.zones.get(f"hand{seat}", []):
            if s.code is not None and s.revealed:
                shown += 1
                assert s.rect().top >= plate.bottom, (seat, s.rect(), plate)
    assert shown


@pytest.mark.parametrize("game", ["sixtysix", "japanese65"])
def test_the_step_after_a_trick_s_last_card_shows_the_whole_trick(app, game):
    """Stepping on from a trick's last card showed the trick already gathered: that step
    now shows every card of it where it was played, and the next one the table cleared."""
    from cardtable.engine import registry

    deal = played(game, 7, 1, registry.get(game).min_players)[0]
    scene = open_review(app, [deal], 0)
    cursor = scene.cursor
    ends = cursor.trick_ends()
    assert ends
    first = ends[0]
    scene.go(first)
    trick = [s.code for s in scene.board.zones.get("trick", [])]
    cards = scene.board.game.last_trick()[0]
    assert trick == [code for _seat, code in cards] and len(trick) == len(cards) > 1
    assert cursor.shown_state().view(cursor.viewer)["trick"] == []   # the state is gathered
    press(app, pygame.K_RIGHT)                                      # the next lead
    assert [s.code for s in scene.board.zones.get("trick", [])] == [
        c for _s, c in cursor.shown_state().view(cursor.viewer)["trick"]]
    assert len(scene.board.zones.get("trick", [])) <= 1


def test_the_boards_right_hand_keeps_below_the_score_panel(app):
    """65 (Japanese) on the review's smaller board: the right-hand seat's column of cards
    began under the score panel in the corner above it."""
    scene = open_review(app, played("japanese65", 41, 1, 4), 0)
    board = scene.board
    panel = board.score_rect               # as drawn
    right = next(s for s in range(4) if board.game.slot(s) == "right")
    hand = board.zone(f"hand{right}")
    assert hand and panel is not None
    column = hand[0].rect().unionall([s.rect() for s in hand])
    assert column.top >= panel.bottom and column.bottom < board.size[1]


# --------------------------------------------------------------------------- the deal's end


def after_last_move(cursor):
    """The engine's state right after the deal's last move, worked out here on its own: the
    move applied to the state before it, with the class's next deal held back."""
    from unittest import mock

    before = cursor.states[cursor.last - 1]
    state = before.clone()
    with mock.patch.object(type(state), "_deal", lambda self, stacked=None: []):
        state.apply(cursor.moves[-1][1])
    return state


def board_cards(board) -> dict:
    """Every zone of the board and the cards it shows, in order."""
    return {name: [s.code for s in sprites] for name, sprites in board.zones.items()
            if sprites}


@pytest.mark.parametrize("game,players,seed", [
    ("japanese65", 4, 3), ("sixtysix", 2, 7), ("rummy65", 3, 3), ("pairs65", 3, 3),
    ("pairs65", 2, 7), ("quebec65", 2, 3)])
def test_the_end_shows_the_deal_as_its_last_move_left_it(app, game, players, seed):
    """End showed the position before the last move (Margot's last pair still in her hand,
    rummy65's last discard not on the pile) while the score counted it: the state after the
    last move is the next deal's start, so the step before was shown instead."""
    from cardtable.ui.replay import ReplayBoard

    scene = open_review(app, played(game, seed, 1, players), 0)
    cursor = scene.cursor
    press(app, pygame.K_END)
    frames(app, 10)
    app.draw()
    assert scene.step == scene.last
    board = scene.board
    end = after_last_move(cursor)
    for seat in range(players):
        shown = sorted(s.code for s in board.zones.get(f"hand{seat}", []))
        assert shown == sorted(end.hand(seat)), (game, seat)

    def drawn(state):
        other = ReplayBoard(game, cursor.record["names"], cursor.record["humans"], state,
                            cursor.viewer)
        other.attach(app, board.size)
        other.show(state, None, [], hold_trick=cursor.last in cursor.trick_ends())
        return board_cards(other)

    assert board_cards(board) == drawn(end)
    # (the last move changed the board: the test can tell the two apart)
    assert drawn(end) != drawn(cursor.states[cursor.last - 1])
    press(app, pygame.K_LEFT)
    assert board_cards(board) != drawn(end)


def drawn_words(app, scene) -> list[str]:
    """The texts the side panel draws in a frame, in the player's language."""
    said: list[str] = []
    block = scene.text_block

    def record(surface, text, *args, **kwargs):
        said.append(i18n.tr(text))
        return block(surface, text, *args, **kwargs)

    scene.text_block = record
    try:
        app.draw()
    finally:
        del scene.text_block
    return said


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_end_sends_nobody_to_a_mistake_when_there_is_none(app, deals, fake_analysis,
                                                              language):
    """At the end, "No mistakes: every decision was as good as the computer's." was
    followed by "Step to a marked move to see the mistake."."""
    scene = open_review(app, deals, 0)
    scene.analyse()
    sound = tuple(j for j in judged(deals[0]).judgements if not j.mistake)
    fake_analysis.made[-1].finish(Analysis(sound))
    frames(app)
    press(app, pygame.K_END)
    step_to = "Step to a marked move to see the mistake."
    try:
        i18n.set_language(language)
        said = drawn_words(app, scene)
        assert i18n.tr(scene.summary_line()) in said
        assert i18n.tr(step_to) not in said
        # with a mistake in the deal, the end says where to find it
        scene.cursor.judge(judged(deals[0]))
        said = drawn_words(app, scene)
        assert i18n.tr(step_to) in said
        assert i18n.tr(scene.summary_line()) in said
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("game,players,language", [
    ("rummy65", 4, "en"), ("pairs65", 3, "fr"), ("japanese65", 4, "fr")])
def test_the_side_panel_lays_out_from_measured_heights(app, monkeypatch, game, players,
                                                       language):
    """With larger text, a move told on two lines pushed the score list down over "THE
    COMPUTER'S VIEW": the panel's parts were placed by an estimate of their heights. At
    every step no two texts of the panel above the end of the Analyse button overlap, and
    none lies on a button but its own label."""
    drawn: list = []
    real = review.theme.draw_text

    def record(surface, text, pos, size, *args, **kwargs):
        rect = real(surface, text, pos, size, *args, **kwargs)
        drawn.append((str(text), rect.copy()))
        return rect

    scene = open_review(app, played(game, 3, 1, players), 0)
    app.settings["text_size"] = "larger"
    try:
        app.apply_access()
        i18n.set_language(language)
        frames(app, 2)
        monkeypatch.setattr(review.theme, "draw_text", record)
        _, side, _ = scene.areas()
        wrapped = 0
        for step in range(scene.last + 1):
            scene.go(step)
            drawn.clear()
            app.draw()
            buttons = [scene.widget("Analyse").rect, scene.widget("Copy code").rect]
            limit = buttons[0].bottom
            texts = [(t, r.inflate(0, -2)) for t, r in drawn
                     if r.left >= side.left and r.top < limit]
            loose = [(t, r) for t, r in texts if not any(b.contains(r) for b in buttons)]
            for i, (t, r) in enumerate(loose):
                assert not any(r.colliderect(b) for b in buttons), (step, t)
                for u, q in loose[i + 1:]:
                    assert not r.colliderect(q), (step, t, u)
            tops = {r.top for _t, r in loose}
            wrapped = max(wrapped, len(tops))
        assert wrapped > 8          # (the panel was full: title, code, moves, scores)
    finally:
        monkeypatch.undo()
        i18n.set_language("en")
        app.settings["text_size"] = "normal"
        app.apply_access()


def pairs_board_problems(board) -> list[str]:
    """What lies over what on a pairs65 review board: each seat's pair count over plates,
    the score panel, pair places, piles, hands or another count; a pair place under the
    score panel, a pile, the draw pile's words or a plate."""
    from cardtable.ui import theme
    from cardtable.ui.cardart import card_height

    g = board.game
    n = board.match.n_players
    bounds = pygame.Rect(0, 0, *board.size)
    plates = {f"plate {s}": board.plate_rect(s, bounds) for s in range(n)}
    piles = {"draw pile": g.stock_rect(), "discards": g.discard_rect()}
    sx, sy = g.stock_pos()
    words = pygame.Rect((0, 0), theme.text_size(i18n.tr(i18n.Msg("Draw pile · {n}", n=30)),
                                                theme.px(13)))
    words.midtop = (int(sx), int(sy + card_height(g.pile_w) / 2 + theme.px(8)))
    piles["the draw pile's words"] = words
    score = {"the score panel": board.score_panel_rect()}
    hands = {f"hand {s}": sp.rect() for s in range(n) for sp in board.zone(f"hand{s}")}
    grids = {f"pairs {s}": g.grid_rect(s) for s in range(n)}
    found = []
    boxes = {s: box for s, (box, _) in g.progress_boxes().items()}
    for s, box in boxes.items():
        others = {**plates, **piles, **score, **hands, **grids,
                  **{f"count {t}": b for t, b in boxes.items() if t != s}}
        found += [f"count {s} over {k}" for k, r in others.items() if box.colliderect(r)]
        if not bounds.contains(box):
            found.append(f"count {s} off the board")
    for s in range(n):
        for r in g.pair_rects(s):
            found += [f"pairs {s} under {k}" for k, q in {**plates, **piles, **score}.items()
                      if r.colliderect(q)]
    return sorted(set(found))


@pytest.mark.parametrize("players,size", [(3, (1280, 720)), (2, (800, 500)),
                                          (2, (1024, 768))])
def test_a_pairs_board_keeps_its_counts_pairs_and_piles_apart(players, size):
    """The review's pairs65 board is smaller than a window: with three players at 1280x720
    the person's '4 / 5 pairs' lay over Margot's plate and score; with two at 800x500 the
    score panel covered the top seat's pair places and the draw pile, with its words, lay
    on the rows of pairs. At every step nothing of it lies over another."""
    from cardtable.ui.app import App

    app = App(size=size, settings={"sound": False}, settings_path=None)
    try:
        for seed in (3, 41):
            scene = open_review(app, played("pairs65", seed, 1, players), 0)
            found = set()
            for step in range(scene.last + 1):
                scene.go(step)
                app.draw()
                with drawing():     # (the table as drawn: its places are asked once)
                    found.update(f"step {step}: {p}"
                                 for p in pairs_board_problems(scene.board))
            assert not found, sorted(found)[:12]
            app.pop()
    finally:
        while app.stack:
            app.pop()


def test_a_step_s_words_leave_no_trace_in_the_panel(app, deals):
    """The side panel is slightly translucent and was drawn over the last frame: after a
    step, the words of the one before showed faintly through it."""
    scene = open_review(app, deals, 0)
    _, side, _ = scene.areas()
    press(app, pygame.K_RIGHT)
    app.draw()
    press(app, pygame.K_RIGHT)
    app.draw()
    stepped = app.screen.subsurface(side).copy()
    fresh = pygame.Surface(app.screen.get_size())
    fresh.fill((255, 255, 255))
    scene.draw(fresh)
    assert pygame.image.tobytes(fresh.subsurface(side), "RGB") == \
        pygame.image.tobytes(stepped, "RGB")


def test_the_deal_s_end_is_worked_out_on_a_copy_alone():
    """deal_end holds back the next deal on its own copy: the state given, and the game's
    class, still deal again after a deal's last move."""
    from cardtable.review import deal_end

    rec = played("rummy65", 3, 1, 3)[0]
    states = records.replay(rec)
    seat, last = records.actions(rec)[-1]
    before = states[-2]
    saved = before.to_json()
    end = deal_end(before, last)
    assert before.to_json() == saved
    assert end.deal_no == before.deal_no and end.match_scores == states[-1].match_scores
    # the dealer's badge stays with the deal's dealer (it moved on to the next deal's)
    assert end.dealer == before.dealer != states[-1].dealer
    again = before.clone()
    kinds = [e.kind for e in again.apply(last)]
    assert "deal_scored" in kinds and "dealt" in kinds
    assert again.to_json() == states[-1].to_json()
