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
        assert [b.name for b in buttons] == ["Review", "Continue"]
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
        for record in (bad, other_game, {"game": "sixtysix"}):
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


def test_a_tables_first_deal_does_not_tell_the_match_seed():
    spec = registry.get("sixtysix")
    match = HostedMatch.from_config({"game": "sixtysix", "players": 2, "seats": seats(2)},
                                    remote=[1], pace=0.0, threaded=False)
    hidden = records.private_seed(match.seed)
    assert hidden != match.seed
    dealt = match.state
    assert records.same_deal(spec.new_match(players=2, seed=hidden), dealt)
    assert not records.same_deal(spec.new_match(players=2, seed=match.seed), dealt)
    # the first deal's code names the hidden seed, and deals it again
    code = match.deal_code(registry.from_json(match.checkpoint))
    assert code is not None
    named = records.decode(code)
    assert named.seed == hidden
    assert records.same_deal(named.new_state(), dealt)


def test_a_table_started_from_a_deal_code_deals_that_deal():
    spec = registry.get("sixtysix")
    match = HostedMatch.from_config({"game": "sixtysix", "players": 2, "seats": seats(2),
                                     "seed": 1234, "first_dealer": 0},
                                    remote=[1], pace=0.0, threaded=False)
    assert records.same_deal(spec.new_match(players=2, seed=1234, first_dealer=0),
                             match.state)
    code = match.deal_code(registry.from_json(match.checkpoint))
    assert records.decode(code).seed == 1234
