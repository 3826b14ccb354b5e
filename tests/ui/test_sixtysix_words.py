"""Sixty-Six's words (cardtable/ui/tables/sixtysix_words.py): its moves, refusals with their
reasons, why a deal ended, and the chart of a one-deal match."""

from __future__ import annotations

import random

from cardtable import i18n
from cardtable.engine import registry
from cardtable.engine.core import Action, IllegalAction
from cardtable.engine.sixtysix import WIN_POINTS
from cardtable.ui.tables import table_class
from cardtable.ui.tables.sixtysix_words import ENDINGS, REFUSAL_REASONS, SixtySixWords


def test_its_moves_in_words():
    words = {
        Action("marriage", suit="H"): "announce the marriage in hearts",
        Action("exchange"): "exchange the nine of trumps",
        Action("close"): "close the stock",
        Action("claim"): "claim 66",
        Action("play", card="TC"): "play the ten of clubs",
    }
    for action, said in words.items():
        assert str(SixtySixWords.action_words(action, ["A", "B"])) == said
    assert SixtySixWords.action_words(Action("marriage", suit="X"), ["A", "B"]) is None
    assert SixtySixWords.action_words(Action("pair", cards=("AS", "QS")), ["A"]) is None


def test_an_exchange_or_a_close_refused_says_its_reason():
    table = table_class("sixtysix").__new__(table_class("sixtysix"))
    for reason, sentence in REFUSAL_REASONS.items():
        code = "cannot_close" if "close" in sentence else "cannot_exchange"
        assert str(table.refusal_text(IllegalAction(code, "", reason=reason))) == sentence
    assert str(table.refusal_text(IllegalAction("cannot_close", ""))) == \
        "You cannot close the stock now."
    assert str(table.refusal_text(IllegalAction("must_trump", ""))) == \
        "You cannot follow suit, so you must play a trump."


def test_every_ending_has_its_reason_and_its_words():
    """The summary's reasons and the table's endings cover the same reasons, each worded
    in French too."""
    assert set(ENDINGS) == set(SixtySixWords.REASONS)
    try:
        i18n.set_language("fr")
        for key, text in SixtySixWords.REASONS.items():
            assert i18n.tr(text) != text, key
    finally:
        i18n.set_language("en")


def test_a_one_deal_match_is_charted_by_its_points_against_66():
    spec = registry.get("sixtysix")
    state = spec.new_match(seed=5, options={"target": 1})
    rng = random.Random(5)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    row = state.score_sheet[-1]
    title, values, scale = SixtySixWords.single_deal_chart(row, 2)
    assert str(title) == "Card points" and values == row["points"]
    assert scale == max(WIN_POINTS, *values)
    assert SixtySixWords.single_deal_chart(row, 3) is None
    assert SixtySixWords.single_deal_chart({"pairs": [1, 2]}, 2) is None
