"""A computer is never called "You" (cardtable/ui/scenes/setup.py): the log said "You wins
trick 3", "Deal 3: You deals." and "You scores 1 game point" of a computer in the first
seat. The setup kept the first seat's name "You" for a computer where a setup was kept
with no name for it, and a person's name went to the computer taking their seat. The lone
person really named "You" is spoken to: "You win trick 3", « Vous remportez le pli 3 »."""

from __future__ import annotations

import random

from cardtable import i18n
from cardtable.match import Match
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.setup import COMPUTER_NAMES, SetupScene, seat_names
from cardtable.ui.scenes.table import TableScene
from tests.ui.conftest import click, frames, type_text
from tests.ui.test_table import DT, dismiss_overlays


def setup_with(app, game: str, last: dict | None = None) -> SetupScene:
    if last is not None:
        app.settings["last_setup"] = last
    setup = app.push(SetupScene(game))
    frames(app)
    return setup


def names(setup: SetupScene) -> list[str]:
    return [s["name"] for s in setup.config()["seats"]]


def test_a_computer_kept_without_a_name_in_the_first_seat_is_not_you(app):
    """A setup kept with the first seat a computer's and no name for it (the settings file
    keeps no name it cannot clean): "You" before, a computer's name now."""
    setup = setup_with(app, "japanese65", {"japanese65": {
        "players": 4, "seats": [{"kind": "computer", "level": "hard"}]}})
    seats = setup.config()["seats"]
    assert seats[0]["kind"] == "computer"
    assert seats[0]["name"] in COMPUTER_NAMES
    assert "You" not in names(setup)


def test_no_computer_plays_under_a_person_s_default_name():
    assert seat_names([{"name": "You", "kind": "computer"},
                       {"name": "You", "kind": "human"},
                       {"name": "Player 3", "kind": "computer"}]) == ["Emil", "You", "Theo"]
    assert seat_names([{"name": "Bob", "kind": "computer"},
                       {"name": "", "kind": "human"}]) == ["Bob", "You"]


def test_a_computer_taking_the_person_s_seat_takes_a_computer_s_name(app):
    """The name typed at another game's table is the person's: the computer taking their
    seat gets a computer's name ("Ann" was the computer's before), and the name comes back
    with the person. A name typed for the seat here is kept."""
    setup = setup_with(app, "japanese65", {"sixtysix": {
        "players": 2, "seats": [{"name": "Ann", "kind": "human", "level": "easy"}]}})
    assert setup.seats[0]["name"] == "Ann"
    click(app, setup.widget("seat0.kind"))                  # human -> computer
    assert setup.seats[0]["kind"] == "computer"
    assert names(setup)[0] == "Emil"
    click(app, setup.widget("seat0.kind"))                  # computer -> human
    assert setup.seats[0]["kind"] == "human" and names(setup)[0] == "Ann"
    # at a table open to the network: human -> friend -> computer
    setup.set_network(True)
    click(app, setup.widget("seat0.kind"))
    click(app, setup.widget("seat0.kind"))
    assert setup.seats[0]["kind"] == "computer" and names(setup)[0] == "Emil"
    assert "You" not in names(setup) and "Ann" not in names(setup)
    # a name typed for the seat here names whoever sits there
    click(app, setup.widget("seat1.name"))
    type_text(app, "Robo")
    setup.set_kind(1, "computer")
    assert names(setup)[1] == "Robo"


def log_of(app, config: dict, lang: str) -> list[str]:
    """The log of ``config``'s first deal, the person playing at random."""
    table_mod.install(app)
    match = Match.from_config({**config, "seed": 5}, pace=0.0, threaded=False)
    table = TableScene(match, sound=False, pace=0.0, speed="off")
    said: list = []
    say = table.say
    table.say = lambda text: (said.append(text), say(text))
    table_mod.show_table(app, table)
    i18n.set_language(lang)
    rng = random.Random(1)
    try:
        for _ in range(3000):
            if app.top is not table:
                dismiss_overlays(app, table)
            if match.is_over or match.state.score_sheet:
                break
            if table.my_turn() and table.idle:
                match.apply(rng.choice(match.legal_actions()))
            app.step([], DT)
        return [i18n.tr(m) for m in said]
    finally:
        i18n.set_language("en")
        match.close()


