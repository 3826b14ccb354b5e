"""install() gives the App's own match members their values and adds none of its own."""

from __future__ import annotations

from cardtable.ui.scenes.table import MatchDesk, install


def test_install_sets_only_members_the_app_declares(app):
    before = set(vars(app))
    desk = install(app)
    assert set(vars(app)) == before
    assert isinstance(desk, MatchDesk)
    assert app.on_start_match == desk.start and app.on_continue_match == desk.resume
    assert app.match_in_progress == desk.in_progress and app.match_game == desk.game
    assert app.table is None and app.match_game() is None and not app.has_match_in_progress()


def test_a_started_match_is_the_apps_table_and_its_game(app):
    install(app)
    app.start_match({"game": "sixtysix", "players": 2, "seed": 3,
                     "seats": [{"name": "You", "kind": "human", "level": "easy"},
                               {"name": "Bot", "kind": "computer", "level": "easy"}]})
    assert app.table is app.top and app.match_game() == "sixtysix"
    assert app.has_match_in_progress()
    app.table.match.close()
