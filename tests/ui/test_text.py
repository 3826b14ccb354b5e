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


PASTED = "Hi! Try this one: Deal code: F4AW-938W, it was a close game with a nice marriage"


def fits_the_field(w: TextInput, shown: str) -> bool:
    size = theme.px(theme.BODY)
    return theme.font(size).size(shown)[0] <= w.rect.width - theme.px(24)


def test_a_long_text_scrolls_so_the_caret_and_what_is_typed_show(monkeypatch):
    """Typing past the field's width: the end being typed shows (with a mark before it for
    what lies out of view), not the beginning cut with "…" and the caret lost."""
    w = field(limit=200)
    w.text_input(PASTED)
    shown = drawn_texts(monkeypatch, w)
    words = max(shown, key=len)
    assert words != PASTED and PASTED.endswith(words), shown
    assert shown.count("…") == 1 and fits_the_field(w, words)
    w.text_input("!")
    assert max(drawn_texts(monkeypatch, w), key=len).endswith("marriage!")


def test_the_caret_taken_home_shows_the_beginning_and_a_click_lands_on_the_letter_under_it(
        monkeypatch):
    w = field(limit=200)
    w.text_input(PASTED)
    w.key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0, unicode=""))
    shown = drawn_texts(monkeypatch, w)
    words = max(shown, key=len)
    assert PASTED.startswith(words) and words.startswith("Hi! Try") and "…" in shown
    w.key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode=""))
    drawn_texts(monkeypatch, w)
    first = w.first
    assert first > 0
    # a click just right of the mark before the text: the caret before the first letter shown
    size = theme.px(theme.BODY)
    x = w.rect.left + theme.px(12) + theme.font(size).size("…")[0] + 1
    w.mouse_down((x, w.rect.centery))
    assert w.cursor in (first, first + 1)


def test_without_the_focus_the_field_shows_its_beginning(monkeypatch):
    w = field(limit=200)
    w.text_input(PASTED)
    w.focused = False
    shown = drawn_texts(monkeypatch, w)
    assert any(t.startswith("Hi! Try") and t.endswith("…") for t in shown), shown


def test_a_field_says_what_it_is_for():
    from cardtable.i18n import Msg

    code = TextInput("F4AW-938W", label=Msg("Deal code"))
    assert code.spoken() == "Deal code: F4AW-938W"
    assert TextInput("", label=Msg("Deal code"), hint="For example X").spoken() == \
        "Deal code: empty"
    assert TextInput("Margot").spoken() == "Name field: Margot"     # a name, as before


# ---- letters the typeface lacks ----------------------------------------------------


def test_a_pasted_name_keeps_its_showable_letters_and_says_which_it_dropped(monkeypatch):
    w = field()
    changes: list[str] = []
    w.on_change = changes.append
    assert w.text_input("Zoë 🃏 שלום مرحبا") is True
    assert w.text == "Zoë " and w.cursor == 4 and changes == ["Zoë "]
    assert w.dropped[:2] == ["🃏", "ש"] and len(w.dropped) == 10
    drawn = drawn_texts(monkeypatch, w)
    note = [t for t in drawn if "do not include" in t]
    # drawn, the letters would be boxes: their count; said, the letters themselves
    assert note and note[0].startswith("This table's letters do not include 10 letters")
    assert "do not include 🃏, ש" in w.spoken()


def test_only_unshowable_letters_change_nothing_but_are_said():
    w = field("Ann")
    assert w.text_input("🃏") is True
    assert w.text == "Ann" and w.cursor == 3 and w.dropped == ["🃏"]
    assert w.text_input("שלום b") is True
    assert w.text == "Ann b" and w.dropped == ["ש", "ל", "ו", "ם"]


def test_the_note_goes_with_the_focus(monkeypatch):
    w = field()
    w.text_input("Zoë 🃏")
    w.focused = False
    w.update(0.016)
    assert w.dropped == []
    w.focused = True
    assert not any("do not include" in t for t in drawn_texts(monkeypatch, w))


def test_showable_text_says_nothing_and_controls_go_silently_as_before():
    w = field()
    assert w.text_input("Łukasz Γιώργος\u200b\x07") is True
    assert w.text == "Łukasz Γιώργος" and w.dropped == []


def test_the_note_fits_the_window_over_the_field_or_under_it_at_the_top():
    for size in ((800, 500), (1920, 1080)):
        for top in (0, 6, size[1] // 2):
            w = TextInput("", rect=pygame.Rect(size[0] - 130, top, 120, 32))
            w.focused = True
            w.text_input("Zoë 🃏 שלום مرحبا")
            plate, lines, _ = w.note_rect(size)
            assert pygame.Rect((0, 0), size).contains(plate), (size, top, plate)
            assert not plate.colliderect(w.rect), (size, top, plate)
            assert 1 <= len(lines) <= 3
