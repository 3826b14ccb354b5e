"""A rummy hint to go out, and Enter after it, make one and the same move.

Hand 8 of 12 of rummy65 (jokers and tens wild), on the last turn after Bert went out: the
hand can go out several ways. The solver behind Arrange for me discards the ace of spades
(the two of hearts in a set of twos); the hint may name another way, discarding the two of
hearts. Arrange for me after that hint stages the hint's melds, and Enter on Go out then
makes the hinted move, not another.
"""

from __future__ import annotations

from concurrent.futures import Future

import pygame as K

from cardtable.engine import registry
from cardtable.engine.core import Action
from cardtable.i18n import tr
from cardtable.match import Match, Seat
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.table import TableScene

from .test_keyboard import key, wait_turn
from .test_table import DT, make_app
from .test_table_rummy import click, stacked

MINE = ["2C", "2D", "2H", "2S", "7H", "9H", "AS", "JK", "JS", "QS"]
BERT = ["3H", "4H", "5H", "6H", "8C", "8D", "8S", "KC", "KD", "KH"]   # melds all ten
CLEO = ["3C", "4D", "5S", "6C", "7S", "9C", "QH", "AC", "3D", "4S"]
# the up card, then the stock's top: Bert's draw, Cleo's, mine (the ten of hearts, wild)
AFTER = ["5D", "6D", "6S", "TH"]
#: the hinted way out: the ace of spades in a run, the two of hearts discarded
HINT = Action("go_out", melds=(("JS", "QS", "TH", "AS"), ("2S", "2D", "2C"),
                               ("7H", "JK", "9H")), discard="2H")


def last_turn_of_hand_8():
    """The table at Ann's last turn of hand 8, her card drawn: Bert (first to play) drew
    and went out, Cleo took her last turn."""
    front = []
    for i in range(10):          # dealer Ann: Bert is dealt first, then Cleo, then Ann
        front += [BERT[i], CLEO[i], MINE[i]]
    state = registry.get("rummy65").new_match(players=3, seed=3, first_dealer=0,
                                              first_deal=8,
                                              stacked_deck=stacked(front + AFTER, 2))
    seats = [Seat(n, "human" if i == 0 else "computer", "easy")
             for i, n in enumerate(["Ann", "Bert", "Cleo"])]
    match = Match("rummy65", seats, state=state, pace=0)
    match.apply(Action("draw", source="stock"))
    match.apply(next(a for a in match.legal_actions() if a.kind == "go_out"))
    match.apply(Action("draw", source="stock"))
    match.apply(Action("discard", card="9C"))
    app = make_app()
    table = table_mod.show_table(app, TableScene(match, pace=0.0, sound=False))
    assert wait_turn(app, table)
    assert state.out_seat == 1 and state.wild_ranks() == ["T"]
    key(app, K.K_d)                       # Ann draws the ten of hearts
    for _ in range(3):
        app.step([], DT)
    assert sorted(state.hands[0]) == sorted(MINE + ["TH"])
    assert HINT in table.legal
    return app, table


def give_hint(table, action: Action) -> None:
    """The hint arriving, as the hard computer player's answer does (the move is chosen
    here: the test is about what the table does with it, not about the player's choice)."""
    job = Future()
    job.set_result((action, None))
    table._hint = (job, table._legal_key)
    table._take_hint()


def toast_text(table) -> str:
    return tr(table.toast[0])


def test_the_solver_alone_would_go_out_another_way():
    """The situation is the one reported: Arrange for me without a hint keeps the two of
    hearts in a set of twos and discards the ace of spades."""
    app, table = last_turn_of_hand_8()
    table.game.arrange()
    out = table.game.go_out_action()
    assert out is not None and out.discard == "AS" and not table.game.same_move(out, HINT)
    table.match.close()


def test_enter_after_a_hint_makes_the_hinted_move():
    app, table = last_turn_of_hand_8()
    give_hint(table, HINT)
    assert toast_text(table) == "Hint: go out, discarding the two of hearts."
    assert table.keys.focus == "button:Arrange for me"
    n = len(table.match.moves)
    key(app, K.K_RETURN)                           # stages the hint's melds
    assert len(table.match.moves) == n
    staged = table.game.staged()
    assert sorted(map(sorted, staged)) == sorted(map(sorted, HINT.melds))
    assert [s.code for s in table.zone("hand0")] == ["2H"]    # what the hint discards
    assert table.keys.focus == "button:Go out"
    assert table.game.same_move(table.control_actions["Go out"], HINT)
    key(app, K.K_RETURN)
    seat, move = table.match.moves[n]
    assert seat == 0 and table.game.same_move(move, HINT)
    table.match.close()


def test_clicking_arrange_after_a_hint_stages_the_hinted_melds_too():
    app, table = last_turn_of_hand_8()
    give_hint(table, HINT)
    click(app, table.button("Arrange for me").rect.center)
    assert sorted(map(sorted, table.game.staged())) == sorted(map(sorted, HINT.melds))
    assert table.game.same_move(table.game.go_out_action(), HINT)
    table.match.close()


def test_a_hint_the_groups_already_make_focuses_go_out_whatever_their_order():
    """The hinted melds staged by the player, shown in meld order (not the hint's): the
    focus goes straight to Go out, and Enter makes that move."""
    app, table = last_turn_of_hand_8()
    give_hint(table, HINT)
    key(app, K.K_RETURN)                           # Arrange for me: the hint's melds
    table.clear_hint()
    give_hint(table, HINT)                         # asked again
    assert table.keys.focus == "button:Go out"
    n = len(table.match.moves)
    key(app, K.K_RETURN)
    assert table.game.same_move(table.match.moves[n][1], HINT)
    table.match.close()


def test_once_the_hint_is_dismissed_arrange_is_the_solver_s_again():
    app, table = last_turn_of_hand_8()
    give_hint(table, HINT)
    table.clear_hint()                             # Esc
    table.game.arrange()
    assert table.game.go_out_action().discard == "AS"
    table.match.close()
