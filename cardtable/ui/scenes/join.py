"""Join a table: the tables open on this network (found by mDNS), or an address and port
typed by hand, the table code from the host's screen and the name to sit under.

Connecting and browsing happen on threads of their own; this screen looks at what arrived
each frame, and the window is woken when something does (a message, a table found or gone),
so it never waits on the network and sleeps while nothing comes. A seat's
token is kept (``netplay.keep_token``): joining the same address and port again sits the
player at their seat again, even after their program was closed.
"""

from __future__ import annotations

import logging

import pygame

from cardtable import i18n
from cardtable.engine import registry
from cardtable.engine.core import ConfigError, IllegalAction
from cardtable.i18n import N_, Msg
from cardtable.names import NAME_LENGTH, clean_name
from cardtable.net import client as netclient
from cardtable.net import inbound, protocol
from cardtable.net.client import NetClient
from cardtable.net.discovery import Browser
from cardtable.net.remote import RemoteMatch
from cardtable.ui import netplay, session, theme
from cardtable.ui.app import wake as app_wake
from cardtable.ui.scenes.common import FormScene
from cardtable.ui.scenes.table.launch import show_table
from cardtable.ui.scenes.table.scene import TableScene
from cardtable.ui.widgets import BUTTON_HEIGHT, Button, TextInput

log = logging.getLogger(__name__)

FIELDS = (("address", N_("Address")), ("port", N_("Port")), ("code", N_("Table code")),
          ("name", N_("Your name")))


#: the most characters of an announced table's name or game shown in the list
ANNOUNCED = 40

#: the sentences for the ways this copy itself ends a connection, where the network's
#: words (``netplay.WORDS``) have none
OWN_WORDS = {"bad_host": inbound.SENTENCE, "bad_certificate": netclient.CERTIFICATE}


