"""Magpie's matches and deals in the player's files: a match saved mid-deal (a knock in
it) is continued, its finished deals join the recent matches; and what happens to them
when the game is not installed."""

from __future__ import annotations

from cardtable import recent, storage
from cardtable.engine import registry
from cardtable.match import Match, Seat
from tests.test_records import played

from .game.engine import GAME_ID, KNOCK
from .game.registration import GAME


def half_played(seed: int = 3) -> Match:
    seats = [Seat("Ann", "human"), Seat("Bob", "computer", "medium"),
             Seat("Cy", "computer", "easy")]
    match = Match(GAME_ID, seats, seed=seed, threaded=False, pace=0, first_dealer=2)
    match.apply(KNOCK)
    for _ in range(10):
        if match.human_to_act:
            match.apply(next(a for a in match.legal_actions() if a.kind == "play"))
        else:
            match.run_computer_move()
    return match


def test_a_match_saved_mid_deal_is_continued_as_it_was(tmp_path):
    match = half_played()
    path = tmp_path / "match.json"
    assert storage.save_match(match, path)
    back, message = storage.load_match(path, threaded=False, pace=0)
    assert message is None and back is not None
    assert back.state.to_json() == match.state.to_json()
    assert back.moves == match.moves and back.moves[0] == (0, KNOCK)
    # it plays on to the deal's end
    while not back.state.score_sheet:
        if back.human_to_act:
            back.apply(back.legal_actions()[0])
        else:
            back.run_computer_move()
    assert back.state.score_sheet[0]["knocker"] == 0


def test_finished_deals_join_the_recent_matches(tmp_path):
    deals = played(GAME_ID, 12, 2, players=2)
    for rec in deals:
        assert recent.add_deal(tmp_path, rec, recent.match_id(rec, 12)) is None
    matches, message = recent.load_recent(tmp_path)
    assert message is None
    assert [d["deal"] for d in matches[0]["deals"]] == [1, 2]


def test_a_recent_match_of_a_game_not_installed_now_is_kept(tmp_path):
    rec = played(GAME_ID, 12, 1, players=2)[0]
    recent.add_deal(tmp_path, rec, recent.match_id(rec, 12))
    registry.unregister(GAME_ID)
    try:
        matches, message = recent.load_recent(tmp_path)
        kept = list(recent.recent_path(tmp_path).glob("*.json"))
    finally:
        registry.register(GAME)
    assert message is None and kept
