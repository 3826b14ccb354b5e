"""The letters the program's typeface can show. No pygame here (the network uses it too).

The shipped typeface, Cardtable Sans (``build/fonts.py`` cuts it from Lato), holds Latin with
its extensions and Vietnamese, Greek, Cyrillic, combining accents, punctuation, currency,
arrows and the mathematical signs. Anything else (Hebrew, Arabic, the CJK scripts, emoji)
would show as a box, and the text is laid out left to right without shaping, so a right-to-
left script could not be shown rightly even with its letters. So a typed name keeps only
what shows (:class:`cardtable.ui.widgets.text.TextInput` drops the rest and says so) and a
host refuses a friend's name with any other letter (:mod:`cardtable.net.protocol`).

The source of truth is the fonts' own character maps: ``build/fonts.py`` writes the code
points both weights hold to ``assets/fonts/letters.txt`` when it cuts them, and
``tests/test_fonts.py`` checks the file against the fonts, so the two cannot drift.
Control characters, NUL, lone surrogates and format characters (zero-width spaces,
direction marks) are never showable, whatever the map says.
"""

from __future__ import annotations

import bisect
from functools import lru_cache

from cardtable import paths


def read_ranges(text: str) -> list[tuple[int, int]]:
    """The ranges of ``letters.txt``'s text: a line ``0020-007E`` each (inclusive), ``#``
    lines are comments. Raises ValueError on a line of any other shape, or ranges out of
    order or overlapping."""
    out: list[tuple[int, int]] = []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        first, sep, last = line.partition("-")
        if not sep:
            raise ValueError(f"letters.txt line {number}: {line!r} is no range")
        lo, hi = int(first, 16), int(last, 16)
        if lo > hi or (out and lo <= out[-1][1]) or hi > 0x10FFFF:
            raise ValueError(f"letters.txt line {number}: {line!r} out of order")
        out.append((lo, hi))
    return out


@lru_cache(maxsize=1)
def ranges() -> tuple[tuple[int, int], ...]:
    """The code points the typeface holds, as sorted ranges (read once)."""
    path = paths.asset("fonts", "letters.txt")
    return tuple(read_ranges(path.read_text(encoding="ascii")))


@lru_cache(maxsize=1)
def _starts() -> list[int]:
    return [lo for lo, _ in ranges()]


def in_font(ch: str) -> bool:
    """True when the typeface maps the character ``ch`` to a glyph of its own."""
    point = ord(ch)
    i = bisect.bisect_right(_starts(), point) - 1
    return i >= 0 and point <= ranges()[i][1]


def showable(ch: str) -> bool:
    """True when the character ``ch`` shows as itself on a line: the typeface holds it and
    it is printable (no control character, NUL, lone surrogate or format character)."""
    return ch.isprintable() and in_font(ch)


def unshowable(text: str) -> list[str]:
    """The distinct characters of ``text`` the program cannot show, in the order they first
    come ("Zoë 🃏 שלום" gives 🃏, ש, ל, ו, ם)."""
    seen: dict[str, None] = {}
    for ch in text:
        if ch not in seen and not showable(ch):
            seen[ch] = None
    return list(seen)


def keep_showable(text: str) -> str:
    """``text`` with only the characters the program can show."""
    return "".join(ch for ch in text if showable(ch))


def named(chars: list[str], most: int = 6) -> str:
    """The characters ``chars`` as a sentence lists them: ``ש, 🃏`` (at most ``most``,
    then ``…``); a character that would not show on its own (a control character, a lone
    surrogate, a format character) by its code point, ``U+200F``."""
    shown = [ch if ch.isprintable() else f"U+{ord(ch):04X}" for ch in chars[:most]]
    return ", ".join(shown) + (", …" if len(chars) > most else "")
