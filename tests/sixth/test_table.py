"""Magpie played through the real table scene by posted mouse events (dummy video and
audio): a person knocks with the button, plays cards by clicks and drags, has a drop
refused with a sentence, and sees the deal end with its summary."""

from __future__ import annotations

import logging
import time
from pathlib import Path

import pygame
import pytest

from cardtable.ai import make_bot
from cardtable.engine.core import Action
from cardtable.match import Match, Seat
from cardtable.ui.app import App
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.matchend import MatchEndScene
from cardtable.ui.scenes.summary import SummaryScene
from cardtable.ui.scenes.table import TableScene
from cardtable.ui.tables import table_class

from .game.engine import GAME_ID, KNOCK, KNOCK_MADE
from .game.table import MagpieTable

DT = 1 / 60


def mouse(kind, pos):
    data = {"pos": (int(pos[0]), int(pos[1]))}
    if kind == pygame.MOUSEMOTION:
        data.update(rel=(0, 0), buttons=(1, 0, 0))
    else:
        data["button"] = 1
    return pygame.event.Event(kind, data)


def click_at(app, pos) -> None:
    app.step([mouse(pygame.MOUSEBUTTONDOWN, pos), mouse(pygame.MOUSEBUTTONUP, pos)], DT)


def drag(app, start, end, steps=4) -> None:
    events = [mouse(pygame.MOUSEBUTTONDOWN, start)]
    for i in range(1, steps + 1):
        f = i / steps
        events.append(mouse(pygame.MOUSEMOTION, (start[0] + (end[0] - start[0]) * f,
                                                 start[1] + (end[1] - start[1]) * f)))
    events.append(mouse(pygame.MOUSEBUTTONUP, end))
    app.step(events, DT)


