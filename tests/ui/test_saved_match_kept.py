"""The match in progress of this copy is the one it saves: a seat at a friend's table (a
table hosted on another copy) never takes its place, never replaces its save, and when that
table closes Continue resumes the saved match at once. Driven through the menu, the join
screen and the table by posted events.

Modules: cardtable.ui.scenes.table.launch (the desk of matches) and cardtable.ui.session."""

from __future__ import annotations

import json
import time

import pygame
import pytest

from cardtable.engine import registry
from cardtable.i18n import tr
from cardtable.ui import netplay
from cardtable.ui.scenes.confirm import ConfirmScene
from cardtable.ui.scenes.lesson import LessonScene
from cardtable.ui.scenes.menu import MenuScene
from cardtable.ui.scenes.table import TableScene
from tests.net_helpers import LOOPBACK, host_table
from tests.ui.conftest import click, frames, press, type_text
from tests.ui.test_saves import new_app, until_my_turn

#: this copy's own match: a person and three computers
LOCAL = {"game": "japanese65", "players": 4, "seed": 12, "options": None,
         "first_dealer": None,
         "seats": [{"name": "Ann", "kind": "human", "level": "easy"}]
         + [{"name": n, "kind": "computer", "level": "easy"} for n in ("Bea", "Cy", "Dan")]}
#: the new match the player then sets up (the same game as the friend's table)
NEW = {"game": "sixtysix", "players": 2, "seed": 5, "options": None, "first_dealer": None,
       "seats": [{"name": "You", "kind": "human", "level": "easy"},
                 {"name": "Bot", "kind": "computer", "level": "easy"}]}


@pytest.fixture
def friends_table(tmp_path, monkeypatch):
    """A Sixty-Six table hosted by another copy, on loopback, with a seat for a friend."""
    monkeypatch.setattr(netplay, "seats_file", lambda: tmp_path / "net_seats.json")
    host, server = host_table("sixtysix", 2, remote=[1], seed=7)
    yield host, server
    server.close()
    host.close()


