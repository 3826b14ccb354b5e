"""The setup's "Open this table to the network" switched on and off again gives back the
seats as they were: the computer at the second seat (Margot) had become "Player 2", a
person's seat for pass-and-play."""

from __future__ import annotations

from cardtable.ui.scenes.setup import SetupScene
from tests.ui.conftest import click, frames, type_text


def open_setup(app, game: str = "japanese65", last: dict | None = None) -> SetupScene:
    if last is not None:
        app.settings["last_setup"] = last
    setup = app.push(SetupScene(game))
    frames(app)
    return setup


def seats(setup: SetupScene) -> list[tuple[str, str, str]]:
    return [(s["name"], s["kind"], s["level"]) for s in setup.config()["seats"]]


def test_on_then_off_gives_back_the_computer_at_the_second_seat(app):
    setup = open_setup(app)
    before = seats(setup)
    assert [k for _, k, _ in before] == ["human", "computer", "computer", "computer"]
    click(app, setup.widget("network"))
    frames(app)
    assert setup.network and setup.seats[1]["kind"] == "friend"
    click(app, setup.widget("network"))
    frames(app)
    assert not setup.network
    assert seats(setup) == before
    assert setup.widget("seat1.kind").value == "computer"
    assert setup.widget("seat1.level").visible


def test_on_then_off_gives_back_people_and_their_names(app):
    """Two people and two computers: the second person's seat was a friend's while open, a
    person's again after, under the name kept for it; the computers never moved."""
    setup = open_setup(app, last={"japanese65": {"players": 4, "seats": [
        {"name": "Ann", "kind": "human", "level": "medium"},
        {"name": "Bea", "kind": "human", "level": "medium"},
        {"name": "Hal", "kind": "computer", "level": "hard"},
        {"name": "", "kind": "computer", "level": "easy"}]}})
    before = seats(setup)
    setup.set_network(True)
    assert [s["kind"] for s in setup.seats] == ["human", "friend", "computer", "computer"]
    setup.set_network(False)
    assert seats(setup) == before
    assert before[2] == ("Hal", "computer", "hard")


def test_a_seat_changed_while_open_keeps_the_change(app):
    """What was chosen while the table was open stays: a seat made a person's stays one, a
    name typed for a Friend seat names the computer given back."""
    setup = open_setup(app)
    setup.set_network(True)
    setup.set_kind(2, "human")
    click(app, setup.widget("seat1.name"))
    type_text(app, "Zed")
    setup.set_network(False)
    assert [s["kind"] for s in setup.seats[:4]] == ["human", "computer", "human", "computer"]
    assert setup.seats[1]["name"] == "Zed"


def test_a_setup_restored_open_keeps_its_friends_as_people_when_closed(app):
    setup = open_setup(app, last={"japanese65": {"players": 3, "seats": [
        {"name": "", "kind": "human", "level": "medium"},
        {"name": "", "kind": "friend", "level": "medium"},
        {"name": "", "kind": "computer", "level": "medium"}]}})
    assert setup.network
    setup.set_network(False)
    assert [s["kind"] for s in setup.seats[:3]] == ["human", "human", "computer"]
    setup.set_network(True)
    setup.set_network(True)             # asked twice: the seats before are still known
    setup.set_network(False)
    assert [s["kind"] for s in setup.seats[:3]] == ["human", "human", "computer"]
