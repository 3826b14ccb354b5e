"""65 (Japanese)'s lesson (cardtable/games/japanese65_lesson.py): the twist comes up as the
lesson says: when the partner wins, the side keeps the person's card (the ace of diamonds
given to Aiko), and the winner's own aces go to the other side."""

from __future__ import annotations

from cardtable import lessons
from cardtable.games.japanese65_lesson import LESSON


def test_the_card_given_to_a_winning_partner_is_kept_by_the_side():
    lesson = lessons.from_data("japanese65", LESSON)
    state = lesson.new_state()
    assert lesson.steps[-1].alone
    for step in lesson.steps:
        if step.reading:
            continue
        state.apply(step.expect[0])
        for move in step.then:
            state.apply(move)
    assert state.tricks_won == [2, 0] and state.current_player == 2
    assert state.partner_cards[0] == ["3H", "AD"]            # the person's cards, kept
    assert {"AH", "AC"} <= set(state.piles[1])               # Aiko's own aces, given over
