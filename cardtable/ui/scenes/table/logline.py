"""A line of the table's log told of an event, kept with that event, so it can be said again
with the seats' names of now: a friend who joins under their own name replaces the setup's
"Friend 2" in the lines already in the log ("Friend 2 deals" becomes "Ann deals"). Lines of
other kinds (who joined or left, a refusal) say what was true when they were written and
stay as they are.

:func:`entry_rows` lays a log's entry out in rows wherever a log is drawn (the
table's corner, the hand-over's "Last moves")."""

from __future__ import annotations

from collections.abc import Callable, MutableSequence
from typing import Any

from cardtable.i18n import Msg, tr
from cardtable.ui import theme


class LogLine(Msg):
    """The log's ``line`` of ``event`` (the event as the table showed it): shown, compared
    and hashed as the line itself (a Msg, translated each time it is shown)."""

    __slots__ = ("line", "event")

    def __init__(self, line: Msg | str, event: dict[str, Any]) -> None:
        super().__init__("")
        self.line = line
        self.event = event

    def __str__(self) -> str:
        return tr(self.line)

    def __repr__(self) -> str:
        return f"LogLine({self.line!r})"

    def __eq__(self, other: object) -> bool:
        return self.line == (other.line if isinstance(other, LogLine) else other)

    def __hash__(self) -> int:
        return hash(self.line)


def renamed(log: MutableSequence[Any],
            describe: Callable[[dict[str, Any]], Msg | str | None]) -> bool:
    """Say each event's line in ``log`` again (``describe``: the game's words for an event,
    which name the seats as they are named now); True when a line changed."""
    changed = False
    for i, entry in enumerate(log):
        if isinstance(entry, LogLine):
            line = describe(entry.event)
            if line and line != entry.line:
                log[i] = LogLine(line, entry.event)
                changed = True
    return changed


def entry_rows(line: Msg | str, size: int, width: int) -> list[str]:
    """A log's ``line`` in rows no wider than ``width`` at ``size``: wrapped between words,
    and a word wider than a whole row (a name of 18 "W"s) shortened with "…": wrapping
    never splits a word, so such a word ran past the log's edge."""
    return [theme.ellipsize(row, size, width)
            for row in theme.wrap(line, theme.font(size), width)]
