"""Shared by the network tests: a host on loopback, headless players, a bounded loop."""

from __future__ import annotations

import random
import time

from cardtable.net.host import HostedMatch, TableServer
from cardtable.net.remote import RemoteMatch, connect

LOOPBACK = "127.0.0.1"


def host_table(game: str, players: int, remote: list[int], seed: int = 3,
               options: dict | None = None) -> tuple[HostedMatch, TableServer]:
    """A hosted match on loopback whose other seats are computers (the host's own seat
    included, so the test needs no person at the host)."""
    seats = [{"name": f"Seat{i}", "kind": "human" if i in remote else "computer",
              "level": "easy"} for i in range(players)]
    config = {"game": game, "players": players, "seed": seed, "seats": seats,
              "options": options}
    match = HostedMatch.from_config(config, remote=remote, stand_in="easy", pace=0.0,
                                    threaded=False)
    server = TableServer(match, port=0, host=LOOPBACK)
    server.start()
    return match, server


def join(server: TableServer, name: str, token: str | None = None) -> RemoteMatch:
    match, error, _ = connect(LOOPBACK, server.port, name, code=server.code, token=token)
    assert match is not None, error
    return match


def step(match: HostedMatch, players: list[RemoteMatch], rng: random.Random) -> int:
    """One round of the loop: the host applies what is due; each player whose turn it is
    plays one of its legal moves. Returns the number of moves the players sent."""
    match.poll(now=float("inf"))
    sent = 0
    for player in players:
        player.poll()
        if not player.closed and player.to_act == player.seat:
            legal = player.legal_actions()
            if legal:
                player.apply(rng.choice(legal))
                sent += 1
    return sent


def play_until(match: HostedMatch, players: list[RemoteMatch], done, seconds: float = 60.0,
               seed: int = 1) -> None:
    rng = random.Random(seed)
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the match did not go on in time"
        step(match, players, rng)
        time.sleep(0.0005)


def settle(players: list[RemoteMatch], seconds: float = 0.3) -> None:
    """Let what the host sent last arrive."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for p in players:
            p.poll()
        time.sleep(0.01)
