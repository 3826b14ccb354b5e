"""What checking a host's messages costs a friend's copy, beside reading them off the wire.

Every message from a host is checked at the border (:mod:`cardtable.net.inbound`) before
the table takes it. Here a real hosted match of each game (the host's own code makes every
message, as for a friend at seat 1; nothing is sent anywhere) gives its updates as frames;
each frame is read as the friend reads it (``protocol.read_from_host``) and then checked,
and both are timed. Goal: a check's median under 2 ms and within 20 times a read (a frame at
60 Hz is 16.7 ms).

    python -m bench.bench_inbound        (or `make bench`)
"""

from __future__ import annotations

import random
import time

from bench.stats import percentile, summary
from cardtable.engine import registry
from cardtable.net import protocol
from cardtable.net.hosted import HostedMatch
from cardtable.net.inbound import Inbound

GOAL = 0.002
MOVES = 400


def frames_of(game: str, players: int, seed: int, moves: int) -> tuple[str, list[str]]:
    """The welcome and the update frames a friend at seat 1 gets over ``moves`` moves."""
    friend = 1
    seats = [{"name": "Ann" if i == friend else f"Bot {i}",
              "kind": "human" if i == friend else "computer", "level": "easy"}
             for i in range(players)]
    match = HostedMatch.from_config({"game": game, "players": players, "seed": seed,
                                     "seats": seats}, remote=[friend], pace=0.0, threaded=False)
    sent: list[str] = []
    match.send = lambda seat, message: sent.append(protocol.encode(message)) \
        if seat in (None, friend) else None
    with match.lock:
        match.take_seat("Ann", None)
        welcome = protocol.encode({
            "type": "welcome", "seat": friend, "token": match.remote[friend].token,
            "game": match.game_id, "seats": match.seats_message()["seats"],
            "update": match.update_for(friend, [], welcome=True), "table": "Host",
            "recent": [], "records": []})
    rng = random.Random(seed)
    for _ in range(moves):
        if match.is_over:
            break
        if match.to_act == friend:
            match.offer_move(friend, rng.choice(match.legal_actions()), match.turn)
        match.poll(now=float("inf"))
    return welcome, [f for f in sent if '"update"' in f]


def main() -> None:
    for game in registry.ids():
        spec = registry.get(game)
        welcome, frames = frames_of(game, spec.min_players, 3, MOVES)
        checks = Inbound()
        checks.read(protocol.read_from_host(welcome))
        reading, checking = [], []
        for text in frames:
            start = time.perf_counter()
            message = protocol.read_from_host(text)
            read = time.perf_counter()
            checks.read(message)
            checking.append(time.perf_counter() - read)
            reading.append(read - start)
        check, read = percentile(checking, 50), percentile(reading, 50)
        ok = check < GOAL and check < 20 * read + 0.0005
        print(f"   {game} ({spec.min_players} players), {len(frames)} updates: "
              f"check {summary(checking)}; read {summary(reading)} "
              f"[{'ok' if ok else 'over'} the goal: median < 2 ms and < 20 reads]")


if __name__ == "__main__":
    main()
