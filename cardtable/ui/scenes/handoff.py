"""The hand-over screen of pass-and-play: it covers the whole table between two people.

The table pushes ``HandoffScene(table, seat)`` when the next person to act is not the one
whose hand was shown last (see ``TableScene``). It names who plays next and shows only what
everybody at the table may know: the scores, the trick on the table or the last one, the
last few lines of the log (which, with several people at the table, are public), and what
the game's table says a player needs before looking at their hand (its ``handoff_facts``:
a last turn after somebody went out, the trumps...) and what other cards all have seen (its
``handoff_cards``: a last discard...). The game's table reads them from the engine's view
under the public keys it names (``PUBLIC_KEYS``), which are all it is given: never a hand.
Every hand on the table underneath is face down and has forgotten its cards; "Show my
hand" asks the table to show that person's hand and closes the screen.

Input is ignored for a moment after the screen appears, so a click or key meant for the
table by the previous player never shows the next player's hand by accident.
"""

from __future__ import annotations

import pygame

from cardtable import i18n
from cardtable.i18n import N_, Msg
from cardtable.ui import cardart, theme
from cardtable.ui.narrator import sentences
from cardtable.ui.scene import Scene
from cardtable.ui.scenes.table.logline import entry_rows
from cardtable.ui.tables import card_words, cards_words
from cardtable.ui.widgets import BUTTON_HEIGHT, Button, Form

SUITS = "SHDC"  # a meld's card of one of these is drawn with its suit's symbol

GUARD = 0.45   # seconds during which input is ignored


#: the heading of the panel of public facts (a last turn, the trumps, totals and melds)
FACTS = N_("Where the game stands")


