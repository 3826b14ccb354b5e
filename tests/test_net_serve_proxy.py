"""Several table servers behind one proxy: two `cardtable serve` processes behind a real nginx
(Debian's nginx-light) and behind a real HAProxy (Debian's haproxy) on loopback, each
hashing on the table code in the URL path, as docs/SERVER.md sets them up. Every table's
players, made and joined through the proxy with the program's own clients, land on the
server that holds it; the tables spread over both.

Each proxy's tests are skipped, with the reason, where it is not installed
(``apt-get install -y nginx-light haproxy``).
"""

from __future__ import annotations

import getpass
import json
import os
import random
import shutil
import socket
import ssl
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import NamedTuple

import pytest

from cardtable.net import online
from cardtable.net.online import Where

ROOT = Path(__file__).resolve().parent.parent


def installed(name: str) -> str | None:
    return shutil.which(name) or next(
        (p for p in (f"/usr/sbin/{name}", f"/usr/local/sbin/{name}") if os.access(p, os.X_OK)),
        None)


NGINX = installed("nginx")
HAPROXY = installed("haproxy")
LOOPBACK = "127.0.0.1"
#: tables made at least, and at most (more until both servers hold one: where the hash
#: sends a code depends on the servers' ports, which change from run to run)
TABLES = 10
MOST_TABLES = 40


class Farm(NamedTuple):
    """Servers behind a proxy: the proxy's address, each server's port by name, and the
    proxy's TLS side with the certificate it shows (None where openssl cannot make one)."""

    where: Where
    backends: dict[str, int]
    tls: Where | None
    cert: Path | None


#: the proxies of docs/SERVER.md, each a parameter of :func:`farm`
PROXIES = [
    pytest.param("nginx", marks=pytest.mark.skipif(
        NGINX is None, reason="nginx is not installed (apt-get install -y nginx-light): the "
                              "proxy test needs a real one")),
    pytest.param("haproxy", marks=pytest.mark.skipif(
        HAPROXY is None, reason="HAProxy is not installed (apt-get install -y haproxy): the "
                                "proxy test needs a real one")),
]


def ephemeral_ports() -> range:
    """The ports the system hands out for a bind to port 0 (Linux's default elsewhere)."""
    try:
        low, high = map(int, Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split())
    except (OSError, ValueError):
        low, high = 32768, 60999
    return range(low, high + 1)


_RNG = random.Random(os.getpid())


def free_port() -> int:
    """A port free now for a server started next (nginx and HAProxy take theirs from their
    configuration), below the system's ephemeral range: the other test process's sockets,
    bound to port 0, are never given it between this check and the server's bind."""
    below = ephemeral_ports().start
    for _ in range(200):
        port = _RNG.randrange(min(20000, below - 1000), below)
        with socket.socket() as s:
            try:
                s.bind((LOOPBACK, port))
            except OSError:
                continue
            return port
    raise AssertionError("no free port below the ephemeral range")


