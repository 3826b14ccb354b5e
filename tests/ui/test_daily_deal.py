"""The daily deal is one deal, the same for everybody, with a result to compare: marked
"Daily deal · <date>" at the table, it ends after its one deal with its result, and Recent
matches marks it and says who won (issue 32, 5.8). The date is fixed (no wall clock)."""

from __future__ import annotations

import random

import pytest

from cardtable import records
from cardtable.engine import registry
from cardtable.i18n import tr
from cardtable.match import Match
from cardtable.ui import session
from cardtable.ui.app import App
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.confirm import ConfirmScene
from cardtable.ui.scenes.matchend import MatchEndScene
from cardtable.ui.scenes.recent import RecentScene, row_text
from cardtable.ui.scenes.setup import SetupScene
from cardtable.ui.scenes.table import launch
from tests.ui.conftest import DT, click, frames

DAY = "2026-11-27"


@pytest.fixture
def daily_app(monkeypatch):
    monkeypatch.setattr(records, "today", lambda: DAY)
    real = Match.from_config.__func__

    def quick(cls, config, **kwargs):      # computers move at once, in this thread
        return real(cls, config, threaded=False, pace=0.0, **kwargs)
    monkeypatch.setattr(launch.Match, "from_config", classmethod(quick))
    app = App(size=(1280, 720), settings={"animation_speed": "off", "sound": False})
    app.stats = {}
    table_mod.install(app)
    yield app
    if app.table is not None:
        app.table.match.close()


def play_daily(app, game: str, seed: int = 1):
    """Start the daily deal of ``game`` from its setup and play random moves until a screen
    covers the table at its end (at most a few thousand frames)."""
    setup = app.push(SetupScene(game))
    frames(app)
    click(app, setup.widget("Daily deal"))
    table = app.table
    assert table is not None and app.top is table
    rng = random.Random(seed)
    for _ in range(5000):
        if app.top is not table:
            break
        app.step([], DT)
        if table.my_turn() and table.legal:
            assert table.try_action(rng.choice(table.legal))
    return table


@pytest.mark.parametrize("game", ["sixtysix", "rummy65"])
def test_the_daily_deal_is_one_deal_marked_at_the_table_and_ends_with_its_result(
        daily_app, game):
    app = daily_app
    table = play_daily(app, game)
    assert tr(table.panel_title()) == f"Daily deal · {DAY}"
    assert table.match.seed == records.daily_code(game, DAY).seed
    end = app.top
    assert isinstance(end, MatchEndScene), type(end)
    assert end.daily == DAY and tr(end.title()) == f"Daily deal · {DAY}"
    assert end.widget("Play again") is None and end.widget("Menu") is not None
    assert end.winners == session.deal_winners(table.match)
    assert table.finished and not app.match_in_progress()
    assert len(end.sheet) == 1              # one deal, never the match's next ones
    # Recent matches: marked, and who won
    entry = app.recent[0]
    assert len(entry["deals"]) == 1 and entry["deals"][0]["daily"] == DAY
    assert entry["deals"][0]["winners"] == end.winners
    text = tr(row_text(entry))
    assert text.startswith(f"Daily deal · {DAY}") and "won" in text
    # its result went into the statistics, once
    assert app.stats[game][session.DAILY]["played"] == 1
    click(app, end.widget("Menu"))
    recent = app.push(RecentScene())
    frames(app)
    assert tr(recent.widget("match0").text).startswith(f"Daily deal · {DAY}")


def test_a_match_that_is_no_daily_deal_goes_on_after_its_first_deal(daily_app):
    app = daily_app
    app.start_match({"game": "sixtysix", "players": 2, "options": {}, "first_dealer": None,
                     "seed": 12345,
                     "seats": [{"name": "You", "kind": "human", "level": "easy"},
                               {"name": "Margot", "kind": "computer", "level": "easy"}]})
    table = app.table
    assert tr(table.panel_title()) == "Sixty-Six"
    assert session.daily_date(table.match) is None
    assert not table.one_deal and panel(table)["Game points to win"] == "10"


def start_daily(app, game: str):
    setup = app.push(SetupScene(game))
    frames(app)
    click(app, setup.widget("Daily deal"))
    frames(app)
    assert app.table is not None and app.table.one_deal
    return app.table


def panel(table) -> dict[str, str]:
    return {tr(label): tr(value) for label, value, _ in table.game.score_lines()}


@pytest.mark.parametrize("game,gone", [("sixtysix", "Game points to win"),
                                       ("japanese65", "Game points to win"),
                                       ("rummy65", "Hand"), ("quebec65", "Round")])
def test_the_score_panel_of_the_daily_deal_speaks_of_one_deal(daily_app, game, gone):
    """The daily deal's panel said "Game points to win 10" and "Hand 1 of 12": it names
    no target and no deals to come, only which deal it is."""
    table = start_daily(daily_app, game)
    lines = panel(table)
    assert gone not in lines, lines
    assert not any(" of " in value for value in lines.values()), lines
    if gone in ("Hand", "Round"):
        assert lines["Daily deal"] == f"{gone} {table.match.state.deal_no}"


def test_the_daily_deal_s_panel_in_french(daily_app):
    daily_app.set_setting("language", "fr")
    try:
        table = start_daily(daily_app, "rummy65")
        lines = panel(table)
        assert lines["Donne du jour"] == f"Donne {table.match.state.deal_no}", lines
        assert not any(" sur " in value for value in lines.values()), lines
    finally:
        daily_app.set_setting("language", "en")


@pytest.mark.parametrize("first", ["japanese65", "sixtysix"])
def test_the_question_before_the_daily_deal_says_it_is_todays(daily_app, first):
    """With a match in progress, the Daily deal asked only "Start a match of Sixty-Six?"
    (or "Start a new match?"): it says it is today's daily deal, and the date."""
    n = registry.get(first).min_players
    daily_app.start_match({"game": first, "players": n, "seed": 3, "seats": [
        {"name": "You", "kind": "human", "level": "easy"}] + [
        {"name": f"Bot {i}", "kind": "computer", "level": "easy"} for i in range(1, n)]})
    old = daily_app.table
    frames(daily_app)
    setup = daily_app.push(SetupScene("sixtysix"))
    frames(daily_app)
    click(daily_app, setup.widget("Daily deal"))
    frames(daily_app)
    ask = daily_app.top
    assert isinstance(ask, ConfirmScene)
    assert tr(ask.question) == f"Start today’s daily deal (Sixty-Six, {DAY})?"
    old.match.close()
