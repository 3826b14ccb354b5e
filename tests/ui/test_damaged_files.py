"""The shell with hostile names and files: text that draws nothing, NUL characters and very
long names typed or read from a save; huge numbers in the statistics; a malformed remembered
setup; a saved match that cannot be read or removed. Every frame is drawn, nothing raises."""

from __future__ import annotations

import json
from pathlib import Path

import pygame

from cardtable import letters, storage
from cardtable.match import Match, Seat
from cardtable.ui import session, theme
from cardtable.ui.app import App
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.confirm import ConfirmScene
from cardtable.ui.scenes.menu import MenuScene
from cardtable.ui.scenes.setup import SetupScene
from cardtable.ui.scenes.stats import StatsScene
from cardtable.ui.scenes.table import TableScene
from tests.ui.conftest import click, frames, lessons_declined, type_text
from tests.ui.test_saves import CONFIG

DT = 1 / 60



def new_app(tmp_path, settings: dict | None = None) -> App:
    app = App(size=(1280, 720), settings={"animation_speed": "off", "sound": False,
                                          "lessons": lessons_declined(), **(settings or {})})
    app.data_dir = tmp_path / "data"
    table_mod.install(app)
    app.push(MenuScene())
    return app


def test_every_text_may_be_drawn_even_one_of_zero_width():
    pygame.init()
    for text in ("\ufe0f", "\u034f", "\u200b", "", "a\x00b", "\x00", "\ud800x"):
        img = theme.render(text, 20)
        assert img.get_height() > 0
        theme.text_size(text, 20)
        theme.ellipsize(text, 20, 10)
        theme.wrap(text, theme.font(20), 100)
    assert theme.render("a\x00b", 20).get_width() == theme.render("ab", 20).get_width()


def _setup_with_name(app: App, text: str) -> SetupScene:
    setup = app.push(SetupScene("sixtysix"))
    frames(app)
    click(app, setup.widget("seat0.name"))
    type_text(app, text)
    frames(app)
    return setup


def test_a_seat_name_that_draws_nothing_can_be_typed_and_is_no_name(tmp_path):
    for n, mark in enumerate(("\ufe0f", "\u034f")):
        app = new_app(tmp_path / str(n))
        setup = _setup_with_name(app, mark)
        # a mark the typeface lacks (U+FE0F) is left out as it is typed (the field says
        # so); one it holds (U+034F, a combining mark) is typed, and draws nothing
        kept = "" if letters.unshowable(mark) else mark
        if kept:
            assert setup.seats[0]["name"] == mark       # what was typed, drawn as nothing
        else:
            assert mark not in setup.seats[0]["name"]
        assert setup.config()["seats"][0]["name"] == "You"
        setup2 = _setup_with_name(app, "Ann" + mark)
        assert setup2.config()["seats"][0]["name"] == "Ann" + kept
        click(app, setup2.widget("Start"))
        table = app.top
        assert isinstance(table, TableScene)
        frames(app, 5)
        table.match.close()


def _save_with_names(tmp_path, names: list[str]) -> Path:
    folder = tmp_path / "data"
    folder.mkdir(exist_ok=True)
    match = Match("sixtysix", [Seat("A"), Seat("B", "computer")], seed=5, threaded=False,
                  pace=0)
    data = match.to_json()
    data["version"] = storage.MATCH_VERSION
    for seat, name in zip(data["seats"], names, strict=True):
        seat["name"] = name
    path = folder / "match.json"
    path.write_text(json.dumps(data))
    return path


def test_names_from_a_save_are_cleaned_like_typed_ones(tmp_path):
    _save_with_names(tmp_path, ["\ufe0f", "Zo\x00ë" + "x" * 1000])
    app = new_app(tmp_path)
    frames(app)
    assert app.has_match_in_progress()
    click(app, app.top.widget("Continue"))
    table = app.top
    assert isinstance(table, TableScene)
    names = table.match.names()
    assert names[0] == "Player" and names[1] == ("Zoë" + "x" * 15)
    frames(app, 10)
    table.match.close()


