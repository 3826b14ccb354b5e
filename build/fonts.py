"""The program's typeface, cut down from Lato to the letters it can show.

Lato covers some 3,000 glyphs (Latin, Greek, Cyrillic and many symbols) with a large kerning
table kept twice (the old ``kern`` table and the ``GPOS`` one). Every font object the program
opens (one per size and weight) loads the tables, and HarfBuzz, which lays the text out,
reads ``GPOS`` and ``GSUB`` again: about 250 KB each, and a table keeps some twenty open.
Kept here: the scripts a player's name may be typed in (Latin with its extensions and
Vietnamese, Greek, Cyrillic), combining accents, punctuation, currency, arrows and the
mathematical signs; the layout features HarfBuzz applies by default (kerning and ligatures);
the hinting; the box shown for a missing letter. Dropped: the ``kern`` table (HarfBuzz
kerns from ``GPOS``) and the rest of the symbols. The text the program draws comes out the
same pixels (checked by ``tests/ui/test_fonts.py`` against its own words in every
language).

Beside the fonts it writes ``letters.txt``: the code points both weights really hold (their
character maps, not :data:`RANGES`, which also name code points Lato never drew), as ranges
one a line. :mod:`cardtable.letters` reads it to tell which letters of a typed name the
program can show (``tests/test_fonts.py`` checks it against the fonts).

The SIL Open Font License reserves the name "Lato" for the original: a modified version is
named otherwise, so the cut is called "Cardtable Sans", keeps Lato's copyright and licence
records, and ships beside the licence (``assets/fonts/LICENSE-Lato.txt``).

    python build/fonts.py DIR     # DIR holds Lato-Regular.ttf and Lato-Bold.ttf (Lato 2.0)
    python build/fonts.py --letters   # only letters.txt again, from the fonts shipped

The originals are in this repository's history (``git show 63db787:cardtable/assets/fonts/
Lato-Bold.ttf``). fontTools comes with the development tools (the ``dev`` extra).
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "cardtable" / "assets" / "fonts"
FAMILY = "Cardtable Sans"
#: the code points both weights hold, as ranges (read by cardtable/letters.py)
LETTERS = FONTS / "letters.txt"

#: the characters kept (Unicode ranges, inclusive)
RANGES = [
    (0x0020, 0x007E),   # ASCII
    (0x00A0, 0x024F),   # Latin-1, Latin Extended-A and -B
    (0x0300, 0x036F),   # combining accents (names typed decomposed)
    (0x0370, 0x03FF),   # Greek
    (0x0400, 0x052F),   # Cyrillic and its supplement
    (0x1E00, 0x1EFF),   # Latin Extended Additional (Vietnamese among others)
    (0x1F00, 0x1FFF),   # Greek with accents
    (0x2000, 0x206F),   # punctuation: dashes, quotes, the ellipsis, thin and narrow spaces
    (0x20A0, 0x20CF),   # currency
    (0x2100, 0x22FF),   # letterlike signs, arrows, mathematical operators (the minus sign)
]
WEIGHTS = {"Regular": "Regular", "Bold": "Bold"}


def options() -> subset.Options:
    opts = subset.Options()
    # the layout features kept are fontTools' default set: those HarfBuzz applies unasked
    # (kerning, ligatures, marks, contextual forms); small capitals and the like go
    opts.drop_tables = list(opts.drop_tables) + ["kern"]
    opts.name_IDs = ["*"]               # keep the copyright and the licence records
    opts.name_languages = ["*"]
    opts.notdef_outline = True          # a missing letter shows as a box, not as nothing
    opts.hinting = True
    return opts


def rename(font: TTFont, weight: str) -> None:
    """Give the cut its own names (the licence reserves "Lato" for the original)."""
    table = font["name"]
    full = f"{FAMILY} {weight}" if weight != "Regular" else FAMILY
    postscript = f"{FAMILY.replace(' ', '')}-{weight}"
    for record in table.names:
        if record.nameID in (1, 16):
            table.setName(FAMILY, 1 if record.nameID == 1 else 16,
                          record.platformID, record.platEncID, record.langID)
        elif record.nameID == 3:
            table.setName(f"{postscript}; {font['head'].fontRevision:.3f}", 3,
                          record.platformID, record.platEncID, record.langID)
        elif record.nameID == 4:
            table.setName(full, 4, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 6:
            table.setName(postscript, 6, record.platformID, record.platEncID, record.langID)
    table.names = [r for r in table.names if r.nameID not in (17, 18, 21, 22)]


def cut(source: Path, target: Path, weight: str) -> None:
    font = TTFont(str(source))
    subsetter = subset.Subsetter(options())
    subsetter.populate(unicodes=[c for lo, hi in RANGES for c in range(lo, hi + 1)])
    subsetter.subset(font)
    rename(font, weight)
    font.save(str(target))


def shipped(weight: str) -> Path:
    return FONTS / f"{FAMILY.replace(' ', '')}-{weight}.ttf"


def held(paths: list[Path]) -> set[int]:
    """The code points every font of ``paths`` maps to a glyph of its own."""
    sets = [set(TTFont(str(path))["cmap"].getBestCmap()) for path in paths]
    return set.intersection(*sets)


def ranges(points: set[int]) -> list[tuple[int, int]]:
    """``points`` as runs of consecutive code points, (first, last) inclusive, in order."""
    out: list[tuple[int, int]] = []
    for point in sorted(points):
        if out and out[-1][1] == point - 1:
            out[-1] = (out[-1][0], point)
        else:
            out.append((point, point))
    return out


def letters_text(points: set[int]) -> str:
    head = ("# The code points both weights of Cardtable Sans hold (their character maps),\n"
            "# written by build/fonts.py; read by cardtable/letters.py. Do not edit.\n")
    return head + "".join(f"{lo:04X}-{hi:04X}\n" for lo, hi in ranges(points))


def write_letters() -> None:
    points = held([shipped(weight) for weight in WEIGHTS])
    LETTERS.write_text(letters_text(points), encoding="ascii")
    print(f"{LETTERS.name}: {len(points)} code points in {len(ranges(points))} ranges")


def main(argv: list[str]) -> int:
    if argv == ["--letters"]:
        write_letters()
        return 0
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        print("usage: python build/fonts.py DIR_WITH_LATO_2.0 | --letters", file=sys.stderr)
        return 2
    source = Path(argv[0])
    for weight in WEIGHTS:
        src = source / f"Lato-{weight}.ttf"
        dst = shipped(weight)
        cut(src, dst, weight)
        print(f"{src.name} ({src.stat().st_size // 1024} KB) -> {dst.name} "
              f"({dst.stat().st_size // 1024} KB)")
    write_letters()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
