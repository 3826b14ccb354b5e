"""The game picker: a tile for each of the five games, with its player count."""

from __future__ import annotations

import pygame

from cardtable.engine import registry
from cardtable.i18n import N_, Msg, NMsg, tr
from cardtable.ui import theme
from cardtable.ui.cardart import card_art_for
from cardtable.ui.scenes.common import FormScene
from cardtable.ui.widgets import Widget


def players_text(spec) -> Msg:
    """How many play ``spec``'s game, as the tile and the setup screen say it."""
    low, high = spec.min_players, spec.max_players
    if spec.partnerships:
        return Msg("{n} players in two partnerships", n=low)
    if low == high:
        return NMsg("{n} player", "{n} players", low, n=low)
    return Msg("{low}–{high} players", low=low, high=high)


class GameTile(Widget):
    """A large clickable tile: game name, players, a short description."""

    def __init__(self, spec, on_pick, art=None):
        super().__init__(enabled=True)
        self.spec = spec
        self.on_pick = on_pick
        self.art = art
        self.name = spec.id

    def activate(self) -> None:
        if self.on_pick is not None:
            self.on_pick(self.spec.id)

    def spoken(self) -> str:
        """The tile's name, its players and its description, as a screen reader says it."""
        parts = [tr(self.spec.name), tr(players_text(self.spec))]
        if self.spec.blurb:
            parts.append(tr(self.spec.blurb))
        return ". ".join(p.rstrip(".") for p in parts) + "."

    # ---- the tile's text, measured -------------------------------------------------------
    PAD = 20          # before scaling
    SUIT = 26

    @staticmethod
    def sizes() -> tuple[int, int, int]:
        """Type sizes of the name, of the players and description, of the footer."""
        return theme.px(theme.SUBHEADING), theme.px(theme.SMALL + 1), theme.px(theme.SMALL)

    def footer(self) -> str:
        return N_("Set up the table  ›")

    def blocks(self, width: int) -> tuple[list[str], list[str], list[str]]:
        """The lines of the name, of the players and of the description in a tile
        ``width`` pixels wide (every word shows: the tile is made tall enough)."""
        name_size, small, _ = self.sizes()
        pad = theme.px(self.PAD)
        inner = width - 2 * pad
        name_room = inner - (theme.px(self.SUIT + 12) if self.art is not None else 0)
        name = theme.wrap(self.spec.name, theme.font(name_size, True), name_room)
        players = theme.wrap(players_text(self.spec), theme.font(small, True), inner)
        blurb = theme.wrap(self.spec.blurb, theme.font(small), inner) if self.spec.blurb else []
        return name, players, blurb

    def footer_height(self) -> int:
        _, _, size = self.sizes()
        return theme.line_height(size, bold=True)

    def needed_height(self, width: int) -> int:
        """How tall the tile must be at ``width`` for all of its text to show."""
        name_size, small, _ = self.sizes()
        name, players, blurb = self.blocks(width)
        pad = theme.px(self.PAD)
        return (2 * pad + len(name) * theme.line_height(name_size, True) + theme.px(4)
                + len(players) * theme.line_height(small, True) + theme.px(6)
                + len(blurb) * theme.line_height(small) + theme.px(10) + self.footer_height())

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect.move(0, -int(theme.px(4) * self.hover_t))
        if self.pressed:
            r = self.rect.move(0, theme.px(1))
        radius = theme.px(16)
        theme.drop_shadow(surface, r, radius, spread=theme.px(10 + 4 * self.hover_t),
                          offset=(0, theme.px(4 + 3 * self.hover_t)), strength=90)
        top = theme.lerp_colour((34, 48, 41), (48, 66, 56), self.hover_t)
        bottom = theme.lerp_colour((18, 27, 22), (26, 38, 31), self.hover_t)
        edge = (*theme.ACCENT, 150) if self.hover_t > 0.5 else (255, 255, 255, 40)
        theme.face(surface, r, top, bottom, radius, edge=edge)
        pad = theme.px(self.PAD)
        x = r.left + pad
        y = r.top + pad
        name_size, small, footer_size = self.sizes()
        name, players, blurb = self.blocks(r.width)
        # suit medallion, centred on the first line of the name
        if self.art is not None:
            suit = self.spec.emblem_suit
            colour = (250, 246, 236) if suit in "SC" else (236, 118, 108)
            sym = self.art.suit_symbol(suit, theme.px(self.SUIT), colour)
            mid = y + theme.cap_middle(name_size, bold=True)
            surface.blit(sym, sym.get_rect(midright=(r.right - pad, mid)))
        for line in name:
            theme.draw_text(surface, line, (x, y), name_size, theme.TEXT, bold=True)
            y += theme.line_height(name_size, True)
        y += theme.px(4)
        for line in players:
            theme.draw_text(surface, line, (x, y), small, theme.ACCENT_LIGHT, bold=True)
            y += theme.line_height(small, True)
        y += theme.px(6)
        for line in blurb:
            theme.draw_text(surface, line, (x, y), small, theme.TEXT_DIM, shadow=False)
            y += theme.line_height(small)
        theme.draw_text(surface, self.footer(), (r.right - pad, r.bottom - pad), footer_size,
                        theme.lerp_colour(theme.TEXT_MUTED, theme.ACCENT, self.hover_t),
                        bold=True, anchor="bottomright", shadow=False)
        if self.focused and self.show_focus:
            theme.focus_ring(surface, r, radius)


