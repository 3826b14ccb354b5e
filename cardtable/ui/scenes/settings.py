"""Settings: animation speed, sound, card back, felt, four-colour suits, table helpers and
the table server "Play online" uses.

Every change is applied and saved at once (``app.set_setting``), and a small preview shows
the chosen card back and suit colours on the chosen felt.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pygame

from cardtable import i18n
from cardtable.engine import registry
from cardtable.i18n import N_, Msg, PMsg, and_list, tr
from cardtable.storage import CHOICES, SERVER_ADDRESS_LENGTH
from cardtable.ui import theme
from cardtable.ui.cardart import card_art_for
from cardtable.ui.scenes.common import FormScene
from cardtable.ui.tables import table_class
from cardtable.ui.widgets import ROW_HEIGHT, Choice, TextInput, Toggle

SPEED_NAMES = {"off": N_("Off"), "fast": N_("Fast"), "normal": N_("Normal"), "slow": N_("Slow")}
#: the speeds as the row steps through them: the right arrow (and the right key) faster, as
#: on a slider, Off (no animation at all) the fastest; as every row of a scale steps, the
#: text sizes larger and the computers' levels stronger to the right (the row followed the
#: settings file's order, off to slow, and the right arrow went from Normal to Slow)
SPEED_ORDER = ("slow", "normal", "fast", "off")
#: the letters on kings, queens and jacks: those of the language shown (R D V in French), or
#: either set whatever the language
COURT_NAMES = {"auto": N_("By language"), "kqj": "K Q J", "rdv": "R D V"}
BACK_NAMES = {"blue": N_("Blue"), "red": N_("Red"), "green": N_("Green"),
              "purple": N_("Purple")}
#: the language row: the system's language, or one of ours named in its own words
LANGUAGE_CHOICES = (("auto", N_("Automatic")), *i18n.LANGUAGES.items())
#: speech through the screen reader (or the system's voice): "Automatic" speaks when a screen
#: reader runs
SPEECH_NAMES = {"auto": N_("Automatic"), "on": PMsg("speech", "On"),
                "off": PMsg("speech", "Off")}
TEXT_SIZE_NAMES = {"normal": N_("Normal"), "large": N_("Large"), "larger": N_("Larger")}
PREVIEW = ("AS", "KH", "QD", "JC")
#: what the server address field shows while it is empty
SERVER_HINT = "203.0.113.5:47651"


class AddressRow(TextInput):
    """A labelled one-line text setting (the table server's address): the label on the
    left, the field on the right, as the other rows have their control."""

    def __init__(self, label: str, text: str, on_change: Callable[[str], Any]):
        super().__init__(text, on_change, max_length=SERVER_ADDRESS_LENGTH, hint=SERVER_HINT)
        self.label = label

    def field_rect(self) -> pygame.Rect:
        width = min(theme.px(300), self.rect.width // 2)
        field = pygame.Rect(0, 0, width, theme.px(ROW_HEIGHT) - theme.px(8))
        field.midright = (self.rect.right - theme.px(10), self.rect.centery)
        return field

    @contextmanager
    def _as_field(self) -> Iterator[None]:
        """The text field's own drawing and clicking, on the field's part of the row."""
        row, self.rect = self.rect, self.field_rect()
        try:
            yield
        finally:
            self.rect = row

    def needed_height(self, width: int) -> int:
        return theme.px(ROW_HEIGHT)

    def mouse_down(self, pos: tuple[int, int]) -> None:
        with self._as_field():
            super().mouse_down(pos)

    def spoken(self) -> str:
        return tr(Msg("{label}: {value}", label=tr(self.label),
                      value=self.text or tr(N_("none"))))

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        field = self.field_rect()
        size = theme.px(theme.BODY)
        room = field.left - self.rect.left - theme.px(24)
        theme.draw_text(surface, theme.ellipsize(tr(self.label), size, room),
                        (self.rect.left + theme.px(14), self.rect.centery), size, theme.TEXT,
                        anchor="midleft")
        with self._as_field():
            super().draw(surface)


def two_colour_games() -> list[str]:
    """The names of the games whose tables keep to red and black whatever the four-colour
    setting says (a card's colour is their rule: ``GameTable.FOUR_COLOURS``)."""
    return [registry.get(g).name for g in registry.ids() if not table_class(g).FOUR_COLOURS]


def four_colour_label() -> Msg | str:
    """The four-colour row's label, naming the games it does not reach (a player saw two
    colours there and took the setting for broken)."""
    names = two_colour_games()
    if not names:
        return N_("Four-colour suits")
    return Msg("Four-colour suits, except in {games}, where red or black is the rule",
               games=and_list([Msg(n) for n in names]))


class SettingsScene(FormScene):
    title = N_("Settings")
    subtitle = N_("Changes are saved as you make them")

    def __init__(self) -> None:
        super().__init__()
        self._art = None
        self._art_key = None

    def rows(self) -> list:
        """The general settings (left panel)."""
        s = self.app.settings
        set_ = self.app.set_setting
        return [
            ("language", Choice(
                N_("Language"), LANGUAGE_CHOICES, s.get("language", "auto"),
                lambda v: set_("language", v))),
            ("animation_speed", Choice(
                N_("Animation speed"), [(v, SPEED_NAMES[v]) for v in SPEED_ORDER],
                s.get("animation_speed"), lambda v: set_("animation_speed", v), wrap=False)),
            ("sound", Toggle(N_("Sound"), s.get("sound"), lambda v: set_("sound", v))),
            ("card_back", Choice(
                N_("Card back"), [(v, BACK_NAMES[v]) for v in CHOICES["card_back"]],
                s.get("card_back"), lambda v: set_("card_back", v))),
            ("court_letters", Choice(
                N_("Court card letters"),
                [(v, COURT_NAMES[v]) for v in CHOICES["court_letters"]],
                s.get("court_letters", "auto"), lambda v: set_("court_letters", v))),
            ("felt", Choice(
                N_("Table felt"), [(v, theme.FELT_NAMES[v]) for v in CHOICES["felt"]],
                s.get("felt"), lambda v: set_("felt", v))),
            ("show_card_points", Toggle(
                N_("Show running card points in Sixty-Six"), s.get("show_card_points"),
                lambda v: set_("show_card_points", v))),
            ("hint_button", Toggle(
                N_("Hint button at the table"), s.get("hint_button"),
                lambda v: set_("hint_button", v))),
            ("fullscreen", Toggle(
                N_("Full screen (F11)"), self.app.fullscreen,
                lambda v: self.app.set_fullscreen(v))),
            ("server_address", AddressRow(
                N_("Table server"), s.get("server_address") or "",
                lambda v: set_("server_address", v.strip()))),
        ]

    def access_rows(self) -> list:
        """Settings for every eye (right panel, under the preview)."""
        s = self.app.settings
        set_ = self.app.set_setting
        return [
            ("four_colour_suits", Toggle(
                four_colour_label(), s.get("four_colour_suits"),
                lambda v: set_("four_colour_suits", v))),
            ("large_cards", Toggle(
                N_("Larger cards"), s.get("large_cards"), lambda v: set_("large_cards", v))),
            ("high_contrast", Toggle(
                N_("High-contrast table"), s.get("high_contrast"),
                lambda v: set_("high_contrast", v))),
            ("reduced_motion", Toggle(
                N_("Reduced motion"), s.get("reduced_motion"),
                lambda v: set_("reduced_motion", v))),
            ("text_size", Choice(
                N_("Text size"), [(v, TEXT_SIZE_NAMES[v]) for v in CHOICES["text_size"]],
                s.get("text_size", "normal"), lambda v: set_("text_size", v), wrap=False)),
            ("speech", Choice(
                self.speech_label(), [(v, SPEECH_NAMES[v]) for v in CHOICES["speech"]],
                s.get("speech", "auto"), lambda v: set_("speech", v))),
        ]

    def speech_label(self) -> str:
        """The speech row's label, saying beside the setting why On is silent (no screen
        reader or system voice here) while it is."""
        narrator = getattr(self.app, "narrator", None)
        if narrator is not None and narrator.silence() is not None:
            return N_("Speech (silent: no screen reader or system voice was found)")
        return N_("Speech")

    def panel_rects(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The general panel, the preview and the panel of settings for every eye, where
        they are when nothing is scrolled (see :meth:`layout`)."""
        rects = getattr(self, "_rects", None)
        if rects is None:
            self.layout_rows()
            rects = self._rects
        return rects

    def columns(self) -> tuple[int, int, int]:
        """(x of the general panel, its width, width of the right column)."""
        w, _ = self.size
        gap = theme.px(24)
        right_w = min(theme.px(440 * min(theme.text_scale(), 1.15)), int(w * 0.38))
        width = min(theme.px(600 * min(theme.text_scale(), 1.15)), w - right_w - gap - theme.px(80))
        return (w - width - gap - right_w) // 2, width, right_w

    def header_height(self) -> int:
        """The room the panel's small heading ("EASIER TO SEE") takes above its rows."""
        return max(theme.px(42), theme.px(14) + theme.line_height(theme.px(theme.SMALL), True)
                   + theme.px(8))

    def layout_rows(self) -> list[tuple[str, object]]:
        """Make the rows, give each the height its label needs, and place the panels
        around them (the two columns as tall as their rows)."""
        pad = theme.px(18)
        step = theme.px(6)
        top = self.heading_bottom() + theme.px(6)
        x, width, right_w = self.columns()
        gap = theme.px(24)
        placed = []

        def stack(rows, x0, y, inner_w):
            for key, widget in rows:
                hgt = widget.needed_height(inner_w)
                widget.rect = pygame.Rect(x0, y, inner_w, hgt)
                placed.append((key, widget))
                y += hgt + step
            return y - step

        bottom = stack(self.rows(), x + pad, top + pad, width - 2 * pad)
        left = pygame.Rect(x, top, width, bottom + pad - top)
        rx = left.right + gap
        access_top_min = top + theme.px(120) + theme.px(14)
        # the eye panel goes under the preview; its rows are placed first, then moved down
        access_rows = self.access_rows()
        head = self.header_height()
        a_bottom = stack(access_rows, rx + pad, head, right_w - 2 * pad)
        access_h = a_bottom + pad
        access_top = max(access_top_min, left.bottom - access_h)
        for _, widget in access_rows:
            widget.rect.move_ip(0, access_top)
        access = pygame.Rect(rx, access_top, right_w, access_h)
        preview = pygame.Rect(rx, top, right_w, access_top - theme.px(14) - top)
        self._rects = (left, preview, access)
        return placed

    def content_area(self) -> pygame.Rect:
        """Where the panels are seen (they scroll inside it when they do not fit)."""
        w, h = self.size
        top = self.heading_bottom() + theme.px(2)
        return pygame.Rect(0, top, w - theme.px(36), h - theme.px(92) - top)

    def layout(self) -> None:
        placed = self.layout_rows()
        for key, widget in placed:
            self.add(widget, key)
        left, _, access = self._rects
        area = self.content_area()
        bottom = max(left.bottom, access.bottom)
        # a margin under the panels when they scroll; when they fit, no scroll bar for it
        self.scroll(area, [wd for _, wd in placed],
                    bottom + theme.px(16) if bottom > area.bottom else bottom)
        self.back_button(N_("Done"))

    def art(self):
        s = self.app.settings
        key = (s.get("four_colour_suits"), s.get("card_back"))
        if key != self._art_key:
            self._art = card_art_for(s)
            self._art_key = key
        return self._art

    def update(self, dt: float) -> None:
        super().update(dt)
        fs = self.widget("fullscreen")
        if fs is not None and fs.value != self.app.fullscreen:
            fs.value = self.app.fullscreen
        sp = self.widget("speech")
        if sp is not None and sp.label != self.speech_label():
            self.rebuild()     # speech found silent, or speaking again

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_heading(surface, self.title, self.subtitle)
        dy = -int(round(self.scroller.offset))
        left, right, access = (r.move(0, dy) for r in self.panel_rects())
        old_clip = surface.get_clip()
        if self.scroller.active:
            surface.set_clip(self.scroller.area.clip(old_clip))
        theme.panel(surface, left)
        theme.panel(surface, access)
        theme.draw_text(surface, N_("EASIER TO SEE"), (access.left + theme.px(18),
                                                       access.top + theme.px(14)),
                        theme.px(theme.SMALL), theme.ACCENT_LIGHT, bold=True)
        self.draw_preview(surface, right)
        surface.set_clip(old_clip)

    def draw_preview(self, surface: pygame.Surface, right: pygame.Rect) -> None:
        theme.panel(surface, right, alpha=110)
        # the back and four faces fanned beside it, as large as the preview panel allows
        art = self.art()
        ch = right.height - theme.px(28)
        cw = max(theme.px(40), min(theme.px(86), int(ch / 1.4)))
        step = int(cw * 0.55)
        total = cw + theme.px(18) + step * (len(PREVIEW) - 1) + cw
        x = right.centerx - total // 2
        y = right.centery - int(cw * 1.4) // 2
        for i, code in enumerate(("back", *PREVIEW)):
            img = art.back(cw) if code == "back" else art.face(code, cw)
            off = art.shadow_offset(cw)
            surface.blit(art.shadow(cw), (x + off[0], y + off[1]))
            surface.blit(img, (x, y))
            x += cw + theme.px(18) if i == 0 else step
