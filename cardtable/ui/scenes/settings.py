"""Settings: animation speed, sound, card back, felt, four-colour suits and table helpers.

Every change is applied and saved at once (``app.set_setting``), and a small preview shows
the chosen card back and suit colours on the chosen felt.
"""

from __future__ import annotations

import pygame

from cardtable import i18n
from cardtable.i18n import N_
from cardtable.storage import CHOICES
from cardtable.ui import theme
from cardtable.ui.scenes.common import FormScene
from cardtable.ui.scenes.menu import card_art_for
from cardtable.ui.widgets import ROW_HEIGHT, Choice, Toggle

SPEED_NAMES = {"off": N_("Off"), "fast": N_("Fast"), "normal": N_("Normal"), "slow": N_("Slow")}
BACK_NAMES = {"blue": N_("Blue"), "red": N_("Red"), "green": N_("Green"),
              "purple": N_("Purple")}
#: the language row: the system's language, or one of ours named in its own words
LANGUAGE_CHOICES = (("auto", N_("Automatic")), *i18n.LANGUAGES.items())
PREVIEW = ("AS", "KH", "QD", "JC")


class SettingsScene(FormScene):
    title = N_("Settings")
    subtitle = N_("Changes are saved as you make them")

    def __init__(self) -> None:
        super().__init__()
        self._art = None
        self._art_key = None

    def rows(self) -> list:
        s = self.app.settings
        set_ = self.app.set_setting
        return [
            ("language", Choice(
                N_("Language"), LANGUAGE_CHOICES, s.get("language", "auto"),
                lambda v: set_("language", v))),
            ("animation_speed", Choice(
                N_("Animation speed"), [(v, SPEED_NAMES[v]) for v in CHOICES["animation_speed"]],
                s.get("animation_speed"), lambda v: set_("animation_speed", v), wrap=False)),
            ("sound", Toggle(N_("Sound"), s.get("sound"), lambda v: set_("sound", v))),
            ("card_back", Choice(
                N_("Card back"), [(v, BACK_NAMES[v]) for v in CHOICES["card_back"]],
                s.get("card_back"), lambda v: set_("card_back", v))),
            ("felt", Choice(
                N_("Table felt"), [(v, theme.FELT_NAMES[v]) for v in CHOICES["felt"]],
                s.get("felt"), lambda v: set_("felt", v))),
            ("four_colour_suits", Toggle(
                N_("Four-colour suits"), s.get("four_colour_suits"),
                lambda v: set_("four_colour_suits", v))),
            ("show_card_points", Toggle(
                N_("Show running card points in Sixty-Six"), s.get("show_card_points"),
                lambda v: set_("show_card_points", v))),
            ("hint_button", Toggle(
                N_("Hint button at the table"), s.get("hint_button"),
                lambda v: set_("hint_button", v))),
            ("fullscreen", Toggle(
                N_("Full screen (F11)"), self.app.fullscreen,
                lambda v: self.app.set_fullscreen(v))),
        ]

    def panel_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        w, h = self.size
        top = self.heading_bottom() + theme.px(6)
        n = 9
        rh = theme.px(ROW_HEIGHT)
        pad = theme.px(18)
        height = n * (rh + theme.px(6)) + 2 * pad
        width = min(theme.px(660), int(w * 0.56))
        preview_w = theme.px(300)
        gap = theme.px(28)
        x = (w - width - gap - preview_w) // 2
        left = pygame.Rect(x, top, width, height)
        right = pygame.Rect(left.right + gap, top, preview_w, height)
        return left, right

    def layout(self) -> None:
        left, _ = self.panel_rects()
        pad = theme.px(18)
        rh = theme.px(ROW_HEIGHT)
        y = left.top + pad
        for key, widget in self.rows():
            widget.rect = pygame.Rect(left.left + pad, y, left.width - 2 * pad, rh)
            self.add(widget, key)
            y += rh + theme.px(6)
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

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_heading(surface, self.title, self.subtitle)
        left, right = self.panel_rects()
        theme.panel(surface, left)
        theme.panel(surface, right, alpha=110)
        theme.draw_text(surface, N_("PREVIEW"), (right.centerx, right.top + theme.px(18)),
                        theme.px(theme.SMALL), theme.ACCENT_LIGHT, bold=True, anchor="midtop")
        art = self.art()
        cw = theme.px(74)
        # the back, alone, then four faces fanned in a row below it
        back = art.back(theme.px(96))
        bx = right.centerx - back.get_width() // 2
        by = right.top + theme.px(54)
        sh = art.shadow(theme.px(96))
        off = art.shadow_offset(theme.px(96))
        surface.blit(sh, (bx + off[0], by + off[1]))
        surface.blit(back, (bx, by))
        y = by + back.get_height() + theme.px(26)
        step = int(cw * 0.62)
        total = step * (len(PREVIEW) - 1) + cw
        x = right.centerx - total // 2
        for code in PREVIEW:
            off = art.shadow_offset(cw)
            surface.blit(art.shadow(cw), (x + off[0], y + off[1]))
            surface.blit(art.face(code, cw), (x, y))
            x += step
