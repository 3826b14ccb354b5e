"""The program's start (cardtable/ui/main.py): the first frame needs only the window and the
menu; the table, the statistics and what they bring are loaded after it (``LATER``), or at
once when a match is asked for before it; the menu offers Continue meanwhile when a match
is saved."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import cardtable
from cardtable import storage
from cardtable.cli import quick_setup
from cardtable.match import Match, Seat
from cardtable.ui import main
from cardtable.ui.app import App
from tests.ui.conftest import frames

ROOT = Path(__file__).resolve().parent.parent.parent
UI = Path(cardtable.__file__).parent / "ui"

#: run the program as `cardtable` does, with the modules loaded when its first frame is on
#: screen and when it closes written to the file argv[1] names
PROBE = """
import json, sys
from cardtable.ui import main
seen = {}
shown = main._first_frame_shown
def first_frame(app, later, stamp):
    seen["first_frame"] = sorted(sys.modules)
    seen["continue"] = app.has_match_in_progress()
    shown(app, later, stamp)
    seen["after"] = sorted(sys.modules)
    seen["table_hooks"] = app.on_start_match != later.start_match
main._first_frame_shown = first_frame
code = main.run()
open(sys.argv[1], "w").write(json.dumps(seen))
sys.exit(code)
"""

#: what the main menu's first picture does not need: the table, the statistics, network
#: play and what they bring
NOT_FOR_THE_FIRST_FRAME = ("cardtable.ui.scenes.table", "cardtable.ui.scenes.table.scene",
                           "cardtable.ui.session", "cardtable.ui.netplay", "cardtable.net.host",
                           "cardtable.net.client", "asyncio", "ssl")


def probe(tmp_path: Path) -> dict:
    out = tmp_path / "seen.json"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               CARDTABLE_FIRST_FRAME_FILE=str(tmp_path / "stamp"),
               XDG_CONFIG_HOME=str(tmp_path / "config"),
               CARDTABLE_DATA_DIR=str(tmp_path / "data"))
    subprocess.run([sys.executable, "-c", PROBE, str(out)], env=env, cwd=ROOT, check=True,
                   timeout=120, capture_output=True)
    assert (tmp_path / "stamp").read_text().strip()
    return json.loads(out.read_text())


def save_a_match(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    match = Match("sixtysix", [Seat("A"), Seat("B", "computer")], seed=5, threaded=False,
                  pace=0)
    assert storage.save_match(match, folder / storage.match_path().name)
    match.close()


def test_the_first_frame_is_shown_before_the_table_is_loaded(tmp_path):
    seen = probe(tmp_path)
    early = set(seen["first_frame"])
    assert not early & set(NOT_FOR_THE_FIRST_FRAME), sorted(early & set(NOT_FOR_THE_FIRST_FRAME))
    assert seen["continue"] is False
    # right after the first frame, the table is there and answers the App's match hooks
    assert {"cardtable.ui.scenes.table", "cardtable.ui.session"} <= set(seen["after"])
    assert seen["table_hooks"] is True


def test_with_a_saved_match_the_first_frame_offers_continue(tmp_path):
    save_a_match(tmp_path / "data")
    seen = probe(tmp_path)
    assert seen["continue"] is True
    assert "cardtable.ui.session" not in seen["first_frame"]


@pytest.fixture
def window(tmp_path):
    app = App(size=(1280, 720), settings={"sound": False, "animation_speed": "off"})
    app.data_dir = tmp_path / "data"
    yield app
    if app.table is not None:
        app.table.match.close()
    while app.stack:
        app.pop()


def test_continue_before_the_table_is_loaded_loads_it_and_resumes_the_saved_match(window):
    save_a_match(window.data_dir)
    later = main.Later(window)
    window.open("menu")
    assert window.has_match_in_progress() and not later.loaded
    assert window.match_game() == "sixtysix"        # asks the table, which loads it
    assert later.loaded and window.match_in_progress != later.start_match
    assert window.continue_match()
    frames(window, 3)
    assert window.table is not None and window.table.match.game_id == "sixtysix"


def test_a_match_asked_for_before_the_first_frame_starts_at_once(window):
    later = main.Later(window)
    window.open("menu")
    assert not window.has_match_in_progress()
    assert window.start_match(quick_setup("pairs65", people=0))
    assert later.loaded
    assert window.table is not None and window.table.match.game_id == "pairs65"


def test_a_later_entry_that_gives_no_table_fails_loudly(window, monkeypatch):
    monkeypatch.setattr(main, "LATER", ("cardtable.ui.session:load_stats",))
    later = main.Later(window)
    with pytest.raises(RuntimeError, match="gave the window its table"):
        later.continue_match()


def test_every_later_entry_names_a_function():
    for entry in main.LATER:
        assert callable(main._named(entry)), entry


def test_only_the_two_loaders_of_ui_import_modules_by_name():
    """ui/ imports no cardtable module inside a function (tests/ui/test_screens.py); the
    two places that load modules later by name instead are screens.py (each screen when it
    first opens) and main.py (what waits for the first frame). Anywhere else, a module
    loaded by name would be a function-level import the other test cannot see."""
    loaders = set()
    for path in sorted(UI.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in ("import_module",
                                                                 "__import__"):
                loaders.add(path.relative_to(UI).as_posix())
            elif isinstance(node, ast.Name) and node.id == "__import__":
                loaders.add(path.relative_to(UI).as_posix())
    assert loaders == {"screens.py", "main.py"}


def test_every_games_table_and_players_load_after_the_first_frame(monkeypatch):
    """Once the menu is on screen (after the table's hooks), every registered game's table
    and computer players are loaded, so no game's first match steps the memory up nor
    waits for them."""
    from cardtable.ui import session

    class Registered:
        def __init__(self, game_id: str, calls: list) -> None:
            self.id, self.calls = game_id, calls

        def table(self) -> None:
            self.calls.append((self.id, "table"))

        def players(self) -> None:
            self.calls.append((self.id, "players"))

    calls: list = []
    monkeypatch.setattr(session.registry, "games",
                        lambda: [Registered("one", calls), Registered("two", calls)])
    session.load_games(None)
    assert calls == [("one", "table"), ("one", "players"), ("two", "table"),
                     ("two", "players")]
    entries = list(main.LATER)
    assert entries.index("cardtable.ui.session:load_games") > \
        entries.index("cardtable.ui.scenes.table:install")
