"""Deal records, deal codes and the daily deal (cardtable.records)."""

from __future__ import annotations

import copy
import json
import subprocess
import sys

import pytest

from cardtable import records
from cardtable.engine import registry
from cardtable.engine.core import ConfigError
from cardtable.match import Match


def played(game: str, seed: int, deals: int, players: int | None = None, people: int = 1,
           names: str = "P{i}") -> list[dict]:
    """The records of the first ``deals`` deals of a match played by computers and
    ``people`` persons (the first seats, named by ``names`` with ``{i}`` the seat and ``{n}``
    its number from 1) who always take the first legal move."""
    n = players or registry.get(game).min_players
    seats = [{"name": names.format(i=i, n=i + 1), "kind": "human" if i < people else "computer",
              "level": "easy"} for i in range(n)]
    match = Match(game, seats, seed=seed, threaded=False, pace=0)
    out: list[dict] = []
    while not match.is_over and len(out) < deals:
        if match.human_to_act:
            match.apply(match.legal_actions()[0])
        else:
            match.run_computer_move()
        out += match.take_finished_deals()
    return out


def hands(state) -> list[list[str]]:
    return [list(state.hand(s)) for s in range(state.n_players)]


# --------------------------------------------------------------------------- records


def test_a_scored_deal_gives_a_record_that_replays_to_its_end():
    recs = played("sixtysix", 5, 3)
    assert [r["deal"] for r in recs] == [1, 2, 3]
    for rec in recs:
        assert json.loads(json.dumps(rec)) == rec
        states = records.check_record(rec) and records.replay(rec)
        assert len(states) == len(rec["moves"]) + 1
        assert rec["humans"] == [0] and rec["names"] == ["P0", "P1"]
    # the next deal starts where the last one ended: its start is not the first deal's
    assert recs[1]["start"] != recs[0]["start"]


@pytest.mark.parametrize("damage", [
    lambda r: r.update(version=7),
    lambda r: r.update(game="chess"),
    lambda r: r.update(names="P0"),
    lambda r: r.update(humans=[5]),
    lambda r: r.update(deal=0),
    lambda r: r.update(moves={"0": 1}),
    lambda r: r["moves"].__setitem__(0, [1 - r["moves"][0][0], r["moves"][0][1]]),
    lambda r: r["moves"].__setitem__(0, [r["moves"][0][0], {"kind": "play", "card": "ZZ"}]),
    lambda r: r["moves"].__setitem__(0, [r["moves"][0][0], {"kind": "fly"}]),
    lambda r: r["start"]["fields"].pop("deal_no"),
    lambda r: r["start"].update(rng="x"),
    lambda r: r.update(options={"target": "ten"}),
    lambda r: r.update(code=7),
])
def test_a_damaged_record_is_refused_with_a_config_error(damage):
    rec = copy.deepcopy(played("sixtysix", 5, 1)[0])
    damage(rec)
    with pytest.raises(ConfigError):
        records.check_record(rec)


def test_garbage_is_refused_not_crashed_on():
    for junk in (None, 3, [], "x", {"version": 1}, {"version": 1, "game": "sixtysix"}):
        with pytest.raises(ConfigError):
            records.check_record(junk)


# --------------------------------------------------------------------------- codes


def test_codes_round_trip_for_every_game():
    for game in registry.ids():
        spec = registry.get(game)
        for players in range(spec.min_players, spec.max_players + 1):
            for seed in (0, 1, 77, records.SEED_SPACE - 1):
                for dealer in (None, players - 1):
                    code = records.make_code(game, players, spec.quick_options, seed, dealer)
                    text = records.encode(code)
                    assert set(text) <= set(records.ALPHABET + "-")
                    assert records.decode(text) == code


def test_codes_are_read_whatever_the_case_spaces_and_dashes():
    code = records.make_code("sixtysix", 2, {"target": 7}, 123456789, 1)
    text = records.encode(code)
    plain = text.replace("-", "")
    typed = " ".join(plain[i:i + 3] for i in range(0, len(plain), 3)).lower()
    assert records.decode(typed) == code
    assert records.decode(f"  {plain}\n") == code


