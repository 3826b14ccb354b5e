"""The recent matches at the table (cardtable.ui.session) and their screen
(cardtable.ui.scenes.recent): every scored deal is kept on disk, the daily deal's result goes
into the statistics, and a kept match opens its review."""

from __future__ import annotations

import json

import pygame
import pytest

from cardtable import i18n, recent, records
from cardtable.match import Match
from cardtable.ui import session
from cardtable.ui.scenes.recent import RecentScene
from cardtable.ui.scenes.review import ReviewScene
from cardtable.ui.scenes.stats import table_rows
from tests.test_records import played
from tests.ui.conftest import click, frames, press


def play_deals(match: Match, app, deals: int) -> None:
    """Play ``deals`` deals (the person takes the first legal move), the session attached."""
    session.attach(app, match)
    while not match.is_over and len(match.scored_deals) < deals:
        if match.human_to_act:
            match.apply(match.legal_actions()[0])
        else:
            match.run_computer_move()


def seats(n: int) -> list[dict]:
    out = [{"name": "Ann", "kind": "human"}]
    return out + [{"name": f"Bot{i}", "kind": "computer", "level": "easy"} for i in range(1, n)]


def test_every_scored_deal_is_written_to_the_recent_matches(app, tmp_path):
    app.data_dir = tmp_path
    match = Match("sixtysix", seats(2), seed=77, threaded=False, pace=0)
    play_deals(match, app, 2)
    [file] = (tmp_path / "recent").iterdir()
    entry = json.loads(file.read_text(encoding="utf-8"))
    assert entry["version"] == recent.RECENT_VERSION
    assert [d["deal"] for d in entry["deals"]] == [1, 2]
    assert entry["deals"] == match.scored_deals
    for deal in entry["deals"]:
        records.check_record(deal)
        assert deal["names"] == ["Ann", "Bot1"] and deal["humans"] == [0]


def test_a_damaged_recent_file_is_set_aside_and_the_player_told(app, tmp_path):
    app.data_dir = tmp_path
    (tmp_path / "recent").mkdir()
    (tmp_path / "recent" / "000001.json").write_text("[1, 2", encoding="utf-8")
    assert session.recent_matches(app) == []
    assert any("recent match" in str(t.text) for t in app.toasts)
    assert list((tmp_path / "recent").glob("000001.damaged-*.json"))


def test_the_daily_deal_s_result_goes_into_the_statistics_once_a_day(app, tmp_path):
    app.data_dir = tmp_path
    app.stats = {}
    code = records.daily_code("sixtysix")
    config = {**code.setup(), "seats": seats(code.players)}
    match = Match.from_config(config, threaded=False, pace=0)
    play_deals(match, app, 1)
    assert session.is_daily(match.scored_deals[0])
    daily = app.stats["sixtysix"][session.DAILY]
    assert daily["played"] == 1 and daily["last_played"] == records.today()
    # the same daily deal played again the same day is not counted twice
    again = Match.from_config(config, threaded=False, pace=0)
    play_deals(again, app, 1)
    assert app.stats["sixtysix"][session.DAILY]["played"] == 1
    # it has a row of its own on the statistics screen
    _, rows = table_rows(app.stats)
    assert any("daily deal" in row[0] for row in map(lambda r: [str(c) for c in r], rows))
    saved = json.loads((tmp_path / "stats.json").read_text(encoding="utf-8"))
    assert saved["games"]["sixtysix"][session.DAILY]["played"] == 1


def test_another_day_s_deal_is_not_the_daily_deal():
    rec = played("sixtysix", records.daily_code("sixtysix", "2020-01-01").seed, 1)[0]
    assert not session.is_daily(rec)


def test_the_recent_matches_screen_lists_them_and_opens_a_review(app):
    app.recent = [{"id": "a", "deals": played("sixtysix", 9, 2)},
                  {"id": "b", "deals": played("japanese65", 9, 1)}]
    app.open("recent")
    frames(app)
    app.draw()
    scene = app.top
    assert isinstance(scene, RecentScene)
    assert "Sixty-Six" in scene.widget("match0").text and "2 deals" in scene.widget("match0").text
    click(app, scene.widget("match0"))
    assert isinstance(app.top, ReviewScene) and app.top.record is app.recent[0]["deals"][-1]
    press(app, pygame.K_ESCAPE)
    assert app.top is scene


def test_an_empty_list_says_so(app):
    app.recent = []
    app.open("recent")
    frames(app)
    app.draw()
    assert app.top.widget("match0") is None


def test_without_a_data_folder_the_deals_are_kept_in_memory(app):
    assert getattr(app, "data_dir", None) is None
    match = Match("sixtysix", seats(2), seed=78, threaded=False, pace=0)
    play_deals(match, app, 2)
    [entry] = session.recent_matches(app)
    assert entry["deals"] == match.scored_deals and len(entry["deals"]) == 2


def test_with_a_data_folder_the_recent_matches_are_not_kept_in_memory(app, tmp_path):
    app.data_dir = tmp_path
    match = Match("sixtysix", seats(2), seed=79, threaded=False, pace=0)
    play_deals(match, app, 2)
    assert getattr(app, "recent", None) is None       # only the file holds them
    [entry] = session.recent_matches(app)             # read from it when asked
    assert entry["deals"] == match.scored_deals
    assert getattr(app, "recent", None) is None
    # the screen reads the file once while it is open
    app.open("recent")
    frames(app)
    scene = app.top
    for file in (tmp_path / "recent").iterdir():
        file.write_text("{}", encoding="utf-8")
    app.draw()
    assert isinstance(scene, RecentScene) and scene.widget("match0") is not None


@pytest.mark.parametrize("game,word", [("rummy65", "1 hand"), ("quebec65", "1 round"),
                                       ("pairs65", "1 game"), ("japanese65", "1 deal")])
def test_a_recent_match_counts_its_deals_in_the_game_s_own_word(game, word):
    from cardtable.ui.scenes.recent import row_text

    entry = {"id": "a", "deals": played(game, 9, 1)}
    assert word in i18n.tr(row_text(entry))


def test_a_match_of_a_game_not_installed_now_is_listed_and_refused_in_words(app, tmp_path):
    """A recent match of a game whose package is gone stays on disk for when it is back:
    the list names it by its id, and opening it says why it cannot be reviewed now."""
    import dataclasses

    from cardtable.engine import registry

    game = registry.game("sixtysix")
    away = dataclasses.replace(game, spec=dataclasses.replace(game.spec, id="sixtysix_away",
                                                              code=905))
    registry.register(away)
    try:
        deals = played("sixtysix", 9, 1)
        for deal in deals:
            deal["game"] = "sixtysix_away"
            deal["start"]["game"] = "sixtysix_away"
        app.data_dir = tmp_path
        assert recent.add_deal(tmp_path, deals[0], recent.match_id(deals[0], 9)) is None
    finally:
        registry.unregister("sixtysix_away")
    [entry] = session.recent_matches(app)
    assert entry["deals"][0]["game"] == "sixtysix_away"
    app.open("recent")
    frames(app)
    app.draw()
    scene = app.top
    assert "sixtysix_away" in scene.widget("match0").text
    click(app, scene.widget("match0"))
    frames(app)
    app.draw()
    assert app.top is scene
    assert any("not installed" in str(t.text) for t in app.toasts), app.toasts
    assert list((tmp_path / "recent").glob("*.json"))      # nothing set aside
    assert not list((tmp_path / "recent").glob("*damaged*"))
