"""Whole matches over loopback: a host and headless players who play their legal moves
at random from what the host sent them (their view and legal moves), nothing else."""

from __future__ import annotations

import json
import time

import pytest

from cardtable import records
from cardtable.net import protocol
from tests.net_helpers import host_table, join, play_until, settle


def test_a_host_and_three_players_play_a_whole_japanese65_match():
    match, server = host_table("japanese65", 4, remote=[1, 2, 3], seed=11)
    players = [join(server, f"Friend{i}") for i in range(3)]
    try:
        assert sorted(p.seat for p in players) == [1, 2, 3]
        assert [s.name for s in match.seats][1:] == ["Friend0", "Friend1", "Friend2"]
        play_until(match, players, lambda: match.is_over, seconds=90)
        settle(players)
        for p in players:
            assert p.is_over
            assert p.state.match_scores == list(match.state.match_scores)
            assert p.state.winners == list(match.state.winners)
            assert p.log[-1].kind == "match_over"
            # every event reached them in order, each deal's summary with its typed result
            # (a player keeps the last 400 events, as the table's log needs)
            tail = match.log[-len(p.log):]
            assert [e.kind for e in p.log] == [e.kind for e in tail]
            assert sum(e.kind == "deal_scored" for e in p.log) == \
                sum(e.kind == "deal_scored" for e in tail) > 0
        # every seat's moves came from its player: no computer stood in
        assert all(seat == 0 or match.seat_status(seat) == "connected"
                   for seat, _ in match.moves)
        assert not server.refusals
        # each deal, dealt after a friend's move too, is dealt from its own seed: it has a
        # code that deals it again
        deals = match.scored_deals
        assert len(deals) >= 2 and all(d["code"] for d in deals)
        again = records.decode(deals[-1]["code"]).new_state()
        start = records.start_state(deals[-1])
        assert [again.hand(s) for s in range(4)] == [start.hand(s) for s in range(4)]
    finally:
        for p in players:
            p.close()
        server.close()


def test_eight_players_play_a_rummy65_hand():
    remote = list(range(1, 8))
    match, server = host_table("rummy65", 8, remote=remote, seed=4)
    players = [join(server, f"F{i}") for i in remote]
    try:
        assert sorted(p.seat for p in players) == remote
        play_until(match, players, lambda: len(match.state.score_sheet) >= 1, seconds=90)
        settle(players)
        for p in players:
            scored = [e for e in p.log if e.kind == "deal_scored"]
            assert scored, "the hand's end reached every player"
            sent = json.loads(protocol.encode({"sheet": match.state.score_sheet}))
            assert p.state.score_sheet == sent["sheet"]
            assert p.view()["hand"] == match.state.hand(p.seat)
        assert not server.refusals
    finally:
        for p in players:
            p.close()
        server.close()


def test_a_player_killed_mid_deal_is_replaced_by_a_computer_and_comes_back():
    match, server = host_table("japanese65", 4, remote=[1, 2, 3], seed=5)
    players = [join(server, f"Friend{i}") for i in range(3)]
    try:
        play_until(match, players, lambda: len(match.moves) >= 6, seconds=30)
        victim = players[0]
        seat, token = victim.seat, victim.token
        # killed: its socket torn down without a word, as when the program is killed
        loop = victim.client.loop
        loop.call_soon_threadsafe(victim.client._ws.transport.abort)
        deadline = time.monotonic() + 10
        while match.seat_status(seat) != "away":
            assert time.monotonic() < deadline, "the host did not see the player go"
            time.sleep(0.01)
        others = players[1:]
        moved_at = len(match.moves)
        # the computer plays the seat while the player is away
        play_until(match, others,
                   lambda: any(s == seat for s, _ in match.moves[moved_at:]), seconds=30)
        assert match.seat_status(seat) == "away"
        deal = match.state.deal_no
        back = join(server, "ignored", token=victim.token)
        assert back.seat == seat and back.token == token
        assert match.seat_status(seat) == "connected"
        assert match.seats[seat].name == "Friend0"         # the seat keeps its name
        assert back.view()["hand"] == match.state.hand(seat)
        players = [back] + others
        back_at = len(match.moves)
        play_until(match, players,
                   lambda: any(s == seat for s, _ in match.moves[back_at:]), seconds=30)
        assert match.seat_status(seat) == "connected" and match.state.deal_no >= deal
    finally:
        for p in players:
            p.close()
        server.close()


def test_a_player_coming_back_reads_the_deal_so_far():
    """A late or returning player's log was empty, and nothing said what the computer
    standing in had played for them. The welcome tells the deal's moves so far, as that
    seat may see them; the host's hidden cards stay hidden."""
    from cardtable.net import protocol

    match, server = host_table("sixtysix", 2, remote=[1], seed=5)
    try:
        for _ in range(6):                    # the host's computer and the stand-in play
            match.run_computer_move()
        first = join(server, "Ann")
        kinds = [e.kind for e in first.log]
        assert kinds[0] == "dealt" and kinds.count("played") >= 5, kinds
        # exactly the host's log as seat 1 may see it: the host's hand is in none of it
        told = [dict(e.data, kind=e.kind) for e in first.log]
        assert json.loads(json.dumps(told)) == json.loads(json.dumps(
            [e.for_seat(1) for e in match.log]))
        assert not any(f'"{c}"' in json.dumps(told[0]) for c in match.state.hand(0))
        first.close()
    finally:
        server.close()
    # at the border: a welcome's moves are a short list of events, or it is refused
    welcome = {"v": protocol.VERSION, "type": "welcome", "seat": 1, "token": "t",
               "game": "sixtysix", "seats": [], "update": {}, "table": ""}
    assert protocol.read_from_host(json.dumps(welcome | {"recent": [{"kind": "dealt"}]}))
    for bad in ("x", [1], [{"no": "kind"}], [{"kind": "played"}] * (protocol.RECENT + 1)):
        with pytest.raises(protocol.Refused):
            protocol.read_from_host(json.dumps(welcome | {"recent": bad}))
