"""Where matches come to the table: start one from a setup, continue the one in progress.

:func:`install` gives the App a :class:`MatchDesk`, which answers the App's match hooks
(``on_start_match``, ``on_continue_match``, ``match_in_progress``, ``match_game``) and keeps
``app.table``, the table of the match in progress.

This copy's match in progress is the one it saves (played here, or hosted here for
friends). A seat at a table hosted elsewhere (Join a table, Play online: a
:class:`~cardtable.net.remote.RemoteMatch`) is never it: that table is saved by its host,
never here, so it neither replaces the saved match nor is named when a new match would
replace one; while it is on, the saved match waits in its file, and Continue resumes it
as soon as that table is gone.
"""

from __future__ import annotations

import logging

from cardtable import lessons, storage
from cardtable.engine import registry
from cardtable.engine.core import ConfigError
from cardtable.i18n import N_, Msg, of_game
from cardtable.match import Match
from cardtable.net.remote import RemoteMatch
from cardtable.ui import netplay, session
from cardtable.ui.scenes.table.scene import TableScene
from cardtable.ui.scenes.table.showing import show_table

log = logging.getLogger(__name__)

#: said when a new match's table open to the network could not listen, and a match in
#: progress is kept (on the table, in its file); with none, netplay's "port_busy"
NOT_OPENED = N_("The table could not be opened, as no network port is free: your match in "
                "progress is kept.")
#: said when the game refused a new match's setup ({reason}: storage's words for it), and
#: a match in progress is kept; with none, REFUSED_ALONE
REFUSED = N_("The new match could not start, as {reason}: your match in progress is kept.")
REFUSED_ALONE = N_("The new match could not start, as {reason}.")


def open_match(app, config: dict, kept: bool = False) -> Match | None:
    """The match of ``config``, its table listening already when it is open to the network;
    None when it cannot be (the port, or a setup the game refuses), the person told why in
    one sentence (and, with ``kept``, that their match in progress is kept). Nothing else
    changes then: the match on the table and the saved match stay as they were (a table of
    this copy open to the network, closed to free its port for the new one, listens again
    with its code and port)."""
    old = app.table
    hosted = old.match if own(old) and old.match.server is not None else None
    network = config.get("network")
    where = None
    if network and hosted is not None:
        where = hosted.server
        hosted.close()          # its port is free again for the new table
    opened = None
    try:
        opened = netplay.open_table(config) if network else Match.from_config(config)
    except OSError as exc:
        log.warning("the new table could not listen on the network: %s", exc)
        app.toast(NOT_OPENED if kept else netplay.words("port_busy"), seconds=7.0, kind="bad")
    except ConfigError as exc:
        log.warning("the game refused the new match's setup: %s", exc)
        app.toast(Msg(REFUSED if kept else REFUSED_ALONE, reason=storage.match_refusal(exc)),
                  seconds=7.0, kind="bad")
    finally:
        if opened is None and where is not None:    # (whatever stopped the new one)
            reopen(hosted, where)
    return opened


def reopen(match, server) -> None:
    """``match``'s table, closed for a new table that did not open, listens again as it
    was (its code, port and name): its friends come back with the seats they keep."""
    config = {"network": {"table_name": server.table_name,
                          "idle_seconds": match.idle_seconds}}
    try:
        netplay.open_table(config, code=server.code, port=server.port, match=match,
                           advertise=server.advertise, bind=server.bind)
    except (OSError, ValueError):   # the match goes on here: Continue opens it again later
        log.warning("the table closed for a new one could not listen again; its match "
                    "goes on at this computer alone", exc_info=True)


def show_match(app, match: Match, config: dict, **kwargs) -> TableScene:
    """Put ``match`` (of ``config``, opened by :func:`open_match`) on the table over the
    main menu, saved now and after every move."""
    if not config.get("network"):
        netplay.forget_table(app)
    table = show_table(app, TableScene(match, **kwargs))
    session.attach(app, match)      # saved now and after every move
    if config.get("network"):
        netplay.remember_table(app, match)
    return table


def start_match(app, config: dict, **kwargs) -> TableScene | None:
    """Start a match from the setup scene's config and show its table over the main menu;
    None (the person told why) when it could not open.

    A config with ``network`` (friends' seats) opens the table to the network: the match
    is hosted here and friends join it from their own computers."""
    match = open_match(app, config, kept=own(app.table))
    return None if match is None else show_match(app, match, config, **kwargs)


def own(table) -> bool:
    """Is ``table``'s match this copy's (saved here), not a seat at a table hosted
    elsewhere?"""
    return table is not None and not isinstance(table.match, RemoteMatch)


def lesson_offered(app, config: dict, start) -> bool:
    """A person's first match of a game that brings a lesson (Learn to play): offer the
    lesson first, once. "No thanks" is kept in the settings (never offered again) and
    ``start`` starts the match; the lesson, once taken, is kept too, and its end (or Skip)
    starts the match set up. False: nothing offered (a game played or asked before, a table
    open to the network, nobody at this computer, or an App with no data folder, which
    cannot know what was played before: a test's)."""
    game = config.get("game")
    if getattr(app, "data_dir", None) is None:
        return False
    asked = app.settings.get("lessons") or {}
    stats = getattr(app, "stats", None) or {}
    if config.get("network") or not isinstance(game, str) or game in asked or \
            stats.get(game) or lessons.lesson_for(game) is None or \
            not any(s.get("kind", "human") == "human" for s in config.get("seats", [])):
        return False

    def decline() -> None:
        app.set_setting("lessons", {**(app.settings.get("lessons") or {}), game: "declined"})
        start()

    app.open("confirm", Msg("New to {game}?", game=Msg(registry.get(game).name)),
             N_("Learn to play first: a guided deal of a few minutes, where a coach shows "
                "each rule as it comes up."), N_("Learn to play"),
             lambda: app.open("lesson", game, then=config), no=N_("No thanks"),
             on_no=decline)
    return True


