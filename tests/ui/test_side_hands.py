"""The review's side hands stand upright, one card below the other, centred on their place."""

from __future__ import annotations

from types import SimpleNamespace

from cardtable.ui.cardart import card_height
from cardtable.ui.tables.side_hands import upright_column


def test_an_upright_column_steps_down_from_its_centre_and_shows_only_known_faces():
    cards = [SimpleNamespace(code="AS", revealed=True), SimpleNamespace(code=None,
                                                                        revealed=False),
             SimpleNamespace(code="TD", revealed=False)]
    width = 60
    out = upright_column(100.0, 300.0, 20.0, width, cards)
    assert [t[0] for t in out] == [100.0] * 3
    assert all(t[2] == 0.0 and t[3] == width for t in out)         # upright, same width
    ys = [t[1] for t in out]
    assert ys[1] - ys[0] == ys[2] - ys[1] == 20.0                   # one step apart
    # centred on the place, raised by what an upright card is taller than it is wide
    assert (ys[0] + ys[2]) / 2 == 300.0 - (card_height(width) - width) / 2
    assert [t[4] for t in out] == [True, False, False]