class JoinScene(FormScene):
    title = N_("Join a table")
    subtitle = N_("A table open on this network, or the address and port the host gives you")

    def __init__(self, browse: bool = True) -> None:
        super().__init__()
        self.values = {"address": "", "port": str(protocol.DEFAULT_PORT), "code": "",
                       "name": netplay.remembered_name()}
        last = netplay.last_table()
        if last is not None:        # the seat kept there: coming back is one click away
            self.values["address"], self.values["port"] = last[0], str(last[1])
        # the list changing wakes the window (nothing looks at it on a timer)
        self.browser: Browser | None = Browser(on_change=app_wake) if browse else None
        self.client: NetClient | None = None
        self.used_token = False
        self.status: Msg | str | None = None
        self.status_bad = False
        self._seen = -1.0
        self._shown_tables: list = []

    # ---- life ----------------------------------------------------------------------------
    def on_enter(self) -> None:
        if self.browser is not None and not self.browser.started:
            self.browser.start()
        super().on_enter()

    def on_exit(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    # ---- the model --------------------------------------------------------------------------
    def set_value(self, key: str, text: str) -> None:
        self.values[key] = text

    def pick(self, found) -> None:
        """A table of the list: its address and port go into the fields."""
        self.values["address"] = found.address
        self.values["port"] = str(found.port)
        self.rebuild()
        code = self.widget("code")
        if code is not None:
            self.form.focus(code)

    def join(self) -> None:
        if self.client is not None:
            return
        address = self.values["address"].strip()
        if netclient.is_url(address):
            self._join_server(address)
            return
        host, colon, tail = address.rpartition(":")
        if colon and host and ":" not in host and tail.isascii() and tail.isdecimal() \
                and len(tail) <= 5:
            # "192.168.1.20:47650", as the host's screen shows it: the port goes to its field
            address = self.values["address"] = host
            self.values["port"] = tail
        try:
            port = int(self.values["port"].strip())
            if not 0 < port < 65536:
                raise ValueError
        except ValueError:
            self.say(N_("The port is a number from 1 to 65535."), bad=True)
            return
        if not address:
            self.say(N_("Type the host's address, or pick a table from the list."), bad=True)
            return
        if not netplay.valid_address(address):
            self.say(N_("That is not an address: four numbers from 0 to 255 with dots "
                        "(192.168.1.20), or the host computer's name."), bad=True)
            return
        name = clean_name(self.values["name"]) or "Player"
        token = netplay.token_for(address, port)
        code = self.values["code"]
        if not token and not protocol.normal_code(code):
            self.say(N_("Type the table code shown on the host's screen."), bad=True)
            return
        self._connect(address, port, name, code, token)

    def _join_server(self, typed: str) -> None:
        """A server typed by its URL (``wss://cards.example.org/t/``): its own port and
        path, the table code added where the path ends with ``/``; its certificate is
        verified by the system's trust store."""
        code = self.values["code"]
        url = netclient.server_url(typed, code)
        if url is None:
            self.say(N_("That is not a server's address: ws:// or wss://, the server's name, "
                        "and its path if it has one (wss://cards.example.org/t/)."), bad=True)
            return
        port = netclient.port_of(url)
        token = netplay.token_for(url, port)
        if not token and not protocol.normal_code(code):
            self.say(N_("Type the table code shown on the host's screen."), bad=True)
            return
        self._connect(url, port, clean_name(self.values["name"]) or "Player", code, token)

    def _connect(self, address, port, name, code, token) -> None:
        self.used_token = bool(token)
        self.client = NetClient(address, port, name=name, code=code, token=token,
                                on_message=app_wake)
        self.client.start()
        self.say(N_("Connecting…"))

    @staticmethod
    def words(code: str) -> Msg | str:
        """The one sentence for how a connection ended (``code``)."""
        if code not in netplay.WORDS and code in OWN_WORDS:
            return OWN_WORDS[code]
        return netplay.words(code)

    def say(self, text, bad: bool = False) -> None:
        self.status = text
        self.status_bad = bad

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.browser is not None and self.browser.changed_at != self._seen:
            self._seen = self.browser.changed_at
            tables = self.browser.tables()
            if tables != self._shown_tables:
                self._shown_tables = tables
                self.rebuild()
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
                client.close()
                self.client = None
                code = message["code"]
                if code == "bad_token" and self.used_token and \
                        protocol.normal_code(self.values["code"]):
                    netplay.forget_token(client.address, client.port)
                    self._connect(client.address, client.port, client.hello["name"],
                                  self.values["code"], None)
                    return
                self.say(self.words(code), bad=True)
                return

    def _seated(self, client: NetClient, welcome: dict) -> None:
        self.client = None
        try:
            registry.get(welcome["game"])
            match = RemoteMatch(client, welcome)
        except (ConfigError, IllegalAction, KeyError, TypeError, ValueError, AttributeError,
                IndexError):    # the host's welcome: another copy's data, another version
            log.warning("the host's welcome is not a match this copy can show", exc_info=True)
            client.close()
            self.say(netplay.words("version"), bad=True)
            return
        netplay.keep_token(client.address, client.port, match.token,
                           name=client.hello["name"])
        app = self.app
        # each deal that ends goes into the recent matches, to review later from the menu
        match.on_change = lambda m: session.keep_deals(app, m, daily=False)
        show_table(app, TableScene(match))

    # ---- layout ------------------------------------------------------------------------------
    def layout(self) -> None:
        w, h = self.size
        top = self.heading_bottom() + theme.px(16)
        margin = theme.px(32)
        gap = theme.px(24)
        col = (w - 2 * margin - gap) // 2
        self.list_rect = pygame.Rect(margin, top, col, h - top - theme.px(110))
        self.form_rect = pygame.Rect(margin + col + gap, top, col, self.list_rect.height)
        pad = theme.px(18)
        bh = theme.px(BUTTON_HEIGHT)
        y = self.list_rect.top + pad + theme.px(34)
        for i, found in enumerate(self._shown_tables[:6]):
            # what another computer announced, as a seat's name may be shown (short,
            # printable): a game this copy lacks by its id, the host's name as their plate
            # shows it once seated ("Host" by default)
            game = registry.get(found.game).name if found.game in registry.ids() else \
                clean_name(found.game, ANNOUNCED) or "?"
            name = i18n.tr(i18n.seat_name(netplay.table_label(
                clean_name(found.name, ANNOUNCED))))
            label = f"{name} · {i18n.tr(game)} · {found.address}:{found.port}"
            b = Button(label, lambda f=found: self.pick(f), style="normal",
                       size=theme.SMALL + 1)
            b.rect = pygame.Rect(self.list_rect.left + pad, y,
                                 self.list_rect.width - 2 * pad, bh)
            self.add(b, f"table{i}")
            y += bh + theme.px(8)
        label_w = max(theme.text_size(i18n.tr(text), theme.px(theme.BODY))[0]
                      for _, text in FIELDS) + theme.px(16)
        y = self.form_rect.top + pad + theme.px(34)
        self.label_rows = []
        for key, text in FIELDS:
            limit = {"address": netclient.URL_LENGTH, "port": 5, "code": 16,
                     "name": NAME_LENGTH}[key]
            hint = {"address": "192.168.1.20", "port": str(protocol.DEFAULT_PORT),
                    "code": "K7QFM-2XHPT", "name": N_("Player")}[key]
            field = TextInput(self.values[key], on_change=lambda v, k=key: self.set_value(k, v),
                              max_length=limit, hint=hint)
            field.rect = pygame.Rect(self.form_rect.left + pad + label_w, y,
                                     self.form_rect.width - 2 * pad - label_w, bh)
            self.add(field, key)
            self.label_rows.append((text, field.rect))
            y += bh + theme.px(12)
        self.status_y = y + theme.px(6)
        self.back_button()
        join = Button(N_("Join"), self.join, style="primary")
        join.rect = pygame.Rect(0, 0, max(theme.px(200), join.preferred_width()), bh)
        join.rect.bottomright = (w - margin, h - theme.px(28))
        self.add(join, "Join")

    def initial_focus(self):
        return self.widget("code" if self.values["address"] else "address")

    def draw_content(self, surface: pygame.Surface) -> None:
        super().draw_content(surface)
        pad = theme.px(18)
        small = theme.px(theme.SMALL)
        for rect, head in ((self.list_rect, N_("TABLES ON THIS NETWORK")),
                           (self.form_rect, N_("BY ADDRESS"))):
            theme.panel(surface, rect)
            theme.draw_text(surface, head, (rect.left + pad, rect.top + pad), small,
                            theme.ACCENT_LIGHT, bold=True)
        if not self._shown_tables:
            text = N_("No table found yet. A network may hide them: type the address.")
            lines = theme.wrap(i18n.tr(text), theme.font(theme.px(theme.BODY - 1)),
                               self.list_rect.width - 2 * pad)
            y = self.list_rect.top + pad + theme.px(40)
            for line in lines:
                theme.draw_text(surface, line, (self.list_rect.left + pad, y),
                                theme.px(theme.BODY - 1), theme.TEXT_DIM, shadow=False)
                y += theme.line_height(theme.px(theme.BODY - 1))
        size = theme.px(theme.BODY)
        for text, rect in self.label_rows:
            theme.draw_text(surface, text, (self.form_rect.left + pad, rect.centery), size,
                            theme.TEXT, anchor="midleft", shadow=False)
        if self.status:
            colour = theme.BAD if self.status_bad else theme.TEXT_DIM
            lines = theme.wrap(i18n.tr(self.status), theme.font(size),
                               self.form_rect.width - 2 * pad)
            y = self.status_y
            for line in lines[:3]:
                theme.draw_text(surface, line, (self.form_rect.left + pad, y), size, colour,
                                shadow=False)
                y += theme.line_height(size)
