"""Magpie on the program's own screens: the game picker has its tile, its setup builds a
match of it, the rules screen shows its rules; and what cannot be the game's own yet."""

from __future__ import annotations

import pygame
import pytest

from cardtable import i18n
from cardtable.engine import registry
from cardtable.i18n import Msg, tr
from cardtable.match import Match
from cardtable.ui.scenes.menu import MenuScene
from cardtable.ui.scenes.picker import PickerScene
from cardtable.ui.scenes.rules import RulesScene
from cardtable.ui.scenes.setup import SetupScene
from tests.ui.conftest import DT, click, frames, press

from .game.engine import GAME_ID, SPEC
from .game.table import RULES


def test_the_picker_offers_the_game_and_opens_its_setup(app):
    app.push(MenuScene())
    picker = app.push(PickerScene())
    frames(app)
    ids = [w.name for w in picker.form.widgets if hasattr(w, "spec")]
    assert ids == registry.ids() and ids[-1] == GAME_ID
    click(app, picker.widget(GAME_ID))
    assert isinstance(app.top, SetupScene) and app.top.game_id == GAME_ID
    press(app, pygame.K_ESCAPE)
    assert app.top is picker


def test_the_setup_builds_a_match_of_the_game(app):
    started = []
    app.on_start_match = started.append
    app.push(MenuScene())
    setup = app.push(SetupScene(GAME_ID))
    frames(app)
    config = setup.config()
    assert config["game"] == GAME_ID and config["options"] == SPEC.default_options()
    players = setup.widget("players")
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN,
                                 pos=(players.track_rect().right, players.rect.centery),
                                 button=1)], DT)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP,
                                 pos=(players.track_rect().right, players.rect.centery),
                                 button=1)], DT)
    assert setup.players == SPEC.max_players
    click(app, setup.widget("Start"))
    assert started and started[-1]["game"] == GAME_ID
    match = Match.from_config(started[-1], threaded=False, pace=0)
    assert match.n_players == SPEC.max_players and match.state.GAME_ID == GAME_ID


def test_the_rules_screen_shows_the_games_rules(app):
    setup = app.push(SetupScene(GAME_ID))
    frames(app)
    click(app, setup.widget("Rules"))
    rules = app.top
    assert isinstance(rules, RulesScene) and rules.game_id == GAME_ID
    frames(app)
    assert rules.widget("text") is not None
    assert RULES[0] == "Magpie" and "knock" in RULES[1]


@pytest.fixture
def french():
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


def test_every_text_of_the_game_has_its_french():
    from .game import catalogue

    po = catalogue.read(catalogue.po_path("fr"), "fr")
    missing = [m.id for m in catalogue.template() if m.id and (
        po.get(m.id, m.context) is None or not catalogue.translated(po.get(m.id, m.context)))]
    assert not missing, f"run python -m tests.sixth.game.catalogue and translate: {missing}"
    # the file the program reads is the catalogue compiled
    from babel.messages.mofile import read_mo

    with catalogue.po_path("fr").with_suffix(".mo").open("rb") as f:
        mo = read_mo(f)
    def entries(catalog) -> set:
        return {(m.id if isinstance(m.id, str) else tuple(m.id), m.context,
                 m.string if isinstance(m.string, str) else tuple(m.string))
                for m in catalog if m.id}

    assert entries(mo) == entries(po), "magpie.mo is stale"


def test_the_game_speaks_french_from_its_own_catalogue(french):
    assert tr(Msg("Knock")) == "Frapper"
    assert tr(Msg("knock to raise the stakes")) == "frapper pour faire monter l’enjeu"
    assert tr(Msg(SPEC.name)) == "La Pie"
    assert tr(i18n.of_game(SPEC.name)) == "de la Pie"
    # the program's own words stay the program's
    assert tr(Msg("Deal points")) == "Points de la donne"
    event = {"deal": 1, "dealer": 1, "trump": "S", "points": [100, 30], "tricks": [9, 3],
             "last_trick": [10, 0], "knocker": 0, "reason": "knock_made",
             "game_points": [3, 0]}
    from cardtable.ui.scenes.summary import SummaryScene

    heading = SummaryScene(event, [event], ["Ann", "Bob"], GAME_ID, humans=[0]).spoken_heading()
    assert "Celui qui a frappé a fait le plus de points" in heading
    assert "A frappé : Ann" in heading


def test_the_games_catalogue_goes_with_the_game(french):
    from .game.registration import GAME

    assert tr(Msg("Knock")) == "Frapper"
    registry.unregister(GAME_ID)
    try:
        assert tr(Msg("Knock")) == "Knock"
    finally:
        registry.register(GAME)
    assert tr(Msg("Knock")) == "Frapper"
