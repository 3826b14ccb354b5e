"""Network play on loopback: how soon a move reaches every player, and the host's frames.

The host is this process: the real table scene at 1920×1080, normal animation speed,
hosting an 8-player rummy65 match (the host's own seat played by a simple bot through the
table, as in bench_ui). Seven friends are seven other processes (``--clients``), as they
would be seven computers: each a headless player with its own connection, playing a
random legal move a moment after its turn comes.

* latency: for every move, the time from the host applying it to the last of the seven
  friends having its update (both read CLOCK_MONOTONIC, which every process shares on
  Linux); goal: p95 <= 50 ms;
* a friend's own move: the time from a friend sending it to the last of the seven having
  its update, while the host's table is open and animating the moves before it (the host's
  authority never waits for its window: goal p95 <= 100 ms), also counted apart for the
  moves that came while the host's table was still animating;
* the host's frame times serving them, beside the same table with computers in those
  seats (goal as bench_ui's: p95 under 8 ms, and no worse than without the network).

    python -m bench.bench_net        (or `make bench`)
    python -m bench.bench_net --friends-moves     (the friends' own moves alone)
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from bench.stats import percentile, summary  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LATENCY_GOAL = 0.050
FRIEND_MOVE_GOAL = 0.100
FRAME_GOAL = 0.008
PLAYERS = 8
SECONDS = 40.0


# --------------------------------------------------------------------------- the friends


def clients_main(port: int, code: str, n: int, seconds: float) -> None:
    """The friends' process: ``n`` headless players until the table closes or time is up;
    prints the arrival times of every update each received and when each sent its moves
    (the move count it was sent at, the seat, the time), as JSON."""
    from cardtable.net.remote import connect

    players = []
    for i in range(n):
        match, error, _ = connect("127.0.0.1", port, f"Friend {i + 1}", code=code)
        if match is None:
            print(json.dumps({"error": error}))
            return
        match.client.arrivals = []
        players.append(match)
    rng = random.Random(5)
    sent: list[list] = []
    due: dict[int, float] = {}
    end = time.monotonic() + seconds
    while time.monotonic() < end and not all(p.closed for p in players):
        now = time.monotonic()
        for p in players:
            p.poll()
            if p.closed or p.to_act != p.seat:
                due.pop(p.seat, None)
                continue
            at = due.setdefault(p.seat, now + rng.uniform(0.05, 0.25))   # a moment to think
            if now >= at:
                legal = p.legal_actions()
                if legal:
                    turn = p.turn
                    p.apply(rng.choice(legal))
                    sent.append([turn, p.seat, time.monotonic()])
                due.pop(p.seat, None)
        time.sleep(0.002)
    out = {"arrivals": [[[turn, t] for kind, turn, t in p.client.arrivals if kind == "update"]
                        for p in players], "sent": sent}
    for p in players:
        p.close()
    print(json.dumps(out))


# --------------------------------------------------------------------------- the host


def host_frames(seconds: float, networked: bool):
    """The host's table for ``seconds``: (frame times, move apply times by turn, friends'
    arrivals, the friends' moves: ``played`` by turn the seat that moved and whether the
    host's table was still animating earlier moves then, ``sent`` each friend's move as
    :func:`clients_main` tells it). Without ``networked`` the seven seats are computers
    (the comparison)."""
    import pygame

    from cardtable.match import Match, Seat, make_bot
    from cardtable.net.host import HostedMatch, TableServer
    from cardtable.ui.app import App
    from cardtable.ui.scenes.table import TableScene, install, show_table

    app = App(size=(1920, 1080), settings={"animation_speed": "normal", "sound": False})
    install(app)
    seats = [Seat("You", "human")] + [Seat(f"Seat {i}", "human" if networked else "computer",
                                           "easy") for i in range(1, PLAYERS)]
    server = friends = None
    applied: dict[int, float] = {}
    played: dict[int, list] = {}
    shown: list = []        # the table, once made (what it still animates when a move comes)
    if networked:
        match = HostedMatch("rummy65", seats, seed=17, remote=list(range(1, PLAYERS)))
        original = match.broadcast

        def timed(events, original=original, match=match):
            applied[match._move_no] = time.monotonic()
            busy = bool(shown) and not shown[0].timeline.idle
            played[match._move_no] = [match.moves[-1][0] if match.moves else None, busy]
            original(events)

        match.broadcast = timed
        server = TableServer(match, port=0, host="127.0.0.1")
        server.start()
        friends = [subprocess.Popen(
            [sys.executable, "-m", "bench.bench_net", "--clients", str(server.port),
             server.code, "1", str(seconds + 10)],
            cwd=ROOT, stdout=subprocess.PIPE, text=True) for _ in range(1, PLAYERS)]
        deadline = time.monotonic() + 20
        while any(match.seat_status(s) != "connected" for s in range(1, PLAYERS)):
            if time.monotonic() > deadline:
                raise SystemExit("the friends did not join")
            time.sleep(0.01)
    else:
        match = Match("rummy65", seats, seed=17)
    table = show_table(app, TableScene(match, speed="normal", sound=False))
    shown.append(table)
    bot = make_bot("rummy65", "medium", 5)
    enter = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r",
                                scancode=0)]
    frames: list[float] = []
    cpu: list[float] = []      # the window thread's own CPU time per frame (what it costs,
    dt = 1 / 60                # whatever else the machine runs)
    clock = wait = 0.0
    while clock < seconds and not match.is_over:
        events = []
        if app.top is not table:
            wait += dt
            if wait > 0.5:
                events, wait = enter, 0.0
        elif table.my_turn():
            wait += dt
            if wait > 0.4:
                wait = 0.0
                table.try_action(bot.choose(match.state.clone(), 0, None))
        t0 = time.perf_counter()
        c0 = time.thread_time()
        app.step(events, dt, flip=False)
        spent = time.perf_counter() - t0
        frames.append(spent)
        cpu.append(time.thread_time() - c0)
        rest = dt - spent
        if rest > 0:
            time.sleep(rest)
        clock += dt
    arrivals = []
    sent: list[list] = []
    match.close()               # the friends are told the table ended, and stop
    for friend in friends or []:
        out, _ = friend.communicate(timeout=60)
        data = json.loads(out.strip().splitlines()[-1])
        if "error" in data:
            raise SystemExit(f"a friend could not join: {data['error']}")
        arrivals += data["arrivals"]
        sent += data["sent"]
    return (frames, cpu), applied, arrivals, {"played": played, "sent": sent}


def headless_latency(seconds: float) -> list[float]:
    """The same table without a window: the host's thread only polls (the network's own
    share of a move's way, without the host's frames)."""
    from cardtable.match import Seat
    from cardtable.net.host import HostedMatch, TableServer

    seats = [Seat("Host", "computer", "easy")] + [Seat(f"Seat {i}", "human", "easy")
                                                  for i in range(1, PLAYERS)]
    match = HostedMatch("rummy65", seats, seed=17, remote=list(range(1, PLAYERS)), pace=0.2)
    applied: dict[int, float] = {}
    original = match.broadcast

    def timed(events):
        applied[match._move_no] = time.monotonic()
        original(events)

    match.broadcast = timed
    server = TableServer(match, port=0, host="127.0.0.1")
    server.start()
    friends = [subprocess.Popen(
        [sys.executable, "-m", "bench.bench_net", "--clients", str(server.port), server.code,
         "1", str(seconds + 10)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
        for _ in range(1, PLAYERS)]
    end = time.monotonic() + seconds
    while time.monotonic() < end and not match.is_over:
        match.poll()
        time.sleep(0.002)
    match.close()
    arrivals = []
    for friend in friends:
        out, _ = friend.communicate(timeout=60)
        arrivals += json.loads(out.strip().splitlines()[-1]).get("arrivals", [])
    return latencies(applied, arrivals)


def latencies(applied: dict[int, float], arrivals: list[list]) -> list[float]:
    """Per move: the last friend's arrival minus the host's apply time."""
    got: dict[int, list[float]] = {}
    for player in arrivals:
        for turn, t in player:
            got.setdefault(turn, []).append(t)
    out = []
    for turn, t0 in applied.items():
        times = got.get(turn, [])
        if len(times) == len(arrivals):
            out.append(max(times) - t0)
    return out


def friends_moves(moves: dict, arrivals: list[list]) -> tuple[list[float], list[float]]:
    """Per friend's move the host played: the last friend's arrival of its update minus the
    time the friend sent it; (every such move, those the host played while its table was
    still animating earlier moves)."""
    got: dict[int, list[float]] = {}
    for player in arrivals:
        for turn, t in player:
            got.setdefault(turn, []).append(t)
    every, animating = [], []
    for turn, seat, at in moves["sent"]:
        who = moves["played"].get(turn + 1)
        times = got.get(turn + 1, [])
        if who is None or who[0] != seat or len(times) != len(arrivals):
            continue        # refused, or not every friend had it when the table closed
        every.append(max(times) - at)
        if who[1]:
            animating.append(every[-1])
    return every, animating


def print_friends_moves(moves: dict, arrivals: list[list]) -> None:
    every, animating = friends_moves(moves, arrivals)
    ok = bool(every) and percentile(every, 95) <= FRIEND_MOVE_GOAL
    print(f"   a friend's own move to every friend's update, the host's table animating: "
          f"{len(every)} moves, {summary(every) if every else 'none'} "
          f"[{'ok' if ok else 'over'} the p95 <= 100 ms goal]")
    if animating:
        print(f"      of which played while the host's table still animated earlier moves: "
              f"{len(animating)}, {summary(animating)}")


def main() -> None:
    (frames, cpu), applied, arrivals, moves = host_frames(SECONDS, networked=True)
    print_friends_moves(moves, arrivals)
    lat = latencies(applied, arrivals)
    ok = bool(lat) and percentile(lat, 95) <= LATENCY_GOAL
    print(f"   rummy65 8p, 7 friends on loopback: {len(lat)} moves, a move on every friend's "
          f"copy: {summary(lat) if lat else 'none'} "
          f"[{'ok' if ok else 'over'} the p95 <= 50 ms goal]")
    lat = headless_latency(SECONDS / 2)
    ok = bool(lat) and percentile(lat, 95) <= LATENCY_GOAL
    print(f"   the same without the host's window: {len(lat)} moves, "
          f"{summary(lat) if lat else 'none'} [{'ok' if ok else 'over'} the p95 <= 50 ms goal]")
    (base, base_cpu), _, _, _ = host_frames(SECONDS, networked=False)
    for label, values in (("host's frames serving 7 friends", frames),
                          ("   the window thread's CPU time", cpu),
                          ("host's frames, computers instead", base),
                          ("   the window thread's CPU time", base_cpu)):
        p95 = percentile(values, 95)
        print(f"   {label}: {len(values)} frames, {summary(values)} "
              f"[{'ok' if p95 < FRAME_GOAL else 'over'} the p95 < 8 ms goal]")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--clients":
        clients_main(int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), float(sys.argv[5]))
    elif len(sys.argv) > 1 and sys.argv[1] == "--friends-moves":
        _, _, got, played = host_frames(SECONDS, networked=True)
        print_friends_moves(played, got)
    else:
        main()
