"""How a table server runs (:mod:`cardtable.net.serve`): where it listens, its limits, and
the options of ``cardtable serve`` that set them. Light to import: the command line reads
it for every command, and nothing here loads the games.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from cardtable.net import protocol

#: the server's usual port (a host's own table listens on protocol.DEFAULT_PORT)
DEFAULT_PORT = protocol.DEFAULT_PORT + 1
#: open files kept back from the connections (logs, the computers' workers, the system)
FILES_KEPT = 64


@dataclass
class Settings:
    """How a server runs: where it listens and its limits (``cardtable serve --help``)."""

    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    name: str = "cardtable"
    max_tables: int = 2000
    #: 0: as many as the open-files limit allows (less :data:`FILES_KEPT`)
    max_connections: int = 0
    max_pending: int = 512
    per_address: int = 64
    tables_per_hour: int = 60
    idle_seconds: float = 120.0
    fill_seconds: float = 30.0
    #: a seated friend silent at their turn this long: a computer plays for them until they
    #: move again (0: never)
    silent_seconds: float = 60.0
    pace: float = 0.7
    #: computers think on a thread of their own (True) or on the server's loop (tests)
    threaded: bool = True
    #: the address of a connection is the proxy's X-Forwarded-For (its last entry)
    trust_proxy: bool = False

    def connection_cap(self) -> int:
        """The most connections open at once: ``max_connections``, never more than the
        open-files limit leaves room for."""
        room = open_files() - FILES_KEPT
        want = self.max_connections or room
        return max(1, min(want, room))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``cardtable serve``'s options."""
    d = Settings()
    parser.add_argument("--host", default=d.host,
                        help=f"the address to listen on (default {d.host}; 0.0.0.0: every "
                             "interface)")
    parser.add_argument("--port", type=int, default=d.port,
                        help=f"the port to listen on (default {d.port}; 0: any free one)")
    parser.add_argument("--name", default=d.name,
                        help="this server's name in /status (several behind one proxy)")
    parser.add_argument("--max-tables", type=int, default=d.max_tables,
                        help=f"tables open at once (default {d.max_tables})")
    parser.add_argument("--max-connections", type=int, default=d.max_connections,
                        help="connections open at once (default: the open-files limit "
                             f"less {FILES_KEPT})")
    parser.add_argument("--per-address", type=int, default=d.per_address,
                        help=f"connections open at once from one address (default "
                             f"{d.per_address})")
    parser.add_argument("--tables-per-hour", type=int, default=d.tables_per_hour,
                        help=f"tables one address may create in an hour (default "
                             f"{d.tables_per_hour})")
    parser.add_argument("--idle", type=float, default=d.idle_seconds, metavar="SECONDS",
                        help="a table nobody is connected to for this long ends (default "
                             f"{d.idle_seconds:g})")
    parser.add_argument("--fill-after", type=float, default=d.fill_seconds,
                        metavar="SECONDS",
                        help="a computer plays the turn of a friend's seat nobody has taken "
                             f"after this long (default {d.fill_seconds:g})")
    parser.add_argument("--silent-after", type=float, default=d.silent_seconds,
                        metavar="SECONDS",
                        help="a computer plays for a friend silent this long at their turn, "
                             f"until they move (default {d.silent_seconds:g}; 0: never)")
    parser.add_argument("--pace", type=float, default=d.pace, metavar="SECONDS",
                        help=f"the pause before a computer's move (default {d.pace:g})")
    parser.add_argument("--trust-proxy", action="store_true",
                        help="behind a proxy: a connection's address is the last of its "
                             "X-Forwarded-For header (never set this when clients reach "
                             "the server directly)")
    parser.add_argument("--log-level", default="info",
                        choices=("debug", "info", "warning", "error"))


def settings_of(args: argparse.Namespace) -> Settings:
    return Settings(host=args.host, port=args.port, name=args.name,
                    max_tables=max(1, args.max_tables),
                    max_connections=max(0, args.max_connections),
                    per_address=max(1, args.per_address),
                    tables_per_hour=max(1, args.tables_per_hour),
                    idle_seconds=max(0.0, args.idle), fill_seconds=max(0.0, args.fill_after),
                    silent_seconds=max(0.0, args.silent_after),
                    pace=max(0.0, args.pace), trust_proxy=args.trust_proxy)


def open_files() -> int:
    """The process's open-files limit (its soft limit; a large number where there is none,
    or where the system does not say)."""
    try:
        import resource
    except ImportError:       # (Windows: no such limit to read)
        return 1 << 20
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return soft if soft != resource.RLIM_INFINITY else 1 << 20
