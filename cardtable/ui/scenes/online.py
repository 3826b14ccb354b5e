"""Play online: a table at the table server named in Settings, for friends anywhere.

Create a table: the game's setup screen opens with its people's seats as friends' (the
first one this player's); its Start makes the table at the server (``net.online``), and
this screen shows the table's code to give the friends, then goes to the table. Join a
table: the code a friend gave, and the name to sit under. Either way the table is played as
a friend's copy of a table hosted elsewhere (a ``RemoteMatch``), as after Join a table.

No server is assumed to exist: with none set in Settings (or one that is no address) the
screen says what a table server is and where to set one. Connecting happens on the
connection's own thread; the screen looks at what arrived each frame, so it never waits on
the network. A seat's token is kept (``online.keep_token``): joining the same table again
sits the player at their seat again, even after their program was closed.
"""

from __future__ import annotations

import logging

import pygame

from cardtable import i18n
from cardtable.engine import registry
from cardtable.engine.core import ConfigError, IllegalAction
from cardtable.i18n import N_, Msg
from cardtable.names import NAME_LENGTH, clean_name
from cardtable.net import online, protocol
from cardtable.net.online import ServerClient, Where
from cardtable.net.remote import RemoteMatch
from cardtable.ui import netplay, session, theme
from cardtable.ui.app import wake as app_wake
from cardtable.ui.scenes.common import FormScene
from cardtable.ui.scenes.table.scene import TableScene
from cardtable.ui.scenes.table.showing import show_table
from cardtable.ui.widgets import BUTTON_HEIGHT, Button, Choice, TextInput

log = logging.getLogger(__name__)

#: what a player is told for each way a table at a server cannot be made or joined (the
#: others are worded as at a host's table: ``netplay.words``)
WORDS = {
    "wrong_code": N_("No table at this server has that code: check it with the friend who "
                     "made the table."),
    "unreachable": N_("The table server does not answer: check its address in Settings."),
    "host_gone": N_("The connection to the table server was lost."),
    "host_left": N_("The table server closed the table."),
    "server_full": N_("The table server holds as many tables as it can: try again later."),
    "too_many": N_("Too many attempts came from this computer: wait a minute, then try "
                   "again."),
    "slow_down": N_("Too many attempts came from this computer: wait a minute, then try "
                    "again."),
    "bad_table": N_("The table server cannot make that table: it may run another version."),
    "bad_code": N_("The table server cannot make that table: it may run another version."),
    "version": N_("The table server runs another version of the program: both need the "
                  "same version."),
    "code_taken": N_("The table server could not give the table a code: try again."),
}
#: how many new codes a creation tries when its code is taken already
CODE_TRIES = 3
#: the longest text the code field takes: a friend's line pasted whole is read for its
#: code (``online.code_in``), not cut before it
CODE_FIELD = 200


def words(code: str) -> str:
    """The one sentence said for a refusal or an end (``code``)."""
    return WORDS.get(code) or netplay.words(code)


