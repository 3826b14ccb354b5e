"""A code picked out of what a person typed or pasted (stdlib only, no program words).

A code is rarely pasted alone: a person copies the end screen's whole line ("Deal code:
F4AW-938W"), or a friend's chat message with the code among its words. These functions
find the part of such a text that is a code, for any code written as groups of letters and
digits (:mod:`cardtable.records` reads deal codes with them):

* :func:`best_span`: the longest run of the text's words joined only by spaces, dashes or
  dots that a reader takes for a code (groups as a program writes them, in capitals or with
  a digit, before ordinary words);
* :func:`refused_part`: when none is one, the part a refusal should speak of (the label
  before the code and the signs around it left out, a line of words narrowed to its words
  with digits), or None for a line of words with nothing like a code in it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from typing import TypeVar

T = TypeVar("T")

#: what may stand between a code's groups besides spaces and any dash: dots, underscores
SEPARATORS = "-.·_\u2212"
#: the most symbols in one of a code's groups as a program writes them
GROUP = 4


def words(text: str) -> list[tuple[int, int, str]]:
    """The text's words: (start, end, the word), a word being letters and digits."""
    found, start = [], None
    for i, ch in enumerate(text + " "):
        if ch.isalnum():
            start = i if start is None else start
        elif start is not None:
            found.append((start, i, text[start:i]))
            start = None
    return found


def joined(between: str) -> bool:
    """Do these characters join two words into one code (only spaces, dashes or dots)?"""
    return all(ch.isspace() or ch in SEPARATORS or unicodedata.category(ch) == "Pd"
               for ch in between)


def own_group(word: str) -> bool:
    """A word as a program writes a code's group: in capitals, or with a digit."""
    return word.isupper() or any(ch.isdigit() for ch in word)


def best_span(text: str, read: Callable[[str], T | None], symbols: Iterable[str],
              shortest: int, longest: int) -> tuple[str, T] | None:
    """The part of ``text`` (as written there) that ``read`` takes for a code, with what
    it read, or None. ``read`` is given the words' symbols run together in capitals
    (between ``shortest`` and ``longest`` of them, every one of ``symbols``) and returns
    None for what is not a code. Of the runs it takes, the program's own groups come first
    (see :func:`own_group`: 'here's F4AW-938W' reads 'F4AW-938W', never 'SF4AW938W'), then
    the longest, then the first."""
    alphabet = frozenset(symbols)
    found = words(text)
    best: tuple[tuple[bool, int], str, T] | None = None
    for i in range(len(found)):
        run = ""
        for j in range(i, len(found)):
            if j > i and not joined(text[found[j - 1][1]:found[j][0]]):
                break
            run += found[j][2].upper()
            if not set(run) <= alphabet or len(run) > longest:
                break
            if len(run) < shortest:
                continue
            code = read(run)
            if code is None:
                continue
            rank = (all(own_group(w) for _, _, w in found[i:j + 1]), len(run))
            if best is None or rank > best[0]:
                best = rank, text[found[i][0]:found[j][1]], code
    return None if best is None else (best[1], best[2])


def refused_part(text: str, labels: Iterable[str]) -> str | None:
    """The part of a text holding no code that a refusal should speak of: the text without
    a label (one of ``labels``, in small letters, at its start) and the signs around it,
    narrowed in a line of words to its words with digits ('Hi, try F4AW-938 please':
    'F4AW-938'); None for a line of words with nothing like a code (a word longer than a
    group, no digit)."""
    core = trimmed(text)
    low = core.lower()
    for label in sorted(labels, key=len, reverse=True):
        if low.startswith(label) and not low[len(label):len(label) + 1].isalnum():
            core = trimmed(core[len(label):])
            break
    if not core:
        return text.strip()
    if not any(ch.isspace() for ch in core):
        return core
    found = words(core)
    digits = [w for w in found if any(ch.isdigit() for ch in w[2])]
    if digits:
        return core[digits[0][0]:digits[-1][1]]
    if any(len(w) > GROUP for _, _, w in found):
        return None
    return core


def trimmed(text: str) -> str:
    """The text without spaces and signs (anything but letters and digits) at its ends."""
    start, end = 0, len(text)
    while start < end and not text[start].isalnum():
        start += 1
    while end > start and not text[end - 1].isalnum():
        end -= 1
    return text[start:end]
