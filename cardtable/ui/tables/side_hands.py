"""The side players' hands on the review's board, where every hand is face up.

Turned to face their players (90° or 270°), the side hands showed a thin column of
sideways corners that could not be read. In the review they stand upright instead, one
card below the other, each showing its top edge with the rank and suit: the column keeps
its bottom (the plate under it stays clear) and grows upwards by what an upright card
is taller than a sideways one is wide.
"""

from __future__ import annotations

from cardtable.ui.cardart import card_height


def upright_column(ax: float, ay: float, step: float, width: int,
                   sprites: list) -> list[tuple[float, float, float, int, bool]]:
    """Targets (x, y, angle, width, face up) for a side hand centred near (``ax``, ``ay``),
    ``step`` pixels from one card to the next."""
    n = len(sprites)
    taller = card_height(width) - width
    y0 = ay - step * (n - 1) / 2 - taller / 2
    return [(ax, y0 + step * i, 0.0, width, s.code is not None and s.revealed)
            for i, s in enumerate(sprites)]
