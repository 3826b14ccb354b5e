"""Four-colour suits where a card's colour is the rule: Sixty-Five (pairs) keeps red and
black whatever the setting says, and says so (the Settings row, and the table once).

A newcomer turned four colours on, opened a game of pairs, saw two colours and took the
setting for broken."""

from __future__ import annotations

import pytest

from cardtable import i18n
from cardtable.i18n import tr
from cardtable.match import Match, Seat
from cardtable.ui.app import App
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.settings import SettingsScene, four_colour_label, two_colour_games
from cardtable.ui.scenes.table import TableScene
from cardtable.ui.tables.pairs65 import TWO_COLOURS, Pairs65Table

DT = 1 / 60


@pytest.fixture
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def four_colour_row(scene):
    return next(w for w in scene.form.widgets if getattr(w, "label", None) == four_colour_label())


def test_the_settings_row_names_the_game_it_does_not_reach(app, english):
    assert two_colour_games() == ["Sixty-Five (pairs)"]
    scene = app.push(SettingsScene())
    app.step([], DT)
    label = tr(four_colour_row(scene).label)
    assert label == ("Four-colour suits, except in Sixty-Five (pairs), where red or black "
                     "is the rule")
    i18n.set_language("fr")
    label = tr(four_colour_row(scene).label)
    assert "Soixante-cinq (paires)" in label and "rouge" in label and "noir" in label
    assert label.startswith("Jeu à quatre couleurs")


def table_of(game: str, four: bool) -> tuple[App, TableScene]:
    app = App(size=(1280, 720), settings={"animation_speed": "off", "sound": False,
                                          "four_colour_suits": four})
    table_mod.install(app)
    seats = [Seat("Ann", "human"), Seat("Bo", "computer", "easy")]
    table = table_mod.show_table(app, TableScene(Match(game, seats, seed=1, pace=0),
                                                 pace=0.0, sound=False))
    return app, table


def toasts_at(app: App, table: TableScene, frames: int = 90) -> list:
    seen = []
    for _ in range(frames):
        app.step([], DT)
        if table.toast is not None and table.toast[0] not in seen:
            seen.append(table.toast[0])
    return seen


def test_the_pairs_table_says_once_why_it_keeps_two_colours(monkeypatch, english):
    monkeypatch.setattr(Pairs65Table, "two_colours_told", False)
    app, table = table_of("pairs65", four=True)
    assert TWO_COLOURS in toasts_at(app, table)
    assert table.toast[3] == "info"
    table.match.close()
    app, again = table_of("pairs65", four=True)          # the same run: said already
    assert TWO_COLOURS not in toasts_at(app, again)
    again.match.close()


@pytest.mark.parametrize("game,four", [("pairs65", False), ("sixtysix", True)])
def test_nothing_to_say_where_the_setting_is_off_or_used(monkeypatch, english, game, four):
    monkeypatch.setattr(Pairs65Table, "two_colours_told", False)
    app, table = table_of(game, four)
    assert TWO_COLOURS not in toasts_at(app, table)
    table.match.close()
