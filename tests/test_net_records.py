"""A friend at a table over the network can review each deal once it is over.

The host sends every connected player the record of a deal at its end (its start, every
move); the player's copy replays it under its own rules before keeping it, and the
summary offers its review. A table's first deal comes from a seed that does not give the
match's away, so a record never lets a player work out the deals still to come.
"""

from __future__ import annotations

import copy
import types

import pytest

from cardtable import records
from cardtable.engine import registry
from cardtable.net import protocol
from cardtable.net.client import replayed
from cardtable.net.host import HostedMatch
from cardtable.net.protocol import Refused
from cardtable.ui.scenes.summary import SummaryScene
from tests.net_helpers import host_table, join, play_until, settle


def one_deal_played(game: str = "sixtysix", players: int = 2):
    match, server = host_table(game, players, remote=list(range(1, players)), seed=4)
    friends = [join(server, f"P{i}") for i in range(1, players)]
    try:
        play_until(match, friends, lambda: len(match.state.score_sheet) >= 1, seconds=60)
        settle(friends, 0.2)
    except BaseException:
        server.close()
        raise
    return match, server, friends


def test_a_friend_gets_the_finished_deal_and_its_review():
    match, server, (friend,) = one_deal_played()
    try:
        assert len(friend.scored_deals) == 1
        got, sent = friend.scored_deals[0], match.scored_deals[0]
        assert got["humans"] == [1]                 # the friend's moves are the ones judged
        assert {k: v for k, v in got.items() if k != "humans"} == \
            {k: v for k, v in sent.items() if k != "humans"}
        records.check_record(got)
        # the summary at the friend's table offers the review of that deal
        scored = next(e for e in friend.log if e.kind == "deal_scored")
        event = {"kind": "deal_scored", **scored.data}
        table = types.SimpleNamespace(match=friend, game=None)
        scene = SummaryScene.for_table(table, event)
        buttons, _ = scene.buttons()
        assert [b.name for b in buttons] == ["Review", "Copy code", "Continue"]
        assert scene.record is got
    finally:
        friend.close()
        server.close()


def test_a_record_that_does_not_replay_is_dropped_with_a_word():
    match, server, (friend,) = one_deal_played()
    try:
        good = friend.scored_deals[0]
        friend.take_notices()
        bad = copy.deepcopy(good)
        bad["moves"][0], bad["moves"][1] = bad["moves"][1], bad["moves"][0]
        other_game = copy.deepcopy(good)
        other_game["game"] = "japanese65"
        assert replayed(copy.deepcopy(good)) == good
        huge = copy.deepcopy(good)
        huge["start"]["rng"][1][0] = 2**70        # setstate overflows: still refused
        for record in (bad, other_game, {"game": "sixtysix"}, huge):
            # as the connection's thread hands it over: checked by replaying it
            friend._take({"type": "record", "record": replayed(record)})
            assert friend.scored_deals == [good]
            assert [n.kind for n in friend.take_notices()] == ["bad_record"]
    finally:
        friend.close()
        server.close()


def test_a_record_message_without_its_record_is_refused_at_the_border():
    text = protocol.encode({"type": "record", "record": [1, 2]})
    with pytest.raises(Refused) as no:
        protocol.read_from_host(text)
    assert no.value.code == "malformed"
    assert protocol.read_from_host(protocol.encode({"type": "record", "record": {}}))


def seats(players: int) -> list[dict]:
    return [{"name": f"S{i}", "kind": "human" if i else "computer", "level": "easy"}
            for i in range(players)]


def table(seed=None) -> HostedMatch:
    config = {"game": "sixtysix", "players": 2, "seats": seats(2)}
    if seed is not None:
        config |= {"seed": seed, "first_dealer": 0}
    return HostedMatch.from_config(config, remote=[1], pace=0.0, threaded=False)


def to_the_second_deal(match: HostedMatch) -> dict:
    """Play the first deal by everybody's first legal move; the record of that deal."""
    while match.state.deal_no < 2:
        match.apply(match.state.legal_actions()[0])
    return match.scored_deals[0]


