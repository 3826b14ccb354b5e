"""The table server under load, over loopback: one `cardtable serve` process, and N tables of
four seats played by bots in another process (as many connections as seats, all on one
asyncio loop there), for 10, 100 and 1,000 tables.

Each table is a four-player match of japanese65 to 20 game points (it lasts an hour or more,
so no table runs out of moves while measured). A seat's bot plays a random legal move
``--think`` seconds after its turn comes (uniform between the two numbers: a person takes a
few seconds; the default, one second on average, keeps every table busy). Reported per N:

* moves a second (every seat's update received), and the server's CPU share;
* from a move sent to the last of the table's four seats having its update: p50 and p95
  (both processes read CLOCK_MONOTONIC, which they share on Linux); goal: p95 <= 50 ms at
  1,000 tables;
* the server's resident memory per table (after the tables are made, less before; after
  the measured time too); goal: <= 200 KB;
* how they grow from one N to the next.

    python -m bench.bench_serve                       # 10 and 100 tables, 20 s each
    python -m bench.bench_serve --tables 10 100 1000 --seconds 30
    BENCH_SERVE_TABLES=10,100,1000 python -m bench    # the same, from `python -m bench`
    python -m bench.bench_serve --tables 200 --profile server.prof   # cProfile's figures
    # memory as the tables play deal after deal (fast bots: many deals in a few minutes)
    python -m bench.bench_serve --tables 50 --think 0.1 0.2 --seconds 150 --sample 10

`python -m bench` runs it with BENCH_SERVE_TABLES (default 10,100) and BENCH_SERVE_SECONDS
(default 20): 1,000 tables take a few minutes to set up and are only run when asked.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import socket
import subprocess
import sys
import time
from pathlib import Path

from bench.stats import percentile

ROOT = Path(__file__).resolve().parent.parent
GAME = "japanese65"
OPTIONS = {"target": 20}
SEATS = 4
LATENCY_GOAL = 0.050
RSS_GOAL = 200 * 1024
SETUP_AT_ONCE = 25           # tables being made at the same time


# --------------------------------------------------------------------------- the bots


class Table:
    """What the bots' process knows of one table: when each move was sent, and when each
    seat had the update it made."""

    def __init__(self, code: str):
        self.code = code
        self.sent: dict[int, float] = {}          # turn the move leads to -> time sent
        self.arrived: dict[int, list[float]] = {}  # that turn -> arrival times
        self.latencies: list[float] = []
        self.moves = 0
        self.played = 0            # every move whose updates all arrived, measured or not
        self.refused = 0

    def arrival(self, turn: int, at: float, measuring: bool) -> None:
        times = self.arrived.setdefault(turn, [])
        times.append(at)
        if len(times) < SEATS:
            return
        del self.arrived[turn]
        self.played += 1
        sent = self.sent.pop(turn, None)
        if sent is not None and measuring:
            self.latencies.append(max(times) - sent)
            self.moves += 1


class Bots:
    """N tables of bots on one loop."""

    def __init__(self, port: int, tables: int, think: tuple[float, float], seed: int = 5,
                 sample: float = 0.0):
        self.url = f"ws://127.0.0.1:{port}/t/"
        self.n = tables
        self.think = think
        self.rng = random.Random(seed)
        self.tables: list[Table] = []
        self.measuring = False
        self.stopping = False
        self.errors: list[str] = []
        self.seated = 0
        self.sockets: list = []
        self.sample = sample        # seconds between progress lines (0: none)

    async def seat(self, table: Table, first: dict) -> None:
        from websockets.asyncio.client import connect
        ws = await connect(self.url + table.code, max_size=4 * 1024 * 1024, open_timeout=60,
                           ping_interval=None, compression=None, proxy=None)
        self.sockets.append(ws)
        await ws.send(json.dumps({"v": _version(), **first}))
        frame = await asyncio.wait_for(ws.recv(), 60)
        welcome = json.loads(frame)
        while welcome.get("type") == "seats":
            welcome = json.loads(await asyncio.wait_for(ws.recv(), 60))
        if welcome.get("type") != "welcome":
            raise RuntimeError(f"no welcome: {welcome}")
        self.seated += 1
        asyncio.get_running_loop().create_task(self.play(ws, table, welcome["update"]))

    async def make(self, i: int, gate: asyncio.Semaphore) -> None:
        code = _code(i)
        table = Table(code)
        self.tables.append(table)
        async with gate:
            await self.seat(table, {"type": "create", "code": code, "name": "Bot 1",
                                    "game": GAME, "options": OPTIONS,
                                    "seats": [{"kind": "friend"}] * SEATS})
            for n in range(2, SEATS + 1):
                await self.seat(table, {"type": "hello", "code": code, "name": f"Bot {n}"})

    async def play(self, ws, table: Table, update: dict) -> None:
        from websockets.exceptions import ConnectionClosed
        loop = asyncio.get_running_loop()
        self._turn(ws, table, update, loop)
        try:
            async for frame in ws:
                at = time.monotonic()
                head = frame[:48]
                if '"type":"update"' in head:
                    # (read as little as it takes: the bots stand in for people's computers,
                    # and should cost this one machine little of what the server has)
                    table.arrival(_turn_of(head), at, self.measuring)
                    if '"legal":' in frame:
                        self._turn(ws, table, json.loads(frame), loop)
                    continue
                if '"type":"seats"' in head or '"type":"record"' in head:
                    continue
                message = json.loads(frame)
                kind = message.get("type")
                if kind == "refused":
                    table.refused += 1
                elif kind == "closed":
                    return
        except ConnectionClosed as gone:
            if not self.stopping:
                self.errors.append(repr(gone))

    def _turn(self, ws, table: Table, update: dict, loop) -> None:
        legal = update.get("legal")
        if not legal:
            return
        action = self.rng.choice(legal)
        turn = update["turn"]
        delay = self.rng.uniform(*self.think)

        def move() -> None:
            if self.stopping:
                return
            table.sent[turn + 1] = time.monotonic()
            loop.create_task(self.send(ws, {"type": "move", "action": action, "turn": turn}))

        loop.call_later(delay, move)

    async def send(self, ws, message: dict) -> None:
        from websockets.exceptions import ConnectionClosed
        try:
            await ws.send(json.dumps({"v": _version(), **message}))
        except ConnectionClosed as gone:
            if not self.stopping:
                self.errors.append(repr(gone))

    async def run(self, seconds: float) -> dict:
        gate = asyncio.Semaphore(SETUP_AT_ONCE)
        started = time.monotonic()
        results = await asyncio.gather(*(self.make(i, gate) for i in range(self.n)),
                                       return_exceptions=True)
        failed = [repr(r) for r in results if isinstance(r, BaseException)]
        setup = time.monotonic() - started
        # the bots stand in for people's own computers: their process's collections of
        # thousands of connections must not be measured as the server's delay
        gc.collect()
        gc.freeze()
        print(json.dumps({"ready": True, "setup_seconds": setup, "failed": failed[:5],
                          "seated": self.seated}), flush=True)
        await asyncio.sleep(2.0)                # the first moves, before measuring
        self.measuring = True
        cpu0 = time.process_time()
        t0 = time.monotonic()
        if self.sample > 0:
            while time.monotonic() - t0 < seconds:
                await asyncio.sleep(min(self.sample, seconds - (time.monotonic() - t0)))
                # (the parent reads the server's memory at each: how it grows with the deals)
                print(json.dumps({"progress": sum(t.played for t in self.tables)}),
                      flush=True)
        else:
            await asyncio.sleep(seconds)
        self.measuring = False
        spent = time.monotonic() - t0
        cpu = time.process_time() - cpu0
        self.stopping = True
        for ws in self.sockets:
            await ws.close()
        latencies = [x for t in self.tables for x in t.latencies]
        return {"moves": sum(t.moves for t in self.tables), "seconds": spent,
                "latencies": latencies, "refused": sum(t.refused for t in self.tables),
                "errors": self.errors[:5], "bots_cpu": cpu / spent, "setup_seconds": setup,
                "failed": len(failed)}


def _turn_of(head: str) -> int:
    """The ``turn`` of an update from the start of its frame (the protocol writes its
    fields in order: ``v``, ``type``, ``turn``...)."""
    start = head.index('"turn":') + 7
    end = start
    while head[end].isdigit():
        end += 1
    return int(head[start:end])


def _version() -> int:
    from cardtable.net import protocol
    return protocol.VERSION


def _code(i: int) -> str:
    """A table's code from its number: ten letters of the code alphabet."""
    from cardtable.net import protocol
    letters = protocol.CODE_LETTERS
    out = []
    n = i + 7919 * 104729
    for _ in range(10):
        n, k = divmod(n, len(letters))
        out.append(letters[k])
    return "".join(out)


