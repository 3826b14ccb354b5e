"""At a table over the network: a friend back at their seat reads, in the log and over the
table, how many moves a computer played for them while they were away (English and
French); and the log's lines name the seats as they are named now, so a friend who joins
under their own name replaces the setup's "Friend 2" in the lines already there.

Modules: cardtable.ui.scenes.table.network (the notices, the log renamed),
cardtable.ui.scenes.table.logline and cardtable.ui.scenes.table.timeline (on loopback)."""

from __future__ import annotations

import time

from cardtable.i18n import set_language, tr
from cardtable.net.remote import connect
from cardtable.ui import netplay
from cardtable.ui.scenes.table import TableScene, show_table
from cardtable.ui.scenes.table.logline import LogLine
from tests.net_helpers import LOOPBACK, host_table, join, play_until
from tests.ui.conftest import DT, until_hosted


def back_after_two_moves():
    """A Sixty-Six table on loopback where Ann played, left, and a computer played two
    moves for her: (host match, server, Ann's copy back with her token)."""
    match, server = host_table("sixtysix", 2, remote=[1], seed=2)
    ann = join(server, "Ann")
    play_until(match, [ann], lambda: any(s == 1 for s, _ in match.moves), seconds=20)
    token = ann.token
    ann.close()
    deadline = time.monotonic() + 10
    while match.seat_status(1) != "away":
        assert time.monotonic() < deadline
        time.sleep(0.005)
    at = len(match.moves)
    while sum(1 for s, _ in match.moves[at:] if s == 1) < 2 or match.to_act != 1:
        assert time.monotonic() < deadline
        match.poll(now=float("inf"))
    return match, server, join(server, "Ann", token=token)


def test_a_friend_back_reads_how_many_moves_a_computer_played_for_them(app):
    match, server, back = back_after_two_moves()
    try:
        table = show_table(app, TableScene(back, speed="off", sound=False))
        sentence = "While you were away, a computer played 2 moves for you."
        until_hosted(app, lambda: any(tr(x) == sentence for x in table.log))
        assert table.toast is not None and tr(table.toast[0]) == sentence
        assert [tr(x) for x in table.log].count(sentence) == 1
        line = next(x for x in table.log if tr(x) == sentence)
        set_language("fr")
        try:
            assert tr(line) == "Pendant votre absence, l’ordinateur a joué 2 coups pour vous."
        finally:
            set_language("en")
    finally:
        back.close()
        server.close()


def test_the_hosts_log_says_the_name_of_the_friend_who_took_the_seat(app):
    config = {"game": "sixtysix", "players": 2, "seed": 4,
              "seats": [{"name": "Host", "kind": "computer", "level": "easy"},
                        {"name": "Friend 2", "kind": "friend", "level": "easy"}],
              "network": {"remote": [1], "stand_in": "easy"}}
    host = netplay.open_table(config, advertise=False, bind=LOOPBACK)
    friend = None
    try:
        table = show_table(app, TableScene(host, speed="off", sound=False))
        assert host.stand_in_for(1)          # a computer plays the open seat meanwhile
        until_hosted(app, lambda: sum(1 for s, _ in host.moves if s == 1) >= 2, host)
        until_hosted(app, lambda: any("Friend 2" in tr(x) for x in table.log))
        named = [x for x in table.log if isinstance(x, LogLine) and "Friend 2" in tr(x)]
        assert named, [tr(x) for x in table.log]
        friend, error, _ = connect(LOOPBACK, host.server.port, "Zoe", code=host.server.code)
        assert friend is not None, error
        until_hosted(app, lambda: any("Zoe joined" in tr(x) for x in table.log))
        lines = [tr(x) for x in table.log]
        assert not any("Friend 2" in line for line in lines), lines
        assert sum("Zoe" in line for line in lines) >= len(named) + 1, lines
        # the other lines are as they were: only the name changed
        for old in named:
            assert tr(old).replace("Friend 2", "Zoe") in lines
    finally:
        if friend is not None:
            friend.close()
        host.close()


def test_a_friends_log_says_the_name_of_a_friend_who_joined_after_them(app):
    match, server = host_table("japanese65", 4, remote=[1, 2], seed=5)
    match.seats[2].name = "Friend 3"
    ann = join(server, "Ann")
    bob = None
    try:
        assert match.stand_in_for(2)
        table = show_table(app, TableScene(ann, speed="off", sound=False))
        deadline = time.monotonic() + 30
        while not any("Friend 3" in tr(x) for x in table.log):
            assert time.monotonic() < deadline, [tr(x) for x in table.log]
            match.poll(now=float("inf"))
            app.step([], DT)
            if table.my_turn() and table.legal:
                assert table.try_action(table.legal[0])
            time.sleep(0.002)
        bob = join(server, "Bob")
        assert bob.seat == 2
        until_hosted(app, lambda: ann.seats[2].name == "Bob" and
              not any("Friend 3" in tr(x) for x in table.log))
        assert any("Bob" in tr(x) for x in table.log)
    finally:
        for player in (ann, bob):
            if player is not None:
                player.close()
        server.close()