def test_a_deal_code_tells_only_its_own_deal():
    """Every record holds its deal's code and generator: from a seed of 31 bits the match's
    seed could be found by trying them all, so a table deals from a secret instead."""
    spec = registry.get("sixtysix")
    match = table()
    assert not records.same_deal(spec.new_match(players=2, seed=match.seed), match.state)
    record = to_the_second_deal(match)
    first = records.decode(record["code"])
    assert records.same_deal(first.new_state(), records.start_state(record))
    second = match.deal_code(registry.from_json(match.checkpoint))
    assert records.same_deal(records.decode(second).new_state(), match.state)
    # the second deal follows neither from the match's seed nor from the first deal's
    for seed in (match.seed, first.seed):
        guess = records.DealCode("sixtysix", 2, first.options,
                                 records.deal_seed(seed, 2), match.state.dealer)
        assert not records.same_deal(guess.new_state(), match.state)


def test_a_table_from_a_deal_code_deals_it_and_then_deals_nobody_can_foresee():
    spec = registry.get("sixtysix")
    a, b = table(seed=1234), table(seed=1234)
    for match in (a, b):
        assert records.same_deal(spec.new_match(players=2, seed=1234, first_dealer=0),
                                 match.state)
        record = to_the_second_deal(match)
        assert records.decode(record["code"]).seed == 1234
    # the same code, the same moves: the second deals differ, so nothing a player has
    # (the code, the record) tells them
    assert a.scored_deals[0]["moves"] == b.scored_deals[0]["moves"]
    assert not records.same_deal(a.state, b.state)


def test_a_damaged_record_on_the_wire_is_refused_and_the_connection_stays():
    match, server, (friend,) = one_deal_played()
    try:
        good = friend.scored_deals[0]
        friend.take_notices()
        huge = copy.deepcopy(good)
        huge["start"]["rng"][1][0] = 2**70
        with match.lock:
            match.send(1, {"type": "record", "record": huge})
            match.send(1, {"type": "record", "record": good})
        settle([friend], 0.3)
        assert [n.kind for n in friend.take_notices()] == ["bad_record"]
        assert friend.closed is None
        assert friend.scored_deals == [good, good]       # the next record still came
    finally:
        friend.close()
        server.close()


def test_the_hosts_seat_is_the_host_in_a_friends_record():
    match = HostedMatch.from_config(
        {"game": "sixtysix", "players": 2, "seats": [{"name": "You", "kind": "human"},
                                                      {"name": "Zoe", "kind": "human"}]},
        remote=[1], pace=0.0, threaded=False)
    sent = []
    match.send = lambda seat, message: sent.append((seat, message))
    match.remote[1].status = "connected"
    to_the_second_deal(match)
    (seat, message), = [(s, m) for s, m in sent if m["type"] == "record"]
    assert seat == 1 and message["record"]["names"] == ["Host", "Zoe"]
    assert match.scored_deals[0]["names"] == ["You", "Zoe"]      # the host's own review


def test_a_friend_who_comes_later_can_review_the_deals_already_played():
    match, server = host_table("sixtysix", 2, remote=[1], seed=4)
    try:
        assert match.stand_in_for(1)            # a computer plays the seat meanwhile
        play_until(match, [], lambda: len(match.state.score_sheet) >= 1, seconds=60)
        friend = join(server, "Ann")
        try:
            assert len(friend.scored_deals) == 1
            got = friend.scored_deals[0]
            assert got["humans"] == [1] and got["moves"] == match.scored_deals[0]["moves"]
        finally:
            friend.close()
    finally:
        server.close()


def test_a_welcome_with_too_many_records_is_refused_at_the_border():
    welcome = {"type": "welcome", "seat": 1, "token": "t", "game": "sixtysix", "seats": [],
               "update": {}, "table": "", "records": [{}] * (protocol.WELCOME_RECORDS + 1)}
    with pytest.raises(Refused) as no:
        protocol.read_from_host(protocol.encode(welcome))
    assert no.value.code == "malformed"
    welcome["records"] = [{}]
    assert protocol.read_from_host(protocol.encode(welcome))["records"] == [{}]
