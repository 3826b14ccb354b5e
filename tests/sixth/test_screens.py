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
from tests.ui.conftest import DT, app, click, frames, press, settings_file  # noqa: F401

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


@pytest.mark.xfail(strict=True, reason="blocker: cardtable/i18n.py reads one catalogue (the "
                   "'cardtable' domain in cardtable/assets/locale); a game in another "
                   "package cannot bring its own French, so its words stay English")
def test_the_games_own_words_have_french():
    try:
        i18n.set_language("fr")
        assert tr(Msg("Knock")) != "Knock"
        assert tr(Msg("Somebody has knocked this deal already.")) != \
            "Somebody has knocked this deal already."
    finally:
        i18n.set_language("en")
