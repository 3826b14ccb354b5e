"""The one-line text field (cardtable.ui.widgets.text): typing, its limit, and that a full
field says so (the name field stopped at 18 letters without a word)."""

from __future__ import annotations

import pygame

from cardtable.ui import theme
from cardtable.ui.widgets.text import TextInput


def field(text: str = "", limit: int = 18) -> TextInput:
    w = TextInput(text, max_length=limit, rect=pygame.Rect(10, 10, 300, 40))
    w.focused = True
    return w


def drawn_texts(monkeypatch, widget: TextInput) -> list[str]:
    seen: list[str] = []
    real = theme.draw_text

    def spy(surface, words, *args, **kwargs):
        seen.append(str(words))
        return real(surface, words, *args, **kwargs)

    monkeypatch.setattr(theme, "draw_text", spy)
    widget.draw(pygame.Surface((400, 80), pygame.SRCALPHA))
    return seen


def test_typing_stops_at_the_limit_and_keeps_what_fits():
    w = field("Maximilian", 18)
    assert w.text_input("-Alexander von") is True
    assert w.text == "Maximilian-Alexand" and w.cursor == 18
    assert w.text_input("x") is True and w.text == "Maximilian-Alexand"


def test_a_full_field_shows_that_it_is_full(monkeypatch):
    w = field("Maximilian", 18)
    assert not any("/18" in t for t in drawn_texts(monkeypatch, w))
    w.text_input("-Alexander von")
    shown = drawn_texts(monkeypatch, w)
    assert "18/18" in shown, shown
    assert any(t.startswith("Maximilian") for t in shown)      # the name still shows


def test_the_count_shows_only_while_the_field_has_the_focus(monkeypatch):
    w = field("a" * 18, 18)
    w.focused = False
    assert "18/18" not in drawn_texts(monkeypatch, w)
