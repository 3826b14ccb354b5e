"""The trick games' shared words (cardtable/ui/tables/trick_words.py): a card played, and
a card that does not follow the suit led."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from cardtable import i18n
from cardtable.engine.core import Action, IllegalAction
from cardtable.ui.tables import table_class
from cardtable.ui.tables.trick_words import TrickWords

TRICK_GAMES = ("japanese65", "sixtysix")


def at_table(game_id: str, trick: list) -> TrickWords:
    """The game's table over a stand-in scene whose viewer sees ``trick`` in the middle."""
    table = table_class(game_id)
    shown = table.__new__(table)
    shown.t = SimpleNamespace(viewer=0, match=SimpleNamespace(view=lambda seat: {"trick": trick}))
    return shown


@pytest.mark.parametrize("game_id", TRICK_GAMES)
def test_a_trick_game_plays_a_card_and_follows_suit(game_id):
    assert issubclass(table_class(game_id), TrickWords)
    assert str(table_class(game_id).action_words(Action("play", card="QS"), ["A", "B"])) == \
        "play the queen of spades"
    table = at_table(game_id, [])
    exc = IllegalAction("must_follow_suit", "", suit="D")
    assert str(table.refusal_text(exc)) == "You must follow suit: play a card of diamonds."
    try:
        i18n.set_language("fr")
        assert "carreau" in str(table.refusal_text(exc))
    finally:
        i18n.set_language("en")


def test_a_refusal_that_names_no_suit_takes_the_one_led_on_the_table():
    table = at_table("japanese65", [[1, "9H"]])
    assert str(table.refusal_text(IllegalAction("must_follow_suit", ""))) == \
        "You must follow suit: play a card of hearts."
    assert str(at_table("japanese65", []).refusal_text(
        IllegalAction("must_follow_suit", ""))) == "You must follow suit."


def test_the_trick_words_leave_other_moves_and_codes_to_others():
    assert TrickWords.action_words(Action("draw", source="stock"), ["A"]) is None
    table = at_table("japanese65", [])
    assert table.refusal_text(IllegalAction("not_in_hand", "")) is None
    assert str(table.refusal_text(IllegalAction("wrong_kind", ""))) == \
        "Only cards can be played in this game."


@pytest.mark.parametrize("game_id", TRICK_GAMES)
def test_a_trick_game_s_cards_are_played_to_the_table(game_id):
    """A card of the hand is played by the trick games' own move: those of the legal
    moves glow, and a card dropped on the table makes that move."""
    table = at_table(game_id, [])
    assert table.PLAY_KIND == TrickWords.PLAY_KIND == "play"
    legal = [Action("play", card="QS"), Action("play", card="9H"), Action("close")]
    assert table.playable(legal) == {"QS", "9H"}


def test_a_trick_deal_s_breakdown_is_worded_here():
    """The trumps of the deal are a fact of their own; the last trick is a row only when
    somebody scored it; the deal points are the deal's result."""
    assert str(TrickWords.deal_fact("trump", "S")) == "Trumps: spades"
    assert str(TrickWords.deal_fact("trump", "?")) == "Trumps: ?"
    assert TrickWords.deal_fact("trump", None) is None
    assert TrickWords.deal_fact("closer", 1) is None
    assert "last_trick" in TrickWords.ONLY_WHEN_SCORED and "points" in TrickWords.STRONG_ROWS
    assert list(TrickWords.ROW_LABELS)[-1] == "points"
    try:
        i18n.set_language("fr")
        assert "pique" in str(TrickWords.deal_fact("trump", "S"))
    finally:
        i18n.set_language("en")
