"""The table server on loopback: tables made by a message, friends' real clients seated by
code, whole deals played with a computer, wrong codes refused (with back-off), tables
independent of each other, freed once empty, and every limit holding."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from cardtable.net import online, protocol, serve
from cardtable.net.serveconf import Settings
from tests.net.serve_helpers import (
    LOOPBACK,
    config,
    create,
    create_frame,
    first_answer,
    hello_frame,
    join,
    play,
    raw,
    service,
    settle,
    where,
)


def test_two_friends_and_a_computer_play_a_whole_deal():
    with service() as server:
        ann, code = create(server, "Ann")
        bob, error = join(server, code, "Bob")
        assert bob is not None, error
        assert (ann.seat, bob.seat) == (0, 1)
        table = server.tables[code]
        assert table.match.seats[2].kind == "computer"
        settle([ann, bob], 0.1)
        assert ann.names()[:2] == bob.names()[:2] == ["Ann", "Bob"]
        # (a served table keeps its finished deals' records packed: served.ServedTable.forget)
        play([ann, bob], lambda: len(table.records) >= 1)
        settle([ann, bob])
        # every seat saw the same finished deal, the computer's moves included
        assert ann.state.score_sheet == bob.state.score_sheet == \
            table.match.state.score_sheet != []
        assert ann.turn == bob.turn == table.match.turn
        assert any(seat == 2 for seat, _ in table.welcome_records()[0]["moves"])
        ann.close()
        bob.close()


def test_a_wrong_code_is_refused_and_the_table_is_not_told():
    with service() as server:
        ann, code = create(server)
        wrong = "ABCDEF" if code != "ABCDEF" else "GHJKLM"
        nobody, error = join(server, wrong, "Eve")
        assert nobody is None and error == "wrong_code"
        assert server.tables[code].people_here() == 1
        ann.close()


def test_a_wrong_token_counts_against_its_address_at_every_table():
    with service() as server:
        ann, one = create(server, "Ann")
        cid, two = create(server, "Cid")
        assert server.tables[one].guesses is server.guesses is server.tables[two].guesses
        nobody, error = join(server, one, "Eve", token="x" * 24)
        assert nobody is None and error == "bad_token"
        assert len(server.guesses) == 1
        ann.close()
        cid.close()


def test_a_seat_token_seats_its_friend_again():
    with service() as server:
        ann, code = create(server)
        bob, _ = join(server, code, "Bob")
        assert bob is not None
        token = bob.token
        bob.close()
        deadline = time.monotonic() + 5
        while server.tables[code].match.seat_status(1) != "away":
            assert time.monotonic() < deadline
            time.sleep(0.01)
        again, error = join(server, code, "Bob", token=token)
        assert again is not None, error
        assert again.seat == 1
        ann.close()
        again.close()


def test_tables_are_independent():
    with service() as server:
        ann, one = create(server, "Ann", kinds=("human", "friend"))
        cid, two = create(server, "Cid", kinds=("human", "friend"))
        assert one != two and len(server.tables) == 2
        bob, _ = join(server, one, "Bob")
        dee, _ = join(server, two, "Dee")
        assert bob is not None and dee is not None
        first, second = server.tables[one], server.tables[two]
        play([ann, bob], lambda: first.match.turn >= 6)
        settle([cid, dee], 0.1)
        assert second.match.turn == 0           # nobody at the second table moved
        assert cid.turn == dee.turn == 0
        assert [s.name for s in second.match.seats] == ["Cid", "Dee"]
        # the first table's friends leave: it is freed, the second plays on
        ann.close()
        bob.close()
        server.settings.idle_seconds = 0.0
        deadline = time.monotonic() + 5
        while one in server.tables:
            assert time.monotonic() < deadline, "the empty table was not freed"
            time.sleep(0.05)
        assert two in server.tables
        play([cid, dee], lambda: second.match.turn >= 4)
        cid.close()
        dee.close()


def test_an_empty_table_is_freed_only_after_a_while():
    with service(idle_seconds=30.0) as server:
        ann, code = create(server)
        ann.close()
        now = time.monotonic()
        deadline = now + 5
        while server.tables[code].conns:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        table = server.tables[code]
        assert server.sweep(time.monotonic()) == 0
        assert code in server.tables
        assert server.sweep(table.empty_since + 30.0) == 1
        assert code not in server.tables and table.ended
        nobody, error = join(server, code, "Ann", token=ann.token)
        assert nobody is None and error == "wrong_code"


def test_a_table_nobody_is_at_waits():
    with service(idle_seconds=60.0) as server:
        ann, code = create(server, kinds=("human", "computer"))
        table = server.tables[code]
        play([ann], lambda: table.match.turn >= 2)
        ann.close()
        deadline = time.monotonic() + 5
        while table.conns:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        turn = table.match.turn
        time.sleep(0.3)
        assert table.match.turn == turn     # no computer plays for a table left alone


def test_a_seat_nobody_takes_is_played_by_a_computer_after_the_wait():
    with service(fill_seconds=0.2) as server:
        ann, code = create(server, kinds=("human", "friend"))
        table = server.tables[code]
        play([ann], lambda: table.match.turn >= 6, seconds=20)
        assert table.match.seat_status(1) == "open"
        assert any(seat == 1 for seat, _ in table.match.moves)
        # a friend who comes takes the seat over
        bob, error = join(server, code, "Bob")
        assert bob is not None, error
        assert bob.seat == 1 and table.match.seat_status(1) == "connected"
        ann.close()
        bob.close()


def test_a_friend_silent_at_their_turn_is_played_for_until_they_move():
    with service(silent_seconds=0.3) as server:
        ann, code = create(server, "Ann", kinds=("human", "friend"))
        bob, _ = join(server, code, "Bob")
        assert bob is not None
        table = server.tables[code]
        # Ann plays; Bob never does: after his silence a computer plays his seat
        play([ann], lambda: any(seat == 1 for seat, _ in table.match.moves), seconds=20)
        assert table.match.seat_status(1) == "idle"
        # Bob moves again: the seat is his
        play([ann, bob], lambda: table.match.seat_status(1) == "connected", seconds=20)
        ann.close()
        bob.close()


def test_the_code_in_the_path_routes_a_raw_connection():
    with service() as server:
        with raw(server, "/t/K7QF2M") as ws:
            ws.send(create_frame(code=""))
            welcome = first_answer(ws)
            assert welcome["type"] == "welcome" and welcome["seat"] == 0
            (conn,) = server.tables["K7QF2M"].conns     # (its handshake's headers, read,
            assert conn.ws.request.path == "/t/K7QF2M"    # are not kept for its life)
            assert not conn.ws.request.headers and not conn.ws.response.headers
        assert "K7QF2M" in server.tables
        with raw(server, "/t/k7qf-2m") as ws:             # typed by a person
            ws.send(hello_frame("K7QF2M"))
            assert first_answer(ws)["type"] == "welcome"
        with raw(server, "/t/K7QF2N") as ws:
            ws.send(hello_frame("K7QF2M"))       # the path decides, not the message
            assert first_answer(ws) == {"v": protocol.VERSION, "type": "refused",
                                        "code": "wrong_code"}


@pytest.mark.parametrize(("path", "frame", "code"), [
    ("/t/SHORT", create_frame(), "bad_code"),                    # 5 letters: too easy
    ("/t/ABCDE1", create_frame(), "bad_code"),                   # a 1 is no code letter
    ("/", create_frame(code="K7QF2M", game="chess"), "bad_table"),
    ("/", create_frame(code="K7QF2M", seats=[{"kind": "computer"}] * 3), "bad_table"),
    ("/", create_frame(code="K7QF2M", seats=[{"kind": "friend"}] * 9), "bad_table"),
    ("/", create_frame(code="K7QF2M", options={"no such": 1}), "bad_table"),
    ("/", create_frame(code="K7QF2M", seats=[{"kind": "god"}] * 3), "malformed"),
    ("/", create_frame(code="K7QF2M", extra=1), "malformed"),
    ("/t/K7QF2M", create_frame(code="ZZZZZZ"), "malformed"),
    ("/", json.dumps({"v": 1, "type": "create"}), "version"),
    ("/", "[1, 2]", "malformed"),
    ("/", hello_frame(""), "wrong_code"),
    ("/", protocol.encode({"type": "bye"}), "not_seated"),
])
def test_what_makes_no_table_is_refused_and_leaves_the_server_as_it_was(path, frame, code):
    with service() as server:
        with raw(server, path) as ws:
            ws.send(frame)
            answer = first_answer(ws)
        assert answer["type"] == "refused" and answer["code"] == code
        assert server.tables == {}


def test_a_code_already_taken_is_refused():
    with service() as server:
        ann, code = create(server)
        with raw(server, f"/t/{code}") as ws:
            ws.send(create_frame())
            assert first_answer(ws)["code"] == "code_taken"
        assert len(server.tables) == 1 and server.tables[code].people_here() == 1
        ann.close()


def test_guessing_codes_is_slowed_down_per_address():
    with service() as server:
        started = time.monotonic()
        answers = []
        for i in range(12):
            with raw(server, f"/t/GUESS{protocol.CODE_LETTERS[i]}") as ws:
                ws.send(hello_frame())
                answer = first_answer(ws)
                answers.append(answer["code"])
                if answer["code"] == "slow_down":
                    assert answer["params"]["wait"] > 0
        assert time.monotonic() - started < 10
        assert answers[:5] == ["wrong_code"] * 5        # a few mistakes cost nothing
        assert "slow_down" in answers[5:]               # then the address waits
        assert len(server.guesses) == 1                 # one address, one entry


def test_the_tables_cap_refuses_a_table_more():
    with service(max_tables=2) as server:
        ann, _ = create(server)
        cid, _ = create(server, "Cid")
        client = online.create_client(where(server), config(), "Dee")
        nobody, error = online.seated(client)
        assert nobody is None and error == "server_full"
        assert len(server.tables) == 2
        ann.close()
        cid.close()


def test_tables_one_address_creates_are_limited():
    with service(tables_per_hour=2) as server:
        ann, _ = create(server)
        cid, _ = create(server, "Cid")
        nobody, error = online.seated(online.create_client(where(server), config(), "Dee"))
        assert nobody is None and error == "too_many"
        ann.close()
        cid.close()


def test_connections_beyond_the_cap_are_closed_at_once_and_logged_once(caplog):
    with service(max_connections=8) as server:
        idle = [socket.create_connection((LOOPBACK, server.port)) for _ in range(8)]
        try:
            extra = [socket.create_connection((LOOPBACK, server.port)) for _ in range(20)]
            for s in extra:
                s.settimeout(3)
                assert s.recv(10) == b""            # closed by the server, at once
                s.close()
            lines = [r for r in caplog.records if "the most this server takes" in r.message]
            assert len(lines) == 1
        finally:
            for s in idle:
                s.close()
        deadline = time.monotonic() + 5
        while server.sockets:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        ann, _ = create(server)     # the server serves again
        ann.close()


def test_connections_per_address_are_limited():
    from websockets.exceptions import InvalidStatus
    with service(per_address=2) as server, raw(server, "/"), raw(server, "/"):
        with pytest.raises(InvalidStatus) as refused:
            raw(server, "/")
        assert refused.value.response.status_code == 429


def test_health_and_status_tell_counts_but_no_code():
    with service(name="north") as server:
        ann, code = create(server)
        base = f"http://{LOOPBACK}:{server.port}"
        with urllib.request.urlopen(base + "/health", timeout=5) as answer:
            assert answer.read() == b"ok\n"
        with urllib.request.urlopen(base + "/status", timeout=5) as answer:
            text = answer.read().decode()
        status = json.loads(text)
        assert status["name"] == "north" and status["tables"] == 1 and status["seated"] == [1]
        assert code not in text
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(base + "/admin", timeout=5)
        assert missing.value.code == 404
        ann.close()


def test_stopping_the_server_tells_every_friend():
    with service() as server:
        ann, code = create(server)
        server.close()
        deadline = time.monotonic() + 5
        while not ann.closed:
            assert time.monotonic() < deadline
            ann.poll()
            time.sleep(0.01)
        assert ann.closed in ("host_left", "host_gone")


def test_the_command_refuses_a_port_it_cannot_open(tmp_path):
    with socket.socket() as busy:
        busy.bind((LOOPBACK, 0))
        busy.listen()
        port = busy.getsockname()[1]
        from cardtable.cli import build_parser
        args = build_parser().parse_args(["serve", "--host", LOOPBACK, "--port", str(port)])
        assert serve.main(args) == 1


def test_settings_leave_files_for_the_server_itself():
    assert Settings(max_connections=10**9).connection_cap() < 10**9
    assert Settings(max_connections=5).connection_cap() == 5


def test_the_server_loads_every_games_rules_before_its_first_table():
    """The first table of a game does not load the game's rules on the loop every table
    shares: they are loaded as the server starts (a process of its own: this one has them)."""
    script = (
        "from cardtable.engine import registry\n"
        "from cardtable.net.serve import TableService\n"
        "from cardtable.net.serveconf import Settings\n"
        "assert not registry._FOUND\n"
        f"server = TableService(Settings(host={LOOPBACK!r}, port=0, threaded=False))\n"
        "server.start()\n"
        "try:\n"
        "    assert registry._FOUND and not server.tables\n"
        "finally:\n"
        "    server.close()\n"
        "print('ok')\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60, cwd=Path(__file__).resolve().parents[2])
    assert done.stdout.strip() == "ok", done.stderr
