"""The game picker: a tile for each of the five games, with its player count."""

from __future__ import annotations

import importlib

import pygame

from cardtable.engine import registry
from cardtable.i18n import N_, Msg, NMsg
from cardtable.ui import theme
from cardtable.ui.scenes.common import FormScene
from cardtable.ui.widgets import Widget

DEFAULT_PLAYABLE = frozenset({"japanese65", "sixtysix"})

#: a suit shown on each game's tile
TILE_SUIT = {"japanese65": "S", "sixtysix": "H", "rummy65": "D", "pairs65": "C",
             "quebec65": "H"}


def playable_games() -> frozenset[str]:
    """Ids of the games whose table can be played (``cardtable.ui.tables.PLAYABLE``)."""
    try:
        tables = importlib.import_module("cardtable.ui.tables")
    except ImportError:
        return DEFAULT_PLAYABLE
    return frozenset(getattr(tables, "PLAYABLE", DEFAULT_PLAYABLE))


def players_text(spec) -> Msg:
    """How many play ``spec``'s game, as the tile and the setup screen say it."""
    low, high = spec.min_players, spec.max_players
    if spec.id == "japanese65":
        return Msg("{n} players in two partnerships", n=low)
    if low == high:
        return NMsg("{n} player", "{n} players", low, n=low)
    return Msg("{low}–{high} players", low=low, high=high)


class GameTile(Widget):
    """A large clickable tile: game name, players, a short description."""

    def __init__(self, spec, playable: bool, on_pick, art=None):
        super().__init__(enabled=True)
        self.spec = spec
        self.playable = playable
        self.on_pick = on_pick
        self.art = art
        self.name = spec.id

    def activate(self) -> None:
        if self.on_pick is not None:
            self.on_pick(self.spec.id)

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect.move(0, -int(theme.px(4) * self.hover_t)) if self.playable else self.rect
        if self.pressed:
            r = self.rect.move(0, theme.px(1))
        radius = theme.px(16)
        theme.drop_shadow(surface, r, radius, spread=theme.px(10 + 4 * self.hover_t),
                          offset=(0, theme.px(4 + 3 * self.hover_t)), strength=90)
        if self.playable:
            top = theme.lerp_colour((34, 48, 41), (48, 66, 56), self.hover_t)
            bottom = theme.lerp_colour((18, 27, 22), (26, 38, 31), self.hover_t)
        else:
            top, bottom = (30, 36, 33), (20, 24, 22)
        edge = (*theme.ACCENT, 150) if self.hover_t > 0.5 and self.playable else (255, 255, 255, 40)
        theme.face(surface, r, top, bottom, radius, edge=edge)
        pad = theme.px(20)
        x = r.left + pad
        y = r.top + pad
        # suit medallion
        if self.art is not None:
            suit = TILE_SUIT.get(self.spec.id, "S")
            colour = (250, 246, 236) if suit in "SC" else (236, 118, 108)
            sym = self.art.suit_symbol(suit, theme.px(26), colour)
            surface.blit(sym, sym.get_rect(topright=(r.right - pad, y + theme.px(2))))
        name_colour = theme.TEXT if self.playable else theme.TEXT_DIM
        theme.draw_text(surface, self.spec.name, (x, y), theme.px(theme.SUBHEADING), name_colour,
                        bold=True)
        y += theme.px(theme.SUBHEADING) + theme.px(10)
        theme.draw_text(surface, players_text(self.spec), (x, y), theme.px(theme.SMALL + 1),
                        theme.ACCENT_LIGHT if self.playable else theme.TEXT_MUTED, bold=True)
        y += theme.px(theme.SMALL) + theme.px(12)
        fnt = theme.font(theme.px(theme.SMALL + 1))
        lines = theme.wrap(self.spec.blurb or "", fnt, r.width - 2 * pad)
        for line in lines[:3]:
            theme.draw_text(surface, line, (x, y), theme.px(theme.SMALL + 1),
                            theme.TEXT_DIM if self.playable else theme.TEXT_MUTED, shadow=False)
            y += fnt.get_linesize()
        if not self.playable:
            label = N_("Coming soon")
            size = theme.px(theme.SMALL)
            tw, th = theme.text_size(label, size, bold=True)
            badge = pygame.Rect(0, 0, tw + theme.px(20), th + theme.px(8))
            badge.bottomright = (r.right - pad, r.bottom - pad + theme.px(4))
            theme.rounded(surface, badge, (*theme.ACCENT_DARK, 230), badge.height // 2)
            theme.draw_text(surface, label, badge.center, size, theme.TEXT_DARK, bold=True,
                            anchor="center", shadow=False)
        else:
            size = theme.px(theme.SMALL)
            theme.draw_text(surface, "Set up the table  ›", (r.right - pad, r.bottom - pad),
                            size, theme.lerp_colour(theme.TEXT_MUTED, theme.ACCENT, self.hover_t),
                            bold=True, anchor="bottomright", shadow=False)
        if self.focused and self.show_focus:
            theme.focus_ring(surface, r, radius)


class PickerScene(FormScene):
    title = N_("New game")
    subtitle = N_("Choose a game to play")

    def __init__(self) -> None:
        super().__init__()
        self.specs = registry.specs()
        self.playable = playable_games()
        self._art = None

    def art(self):
        if self._art is None:
            from cardtable.ui.scenes.menu import card_art_for

            self._art = card_art_for(self.app.settings)
        return self._art

    def pick(self, game_id: str) -> None:
        if game_id not in self.playable:
            spec = registry.get(game_id)
            self.app.toast(Msg("The table for {game} is coming soon.", game=Msg(spec.name)))
            return
        from cardtable.ui.scenes.setup import SetupScene

        self.app.push(SetupScene(game_id))

    def tile_rects(self, n: int) -> list[pygame.Rect]:
        w, h = self.size
        top = self.heading_bottom() + theme.px(16)
        bottom = h - theme.px(100)
        cols = 3 if n > 4 else 2
        rows = (n + cols - 1) // cols
        gap = theme.px(22)
        tw = min(theme.px(360), (w - theme.px(80) - gap * (cols - 1)) // cols)
        th = min(theme.px(196), (bottom - top - gap * (rows - 1)) // max(1, rows))
        rects = []
        for i in range(n):
            row, col = divmod(i, cols)
            in_row = min(cols, n - row * cols)
            row_w = in_row * tw + (in_row - 1) * gap
            x0 = (w - row_w) // 2
            rects.append(pygame.Rect(x0 + col * (tw + gap), top + row * (th + gap), tw, th))
        return rects

    def layout(self) -> None:
        rects = self.tile_rects(len(self.specs))
        for spec, rect in zip(self.specs, rects, strict=True):
            tile = GameTile(spec, spec.id in self.playable, self.pick, self.art())
            tile.rect = rect
            self.add(tile)
        self.back_button()