class HandoffScene(Scene):
    overlay = False   # the table underneath is never drawn while this is up

    def __init__(self, table, seat: int) -> None:
        super().__init__()
        self.table = table
        self.seat = seat
        self.age = 0.0
        self.form = Form(on_cancel=self.menu)
        self.form.keyboard = False

    @property
    def name(self) -> str:
        return self.table.match.seats[self.seat].name

    # ---- actions ----------------------------------------------------------------------
    def show_hand(self) -> None:
        if self.age < GUARD:
            return
        if self.app is not None and self.app.top is self:
            self.app.pop()
        self.table.reveal_for(self.seat)

    def menu(self) -> None:
        if self.age < GUARD or self.app is None:
            return
        self.table.waiting = False
        self.app.reset(self.app.build("menu"))

    # ---- public facts ------------------------------------------------------------------
    def public_view(self) -> dict:
        """The public part of the engine's view (the keys the game's table names in its
        ``PUBLIC_KEYS``), nothing else."""
        view = self.table.match.view(self.seat)
        return {k: view[k] for k in self.table.game.PUBLIC_KEYS if k in view}

    def facts(self) -> list[tuple[Msg | str, bool, list[list[str]]]]:
        """(line, stands out, melds) of what the next player needs to know before looking,
        in the game's table's words (its ``handoff_facts`` of :meth:`public_view`): a last
        turn, the trumps, each player's total with the melds they laid (drawn as small
        cards after the line)."""
        return self.table.game.handoff_facts(self.public_view())

    def spoken_heading(self) -> str:
        name = i18n.seat_name(self.name)
        return sentences([i18n.tr(Msg("Pass to {name}", name=name)),
                          i18n.tr(Msg("{name} plays next. Everyone else, please look away.",
                                      name=name))] + [i18n.tr(FACTS)] * bool(self.facts()) + [
            i18n.tr(f) + "".join(" " + i18n.tr(cards_words(m)) + "." for m in melds)
            for f, _, melds in self.facts()])

    def recent(self) -> list[str]:
        return list(self.table.log)[-5:]

    # ---- layout ---------------------------------------------------------------------
    def on_enter(self) -> None:
        self.layout()

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout()

    def layout(self) -> None:
        self.form.clear()
        w, h = self.size
        show = Button("Show my hand", self.show_hand, style="primary", size=theme.SUBHEADING - 2)
        show.rect = pygame.Rect(0, 0, max(theme.px(260), show.preferred_width()),
                                theme.px(BUTTON_HEIGHT + 8))
        show.rect.midbottom = (w // 2, h - theme.px(40))
        show.name = "Show my hand"
        menu = Button("Menu", self.menu, style="quiet", size=theme.SMALL + 1)
        menu.rect = pygame.Rect(theme.px(14), theme.px(12), theme.px(92), theme.px(34))
        menu.name = "Menu"
        self.form.add(menu)
        self.form.add(show)
        self.form.focus(show)

    def widget(self, name: str):
        return next((w for w in self.form.widgets if w.name == name), None)

    # ---- frame ------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.age < GUARD:
            return True
        self.form.handle_event(event)
        return True

    def update(self, dt: float) -> None:
        self.age += dt
        self.form.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        felt = self.app.settings.get("felt", "green") if self.app is not None else "green"
        theme.backdrop(surface, felt)
        w, h = surface.get_size()
        table = self.table
        colour = table.seat_colour(self.seat)
        y = theme.px(60)
        name = i18n.seat_name(self.name)
        y = self._draw_title(surface, Msg("Pass to {name}", name=name), colour, y)
        y += theme.px(10)
        size = theme.px(theme.BODY)
        for line in theme.wrap(Msg("{name} plays next. Everyone else, please look away.",
                                   name=name), theme.font(size), w - theme.px(80)):
            theme.draw_text(surface, line, (w // 2, y), size, theme.ACCENT_LIGHT,
                            anchor="midtop")
            y += theme.line_height(size)
        top = y + theme.px(26)
        bottom = h - theme.px(40) - theme.px(BUTTON_HEIGHT + 8) - theme.px(24)
        gap = theme.px(24)
        side_w = min(theme.px(300), (w - 4 * gap) // 3)
        left = pygame.Rect(gap, top, side_w, bottom - top)
        right = pygame.Rect(w - gap - side_w, top, side_w, bottom - top)
        middle = pygame.Rect(left.right + gap, top, right.left - left.right - 2 * gap,
                             bottom - top)
        facts_bottom = self._draw_facts(surface, pygame.Rect(gap, top, w - 2 * gap,
                                                             bottom - top))
        if facts_bottom > top:          # the three columns go below the facts
            top = facts_bottom + theme.px(14)
            left.height = right.height = middle.height = max(theme.px(60), bottom - top)
            left.top = right.top = middle.top = top
        self._draw_log(surface, left)
        self._draw_scores(surface, right)
        self._draw_cards(surface, middle)
        self.form.draw(surface)

    def _draw_title(self, surface, title, colour, y: int) -> int:
        """The title with the next player's colour as a dot before it, the two centred
        together, the dot level with the middle of the capitals; returns the y below."""
        w = surface.get_width()
        radius = theme.px(12)
        gap = theme.px(14)
        room = w - theme.px(80) - 2 * radius - gap
        size = theme.fit_size(title, theme.px(theme.TITLE - 8), room, bold=True)
        text = theme.ellipsize(title, size, room, bold=True)
        tw = theme.text_size(text, size, bold=True)[0]
        left = w // 2 - (2 * radius + gap + tw) // 2
        rect = theme.draw_text(surface, text, (left + 2 * radius + gap, y), size, theme.TEXT,
                               bold=True, anchor="topleft")
        pygame.draw.circle(surface, colour,
                           (left + radius, rect.top + theme.cap_middle(size, bold=True)), radius)
        return rect.bottom

    def _draw_facts(self, surface, rect: pygame.Rect) -> int:
        """The public facts (:meth:`facts`) in a panel across the top of ``rect``, one a
        line, melds as small cards after their line; returns the panel's bottom
        (``rect.top`` when there is nothing to say)."""
        facts = self.facts()
        if not facts:
            return rect.top
        size = theme.px(theme.SMALL + 1)
        step = theme.line_height(size, True) + theme.px(4)
        head = max(theme.px(46), theme.px(20) + theme.line_height(size, True))
        # never more than half the room: the scores, the log and the cards come below
        most = max(1, (rect.height // 2 - head - theme.px(10)) // step)
        facts = facts[:most]
        box = pygame.Rect(rect.left, rect.top, rect.width,
                          head + theme.px(10) + step * len(facts))
        theme.panel(surface, box, alpha=150, shadow=False)
        y = self._heading(surface, box, FACTS)     # titled as the panels below it are
        for text, strong, melds in facts:
            room = box.width - theme.px(40)
            shown = theme.ellipsize(text, size, room, bold=strong)
            r = theme.draw_text(surface, shown, (box.left + theme.px(16), y), size,
                                theme.ACCENT_LIGHT if strong else theme.TEXT, bold=strong,
                                shadow=False)
            x = r.right + theme.px(10)
            for meld in melds:
                x = self._draw_meld(surface, meld, x, r.centery, size, box.right - theme.px(16))
                x += theme.px(12)
            y += step
        return box.bottom

    def _draw_meld(self, surface, meld: list[str], x: int, mid: int, size: int,
                   right: int) -> int:
        """One meld as small tags ("7" and a heart), left to right from ``x``; returns the
        x after it (tags that would pass ``right`` are left out)."""
        art = self.table.art
        for code in meld:
            if code == "JK" or art is None or code[1:] not in SUITS:
                label, sym, colour = i18n.tr(Msg("joker")) if code == "JK" else code, None, \
                    theme.TEXT_DARK
            else:
                label = cardart.rank_label(code[0], cardart.court_letters())
                sym = art.suit_symbol(code[1], int(size * 0.8), None)
                colour = art.suit_colour(code[1])
            tw, th = theme.text_size(label, size, True)
            width = tw + (sym.get_width() + theme.px(3) if sym else 0) + theme.px(12)
            if x + width > right:
                break
            tag = pygame.Rect(x, mid - (th + theme.px(4)) // 2, width, th + theme.px(4))
            theme.rounded(surface, tag, (252, 248, 236, 240), tag.height // 2)
            theme.draw_text(surface, label, (x + theme.px(6), tag.centery), size, colour,
                            bold=True, anchor="midleft", shadow=False)
            if sym:
                surface.blit(sym, sym.get_rect(midleft=(x + theme.px(6) + tw + theme.px(2),
                                                        tag.centery)))
            x = tag.right + theme.px(4)
        return x

    def _heading(self, surface, rect: pygame.Rect, text: str) -> int:
        size = theme.px(theme.SMALL + 1)
        room = rect.width - theme.px(32)
        size = theme.fit_size(text, size, room, bold=True)
        theme.draw_text(surface, theme.ellipsize(text, size, room, bold=True),
                        (rect.left + theme.px(16), rect.top + theme.px(14)), size,
                        theme.ACCENT_LIGHT, bold=True)
        return rect.top + max(theme.px(46), theme.px(20) + theme.line_height(size, True))

    def _draw_log(self, surface, rect: pygame.Rect) -> None:
        lines = self.recent()
        if not lines:
            return
        size = theme.px(theme.SMALL)
        # wrapped as the table's log is, a word too wide for a row (a long name) shortened
        rows = [(part, j > 0) for line in lines
                for j, part in enumerate(entry_rows(line, size, rect.width - theme.px(44)))]
        step = max(int(size * 1.45), theme.line_height(size))
        head = max(theme.px(46), theme.px(20) + theme.line_height(theme.px(theme.SMALL + 1),
                                                                   True))
        room = max(1, (rect.height - head - theme.px(14)) // step)
        rows = theme.last_whole_rows(rows, room)     # never the tail of an entry alone
        rect = pygame.Rect(rect.left, rect.top, rect.width,
                           min(rect.height, head + theme.px(14) + step * len(rows)))
        theme.panel(surface, rect, alpha=150, shadow=False)
        y = self._heading(surface, rect, N_("Last moves"))
        for part, more in rows:
            theme.draw_text(surface, part, (rect.left + theme.px(28 if more else 16), y), size,
                            theme.TEXT, shadow=False)
            y += step

    def _draw_scores(self, surface, rect: pygame.Rect) -> None:
        lines = list(self.table.game.score_lines())    # none for a game without a panel
        if not lines:
            return
        size = theme.px(theme.SMALL)
        step = max(int(size * 1.6), theme.line_height(size))
        head = max(theme.px(46), theme.px(20) + theme.line_height(theme.px(theme.SMALL + 1),
                                                                   True))
        rect = pygame.Rect(rect.left, rect.top, rect.width,
                           min(rect.height, head + theme.px(14) + step * len(lines)))
        theme.panel(surface, rect, alpha=150, shadow=False)
        # named as the table's score panel names it ("Daily deal · <date>" at the daily deal)
        y = self._heading(surface, rect, i18n.tr(self.table.panel_title()))
        for label, value, colour in lines:
            x = rect.left + theme.px(16)
            if colour is not None:
                pygame.draw.circle(surface, colour,
                                   (x + theme.px(5), y + theme.cap_middle(size)), theme.px(5))
                x += theme.px(16)
            value_w = theme.text_size(value, size, bold=True)[0]
            room = rect.right - theme.px(16) - value_w - theme.px(12) - x
            theme.draw_text(surface, theme.ellipsize(label, size, room),
                            (x, y), size, theme.TEXT, shadow=False)
            theme.draw_text(surface, value, (rect.right - theme.px(16), y), size, theme.TEXT,
                            bold=True, anchor="topright", shadow=False)
            y += step

    def public_cards(self) -> tuple[Msg | str, list[tuple[str, Msg | str]]]:
        """(heading, [(card, caption)]): the trick being played, else the last trick, else
        the game's table's (its ``handoff_cards``: the last discard, the trump card): cards
        every player has seen face up."""
        trick = self.table.game.last_trick()
        # a trick being played is on the table for all to see: the next player must see it
        playing = [s.code for s in self.table.zones.get("trick", [])
                   if s.code is not None and s.target_face_up]
        if playing:
            return N_("On the table"), [(code, card_words(code)) for code in playing]
        if trick:
            played, winner, _note = trick
            seats = self.table.match.seats
            return (Msg("Last trick, won by {name}", name=i18n.seat_name(seats[winner].name)),
                    [(code, i18n.seat_name(seats[seat].name)) for seat, code in played])
        return self.table.game.handoff_cards(self.public_view())

    def _draw_cards(self, surface, rect: pygame.Rect) -> None:
        """The public cards (see :meth:`public_cards`)."""
        art = self.table.art
        if art is None:
            return
        heading, cards = self.public_cards()
        if not cards:
            return
        n = len(cards)
        gap = theme.px(14)
        cw = int(min(theme.px(110), (rect.width - (n + 1) * gap) / max(1, n)))
        cw = max(theme.px(40), cw)
        face_h = art.face(cards[0][0], cw).get_height()
        total = n * cw + (n - 1) * gap
        box = pygame.Rect(0, 0, max(total + 2 * gap, theme.px(320)),
                          face_h + theme.px(100))
        box.center = rect.center
        theme.panel(surface, box, alpha=150, shadow=False)
        theme.draw_text(surface, heading, (box.centerx, box.top + theme.px(14)),
                        theme.px(theme.SMALL + 1), theme.ACCENT_LIGHT, bold=True,
                        anchor="midtop")
        x = box.centerx - total // 2
        y = box.top + theme.px(48)
        for code, label in cards:
            img = art.face(code, cw)
            surface.blit(img, (x, y))
            theme.draw_text(surface, theme.ellipsize(label, theme.px(13), cw + gap),
                            (x + cw // 2, y + img.get_height() + theme.px(6)), theme.px(13),
                            theme.TEXT_DIM, anchor="midtop", shadow=False)
            x += cw + gap
