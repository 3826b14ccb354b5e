"""Command line: `cardtable` starts the program; sub-commands serve tools and tests."""

from __future__ import annotations

import argparse
import sys


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cardtable", description="A card table for five games called 65 or 66."
    )
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("play", help="start the program (the default)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    if args.command in (None, "play"):
        from cardtable.ui.app import run

        return run()
    return 2


if __name__ == "__main__":
    sys.exit(main())
