"""Autosave and Continue through the shell, a question before replacing a match, the
statistics screen and its reset, the Undo button: all by posted events."""

from __future__ import annotations

import json
import time

import pygame

from cardtable import i18n, storage
from cardtable.engine import registry
from cardtable.match import Match, Seat
from cardtable.ui import theme
from cardtable.ui.app import App
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.confirm import ConfirmScene
from cardtable.ui.scenes.menu import MenuScene
from cardtable.ui.scenes.stats import StatsScene, table_rows
from cardtable.ui.scenes.table import TableScene
from tests.ui.conftest import click, frames, lessons_declined, press

DT = 1 / 60

CONFIG = {"game": "sixtysix", "players": 2,
          "seats": [{"name": "Ann", "kind": "human", "level": "easy"},
                    {"name": "Bot", "kind": "computer", "level": "easy"}],
          "options": {"target": 10, "strict_later_play": False}, "first_dealer": None,
          "seed": 21}


def new_app(tmp_path) -> App:
    app = App(size=(1280, 720), settings={"animation_speed": "off", "sound": False,
                                          "lessons": lessons_declined()})
    app.data_dir = tmp_path / "data"
    table_mod.install(app)
    app.push(MenuScene())
    return app


def until_my_turn(app: App, table: TableScene, frames_max: int = 2000) -> None:
    for _ in range(frames_max):
        if app.top is not table:
            app.pop()
        if table.my_turn():
            return
        app.step([], DT)
    raise AssertionError("the person never got the turn")


def play_some(app, table, moves: int) -> None:
    for _ in range(moves):
        until_my_turn(app, table)
        action = next(a for a in table.match.legal_actions() if a.kind == "play")
        assert table.try_action(action)


def test_the_match_is_saved_after_every_move_and_continues_after_a_kill(tmp_path):
    app = new_app(tmp_path)
    assert not app.has_match_in_progress()
    app.start_match(dict(CONFIG))
    table = app.top
    assert isinstance(table, TableScene)
    path = tmp_path / "data" / "match.json"
    assert path.exists()        # saved at once, before any move
    play_some(app, table, 3)
    frames(app, 3)
    saved = json.loads(path.read_text())
    assert saved["state"] == table.match.state.to_json()
    state = table.match.state.to_json()
    table.match.close()
    # the process is killed here: a new program starts with the same folder
    app2 = new_app(tmp_path)
    menu = app2.top
    frames(app2)
    assert app2.has_match_in_progress() and menu.widget("Continue") is not None
    click(app2, menu.widget("Continue"))
    resumed = app2.top
    assert isinstance(resumed, TableScene) and resumed.match.state.to_json() == state
    frames(app2, 3)
    hand = sorted(s.code for s in resumed.zone(f"hand{resumed.viewer}"))
    assert hand == sorted(resumed.match.state.hand(resumed.viewer))
    assert list(resumed.log)[-1] == list(table.log)[-1]     # the log goes on where it was
    play_some(app2, resumed, 1)     # and it goes on
    resumed.match.close()


def test_a_damaged_save_is_set_aside_with_a_toast_and_the_menu_carries_on(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "match.json").write_text('{"version": 1, "game": "sixtysix", "sta')
    app = new_app(tmp_path)
    frames(app)
    assert not app.has_match_in_progress()
    assert app.toasts and "damaged" in app.toasts[-1].text
    assert list(folder.glob("match.damaged-*.json"))
    assert isinstance(app.top, MenuScene) and app.top.widget("Continue") is None


def asked_to_replace(tmp_path):
    """An app with a match in progress (one move played, left for the menu) and a new
    match asked for: (app, the first table, the question)."""
    app = new_app(tmp_path)
    app.start_match(dict(CONFIG))
    first = app.top
    play_some(app, first, 1)
    first.leave()
    app.start_match(dict(CONFIG, seed=5))
    ask = app.top
    assert isinstance(ask, ConfirmScene)
    return app, first, ask


def test_starting_a_new_match_asks_before_replacing_the_one_in_progress(tmp_path):
    app, first, ask = asked_to_replace(tmp_path)
    press(app, pygame.K_ESCAPE)                 # no: nothing changes
    assert app.top is not ask and app.table is first
    app.continue_match()
    assert app.top is first
    first.leave()
    app.start_match(dict(CONFIG, seed=5))
    click(app, app.top.widget("yes"))
    second = app.top
    assert isinstance(second, TableScene) and second is not first
    assert second.match.seed == 5
    saved = json.loads((tmp_path / "data" / "match.json").read_text())
    assert saved["seed"] == 5
    second.match.close()


def test_statistics_screen_rows_per_level_and_a_reset_that_asks(tmp_path):
    app = new_app(tmp_path)
    for won, score in ((True, 11), (False, 4)):
        storage.record_result(app.stats, "sixtysix", "medium", won, score)
    storage.record_result(app.stats, "japanese65", "hard", True, 5)
    cols, rows = table_rows(app.stats)
    keys = [k for k, _ in cols]
    assert {"played", "won", "win_rate", "best", "average", "streak", "best_streak"} <= set(keys)
    names = [str(r[0]) for r in rows]
    assert len(names) == 2 and names[0].endswith(" · hard") and names[1] == "Sixty-Six · medium"
    six = rows[1]
    assert six[keys.index("win_rate") + 1] == "50%" and six[keys.index("average") + 1] == "7.5"
    stats = app.push(StatsScene())
    frames(app)
    click(app, stats.widget("Reset"))
    assert isinstance(app.top, ConfirmScene)
    click(app, app.top.widget("no"))
    assert app.top is stats and app.stats
    click(app, stats.widget("Reset"))
    click(app, app.top.widget("yes"))
    assert app.top is stats and app.stats == {}
    assert storage.load_stats(tmp_path / "data" / "stats.json") == ({}, None)
    frames(app)
    assert stats.widget("Reset") is None


