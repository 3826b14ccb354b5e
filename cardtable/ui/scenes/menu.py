"""The main menu: a fan of cards and the title on the left, the choices on the right."""

from __future__ import annotations

import math

import pygame

from cardtable import logs
from cardtable.about import about_line, log_line
from cardtable.i18n import N_
from cardtable.ui import cardart, theme
from cardtable.ui.cardart import CardArt, card_art_for
from cardtable.ui.scenes.common import FormScene
from cardtable.ui.widgets import BUTTON_HEIGHT, Button

FAN = ("9S", "JH", "QC", "KD", "AS")


class MenuScene(FormScene):
    BUTTON_SIZE = theme.SUBHEADING - 2
    TAGLINE = N_("Five card games called 65 and 66")

    def __init__(self) -> None:
        super().__init__()
        self._art: CardArt | None = None
        self._art_key: tuple | None = None
        self._fan: pygame.Surface | None = None
        self._fan_key: tuple | None = None
        self.form.on_cancel = self.focus_quit
        #: the choices the buttons were laid out for (see _follow_offer)
        self._laid_out_for: tuple[str, ...] | None = None
        self._relaid = False

    # ---- actions -----------------------------------------------------------------------
    def continue_match(self) -> None:
        """Back to the match. When there is none after all (the saved match was found
        damaged and set aside: that was said, else it is said now), Continue goes."""
        app = self.app
        told = list(app.toasts)
        app.continue_match()
        if app.top is self and not app.has_match_in_progress():
            if app.toasts == told:
                app.toast(N_("The saved match could not be read, so it was set aside."),
                          kind="bad")
            self._follow_offer()

    def new_game(self) -> None:
        self.app.open("picker")

    def learn(self) -> None:
        self.app.open("lessons")

    def join_table(self) -> None:
        self.app.open("join")

    def play_online(self) -> None:
        self.app.open("online")

    def rules(self) -> None:
        # during a match, the rules of the game being played
        current = self.app.match_game
        self.app.open("rules", current() if current is not None else None)

    def settings(self) -> None:
        self.app.open("settings")

    def statistics(self) -> None:
        self.app.open("stats")

    def recent(self) -> None:
        self.app.open("recent")

    def quit(self) -> None:
        table = self.app.table
        if table is not None and table.friends_here():
            # the table closes for the friends too: ask first
            self.app.open("confirm", N_("Quit?"),
                          N_("The friends at your table will be told it has closed. "
                             "Continue opens it again next time."),
                          N_("Quit"), self.app.quit, no=N_("Keep playing"))
            return
        self.app.quit()

    def focus_quit(self) -> None:
        """Esc on the main menu moves to Quit (a second Esc does nothing more drastic)."""
        self.form.keyboard = True
        self.form.focus(self.widget("Quit"))

    # ---- layout ----------------------------------------------------------------------------
    def panel_rect(self) -> pygame.Rect:
        return self.panel_frame()[0]

    def corner_bottom(self) -> int:
        """Where the lines in the top right corner end (the version, and under it the log
        file's when there is one), with the gap the menu's panel keeps below them."""
        small = theme.px(theme.SMALL - 2)
        lines = 1 if log_line(logs.log_file()) is None else 2
        return theme.px(8) + lines * theme.line_height(small) + theme.px(6)

    def panel_frame(self) -> tuple[pygame.Rect, int, int]:
        """(the panel, the gap between its buttons, its padding above and below them).

        Centred on the window's height where that clears the corner lines; else it keeps
        below them (the log file's line is as wide as its path, and is never cut): centred
        between them and the window's foot, its gaps and padding closer where that room is
        short (a short window with Continue: some 0.8 of them at 800x500)."""
        w, h = self.size
        n = len(self.entries())
        bh = theme.px(BUTTON_HEIGHT)
        gap = theme.px(14)
        pad = theme.px(30)
        ph = n * bh + (n - 1) * gap + 2 * pad
        # as wide as the widest choice needs (larger text, longer words in French)
        widest = max(Button(text, size=self.BUTTON_SIZE).preferred_width()
                     for text, _, _ in self.entries())
        pw = min(max(theme.px(330), widest + 2 * pad), int(w * 0.4))
        top = h // 2 - ph // 2
        ceiling = self.corner_bottom()
        if top < ceiling:
            room = h - theme.px(8) - ceiling
            spacing = (n - 1) * gap + 2 * pad
            if ph > room:
                closer = min(1.0, max(0.0, (room - n * bh) / spacing))
                gap, pad = int(gap * closer), int(pad * closer)
                ph = n * bh + (n - 1) * gap + 2 * pad
            top = ceiling + max(0, room - ph) // 2
        r = pygame.Rect(0, 0, pw, ph)
        r.centerx = int(w * 0.71)
        r.top = top
        return r, gap, pad

    def entries(self) -> list[tuple[str, object, str]]:
        items = []
        if self.app is not None and self.app.has_match_in_progress():
            items.append((N_("Continue"), self.continue_match, "primary"))
        items.append((N_("New game"), self.new_game, "normal" if items else "primary"))
        # (always: which games bring a lesson is read when the list opens, not before the
        # first frame, which would load every game)
        items.append((N_("Learn to play"), self.learn, "normal"))
        items.append((N_("Join a table"), self.join_table, "normal"))
        items.append((N_("Play online"), self.play_online, "normal"))
        items += [
            (N_("Rules"), self.rules, "normal"),
            (N_("Settings"), self.settings, "normal"),
            (N_("Statistics"), self.statistics, "normal"),
            (N_("Recent matches"), self.recent, "normal"),
            (N_("Quit"), self.quit, "quiet"),
        ]
        return items

    def offered(self) -> tuple[str, ...]:
        """The choices the menu offers now (Continue comes and goes with the saved match)."""
        return tuple(text for text, _, _ in self.entries())

    def update(self, dt: float) -> None:
        self._follow_offer()
        super().update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self._follow_offer()        # a frame drawn without an update first (tests)
        super().draw(surface)

    def redraw_area(self) -> list[pygame.Rect] | None:
        if self._relaid:
            self._relaid = False
            return None             # the panel changed: the whole frame
        return super().redraw_area()

    def _follow_offer(self) -> None:
        """Lay the menu out again when what it offers changed since it was laid out: a
        saved match found damaged once the table read it (Continue goes, the panel is
        smaller), or a match that ended out of sight."""
        if self.app is not None and self._laid_out_for is not None and \
                self.offered() != self._laid_out_for:
            self.rebuild()
            self._relaid = True

    def layout(self) -> None:
        self._laid_out_for = self.offered()
        panel, gap, pad = self.panel_frame()
        bh = theme.px(BUTTON_HEIGHT)
        side = theme.px(30)
        y = panel.top + pad
        for text, action, style in self.entries():
            b = Button(text, action, style=style, size=self.BUTTON_SIZE)
            b.rect = pygame.Rect(panel.left + side, y, panel.width - 2 * side, bh)
            self.add(b, text)
            y += bh + gap

    # ---- drawing ------------------------------------------------------------------------------
    def art(self) -> CardArt:
        s = self.app.settings
        key = (bool(s.get("four_colour_suits")), s.get("card_back", "blue"),
               cardart.court_letters())
        if self._art is None or key != self._art_key:
            self._art = card_art_for(s)
            self._art_key = key
            self._fan = None
        return self._art

    def fan(self) -> pygame.Surface:
        width = theme.px(110)
        art = self.art()
        key = (width, self._art_key)
        if self._fan is not None and self._fan_key == key:
            return self._fan
        ch = art.height(width)
        n = len(FAN)
        spread = 10.0                  # degrees between neighbouring cards
        radius = ch * 1.3              # from the pivot below the hand to each card's centre
        size = (int(width * 3.8), int(ch * 1.3) + theme.px(16))
        surf = pygame.Surface(size, pygame.SRCALPHA)
        pivot = (size[0] / 2, radius + ch / 2 + theme.px(12))
        for i, code in enumerate(FAN):
            angle = (i - (n - 1) / 2) * spread
            rad = math.radians(angle)
            cx = pivot[0] + math.sin(rad) * radius
            cy = pivot[1] - math.cos(rad) * radius
            sh = art.rotated(art.shadow(width), -angle)
            surf.blit(sh, sh.get_rect(center=(cx + width * 0.03, cy + width * 0.06)))
            img = art.rotated(art.face(code, width), -angle)
            surf.blit(img, img.get_rect(center=(cx, cy)))
        self._fan = surf
        self._fan_key = key
        return surf

    def spoken_heading(self) -> str:
        return "cardtable"

    def toast_column(self) -> tuple[int, int]:
        """(centre x, width) of the column left of the panel, where toasts go."""
        cx = self.title_block()[0]
        return cx, 2 * min(cx, self.panel_rect().left - cx) - theme.px(16)

    def toasts_centre(self, width: int) -> int | None:
        """A toast ("The host closed the table.") goes under the title, in the column left
        of the panel, where it fits there (centred on the window it lay over the panel's
        buttons at the larger text sizes)."""
        cx, column = self.toast_column()
        return cx if width <= column else None

    def toasts_room(self, width: int) -> int | None:
        """Toasts are wrapped to the column left of the panel (a long one, centred on the
        window, lay over the panel's buttons)."""
        return min(width, self.toast_column()[1] - theme.px(40))

    def toasts_bottom(self, height: int) -> int | None:
        """Just above the keys line along the foot (the usual place touched it at the
        larger text sizes)."""
        small = theme.px(theme.SMALL - 2)
        return self.size[1] - theme.px(18) - theme.line_height(small) - theme.px(6)

    def keys_room(self) -> int:
        """The width of the line of keys along the foot: the column left of the menu panel,
        under the title (see :meth:`title_block`)."""
        cx = int(self.size[0] * 0.33)
        return 2 * min(cx, self.panel_rect().left - cx) - theme.px(24)

    def title_block(self) -> tuple[int, int, list[str], int]:
        """(centre x, top, tagline lines, tagline size) of the fan, the name and the tagline
        on the left, which is centred in the room the menu panel leaves."""
        w, h = self.size
        cx = int(w * 0.33)
        room = 2 * min(cx, self.panel_rect().left - cx) - theme.px(48)
        tag_size = theme.px(theme.SUBHEADING - 2)
        tagline = theme.wrap(self.TAGLINE, theme.font(tag_size), room)
        title_size = self.title_size(room)
        block = (self.fan().get_height() + theme.px(4) + self.title_step(title_size)
                 + len(tagline) * theme.line_height(tag_size))
        return cx, max(theme.px(8), h // 2 - block // 2), tagline, tag_size

    def title_size(self, room: int) -> int:
        """The program's name's type size: as large as it may be within the column left of
        the panel (at 800x500 the larger text sizes made it wider than the column, onto the
        panel). Worked out once for the room and the text size (each size tried opens a
        font)."""
        key = (room, theme.px(1000), theme.text_scale())
        fitted = getattr(self, "_title_fit", None)
        if fitted is None or fitted[0] != key:
            fitted = self._title_fit = (key, theme.fit_size(
                "cardtable", theme.px(theme.TITLE + 8), room, bold=True, least=0.5))
        return fitted[1]

    @staticmethod
    def title_step(title_size: int) -> int:
        """From the top of the program's name to the tagline under it (close under its
        letters: the name has no descenders)."""
        return theme.line_height(title_size, bold=True) - theme.px(5)

    def draw_content(self, surface: pygame.Surface) -> None:
        w, h = self.size
        fan = self.fan()
        cx, top, tagline, tag_size = self.title_block()
        title_size = self.title_size(2 * min(cx, self.panel_rect().left - cx) - theme.px(48))
        surface.blit(fan, fan.get_rect(midtop=(cx, top)))
        y = top + fan.get_height() + theme.px(4)
        theme.draw_text(surface, "cardtable", (cx, y), title_size, theme.TEXT, bold=True,
                        anchor="midtop")
        y += self.title_step(title_size)
        for line in tagline:
            theme.draw_text(surface, line, (cx, y), tag_size, theme.ACCENT_LIGHT,
                            anchor="midtop")
            y += theme.line_height(tag_size)
        panel = self.panel_rect()
        theme.panel(surface, panel)
        keys = N_("F11 full screen  ·  Tab and arrows move, Enter chooses")
        small = theme.px(theme.SMALL - 2)
        foot = h - theme.px(18)
        # in one place, under the title's column, whether Continue is there or not (it was
        # centred on the window but for a menu reaching the foot, so it moved as a match was
        # saved or ended)
        room, x = self.keys_room(), cx
        size = theme.fit_size(keys, small, room)
        theme.draw_text(surface, theme.ellipsize(keys, size, room), (x, foot),
                        size, theme.TEXT_MUTED, anchor="midbottom", shadow=False)
        # the program and its version (pyproject.toml's), in the top right corner, and
        # under them where the log file is, for a bug report (whole: it is read out)
        line = theme.line_height(small)
        right = w - theme.px(12)
        theme.draw_text(surface, about_line(), (right, theme.px(8)), small, theme.TEXT_MUTED,
                        anchor="topright", shadow=False)
        where = log_line(logs.log_file())
        if where is not None:
            y = theme.px(8) + line
            # the whole width above the fan; beside it, only the menu panel's (which keeps
            # below it: see panel_frame)
            left = theme.px(12) if top > y + line else panel.left - theme.px(12)
            size = theme.fit_size(where, small, right - left)
            theme.draw_text(surface, theme.ellipsize(where, size, right - left), (right, y),
                            size, theme.TEXT_MUTED, anchor="topright", shadow=False)