def wait_port(port: int, proc: subprocess.Popen, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            out = proc.stderr.read() if proc.stderr else ""
            raise AssertionError(f"a process ended at its start: {out}")
        try:
            with socket.create_connection((LOOPBACK, port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise AssertionError(f"nothing listens on port {port}")


def nginx_conf(folder: Path, port: int, backends: list[int], tls_port: int | None = None) \
        -> str:
    """The proxy of docs/SERVER.md, on loopback, everything it writes in ``folder``; with
    ``tls_port``, the same also behind TLS there (``folder``'s cert.pem and key.pem)."""
    user = f"user {getpass.getuser()};" if os.geteuid() == 0 else ""
    servers = "\n".join(f"        server {LOOPBACK}:{p};" for p in backends)
    listen = f"listen {LOOPBACK}:{port};"
    if tls_port is not None:
        listen += (f"\n        listen {LOOPBACK}:{tls_port} ssl;"
                   f"\n        ssl_certificate {folder / 'cert.pem'};"
                   f"\n        ssl_certificate_key {folder / 'key.pem'};")
    temp = "\n".join(f"    {kind}_temp_path {folder / kind};"
                     for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    return f"""
{user}
worker_processes 1;
daemon off;
pid {folder / "nginx.pid"};
error_log {folder / "error.log"} warn;
events {{ worker_connections 256; }}
http {{
    access_log {folder / "access.log"};
{temp}
    map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
    upstream tables {{
        hash $table_code consistent;
{servers}
    }}
    server {{
        {listen}
        location ~ ^/t/(?<table_code>[A-Za-z0-9-]+)$ {{
            proxy_pass http://tables;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_read_timeout 1h;
        }}
        location / {{ return 404; }}
    }}
}}
"""


def haproxy_conf(folder: Path, port: int, backends: list[int], tls_port: int | None = None) \
        -> str:
    """The HAProxy of docs/SERVER.md, on loopback (``balance uri``: the path's hash, which
    is ``/t/<code>``); with ``tls_port``, a TLS side too (``folder``'s both.pem, the
    certificate and its key in one file, as HAProxy reads them); a path that names no
    table is answered 404 by the proxy itself."""
    servers = "\n".join(f"    server s{i} {LOOPBACK}:{p} check"
                         for i, p in enumerate(backends))
    tls = f"    bind {LOOPBACK}:{tls_port} ssl crt {folder / 'both.pem'}\n" \
        if tls_port is not None else ""
    return f"""
global
    pidfile {folder / "haproxy.pid"}
    maxconn 256
defaults
    mode http
    timeout connect 5s
    timeout client 1h
    timeout server 1h
    timeout tunnel 1h
frontend cards
    bind {LOOPBACK}:{port}
{tls}    acl table path_reg ^/t/[A-Za-z0-9-]+$
    http-request return status 404 unless table
    default_backend tables
backend tables
    balance uri
    hash-type consistent
    option forwardfor
    option httpchk GET /health
{servers}
"""


def certificate(folder: Path) -> None:
    """A self-signed certificate for 127.0.0.1 (cert.pem, key.pem in ``folder``)."""
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(folder / "key.pem"), "-out", str(folder / "cert.pem")],
                   check=True, capture_output=True, timeout=60)


@pytest.fixture(params=PROXIES)
def farm(request, tmp_path):
    """Two servers (north, south) behind nginx or HAProxy, as a :class:`Farm`."""
    procs: list[subprocess.Popen] = []
    backends = {"north": free_port(), "south": free_port()}
    try:
        for name, port in backends.items():
            procs.append(subprocess.Popen(
                [sys.executable, "-m", "cardtable", "serve", "--host", LOOPBACK, "--port",
                 str(port), "--name", name, "--trust-proxy", "--pace", "0",
                 "--per-address", "1000",
                 "--log-level", "warning"],
                cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True))
            wait_port(port, procs[-1])
        proxy = free_port()
        tls_port = None
        if shutil.which("openssl"):
            certificate(tmp_path)
            tls_port = free_port()
        if request.param == "nginx":
            conf = tmp_path / "nginx.conf"
            conf.write_text(nginx_conf(tmp_path, proxy, list(backends.values()), tls_port))
            command = [NGINX, "-p", str(tmp_path), "-c", str(conf)]
        else:
            if tls_port is not None:
                (tmp_path / "both.pem").write_text((tmp_path / "cert.pem").read_text()
                                                   + (tmp_path / "key.pem").read_text())
            conf = tmp_path / "haproxy.cfg"
            conf.write_text(haproxy_conf(tmp_path, proxy, list(backends.values()), tls_port))
            command = [HAPROXY, "-db", "-f", str(conf)]
        procs.append(subprocess.Popen(command, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.PIPE, text=True))
        wait_port(proxy, procs[-1])
        yield Farm(Where(LOOPBACK, proxy), backends,
                   None if tls_port is None else Where(LOOPBACK, tls_port, tls=True),
                   None if tls_port is None else tmp_path / "cert.pem")
    finally:
        for proc in reversed(procs):
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)


def status(port: int) -> dict:
    with urllib.request.urlopen(f"http://{LOOPBACK}:{port}/status", timeout=5) as answer:
        return json.loads(answer.read())


def test_every_player_of_a_table_lands_on_the_server_that_holds_it(farm):
    where, backends = farm.where, farm.backends
    config = {"game": "pairs65", "players": 3, "options": {}, "first_dealer": None,
              "seats": [{"name": "A", "kind": "human", "level": "easy"},
                        {"name": "B", "kind": "friend", "level": "easy"},
                        {"name": "C", "kind": "friend", "level": "easy"}]}
    players = []
    try:
        codes: list[str] = []
        while len(codes) < TABLES or (len(codes) < MOST_TABLES and not all(
                status(port)["tables"] for port in backends.values())):
            creator, error = online.seated(online.create_client(where, config,
                                                                f"Ann{len(codes)}"))
            assert creator is not None, error
            players.append(creator)
            codes.append(creator.client.code)
            for name in ("Bob", "Cid"):
                # the code as a person would type it: each client routes by its normal form
                friend, error = online.seated(online.join_client(where, codes[-1].lower(),
                                                                 name))
                assert friend is not None, f"{name} could not join through the proxy: {error}"
                players.append(friend)
        seen = {name: status(port) for name, port in backends.items()}
        # every table is whole on one server: its three players there, none elsewhere
        assert sum(s["tables"] for s in seen.values()) == len(codes)
        for name, s in seen.items():
            assert s["name"] == name
            assert s["seated"] == [3] * s["tables"], (name, s)
        # and the tables are spread: the proxy hashes, it does not send all to one
        assert all(s["tables"] > 0 for s in seen.values()), seen
        # a code no server holds is refused by the one it hashes to
        nobody, error = online.seated(online.join_client(where, "ZZZZZZZZZZ", "Eve"))
        assert nobody is None and error == "wrong_code"
    finally:
        for p in players:
            p.close()


def test_a_path_that_names_no_table_never_reaches_a_server(farm):
    where = farm.where
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect
    with pytest.raises(InvalidStatus) as refused:
        connect(f"ws://{where.host}:{where.port}/", open_timeout=5, proxy=None)
    assert refused.value.response.status_code == 404


def test_through_a_tls_proxy_the_certificate_is_verified(farm):
    if farm.tls is None or farm.cert is None:
        pytest.skip("openssl is not installed: no certificate for the proxy's TLS side")
    where, cert = farm.tls, farm.cert
    config = {"game": "pairs65", "players": 2, "options": {}, "first_dealer": None,
              "seats": [{"name": "A", "kind": "human", "level": "easy"},
                        {"name": "B", "kind": "friend", "level": "easy"}]}
    # a certificate nobody vouches for: the program does not connect
    nobody, error = online.seated(online.create_client(where, config, "Ann"))
    assert nobody is None and error == "bad_certificate"
    # one it trusts: wss:// through the proxy, to the server that holds the table
    trusted = ssl.create_default_context(cafile=str(cert))
    ann, error = online.seated(online.create_client(where, config, "Ann", tls=trusted))
    assert ann is not None, error
    assert ann.client.address.startswith("wss://")
    bob, error = online.seated(online.join_client(where, ann.client.code, "Bob", tls=trusted))
    assert bob is not None and bob.seat == 1, error
    ann.close()
    bob.close()

