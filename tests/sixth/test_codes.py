"""Magpie's deal codes: written by the game's own number and layout, read back to the same
code, and dealing the same cards; a code of it is refused once the game is gone."""

from __future__ import annotations

import pytest

from cardtable import records
from cardtable.engine import registry
from cardtable.match import Match
from tests.test_records import hands, played

from .game.engine import CODE_NUMBER, GAME_ID, SPEC
from .game.registration import GAME

#: a code written once with this game's layout, and the hands it deals: a code means the
#: same deal for ever
GOLDEN = "3CPN-39PJ"


def test_the_games_number_is_free_and_fits_a_code():
    assert 0 <= CODE_NUMBER < records.GAMES
    others = [s.code for s in registry.specs() if s.id != GAME_ID]
    assert CODE_NUMBER not in others
    assert registry.get(GAME_ID).code == CODE_NUMBER


def test_codes_round_trip_for_every_count_of_players_and_every_option():
    for players in range(SPEC.min_players, SPEC.max_players + 1):
        for seed in (0, 1, 77, records.SEED_SPACE - 1):
            for dealer in (None, 0, players - 1):
                for options in ({}, SPEC.quick_options, {"target": 15, "last_trick": False},
                                {"target": 7, "last_trick": True}):
                    code = records.make_code(GAME_ID, players, options, seed, dealer)
                    text = records.encode(code)
                    assert set(text) <= set(records.ALPHABET + "-")
                    back = records.decode(text)
                    assert back == code
                    assert back.game == GAME_ID and dict(back.options) == \
                        SPEC.check_options(options)
    # the default options make the shortest code
    short = records.encode(records.make_code(GAME_ID, 2, None, 5))
    long = records.encode(records.make_code(GAME_ID, 2, {"target": 3, "last_trick": False}, 5))
    assert len(short) <= len(long)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_deal_has_a_code_that_deals_it_again(players):
    for rec in played(GAME_ID, 31, 3, players=players):
        assert rec["code"], rec["deal"]
        start = records.start_state(rec)
        again = records.decode(rec["code"]).new_state()
        assert hands(again) == hands(start)
        assert again.rng.getstate() == start.rng.getstate()
        assert again.dealer == start.dealer


def test_a_match_started_from_a_code_deals_its_first_deal_like_the_code():
    rec = played(GAME_ID, 8, 2, players=3)[1]
    config = dict(records.decode(rec["code"]).setup())
    config["seats"] = [{"name": "You"}] + [{"kind": "computer"}] * (config["players"] - 1)
    match = Match.from_config(config, threaded=False, pace=0)
    assert hands(match.state) == hands(records.start_state(rec))


def test_a_golden_code_deals_the_same_cards():
    code = records.decode(GOLDEN)
    assert (code.game, code.players, code.seed, code.dealer) == (GAME_ID, 3, 424242, None)
    assert dict(code.options) == {"target": 7, "last_trick": True}
    state = code.new_state()
    assert hands(state) == [
        ["TD", "QD", "AC", "KS", "KC", "AD", "JC", "JD"],
        ["KD", "TC", "QC", "QS", "9D", "JS", "TS", "JH"],
        ["QH", "AS", "9H", "9C", "9S", "AH", "KH", "TH"],
    ]


def test_the_daily_deal_of_the_game_is_the_same_for_a_date():
    a = records.daily_code(GAME_ID, "2026-11-24")
    assert a == records.daily_code(GAME_ID, "2026-11-24")
    assert a != records.daily_code(GAME_ID, "2026-11-25")
    assert a.players == SPEC.min_players
    assert records.decode(records.encode(a)) == a


def test_a_code_of_the_game_is_refused_once_it_is_gone():
    text = records.encode(records.make_code(GAME_ID, 3, None, 99))
    registry.unregister(GAME_ID)
    try:
        with pytest.raises(records.CodeError) as err:
            records.decode(text)
        assert str(err.value.message) == \
            "This deal code is of a game this program does not have."
    finally:
        registry.register(GAME)
    assert records.decode(text).game == GAME_ID
