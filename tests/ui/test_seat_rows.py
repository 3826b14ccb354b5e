"""The setup's seat rows (cardtable/ui/scenes/seat_rows.py): a seat on one line while every
name shown fits its field there, on two (the name across the row, the kind and level under
it) once one does not; typing a long name lays the seats out again without losing the
caret, and clearing it brings the single lines back."""

from __future__ import annotations

import pygame
import pytest

from cardtable import i18n
from cardtable.names import NAME_LENGTH
from cardtable.ui import theme
from cardtable.ui.app import App
from cardtable.ui.scenes import seat_rows
from tests.ui.test_setup_fit import open_setup, setup_problems
from tests.ui.test_text_scale import Recorder

LONG = "Maximiliane Duvals"


@pytest.fixture(autouse=True)
def plain_afterwards():
    yield
    i18n.set_language("en")
    theme.set_access(False, "normal")


def make_app(size=(1280, 720), lang="fr", text_size="larger") -> App:
    return App(size=size, settings={"sound": False, "language": lang, "text_size": text_size},
               settings_path=None)


def test_one_line_places_fill_the_row_and_two_line_places_stack():
    make_app(text_size="normal")
    one = seat_rows.places(10, 100, 600, 3, 40, False, 150, 120)
    assert [p.row.top for p in one] == [100, 146, 192]
    for p in one:
        assert p.name.top == p.kind.top == p.level.top == p.row.top
        assert p.name.right < p.kind.left < p.kind.right < p.level.left
        assert p.level.right <= p.row.right and p.kind.width >= 150
        assert p.number_y == p.row.centery
    two = seat_rows.places(10, 100, 600, 3, 40, True, 150, 120)
    for p, q in zip(two, two[1:], strict=False):
        assert p.row.bottom < q.row.top
    for p in two:
        assert p.name.width == 600 - theme.px(34) and p.name.right == p.row.right
        assert p.kind.top > p.name.bottom and p.kind.top == p.level.top
        assert p.kind.left == p.name.left and p.level.right == p.row.right
        assert p.kind.width >= 150 and p.level.width >= 120
        assert p.row.contains(p.kind) and p.row.contains(p.level)
        assert p.number_y == p.name.centery


def test_a_full_name_leaves_room_for_its_count():
    make_app(text_size="normal")
    short = "Ann"
    full = "A" * NAME_LENGTH
    assert seat_rows.name_room(200, short, NAME_LENGTH) == 200 - theme.px(24)
    assert seat_rows.name_room(200, full, NAME_LENGTH) < 200 - theme.px(24)
    width = theme.text_size(full, theme.px(theme.BODY))[0] + theme.px(24)
    assert not seat_rows.names_fit([full], width, NAME_LENGTH)
    assert seat_rows.names_fit([full[:-1]], width, NAME_LENGTH)
    assert seat_rows.names_fit(["", short], 60, NAME_LENGTH)


def test_the_seats_take_two_lines_only_for_a_name_that_does_not_fit():
    app = make_app()
    scene = open_setup(app, "rummy65", 8, True)
    assert not scene.two_line_seats
    rows = list(scene.seat_rows)
    assert all(r.height == scene.widget("seat0.kind").rect.height for r in rows)
    scene.seats[2]["name"] = LONG
    scene.rebuild()
    assert scene.two_line_seats
    name, kind = scene.widget("seat2.name"), scene.widget("seat2.kind")
    assert name.rect.width > kind.rect.width and kind.rect.top > name.rect.bottom


def test_typing_a_long_name_lays_the_seats_out_again_keeping_the_caret(monkeypatch):
    app = make_app()
    scene = open_setup(app, "rummy65", 8, True)
    field = scene.widget("seat3.name")
    scene.form.focus(field)
    field.set_text("")
    for letter in LONG:
        scene.widget("seat3.name").text_input(letter)
    field = scene.widget("seat3.name")
    assert scene.two_line_seats and scene.seats[3]["name"] == LONG
    assert scene.form.focused is field and field.cursor == len(LONG)
    rec = Recorder(monkeypatch)
    rec.draw(scene)
    assert not rec.cut
    assert LONG in [d.text for d in rec.drawn if d.owner is field]
    # cleared again: one line a seat
    for _ in LONG:
        field = scene.widget("seat3.name")
        field.key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0,
                                     unicode=""))
    assert scene.seats[3]["name"] == "" and not scene.two_line_seats
    assert scene.form.focused is scene.widget("seat3.name")


@pytest.mark.parametrize("size", [(800, 500), (1280, 720), (1920, 1080)],
                         ids=["800x500", "1280x720", "1920x1080"])
@pytest.mark.parametrize("text_size", ["normal", "larger"])
def test_long_names_show_whole_and_nothing_overlaps(monkeypatch, size, text_size):
    app = make_app(size, "fr", text_size)
    rec = Recorder(monkeypatch)
    found = []
    for game, players in (("rummy65", 8), ("sixtysix", 2), ("japanese65", 4)):
        for network in (False, True):
            scene = open_setup(app, game, players, network)
            for i in range(players):
                scene.seats[i]["name"] = LONG if i % 2 == 0 else "Jean-Christophe B."
            scene.rebuild()
            for _ in range(2):
                app.step([], 1 / 60)
            assert scene.two_line_seats
            found += [f"{game} {players} {network}: {p}" for p in setup_problems(scene, rec)]
    assert not found, "\n".join(found[:20])
