"""The keyboard at a table (cardtable/ui/tables/keys.py): Enter plays a card as a
double-click would, Space clicks it, a hinted move's target is the game's to find, a
target clicks its middle."""

from __future__ import annotations

from cardtable.engine.core import Action
from cardtable.ui.tables import GameTable

from .fake_host import Card, FakeHost, table


def test_enter_on_a_card_tries_to_play_it_through_the_scene():
    class Plays(GameTable):
        PLAY_KIND = "play"

    t = FakeHost()
    game = Plays(t)
    card = t.deal("hand0", "KH")[0]
    game.key_play(card)
    assert t.tried == [(Action("play", card="KH"), card)]


def test_space_on_a_card_is_a_click_on_it():
    game, _ = table()
    clicked = []
    game.card_clicked = clicked.append
    card = Card("KH", zone="hand0")
    game.key_card(card)
    assert clicked == [card]


def test_a_hinted_move_is_the_game_s_to_place():
    """The shared part knows no move: the scene finds the button or the card, unless the
    game's table says where (the rummies' and the pairs' piles: their tests)."""
    game, _ = table()
    assert game.hint_focus(Action("draw", source="discard")) is None
    assert game.hint_focus(Action("play", card="KH")) is None


def test_a_key_target_clicks_the_middle_of_its_rect():
    game, t = table()
    target = game.key_target("stock", (100, 200, 40, 60))
    target.activate()
    assert t.keys.clicked == [(120, 230)]
    assert game.key_target("seat1", (0, 0, 10, 10), click=False).activate is None


def test_the_viewer_s_own_cards_are_in_the_viewer_s_hand():
    game, _ = table(names=("A", "B", "C"), viewer=2)
    assert game.own_zones() == ["hand2"]
    assert not game.key_cancel() and game.key_rows() == [] and game.key_shortcuts() == []