class MatchDesk:
    """The matches of one App: the one on the table, and one saved by an earlier run.

    A match saved by an earlier run is checked when the desk is made (a damaged file is set
    aside and the player told); "Continue" then resumes it. Starting a new match while one
    is in progress asks first.

    When this copy's table gives way to a table hosted elsewhere, its match is read back
    from its file (saved after every move): the desk holds it again as ``saved``, so the
    menu offers Continue for it once that other table is gone, and a new match asks about
    it, by its game. The file is read once each time this happens (:meth:`follow`), not
    each time the menu asks.
    """

    def __init__(self, app) -> None:
        self.app = app
        self.saved: list[Match] = []
        if session.match_file(app) is not None and app.table is None:
            match = session.load_saved(app)
            if match is not None:
                self.saved.append(match)
        #: the file was read since this copy's own table was last on (see follow)
        self._read = True

    def follow(self) -> None:
        """Read the saved match back when this copy's table is no longer the App's (a
        table hosted elsewhere took its place, or that one closed too) and the desk does
        not hold it: its file is what Continue resumes."""
        if own(self.app.table):
            self._read = False
            return
        if self._read or self.saved:
            return
        self._read = True
        if session.match_file(self.app) is not None:
            match = session.load_saved(self.app)
            if match is not None:
                self.saved.append(match)

    def live(self) -> TableScene | None:
        """The App's table while its match goes on (a table hosted elsewhere too)."""
        table = self.app.table
        if table is not None and not table.finished and (
                not table.match.is_over or table.unseen()):
            return table        # (a match that ended out of sight still has its end to show)
        return None

    def mine(self) -> Match | None:
        """This copy's match in progress, the one a new match replaces: the one on its
        table, or the one saved (never a seat at a table hosted elsewhere)."""
        self.follow()
        table = self.live()
        if own(table):
            return table.match
        return self.saved[-1] if self.saved else None

    def go(self, config: dict) -> None:
        """Start the match of ``config``; the saved match is forgotten once its table is
        open, the moment before the new match is saved in its place. A table that does not
        open (:func:`open_match`) leaves the saved match as it was: in its file, and on
        Continue."""
        match = open_match(self.app, config, kept=self.mine() is not None)
        if match is None:
            return
        self.saved.clear()
        session.forget_saved(self.app)
        show_match(self.app, match, config)
        self._read = False

    def start(self, config: dict) -> None:
        """The App's ``on_start_match``: start now, or ask first when a match would be lost."""
        app = self.app
        if lesson_offered(app, config, lambda: self.start(config)):
            return
        match = self.mine()
        if match is None and session.saved_unreadable(app):
            app.open("confirm", N_("Start a new match?"),
                     N_("The saved match could not be read; the new match will "
                        "be saved in its place."), N_("Start new match"),
                     lambda: self.go(config), no=N_("Cancel"))
            return
        if match is None:
            self.go(config)
            return
        game = of_game(registry.get(match.game_id).name)
        # friends at the table are sent away with it: say so before it happens
        detail = Msg("Your match of {of_game} in progress will be replaced, and the friends "
                     "at your table will be told it has closed.", of_game=game) \
            if netplay.friends_at(match) else \
            Msg("Your match of {of_game} in progress will be replaced and cannot be continued "
                "afterwards.", of_game=game)
        # a deal code of another game starts that game: the question names it; the daily
        # deal says it is the daily deal, of which day
        day = session.config_daily_date(config)
        if day is not None:
            question = Msg("Start today’s daily deal ({game}, {date})?",
                           game=Msg(registry.get(config["game"]).name), date=day)
        elif config.get("game") == match.game_id:
            question = N_("Start a new match?")
        else:
            question = Msg("Start a match of {of_game}?",
                           of_game=of_game(registry.get(config["game"]).name))
        app.open("confirm", question, detail, N_("Start new match"),
                 lambda: self.go(config), no=N_("Keep my match"))

    def resume(self) -> None:
        """The App's ``on_continue_match``: back to the table, or the saved match onto it."""
        app = self.app
        self.follow()
        table = self.live()
        if table is None and self.saved:
            match = self.saved.pop()
            hosted = netplay.remembered_table(app, match.game_id)
            if hosted is not None:      # it was open to the network: open it again
                match = netplay.resume_hosted(app, match, hosted) or match
            table = show_table(app, TableScene(match))
            session.attach(app, match)
            self._read = False
            return
        if table is not None and app.top is not table:
            app.push(table)

    def in_progress(self) -> bool:
        """The App's ``match_in_progress``: a match can be continued."""
        self.follow()
        return self.live() is not None or bool(self.saved)

    def game(self) -> str | None:
        """The App's ``match_game``: the game of the match in progress (the menu's Rules
        opens on it)."""
        self.follow()
        table = self.live()
        if table is not None:
            return table.match.game_id
        return self.saved[-1].game_id if self.saved else None


def install(app) -> MatchDesk:
    """Make the App start and continue matches on this table, saved in ``app.data_dir``."""
    desk = MatchDesk(app)
    app.on_start_match = desk.start
    app.on_continue_match = desk.resume
    app.match_in_progress = desk.in_progress
    app.match_game = desk.game
    return desk