def test_names_from_a_remembered_setup_are_cleaned(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"version": 1, "last_setup": {"sixtysix": {
        "players": 2, "seats": [{"name": "\u034f", "kind": "human"},
                                {"name": "\x00" + "y" * 500, "kind": "computer"}]}}}))
    settings, _ = storage.load_settings(path)
    app = new_app(tmp_path, settings)
    setup = app.push(SetupScene("sixtysix"))
    frames(app)
    assert setup.config()["seats"][0]["name"] == "You"
    assert setup.config()["seats"][1]["name"] == "y" * 18


def test_a_malformed_remembered_setup_opens_the_setup_screen(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"version": 1, "last_setup": {
        "sixtysix": {"players": 2, "seats": 5, "options": {"target": [1]}},
        "rummy65": {"players": "three", "seats": {"0": {}}, "options": "none"},
        "japanese65": ["seats"],
    }}))
    settings, message = storage.load_settings(path)
    assert message is None
    app = new_app(tmp_path, settings)
    for game in ("sixtysix", "rummy65", "japanese65"):
        setup = app.push(SetupScene(game))
        frames(app)
        assert setup.config()["game"] == game
        app.pop()


def test_huge_numbers_in_the_statistics_do_not_break_their_screen(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "stats.json").write_text(json.dumps({"version": 1, "games": {"sixtysix": {
        "easy": {"played": 3, "won": 1, "total": 10**400, "scored": 3, "best": 10**400},
        "hard": {"played": 10**400, "won": 10**400},
    }}}))
    app = new_app(tmp_path)
    session.load_stats(app)
    app.push(StatsScene())
    frames(app)
    assert app.stats == {"sixtysix": {"easy": {"played": 3, "won": 1, "scored": 3}}}


def _unreadable(monkeypatch, target: Path) -> None:
    real = Path.read_bytes

    def read_bytes(self):
        if self == target:
            raise PermissionError(13, "Permission denied", str(self))
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", read_bytes)


def test_a_saved_match_that_cannot_be_read_is_replaced_only_when_the_person_says_so(
        tmp_path, monkeypatch):
    path = _save_with_names(tmp_path, ["Ann", "Bot"])
    before = path.read_bytes()
    _unreadable(monkeypatch, path)
    app = new_app(tmp_path)
    frames(app)
    told = [str(t.text) for t in app.toasts]
    assert len(told) == 1 and "Could not read the saved match" in told[0]
    assert not app.has_match_in_progress()
    app.start_match(dict(CONFIG))
    ask = app.top
    assert isinstance(ask, ConfirmScene)
    click(app, ask.widget("no"))
    monkeypatch.undo()
    assert path.read_bytes() == before and not isinstance(app.top, TableScene)
    app.start_match(dict(CONFIG))
    click(app, app.top.widget("yes"))
    table = app.top
    assert isinstance(table, TableScene)
    assert json.loads(path.read_text())["seed"] == 21       # the new match saved in its place
    table.match.close()


def test_a_match_that_cannot_be_removed_at_its_end_is_told_not_raised(tmp_path):
    class FakeApp:
        data_dir = tmp_path
        stats: dict = {}

        def __init__(self):
            self.toasts: list = []

        def toast(self, text, **kw):
            self.toasts.append(str(text))

    (tmp_path / "match.json").mkdir()          # something the program cannot remove
    app = FakeApp()
    match = Match("sixtysix", [Seat("Ann"), Seat("Bot", "computer")], seed=4,
                  threaded=False, pace=0, options={"target": 1})
    session.attach(app, match)
    while not match.is_over:
        if match.human_to_act:
            match.apply(match.legal_actions()[0])
        else:
            match.run_computer_move()
    assert any("could not be saved" in t for t in app.toasts)
    assert sum("could not be removed" in t for t in app.toasts) == 1
    assert app.stats["sixtysix"]["easy"]["played"] == 1
    session.forget_saved(app)                  # New game: told again, never raised
    assert sum("could not be removed" in t for t in app.toasts) == 2
