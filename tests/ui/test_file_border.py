"""Where the window meets its own files: a damaged saved match takes Continue off the menu,
the saved window size keeps to the screen (cardtable/ui/main.py, app.py, scenes/menu.py;
the messages about damaged files: tests/ui/test_toasts.py)."""

from __future__ import annotations

import logging

import pygame
import pytest

from cardtable import i18n, storage
from cardtable.ui import main
from cardtable.ui.app import App
from cardtable.ui.scenes.menu import MenuScene
from cardtable.ui.window import MIN_SIZE, fit_window
from tests.ui.conftest import frames

#: a saved match the table cannot use: not JSON, and JSON of no match
DAMAGED = ["{ this is not", '{"game":"sixtysix","version":1,"seats":5}']


@pytest.fixture
def window(tmp_path):
    app = App(size=(1280, 720), settings={"sound": False, "animation_speed": "off"})
    app.data_dir = tmp_path / "data"
    app.data_dir.mkdir()
    yield app
    if app.table is not None:
        app.table.match.close()
    while app.stack:
        app.pop()
    i18n.set_language("en")


def buttons(menu: MenuScene) -> list[pygame.Rect]:
    return [w.rect for w in menu.form.widgets if w.visible]


def assert_laid_out_without_continue(menu: MenuScene) -> None:
    assert menu.widget("Continue") is None
    assert "Continue" not in menu.offered()
    panel = menu.panel_rect()
    outside = [r for r in buttons(menu) if not panel.contains(r)]
    assert not outside, f"buttons {outside} stick out of the panel {panel}"


@pytest.mark.parametrize("text", DAMAGED, ids=["garbage", "no match"])
def test_a_damaged_saved_match_takes_continue_off_the_menu_once_it_is_read(window, text):
    (window.data_dir / storage.MATCH_FILE).write_text(text)
    later = main.Later(window)
    menu = window.open("menu")
    assert menu.widget("Continue") is not None      # the file is there, not read yet
    later.load()                                     # after the first frame: the table reads it
    frames(window, 2)
    assert_laid_out_without_continue(menu)
    said = [i18n.tr(t.text) for t in window.toasts]
    assert len(said) == 1 and "saved match was damaged" in said[0], said
    assert not (window.data_dir / storage.MATCH_FILE).exists()


@pytest.mark.parametrize("text", DAMAGED, ids=["garbage", "no match"])
def test_continue_clicked_on_a_damaged_save_says_so_and_goes(window, text):
    (window.data_dir / storage.MATCH_FILE).write_text(text)
    main.Later(window)
    menu = window.open("menu")
    frames(window, 1)
    button = menu.widget("Continue")
    window.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1),
                 pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1)])
    frames(window, 1)
    assert window.table is None and window.top is menu
    said = [i18n.tr(t.text) for t in window.toasts]
    assert len(said) == 1 and "set aside" in said[0], said
    assert_laid_out_without_continue(menu)


def test_continue_that_finds_nothing_says_so_in_one_sentence(window):
    """However the match went (the hooks say there was one, then nothing resumes): one
    sentence, and the button goes."""
    there = [True]
    window.match_in_progress = lambda: there[0]

    def resume():
        there[0] = False

    window.on_continue_match = resume
    menu = window.open("menu")
    frames(window, 1)
    assert menu.widget("Continue") is not None
    menu.continue_match()
    said = [i18n.tr(t.text) for t in window.toasts]
    assert said == ["The saved match could not be read, so it was set aside."]
    assert_laid_out_without_continue(menu)


# --------------------------------------------------------------------------- window size


@pytest.mark.parametrize(("saved", "desktop", "size"), [
    ([-5, 100000], (1920, 1080), (1280, 720)),      # not a size: the default
    ([1280.5, 700], (1920, 1080), (1280, 720)),
    ("big", (1920, 1080), (1280, 720)),
    ([0, 0], (1920, 1080), (1280, 720)),
    ([5000, 4000], (1920, 1080), (1920, 1080)),     # no larger than the desktop
    ([1600, 100000], (1920, 1080), (1600, 1080)),
    ([1280, 720], (1024, 768), (1024, 720)),
    ([100, 50], (1920, 1080), MIN_SIZE),    # no smaller than the window can be
    ([1600, 900], (1920, 1080), (1600, 900)),
])
def test_the_saved_window_size_keeps_to_the_screen(saved, desktop, size):
    assert fit_window(saved, desktop) == size


def test_a_window_size_not_used_is_logged(caplog):
    with caplog.at_level(logging.INFO):
        assert fit_window([-5, 100000], (1920, 1080)) == (1280, 720)
    assert "[-5, 100000]" in caplog.text


def test_the_window_opens_within_the_desktop(monkeypatch):
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1024, 768)])
    app = App(settings={"sound": False, "window_size": [5000, 100000]})
    assert app.size == (1024, 768) and app.windowed_size == (1024, 768)
