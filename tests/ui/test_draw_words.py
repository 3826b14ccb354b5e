"""The words of the games whose turn is a draw and a discard (cardtable.ui.tables.draw_words):
what speech says a person may do, the hand-over screen's last discard."""

from __future__ import annotations

from types import SimpleNamespace

from cardtable.engine.core import Action, Event
from cardtable.i18n import N_
from cardtable.ui.tables.draw_words import DrawWords


class Table(DrawWords):
    STOCK_WORD = N_("the stock")

    def __init__(self, log):
        self.t = SimpleNamespace(match=SimpleNamespace(log=log))


def test_turn_options_say_each_pile_and_the_discard_offered():
    table = Table([])
    legal = [Action("draw", source="stock"), Action("draw", source="discard")]
    assert [str(w) for w in table.turn_options(legal)] == [
        "You may draw from the stock.", "You may take the top card of the discard pile."]
    assert [str(w) for w in table.turn_options([Action("discard", card="AS")])] == [
        "You may discard a card."]
    assert table.turn_options([Action("go_out", melds=(("AS", "AH", "AD"),))]) == []


def test_the_hand_over_shows_the_last_discard_of_this_deal_only():
    discarded = Event("discarded", {"seat": 1, "card": "QH"})
    later = Event("discarded", {"seat": 0, "card": "7C"})
    dealt = Event("dealt", {})
    title, cards = Table([dealt, discarded, later]).handoff_cards({})
    assert title == "Last discard" and [c for c, _ in cards] == ["7C"]
    assert str(cards[0][1]) == "seven of clubs"
    assert Table([discarded, dealt]).handoff_cards({}) == ("", [])   # a new deal: none yet
    assert Table([Event("discarded", {"seat": 0, "card": None})]).handoff_cards({}) == ("", [])
