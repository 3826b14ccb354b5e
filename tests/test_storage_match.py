"""The match on disk: resume gives the same future, crashes lose nothing, bad files are set
aside in one sentence; statistics; undo allowed and refused."""

from __future__ import annotations

import json
import os
import random
import re

import pytest

from cardtable import i18n, storage
from cardtable.engine import registry
from cardtable.engine.core import Action
from cardtable.match import Match, Seat


def seats_for(game: str, n: int, humans=(0,), level="easy") -> list[Seat]:
    return [Seat(f"P{i}", "human" if i in humans else "computer", level) for i in range(n)]


def step(m: Match, rng: random.Random) -> None:
    """One move: the person plays a seeded random legal move, a computer its own."""
    if m.human_to_act:
        m.apply(rng.choice(m.legal_actions()))
    else:
        m.run_computer_move()


def future(m: Match, rng: random.Random, moves: int) -> list:
    out = []
    for _ in range(moves):
        if m.is_over:
            break
        step(m, rng)
        out.append(m.moves[-1])
    return out + [json.dumps(m.state.to_json(), sort_keys=True)]


CASES = [(g, n) for g in registry.ids()
         for n in sorted({registry.get(g).min_players, registry.get(g).max_players})]


@pytest.mark.parametrize("game,n", CASES)
def test_resume_at_random_points_gives_the_same_future(game, n, tmp_path):
    path = tmp_path / "match.json"
    resumed_trials = 0
    for trial in range(3):
        seed = 100 * trial + n
        level = ("easy", "medium")[trial % 2]
        stop = random.Random(seed).randrange(1, 160)
        while True:    # a random point before the match ends
            rng = random.Random(seed)
            m = Match(game, seats_for(game, n, level=level), seed=seed, threaded=False, pace=0)
            for _ in range(stop):
                step(m, rng)
                if m.is_over:
                    break
            if not m.is_over:
                break
            stop //= 2
        storage.save_match(m, path)
        resumed, message = storage.load_match(path, threaded=False, pace=0)
        assert message is None and resumed is not None
        assert resumed.state.to_json() == m.state.to_json()
        state_rng = rng.getstate()
        expected = future(m, rng, 60)
        rng.setstate(state_rng)
        assert future(resumed, rng, 60) == expected
        resumed_trials += 1
        m.close()
        resumed.close()
    assert resumed_trials == 3


def test_save_is_json_with_a_version_and_no_temporary_files(tmp_path):
    path = tmp_path / "deep" / "match.json"
    m = Match("sixtysix", seats_for("sixtysix", 2), seed=1, threaded=False, pace=0)
    for _ in range(5):
        step(m, random.Random(1))
        storage.save_match(m, path)
    data = json.loads(path.read_text())
    assert data["version"] == storage.MATCH_VERSION and data["game"] == "sixtysix"
    assert [p.name for p in path.parent.iterdir()] == ["match.json"]


def test_a_crash_between_write_and_rename_loses_nothing(tmp_path, monkeypatch):
    path = tmp_path / "match.json"
    rng = random.Random(3)
    m = Match("japanese65", seats_for("japanese65", 4), seed=3, threaded=False, pace=0)
    for _ in range(7):
        step(m, rng)
    storage.save_match(m, path)
    saved = m.state.to_json()
    for _ in range(3):
        step(m, rng)

    def crash(src, dst):
        raise KeyboardInterrupt("power cut")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        storage.save_match(m, path)
    monkeypatch.undo()
    assert [p.name for p in tmp_path.iterdir()] == ["match.json"]   # no stray temp file
    back, message = storage.load_match(path, threaded=False, pace=0)
    assert message is None and back.state.to_json() == saved


def _saved(tmp_path, game="sixtysix", n=2, moves=6) -> tuple:
    path = tmp_path / "match.json"
    rng = random.Random(9)
    m = Match(game, seats_for(game, n), seed=9, threaded=False, pace=0)
    for _ in range(moves):
        step(m, rng)
    storage.save_match(m, path)
    return path, json.loads(path.read_text())


