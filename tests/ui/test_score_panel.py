"""The scores at a table (cardtable/ui/tables/score_panel.py): who scored what when a
deal ends, spoken to 'you' or by name, in one and many game points."""

from __future__ import annotations

import pytest

from cardtable.i18n import seat_name, tr
from cardtable.match import Match, Seat
from cardtable.ui.app import App
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.table import TableScene

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


@pytest.mark.parametrize("game_id, n", [("sixtysix", 2), ("pairs65", 3), ("japanese65", 4)])
def test_the_panel_names_the_person_as_their_plate_does(game_id, n):
    """A person who typed "Ann" alone with computers: their plate said "Ann", the score
    panel "You" ("You & Theo" at 65 (Japanese), on the felt too). The panel now names each
    seat as its plate does; a person who typed no name is "You" on both."""
    for name, shown in (("Ann", "Ann"), ("You", "You")):
        app = App(size=(1280, 720), settings={"animation_speed": "off", "sound": False})
        table_mod.install(app)
        seats = [Seat(name, "human", "easy")] + [
            Seat(n_, "computer", "easy") for n_ in ("Margot", "Theo", "Hana")[:n - 1]]
        match = Match(game_id, seats, seed=3, pace=0, threaded=False)
        table = TableScene(match, speed="off", pace=0, sound=False)
        table_mod.show_table(app, table)
        try:
            for _ in range(20):
                app.step([], 1 / 60)
            labels = [tr(label) for label, _, colour in table.game.score_lines()
                      if colour is not None]
            plates = [tr(seat_name(s.name)) for s in match.seats]
            if game_id == "japanese65":
                assert labels == [f"{shown} & Theo", "Margot & Hana"], labels
                # the sides' names on the felt, under their tricks, say the same
                drawn: list[str] = []
                text = table.text

                def record(surface, words, *a, drawn=drawn, text=text, **k):
                    drawn.append(tr(words))
                    return text(surface, words, *a, **k)

                table.text = record
                table.game.extra_draw(app.screen)
                table.text = text
                assert f"{shown} & Theo" in drawn and "Margot & Hana" in drawn, drawn
            else:
                assert labels[0] == shown and sorted(labels) == sorted(plates), labels
        finally:
            match.close()
            while app.stack:
                app.pop()
