"""The Join form from the keyboard: Enter in a field joins when the form is complete, or
goes to the next field that is empty or wrong; it never reaches Back (a newcomer's third
Enter left the screen). An error about a field goes at that field's next edit.

Module: cardtable.ui.scenes.join (Enter in its fields, its errors)."""

from __future__ import annotations

import pygame
import pytest

from cardtable.i18n import tr
from cardtable.ui import netplay
from cardtable.ui.scene import Scene
from cardtable.ui.scenes.join import FIELDS, JoinScene

from .conftest import click, press, type_text

CODE = "K7QFM-2XHPT"


@pytest.fixture
def join(app, tmp_path, monkeypatch):
    monkeypatch.setattr(netplay, "seats_file", lambda: tmp_path / "net_seats.json")
    tried: list[tuple] = []
    # no network here: what would be tried is written down
    monkeypatch.setattr(JoinScene, "_connect",
                        lambda self, *args: tried.append(args))
    app.push(Scene())                     # the menu under it: Back would go there
    scene = app.build("join", browse=False)
    app.push(scene)
    scene.tried = tried
    return scene


def enter(app) -> None:
    press(app, pygame.K_RETURN, unicode="\r")


def focused(join) -> str | None:
    w = join.form.focused
    return w.name if w is not None else None


def test_typing_the_form_through_with_enter_joins_and_never_leaves(app, join):
    click(app, join.widget("address"))
    assert focused(join) == "address"
    type_text(app, "127.0.0.1")
    enter(app)                                  # the port is filled in: on to the code
    assert focused(join) == "code" and not join.tried
    enter(app)                                  # no code yet: it stays, and says so
    enter(app)
    assert app.top is join and focused(join) == "code" and not join.tried
    assert "table code" in tr(join.status) and join.status_bad
    type_text(app, CODE)
    assert join.status is None                  # the code's error went as it was typed
    enter(app)
    assert app.top is join
    assert join.tried == [("127.0.0.1", 47650, join.tried[0][2], CODE, None)]


@pytest.mark.parametrize("key", [k for k, _ in FIELDS])
def test_enter_in_any_field_of_a_complete_form_joins(app, join, key):
    join.values.update(address="127.0.0.1", port="9", code=CODE, name="Ann")
    join.rebuild()
    join.form.focus(join.widget(key))
    enter(app)
    assert app.top is join
    assert join.tried == [("127.0.0.1", 9, "Ann", CODE, None)]


def test_enter_in_the_name_of_an_incomplete_form_goes_back_to_what_is_missing(app, join):
    join.values.update(address="", code="", name="Ann")
    join.rebuild()
    join.form.focus(join.widget("name"))
    enter(app)
    assert focused(join) == "address"           # round the form, to the first one wanting
    for _ in range(3):
        enter(app)
    assert app.top is join and not join.tried


def test_a_wrong_address_is_said_and_its_error_goes_at_its_next_edit(app, join):
    join.values.update(address="999.1.1.1", code=CODE, name="Ann")
    join.rebuild()
    join.form.focus(join.widget("code"))
    enter(app)                                  # the code is right: back to the address
    assert focused(join) == "address"
    assert "not an address" in tr(join.status) and not join.tried
    type_text(app, "x")                         # an edit of the address: its error goes
    assert join.status is None
    join.say("The port is a number from 1 to 65535.", bad=True, field="port")
    type_text(app, "y")                         # an edit elsewhere keeps another's error
    assert join.status is not None


def test_the_address_corrected_with_the_mouse_then_enter_joins(app, join):
    """The tester's case: a wrong address, then corrected: the old error goes, Enter
    joins."""
    join.values.update(address="1.2.3", code=CODE, name="Ann")
    join.rebuild()
    join.join()
    assert "not an address" in tr(join.status)
    click(app, join.widget("address"))
    type_text(app, ".4")
    assert join.status is None
    enter(app)
    assert join.tried == [("1.2.3.4", 47650, "Ann", CODE, None)]


def test_an_address_typed_with_its_port_joins_on_that_port(app, join):
    join.values.update(address="127.0.0.1:9", port="47650", code=CODE, name="Ann")
    join.rebuild()
    join.form.focus(join.widget("address"))
    enter(app)
    assert join.tried == [("127.0.0.1", 9, "Ann", CODE, None)]
    assert (join.values["address"], join.values["port"]) == ("127.0.0.1", "9")
