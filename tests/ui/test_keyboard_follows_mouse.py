"""One choice, whoever made it: a card chosen with the mouse becomes the keyboard's focus,
so Enter confirms the card the person clicked, never the card the focus was left on.

A newcomer clicked the ace of hearts at Sixty-Six (it rose, "Click the card again to play
it"), pressed Enter and saw a focus ring on the first card of the hand; Enter again played
that card. At 65 with pairs, two cards clicked and Enter discarded a third card.

Module: cardtable.ui.keyboard (follow_pointer), with the games' key_chosen / key_play."""

from __future__ import annotations

import pygame

from cardtable.engine.core import Action

from .test_hotseat import confirm
from .test_table import DT, grab_point, make_app, mouse, start, wait_for_human

K = pygame


def key(app, k):
    uni = "\r" if k == K.K_RETURN else (chr(k) if 32 <= k < 127 else "")
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=uni, scancode=0)], DT)


def click_card(app, table, sprite) -> None:
    """One click of the mouse on ``sprite``, then frames past a double-click's time."""
    p = grab_point(table, sprite)
    app.step([mouse(pygame.MOUSEBUTTONDOWN, p), mouse(pygame.MOUSEBUTTONUP, p)], DT)
    for _ in range(40):
        app.step([], DT)


def hand(table) -> list:
    return [s for s in table.zone(f"hand{table.viewer}") if s.code is not None]


def trick_table(game: str, keys_first: bool):
    """A table at the person's turn with two cards or more they may play."""
    for seed in range(11, 60):
        app = make_app()
        table = start(app, game, seed=seed)
        assert wait_for_human(app, table)
        plays = [a.card for a in table.match.legal_actions() if a.kind == "play"]
        if len(plays) >= 2:
            break
        table.match.close()
    else:
        raise AssertionError("no deal with two playable cards")
    if keys_first:
        key(app, K.K_RIGHT)         # the keyboard was used: its focus is on a card
        assert table.keys.focus is not None
    cards = hand(table)
    focused = table.keys.focus
    # a playable card neither first in the hand nor where the focus is or would go
    chosen = next(s for s in reversed(cards) if s.code in plays and f"card{s.id}" != focused
                  and s is not cards[0] and not (s.code == plays[0]))
    return app, table, chosen


def click_plays_the_card_clicked(game: str) -> None:
    """A trick game: the click plays the card clicked at once (tests/ui/
    test_click_to_play.py), never the card the keyboard's focus was left on."""
    for keys_first in (False, True):
        app, table, chosen = trick_table(game, keys_first)
        n = len(table.match.moves)
        click_card(app, table, chosen)
        assert table.match.moves[n] == (table.viewer, Action("play", card=chosen.code)), \
            f"keys first: {keys_first}"
        assert table.game.picked is None
        table.match.close()


def test_sixtysix_a_click_plays_the_card_clicked_not_the_focused_one():
    click_plays_the_card_clicked("sixtysix")


def test_japanese65_a_click_plays_the_card_clicked_not_the_focused_one():
    click_plays_the_card_clicked("japanese65")


def test_a_card_put_back_by_a_second_click_leaves_no_focus_for_enter_to_act_on():
    """Clicked twice slowly at Sixty-Six the card is played; at a rummy a second click puts
    it back: then Enter only shows the focus, it does not discard a card not chosen."""
    app = make_app()
    table = start(app, "rummy65", seed=11)
    assert wait_for_human(app, table)
    key(app, K.K_d)                                  # draw: now a discard is to come
    assert wait_for_human(app, table)
    key(app, K.K_RIGHT)
    card = hand(table)[-1]
    n = len(table.match.moves)
    click_card(app, table, card)
    click_card(app, table, card)                     # put back: nothing chosen
    assert table.game.picked is None and table.keys.focus is None
    key(app, K.K_RETURN)
    assert len(table.match.moves) == n and table.keys.shown
    table.match.close()


