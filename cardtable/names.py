"""Names people give the seats: what may be typed, kept and shown. No pygame here.

The setup screen's name field, a saved match, the remembered setups in the settings and the
statistics all pass names through :func:`clean_name`, so a name read from a file is exactly
what could have been typed: printable characters only, at most :data:`NAME_LENGTH` of them,
and never a name that draws nothing (a lone variation selector or combining mark).
"""

from __future__ import annotations

import unicodedata
from typing import Any

#: the longest name a seat may have (characters)
NAME_LENGTH = 18


def printable(text: str) -> str:
    """``text`` without what cannot be shown on a line (control characters, NUL, lone
    surrogates, format characters such as zero-width spaces, line breaks)."""
    return "".join(ch for ch in text if ch.isprintable())


def visible(text: str) -> bool:
    """True when something in ``text`` draws: a letter, digit, mark of punctuation or
    symbol, not only spaces and combining marks."""
    return any(unicodedata.category(ch)[0] not in "MZC" for ch in text)


def clean_name(text: Any, limit: int = NAME_LENGTH) -> str:
    """``text`` as a seat's name: printable, trimmed, at most ``limit`` characters; ''
    when it is not a string or nothing in it would be visible (the caller's default then)."""
    if not isinstance(text, str):
        return ""
    text = printable(text[: limit * 8]).strip()[:limit].strip()
    return text if visible(text) else ""