def test_the_end_of_a_match_is_recorded_and_continue_disappears(tmp_path):
    app = new_app(tmp_path)
    config = dict(CONFIG, options={"target": 1, "strict_later_play": False})
    app.start_match(config)
    table = app.top
    for _ in range(30000):
        if table.finished:
            break
        if app.top is not table:
            app.pop()
            continue
        if table.my_turn():
            table.try_action(table.match.legal_actions()[0])
        app.step([], DT)
    assert table.match.is_over
    assert not (tmp_path / "data" / "match.json").exists()
    assert not app.has_match_in_progress()
    rec = app.stats["sixtysix"]["easy"]
    assert rec["played"] == 1
    loaded, _ = storage.load_stats(tmp_path / "data" / "stats.json")
    assert loaded == app.stats


def test_undo_button_takes_back_a_move_before_the_computer_replies(tmp_path):
    app = App(size=(1280, 720), settings={"animation_speed": "off", "sound": False,
                                          "lessons": lessons_declined()})
    table_mod.install(app)
    seats = [Seat("Ann", "human"), Seat("Bot", "computer", "easy")]
    match = Match("sixtysix", seats, seed=3, pace=30.0)     # the computer waits 30 s
    table = TableScene(match, speed="off", pace=30.0, sound=False)
    table_mod.show_table(app, table)
    deadline = time.monotonic() + 60      # the computer thinks on a thread: a busy
    while True:                            # machine may take many frames to answer
        if table.my_turn() and match.legal_actions()[0].kind == "play" and \
                not match.state.view(0)["trick"]:
            break
        assert time.monotonic() < deadline, "never reached a lead of the person's"
        if table.my_turn():
            table.try_action(match.legal_actions()[0])
        match.poll(now=float("inf"))
        app.step([], DT)
        if match.thinking:
            time.sleep(0.001)
    undo = table.button("Undo")
    assert undo is not None and not undo.enabled
    before = match.state.to_json()
    hand = sorted(s.code for s in table.zone("hand0"))
    card = next(a for a in match.legal_actions() if a.kind == "play")
    table.try_action(card)
    frames(app, 2)
    undo = table.button("Undo")
    assert undo.enabled
    click(app, undo)
    assert match.state.to_json() == before
    assert sorted(s.code for s in table.zone("hand0")) == hand and table.my_turn()
    # the same by key, then refused once the computer showed a card
    table.try_action(card)
    frames(app, 1)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL,
                                 unicode="", scancode=0)], DT)
    assert match.state.to_json() == before
    table.try_action(card)
    match.wait()                                    # the computer plays its card
    frames(app, 3)
    assert not match.can_undo() and not table.button("Undo").enabled
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL,
                                 unicode="", scancode=0)], DT)
    assert table.toast is not None and "taken back" in table.toast[0]
    match.close()


def test_no_undo_button_in_pass_and_play():
    app = App(size=(1280, 720), settings={"animation_speed": "off", "sound": False,
                                          "lessons": lessons_declined()})
    table_mod.install(app)
    match = Match("sixtysix", [Seat("A"), Seat("B")], seed=3, pace=0)
    table = TableScene(match, speed="off", pace=0, sound=False)
    table_mod.show_table(app, table)
    frames(app, 3)
    assert table.button("Undo") is None and not table.can_undo()
    match.close()


def test_a_question_shows_its_safe_answer_focused_from_the_start(tmp_path):
    """The gold button is the one that replaces the match; Enter presses the focused one,
    "Keep my match" / "Cancel", so that focus is shown at once (before, the first key only showed it
    and people pressed Enter expecting the gold button)."""
    app, first, ask = asked_to_replace(tmp_path)
    frames(app)
    no = ask.widget("no")
    assert no.focused and no.show_focus and not ask.widget("yes").focused
    assert str(no.text) == "Keep my match"      # says which "it" is kept
    game = registry.get(first.match.game_id).name
    assert f"Your match of {game} in progress" in i18n.tr(ask.detail)   # and which match
    press(app, pygame.K_RIGHT)                  # one key moves the focus to the gold button
    assert ask.widget("yes").focused
    press(app, pygame.K_RETURN)
    assert app.table is not first
    app.table.match.close()


def test_a_long_question_wraps_and_its_words_stay_above_the_buttons(tmp_path):
    """A question longer than the panel (a long game's name in French, the larger text) is
    wrapped on two lines, and the panel grows so that no line runs into the buttons."""
    app = App(size=(1280, 720), settings={"language": "fr", "text_size": "larger"},
              settings_path=None)
    try:
        app.push(MenuScene())
        ask = app.push(ConfirmScene(
            "Vous découvrez 65 (japonais, en équipes), le jeu de cartes ?",
            "Apprenez d’abord à jouer : une donne guidée de quelques minutes, où un coach "
            "montre chaque règle au moment où elle se présente.", "Apprendre", lambda: None))
        frames(app, 2)
        panel = ask.panel_rect()
        lines = ask._lines(panel.width)
        assert sum(question for *_, question in lines) == 2
        buttons_top = min(w.rect.top for w in ask.form.widgets)
        assert all(panel.top + y + h <= buttons_top for _, y, h, _ in lines)
        assert panel.bottom <= app.size[1] and ask.widget("yes").rect.bottom <= panel.bottom
    finally:
        i18n.set_language("en")
        theme.set_access(False, "normal")