def test_the_log_calls_no_computer_you_and_speaks_to_the_person(app):
    """A table set up with the first seat a computer's (kept without a name) and the person
    in the third: before, "You wins trick 1" for the computer. Now the computer is called
    by its name, and the person is spoken to ("You win trick n", « Vous remportez le pli
    n »)."""
    setup = setup_with(app, "japanese65", {"japanese65": {
        "players": 4, "seats": [{"kind": "computer", "level": "easy"},
                                {"kind": "computer", "level": "easy"},
                                {"kind": "human", "level": "easy"}]}})
    config = setup.config()
    assert [s["kind"] for s in config["seats"]][:3] == ["computer", "computer", "human"]
    assert config["seats"][2]["name"] == "You"
    app.pop()
    for lang, wrong, right in (("en", ("You wins", "You deals", "You scores"), "You win "),
                               ("fr", ("Vous remporte ", "Vous donne"), "Vous remportez")):
        lines = log_of(app, config, lang)
        computer = i18n.tr(i18n.seat_name(config["seats"][0]["name"]))
        assert any(line.startswith(computer) for line in lines), lines
        bad = [line for line in lines if any(w in line for w in wrong)]
        assert not bad, bad
        assert any(right in line for line in lines), lines


# ---- every path by which a computer came to be "You" (cardtable/names.py) ---------------

def test_a_name_typed_you_names_no_computer_and_no_second_person():
    """"You" typed for the third seat (or kept so) named a computer "You" there, and a
    second person at a table passed round: the lone person's word, no name of its own."""
    from cardtable.names import COMPUTER_NAMES as NAMES
    assert seat_names([{"name": "Ann", "kind": "human"},
                       {"name": "Margot", "kind": "computer"},
                       {"name": "You", "kind": "computer"}]) == ["Ann", "Margot", NAMES[1]]
    assert seat_names([{"name": "Ann", "kind": "human"},
                       {"name": "You", "kind": "human"}]) == ["Ann", "Player 2"]
    # the lone person typing "You" is "You" wherever they sit
    assert seat_names([{"name": "Theo", "kind": "computer"},
                       {"name": "You", "kind": "human"}]) == ["Theo", "You"]


def test_a_remembered_setup_with_a_computer_named_you_starts_none(app):
    """A setup kept (an older version's settings, a daily deal's seats kept over another
    habit) with a computer named "You" in the second seat: it played as "You" before."""
    setup = setup_with(app, "rummy65", {"rummy65": {
        "players": 3, "seats": [{"name": "Ann", "kind": "human", "level": "easy"},
                                {"name": "You", "kind": "computer", "level": "easy"},
                                {"name": "You", "kind": "computer", "level": "easy"}]}})
    assert names(setup) == ["Ann", "Margot", "Theo"]


def test_names_loaded_from_elsewhere_keep_you_for_one_person_only():
    from cardtable.names import fair_names
    assert fair_names(["You", "You", "Bob"], ["computer", "human", "computer"]) == \
        ["Emil", "You", "Bob"]
    assert fair_names(["You", "You", "You"], ["human", "human", "computer"]) == \
        ["You", "Player 2", "Theo"]
    # a table open to the network: the host's "You" stays beside the friends' names
    assert fair_names(["You", "Friend 2", "Kim"], ["human"] * 3) == ["You", "Friend 2", "Kim"]


def test_the_match_end_never_says_you_wins():
    """A saved match of an older version kept a computer named "You": its win read "You
    wins the match."; a person named "You" at a table passed round: "You wins the match!".
    Now the computer is called by its seat's computer name, and "You" is spoken to."""
    from cardtable.ui.scenes.matchend import daily_text, winner_text
    from cardtable.ui.scenes.summary_words import headline
    for lang, wrong in (("en", ("You wins", "You scores")), ("fr", ("Vous remporte ",
                                                                 "Vous gagne ", "Vous marque "))):
        i18n.set_language(lang)
        try:
            said = [i18n.tr(winner_text([1], ["Ann", "You"], "sixtysix", humans=[0])),
                    i18n.tr(winner_text([0], ["You", "Player 2"], "sixtysix", humans=[0, 1])),
                    i18n.tr(headline({"deal": 1, "game_points": [2, 0]}, ["You", "Player 2"],
                                     "sixtysix", humans=[0, 1])),
                    i18n.tr(daily_text([1], ["Ann", "You"], "sixtysix", humans=[0]))]
        finally:
            i18n.set_language("en")
        assert not [s for s in said if any(w in s for w in wrong)], said
        if lang == "en":
            assert said[0] == "Margot wins the match.", said
            assert said[1] == "You win the match!", said
            assert said[2].endswith("you score 2 game points"), said
            assert "You" not in said[3], said