def bots_main(port: int, tables: int, seconds: float, think: tuple[float, float],
              sample: float = 0.0) -> None:
    young, middle, old = gc.get_threshold()
    gc.set_threshold(young, middle, 100 * old)
    result = asyncio.run(Bots(port, tables, think, sample=sample).run(seconds))
    print(json.dumps(result), flush=True)


# --------------------------------------------------------------------------- the server


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss(pid: int) -> int:
    """Resident memory of ``pid`` in bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_listening(port: int, proc: subprocess.Popen, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit("the server ended at its start")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise SystemExit("the server did not listen")


def measure(tables: int, seconds: float, think: tuple[float, float],
            profile: str | None = None, sample: float = 0.0) -> dict:
    """One server, ``tables`` tables of bots: the figures (``profile``: the server runs
    under cProfile, its figures written to that file when it stops; ``sample``: every so
    many seconds, the server's memory and the moves each table has played so far)."""
    port = free_port()
    profiled = ["-m", "cProfile", "-o", profile] if profile else []
    server = subprocess.Popen(
        [sys.executable, *profiled, "-m", "cardtable", "serve", "--host", "127.0.0.1", "--port",
         str(port), "--pace", "0", "--fill-after", "36000", "--idle", "36000",
         "--per-address", "1000000", "--tables-per-hour", "1000000",
         "--max-tables", str(tables + 10), "--log-level", "warning"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        wait_listening(port, server)
        time.sleep(0.5)
        empty = rss(server.pid)
        bots = subprocess.Popen(
            [sys.executable, "-m", "bench.bench_serve", "--bots", str(port), str(tables),
             str(seconds), str(think[0]), str(think[1]), str(sample)],
            cwd=ROOT, stdout=subprocess.PIPE, text=True)
        assert bots.stdout is not None
        ready = json.loads(bots.stdout.readline())
        made = rss(server.pid)
        cpu0, t0 = cpu_seconds(server.pid), time.monotonic()
        samples = []
        line = bots.stdout.readline()
        while line.startswith('{"progress"'):
            samples.append((json.loads(line)["progress"] / tables,
                            (rss(server.pid) - empty) / tables / 1024))
            line = bots.stdout.readline()
        out, _ = bots.communicate(timeout=seconds + 600)
        out = line + out
        server_cpu = (cpu_seconds(server.pid) - cpu0) / (time.monotonic() - t0)
        played = rss(server.pid)
        result = json.loads(out.strip().splitlines()[-1])
    finally:
        server.terminate()
        try:
            server.wait(60 if profile else 10)
        except subprocess.TimeoutExpired:
            server.kill()
    lat = result["latencies"]
    return {"tables": tables, "seated": ready["seated"], "setup_s": ready["setup_seconds"],
            "failed": result["failed"], "moves": result["moves"],
            "moves_per_s": result["moves"] / result["seconds"],
            "p50_ms": percentile(lat, 50) * 1000, "p95_ms": percentile(lat, 95) * 1000,
            "p99_ms": percentile(lat, 99) * 1000,
            "rss_empty_mb": empty / 2**20, "rss_per_table_kb": (made - empty) / tables / 1024,
            "rss_per_table_after_kb": (played - empty) / tables / 1024,
            "server_cpu": server_cpu, "bots_cpu": result["bots_cpu"],
            "refused": result["refused"], "errors": result["errors"],
            "rss_by_moves": samples}


def report(rows: list[dict], think: tuple[float, float]) -> None:
    print(f"   {GAME}, {SEATS} seats a table, think {think[0]:g}-{think[1]:g} s a move")
    print("   tables  moves/s  p50 ms  p95 ms  p99 ms  KB/table (made, played)  "
          "server CPU  bots CPU")
    for r in rows:
        print(f"   {r['tables']:6d}  {r['moves_per_s']:7.1f}  {r['p50_ms']:6.1f}  "
              f"{r['p95_ms']:6.1f}  {r['p99_ms']:6.1f}  {r['rss_per_table_kb']:8.1f} "
              f"{r['rss_per_table_after_kb']:8.1f}        {r['server_cpu']:6.0%}    "
              f"{r['bots_cpu']:6.0%}")
        if r["rss_by_moves"]:
            print("          KB/table as the tables played (moves a table so far: KB): " +
                  ", ".join(f"{m:.0f}: {kb:.0f}" for m, kb in r["rss_by_moves"]))
        if r["failed"] or r["errors"] or r["refused"]:
            print(f"          (tables not made: {r['failed']}, refused moves: "
                  f"{r['refused']}, errors: {r['errors']})")
    for a, b in zip(rows, rows[1:], strict=False):
        print(f"   {a['tables']} -> {b['tables']} tables: moves/s x"
              f"{b['moves_per_s'] / max(a['moves_per_s'], 1e-9):.1f}, p95 x"
              f"{b['p95_ms'] / max(a['p95_ms'], 1e-9):.1f}, KB/table "
              f"{a['rss_per_table_kb']:.0f} -> {b['rss_per_table_kb']:.0f}")
    last = rows[-1]
    print(f"   goals at {last['tables']} tables: p95 <= {LATENCY_GOAL * 1000:.0f} ms: "
          f"{'met' if last['p95_ms'] <= LATENCY_GOAL * 1000 else 'NOT met'}; "
          f"<= {RSS_GOAL // 1024} KB a table: "
          f"{'met' if last['rss_per_table_after_kb'] * 1024 <= RSS_GOAL else 'NOT met'}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.bench_serve")
    parser.add_argument("--tables", type=int, nargs="+")
    parser.add_argument("--seconds", type=float)
    parser.add_argument("--think", type=float, nargs=2, default=(1.0, 5.0))
    parser.add_argument("--json", action="store_true", help="also print each row as JSON")
    parser.add_argument("--profile", metavar="FILE",
                        help="run the server under cProfile, its figures written to FILE "
                             "(the last number of tables' run)")
    parser.add_argument("--sample", type=float, default=0.0, metavar="SECONDS",
                        help="read the server's memory every SECONDS while the tables play "
                             "(how it grows with the deals: a deal of japanese65 is some 48 "
                             "moves)")
    parser.add_argument("--bots", nargs=6, help=argparse.SUPPRESS)
    args = parser.parse_args([] if argv is None and __name__ != "__main__" else argv)
    if args.bots:
        port, tables, seconds, lo, hi, sample = args.bots
        bots_main(int(port), int(tables), float(seconds), (float(lo), float(hi)),
                  float(sample))
        return
    tables = args.tables or [int(n) for n in
                             os.environ.get("BENCH_SERVE_TABLES", "10,100").split(",")]
    seconds = args.seconds or float(os.environ.get("BENCH_SERVE_SECONDS", "20"))
    think = (args.think[0], args.think[1])
    rows = []
    for n in tables:
        rows.append(measure(n, seconds, think, args.profile, args.sample))
        if args.json:
            print(json.dumps(rows[-1]), flush=True)
    report(rows, think)


if __name__ == "__main__":
    main(sys.argv[1:])