class PickerScene(FormScene):
    title = N_("New game")
    subtitle = N_("Choose a game to play")

    def __init__(self) -> None:
        super().__init__()
        self.specs = registry.specs()
        self._art = None

    def art(self):
        if self._art is None:
            self._art = card_art_for(self.app.settings)
        return self._art

    def pick(self, game_id: str) -> None:
        self.app.open("setup", game_id)

    def tile_rects(self, tiles: list[GameTile]) -> list[pygame.Rect]:
        """Three tiles a row (two for four games or fewer), as tall as the tallest needs;
        the rows may go below the room they have (the picker scrolls then)."""
        w, _ = self.size
        n = len(tiles)
        top = self.heading_bottom() + theme.px(16)
        cols = 3 if n > 4 else 2
        gap = theme.px(22)
        widest = theme.px(360 * theme.text_scale())
        tw = min(widest, (w - theme.px(80) - gap * (cols - 1)) // cols)
        room = self.tile_area().height - theme.px(16)
        rows = (n + cols - 1) // cols
        need = max((t.needed_height(tw) for t in tiles), default=0)
        th = max(need, min(theme.px(196), (room - gap * (rows - 1)) // max(1, rows)))
        rects = []
        for i in range(n):
            row, col = divmod(i, cols)
            in_row = min(cols, n - row * cols)
            row_w = in_row * tw + (in_row - 1) * gap
            x0 = (w - row_w) // 2
            rects.append(pygame.Rect(x0 + col * (tw + gap), top + row * (th + gap), tw, th))
        return rects

    #: arrow key -> direction on the grid of tiles
    ARROWS = {pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1), pygame.K_LEFT: (-1, 0),
              pygame.K_RIGHT: (1, 0)}

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The arrows move over the tiles as they lie: Down goes to the tile below (it went
        to the next one, on the right), and from the last row on to Back."""
        if event.type == pygame.KEYDOWN and event.key in self.ARROWS and self.form.keyboard \
                and isinstance(self.form.focused, GameTile):
            target = self.neighbour(self.form.focused, *self.ARROWS[event.key])
            if target is not None:
                self.form.focus(target)
                return True
        return super().handle_event(event)

    def neighbour(self, tile, dx: int, dy: int):
        """The tile beside ``tile`` on the grid that way (the nearest in the next row for
        Up and Down; Back below the last row), or None (the focus then goes on in the
        form's order)."""
        here = tile.rect
        tiles = [w for w in self.form.widgets if isinstance(w, GameTile) and w is not tile]
        if dy:
            rows = [t for t in tiles if (t.rect.centery - here.centery) * dy > here.height // 2]
            if not rows:        # below the last row: the Back button
                return next((w for w in self.form.widgets if not isinstance(w, GameTile)
                             and w.focusable and w.interactive), None) if dy > 0 else None
            nearest = min(abs(t.rect.centery - here.centery) for t in rows)
            row = [t for t in rows if abs(t.rect.centery - here.centery) == nearest]
            return min(row, key=lambda t: abs(t.rect.centerx - here.centerx))
        same = [t for t in tiles if abs(t.rect.centery - here.centery) < here.height // 2
                and (t.rect.centerx - here.centerx) * dx > 0]
        return min(same, key=lambda t: abs(t.rect.centerx - here.centerx), default=None)

    def tile_area(self) -> pygame.Rect:
        """Where the tiles are seen (they scroll inside it when they do not fit)."""
        w, h = self.size
        top = self.heading_bottom() + theme.px(8)
        return pygame.Rect(theme.px(20), top, w - theme.px(60), h - theme.px(92) - top)

    def layout(self) -> None:
        tiles = [GameTile(spec, self.pick, self.art())
                 for spec in self.specs]
        rects = self.tile_rects(tiles)
        for tile, rect in zip(tiles, rects, strict=True):
            tile.rect = rect
            self.add(tile)
        bottom = max((r.bottom for r in rects), default=0) + theme.px(16)
        self.scroll(self.tile_area(), tiles, bottom)
        self.back_button()
