"""Every field a name is typed in (the setup's seats, Join, Play online) drops the letters
the typeface lacks and shows its one sentence whole in the window, at the least window
(800x500) and a large one (1920x1080); what else is typed there (addresses, ports, table
codes) goes in as before. Module: cardtable.ui.widgets.text."""

from __future__ import annotations

import pygame
import pytest

from cardtable import i18n
from cardtable.net import host, inbound
from cardtable.ui import netplay, theme
from cardtable.ui.app import App
from cardtable.ui.scenes.menu import MenuScene
from cardtable.ui.scenes.setup import SetupScene
from cardtable.ui.widgets.text import TextInput
from tests.ui.conftest import DT

SIZES = [(800, 500), (1920, 1080)]
MIXED = "Zoë 🃏 שלום مرحبا"


@pytest.fixture
def make(tmp_path):
    made: list[App] = []

    def build(size):
        app = App(size=size, settings={"sound": False, "server_address": "cards.example.org"},
                  settings_path=tmp_path / "settings.json")
        made.append(app)
        return app
    yield build
    for app in made:
        while app.stack:
            app.pop()


def open_screen(app: App, screen: str):
    app.push(MenuScene())
    if screen == "setup":
        scene = SetupScene("sixtysix")
        scene._restored = True
    else:
        scene = app.build(screen, **({"browse": False} if screen == "join" else {}))
    app.push(scene)
    for _ in range(3):
        app.step([], DT)
    return scene


def fields(scene) -> list[TextInput]:
    return [w for w in scene.form.widgets if isinstance(w, TextInput) and w.visible]


def typed(app: App, scene, field: TextInput, text: str) -> list[str]:
    """Focus ``field``, type ``text`` as one TEXTINPUT (a paste), draw a frame: the texts
    drawn in it."""
    scene.form.focus(field)
    app.step([pygame.event.Event(pygame.TEXTINPUT, text=text)], DT)
    seen: list[str] = []
    real = theme.draw_text

    def spy(surface, words, *args, **kwargs):
        seen.append(str(words))
        return real(surface, words, *args, **kwargs)
    theme.draw_text = spy
    try:
        app.step([], DT)
    finally:
        theme.draw_text = real
    return seen


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("screen,names", [("setup", ["seat0.name", "seat1.name"]),
                                          ("join", ["name"]), ("online", ["name"])])
def test_a_name_field_drops_what_it_cannot_show_and_says_so_whole(make, size, screen, names):
    app = make(size)
    scene = open_screen(app, screen)
    by_name = {w.name: w for w in fields(scene)}
    assert set(names) <= set(by_name), sorted(by_name)
    window = pygame.Rect((0, 0), size)
    for key in names:
        field = by_name[key]
        field.set_text("")
        drawn = typed(app, scene, field, MIXED)
        assert field.text.startswith("Zoë") and not set(field.text) & set("🃏שלוםمرحبا")
        assert any(t.startswith("This table's letters do not include") for t in drawn)
        plate, lines, _ = field.note_rect(size)
        assert window.contains(plate), (screen, key, plate)
        assert not plate.colliderect(field.rect)
        assert len(lines) <= 2, lines
        assert all(theme.font(theme.px(theme.SMALL)).size(line)[0] <= plate.width
                   for line in lines)


@pytest.mark.parametrize("screen,key,text", [("join", "address", "192.168.1.20"),
                                             ("join", "address", "fe80::1"),
                                             ("join", "port", "47650"),
                                             ("join", "code", "K7QFM-2XHPT"),
                                             ("online", "code", "k7qfm 2xhpt"),
                                             ("setup", "seat0.name", "Łukasz Γιώργος Иван")])
def test_what_else_is_typed_goes_in_as_before(make, screen, key, text):
    app = make((800, 500))
    scene = open_screen(app, screen)
    field = {w.name: w for w in fields(scene)}[key]
    field.set_text("")
    drawn = typed(app, scene, field, text)
    assert field.text == text[:field.max_length] and field.dropped == []
    assert not any("do not include" in t for t in drawn)


@pytest.mark.parametrize("size", SIZES)
def test_the_french_note_fits_too(make, size):
    app = make(size)
    scene = open_screen(app, "join")
    i18n.set_language("fr")
    try:
        app.step([], DT)            # (the screen is laid out again in French)
        field = {w.name: w for w in fields(scene)}["name"]
        drawn = typed(app, scene, field, MIXED)
        assert any(t.startswith("Les lettres de cette table n’incluent pas") for t in drawn)
        plate, lines, _ = field.note_rect(size)
        assert pygame.Rect((0, 0), size).contains(plate) and len(lines) <= 2
    finally:
        i18n.set_language("en")


def test_a_friend_whose_name_the_host_refused_reads_why_and_the_host_ends_it():
    """The host's refusal of a name of letters the typeface lacks (``unshowable_name``) is
    told in its own sentence (it read "The connection to the host was lost."), and the host
    ends the connection at once as for any other refused name (it waited for the hello's
    time to run out)."""
    assert netplay.words("unshowable_name") == inbound.UNSHOWABLE_NAME
    assert "unshowable_name" in host.FINAL
