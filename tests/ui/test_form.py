"""The form's keyboard focus (cardtable.ui.widgets.form): Enter acts on a focus the person
can see, never on one they cannot.

A newcomer came back from Settings with the mouse, pressed Enter and Settings opened again:
the gold Continue looked like the default, and no focus ring was shown. While no ring is
shown (the mouse was used last) Enter presses the screen's default button, the primary
(gold) one, and the first arrow key only shows the ring where the focus is; once the ring
is shown, Enter acts on the widget it is on."""

from __future__ import annotations

import pygame

from cardtable.ui.scene import Scene
from cardtable.ui.scenes.menu import MenuScene
from cardtable.ui.widgets import Button, Form, TextInput, Toggle
from tests.ui.conftest import DT, click, frames, press


class Host(Scene):
    def __init__(self, widgets):
        super().__init__()
        self.form = Form(widgets)

    def handle_event(self, event):
        return self.form.handle_event(event)

    def update(self, dt):
        self.form.update(dt)

    def draw(self, surface):
        surface.fill((0, 0, 0))
        self.form.draw(surface)


def host(app, *widgets):
    for i, w in enumerate(widgets):
        w.rect = pygame.Rect(40, 20 + 60 * i, 400, 46)
    scene = Host(list(widgets))
    app.push(scene)
    app.step([], DT)
    return scene


def buttons(log: list, *styles: str) -> list[Button]:
    return [Button(f"B{i}", lambda i=i: log.append(i), style=style)
            for i, style in enumerate(styles)]


def test_enter_after_a_click_presses_the_gold_button_not_the_one_clicked(app):
    log: list = []
    a, gold, other = buttons(log, "normal", "primary", "normal")
    scene = host(app, a, gold, other)
    click(app, other)
    assert log == [2] and scene.form.focused is other and not other.show_focus
    press(app, pygame.K_RETURN)
    assert log == [2, 1]
    frames(app, 1)
    assert scene.form.focused is gold and gold.show_focus   # the ring shows what was pressed


def test_keypad_enter_too(app):
    log: list = []
    a, gold = buttons(log, "normal", "primary")
    host(app, a, gold)
    click(app, a)
    press(app, pygame.K_KP_ENTER)
    assert log == [0, 1]


def test_once_the_ring_is_shown_enter_acts_on_it(app):
    log: list = []
    a, gold, other = buttons(log, "normal", "primary", "normal")
    scene = host(app, a, gold, other)
    click(app, other)
    press(app, pygame.K_DOWN)                # the first arrow shows the ring, on `other`
    assert scene.form.focused is other and log == [2]
    frames(app, 1)
    assert other.show_focus
    press(app, pygame.K_RETURN)
    assert log == [2, 2]


def test_without_a_gold_button_enter_only_shows_the_ring(app):
    log: list = []
    a, b = buttons(log, "normal", "quiet")
    scene = host(app, a, b)
    click(app, b)
    press(app, pygame.K_RETURN)
    assert log == [1]
    frames(app, 1)
    assert scene.form.focused is b and b.show_focus
    press(app, pygame.K_RETURN)
    assert log == [1, 1]


def test_a_disabled_or_hidden_gold_button_is_no_default(app):
    log: list = []
    a, gold, gold2 = buttons(log, "normal", "primary", "primary")
    gold.enabled = False
    gold2.visible = False
    host(app, a, gold, gold2)
    click(app, a)
    press(app, pygame.K_RETURN)
    assert log == [0]


def test_the_keyboard_used_before_a_screen_opens_keeps_its_enter(app):
    """A screen opened with the ring shown (a question's Cancel has it from the start):
    Enter acts on the focus, not on the gold button."""
    log: list = []
    a, gold = buttons(log, "normal", "primary")
    scene = host(app, a, gold)
    scene.form.keyboard = True
    scene.form.focus(a)
    press(app, pygame.K_RETURN)
    assert log == [0]


def test_a_text_field_clicked_into_takes_enter_as_before(app):
    """A text field shows its own focus (the caret): Enter there goes on to the next
    widget, as it always did, rather than pressing the gold button."""
    log: list = []
    field = TextInput("Name", "Ann")
    gold = Button("Join", lambda: log.append("join"), style="primary")
    scene = host(app, field, gold)
    click(app, field)
    press(app, pygame.K_RETURN)
    assert log == [] and scene.form.focused is gold


def test_space_still_works_the_switch_just_clicked(app):
    seen: list = []
    t = Toggle("Sound", False, seen.append)
    gold = Button("OK", lambda: seen.append("ok"), style="primary")
    host(app, t, gold)
    click(app, t)
    press(app, pygame.K_SPACE)
    assert seen == [True, False]


def test_the_menu_after_settings_with_the_mouse(app, monkeypatch):
    """The newcomer's case on the real menu: Settings clicked, back with the mouse, Enter:
    Continue (gold), not Settings again."""
    monkeypatch.setattr(app, "has_match_in_progress", lambda: True)
    log: list = []
    menu = MenuScene()
    menu.continue_match = lambda: log.append("continue")
    menu.settings = lambda: log.append("settings")
    app.push(menu)
    frames(app, 2)
    click(app, menu.widget("Settings"))
    assert log == ["settings"]
    press(app, pygame.K_RETURN)
    assert log == ["settings", "continue"]


def test_the_menu_first_arrow_shows_the_ring_where_the_focus_is(app, monkeypatch):
    """Focus on Quit after a click elsewhere: Down only shows the ring on Quit, Up moves it
    to the button above, Enter presses that one, never Quit unseen."""
    monkeypatch.setattr(app, "has_match_in_progress", lambda: True)
    log: list = []
    menu = MenuScene()
    menu.quit = lambda: log.append("quit")
    menu.recent = lambda: log.append("recent")
    app.push(menu)
    frames(app, 2)
    menu.form.focus(menu.widget("Quit"))
    click(app, (5, 5))                          # the mouse, on nothing
    press(app, pygame.K_DOWN)
    assert menu.form.focused is menu.widget("Quit")
    press(app, pygame.K_UP)
    assert menu.form.focused is menu.widget("Recent matches")
    press(app, pygame.K_RETURN)
    assert log == ["recent"]


def test_a_screen_opened_with_the_keys_shows_its_ring_at_once(app):
    """A keyboard player opening a screen (or going back with Esc) sees where the focus is
    without pressing an arrow first; after the mouse, a new screen shows no ring."""
    menu = app.open("menu")
    frames(app)
    press(app, pygame.K_DOWN)                    # the keys in use: the menu's ring shows
    assert menu.form.keyboard
    settings = app.open("settings")
    frames(app)
    assert settings.form.keyboard
    app.pop()
    assert app.top is menu and menu.form.keyboard
    click(app, (2, 2))                           # the mouse now
    assert not menu.form.keyboard
    assert not app.open("settings").form.keyboard
