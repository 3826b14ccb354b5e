"""The scores at a table (cardtable/ui/tables/score_panel.py): who scored what when a
deal ends, spoken to 'you' or by name, in one and many game points."""

from __future__ import annotations

from cardtable.i18n import tr

from .fake_host import table


def test_nobody_scores():
    game, _ = table()
    assert tr(game.deal_result({"deal": 3, "game_points": [0, 0]})) == \
        "Deal 3: nobody scores."
    assert tr(game.deal_result({"deal": 4})) == "Deal 4: nobody scores."


def test_the_scorer_is_named_or_called_you():
    game, _ = table(names=("Ana", "Margot"))
    assert tr(game.deal_result({"deal": 3, "game_points": [0, 2]})) == \
        "Deal 3: Margot scores 2 game points."
    assert tr(game.deal_result({"deal": 5, "game_points": [1, 0]})) == \
        "Deal 5: you score 1 game point."


def test_a_column_of_game_points_belongs_to_its_seat():
    game, _ = table(names=("Ana", "Margot"))
    assert tr(game.score_owner(0)) == "You" and tr(game.score_owner(1)) == "Margot"
    assert game.score_lines() == []
