"""The keyboard at a table (cardtable/ui/tables/keys.py): Enter plays a card as a
double-click would, Space clicks it, a hinted draw's pile is found, a target clicks its
middle."""

from __future__ import annotations

from cardtable.engine.core import Action

from .fake_host import Card, table


def test_enter_on_a_card_tries_to_play_it_through_the_scene():
    game, t = table()
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


def test_a_hinted_draw_is_carried_out_at_its_pile():
    game, _ = table()
    assert game.hint_focus(Action("draw", source="discard")) == "pile"
    assert game.hint_focus(Action("draw", source="stock")) == "stock"
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
