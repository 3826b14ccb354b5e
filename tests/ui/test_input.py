"""What a drop or a click means at a table (cardtable/ui/tables/input.py): a card dropped
on the table makes the move the game's table names (``PLAY_KIND``), none by default, and
nothing else is a move."""

from __future__ import annotations

from cardtable.engine.core import Action, IllegalAction
from cardtable.ui.tables import GameTable

from .fake_host import Card, FakeHost, table


class Plays(GameTable):
    """A table whose cards are played one by one to the table, as a trick game's."""

    PLAY_KIND = "play"


def playing() -> Plays:
    game = Plays(FakeHost())
    game.layout((1280, 720))
    return game


def test_a_card_dropped_on_the_table_makes_the_tables_move():
    game = playing()
    assert game.drop_action(Card("QS"), (640, 300)) == Action("play", card="QS")
    # a game whose cards make no move by themselves says so with its own drop_action
    plain, _ = table()
    assert plain.PLAY_KIND is None and plain.drop_action(Card("QS"), (640, 300)) is None


def test_a_card_not_known_is_never_played():
    assert playing().drop_action(Card(None), (640, 300)) is None


def test_the_playable_cards_are_those_of_the_tables_move():
    legal = [Action("play", card="QS"), Action("play", card="KH"),
             Action("discard", card="2C"), Action("close")]
    assert playing().playable(legal) == {"QS", "KH"}
    assert playing().playable([]) == set()
    plain, _ = table()
    assert plain.playable(legal) == set()


def test_by_default_the_rest_is_no_move_and_the_scene_decides():
    game, _ = table()
    card = Card("QS", zone="hand0")
    assert game.hand_drop_action(card, (640, 700)) is None      # re-order the hand
    assert game.local_drop(card, (640, 300)) is None
    assert game.click_action((10, 10)) is None
    assert game.controls([Action("play", card="QS")]) == []
    assert not game.draggable(Card("QS", zone="deck"))
    assert game.drop_targets(card) == []
    assert game.refusal_text(IllegalAction("too_far", "no")) is None
    assert game.turn_prompt(1) is None
    hand = [card]
    game.mark_hand(hand, True)
    assert hand == [card] and not card.glow
