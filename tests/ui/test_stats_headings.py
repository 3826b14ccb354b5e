"""The statistics' share of matches won is headed as a share, in both languages: beside
"Gagnées" (matches won) the French heading read "Victoires" (wins), a count by its name, over
a column of percentages."""

from __future__ import annotations

import pytest

from cardtable import i18n
from cardtable.i18n import tr
from cardtable.ui.scenes.stats import COLUMNS


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_share_won_is_headed_as_a_share(language):
    i18n.set_language(language)
    headings = {key: tr(label) for key, label in COLUMNS}
    share, won = headings["win_rate"], headings["won"]
    assert share != won
    # a share by its words: a per cent sign, or a rate
    assert "%" in share or "rate" in share.lower() or "taux" in share.lower(), share
    if language == "fr":
        assert share == "% gagnées"