def grab_point(sprite):
    """A point of ``sprite`` the next card of the fan does not cover (its index corner)."""
    r = sprite.rect()
    return (r.left + max(4, r.width // 8), r.centery)


def open_table(seed=4, players=3):
    app = App(size=(1280, 720), settings={"animation_speed": "off", "sound": False})
    table_mod.install(app)
    seats = [Seat("Ann", "human")] + [Seat(f"Bot{i}", "computer", "easy")
                                      for i in range(1, players)]
    # the last seat deals, so the person leads the first trick
    match = Match(GAME_ID, seats, seed=seed, pace=0.0, first_dealer=players - 1)
    scene = TableScene(match, speed=None, pace=0.0, sound=False)
    table_mod.show_table(app, scene)
    return app, scene


def wait_for_turn(app, scene, timeout=20.0) -> bool:
    """Frames until the person may act (False: an overlay came up first)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if app.top is not scene:
            return False
        if scene.my_turn():
            return True
        app.step([], DT)
        if scene.match.thinking:
            time.sleep(0.001)
    raise AssertionError("the person never got the turn")


def hand_sprite(scene, code):
    return next(s for s in scene.zone(f"hand{scene.viewer}") if s.code == code)


def test_the_table_is_the_games_own():
    assert table_class(GAME_ID) is MagpieTable


def test_the_table_uses_the_scene_only_through_the_table_protocol():
    # the same check the program's own tables pass (tests/ui/test_table_protocol.py),
    # made on this game's table, which lives outside cardtable/ui/tables
    from tests.ui.test_table_protocol import declared, scene_uses

    from .game import table as module

    allowed = declared()
    uses = scene_uses(Path(module.__file__))
    assert uses, "the checker found no use of the scene at all"
    stray = [f"{name} (line {line})" for name, line in uses.items() if name not in allowed]
    assert not stray, stray


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seat_count_opens_and_shows_every_card(players):
    app, scene = open_table(seed=players, players=players)
    assert wait_for_turn(app, scene)
    assert sum(len(z) for z in scene.zones.values()) == len(scene.sprites) == 24
    assert sorted(s.code for s in scene.zone("hand0")) == sorted(scene.match.state.hand(0))
    while app.stack:
        app.pop()


def test_a_deal_played_by_clicks_and_drags_with_a_knock_and_a_refusal():
    app, scene = open_table()
    match = scene.match
    assert wait_for_turn(app, scene)
    # the Knock button: the game's own move, offered by the game's own table
    button = scene.button("Knock")
    assert button is not None and button.visible and button.enabled
    click_at(app, button.rect.center)
    assert match.moves == [(0, KNOCK)]
    assert "You knock: the stakes are raised." in [str(line) for line in scene.log]
    assert wait_for_turn(app, scene)
    assert scene.button("Knock") is None         # once a deal
    lines = {str(label): str(value) for label, value, _ in scene.game.score_lines()}
    assert lines["Knocked"] == "You"
    # a card played by one click (a trick game: a playable card has one move)
    card = next(a.card for a in scene.legal if a.kind == "play")
    click_at(app, grab_point(hand_sprite(scene, card)))
    assert match.moves[1] == (0, Action("play", card=card))
    assert match.state.trump == card[1]
    bot = make_bot(GAME_ID, "medium", 3)
    refused = False
    knock_refused = False
    while not scene.deal_rows:
        if not wait_for_turn(app, scene):
            break
        state = match.state
        before = len(match.moves)
        illegal = [s for s in scene.zone("hand0")
                   if Action("play", card=s.code) not in scene.legal]
        if illegal and not refused:
            # a card that does not follow suit, dropped on the trick: refused, in words
            drag(app, grab_point(illegal[0]), scene.game.trick_rect().center)
            assert len(match.moves) == before
            led = state.trick[0][1][1]
            suit = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[led]
            assert str(scene.toast[0]) == f"You must follow suit: play a card of {suit}."
            assert illegal[0].zone == "hand0"          # it flew back to the hand
            refused = True
        if not state.trick and not knock_refused:
            # the table words the game's own refusal (the engine's code and reason)
            assert not scene.try_action(KNOCK)
            assert str(scene.toast[0]) == "Somebody has knocked this deal already."
            knock_refused = True
        action = bot.choose(state.clone(), 0)
        drag(app, grab_point(hand_sprite(scene, action.card)), scene.game.trick_rect().center)
        assert match.moves[before] == (0, action), f"{action} was not played"
    assert refused and knock_refused
    # the deal's end: the summary over the table, with the game's own note
    for _ in range(10):
        if isinstance(app.top, SummaryScene):
            break
        app.step([], DT)
    summary = app.top
    assert isinstance(summary, SummaryScene)
    row = match.state.score_sheet[0]
    assert row["knocker"] == 0
    if row["reason"] == "knock_made":
        assert str(summary.note) == f"You knocked and took the most points: {KNOCK_MADE} " \
                                    "game points."
    else:
        assert str(summary.note).startswith("You knocked but did not take the most points")
    heading = summary.spoken_heading()
    assert "Deal 1" in heading and "Deal points" in heading
    assert scene.scores == list(match.state.match_scores)
    # Continue: back at the table, the next deal dealt
    summary.close()
    assert app.top is scene
    if not match.is_over:
        assert wait_for_turn(app, scene) or app.top is not scene
        assert match.state.deal_no == 2
    while app.stack:
        app.pop()


def test_the_summary_words_the_games_row_in_the_games_words(caplog):
    event = {"deal": 1, "dealer": 2, "trump": "S", "points": [100, 20, 10],
             "tricks": [6, 1, 1], "last_trick": [10, 0, 0], "knocker": 0,
             "reason": "knock_made", "game_points": [KNOCK_MADE, 0, 0]}
    with caplog.at_level(logging.WARNING):
        summary = SummaryScene(event, [event], ["Ann", "Bob", "Cy"], GAME_ID, humans=[0])
        heading = summary.spoken_heading()
    # the reason and the knocker in the table's words, never their keys or a seat number
    assert "The knocker took the most points." in heading
    assert "Knocked: Ann." in heading
    assert "Knock made" not in heading and "Knocker" not in heading and ": 0." not in heading
    assert "Deal points: Ann 100, Bob 20, Cy 10." in heading
    assert not [r for r in caplog.records if "no words" in r.getMessage()]


def test_a_match_of_one_deal_ends_with_the_points_of_its_deal():
    row = {"deal": 1, "dealer": 1, "trump": "H", "points": [90, 40], "tricks": [9, 3],
           "last_trick": [10, 0], "knocker": None, "reason": "most_points",
           "game_points": [1, 0]}
    end = MatchEndScene([row], ["Ann", "Bob"], [0], GAME_ID)
    title, values, scale = end.single_deal(["Ann", "Bob"])
    assert (str(title), values, scale) == ("Deal points", [90, 40], 130)
