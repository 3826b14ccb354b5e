"""One name for a seat everywhere: "Player 1", which pass-and-play gives the first seat,
is no name of anyone's choosing and is not carried into later matches (issue 32, 6.3)."""

from __future__ import annotations

from cardtable.ui.scenes.setup import SetupScene
from tests.ui.conftest import click, frames

PASS_AND_PLAY = {"game": "sixtysix", "players": 2, "options": {}, "first_dealer": None,
                 "seats": [{"name": "Player 1", "kind": "human", "level": "medium"},
                           {"name": "Player 2", "kind": "human", "level": "medium"}]}


def test_after_pass_and_play_another_game_s_setup_starts_with_you(app):
    started = []
    app.on_start_match = started.append
    app.start_match(dict(PASS_AND_PLAY))
    setup = app.push(SetupScene("japanese65"))
    frames(app)
    assert setup.seats[0]["name"] == "You"
    assert setup.widget("seat0.name").text == ""           # the grey hint, not a name
    click(app, setup.widget("Start"))
    assert started[-1]["seats"][0]["name"] == "You"


def test_the_same_game_against_a_computer_again_starts_with_you(app):
    started = []
    app.on_start_match = started.append
    app.start_match(dict(PASS_AND_PLAY))
    setup = app.push(SetupScene("sixtysix"))
    frames(app)
    assert setup.seats[1]["kind"] == "human"
    click(app, setup.widget("seat1.kind"))                  # human -> computer
    assert setup.seats[1]["kind"] == "computer"
    click(app, setup.widget("Start"))
    names = [s["name"] for s in started[-1]["seats"]]
    assert names[0] == "You" and names[1] != "Player 2"


def test_pass_and_play_again_names_everybody(app):
    started = []
    app.on_start_match = started.append
    app.start_match(dict(PASS_AND_PLAY))
    setup = app.push(SetupScene("sixtysix"))
    frames(app)
    click(app, setup.widget("Start"))
    assert [s["name"] for s in started[-1]["seats"]] == ["Player 1", "Player 2"]


def test_a_typed_name_is_kept_alone_or_with_others(app):
    started = []
    app.on_start_match = started.append
    app.start_match({**PASS_AND_PLAY, "seats": [
        {"name": "Ana", "kind": "human", "level": "medium"},
        {"name": "Player 2", "kind": "human", "level": "medium"}]})
    setup = app.push(SetupScene("sixtysix"))
    frames(app)
    click(app, setup.widget("seat1.kind"))
    click(app, setup.widget("Start"))
    assert started[-1]["seats"][0]["name"] == "Ana"


def test_a_deal_code_against_computers_after_pass_and_play_starts_with_you(app):
    from cardtable import records
    started = []
    app.on_start_match = started.append
    app.start_match(dict(PASS_AND_PLAY))
    setup = app.push(SetupScene("japanese65"))
    frames(app)
    config = setup.code_config(records.daily_code("japanese65"))
    assert config["seats"][0]["name"] == "You"
