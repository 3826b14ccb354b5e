"""65 from Québec's lesson (cardtable/games/quebec65_lesson.py): its own rules come up in
its round where the lesson says: the 2s, the jokers and the round's rank wild, a meld with
more wild cards than natural ones (refused by The Game of 65's rules), going out with no
discard, the last turn, and what the cards left in hand cost."""

from __future__ import annotations

from cardtable.engine import melds as meldlib
from cardtable.games.quebec65_lesson import LESSON
from tests.games import walk


def played():
    return walk.played("quebec65", LESSON)


def test_round_4_makes_the_2s_the_sixes_and_the_jokers_wild():
    steps, _ = played()
    start = steps[0][0]
    assert start.deal_no == 4 and set(start.wild_ranks()) == {"2", "6"}
    assert [len(h) for h in start.hands] == [6, 6] and start.discard_pile == ["QH"]
    rules = start.meld_rules()
    assert {rules.values[c] for c in ("2S", "6C", "JK")} == {20}
    assert rules.values["AC"] == 15                  # the ace the lesson discards


def test_going_out_melds_every_card_with_more_wild_cards_than_natural_ones():
    steps, _ = played()
    state, step = next((st, s) for st, s in steps if s.expect and s.expect[0].kind == "go_out")
    action = step.expect[0]
    assert action.discard is None
    assert sorted(c for m in action.melds for c in m) == sorted(state.hands[0])
    draw = next(st for st, s in steps if s.expect and s.expect[0].source == "stock")
    assert draw.stock[-1] == "JK"                    # the joker is drawn from the stock
    wild = ["9H", "2S", "6C", "JK"]
    assert meldlib.check_meld_code(wild, meldlib.quebec65_rules(4)) is None
    # one natural card for two wild ones (the six and the joker, wild in hand 4 of The
    # Game of 65 too): The Game of 65 refuses it
    why = meldlib.check_meld_code(["9H", "6C", "JK"], meldlib.rummy65_rules(4))
    assert why is not None and why.code == "too_many_wilds"


def test_the_last_turn_and_what_is_left_over_costs():
    _, end = played()
    row = end.score_sheet[0]
    assert row["went_out"] == 0 and row["laid"][0] and row["laid"][1] == [["KS", "KD", "KH"]]
    assert row["penalties"] == [0, 15] and row["values"][1] == [5, 5, 5]
    assert "15" in LESSON["end"] and "5 points" in LESSON["end"]
