"""Magpie over the network: a host and a friend on loopback play whole deals, the friend
headless and then at the real table scene by posted clicks and drags, the knock
included."""

from __future__ import annotations

import random
import time

import pytest

from cardtable import records
from cardtable.net.remote import connect
from cardtable.ui.scenes.summary import SummaryScene
from cardtable.ui.scenes.table import TableScene, show_table
from tests.net_helpers import LOOPBACK, host_table, join, settle
from tests.ui.conftest import DT

from .game.engine import GAME_ID, KNOCK, SPEC
from .test_table import click_at, drag, grab_point, hand_sprite


def play_round(host, friend, rng, knock: bool) -> int:
    """The host applies what is due; the friend, at its turn, knocks when it may (if
    ``knock``) or plays a random legal card. Returns the moves the friend sent."""
    host.poll(now=float("inf"))
    friend.poll()
    if friend.closed or friend.pending or friend.to_act != friend.seat:
        return 0        # (a knock keeps the turn: wait for the host to have applied it)
    legal = friend.legal_actions()
    if not legal:
        return 0
    if knock and KNOCK in legal:
        friend.apply(KNOCK)
    else:
        friend.apply(rng.choice([a for a in legal if a != KNOCK]))
    return 1


def test_a_host_and_a_friend_play_whole_deals_with_a_knock():
    host, server = host_table(GAME_ID, 3, remote=[1], seed=1)
    friend = join(server, "Friend")
    rng = random.Random(2)
    try:
        # seat 0 deals (this seed's draw), so the friend at seat 1 leads the first trick
        assert friend.seat == 1 and host.state.dealer == 0
        deadline = time.monotonic() + 60
        while len(host.state.score_sheet) < 2 and not host.is_over:
            assert time.monotonic() < deadline, "the deal did not go on"
            knocked = any(seat == 1 and a == KNOCK for seat, a in host.moves)
            play_round(host, friend, rng, knock=not knocked)
            time.sleep(0.0005)
        settle([friend])
        # the friend's knock crossed to the host and came back as the game's own event
        assert (1, KNOCK) in host.moves
        assert "knocked" in [e.kind for e in friend.log]
        assert friend.state.score_sheet == host.state.score_sheet
        assert friend.state.match_scores == list(host.state.match_scores)
        tail = host.log[-len(friend.log):]
        assert [e.kind for e in friend.log] == [e.kind for e in tail]
        # every seat's moves came from its player: no computer stood in for the friend
        assert host.seat_status(1) == "connected"
        assert not server.refusals
        # the deals played have codes that deal them again
        deals = host.scored_deals
        assert deals and all(d["code"] for d in deals)
        again = records.decode(deals[-1]["code"]).new_state()
        start = records.start_state(deals[-1])
        assert [again.hand(s) for s in range(3)] == [start.hand(s) for s in range(3)]
    finally:
        friend.close()
        server.close()


def test_a_match_to_its_end_over_the_network():
    host, server = host_table(GAME_ID, 2, remote=[1], seed=5, options=dict(SPEC.quick_options))
    friend = join(server, "Friend")
    rng = random.Random(9)
    try:
        deadline = time.monotonic() + 60
        while not host.is_over:
            assert time.monotonic() < deadline, "the match did not end"
            play_round(host, friend, rng, knock=False)
            time.sleep(0.0005)
        settle([friend])
        assert friend.is_over and friend.state.winners == list(host.state.winners)
        assert friend.log[-1].kind == "match_over"
    finally:
        friend.close()
        server.close()


@pytest.mark.parametrize("players,seed", [(2, 1), (4, 2)])
def test_a_friend_plays_a_deal_at_the_table_by_clicks_and_drags(app, players, seed):
    host, server = host_table(GAME_ID, players, remote=[1], seed=seed)
    match, error, _ = connect(LOOPBACK, server.port, "Ann", code=server.code)
    assert match is not None, error
    try:
        assert host.state.dealer == 0      # (the seed's draw) the friend leads first
        table = show_table(app, TableScene(match, speed="off", sound=False))
        knocked = False
        moves = 0
        deadline = time.monotonic() + 60
        while not table.deal_rows:
            assert time.monotonic() < deadline, "the friend's table did not go on"
            host.poll(now=float("inf"))
            app.step([], DT)
            if isinstance(app.top, SummaryScene):
                break
            if app.top is not table or not table.my_turn() or not table.legal:
                time.sleep(0.0005)
                continue
            before = len(host.moves)
            button = table.button("Knock")
            if button is not None and not knocked:
                click_at(app, button.rect.center)
                knocked = True
            else:
                action = next(a for a in table.legal if a.kind == "play")
                drag(app, grab_point(hand_sprite(table, action.card)),
                     table.game.trick_rect().center)
            moves += 1
            end = time.monotonic() + 5
            while len(host.moves) == before and time.monotonic() < end:
                host.poll(now=float("inf"))
                app.step([], DT)
            assert len(host.moves) > before, "the friend's move did not reach the host"
        assert moves >= 24 // players
        assert knocked and (1, KNOCK) in host.moves
        end = time.monotonic() + 5
        while not isinstance(app.top, SummaryScene) and time.monotonic() < end:
            host.poll(now=float("inf"))
            app.step([], DT)
        assert isinstance(app.top, SummaryScene), "the deal's summary reached the friend"
        assert app.top.note is not None
        assert len(host.state.score_sheet) >= 1
    finally:
        match.close()
        server.close()
