"""The program at one of its screens, for bench/bench_idle.py: ``python -m bench.idle_screens
SCREEN``.

It runs the program's own start (``cardtable.ui.main.run``: the settings, the saved match,
the main menu, the real loop in a real window); only before the loop's first pass, the
screen to measure is opened on top of the menu, as a person's clicks would open it:

* ``menu``: the main menu;
* ``setup``: the setup of a new match of Sixty-Six;
* ``table``: a new match of Sixty-Six, the person's turn (``table GAME`` for another game);
* ``review``: the review of a deal played moments ago by computers (Sixty-Six);
* ``join``: Join a table, browsing the network for tables (``join-listed``: with a table of
  this same program announced on the network, so the list holds one);
* ``host``: a table of Sixty-Six open to the network, waiting for the friend.

``menu toast`` shows a one-line message at the menu each time the process gets SIGUSR1
(``table toast``: the table's own, where it says why a card cannot be played); ``table
computers`` has computers at every seat (cards moving all the time).
"""

from __future__ import annotations

import signal
import sys

import pygame

from cardtable.cli import quick_setup
from cardtable.engine import registry
from cardtable.match import Match
from cardtable.net import discovery, protocol
from cardtable.ui import main
from cardtable.ui.app import App

SCREENS = ("menu", "setup", "table", "review", "join", "join-listed", "host")
GAME = "sixtysix"
#: the toast's words (as short as the table's own refusals)
TOAST = "You must follow suit."


def review_deals(game: str = GAME) -> list[dict]:
    """The records of a deal of ``game`` played by computers alone (no thinking time)."""
    seats = [{"name": f"Player {i + 1}", "kind": "computer", "level": "easy"}
             for i in range(quick_setup(game)["players"])]
    match = Match(game, seats, seed=7, threaded=False, pace=0)
    deals: list[dict] = []
    while not deals and not match.is_over:
        match.run_computer_move()
        deals += match.take_finished_deals()
    match.close()
    return deals


def host_setup(game: str = GAME) -> dict:
    """A setup of ``game`` open to the network: the person, and a friend in seat 2."""
    config = quick_setup(game)
    config["seats"][1] = {"name": "Friend", "kind": "friend", "level": "easy"}
    config["network"] = {"remote": [1], "stand_in": "easy", "idle_seconds": None}
    return config


def open_screen(app: App, screen: str, game: str, extra: str = "") -> None:
    if screen == "setup":
        app.open("setup", game)
    elif screen == "table":
        app.start_match(quick_setup(game, people=0 if extra == "computers" else 1))
    elif screen == "review":
        deals = review_deals(game)
        app.open("review", deals, len(deals) - 1)
    elif screen in ("join", "join-listed"):
        if screen == "join-listed":
            announcer = discovery.Announcer("Bench", protocol.DEFAULT_PORT + 7, game, 2)
            announcer.start()
        app.open("join")
    elif screen == "host":
        app.start_match(host_setup(game))
    elif screen != "menu":
        raise SystemExit(f"no screen called {screen!r}: one of {', '.join(SCREENS)}")


def run(screen: str, extra: str = "") -> int:
    toast_event = pygame.event.custom_type()

    class BenchApp(App):
        def loop(self) -> int:
            # a person who said "No thanks" to each game's lesson: the table opens at once
            self.settings["lessons"] = {g: "declined" for g in registry.ids()}
            open_screen(self, screen, GAME, extra)
            if extra == "toast":
                # the loop's sleep is woken by the signal (App.loop relays them)
                signal.signal(signal.SIGUSR1, lambda _s, _f: pygame.event.post(
                    pygame.event.Event(toast_event)))
            return super().loop()

        def handle_event(self, event: pygame.event.Event) -> None:
            if event.type == toast_event:
                if screen == "table" and self.table is not None:
                    self.table.show_toast(TOAST)     # the table's own, on its message line
                else:
                    self.toast(TOAST, kind="bad")
            super().handle_event(event)

    main.App = BenchApp      # run() builds its window with this class
    return main.run()


if __name__ == "__main__":
    sys.exit(run(*sys.argv[1:3]))
