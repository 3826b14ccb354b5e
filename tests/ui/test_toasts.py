"""The window's toasts (cardtable/ui/toasts.py): the messages a start with damaged files
gives are wrapped to the room the screen gives them, read whole (they last as long as
reading them takes), cover no button of the menu nor each other, and go at a click."""

from __future__ import annotations

import itertools

import pygame
import pytest

from cardtable import i18n, storage
from cardtable.ui.app import App
from cardtable.ui.scenes.menu import MenuScene
from cardtable.ui.toasts import reading_time
from tests.ui.conftest import frames


def buttons(menu: MenuScene) -> list[pygame.Rect]:
    return [w.rect for w in menu.form.widgets if w.visible]


def damage_messages(folder) -> list:
    """The three sentences a start with damaged settings, statistics and saved match gives."""
    (folder / "settings.json").write_text('{"version": 1, "fel')
    (folder / "stats.json").write_text("")
    (folder / "match.json").write_text("garbage")
    return [storage.load_settings(folder / "settings.json")[1],
            storage.load_stats(folder / "stats.json")[1],
            storage.load_match(folder / "match.json")[1]]


SIZES = [(1280, 720), (800, 500)]


@pytest.mark.parametrize(("size", "lang", "text_size"),
                         list(itertools.product(SIZES, ["en", "fr"], ["normal", "larger"])))
def test_messages_about_damaged_files_cover_no_button_and_no_other(tmp_path, size, lang,
                                                                    text_size):
    messages = damage_messages(tmp_path)
    assert all(messages)
    app = App(size=size, settings={"sound": False, "language": lang, "text_size": text_size})
    try:
        menu = app.push(MenuScene())
        for message in messages:
            app.toast(message, seconds=6.0, kind="bad")
        frames(app, 2)
        boxes = [rect for rect, _ in app.toast_boxes()]
        assert len(boxes) == 3
        window = app.screen.get_rect()
        for rect in boxes:
            assert window.contains(rect), (rect, window)
            hit = [b for b in buttons(menu) + [menu.panel_rect()] if rect.colliderect(b)]
            assert not hit, f"a toast {rect} covers {hit}"
        for a, b in itertools.combinations(boxes, 2):
            assert not a.colliderect(b), (a, b)
    finally:
        i18n.set_language("en")


def test_a_long_message_is_wrapped_to_the_window(tmp_path):
    message = damage_messages(tmp_path)[1]
    app = App(size=(800, 500), settings={"sound": False})
    app.toast(message, kind="bad")
    (rect, _), = app.toast_boxes()
    assert app.screen.get_rect().contains(rect) and rect.width < 800
    lines = app.toast_lines()[0][0]
    assert len(lines) > 1 and " ".join(lines) == i18n.tr(message)


def test_a_problem_stays_long_enough_to_read_and_after_the_ones_before_it(tmp_path):
    messages = damage_messages(tmp_path)
    app = App(size=(1280, 720), settings={"sound": False})
    toasts = [app.toast(m, seconds=6.0, kind="bad") for m in messages]
    for toast, message in zip(toasts, messages, strict=True):
        assert toast.seconds >= reading_time(message) >= len(i18n.tr(message)) / 15
    assert toasts[2].seconds >= sum(reading_time(m) for m in messages)
    short = app.toast(i18n.N_("Copied."), seconds=2.8, kind="good")
    assert short.seconds == 2.8          # a short word of good news goes as before


def test_a_click_on_a_message_sends_it_away_and_not_to_what_is_under_it(tmp_path):
    app = App(size=(1280, 720), settings={"sound": False})
    menu = app.push(MenuScene())
    toast = app.toast(damage_messages(tmp_path)[0], kind="bad")
    frames(app, 2)
    rect = app.toast_rects[0]
    clicked = []
    menu.handle_event = lambda event: clicked.append(event) or True
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)])
    assert not clicked and toast.seconds - toast.age <= toast.FADE_OUT
    frames(app, 40)
    assert not app.toasts
