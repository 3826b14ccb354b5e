"""Where things lie at a table (cardtable/ui/tables/geometry.py): the seats round the
viewer, the card size, a hand's fan and a squared pile, on a GameTable at a stand-in
scene."""

from __future__ import annotations

import pytest

from .fake_host import table


@pytest.mark.parametrize("players,slots", [
    (2, ["bottom", "top"]),
    (3, ["bottom", "left", "right"]),
    (4, ["bottom", "left", "top", "right"]),
])
def test_the_viewer_sits_at_the_bottom_and_the_others_go_clockwise(players, slots):
    names = [f"P{i}" for i in range(players)]
    for viewer in range(players):
        game, _ = table(names=names, viewer=viewer)
        assert [game.slot((viewer + i) % players) for i in range(players)] == slots


def test_larger_cards_are_a_fifth_larger():
    game, _ = table()
    plain = game.cw
    big, _ = table(settings={"large_cards": True})
    assert abs(big.cw - plain * 1.2) <= 1.5
    assert big.ch > game.ch


def test_the_viewer_s_hand_is_a_row_centred_on_its_anchor_face_up():
    game, t = table()
    cards = t.deal("hand0", "AS", "KS", "QS", None)
    places = game.place("hand0", cards)
    xs = [p[0] for p in places]
    assert xs == sorted(xs) and len(set(xs)) == 4                   # left to right
    ax, ay = game.hand_anchor(0)
    assert abs((xs[0] + xs[-1]) / 2 - ax) < 1e-6
    assert all(p[1] == ay and p[2] == 0.0 and p[3] == game.cw for p in places)
    assert [p[4] for p in places] == [True, True, True, False]      # a back stays a back


def test_the_top_hand_is_turned_to_its_player_unless_the_table_is_still():
    game, t = table()
    cards = t.deal("hand1", "AS", "KS")
    assert {p[2] for p in game.place("hand1", cards)} == {180.0}
    assert not any(p[4] for p in game.place("hand1", cards))     # not revealed: face down
    still, t = table(still=True)
    cards = t.deal("hand1", "AS", "KS")
    for c in cards:
        c.revealed = True
    places = still.place("hand1", cards)
    assert {p[2] for p in places} == {0.0} and all(p[4] for p in places)
    assert places[0][0] < places[1][0]                          # read left to right


def test_a_hand_keeps_to_the_window_however_many_cards_it_holds():
    game, t = table()
    for n in (1, 8, 26, 52):
        t.zones.clear()
        cards = t.deal("hand0", *["AS"] * n)
        xs = [p[0] for p in game.place("hand0", cards)]
        assert min(xs) - game.cw / 2 >= 0 and max(xs) + game.cw / 2 <= 1280


def test_a_pile_rises_a_little_whatever_its_height():
    game, t = table()
    deck = t.deal("deck", *[None] * 52)
    places = game.place("deck", deck)
    assert places[0][:2] == game.deck_pos()
    rise = places[0][1] - places[-1][1]
    assert 0 < rise <= game.cw * 0.14 * 1.4 + 1e-6
    assert not any(p[4] for p in places)


def test_an_unknown_zone_is_an_error():
    game, t = table()
    with pytest.raises(KeyError):
        game.place("moon", t.deal("moon", "AS"))


def test_the_hand_is_drawn_over_the_trick_and_the_deck_over_both():
    game, _ = table()
    assert game.zone_z("pile1") < game.zone_z("trick") < game.zone_z("hand0") < \
        game.zone_z("deck")
    assert game.zone_z("somewhere") == 400


def test_the_hand_band_reaches_the_bottom_of_the_window_from_above_the_hand():
    game, _ = table()
    band = game.hand_band()
    assert band.bottom == 720 and band.width == 1280
    assert band.top < game.hand_anchor(0)[1] - game.ch / 2


def test_a_plate_stays_beside_the_widest_the_hand_has_been():
    game, t = table()
    t.deal("hand0", *["AS"] * 9)
    anchor, wide = game.plate_anchor(0)
    del t.zones["hand0"][:5]
    assert game.plate_anchor(0) == (anchor, wide) and anchor == "midright"
    assert game.widest_hand(0) == 9
