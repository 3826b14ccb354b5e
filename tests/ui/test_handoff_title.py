"""The hand-over screen's score panel is titled as the table's is: "Daily deal · <date>" at
the daily deal (it said "Sixty-Six" while the table said "Daily deal · 2026-11-28")."""

from __future__ import annotations

import pytest

from cardtable import i18n, records
from cardtable.i18n import tr
from cardtable.match import Match, Seat
from cardtable.ui.app import App
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.handoff import HandoffScene
from cardtable.ui.scenes.table import TableScene
from tests.ui.conftest import DT
from tests.ui.test_handoff_facts import texts_drawn

DAY = "2026-11-28"


def pass_and_play(game: str, seed: int):
    app = App(size=(1280, 720), settings={"animation_speed": "off", "sound": False})
    table_mod.install(app)
    seats = [Seat(f"Player {i + 1}", "human", "") for i in range(2)]
    match = Match(game, seats, seed=seed, pace=0, threaded=False)
    table = TableScene(match, speed="off", pace=0, sound=False)
    table_mod.show_table(app, table)
    return app, table


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("daily", [True, False])
def test_the_hand_over_names_the_match_as_the_table_does(monkeypatch, daily, language):
    monkeypatch.setattr(records, "today", lambda: DAY)
    seed = records.daily_code("sixtysix", DAY).seed if daily else 12345
    app, table = pass_and_play("sixtysix", seed)
    try:
        i18n.set_language(language)
        scene = app.push(HandoffScene(table, 1))
        app.step([], DT)
        title = tr(table.panel_title())
        assert (title == tr(i18n.Msg("Daily deal · {date}", date=DAY))) is daily
        said = texts_drawn(monkeypatch, app, scene)
        assert title in said
        if daily:
            assert tr(table.match.spec.name) not in said
    finally:
        i18n.set_language("en")
        table.match.close()
