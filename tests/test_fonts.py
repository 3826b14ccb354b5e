"""The shipped typeface (build/fonts.py cuts it from Lato): it holds every letter the program's
words use in every language, the scripts a player's name may be typed in, and a name of its
own (the font licence reserves "Lato" for the unmodified original)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from fontTools.ttLib import TTFont

from cardtable import letters, paths

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))

import fonts as cutter  # noqa: E402  (build/fonts.py)

LOCALE = ROOT / "cardtable" / "assets" / "locale"

#: names as players type them: French, German, Polish, Romanian, Czech, Vietnamese,
#: Bulgarian and Russian (Sixty-Six is Santase there), Greek, and a decomposed accent
NAMES = ["Zoë", "Jürgen", "Łukasz Żółć", "Ștefan Țurcanu", "Dvořák", "Nguyễn Đức",
         "Иван Петров", "Сантасе", "Γιώργος", "Ёлка", "e\u0301"]


def cmap(bold: bool) -> set[int]:
    return set(TTFont(str(paths.font_path(bold)))["cmap"].getBestCmap())


def catalogue_texts() -> set[str]:
    texts: set[str] = set()
    for po in LOCALE.glob("*/LC_MESSAGES/*.po"):
        with po.open("rb") as f:
            for message in read_po(f):
                for part in (message.id, message.string):
                    texts.update(part if isinstance(part, tuple) else (part,))
    return {t for t in texts if t}


@pytest.mark.parametrize("bold", [False, True])
def test_every_letter_of_the_program_s_words_is_in_the_font(bold):
    have = cmap(bold)
    texts = catalogue_texts()
    assert len(texts) > 1000                      # the catalogues were read
    missing = {c for t in texts for c in t if c not in "\n\t" and ord(c) not in have}
    assert not missing, f"not in the font: {sorted(missing)}"


@pytest.mark.parametrize("bold", [False, True])
def test_names_in_the_scripts_players_type_are_in_the_font(bold):
    have = cmap(bold)
    missing = {c for name in NAMES for c in name if ord(c) not in have}
    assert not missing, f"not in the font: {sorted(missing)}"


@pytest.mark.parametrize("bold", [False, True])
def test_the_cut_holds_what_it_says_and_no_more(bold):
    """Every code point the cut keeps from Lato is in a kept range, and the old kerning table
    (which HarfBuzz does not read) is gone: the point of the cut is a lighter font object."""
    font = TTFont(str(paths.font_path(bold)))
    kept = set(font["cmap"].getBestCmap())
    inside = {c for lo, hi in cutter.RANGES for c in range(lo, hi + 1)}
    assert kept <= inside
    assert "kern" not in font and "GPOS" in font
    assert len(font.getGlyphOrder()) < 2500        # Lato 2.0 has 3,026


@pytest.mark.parametrize("bold", [False, True])
def test_the_cut_has_its_own_name_and_keeps_the_licence(bold):
    names = {r.nameID: str(r) for r in TTFont(str(paths.font_path(bold)))["name"].names}
    assert names[1] == cutter.FAMILY
    for nid in (1, 3, 4, 6, 16):
        assert "Lato" not in names.get(nid, ""), (nid, names.get(nid))
    assert "Open Font License" in names[13] and "Lato" in names[0]   # credit and licence
    assert (paths.font_path(bold).parent / "LICENSE-Lato.txt").is_file()


def test_the_cut_renames_a_font_as_the_licence_asks():
    """build/fonts.py's renaming on a font of its own making (the originals are not shipped)."""
    from fontTools.fontBuilder import FontBuilder

    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder([".notdef"])
    fb.setupCharacterMap({})
    fb.setupGlyf({".notdef": _empty_glyph()})
    fb.setupHorizontalMetrics({".notdef": (500, 0)})
    fb.setupHorizontalHeader()
    fb.setupNameTable({"familyName": "Lato", "styleName": "Bold", "uniqueFontIdentifier": "Lato",
                       "fullName": "Lato Bold", "psName": "Lato-Bold",
                       "copyright": "Copyright Lato"})
    fb.setupOS2()
    fb.setupPost()
    font = fb.font
    cutter.rename(font, "Bold")
    names = {r.nameID: str(r) for r in font["name"].names}
    assert names[1] == "Cardtable Sans" and names[4] == "Cardtable Sans Bold"
    assert names[6] == "CardtableSans-Bold" and "Lato" not in names[3]
    assert names[0] == "Copyright Lato"


def _empty_glyph():
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    return TTGlyphPen(None).glyph()


def test_the_letters_file_is_both_weights_character_map():
    """``assets/fonts/letters.txt`` (what cardtable.letters reads) is what build/fonts.py
    writes for the fonts shipped, and each weight maps exactly those code points: the
    file cannot drift from the fonts, nor one weight hold a letter the other lacks."""
    regular, bold = cmap(False), cmap(True)
    assert regular == bold
    assert cutter.LETTERS.read_text(encoding="ascii") == cutter.letters_text(regular)
    listed = {c for lo, hi in letters.ranges() for c in range(lo, hi + 1)}
    assert listed == regular
    assert all(letters.in_font(chr(c)) for c in regular)
    assert not any(letters.in_font(chr(c)) for c in range(0x2400) if c not in regular)


def test_a_name_in_a_script_the_font_lacks_is_unshowable_letter_by_letter():
    have = cmap(False)
    for name in NAMES:
        assert letters.unshowable(name) == [], name
    odd = letters.unshowable("Zoë 🃏 שלום مرحبا")
    assert odd and all(ord(c) not in have for c in odd)
