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
TEXT_SIZE_NAMES = {"normal": N_("Normal"), "large": N_("Large"), "larger": N_("Larger")}
PREVIEW = ("AS", "KH", "QD", "JC")


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
                N_("Animation speed"), [(v, SPEED_NAMES[v]) for v in CHOICES["animation_speed"]],
                s.get("animation_speed"), lambda v: set_("animation_speed", v), wrap=False)),
            ("sound", Toggle(N_("Sound"), s.get("sound"), lambda v: set_("sound", v))),
            ("card_back", Choice(
                N_("Card back"), [(v, BACK_NAMES[v]) for v in CHOICES["card_back"]],
                s.get("card_back"), lambda v: set_("card_back", v))),
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
        ]

    def access_rows(self) -> list:
        """Settings for every eye (right panel, under the preview)."""
        s = self.app.settings
        set_ = self.app.set_setting
        return [
            ("four_colour_suits", Toggle(
                N_("Four-colour suits"), s.get("four_colour_suits"),
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
        ]

    def panel_rects(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The general panel, the preview and the panel of settings for every eye."""
        w, h = self.size
        top = self.heading_bottom() + theme.px(6)
        step = theme.px(ROW_HEIGHT) + theme.px(6)
        pad = theme.px(18)
        height = 8 * step + 2 * pad
        gap = theme.px(24)
        right_w = min(theme.px(440), int(w * 0.36))
        width = min(theme.px(600), w - right_w - gap - theme.px(40))
        x = (w - width - gap - right_w) // 2
        left = pygame.Rect(x, top, width, height)
        access_h = 5 * step + 2 * pad + theme.px(24)
        preview = pygame.Rect(left.right + gap, top, right_w,
                              max(theme.px(120), height - access_h - theme.px(14)))
        access = pygame.Rect(preview.left, preview.bottom + theme.px(14), right_w, access_h)
        return left, preview, access

    def layout(self) -> None:
        left, _, access = self.panel_rects()
        pad = theme.px(18)
        rh = theme.px(ROW_HEIGHT)
        for rect, rows, y in ((left, self.rows(), left.top + pad),
                              (access, self.access_rows(), access.top + pad + theme.px(24))):
            for key, widget in rows:
                widget.rect = pygame.Rect(rect.left + pad, y, rect.width - 2 * pad, rh)
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
        left, right, access = self.panel_rects()
        theme.panel(surface, left)
        theme.panel(surface, access)
        theme.draw_text(surface, N_("EASIER TO SEE"), (access.left + theme.px(18),
                                                       access.top + theme.px(14)),
                        theme.px(theme.SMALL), theme.ACCENT_LIGHT, bold=True)
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
