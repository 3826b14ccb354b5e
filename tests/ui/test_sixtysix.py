"""Sixty-Six's table (cardtable/ui/tables/sixtysix.py): what it writes on the cloth."""

from __future__ import annotations

import pytest

from cardtable import i18n
from cardtable.i18n import Msg
from cardtable.ui.tables.sixtysix import SixtySixTable

from .fake_host import FakeHost


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_empty_stock_is_called_what_its_count_calls_it(lang):
    """The count under the stock read "2 au talon" and the empty stock's outline "pioche":
    one pile, one word, in either language."""
    host = FakeHost()
    game = SixtySixTable(host)
    game.layout((1280, 720))
    i18n.set_language(lang)
    labels = [i18n.tr(label) for _pos, _w, _a, label in game.slots()
              if _pos == game.stock_pos()]
    assert len(labels) == 1 and labels[0], game.slots()
    count = i18n.tr(Msg("{n} in stock", n=2)).split()
    assert labels[0] in count, (labels[0], count)
    if lang == "fr":
        assert labels[0] == "talon"
