"""Command line: `cardtable` starts the program; sub-commands serve tools and tests."""

from __future__ import annotations

import argparse
import sys


class _Version(argparse.Action):
    """--version: the program's name and version, read only when asked for (reading the
    package's metadata takes a noticeable part of the start-up)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS,
                 help="show the program's version and exit"):
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        from cardtable.about import about_line

        print(about_line())
        parser.exit()


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The command line's parser. With ``argv``, only what parsing those arguments needs:
    the table server's options (whose module brings the whole network layer) are added
    only when ``argv`` names the ``serve`` command, so starting the window costs nothing
    for them; ``cardtable --help`` still lists every command."""
    parser = argparse.ArgumentParser(
        prog="cardtable", description="A card table for five games called 65 or 66."
    )
    parser.add_argument("--version", action=_Version)
    parser.add_argument("--smoke-test", action="store_true",
                        help="check the program end to end (assets, window, every scene and "
                             "table, computer players) and exit 0, or 1 with the reason")
    parser.add_argument("--smoke-log", metavar="FILE",
                        help="also write the smoke test's lines to FILE")
    sub = parser.add_subparsers(dest="command")
    play = sub.add_parser("play", help="start the program (the default)")
    play.add_argument("--table", metavar="GAME",
                      help="start straight at a new match of GAME (e.g. sixtysix), you "
                           "against the computer (for measurements)")
    play.add_argument("--computers", action="store_true",
                      help="with --table: computers in every seat")
    _add_tournament(sub)
    _add_serve(sub, options=argv is None or "serve" in argv)
    return parser


def _run_serve(args: argparse.Namespace) -> int:
    from cardtable.net import serve

    return serve.main(args)


def _add_serve(sub, options: bool = True) -> None:
    s = sub.add_parser(
        "serve",
        help="a table server for the internet: many tables at once, no window "
             "(docs/SERVER.md)",
    )
    if options:
        from cardtable.net import serveconf

        serveconf.add_arguments(s)
    s.set_defaults(handler=_run_serve)


def _run_tournament(args: argparse.Namespace) -> int:
    from cardtable import tournament

    return tournament.main(args)


def _add_tournament(sub) -> None:
    levels = ("random", "easy", "medium", "hard", "expert", "pimc", "pimc-ab", "all-seeing")
    t = sub.add_parser(
        "tournament",
        help="computer against computer: mirrored, seat-rotated matches with 95%% intervals",
    )
    t.add_argument("--game", required=True, help="game id, e.g. sixtysix")
    t.add_argument("--a", default="hard", choices=levels,
                   help="level A (default hard); pimc, pimc-ab and all-seeing are reference "
                        "players (all-seeing cheats: it sees every card)")
    t.add_argument("--b", default="medium", choices=levels, help="level B (default medium)")
    t.add_argument("--matches", type=int, default=20,
                   help="matches in all, played as mirrored pairs (default 20)")
    t.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    t.add_argument("--players", type=int, default=None, help="players (default: the minimum)")
    t.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    t.add_argument("--budget", type=float, default=0.3,
                   help="think time per decision of the hard level and the reference players, "
                        "seconds (default 0.3)")
    t.add_argument("--deals", type=int, default=None,
                   help="stop each match after this many deals (the side ahead wins)")
    t.add_argument("--first-deal", type=int, default=1, metavar="K",
                   help="start every match at deal K (default 1), e.g. a rummy's later, "
                        "larger hands")
    t.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help="a game option, e.g. --option target=3 (repeatable)")
    t.add_argument("--json", action="store_true", help="last line as JSON, not key=value")
    t.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    t.set_defaults(handler=_run_tournament)


def quick_setup(game_id: str, people: int = 1, level: str = "easy") -> dict:
    """A setup for ``game_id`` at its usual number of players: ``people`` persons in the
    first seats, computers of ``level`` in the others."""
    from cardtable.engine import registry

    spec = registry.get(game_id)
    # a partnership game at its full table, any other at its fewest players
    players = sum(len(side) for side in spec.partnerships) or spec.min_players
    seats = [{"name": "You" if i == 0 and people == 1 else f"Player {i + 1}",
              "kind": "human" if i < people else "computer", "level": level}
             for i in range(players)]
    return {"game": game_id, "players": players, "seats": seats, "options": {},
            "first_dealer": None}


def main(argv: list[str] | None = None) -> int:
    if getattr(sys, "frozen", False):
        # a frozen program's worker processes start here too; build/launch.py already
        # calls this first, this keeps any other frozen entry point safe as well
        import multiprocessing

        multiprocessing.freeze_support()
    argv = sys.argv[1:] if argv is None else argv
    args = build_parser(argv).parse_args(argv)
    if args.smoke_test:
        from cardtable import smoke

        return smoke.run(args.smoke_log)
    if args.command in (None, "play"):
        from cardtable.ui.main import run

        table = getattr(args, "table", None)
        if table is None:
            return run()
        from cardtable.engine import registry

        if table not in registry.ids():
            print(f"cardtable: no game called {table!r}", file=sys.stderr)
            return 2
        return run(start=quick_setup(table, people=0 if args.computers else 1))
    handler = getattr(args, "handler", None)
    return handler(args) if handler is not None else 2


if __name__ == "__main__":
    sys.exit(main())