def until(app, done, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "it did not come"
        app.step([], 1 / 60)
        time.sleep(0.005)


def sit_at(app, server) -> TableScene:
    """Menu → Join a table, the host's address, port and code typed, Join clicked: the
    friend's table, once its welcome came."""
    menu = app.top
    assert isinstance(menu, MenuScene)
    join = app.build("join", browse=False)      # (no search of the network in a test)
    app.push(join)
    frames(app)
    for key, text in (("address", LOOPBACK), ("port", str(server.port)),
                      ("code", server.code), ("name", "Zoe")):
        click(app, join.widget(key))
        press(app, pygame.K_a, mod=pygame.KMOD_CTRL)     # all of it: typing replaces it
        type_text(app, text)
    assert join.values["address"] == LOOPBACK and join.values["code"] == server.code
    click(app, join.widget("Join"))
    until(app, lambda: isinstance(app.top, TableScene))
    table = app.top
    assert table.match.server is None and table.match.seat == 1   # a seat at that host
    return table


def start_local(app) -> TableScene:
    """A match of 65 (Japanese) with one move played, left by its Menu."""
    app.start_match(dict(LOCAL))
    table = app.top
    until_my_turn(app, table)
    assert table.try_action(table.match.legal_actions()[0])
    frames(app, 3)
    click(app, table.button("Menu"))
    assert isinstance(app.top, MenuScene)
    return table


def saved(tmp_path) -> dict:
    return json.loads((tmp_path / "data" / "match.json").read_text())


def name_of(game: str) -> str:
    return tr(registry.get(game).name)


def test_a_friends_table_is_never_this_copys_match_in_progress(tmp_path, friends_table):
    """The tester's steps: a match of 65 (Japanese) on the table here, then a seat at a
    friend's Sixty-Six table, then New game → Sixty-Six → Start. The question named the
    friend's table ("Your match of Sixty-Six…") and Start new match removed the saved
    match of 65. It names the saved match; Keep my match keeps it, file and all."""
    host, server = friends_table
    app = new_app(tmp_path)
    local = start_local(app)
    state = local.match.state.to_json()
    assert saved(tmp_path)["game"] == "japanese65"
    friend = sit_at(app, server)
    assert app.table is friend
    click(app, friend.button("Menu"))
    menu = app.top
    assert isinstance(menu, MenuScene)
    app.start_match(dict(NEW))                 # Setup's Start (New game → Sixty-Six)
    ask = app.top
    assert isinstance(ask, ConfirmScene)
    assert name_of("japanese65") in tr(ask.detail)
    assert name_of("sixtysix") not in tr(ask.detail)
    click(app, ask.widget("no"))               # Keep my match
    assert app.top is menu
    assert saved(tmp_path)["game"] == "japanese65"
    assert saved(tmp_path)["state"] == state
    # while the friend's table goes on, it is what Continue goes back to
    click(app, menu.widget("Continue"))
    assert app.top is friend


def test_the_friends_table_closing_offers_continue_at_once(tmp_path, friends_table):
    """The host closed the table: the menu showed no Continue though the match of 65 was
    saved (it came back after a restart). Continue is there at once and resumes it."""
    host, server = friends_table
    app = new_app(tmp_path)
    local = start_local(app)
    state = local.match.state.to_json()
    sit_at(app, server)
    server.close()
    host.close()
    until(app, lambda: isinstance(app.top, MenuScene))
    menu = app.top
    assert any(t.text == netplay.WORDS["host_left"] for t in app.toasts)
    frames(app)
    assert menu.widget("Continue") is not None
    click(app, menu.widget("Continue"))
    table = app.top
    assert isinstance(table, TableScene) and table is app.table
    assert table.match.game_id == "japanese65" and table.match.state.to_json() == state
    table.match.close()


def test_a_match_started_from_the_friends_table_asks_about_the_saved_match(tmp_path,
                                                                         friends_table):
    """A saved match from an earlier run (not on the table yet), a seat at a friend's
    table: a new match asks about the saved match, by its game; and with nothing saved
    here, a new match asks nothing (the friend's table is not this copy's to lose)."""
    host, server = friends_table
    first = new_app(tmp_path)
    start_local(first)
    first.table.match.close()
    app = new_app(tmp_path)                    # the next run: the match is saved
    sit_at(app, server)
    app.start_match(dict(NEW))
    ask = app.top
    assert isinstance(ask, ConfirmScene) and name_of("japanese65") in tr(ask.detail)
    click(app, ask.widget("yes"))              # Start new match: the player's choice
    assert app.table.match.game_id == "sixtysix" and app.table.match.server is None
    assert saved(tmp_path)["game"] == "sixtysix"
    app.table.match.close()


def test_with_nothing_saved_a_new_match_leaves_the_friends_table_without_asking(
        tmp_path, friends_table):
    host, server = friends_table
    app = new_app(tmp_path)
    friend = sit_at(app, server)
    assert not (tmp_path / "data" / "match.json").exists()
    app.start_match(dict(NEW))
    assert not isinstance(app.top, ConfirmScene)
    assert app.table is app.top and app.table is not friend
    assert app.table.match.game_id == "sixtysix" and saved(tmp_path)["game"] == "sixtysix"
    app.table.match.close()


def test_a_lesson_played_on_alone_asks_before_menu_drops_it_and_the_saved_match_stays(
        tmp_path):
    """Learn to play, Play on my own, then the table's Menu: the lesson's deal went at
    once, without a word, and Continue resumed the older match. A lesson's deal is practice
    and is never saved: Menu asks first, as Esc does, and says so; Stay keeps the lesson;
    Leave goes to the menu, where Continue resumes the saved match, its file untouched."""
    app = new_app(tmp_path)
    local = start_local(app)
    state = local.match.state.to_json()
    menu = app.top
    click(app, menu.widget("Learn to play"))
    click(app, app.top.widget("quebec65"))
    lesson = app.top
    assert isinstance(lesson, LessonScene)
    frames(app, 3)
    click(app, lesson.button("Play on my own"))
    assert not lesson.coaching()
    click(app, lesson.button("Menu"))
    ask = app.top
    assert isinstance(ask, ConfirmScene) and tr(ask.question) == "Leave the lesson?"
    assert "not kept" in tr(ask.detail) and "Continue" in tr(ask.detail)
    click(app, ask.widget("no"))                 # Stay
    assert app.top is lesson
    click(app, lesson.button("Menu"))
    click(app, app.top.widget("yes"))            # Leave
    menu = app.top
    assert isinstance(menu, MenuScene) and lesson not in app.stack
    assert saved(tmp_path)["state"] == state
    frames(app)
    click(app, menu.widget("Continue"))
    assert app.top is local and local.match.state.to_json() == state
    local.match.close()


def test_leaving_a_lesson_with_nothing_saved_says_only_that_it_is_not_kept(tmp_path):
    app = new_app(tmp_path)
    click(app, app.top.widget("Learn to play"))
    click(app, app.top.widget("sixtysix"))
    lesson = app.top
    assert isinstance(lesson, LessonScene)
    frames(app, 3)
    click(app, lesson.button("Menu"))            # the coach still leads: asked the same
    ask = app.top
    assert isinstance(ask, ConfirmScene) and "not kept" in tr(ask.detail)
    assert "Continue" not in tr(ask.detail)
    click(app, ask.widget("yes"))
    assert isinstance(app.top, MenuScene) and not app.has_match_in_progress()
    assert not (tmp_path / "data" / "match.json").exists()