class OnlineScene(FormScene):
    title = N_("Play online")

    def __init__(self) -> None:
        super().__init__()
        self.game: str | None = None
        self.values = {"code": "", "name": online.kept_name() or netplay.remembered_name()}
        self.client: ServerClient | None = None
        self.used_token = False
        self.tries = 0
        self.setup_config: dict | None = None
        #: the table just made, not shown yet, and its code: the code is given to friends
        self.created: tuple[RemoteMatch, str] | None = None
        self.status: Msg | str | None = None
        self.status_bad = False

    # ---- the model -------------------------------------------------------------------------
    @property
    def where(self) -> Where | None:
        """The server named in Settings (None: none, or no address)."""
        settings = self.app.settings if self.app is not None else {}
        return online.server_address(settings.get("server_address") or "")

    @property
    def subtitle(self) -> Msg | str:
        where = self.where
        if where is None:
            return N_("Friends anywhere, at a table server")
        return Msg("At the table server {server}", server=where.key())

    def games(self) -> list[tuple[str, str]]:
        return [(g, registry.get(g).name) for g in registry.ids()]

    def chosen_game(self) -> str:
        """The game to set up: the one chosen here, else the one set up last."""
        ids = registry.ids()
        if self.game in ids:
            return self.game
        last = self.app.settings.get("last_setup") if self.app is not None else None
        recent = [g for g in (last or {}) if g in ids]
        return recent[-1] if recent else ids[0]

    def set_game(self, game_id: str) -> None:
        self.game = game_id

    def set_value(self, key: str, text: str) -> None:
        self.values[key] = text

    def say(self, text: Msg | str | None, bad: bool = False) -> None:
        self.status = text
        self.status_bad = bad

    def open_settings(self) -> None:
        self.app.open("settings")

    # ---- creating a table ------------------------------------------------------------------
    def set_up(self) -> None:
        """The chosen game's setup screen, its people's seats friends' (the first one this
        player's): its Start makes the table at the server."""
        if self.client is not None or self.where is None:
            return
        setup = self.app.open("setup", self.chosen_game(), on_start=self.create_from)
        setup.set_network(True)

    def create_from(self, config: dict) -> None:
        """The setup's Start: back here, and the table made at the server. (A setup made
        for a server offers no deal code: at a table online it would tell the one who typed
        it everybody's cards.)"""
        if self.app.top is not self:
            self.app.pop()
        self.create(config)

    def create(self, config: dict) -> None:
        """Make a table of the setup's ``config`` at the server, this player at it."""
        where = self.where
        if where is None or self.client is not None:
            return
        self.setup_config = config
        self.tries += 1
        name = clean_name(self.values["name"]) or "Player"
        self.client = online.create_client(where, config, name, on_message=app_wake)
        self.client.start()
        self.say(N_("Making the table…"))

    # ---- joining a table ------------------------------------------------------------------
    def join(self) -> None:
        where = self.where
        if where is None or self.client is not None:
            return
        # the code found in a line pasted whole ("the code is H6FLY-CPAF9 thanks")
        code = online.typed_code(self.values["code"])
        if not online.valid_code(code):
            self.say(N_("Type the table's code as your friend gave it (letters and digits)."),
                     bad=True)
            return
        token = online.token_for(where, code)
        self._connect(where, code, token)

    def _connect(self, where: Where, code: str, token: str | None) -> None:
        self.used_token = bool(token)
        name = clean_name(self.values["name"]) or "Player"
        self.client = online.join_client(where, code, name, token=token, on_message=app_wake)
        self.client.start()
        self.say(N_("Connecting…"))

    def come_back(self, code: str, why: str) -> None:
        """Opened as this player's table at the server ended where it may come back
        (``why``, the connection lost): the code filled in, saying what happened and
        that Join sits them at their seat again."""
        self.values["code"] = online.shown_code(protocol.normal_code(code))
        self.say(Msg("{why} When the server answers again, Join sits you at your seat "
                     "again.", why=words(why)), bad=True)
        if self.app is not None:
            self.rebuild()

    # ---- what arrived ---------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        client = self.client
        if client is None:
            return
        # a welcome ends what this screen reads: the match it makes reads the rest
        for message in client.take(until=("welcome",)):
            kind = message["type"]
            if kind == "welcome":
                self._seated(client, message)
                return
            if kind in ("refused", "closed"):
                self._refused(client, message["code"])
                return

    def _refused(self, client: ServerClient, code: str) -> None:
        client.close()
        self.client = None
        where = client.where
        if code == "code_taken" and client.creating and self.setup_config is not None \
                and self.tries < CODE_TRIES:
            self.create(self.setup_config)      # another code, made anew
            return
        if code == "bad_token" and self.used_token:
            online.keep_token(where, client.code, None)   # the seat is gone: join anew
            self._connect(where, client.code, None)
            return
        self.tries = 0
        self.say(words(code), bad=True)

    def _seated(self, client: ServerClient, welcome: dict) -> None:
        self.client = None
        self.tries = 0
        try:
            registry.get(welcome["game"])
            match = RemoteMatch(client, welcome)
        except (ConfigError, IllegalAction, KeyError, TypeError, ValueError, AttributeError,
                IndexError):    # the server's welcome: another version's data
            log.warning("the table server's welcome is not a match this copy can show",
                        exc_info=True)
            client.close()
            self.say(words("version"), bad=True)
            return
        online.keep_token(client.where, client.code, match.token, name=client.hello["name"])
        app = self.app
        # each deal that ends goes into the recent matches, to review later from the menu
        match.on_change = lambda m: session.keep_deals(app, m, daily=False)
        if client.creating:
            self.created = (match, client.code)
            self.say(None)
            self.rebuild()
            return
        show_table(app, TableScene(match))

    def go_to_table(self) -> None:
        """To the table just made (its code given to the friends)."""
        if self.created is None:
            return
        match, _code = self.created
        self.created = None
        show_table(self.app, TableScene(match))

    def copy_code(self) -> None:
        if self.created is None:
            return
        code = online.shown_code(self.created[1])
        try:
            pygame.scrap.put_text(code)
        except (pygame.error, AttributeError):
            self.app.toast(Msg("The code could not be copied: this system gives no "
                               "clipboard."), kind="bad")
            return
        self.app.toast(Msg("Copied: {code}", code=code), kind="good")

    def on_exit(self) -> None:
        """Leaving the screen leaves a table made but not gone to, and a connection under
        way."""
        if self.created is not None:
            self.created[0].close()
            self.created = None
        if self.client is not None:
            self.client.close()
            self.client = None

    # ---- layout -------------------------------------------------------------------------------
    def layout(self) -> None:
        w, h = self.size
        top = self.heading_bottom() + theme.px(16)
        margin = theme.px(32)
        bh = theme.px(BUTTON_HEIGHT)
        pad = theme.px(18)
        self.back_button()
        self.panels: list[tuple[pygame.Rect, str]] = []
        self.texts: list[tuple[pygame.Rect, Msg | str, int]] = []
        self.label_rows: list[tuple[str, pygame.Rect]] = []
        if self.where is None:
            self._layout_no_server(w, top, margin, bh, pad)
        elif self.created is not None:
            self._layout_created(w, top, margin, bh, pad)
        else:
            self._layout_forms(w, h, top, margin, bh, pad)

    def _layout_no_server(self, w: int, top: int, margin: int, bh: int, pad: int) -> None:
        width = min(w - 2 * margin, theme.px(760))
        panel = pygame.Rect((w - width) // 2, top, width, theme.px(260))
        self.panels.append((panel, N_("NO TABLE SERVER YET")))
        typed = (self.app.settings.get("server_address") or "").strip()
        text = N_("The address of the table server in Settings is not one: a name or "
                  "numbers, and its port after a colon (cards.example.org:47651).") if typed \
            else N_("A table server lets friends anywhere play at one table, each on their "
                    "own computer. Anyone can run one (the README says how); type its "
                    "address in Settings.")
        body = pygame.Rect(panel.left + pad, panel.top + pad + theme.px(34),
                           panel.width - 2 * pad, panel.height - 2 * pad - bh - theme.px(40))
        self.texts.append((body, text, theme.px(theme.BODY)))
        settings = Button(N_("Settings"), self.open_settings, style="primary")
        settings.rect = pygame.Rect(0, 0, max(theme.px(200), settings.preferred_width()), bh)
        settings.rect.bottomright = (panel.right - pad, panel.bottom - pad)
        self.add(settings, "Settings")

    def _layout_created(self, w: int, top: int, margin: int, bh: int, pad: int) -> None:
        match, code = self.created or (None, "")
        width = min(w - 2 * margin, theme.px(760))
        panel = pygame.Rect((w - width) // 2, top, width, theme.px(330))
        self.panels.append((panel, N_("YOUR TABLE IS READY")))
        self.code_rect = pygame.Rect(panel.left, panel.top + theme.px(56), panel.width,
                                     theme.px(70))
        self.shown = online.shown_code(code)
        body = pygame.Rect(panel.left + pad, self.code_rect.bottom + theme.px(8),
                           panel.width - 2 * pad, theme.px(90))
        self.texts.append((body, N_("Give this code to your friends: they choose Play online, "
                                    "then type it under Join a table, with the same table "
                                    "server in their Settings."), theme.px(theme.BODY)))
        go = Button(N_("Go to the table"), self.go_to_table, style="primary")
        go.rect = pygame.Rect(0, 0, max(theme.px(220), go.preferred_width()), bh)
        go.rect.bottomright = (panel.right - pad, panel.bottom - pad)
        self.add(go, "Go to the table")
        copy = Button(N_("Copy the code"), self.copy_code, style="normal")
        copy.rect = pygame.Rect(0, 0, max(theme.px(180), copy.preferred_width()), bh)
        copy.rect.bottomright = (go.rect.left - theme.px(16), go.rect.bottom)
        self.add(copy, "Copy the code")

    def _layout_forms(self, w: int, h: int, top: int, margin: int, bh: int, pad: int) -> None:
        gap = theme.px(24)
        col = (w - 2 * margin - gap) // 2
        height = min(h - top - theme.px(150), theme.px(330))
        left = pygame.Rect(margin, top, col, height)
        right = pygame.Rect(margin + col + gap, top, col, height)
        self.panels += [(left, N_("MAKE A TABLE")), (right, N_("JOIN A TABLE"))]
        y = left.top + pad + theme.px(34)
        game = Choice(N_("Game"), self.games(), self.chosen_game(), self.set_game)
        game.rect = pygame.Rect(left.left + pad, y, left.width - 2 * pad,
                                game.needed_height(left.width - 2 * pad))
        self.add(game, "game")
        body = pygame.Rect(left.left + pad, game.rect.bottom + theme.px(10),
                           left.width - 2 * pad, theme.px(80))
        self.texts.append((body, N_("Choose who sits where: your friends' seats and the "
                                    "computers'. You get a code to give your friends."),
                           theme.px(theme.BODY - 1)))
        setup = Button(N_("Set up the table"), self.set_up, style="primary")
        setup.rect = pygame.Rect(0, 0, max(theme.px(220), setup.preferred_width()), bh)
        setup.rect.bottomright = (left.right - pad, left.bottom - pad)
        self.add(setup, "Set up the table")
        labels = ((N_("Table code"), "code"), (N_("Your name"), "name"))
        label_w = max(theme.text_size(i18n.tr(text), theme.px(theme.BODY))[0]
                      for text, _ in labels) + theme.px(16)
        y = right.top + pad + theme.px(34)
        for text, key in labels:
            limit = {"code": CODE_FIELD, "name": NAME_LENGTH}[key]
            hint = {"code": "K7QFM-2XHPT", "name": N_("Player")}[key]
            field = TextInput(self.values[key], on_change=lambda v, k=key: self.set_value(k, v),
                              max_length=limit, hint=hint, label=text)
            field.rect = pygame.Rect(right.left + pad + label_w, y,
                                     right.width - 2 * pad - label_w, bh)
            self.add(field, key)
            self.label_rows.append((text, field.rect))
            y += bh + theme.px(12)
        join = Button(N_("Join"), self.join, style="primary")
        join.rect = pygame.Rect(0, 0, max(theme.px(200), join.preferred_width()), bh)
        join.rect.bottomright = (right.right - pad, right.bottom - pad)
        self.add(join, "Join")
        self.status_rect = pygame.Rect(margin, left.bottom + theme.px(14), w - 2 * margin,
                                       theme.px(80))

    def initial_focus(self):
        if self.where is None:
            return self.widget("Settings")
        if self.created is not None:
            return self.widget("Go to the table")
        return self.widget("Set up the table")

    # ---- drawing ------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        super().draw_content(surface)
        pad = theme.px(18)
        small = theme.px(theme.SMALL)
        for rect, head in self.panels:
            theme.panel(surface, rect)
            theme.draw_text(surface, head, (rect.left + pad, rect.top + pad), small,
                            theme.ACCENT_LIGHT, bold=True)
        for rect, text, size in self.texts:
            self._paragraph(surface, text, rect, size, theme.TEXT_DIM)
        if self.created is not None:
            size = theme.fit_size(self.shown, theme.px(theme.TITLE + 8),
                                  self.code_rect.width - 2 * pad)
            theme.draw_text(surface, self.shown, self.code_rect.center, size, theme.TEXT,
                            bold=True, anchor="center")
        size = theme.px(theme.BODY)
        for text, rect in self.label_rows:
            theme.draw_text(surface, text, (rect.left - theme.px(8) - theme.text_size(
                i18n.tr(text), size)[0], rect.centery), size, theme.TEXT, anchor="midleft",
                shadow=False)
        if self.status and self.where is not None and self.created is None:
            colour = theme.BAD if self.status_bad else theme.TEXT_DIM
            self._paragraph(surface, self.status, self.status_rect, size, colour)

    @staticmethod
    def _paragraph(surface: pygame.Surface, text: Msg | str, rect: pygame.Rect, size: int,
                   colour) -> None:
        lines = theme.wrap(i18n.tr(text), theme.font(size), rect.width)
        y = rect.top
        step = theme.line_height(size)
        for line in lines[:max(1, rect.height // step)]:
            theme.draw_text(surface, line, (rect.left, y), size, colour, shadow=False)
            y += step