def _assert_set_aside(tmp_path, path, message, words):
    message = str(message) if message is not None else None
    assert message is not None
    assert not path.exists()
    kept = list(tmp_path.glob("match.damaged-*.json"))
    # one short sentence: where the file went is in the log, not in it
    assert len(kept) == 1 and "set aside" in message and kept[0].name not in message
    # in a player's words: no "JSON", no "object", no "inconsistent"
    assert not re.search(r"JSON|object|inconsistent", message), message
    assert words in message
    # one sentence: no sentence end before the last character
    assert message.endswith(".") and not re.search(r"[.!?] [A-Z]", message)


def _tamper_card(data):
    hand = data["state"]["fields"]["hands"][0]
    hand[0] = "JK" if hand[0] != "JK" else "AS"


@pytest.mark.parametrize("kind,words", [
    ("truncated", "its text is garbled or cut short"),
    ("not_json", "its text is garbled or cut short"),
    ("array", "it is not laid out as this program writes it"),
    ("version", "version"),
    ("card", "damaged"),
    ("illegal_move", "damaged"),
    ("moves_mismatch", "damaged"),
    ("seats", "damaged"),
    ("unknown_game", "damaged"),
])
def test_bad_match_files_are_set_aside_with_one_sentence(tmp_path, kind, words):
    path, data = _saved(tmp_path)
    if kind == "truncated":
        text = path.read_text()
        path.write_text(text[: len(text) // 2])
    elif kind == "not_json":
        path.write_bytes(b"\x80\x81 not json at all")
    elif kind == "array":
        path.write_text("[1, 2, 3]")
    elif kind == "version":
        data["version"] = 99
        path.write_text(json.dumps(data))
    elif kind == "card":
        _tamper_card(data)
        path.write_text(json.dumps(data))
    elif kind == "illegal_move":
        data["history"].append([data["state"]["fields"].get("leader", 0),
                                {"kind": "play", "card": "XX"}])
        path.write_text(json.dumps(data))
    elif kind == "moves_mismatch":
        assert data["history"], "the save should hold moves of this deal"
        data["history"] = data["history"][:-1]
        path.write_text(json.dumps(data))
    elif kind == "seats":
        data["seats"] = data["seats"][:1]
        path.write_text(json.dumps(data))
    elif kind == "unknown_game":
        data["game"] = "poker"
        data["state"]["game"] = "poker"
        path.write_text(json.dumps(data))
    match, message = storage.load_match(path, threaded=False, pace=0)
    assert match is None
    _assert_set_aside(tmp_path, path, message, words)


@pytest.mark.parametrize("kind, why", [
    ("illegal_move", storage.BROKEN_RULE),
    ("moves_mismatch", storage.INCONSISTENT),
    ("unknown_game", storage.MATCH_REFUSALS["unknown_game"]),
    ("options", storage.MATCH_REFUSALS["bad_option"]),
    ("seed", storage.INCONSISTENT),
])
def test_why_a_match_is_refused_is_worded_for_the_player_the_engines_english_logged(
        tmp_path, kind, why, caplog):
    path, data = _saved(tmp_path)
    if kind == "illegal_move":      # the first move of the deal, by the right seat
        data["history"][0][1] = {"kind": "play", "card": "XX"}
    elif kind == "moves_mismatch":
        data["history"] = data["history"][:-1]
    elif kind == "unknown_game":
        data["game"] = data["state"]["game"] = "poker"
    elif kind == "options":
        data["state"]["fields"]["options"] = {"target": "seven"}
    else:
        data["seed"] = "seven"
    path.write_text(json.dumps(data))
    with pytest.raises((storage.ConfigError, storage.IllegalAction)) as info:
        Match.from_json(json.loads(path.read_text()), threaded=False, pace=0)
    english = info.value.message
    with caplog.at_level("WARNING", logger=storage.__name__):
        match, message = storage.load_match(path, threaded=False, pace=0)
    assert match is None and message.values["problem"] == storage.Msg(why)
    assert english not in str(message)
    assert english in caplog.text and "kept as match.damaged-" in caplog.text
    try:
        i18n.set_language("fr")
        assert why not in str(message) and "mis de côté" in str(message)
    finally:
        i18n.set_language("en")


def test_statistics_without_games_are_set_aside_in_the_players_language(tmp_path):
    path = tmp_path / "stats.json"
    path.write_text(json.dumps({"version": storage.STATS_VERSION, "games": []}))
    stats, message = storage.load_stats(path)
    assert stats == {} and message.values["problem"] == storage.Msg("it holds no games")


def test_an_oversized_file_is_refused_unread(tmp_path, monkeypatch):
    path, _ = _saved(tmp_path)
    monkeypatch.setitem(storage.MAX_BYTES, "match", 1000)
    monkeypatch.setattr(json, "loads", lambda *a, **k: pytest.fail("read an oversized file"))
    match, message = storage.load_match(path)
    assert match is None
    _assert_set_aside(tmp_path, path, message, "KB")


def test_no_file_no_message_and_a_finished_match_is_not_offered(tmp_path):
    assert storage.load_match(tmp_path / "match.json") == (None, None)
    path, data = _saved(tmp_path, moves=0)
    m = Match.from_json(data, threaded=False, pace=0)
    while not m.is_over:
        m.run_computer_move() if not m.human_to_act else m.apply(m.legal_actions()[0])
    storage.save_match(m, path)
    assert storage.load_match(path) == (None, None) and not path.exists()


def test_damaged_settings_and_stats_are_set_aside_too(tmp_path):
    for name, loader in (("settings", storage.load_settings), ("stats", storage.load_stats)):
        path = tmp_path / f"{name}.json"
        path.write_text('{"version": 1, "trunc')
        _, message = loader(path)
        assert message and "damaged" in message and not path.exists()
        assert list(tmp_path.glob(f"{name}.damaged-*.json"))


def test_nothing_is_read_with_pickle_or_eval():
    import inspect

    from cardtable import match as match_mod
    from cardtable.ui import session

    for mod in (storage, match_mod, session):
        src = inspect.getsource(mod)
        assert not re.search(r"import pickle|pickle\.|marshal|\beval\(|\bexec\(", src)


# --------------------------------------------------------------------------- statistics


def test_statistics_record_wins_streaks_best_and_average(tmp_path):
    stats: dict = {}
    results = [(True, 7), (True, 10), (False, 3), (True, 5)]
    for won, score in results:
        storage.record_result(stats, "sixtysix", "medium", won, score, when="2024-05-01")
    rec = stats["sixtysix"]["medium"]
    assert rec["played"] == 4 and rec["won"] == 3
    assert rec["streak"] == 1 and rec["best_streak"] == 2
    assert rec["best"] == 10 and storage.average(rec) == pytest.approx(25 / 4)
    assert storage.win_rate(rec) == pytest.approx(0.75)
    storage.record_result(stats, "rummy65", "easy", False, 40, lower_is_better=True)
    storage.record_result(stats, "rummy65", "easy", True, 12, lower_is_better=True)
    assert stats["rummy65"]["easy"]["best"] == 12
    path = tmp_path / "stats.json"
    storage.save_stats(stats, path)
    loaded, message = storage.load_stats(path)
    assert message is None and loaded == stats
    # a hand-edited record that cannot be true is dropped, the rest kept
    data = json.loads(path.read_text())
    data["games"]["sixtysix"]["medium"]["won"] = 99
    path.write_text(json.dumps(data))
    loaded, message = storage.load_stats(path)
    assert message is None and "sixtysix" not in loaded and "rummy65" in loaded


def test_a_finished_match_is_recorded_once_and_its_save_removed(tmp_path):
    from cardtable.ui import session

    class FakeApp:
        data_dir = tmp_path
        stats: dict = {}
        toasts: list = []

        def toast(self, text, **kw):
            self.toasts.append(text)

    app = FakeApp()
    m = Match("sixtysix", seats_for("sixtysix", 2, level="medium"), seed=4, threaded=False,
              pace=0, options={"target": 2})
    session.attach(app, m)
    assert (tmp_path / "match.json").exists()
    rng = random.Random(2)
    while not m.is_over:
        step(m, rng)
    assert not (tmp_path / "match.json").exists()
    rec = app.stats["sixtysix"]["medium"]
    assert rec["played"] == 1 and rec["won"] == (0 in m.state.winners)
    assert rec["best"] == m.state.match_scores[0]
    session.changed(app, m)             # told again: still one match
    assert app.stats["sixtysix"]["medium"]["played"] == 1
    loaded, _ = storage.load_stats(tmp_path / "stats.json")
    assert loaded == app.stats
    assert session.stats_level(Match("sixtysix", [Seat("A"), Seat("B")], seed=1)) == "people"


# --------------------------------------------------------------------------- undo


def _to_human_turn(m: Match) -> None:
    while not m.is_over and not m.human_to_act:
        m.run_computer_move()


def test_undo_before_the_computer_replies_restores_the_state_exactly():
    m = Match("sixtysix", seats_for("sixtysix", 2), seed=5, threaded=False, pace=0)
    _to_human_turn(m)
    before = m.state.to_json()
    moves = list(m.moves)
    m.apply(next(a for a in m.legal_actions() if a.kind == "play"))
    assert m.can_undo()
    assert m.undo()
    assert m.state.to_json() == before and m.moves == moves
    assert m.human_to_act


def test_undo_refused_after_a_computer_shows_a_new_card():
    m = Match("japanese65", seats_for("japanese65", 4), seed=6, threaded=False, pace=0,
              first_dealer=3)
    _to_human_turn(m)      # seat 0 leads the first trick
    assert m.state.view(0)["trick"] == []
    m.apply(m.legal_actions()[0])
    assert m.can_undo()
    m.run_computer_move()  # seat 1 plays a card seat 0 has never seen
    assert not m.can_undo() and not m.undo()


def test_undo_refused_after_drawing_an_unseen_card_allowed_after_a_seen_one():
    m = Match("rummy65", seats_for("rummy65", 3), seed=7, threaded=False, pace=0)
    _to_human_turn(m)
    start = m.state.to_json()
    m.apply(Action("draw", source="stock"))
    assert not m.can_undo()
    m2 = Match.from_json(m.to_json(), threaded=False, pace=0)
    assert not m2.can_undo()
    m3 = Match("rummy65", seats_for("rummy65", 3), seed=7, threaded=False, pace=0)
    _to_human_turn(m3)
    assert m3.state.to_json() == start
    m3.apply(Action("draw", source="discard"))        # the card everyone saw on the pile
    assert m3.can_undo() and m3.undo()
    assert m3.state.to_json() == start


def test_undo_is_off_in_pass_and_play_and_across_a_deal():
    m = Match("sixtysix", seats_for("sixtysix", 2, humans=(0, 1)), seed=5, threaded=False,
              pace=0)
    m.apply(m.legal_actions()[0])
    assert m.undo_seat is None and not m.can_undo()
    m = Match("japanese65", seats_for("japanese65", 4), seed=8, threaded=False, pace=0)
    rng = random.Random(1)
    while m.state.deal_no == 1:
        step(m, rng)
    # the last move of deal 1 was dealt over: nothing of this deal to take back
    assert m.history == [] or not any(s == 0 for s, _, _ in m.history)
    assert not m.can_undo()


def test_undo_survives_a_save():
    m = Match("sixtysix", seats_for("sixtysix", 2), seed=5, threaded=False, pace=0)
    _to_human_turn(m)
    before = m.state.to_json()
    m.apply(next(a for a in m.legal_actions() if a.kind == "play"))
    back = Match.from_json(json.loads(json.dumps(m.to_json())), threaded=False, pace=0)
    assert back.can_undo() and back.undo() and back.state.to_json() == before
