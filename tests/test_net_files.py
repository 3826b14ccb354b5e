"""A host never runs out of files for strangers' sockets (issue 34, item 4): connections
that have not said hello are capped (per address, and in all), the rest are answered at
once and closed, and the host says so once in its log, not a traceback per socket.

Before: with the host at 1,024 open files, 1,100 idle sockets made 21 of 54 of its file
writes fail (the autosave's function), a new friend got "unreachable", and stderr took
32,425 tracebacks. Here a host runs in its own process at a low ``ulimit -n`` while this
test holds many more idle sockets open to it than it may open files."""

from __future__ import annotations

import json
import os
import resource
import socket
import subprocess
import sys
import time
from pathlib import Path

from cardtable.net.remote import connect
from tests.net_helpers import LOOPBACK

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 160                 # the host's open files
SOURCES = 30                # loopback addresses the idle sockets come from
PER_SOURCE = 12             # 360 idle sockets: more than twice what the host may open


def idle_sockets(port: int) -> list[socket.socket]:
    """Sockets that connect and say nothing; every third sends a WebSocket's opening
    request and then nothing (open, but never a hello)."""
    held = []
    missed = 0
    for a in range(SOURCES):
        for i in range(PER_SOURCE):
            try:
                s = socket.create_connection((LOOPBACK, port), timeout=2,
                                             source_address=(f"127.0.1.{a + 2}", 0))
            except OSError:       # the host's backlog is full: it no longer answers
                missed += 1
                if missed > 3:
                    return held
                continue
            if i % 3 == 0:
                s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
                          b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                          b"Sec-WebSocket-Version: 13\r\n\r\n")
            held.append(s)
    return held


def test_a_host_at_a_low_open_files_limit_keeps_saving_and_seats_a_friend(tmp_path):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = SOURCES * PER_SOURCE + 200
    if soft < want:                   # this process holds the idle sockets
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(want, hard), hard))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    host = subprocess.Popen([sys.executable, "-m", "tests.net_files_host", str(LIMIT),
                             str(tmp_path)], cwd=ROOT, env=env, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    held: list[socket.socket] = []
    friend = None
    try:
        port_text, code = host.stdout.readline().split()
        port = int(port_text)
        held = idle_sockets(port)
        assert len(held) > LIMIT
        time.sleep(0.3)       # the host meets them (no timing is asserted, only outcomes)
        friend, error, _ = connect(LOOPBACK, port, "Ann", code=code, timeout=10.0)
        assert friend is not None, error
        assert friend.seat == 1
        time.sleep(0.3)
        host.stdin.write("stop\n")
        host.stdin.flush()
        report = json.loads(host.stdout.readline())
        host.stdin.close()
    finally:
        if friend is not None:
            friend.close()
        for s in held:
            s.close()
        if not host.stdin.closed:
            host.stdin.write("stop\n")
            host.stdin.close()
        try:
            host.wait(timeout=30)
        except subprocess.TimeoutExpired:
            host.kill()
            host.wait()
        err = host.stderr.read()
    assert report["limit"] == LIMIT and report["seat"] in ("connected", "away")
    assert report["tried"] > 10 and report["failed"] == 0, report["errors"]
    lines = err.splitlines()
    assert not any("Traceback" in line for line in lines), err[-3000:]
    turned_away = [line for line in lines if "turned away" in line]
    assert 1 <= len(turned_away) <= 3, err[-3000:]
    assert len(err) < 20_000
