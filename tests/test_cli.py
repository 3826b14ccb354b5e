"""The command line (cardtable/cli.py): what each command parses, and that starting the
window parses its arguments without loading what only other commands need."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable import cli
from cardtable.about import about_line

ROOT = Path(__file__).resolve().parent.parent


def modules_after(code: str) -> set[str]:
    """The modules a new interpreter holds after running ``code``."""
    script = f"import json, sys\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60, cwd=ROOT, check=True)
    return set(json.loads(done.stdout.splitlines()[-1]))


def test_parsing_the_window_s_arguments_loads_no_network_and_no_metadata():
    loaded = modules_after("from cardtable import cli\n"
                           "cli.build_parser([]).parse_args([])\n"
                           "cli.build_parser(['play', '--table', 'sixtysix'])"
                           ".parse_args(['play', '--table', 'sixtysix'])")
    for heavy in ("cardtable.net.serveconf", "asyncio", "ssl", "importlib.metadata",
                  "cardtable.about", "cardtable.engine.registry"):
        assert heavy not in loaded, f"{heavy} is loaded to parse the window's arguments"


def test_the_serve_command_still_takes_its_options():
    args = cli.build_parser(["serve", "--port", "7"]).parse_args(["serve", "--port", "7"])
    assert args.port == 7 and args.handler is cli._run_serve
    # without arguments to go by, the parser is whole (as a test or a tool builds it)
    assert cli.build_parser().parse_args(["serve", "--port", "8"]).port == 8
    # the window's parser knows no server option
    with pytest.raises(SystemExit):
        cli.build_parser([]).parse_args(["serve", "--port", "7"])


def test_help_lists_every_command_and_version_is_read_when_asked(capsys):
    with pytest.raises(SystemExit) as ended:
        cli.build_parser(["--help"]).parse_args(["--help"])
    assert ended.value.code == 0
    said = capsys.readouterr().out
    assert all(command in said for command in ("play", "tournament", "serve", "--version"))
    with pytest.raises(SystemExit) as ended:
        cli.main(["--version"])
    assert ended.value.code == 0
    assert capsys.readouterr().out.strip() == about_line()


def test_play_options_parse_and_an_unknown_game_is_refused(capsys):
    args = cli.build_parser(["play", "--table", "pairs65", "--computers"]).parse_args(
        ["play", "--table", "pairs65", "--computers"])
    assert (args.command, args.table, args.computers) == ("play", "pairs65", True)
    assert cli.main(["play", "--table", "no-such-game"]) == 2
    assert "no game called 'no-such-game'" in capsys.readouterr().err