def test_codes_pasted_from_chats_and_word_processors_are_read():
    """En and em dashes, the minus sign, no-break and thin spaces, full-width letters and
    digits: what a chat or a word processor makes of a code typed with dashes and spaces."""
    code = records.make_code("sixtysix", 2, {"target": 7}, 123456789, 1)
    text = records.encode(code)
    for dash in ("\u2013", "\u2014", "\u2212", "\u2010", "\u2011", " \u2013 "):
        assert records.decode(text.replace("-", dash)) == code
    assert records.decode(text.replace("-", "\u00a0")) == code
    assert records.decode(text.replace("-", "\u2009")) == code
    wide = "".join(chr(ord(ch) + 0xFEE0) if ch != "-" else "\u30fc" for ch in text)
    assert records.decode(wide.replace("\u30fc", "-")) == code


@pytest.mark.parametrize("char,shown", [("\u200b", "U+200B"), ("\u0301", "U+0301"),
                                        ("\x07", "U+0007"), ("L", "L"), ("é", "É")])
def test_a_character_no_code_has_is_named_as_a_person_can_read_it(char, shown):
    with pytest.raises(records.CodeError) as err:
        records.decode("CPQX" + char + "6XPN")
    assert err.value.message.values["char"] == shown


def test_any_one_wrong_symbol_or_swapped_neighbours_is_refused():
    code = records.make_code("japanese65", 4, {"target": 9}, 987654321, None)
    plain = records.encode(code).replace("-", "")
    for i, ch in enumerate(plain):
        for other in records.ALPHABET:
            if other != ch:
                with pytest.raises(records.CodeError):
                    records.decode(plain[:i] + other + plain[i + 1:])
    for i in range(len(plain) - 1):
        if plain[i] != plain[i + 1]:
            swapped = plain[:i] + plain[i + 1] + plain[i] + plain[i + 2:]
            with pytest.raises(records.CodeError):
                records.decode(swapped)


@pytest.mark.parametrize("text", ["", "  ", "ABC", "10O1-IL", "A" * 40, "ÉÉÉÉ"])
def test_a_bad_code_gets_one_sentence(text):
    with pytest.raises(records.CodeError) as err:
        records.decode(text)
    sentence = str(err.value.message)
    assert sentence.endswith(".") and sentence.count(". ") == 0


@pytest.mark.parametrize("game,players", [("sixtysix", 2), ("japanese65", 4), ("pairs65", 3),
                                          ("rummy65", 3), ("quebec65", 3)])
def test_every_deal_has_a_code_that_deals_it_again(game, players):
    for rec in played(game, 31, 3, players=players):
        assert rec["code"], (game, rec["deal"])
        start = records.start_state(rec)
        again = records.decode(rec["code"]).new_state()
        assert hands(again) == hands(start)
        assert again.rng.getstate() == start.rng.getstate()
        assert again.deal_no == start.deal_no or records._deals(registry.get(game)) == 1


def test_a_later_deal_of_the_rummies_starts_a_match_at_that_deal():
    rec = played("rummy65", 31, 3, players=3)[2]
    code = records.decode(rec["code"])
    assert code.deal == 3
    config = dict(code.setup())
    config["seats"] = [{"name": "You"}] + [{"kind": "computer"}] * 2
    match = Match.from_config(config, threaded=False, pace=0)
    start = records.start_state(rec)
    assert match.state.deal_no == 3 and hands(match.state) == hands(start)
    assert match.state.cards_dealt(3) == start.cards_dealt(3)
    # it goes on from there, its own deals having codes of their own, and it saves
    while len(match.scored_deals) < 2:
        if match.human_to_act:
            match.apply(match.legal_actions()[0])
        else:
            match.run_computer_move()
    assert [r["deal"] for r in match.scored_deals] == [3, 4]
    assert all(r["code"] for r in match.scored_deals)
    assert records.decode(match.scored_deals[1]["code"]).deal == 4
    assert registry.from_json(match.state.to_json()).deal_no == 5


