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


# ---- the names a seat gets unless one is typed -------------------------------------------

#: the name of the one person at a table with no other person: the screens speak to them
#: ("You win the match"), so no other seat may play under it (a computer called "You" made
#: "You wins the match.")
YOU = "You"
COMPUTER_NAMES = ("Margot", "Theo", "Hana", "Felix", "Iris", "Jonas", "Rosa", "Emil")


def default_name(seat: int, kind: str) -> str:
    """The name a seat gets unless one is typed. It is data (kept in the setup, the match and
    the statistics), so it stays in English; the screens show it in their language."""
    if kind == "human":
        return YOU if seat == 0 else f"Player {seat + 1}"
    if kind == "friend":
        return f"Friend {seat + 1}"
    return COMPUTER_NAMES[(seat - 1) % len(COMPUTER_NAMES)]


def is_default_name(seat: int, name: str) -> bool:
    """A name nobody chose for this seat: the seat's defaults, the first seat's "Player 1",
    which pass-and-play gives it, and "You" at any seat (a person's default, never a name of
    its own: "You" typed for the third seat named a computer "You" there)."""
    return name.strip() in ("", YOU, default_name(seat, "human"),
                            default_name(seat, "computer"), default_name(seat, "friend"),
                            f"Player {seat + 1}")


def seat_names(seats: list[dict]) -> list[str]:
    """The names a match's ``seats`` (each a dict with ``name`` and ``kind``) play under:
    typed names as typed; a person with no name of their own is "You" when the only person
    (the table speaks to them so, and the plate, score panel and log must agree) and
    "Player n" beside other people; any other seat with no name of anyone's choosing has
    its kind's. So "You" names the lone person or nobody."""
    people = sum(1 for s in seats if s.get("kind") == "human")
    names = []
    for i, s in enumerate(seats):
        kind = s.get("kind")
        name = clean_name(s.get("name")) or default_name(i, kind)
        if kind == "human" and is_default_name(i, name):
            name = YOU if people == 1 else f"Player {i + 1}"
        elif is_default_name(i, name):
            name = default_name(i, kind)
        names.append(name)
    return names


def fair_names(names: list[str], kinds: list[str]) -> list[str]:
    """``names`` as loaded (a saved match, an older version's file, a table's config from
    elsewhere) with "You" naming at most one seat, a person's: a computer named "You" plays
    under its seat's computer name, a second person named "You" is "Player n". Every other
    name is kept as it is (a table open to the network has several people's seats; its own
    person's "You" stays)."""
    fair, you_seen = [], False
    for i, (name, kind) in enumerate(zip(names, kinds, strict=True)):
        if name == YOU:
            if kind != "human":
                name = default_name(i, "computer")
            elif you_seen:
                name = f"Player {i + 1}"
            you_seen = you_seen or name == YOU
        fair.append(name)
    return fair