def rummy_discards_the_clicked_card(game: str) -> None:
    for keys_first in (False, True):
        app = make_app()
        table = start(app, game, seed=11)
        assert wait_for_human(app, table)
        key(app, K.K_d)                              # draw from the stock
        assert wait_for_human(app, table)
        legal = {a.card for a in table.match.legal_actions() if a.kind == "discard"}
        if keys_first:
            key(app, K.K_RIGHT)
        cards = hand(table)
        chosen = next(s for s in reversed(cards) if s.code in legal
                      and f"card{s.id}" != table.keys.focus and s is not cards[0])
        n = len(table.match.moves)
        click_card(app, table, chosen)
        assert table.game.picked == chosen.id
        key(app, K.K_RETURN)
        assert table.match.moves[n] == (table.viewer, Action("discard", card=chosen.code)), \
            f"keys first: {keys_first}"
        table.match.close()


def test_rummy65_enter_discards_the_card_picked_by_a_click():
    rummy_discards_the_clicked_card("rummy65")


def test_quebec65_enter_discards_the_card_picked_by_a_click():
    rummy_discards_the_clicked_card("quebec65")


# ---------------------------------------------------------------------------- pairs65

HAND0 = ["2H", "JH", "QS", "4C", "7S", "8D", "9C", "5D", "TC"]
HAND1 = ["2S", "QD", "JC", "TS", "9D", "7H", "6S", "5C", "4H"]


def pairs_table(keys_first: bool):
    from .test_table_pairs import start as pairs_start

    app, table = pairs_start({0: HAND0, 1: HAND1}, humans=(0, 1),
                             moves=[Action("draw", source="stock")])
    for _ in range(30):                  # two people at one screen: the first is shown in
        if app.top is not table:
            confirm(app, app.top)
            break
        app.step([], DT)
    assert app.top is table and table.my_turn() and table.game.phase() == "play"
    if keys_first:
        key(app, K.K_RIGHT)         # the focus on a card of the hand, one not picked
        assert table.keys.focus is not None
    return app, table


def test_pairs65_enter_with_two_cards_clicked_lays_the_pair_and_discards_nothing():
    pair = Action("pair", cards=("2H", "JH"))          # red with red, 2 + 11 = 13
    for keys_first in (False, True):
        app, table = pairs_table(keys_first)
        assert pair in table.match.legal_actions()
        by_code = {s.code: s for s in hand(table)}
        click_card(app, table, by_code["2H"])
        click_card(app, table, by_code["JH"])
        assert sorted(s.code for s in table.game.selection()) == ["2H", "JH"]
        assert table.button("Lay pair") is not None
        n = len(table.match.moves)
        key(app, K.K_RETURN)
        assert len(table.match.moves) == n + 1, f"keys first: {keys_first}"
        seat, done = table.match.moves[n]
        assert seat == 0 and done.kind == "pair" and sorted(done.cards) == ["2H", "JH"]
        table.match.close()


def test_pairs65_enter_on_one_card_clicked_discards_that_card():
    app, table = pairs_table(keys_first=True)
    by_code = {s.code: s for s in hand(table)}
    click_card(app, table, by_code["9C"])
    n = len(table.match.moves)
    key(app, K.K_RETURN)
    assert table.match.moves[n] == (0, Action("discard", card="9C"))
    table.match.close()


def test_a_card_clicked_has_the_keys_go_on_from_it():
    """The arrows go on from the card clicked (it is the focus), not from an old place (a
    rummy: a click picks the card up; a trick game's click plays it)."""
    app = make_app()
    table = start(app, "rummy65", seed=11)
    assert wait_for_human(app, table)
    table.try_action(Action("draw", source="stock"))
    assert wait_for_human(app, table)
    key(app, K.K_RIGHT)         # the keyboard was used: its focus is on a card
    cards = hand(table)
    chosen = next(s for s in reversed(cards) if f"card{s.id}" != table.keys.focus
                  and s is not cards[0])
    click_card(app, table, chosen)
    assert table.game.key_chosen() is chosen
    cards = hand(table)
    key(app, K.K_LEFT)
    i = cards.index(chosen)
    assert table.keys.focus == f"card{cards[max(0, i - 1)].id}"
    table.match.close()
