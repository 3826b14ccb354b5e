"""Play a deal code, and the daily deal, from New game (cardtable.ui.scenes.dealcode and the
setup screen)."""

from __future__ import annotations

import pygame

from cardtable import records
from cardtable.ui.scenes.dealcode import DealCodeScene
from cardtable.ui.scenes.setup import SetupScene
from tests.test_records import hands, played
from tests.ui.conftest import click, frames, press, type_text


def setup_with_starts(app, game: str) -> tuple[SetupScene, list[dict]]:
    started: list[dict] = []
    app.on_start_match = started.append
    scene = app.push(SetupScene(game))
    frames(app)
    return scene, started


def test_a_typed_code_starts_that_deal_with_the_levels_chosen(app):
    rec = played("sixtysix", 5150, 2)[1]
    setup, started = setup_with_starts(app, "sixtysix")
    setup.set_level(1, "hard")
    click(app, setup.widget("Deal code"))
    assert isinstance(app.top, DealCodeScene)
    type_text(app, rec["code"].lower().replace("-", " "))
    press(app, pygame.K_RETURN)
    assert app.top is setup and len(started) == 1
    config = started[0]
    assert config["seats"][1] == {"name": "Margot", "kind": "computer", "level": "hard"}
    code = records.decode(rec["code"])
    assert hands(code.new_state()) == hands(records.start_state(rec))
    assert (config["seed"], config["first_dealer"]) == (code.seed, code.dealer)


def test_a_bad_code_gets_one_sentence_and_nothing_starts(app):
    setup, started = setup_with_starts(app, "sixtysix")
    click(app, setup.widget("Deal code"))
    panel = app.top
    type_text(app, "3DPR-D4")
    click(app, panel.widget("Play"))
    assert app.top is panel and not started
    assert "typing mistake" in str(panel.problem)
    app.draw()
    type_text(app, "x")                       # typing again clears the sentence
    assert panel.problem is None
    press(app, pygame.K_ESCAPE)
    assert app.top is setup and not started


def test_the_daily_deal_starts_today_s_deal_of_the_game(app):
    setup, started = setup_with_starts(app, "japanese65")
    click(app, setup.widget("Daily deal"))
    [config] = started
    daily = records.daily_code("japanese65")
    assert config["seed"] == daily.seed and config["game"] == "japanese65"
    assert config["players"] == daily.players == len(config["seats"])
    assert config["options"] == dict(daily.options)
