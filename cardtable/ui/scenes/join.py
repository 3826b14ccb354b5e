"""Join a table: the tables open on this network (found by mDNS), or an address and port
typed by hand, the table code from the host's screen and the name to sit under.

Connecting and browsing happen on threads of their own; this screen looks at what arrived
each frame, and the window is woken when something does (a message, a table found or gone),
so it never waits on the network and sleeps while nothing comes. A seat's
token is kept with the table's code (``netplay.keep_token``): joining that table again
sits the player at their seat again, even after their program was closed; it is never
sent to another table at the same address and port. The code field finds the code in a
line pasted whole ("the code is H6FLY-CPAF9 thanks", :func:`online.code_in`).
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
from cardtable.net import inbound, online, protocol
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

#: the longest text the code field takes: a line pasted with the code among its words is
#: read whole, not cut before its code
CODE_FIELD = 200

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
        last = netplay.last_seat()
        if last is not None:        # the seat kept there: coming back is one click away
            self.values["address"], self.values["port"] = last[0], str(last[1])
            self.values["code"] = protocol.shown_code(last[2])
        # the list changing wakes the window (nothing looks at it on a timer)
        self.browser: Browser | None = Browser(on_change=app_wake) if browse else None
        self.client: NetClient | None = None
        self.used_token = False
        #: the table being joined as its seat is kept: address (as typed), port, code
        self.joining: tuple[str, int, str] = ("", 0, "")
        #: what Join will do, said under the form while nothing else is (see :meth:`renote`)
        self.note: Msg | str | None = None
        self.status: Msg | str | None = None
        self.status_bad = False
        self.status_field: str | None = None   # the field the status is about, if any
        self._seen = -1.0
        self._shown_tables: list = []
        self.renote()

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
        if self.status_field == key:     # what was wrong with this field is being mended
            self.say(None)
        self.renote()

    def pick(self, found) -> None:
        """A table of the list: its address and port go into the fields."""
        self.values["address"] = found.address
        self.values["port"] = str(found.port)
        if self.status_field in ("address", "port"):
            self.say(None)
        self.renote()
        self.rebuild()
        code = self.widget("code")
        if code is not None:
            self.form.focus(code)

    def typed_address(self) -> tuple[str, str]:
        """The address and the port as typed; an address typed with its port
        ("192.168.1.20:47650", as the host's screen shows it) gives its own port."""
        address = self.values["address"].strip()
        if netclient.is_url(address):
            return address, self.values["port"]
        host, colon, tail = address.rpartition(":")
        if colon and host and ":" not in host and tail.isascii() and tail.isdecimal() \
                and len(tail) <= 5:
            return host, tail
        return address, self.values["port"]

    def wanting(self) -> dict[str, Msg | str]:
        """What keeps the form from being sent: each field that is empty or wrong, in the
        form's order, with the sentence that says so (empty: the form can be sent). The
        name is never wanting: an empty one sits as "Player"."""
        address, port_text = self.typed_address()
        code = online.typed_code(self.values["code"])
        out: dict[str, Msg | str] = {}
        if netclient.is_url(address):
            # a server typed by its URL: its own port and path (the port field is not used)
            url = netclient.server_url(address, code)
            if url is None:
                out["address"] = N_("That is not a server's address: ws:// or wss://, the "
                                    "server's name, and its path if it has one "
                                    "(wss://cards.example.org/t/).")
        else:
            port = int(port_text.strip()) if port_text.strip().isascii() and \
                port_text.strip().isdecimal() else 0
            if not address:
                out["address"] = N_("Type the host's address, or pick a table from the list.")
            elif not netplay.valid_address(address):
                out["address"] = N_("That is not an address: four numbers from 0 to 255 with "
                                    "dots (192.168.1.20), or the host computer's name.")
            if not 0 < port < 65536:
                out["port"] = N_("The port is a number from 1 to 65535.")
        if (out or self.seat_kept() is None) and not protocol.normal_code(code):
            out["code"] = N_("Type the table code shown on the host's screen.")
        return out

    def place(self) -> tuple[str, int] | None:
        """The host's address (a server's URL as typed) and port the form names, or None
        while they are not one."""
        address, port_text = self.typed_address()
        if netclient.is_url(address):
            url = netclient.server_url(address, online.typed_code(self.values["code"]))
            return None if url is None else (address, netclient.port_of(url))
        port_text = port_text.strip()
        if not (address and netplay.valid_address(address) and port_text.isascii()
                and port_text.isdecimal() and len(port_text) <= 5
                and 0 < int(port_text) < 65536):
            return None
        return address, int(port_text)

    def seat_kept(self) -> tuple[str, str] | None:
        """The token and code of the seat kept for this player at the table the form
        names (its code typed: that table's only; none typed: the one kept last there),
        or None."""
        place = self.place()
        if place is None:
            return None
        return netplay.kept_seat(place[0], place[1], online.typed_code(self.values["code"]))

    def renote(self) -> None:
        """Say under the form what Join will do: sit this player at their kept seat
        again, or join with the code read in a line pasted whole."""
        text = self.values["code"]
        found = online.code_in(text)
        if self.seat_kept() is not None:
            self.note = N_("Your seat at this table is kept for you: Join sits you there "
                           "again.")
        elif found is not None and found != text.strip():
            self.note = Msg("Table code read: {code}",
                            code=protocol.shown_code(protocol.normal_code(found)))
        else:
            self.note = None

    def come_back(self, address: str, port: int, code: str, why: str) -> None:
        """Opened as a friend's table ended where its host may be back (``why``, the
        connection lost): the form filled in with that table (as its seat was kept, a
        server's URL as it was typed), saying what happened and what Join will do."""
        code = protocol.normal_code(code)
        kept = netplay.last_seat()
        if kept is not None and kept[1] == port and kept[2] == code:
            address = kept[0]           # the table as it was typed (a URL without its code)
        self.values.update(address=address, port=str(port),
                           code=protocol.shown_code(code) if code else "")
        self.renote()
        self.say(Msg("{why} When the host is back, Join sits you at your seat again.",
                     why=self.words(why)), bad=True)
        if self.app is not None:
            self.rebuild()
            self.form.focus(self.widget("Join"))

    def submit(self, key: str) -> None:
        """Enter in the field ``key``: join when nothing is wanting, else go to the next
        field that is (after this one, round the form), saying what is wrong with it when
        something is typed there; on this very field, say what is wrong. Never the Back
        button: Enter in a field does not leave the screen."""
        wanting = self.wanting()
        if not wanting:
            self.join()
            return
        keys = [k for k, _ in FIELDS]
        at = keys.index(key)
        target = next(k for k in keys[at + 1:] + keys[:at + 1] if k in wanting)
        if target == key or self.values[target].strip():
            self.say(wanting[target], bad=True, field=target)
        widget = self.widget(target)
        if widget is not None and target != key:
            self.form.focus(widget)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and not getattr(event, "mod", 0) & pygame.KMOD_ALT:
            focused = self.form.focused
            if focused is not None and focused.name in self.values and \
                    isinstance(focused, TextInput):
                self.form.keyboard = True
                self.submit(focused.name)
                return True
        return super().handle_event(event)

    def join(self) -> None:
        if self.client is not None:
            return
        wanting = self.wanting()
        if wanting:
            # the port's trouble first: an address may be right once its port is
            key = "port" if "port" in wanting else next(iter(wanting))
            self.say(wanting[key], bad=True, field=key)
            return
        address, port_text = self.typed_address()
        code = online.typed_code(self.values["code"])
        seat = self.seat_kept()
        token = None if seat is None else seat[0]
        if seat is not None and not protocol.normal_code(code):
            code = seat[1]              # back to the seat kept: its table's code
        name = clean_name(self.values["name"]) or "Player"
        if netclient.is_url(address):
            # its certificate is verified by the system's trust store
            url = netclient.server_url(address, code)
            port = netclient.port_of(url)
            self.joining = (address, port, protocol.normal_code(code))
            self._connect(url, port, name, code, token)
            return
        # "192.168.1.20:47650" typed whole: the port goes to its field
        self.values["address"], self.values["port"] = address, port_text
        port = int(port_text.strip())
        self.joining = (address, port, protocol.normal_code(code))
        self._connect(address, port, name, code, token)

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

    def say(self, text, bad: bool = False, field: str | None = None) -> None:
        """Show ``text`` under the form (None: nothing); ``field``: the field it is about,
        whose next edit takes it away."""
        self.status = text
        self.status_bad = bad
        self.status_field = field

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
                place, port, table = self.joining
                if code == "bad_token" and self.used_token:
                    # the seat is gone: forgotten, and the table joined anew by its code
                    netplay.forget_token(place, port, code=table)
                    if table:
                        self._connect(client.address, client.port, client.hello["name"],
                                      client.hello["code"], None)
                        return
                self.renote()
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
        place, port, table = self.joining
        netplay.keep_token(place, port, match.token, name=client.hello["name"], code=table)
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
            limit = {"address": netclient.URL_LENGTH, "port": 5, "code": CODE_FIELD,
                     "name": NAME_LENGTH}[key]
            hint = {"address": "192.168.1.20", "port": str(protocol.DEFAULT_PORT),
                    "code": "K7QFM-2XHPT", "name": N_("Player")}[key]
            field = TextInput(self.values[key], on_change=lambda v, k=key: self.set_value(k, v),
                              max_length=limit, hint=hint, label=text)
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
        status = self.status or self.note
        if status:
            colour = theme.BAD if self.status_bad and self.status else theme.TEXT_DIM
            lines = theme.wrap(i18n.tr(status), theme.font(size),
                               self.form_rect.width - 2 * pad)
            y = self.status_y
            for line in lines[:3]:
                theme.draw_text(surface, line, (self.form_rect.left + pad, y), size, colour,
                                shadow=False)
                y += theme.line_height(size)
