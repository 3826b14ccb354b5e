"""Which letters the program can show (cardtable.letters): read from the fonts' own
character map (assets/fonts/letters.txt; tests/test_fonts.py checks it against the fonts)."""

from __future__ import annotations

import pytest

from cardtable import letters


def test_mixed_text_gives_its_unshowable_letters_once_each_in_order():
    assert letters.unshowable("Zoë 🃏 שלום مرحبا 🃏 ש") == [
        "🃏", "ש", "ל", "ו", "ם", "م", "ر", "ح", "ب", "ا"]
    assert letters.keep_showable("Zoë 🃏 שלום") == "Zoë  "


@pytest.mark.parametrize("text", ["Zoë", "Nguyễn Đức", "Γιώργος", "Иван", "e\u0301",
                                  "A\u2013B \u20ac5 \u2192 \u2212", "Ann-Marie O’Neil"])
def test_the_scripts_kept_are_showable(text):
    assert letters.unshowable(text) == []
    assert letters.keep_showable(text) == text


@pytest.mark.parametrize("ch", ["\0", "\x07", "\n", "\t", "\x7f", "\ud800", "\udfff",
                                "\u200b", "\u200f", "\ufeff", "\U000E0001"])
def test_control_and_format_characters_and_lone_surrogates_are_unshowable(ch):
    assert not letters.showable(ch)
    assert letters.unshowable(f"Ann{ch}") == [ch]


@pytest.mark.parametrize("ch", ["中", "ア", "한", "ไ", "अ", "😀", "🃏", "\U0010FFFF"])
def test_other_scripts_and_emoji_are_unshowable(ch):
    assert not letters.in_font(ch) and not letters.showable(ch)


def test_the_ranges_are_sorted_and_hold_the_ascii_letters():
    spans = letters.ranges()
    assert all(a[1] < b[0] for a, b in zip(spans, spans[1:], strict=False))
    assert all(letters.in_font(chr(c)) for c in range(0x20, 0x7F))
    assert not letters.in_font("\x1f") and not letters.in_font("\x80")


@pytest.mark.parametrize("text", ["0020-007E\nxyz", "0020-007E\n0050-0060", "0030-0020",
                                  "0020", "0020-110000"])
def test_a_damaged_letters_file_is_refused_not_guessed(text):
    with pytest.raises(ValueError):
        letters.read_ranges(text)


def test_the_letters_are_named_as_a_sentence_lists_them():
    assert letters.named(["ש", "🃏"]) == "ש, 🃏"
    assert letters.named(["\u200f", "\0"]) == "U+200F, U+0000"
    assert letters.named(list("abcdefgh"), most=3) == "a, b, c, …"
