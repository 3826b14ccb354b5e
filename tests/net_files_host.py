"""A host in a process of its own with few open files allowed (``ulimit -n``), for
tests/test_net_files.py: it serves a table on loopback and keeps writing a file with the
autosave's own function, and says how it went.

    python -m tests.net_files_host LIMIT FOLDER

It prints ``port code`` once it listens, then writes ``FOLDER/autosave.json`` every 10 ms
until a line comes on stdin; then it prints one JSON line: how many writes were tried and
how many failed, and the limit it ran under. Its log goes to stderr."""

from __future__ import annotations

import json
import logging
import resource
import sys
import threading
import time
from pathlib import Path


def main() -> None:
    limit, folder = int(sys.argv[1]), Path(sys.argv[2])
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (limit, hard))
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr,
                        format="%(levelname)s %(name)s: %(message)s")
    from cardtable import storage
    from tests.net_helpers import host_table

    match, server = host_table("sixtysix", 2, remote=[1])
    print(server.port, server.code, flush=True)
    stop = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.readline(), stop.set()), daemon=True).start()
    tried = failed = 0
    errors: list[str] = []
    while not stop.is_set():
        tried += 1
        try:
            storage.write_json(folder / "autosave.json", {"version": 1, "n": tried,
                                                          "moves": len(match.moves)})
        except OSError as exc:
            failed += 1
            if len(errors) < 5:
                errors.append(repr(exc))
        time.sleep(0.01)
    seated = match.seat_status(1)
    server.close()
    print(json.dumps({"tried": tried, "failed": failed, "errors": errors, "limit": limit,
                      "seat": seated}), flush=True)


if __name__ == "__main__":
    main()