def test_a_first_deal_past_the_last_is_refused():
    spec = registry.get("rummy65")
    with pytest.raises(ConfigError):
        spec.new_match(players=3, seed=1, first_deal=spec.state_class.LAST_DEAL + 1)
    with pytest.raises(ConfigError):
        records.make_code("rummy65", 3, None, 5, None, 0)
    with pytest.raises(ConfigError):
        records.make_code("sixtysix", 2, None, 5, None, 2)   # no numbers in Sixty-Six codes


def test_a_code_typed_in_a_fresh_process_deals_the_same_cards():
    rec = played("sixtysix", 2024, 2)[1]
    code = rec["code"].lower().replace("-", " ")
    program = (
        "import json, sys\n"
        "from cardtable import records\n"
        "state = records.decode(sys.argv[1]).new_state()\n"
        "print(json.dumps([state.hand(s) for s in range(state.n_players)]))\n"
    )
    out = subprocess.run([sys.executable, "-c", program, code], check=True,
                         capture_output=True, text=True).stdout
    assert json.loads(out) == hands(records.start_state(rec))


def test_a_match_started_from_a_code_deals_its_first_deal_like_the_code():
    rec = played("japanese65", 8, 3)[2]
    config = dict(records.decode(rec["code"]).setup())
    config["seats"] = [{"name": "You"}] + [{"kind": "computer"}] * (config["players"] - 1)
    match = Match.from_config(config, threaded=False)
    assert hands(match.state) == hands(records.start_state(rec))


# --------------------------------------------------------------------------- daily deal


def test_the_daily_deal_is_the_same_for_a_date_and_differs_across_dates_and_games():
    a = records.daily_code("sixtysix", "2026-11-24")
    assert a == records.daily_code("sixtysix", "2026-11-24")
    assert records.encode(a) == records.encode(records.daily_code("sixtysix", "2026-11-24"))
    assert a.seed != records.daily_code("sixtysix", "2026-11-25").seed
    assert a.seed != records.daily_code("japanese65", "2026-11-24").seed
    assert hands(a.new_state()) != hands(records.daily_code("sixtysix", "2026-11-25")
                                        .new_state())
    # the date alone decides it: today's code is a code of its own
    assert records.decode(records.encode(records.daily_code("pairs65"))).game == "pairs65"
    assert len(records.today()) == 10


def test_the_match_keeps_its_state_object_across_deals():
    seats = [{"name": "A", "kind": "computer"}, {"name": "B", "kind": "computer"}]
    match = Match("sixtysix", seats, seed=12, threaded=False, pace=0)
    state = match.state
    while len(match.scored_deals) < 2:
        match.run_computer_move()
    assert match.state is state and state.deal_no == 3
    assert records.decode(match.scored_deals[1]["code"]).seed == records.deal_seed(12, 2)


def test_a_friend_at_another_computer_is_a_person_in_the_record():
    """The host's record of a deal played with a friend over the network: its people (for
    the review's plates) include the friend's seat; its humans (whose moves the review
    analyses) are the host's own. A record whose people leave out one of its humans, or
    name a seat twice, is refused."""
    from cardtable.net.host import HostedMatch

    def one_deal(status: str) -> dict:
        seats = [{"name": "You", "kind": "human"}, {"name": "Friend 2", "kind": "human"}]
        match = HostedMatch("sixtysix", seats, remote=[1], seed=2, threaded=False, pace=0.0)
        match.remote[1].status = status     # a friend came and went, or nobody ever came
        try:
            recs: list[dict] = []
            while not recs:
                if match.human_to_act:
                    match.apply(match.legal_actions()[0])
                else:
                    match.run_computer_move()
                recs += match.take_finished_deals()
        finally:
            match.close()
        return recs[0]

    # a seat no friend ever took, a computer playing it throughout, is no person's
    assert "people" not in one_deal("open")
    rec = one_deal("away")
    assert rec["humans"] == [0] and rec["people"] == [0, 1]
    assert records.check_record(rec) is rec
    for bad in ([1], [0, 0], [0, 2], "0"):
        damaged = copy.deepcopy(rec)
        damaged["people"] = bad
        with pytest.raises(ConfigError):
            records.check_record(damaged)
    # a deal with no friend keeps the record as it was
    assert "people" not in played("sixtysix", 5, 1)[0]
