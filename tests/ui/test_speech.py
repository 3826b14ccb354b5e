"""What a table says (cardtable/ui/tables/speech.py): 'you' or a name, the hand by suit,
the piles and seats under the focus, a playable card."""

from __future__ import annotations

from cardtable.i18n import N_, tr

from .fake_host import table


def test_the_viewer_is_you_unless_the_device_is_shared_or_a_computer_sits_there():
    game, _ = table(names=("Ana", "Bo"), humans=(0,))
    assert game.is_you(0) and not game.is_you(1)
    assert tr(game.you(0)) == "You" and tr(game.you(1)) == "Bo"
    assert tr(game.said(0, N_("You take the trick."), N_("{name} takes the trick."))) == \
        "You take the trick."
    assert tr(game.said(1, N_("You take the trick."), N_("{name} takes the trick."))) == \
        "Bo takes the trick."
    shared, _ = table(humans=(0, 1), hotseat=True)
    assert not shared.is_you(0) and tr(shared.you(0)) == "Ana"
    watched, _ = table(humans=())
    assert not watched.is_you(0)


def test_the_hand_is_said_suit_by_suit_in_its_order():
    game, _ = table()
    groups = game.hand_groups(["AS", "TS", "KH", "JK"])
    assert [(tr(h), cards) for h, cards in groups] == [
        ("spades", ["AS", "TS"]), ("hearts", ["KH"]), ("jokers", ["JK"])]
    assert tr(game.hand_group_words(*groups[0])) == "spades: ace and ten"
    assert tr(game.hand_group_words(*groups[2])) == "jokers: joker"


def test_the_trick_and_the_piles_are_said_with_who_played_what():
    game, t = table()
    assert [tr(w) for w in game.spoken_table()] == ["No card in the trick."]
    card = t.deal("trick", "QS")[0]
    card.owner = 1
    t.deal("stock", None, None, None)
    t.deal("pile", "9D", "4C")
    assert [tr(w) for w in game.spoken_table()] == [
        "Trick: Bo: queen of spades", "the stock: 3 cards",
        "The discard pile: the four of clubs on top"]


def test_a_target_that_is_not_a_card_is_named():
    game, t = table()
    assert tr(game.spoken_target("pile")) == "The discard pile is empty"
    t.deal("hand1", None)
    assert tr(game.spoken_target("seat1")) == "Bo: 1 card"
    assert game.spoken_target("trump") is None and game.spoken_target("moon") is None
    # a game's own targets are its table's (the pairs' offer, the rummies' new meld)
    assert game.spoken_target("offer") is None and game.spoken_target("new group") is None


def test_a_card_under_the_focus_says_whether_it_can_be_played():
    game, t = table()
    mine = t.deal("hand0", "TS")[0]
    assert tr(game.spoken_card(mine)) == "ten of spades"
    mine.glow = True
    assert tr(game.spoken_card(mine)) == "ten of spades, playable"
    theirs = t.deal("hand1", "TH")[0]
    theirs.glow = True
    assert tr(game.spoken_card(theirs)) == "ten of hearts"
