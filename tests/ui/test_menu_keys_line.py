"""The main menu's line of keys ("F11 full screen · Tab and arrows move, Enter chooses")
stays in one place, under the title's column, with Continue or without it: it was centred on
the window without Continue and moved under the title with it (the panel, a button longer,
reached the foot), so it jumped as a match was saved or ended."""

from __future__ import annotations

import pytest

from cardtable import i18n
from cardtable.ui import theme
from cardtable.ui.window import MIN_SIZE
from tests.ui.test_menu_layout import drawn_menu

SIZES = [MIN_SIZE, (800, 600), (1280, 720), (1920, 1080)]


@pytest.fixture(autouse=True)
def plain_afterwards():
    yield
    i18n.set_language("en")
    theme.set_access(False, "normal")


def keys_line(monkeypatch, size, lang, text, continued):
    _app, menu, texts, fan = drawn_menu(monkeypatch, size, lang, text, None, continued)
    lines = [rect for words, rect in texts if words.startswith("F11")]
    assert len(lines) == 1, texts
    return menu, lines[0], fan


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang,text", [("en", "normal"), ("fr", "larger")])
def test_the_keys_line_keeps_its_place_with_continue_or_without(monkeypatch, size, lang, text):
    menu, without, fan = keys_line(monkeypatch, size, lang, text, continued=False)
    panel = menu.panel_rect()
    _menu, with_continue, _fan = keys_line(monkeypatch, size, lang, text, continued=True)
    assert abs(without.centerx - with_continue.centerx) <= 1, (without, with_continue)
    assert without.bottom == with_continue.bottom
    # under the title: centred on the fan's column, left of the menu panel
    assert abs(without.centerx - fan.centerx) <= 1, (without, fan)
    assert without.right < panel.left
