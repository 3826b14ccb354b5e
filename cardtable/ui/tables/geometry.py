"""Where things lie at a game's table (part of :class:`~cardtable.ui.tables.GameTable`).

The seats round the table seen from the viewer's chair (``slot``), the size of the cards
for the window, each zone's resting places (``place``: a hand fanned, a squared pile), the
drawing order of zones, the name plates, the caption and the row of buttons. A game's table
overrides ``place`` for its own zones and whatever of the rest its layout changes.
"""

from __future__ import annotations

import math

import pygame

from cardtable.ui import theme
from cardtable.ui.canvas import per_frame
from cardtable.ui.cardart import MIN_FACE_WIDTH, card_height
from cardtable.ui.tables.side_hands import upright_column

#: where each seat sits, seen from the viewer (seat numbers go clockwise)
SLOTS_BY_PLAYERS = {
    2: ("bottom", "top"),
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
}

Target = tuple[float, float, float, float, bool]  # x, y, angle, width, face up


class TableGeometry:
    """Part of :class:`~cardtable.ui.tables.GameTable`: where seats, zones, plates, the
    caption and the buttons lie, for a window of ``self.size``."""

    #: drawing order of zones (higher is drawn later)
    ZONE_Z = {"pile": 100, "won": 200, "stock": 300, "trump": 250, "trick": 500, "hand": 700,
              "deck": 900}

    # ---- seats and sizes --------------------------------------------------------------
    def slot(self, seat: int) -> str:
        """Where ``seat`` sits seen from the viewer: "bottom", "left", "top" or "right"."""
        return SLOTS_BY_PLAYERS[self.n][(seat - self.viewer) % self.n]

    def layout(self, size: tuple[int, int]) -> None:
        """Compute sizes and anchors for a window of ``size``."""
        self.size = size
        w, h = size
        self.cw = max(MIN_FACE_WIDTH, int(min(h * 0.13, w * 0.074) * self.card_scale()))
        self.ch = card_height(self.cw)

    def card_scale(self) -> float:
        """The "Larger cards" setting: every card of the table a fifth larger."""
        return 1.2 if self.t.settings.get("large_cards") else 1.0

    @property
    def centre(self) -> tuple[float, float]:
        w, h = self.size
        return (w / 2, h * 0.45)

    def small_width(self) -> int:
        """Card width of the other players' hands."""
        return max(36, int(self.cw * 0.64))

    # ---- hands ------------------------------------------------------------------------
    @per_frame
    def hand_anchor(self, seat: int) -> tuple[float, float]:
        w, h = self.size
        m = max(10, int(h * 0.02))
        slot = self.slot(seat)
        small = self.small_width()
        sh = card_height(small)
        if slot == "bottom":
            return (w / 2, h - self.ch / 2 - m)
        if slot == "top":
            return (w / 2, m + sh / 2)
        if slot == "left":
            return (m + sh / 2, h * 0.46)
        # the right-hand column keeps below the score panel: the review's (larger text, they
        # met) and the host's, whose panel lists the table's code and address too (at
        # 1280x720 it lay over the top three card backs, in every text size)
        y = h * 0.46
        n = len(self.t.zone(f"hand{seat}"))
        panel = self.t.score_panel_rect() if n else None
        if panel is not None:
            # the column's top edge: the review's cards stand upright, a playing table's lie
            # sideways (as tall as a small card is wide)
            over = sh - small / 2 if self.t.still else small / 2
            reach = y - self.hand_spacing(seat, n) * (n - 1) / 2 - over
            y += max(0.0, panel.bottom + theme.px(6) - reach)
        return (w - m - sh / 2, y)

    def hand_spacing(self, seat: int, count: int) -> float:
        w, h = self.size
        if self.slot(seat) == "bottom":     # with room for the plate on its left
            room = min(w * 0.5, w - 2 * (self.t.plate_width(seat) + self.cw * 0.22 + 20)) - self.cw
            return max(self.cw * 0.22, min(self.cw * 0.62, room / max(1, count - 1)))
        small = self.small_width()
        room = (h * 0.34) if self.slot(seat) in ("left", "right") else w * 0.3
        return max(small * 0.12, min(small * 0.34, room / max(1, count - 1)))

    @per_frame
    def hand_band(self) -> pygame.Rect:
        """Where a drop means 'put it back in my hand' (re-ordering)."""
        w, h = self.size
        x, y = self.hand_anchor(self.viewer)
        top = y - self.ch * 0.62
        return pygame.Rect(0, int(top), w, h - int(top))

    def place_hand(self, seat: int, sprites: list) -> list[Target]:
        n = len(sprites)
        if not n:
            return []
        slot = self.slot(seat)
        ax, ay = self.hand_anchor(seat)
        step = self.hand_spacing(seat, n)
        out = []
        if slot == "bottom":
            x0 = ax - step * (n - 1) / 2
            for i, s in enumerate(sprites):
                out.append((x0 + step * i, ay, 0.0, self.cw, s.code is not None))
            return out
        width = self.small_width()
        if slot == "top" and self.t.still:    # the review: left to right, the right way up
            x0 = ax - step * (n - 1) / 2
            for i, s in enumerate(sprites):
                out.append((x0 + step * i, ay, 0.0, width, s.code is not None and s.revealed))
            return out
        if slot == "top":
            x0 = ax + step * (n - 1) / 2
            for i, s in enumerate(sprites):
                out.append((x0 - step * i, ay, 180.0, width, s.code is not None and s.revealed))
            return out
        if self.t.still:       # the review: upright, every corner readable
            return upright_column(ax, ay, step, width, sprites)
        angle = 270.0 if slot == "left" else 90.0
        sign = 1 if slot == "left" else -1
        y0 = ay - sign * step * (n - 1) / 2
        for i, s in enumerate(sprites):
            out.append((ax, y0 + sign * step * i, angle, width,
                        s.code is not None and s.revealed))
        return out

    def widest_hand(self, seat: int) -> int:
        """The most cards ``seat``'s hand has held this deal: a plate beside the hand stays
        put by it as the hand shrinks (or grows and shrinks by a card, in the rummies)."""
        n = max(len(self.t.zone(f"hand{seat}")), self.widest.get(seat, 0))
        self.widest[seat] = n
        return n

    # ---- zones ------------------------------------------------------------------------
    def place(self, zone: str, sprites: list) -> list[Target]:
        """Resting places of the sprites of ``zone`` (override for game zones)."""
        if zone.startswith("hand"):
            return self.place_hand(int(zone[4:]), sprites)
        if zone == "deck":
            return self.place_stack(self.deck_pos(), sprites, self.cw, face_up=False)
        raise KeyError(zone)

    def deck_pos(self) -> tuple[float, float]:
        return self.centre

    def place_stack(self, pos, sprites, width, face_up=False, angle=0.0, depth=0.35,
                    jitter=0.0) -> list[Target]:
        """A squared pile; each card a hair higher than the one under it."""
        out = []
        # a tall pile (two or three decks waiting to be dealt) rises no more than a seventh
        # of a card: only its bottom card and top few are drawn, so a taller one would show
        # them apart, a gap between
        step = min(max(0.25, width * depth / 100), width * 0.14 / max(1, len(sprites)))
        for i, s in enumerate(sprites):
            a = angle
            if jitter:
                a += self.jitter(s, jitter)
            out.append((pos[0] - i * step, pos[1] - i * step * 1.4, a, width, face_up))
        return out

    def trick_angle(self, sprite) -> float:
        """The small slant of a card in the trick (the same for the card every frame)."""
        a = self.trick_angles.get(sprite.id)
        if a is None:
            a = self.rng.uniform(-7.0, 7.0)
            self.trick_angles[sprite.id] = a
        return a

    def jitter(self, sprite, amount: float) -> float:
        return math.sin(sprite.id * 12.9898) * amount

    def zone_z(self, zone: str) -> int:
        for prefix, z in self.ZONE_Z.items():
            if zone.startswith(prefix):
                return z
        return 400

    def slots(self) -> list[tuple[tuple[float, float], int, float, str]]:
        """Empty-zone outlines: (centre, width, angle, label) for zones with no card."""
        return []

    # ---- plates, caption and buttons --------------------------------------------------
    def plate_limit(self, seat: int) -> int | None:
        """The widest a seat's plate may be drawn (None: as wide as its words need)."""
        return None

    def plate_anchor(self, seat: int) -> tuple[str, tuple[int, int]]:
        """(rect point name, position) of a seat's name plate."""
        ax, ay = self.hand_anchor(seat)
        slot = self.slot(seat)
        # a plate beside a row of cards keeps its place as the row shrinks; one under a
        # column follows it up (kept where the row was, it would meet the log's corner)
        n = (self.widest_hand(seat) if slot in ("bottom", "top")
             else len(self.t.zone(f"hand{seat}"))) or 6
        gap = max(12, int(self.cw * 0.22))
        if slot == "bottom":
            half = self.hand_spacing(seat, n) * (n - 1) / 2 + self.cw / 2
            return "midright", (int(ax - half - gap), int(ay))
        if slot == "top":
            half = self.hand_spacing(seat, n) * (n - 1) / 2 + self.small_width() / 2
            return "midright", (int(ax - half - gap), int(ay))
        half = self.hand_spacing(seat, n) * (n - 1) / 2 + self.small_width() / 2
        if slot == "left":
            return "midtop", (int(ax + 0.2 * self.cw), int(ay + half + gap))
        return "midtop", (int(ax - 0.2 * self.cw), int(ay + half + gap))

    def caption_pos(self) -> tuple[float, float]:
        cx, cy = self.centre
        return (cx, cy - self.ch * 1.12)

    def caption_width(self) -> int | None:
        """The widest a caption may be drawn at :meth:`caption_pos` (None: the window's)."""
        return None

    def controls_origin(self, total_width: int, height: int) -> tuple[int, int] | None:
        """Top-left of the row of control buttons (None: centred above the hand)."""
        return None

    def controls_span(self, top: int, height: int) -> tuple[int, int]:
        """The x range the row of control buttons (at ``top``, ``height`` tall) may use
        without covering the game's piles; the scene centres the row in it."""
        return (theme.px(14), self.size[0] - theme.px(14))
