"""Where the setup's seat rows put each seat's number, name field, kind and level.

A seat takes one line (number, name, kind, level) while every name shown fits its field
there; where one does not, every seat takes two: the name across the row, the kind and
level under it. The choices need the width of their longest word ("Ordinateur", "Difficile"
at the larger text sizes), which left a name field of 74 px at 800x500 and 230 px at
1920x1080: a name of a dozen letters or more was cut ("Maximil…"). Names are a few
letters mostly (the computers', the defaults shown as hints), so one line stays the rule.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from cardtable.ui import theme
from cardtable.ui.widgets import ROW_HEIGHT


@dataclass(frozen=True)
class Widths:
    """Across a seat row: the number's room, the gap between the fields, and the name,
    kind and level fields' widths (the name's when on the line with the choices)."""

    label: int
    gap: int
    name: int
    kind: int
    level: int


@dataclass(frozen=True)
class SeatPlace:
    """Where one seat goes: the whole seat (one line or two), its fields, and the middle
    height of its first line (where its number is drawn)."""

    row: pygame.Rect
    name: pygame.Rect
    kind: pygame.Rect
    level: pygame.Rect

    @property
    def number_y(self) -> int:
        return self.name.centery


def widths(inner_w: int, kind_need: int, level_need: int) -> Widths:
    """The fields across a row ``inner_w`` wide: the two choices as wide as their longest
    word needs (``kind_need``, ``level_need``), the name field the rest."""
    label_w = theme.px(34)
    gap = theme.px(10)
    avail = inner_w - label_w - 2 * gap
    kind_w = max(int(avail * 0.33), kind_need)
    level_w = max(avail - int(avail * 0.34) - int(avail * 0.33) - gap, level_need)
    name_w = avail - kind_w - level_w - gap
    least = int(avail * 0.26)
    if name_w < least:          # too narrow for all three: each gives up its share
        short = least - name_w
        total = kind_w + level_w
        kind_w -= short * kind_w // total
        level_w -= short * level_w // total
        name_w = avail - kind_w - level_w - gap
    return Widths(label_w, gap, name_w, kind_w, level_w)


def line_height(room: int, head: int, seats: int, lines: int = 1) -> int:
    """The height of a seat's line: the full row height when all seats fit the panel's
    ``room`` (under its heading, ``head`` high), less (down to what the text needs) when
    there are many; a seat of two ``lines`` has half its share for each."""
    pad = theme.px(18)
    fit = (room - 2 * pad - head) // max(1, seats) - theme.px(6)
    if lines > 1:
        fit = (fit - (lines - 1) * theme.px(4)) // lines
    least = max(theme.px(34), theme.line_height(theme.px(theme.BODY), True) + theme.px(4))
    return max(least, min(theme.px(ROW_HEIGHT), fit))


def name_room(field_w: int, name: str, max_length: int) -> int:
    """How wide ``name`` may be drawn in a name field ``field_w`` wide: a full field also
    shows its count ("18/18") at its right end while it is typed in."""
    room = field_w - theme.px(24)
    if len(name) >= max_length:
        count = f"{len(name)}/{max_length}"
        room -= theme.text_size(count, theme.px(theme.SMALL - 2))[0] + theme.px(8)
    return room


def names_fit(names: list[str], field_w: int, max_length: int) -> bool:
    """Does every name shown fit a name field ``field_w`` wide, whole?"""
    size = theme.px(theme.BODY)
    return all(theme.text_size(name, size)[0] <= name_room(field_w, name, max_length)
               for name in names if name)


def two_line_widths(inner_w: int, kind_need: int, level_need: int) -> Widths:
    """The fields of a seat of two lines: the name across the row after the number, the
    kind and level under it sharing that width (half each, or what their words need)."""
    one = widths(inner_w, kind_need, level_need)
    avail = inner_w - one.label - one.gap
    kind_w = max(kind_need, avail // 2)
    if avail - kind_w < level_need:
        kind_w = max(avail - level_need, avail * kind_need // max(1, kind_need + level_need))
    return Widths(one.label, one.gap, inner_w - one.label, kind_w, avail - kind_w)


def places(x: int, y: int, inner_w: int, seats: int, line: int, two_lines: bool,
           kind_need: int, level_need: int) -> list[SeatPlace]:
    """Where each of ``seats`` goes, from (``x``, ``y``) down a panel ``inner_w`` wide,
    each line ``line`` high."""
    out = []
    if not two_lines:
        w = widths(inner_w, kind_need, level_need)
        for _ in range(seats):
            left = x + w.label
            name = pygame.Rect(left, y, w.name, line)
            kind = pygame.Rect(name.right + w.gap, y, w.kind, line)
            level = pygame.Rect(kind.right + w.gap, y, w.level, line)
            out.append(SeatPlace(pygame.Rect(x, y, inner_w, line), name, kind, level))
            y += line + theme.px(6)
        return out
    w = two_line_widths(inner_w, kind_need, level_need)
    under = theme.px(4)
    for _ in range(seats):
        left = x + w.label
        name = pygame.Rect(left, y, w.name, line)
        kind = pygame.Rect(left, name.bottom + under, w.kind, line)
        level = pygame.Rect(kind.right + w.gap, kind.top, w.level, line)
        out.append(SeatPlace(pygame.Rect(x, y, inner_w, 2 * line + under), name, kind, level))
        y += 2 * line + under + theme.px(10)
    return out
