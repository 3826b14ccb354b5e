"""The engine's events at a table (cardtable/ui/tables/events.py): routing, the deal, a
card from a hand, and the last trick laid down again, on a GameTable at a stand-in
scene."""

from __future__ import annotations

from .fake_host import table


def test_an_event_goes_to_its_on_method_and_an_unknown_one_takes_no_time():
    game, _ = table()
    seen = []
    game.on_knocked = lambda ev: seen.append(ev) or 0.4
    assert game.handle({"kind": "knocked", "seat": 1}) == 0.4 and seen
    assert game.handle({"kind": "nothing_known"}) == 0.0
    game.on_quiet = lambda ev: None
    assert game.handle({"kind": "quiet"}) == 0.0


def test_the_deal_begins_left_of_the_dealer_and_goes_round():
    game, _ = table(names=("A", "B", "C"))
    assert game.deal_sequence({"dealer": 1, "hand_sizes": [2, 2, 2]}) == [2, 0, 1, 2, 0, 1]
    assert game.deal_sequence({"first": 0, "hand_sizes": [1, 1, 1]}) == [0, 1, 2]


def test_the_cards_go_out_once_every_seat_s_cards_are_known():
    game, t = table()
    game.handle({"kind": "dealt", "dealer": 1, "hand_sizes": [3, 3]})
    assert len(t.zone("deck")) == game.deck_size and ("shuffle", 0.0) in t.sounds
    assert game.handle({"kind": "received", "seat": 0, "cards": ["AS", "KS", "QS"]}) == 0.0
    assert not t.zone("hand0")                              # the other hand is not known yet
    pause = game.handle({"kind": "received", "seat": 1, "cards": None})
    assert pause > 0 and t.timeline.inserted == [game.sort_after_deal]
    assert [s.code for s in t.zone("hand0")] == ["AS", "KS", "QS"]
    assert [s.code for s in t.zone("hand1")] == [None] * 3   # another's cards: backs
    assert len(t.zone("deck")) == game.deck_size - 6


def test_a_card_played_leaves_the_hand_face_up_with_its_owner():
    game, t = table()
    t.deal("hand1", None, None)
    s = game.from_hand(1, "9H", "trick")
    assert s.zone == "trick" and s.code == "9H" and s.owner == 1 and len(t.zone("hand1")) == 1
    t.zones["hand1"].clear()
    s = game.from_hand(1, "TH", "trick")                    # a hand not shown: a new card
    assert [c.code for c in t.zone("trick")] == ["9H", "TH"]


def test_the_last_trick_is_laid_down_again_only_on_an_empty_table():
    game, t = table()
    game.hold_trick()
    assert not t.zone("trick")                              # no trick yet: nothing
    game.last = ([(0, "AS"), (1, "TS")], 0, "")
    game.hold_trick()
    assert [(s.owner, s.code) for s in t.zone("trick")] == [(0, "AS"), (1, "TS")]
    game.hold_trick()
    assert len(t.zone("trick")) == 2                        # a trick there already stays
