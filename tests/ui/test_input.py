"""What a drop or a click means at a table (cardtable/ui/tables/input.py): by default a
card dropped on the table is played, and nothing else is a move."""

from __future__ import annotations

from cardtable.engine.core import Action

from .fake_host import Card, table


def test_a_card_dropped_on_the_table_is_played():
    game, _ = table()
    assert game.drop_action(Card("QS"), (640, 300)) == Action("play", card="QS")


def test_a_card_not_known_is_never_played():
    game, _ = table()
    assert game.drop_action(Card(None), (640, 300)) is None


def test_by_default_the_rest_is_no_move_and_the_scene_decides():
    game, _ = table()
    card = Card("QS", zone="hand0")
    assert game.hand_drop_action(card, (640, 700)) is None      # re-order the hand
    assert game.local_drop(card, (640, 300)) is None
    assert game.click_action((10, 10)) is None
    assert game.controls([Action("play", card="QS")]) == []
    assert not game.draggable(Card("QS", zone="deck"))
    assert game.drop_targets(card) == []
    assert game.refusal_text(ValueError("no")) is None and game.turn_prompt(1) is None
    hand = [card]
    game.mark_hand(hand, True)
    assert hand == [card] and not card.glow
