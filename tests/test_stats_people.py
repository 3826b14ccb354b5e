"""Statistics of matches between people count each person by name, never a win for
nobody in particular; rummy65's statistics keep the money (issue 32, 6.2 and 6.4)."""

from __future__ import annotations

import json
from types import SimpleNamespace

from cardtable import storage
from cardtable.match import Match, Seat
from cardtable.ui import session
from cardtable.ui.scenes.stats import table_rows


def finished(game: str, names, kinds, winners, seed: int = 5, money=None) -> Match:
    seats = [Seat(n, k, "easy") for n, k in zip(names, kinds, strict=True)]
    match = Match(game, seats, seed=seed, threaded=False, pace=0)
    match.state.over = True
    match.state.winners = list(winners)
    if money is not None:
        match.state.score_sheet = [{"deal": 1, "money": {"net": list(money)}}]
    return match


def app_without_files():
    return SimpleNamespace(stats={}, data_dir=None, toast=lambda *a, **k: None)


def cells(stats, label_part):
    cols, rows = table_rows(stats)
    keys = [k for k, _ in cols]
    from cardtable.i18n import tr
    return [dict(zip(keys, r[1:], strict=True)) for r in rows if label_part in tr(r[0])]


def test_two_pass_and_play_matches_won_by_each_count_one_win_each():
    app = app_without_files()
    people = ("Player 1", "Player 2")
    session.record(app, finished("sixtysix", people, ("human", "human"), [0], seed=1))
    session.record(app, finished("sixtysix", people, ("human", "human"), [1], seed=2))
    p1 = app.stats["sixtysix"][storage.PERSON + "Player 1"]
    p2 = app.stats["sixtysix"][storage.PERSON + "Player 2"]
    assert (p1["played"], p1["won"], p1["streak"]) == (2, 1, 0)
    assert (p2["played"], p2["won"], p2["streak"]) == (2, 1, 1)
    assert "people" not in app.stats["sixtysix"]       # no row that says "won 2 of 2"
    row = cells(app.stats, "Player 1")
    assert row and row[0]["played"] == "2" and row[0]["won"] == "1"
    assert row[0]["win_rate"] == "50%"


def test_one_person_with_computers_still_counts_under_the_level():
    app = app_without_files()
    session.record(app, finished("sixtysix", ("You", "Margot"), ("human", "computer"), [1]))
    assert app.stats["sixtysix"]["easy"]["won"] == 0


def test_an_older_people_record_keeps_its_numbers_but_shows_no_win(tmp_path):
    path = tmp_path / "stats.json"
    path.write_text(json.dumps({"version": 1, "games": {"sixtysix": {
        "people": {"played": 2, "won": 2, "streak": 2, "best_streak": 2,
                   "last_played": "2026-11-20"},
        "easy": {"played": 3, "won": 1}}}}))
    stats, message = storage.load_stats(path)
    assert message is None
    assert stats["sixtysix"]["people"]["won"] == 2        # nothing is lost
    storage.save_stats(stats, path)
    assert json.loads(path.read_text())["games"]["sixtysix"]["people"]["won"] == 2
    row = cells(stats, "people")[0]
    assert row["played"] == "2"
    assert row["won"] == "—" and row["win_rate"] == "—" and row.get("streak", "—") == "—"
    easy = cells(stats, "easy")[0]
    assert easy["won"] == "1"


def test_rummy65_statistics_keep_the_money_won_and_lost(tmp_path):
    app = app_without_files()
    names, kinds = ("You", "Margot", "Theo"), ("human", "computer", "computer")
    session.record(app, finished("rummy65", names, kinds, [0], seed=1, money=[60, -5, -55]))
    session.record(app, finished("rummy65", names, kinds, [1], seed=2, money=[-25, 50, -25]))
    assert app.stats["rummy65"]["easy"]["money"] == 35
    path = tmp_path / "stats.json"
    storage.save_stats(app.stats, path)
    stats, _ = storage.load_stats(path)
    assert stats["rummy65"]["easy"]["money"] == 35
    assert cells(stats, "65")[0]["money"] == "+35¢"


def test_money_per_person_at_pass_and_play_rummy65():
    app = app_without_files()
    session.record(app, finished("rummy65", ("Ana", "Bo", "Cy"), ("human",) * 3, [2],
                                 money=[-65, -45, 110]))
    assert app.stats["rummy65"][storage.PERSON + "Ana"]["money"] == -65
    assert cells(app.stats, "Ana")[0]["money"] == "−65¢"
    assert app.stats["rummy65"][storage.PERSON + "Cy"]["won"] == 1


def test_only_a_game_played_for_money_has_money():
    """The money is the game's table's reading of its sheet: a game not played for money
    has none, whatever its rows hold."""
    names, kinds = ("You", "Theo"), ("human", "computer")
    assert session.money(finished("sixtysix", names, kinds, [0], money=[5, -5]), 0) is None
    played = finished("rummy65", ("You", "Margot", "Theo"), ("human",) + ("computer",) * 2,
                      [0], money=[60, -5, -55])
    assert [session.money(played, s) for s in range(3)] == [60, -5, -55]
    assert session.money(played, 3) is None
