"""The table server's container (Dockerfile), checked without a container engine: what it
copies is in the repository, it installs from the play lock by hashes, its Python is one the
project runs on, its entrypoint is a command line `cardtable serve` accepts, and its port,
entrypoint and health check agree on one port that the server answers ``/health`` on.
(.ci/run also builds and runs the image where a Docker daemon is reachable.)"""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path

from cardtable import cli
from cardtable.net.serve import TableService
from cardtable.net.serveconf import Settings

ROOT = Path(__file__).resolve().parent.parent


def instructions() -> list[tuple[str, str]]:
    """The Dockerfile's instructions, continuation lines joined, comments left out."""
    text = re.sub(r"\\\n\s*", " ", (ROOT / "Dockerfile").read_text())
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            out.append((word.upper(), rest.strip()))
    return out


def only(kind: str) -> str:
    found = [rest for word, rest in instructions() if word == kind]
    assert len(found) == 1, f"{kind}: {found}"
    return found[0]


def test_what_the_image_copies_is_in_the_repository():
    copies = [rest.split() for word, rest in instructions() if word == "COPY"]
    assert copies
    for parts in copies:
        for source in parts[:-1]:
            assert (ROOT / source).exists(), source
    assert any("requirements.lock.txt" in parts for parts in copies)


def test_it_installs_the_play_lock_by_hashes_then_the_program_alone():
    runs = [rest for word, rest in instructions() if word == "RUN"]
    assert any("--require-hashes -r requirements.lock.txt" in r for r in runs), runs
    assert any("--no-deps" in r and "--no-build-isolation" in r for r in runs), runs
    assert (ROOT / "requirements.lock.txt").read_text().count("--hash=sha256:") > 10


def test_its_python_is_one_the_project_runs_on():
    image = only("FROM")
    version = re.fullmatch(r"python:(3)\.(\d+)-slim", image)
    assert version, image
    low = re.search(r'^requires-python = ">=3\.(\d+)"$', (ROOT / "pyproject.toml").read_text(),
                    re.MULTILINE)
    assert low and int(version.group(2)) >= int(low.group(1))


def test_port_entrypoint_and_health_check_agree_and_the_server_answers_it():
    entry = json.loads(only("ENTRYPOINT"))
    assert entry[:2] == ["cardtable", "serve"]
    args = cli.build_parser(entry[1:]).parse_args(entry[1:])
    assert args.command == "serve" and args.host == "0.0.0.0"
    port = int(only("EXPOSE"))
    assert args.port == port
    check = json.loads(only("HEALTHCHECK").split("CMD", 1)[1])
    assert check[:2] == ["python", "-c"]
    url = re.search(r"http://127\.0\.0\.1:(\d+)(/\w+)", check[2])
    assert url and int(url.group(1)) == port and url.group(2) == "/health"
    # the same command, against a server on a free loopback port, says the server is well
    server = TableService(Settings(host="127.0.0.1", port=0, pace=0.0, threaded=False))
    server.start()
    try:
        probe = check[2].replace(f":{port}/", f":{server.port}/")
        exec(compile(probe, "HEALTHCHECK", "exec"), {})      # raises if not 200
        with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/health", timeout=5) as r:
            assert r.read().strip() == b"ok"
    finally:
        server.close()
