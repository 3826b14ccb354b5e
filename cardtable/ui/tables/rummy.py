"""The table of the two rummy games (rummy65 and quebec65): one class, set up per game.

Layout: the stock and the discard pile in the middle, the other players around the top
and the sides as compact seats (name plate, a small fan of backs, the melds they have laid
on the table), and the player at the bottom with a *staging area* above the hand.

The staging area is the player's own workspace and touches no rule: cards dragged there
form meld groups, each labelled at once by the engine's meld checker (a set, a run, or the
reason it is neither), wild cards carrying a tag saying which card they stand for. When
the groups make a legal way out under the game's rule, a "Go out" button appears; on a
last turn "Lay down" lays the valid groups. "Arrange for me" asks the meld solver.

Controls: click the stock or the discard pile (or drag its top card to your hand) to
draw; drag a card onto the discard pile (or double-click it, or click it and then the
pile) to discard; drag cards between the hand and the staging groups freely, at any time
(or click a card of the hand, then the group or the new-meld place it goes to).
"""

from __future__ import annotations

import math
import re

import pygame

from cardtable.engine import melds as meldlib
from cardtable.engine.core import Action
from cardtable.i18n import N_, Msg, NMsg, PMsg
from cardtable.ui import staging, theme
from cardtable.ui.cardart import MIN_FACE_WIDTH, card_height
from cardtable.ui.keyboard import KeyTarget
from cardtable.ui.tables import SUIT_WORDS, GameTable, Target, rummy_sheet, the_card
from cardtable.ui.tables.rummy_words import (
    MELD_REASONS,
    RANK_PLURAL,
    RANK_SHORT,
    dotted,
    wild_list,
    wild_words,
)


def seat_columns(k: int) -> tuple[int, int, int]:
    """How many opponents sit on the left, along the top and on the right."""
    return {0: (0, 0, 0), 1: (0, 1, 0), 2: (1, 0, 1), 3: (1, 1, 1), 4: (1, 2, 1),
            5: (1, 3, 1), 6: (2, 2, 2), 7: (2, 3, 2)}[k]


class RummyTable(GameTable):
    """The rummy table; :mod:`rummy65` and :mod:`quebec65` set the game's words."""

    game_id = ""
    DEAL_WORD = N_("Hand")
    #: "the hand" / "the round" inside a sentence
    THE_DEAL = PMsg("deal", "the hand")
    #: sentences this game words its own way (pgettext context = game id), see quebec65
    OWN: frozenset[str] = frozenset()
    HAS_POT = False
    REVIEW = False
    ZONE_Z = {"stock": 200, "pile": 300, "laid": 400, "stage": 600, "hand": 700, "deck": 900}

    def __init__(self, scene) -> None:
        super().__init__(scene)
        state = scene.match.state
        self.deck_size = len(state.all_cards())
        self.discard_when_out = bool(state.DISCARD_WHEN_OUT)
        self.deals_in_match = state.N_DEALS
        self.deal_no = max(1, state.deal_no)
        self.wild_ranks: list[str] = list(state.wild_ranks()) if state.deal_no else []
        self.cards_each = state.cards_dealt(self.deal_no)
        self.out_seat: int | None = None
        self.groups = staging.Groups()   # the groups being staged, by zone name
        self.laid_zones: dict[int, list[str]] = {}
        self.dropped = None          # the sprite last dropped by the player
        self.fresh: int | None = None  # id of the card just drawn (lifted a little)
        self.picked: int | None = None  # id of the card of the hand picked up by a click
        self._checks: dict[tuple, tuple] = {}
        self.pods: dict[int, tuple[int, int]] = {}
        self.pcw, self.pch = self.cw, self.ch   # width and height of the piles' cards
        self.cy: float | None = None            # their centre line (set by layout)

    # ---- rules (asked of the engine) ----------------------------------------------------
    def rules(self) -> meldlib.MeldRules:
        return self.t.match.state.meld_rules(self.deal_no)

    def is_wild(self, code: str | None) -> bool:
        return staging.is_wild(code, self.wild_ranks)

    def check(self, codes: list[str]) -> tuple[bool, str, list[str | None]]:
        """(valid, label, what each card stands for) of one staged group."""
        key = (self.deal_no, tuple(codes))
        got = self._checks.get(key)
        if got is None:
            v = staging.check(codes, self.rules())
            if v.missing:
                label = NMsg("add {n} more card", "add {n} more cards", v.missing, n=v.missing)
            elif v.reason is not None:
                label = self.meld_reason(*v.reason)
            elif v.kind == "set":
                label = Msg("Set of {ranks}", ranks=Msg(RANK_PLURAL[v.rank]))
            else:
                label = Msg("Run in {suit}", suit=Msg(SUIT_WORDS[v.suit]))
            got = (v.valid, label, list(v.stands))
            if len(self._checks) > 500:
                self._checks.clear()
            self._checks[key] = got
        return got

    def meld_reason(self, code: str, text: str) -> Msg:
        """The engine's reason (code, English text) a group is no meld, in the player's words."""
        if code == "too_many_wilds":
            counts = [int(x) for x in re.findall(r"\d+", text)]
            if len(counts) == 2:
                return self.m(N_("Too many wild cards: {wild} wild for {natural} natural"),
                              wild=counts[0], natural=counts[1])
            return self.m(N_("Too many wild cards"))
        return Msg(MELD_REASONS.get(code, N_("Not a meld")))

    def m(self, msgid: str, /, **values) -> Msg:
        """A sentence in this game's words: its own (context ``game_id``) when it has them."""
        if msgid in self.OWN:
            return PMsg(self.game_id, msgid, **values)
        return Msg(msgid, **values)

    # ---- seats --------------------------------------------------------------------------
    def slot(self, seat: int) -> str:
        return "bottom" if seat == self.viewer else "pod"

    def others(self) -> list[int]:
        """The other seats clockwise from the viewer's left."""
        return [(self.viewer + i) % self.n for i in range(1, self.n)]

    def plate_size(self) -> tuple[int, int]:
        return theme.px(176), theme.px(50)

    def tiny_width(self) -> int:
        return max(20, theme.px(30))

    def laid_width(self) -> int:
        return max(MIN_FACE_WIDTH, theme.px(48))

    def pod_height(self) -> int:
        """A seat: plate, fan of backs, one row of laid melds."""
        _, ph = self.plate_size()
        return ph + self.fan_shown() + theme.px(6) + card_height(self.laid_width())

    def fan_tuck(self) -> int:
        """How much of an opponent's fan of backs hides under the name plate."""
        return -theme.px(4)   # a plate is translucent: the fan hangs just under it

    def fan_shown(self) -> int:
        return card_height(self.tiny_width()) - self.fan_tuck()

    # ---- geometry -----------------------------------------------------------------------
    def layout(self, size) -> None:
        super().layout(size)
        w, h = size
        self.pcw, self.pch, self.cy = self.cw, self.ch, None
        self._layout_pods()
        # the staged cards fill what is left between the piles and the message line: at
        # most 0.64 of a card of the hand, and at least half a card of normal size; when
        # that room is short (larger cards) the piles move up (as far as the seats along
        # the top allow), then become smaller (down to 0.75 of their normal size); the
        # staged cards stay at least as wide as a hand at its smallest
        normal = self.cw / self.card_scale()
        bottom = self.stage_bottom()
        gap = theme.px(16)
        want = max(MIN_FACE_WIDTH, int(normal * 0.5))
        top_seats = seat_columns(self.n - 1)[1] > 0
        ceiling = (theme.px(12) + self.pod_height() if top_seats else theme.px(12)) + \
            theme.px(8)

        def fit(pcw: int, cy: float) -> int:
            room = bottom - (cy + card_height(pcw) / 2 + gap)
            return int(room * 100 / card_height(100))

        pcw, cy = self.cw, h * 0.37
        while True:
            highest = ceiling + 0.168 * pcw + 0.56 * card_height(pcw)
            cy = min(h * 0.37, max(highest, bottom - gap - card_height(want) -
                                   card_height(pcw) / 2))
            if fit(pcw, cy) >= want or pcw <= normal * 0.75:
                break
            pcw = max(int(normal * 0.75), pcw - 2)
        self.pcw, self.pch, self.cy = pcw, card_height(pcw), cy
        self.sw = max(MIN_FACE_WIDTH, min(int(self.cw * 0.64),
                                          max(int(normal * 0.42), fit(pcw, cy))))

    def _layout_pods(self) -> None:
        w, h = self.size
        pw, ph = self.plate_size()
        m = theme.px(14)
        left, top, right = seat_columns(self.n - 1)
        seats = self.others()
        self.pods = {}
        # the side columns run from under the top row to above the player's hand
        y0 = theme.px(12) + (self.pod_height() + theme.px(14) if top else theme.px(150))
        y1 = h * 0.78
        for col, count, x in ((0, left, m), (2, right, w - m - pw)):
            if not count:
                continue
            part = seats[:left] if col == 0 else seats[left + top:]
            if col == 0:
                part = part[::-1]  # clockwise: the left column goes upwards
            room = y1 - y0
            step = min(room / count, self.pod_height() + theme.px(24))
            start = y0 + (room - step * count) / 2 if count > 1 else y0 + min(
                room * 0.12, theme.px(30))
            for i, seat in enumerate(part):
                self.pods[seat] = (int(x), int(start + step * i))
        if top:
            gap = theme.px(28)
            span = top * pw + (top - 1) * gap
            lo, hi = theme.px(118), w - theme.px(262)
            cx = min(max(w / 2, lo + span / 2), hi - span / 2)
            x = cx - span / 2
            for i, seat in enumerate(seats[left:left + top]):
                self.pods[seat] = (int(x + i * (pw + gap)), theme.px(12))

    @property
    def centre(self) -> tuple[float, float]:
        w, h = self.size
        cy = getattr(self, "cy", None)
        return (w / 2, h * 0.37 if cy is None else cy)

    def stock_pos(self) -> tuple[float, float]:
        cx, cy = self.centre
        return (cx - self.pcw * 0.72, cy)

    def pile_pos(self) -> tuple[float, float]:
        cx, cy = self.centre
        return (cx + self.pcw * 0.72, cy)

    def deck_pos(self) -> tuple[float, float]:
        return self.stock_pos()

    # From the hand upwards: the hand, the row of buttons (the scene's), the message line,
    # the labels of the staged groups, the staged cards, the piles. The message line is
    # where the scene shows its toasts (``hand_band().top - px(70)``); this table shows
    # its captions and the line saying what to do now there too, so a toast never covers
    # a group's label or a button.
    def message_y(self) -> float:
        """Centre line of the message line (the scene's toasts, captions, the status)."""
        return self.hand_band().top - theme.px(70)

    def message_rect(self, width: int | None = None) -> pygame.Rect:
        """The space a pill of the message line takes (the scene's ``pill`` at 17 px)."""
        th = theme.text_size("Ag", theme.px(17), True)[1]
        r = pygame.Rect(0, 0, width or self.size[0], th + theme.px(18))
        r.center = (int(self.size[0] / 2), int(self.message_y()))
        return r

    def label_height(self) -> int:
        """A group's label: at most two lines."""
        size = theme.px(13)
        return 2 * max(theme.font(size).get_linesize(), theme.font(size, bold=True)
                       .get_linesize()) + theme.px(6)

    def stage_bottom(self) -> float:
        """Bottom of the staged cards: their labels end above the message line."""
        return self.message_rect().top - theme.px(4) - self.label_height() - theme.px(5)

    def caption_pos(self) -> tuple[float, float]:
        return (self.size[0] / 2, self.message_y())

    def stage_y(self) -> float:
        """Centre line of the staged cards."""
        return self.stage_bottom() - card_height(self.sw) / 2

    def stage_band(self) -> pygame.Rect:
        """Where a card dropped starts a new group (or joins the one under it)."""
        w, _ = self.size
        pw, _ = self.plate_size()
        left = theme.px(14) + pw + theme.px(16)
        sh = card_height(self.sw)
        top = int(self.stage_y() - sh / 2 - theme.px(20))
        return pygame.Rect(left, top, w - 2 * left, self.hand_band().top - top)

    def pod_anchor(self, seat: int) -> tuple[float, float]:
        x, y = self.pods.get(seat, (0, 0))
        pw, ph = self.plate_size()
        return (x + pw / 2, y + ph - self.fan_tuck() + card_height(self.tiny_width()) / 2)

    def hand_anchor(self, seat: int) -> tuple[float, float]:
        if seat == self.viewer:
            return super().hand_anchor(seat)
        return self.pod_anchor(seat)

    def plate_anchor(self, seat: int):
        if seat == self.viewer:
            return super().plate_anchor(seat)
        return "topleft", self.pods.get(seat, (0, 0))

    def hand_spacing(self, seat: int, count: int) -> float:
        if seat == self.viewer:
            return super().hand_spacing(seat, count)
        pw, _ = self.plate_size()
        tw = self.tiny_width()
        return max(2.0, min(tw * 0.3, (pw - tw) / max(1, count - 1)))

    def place_hand(self, seat: int, sprites: list) -> list[Target]:
        if seat == self.viewer:
            return super().place_hand(seat, sprites)
        n = len(sprites)
        ax, ay = self.pod_anchor(seat)
        step = self.hand_spacing(seat, n)
        x0 = ax - step * (n - 1) / 2
        tw = self.tiny_width()
        # backs only, as a hand across the table looks: a card taken from the discard pile
        # is named in the log, but a face this small would show an unreadable index
        return [(x0 + step * i, ay, 0.0, tw, False) for i in range(len(sprites))]

    def group_width(self, count: int, width: int, step: float) -> float:
        return width + step * max(0, count - 1)

    def stage_step(self) -> float:
        return self.sw * 0.4

    def stage_items(self) -> list[tuple[str, str, pygame.Rect]]:
        """The staging band left to right: (kind, zone, rect of the cards).

        Kinds: 'laid' (the player's melds on the table), 'stage' (a group being built)
        and 'new' (the empty place for a new group).
        """
        t = self.t
        names = [("laid", z) for z in self.laid_zones.get(self.viewer, [])]
        names += [("stage", z) for z in self.groups.names()]
        if self.t.match.is_human(self.viewer) and self.out_seat != self.viewer and \
                not self.t.match.is_over:
            names.append(("new", ""))
        band = self.stage_band()
        sw, sh = self.sw, card_height(self.sw)
        step = self.stage_step()
        gap = theme.px(20)
        label_w = theme.px(112)
        counts = [len(t.zones.get(z, [])) if z else 1 for _, z in names]

        def total(step):
            return sum(max(label_w, self.group_width(c, sw, step)) for c in counts) + \
                gap * (len(names) - 1)

        while total(step) > band.width and step > sw * 0.18:
            step *= 0.85
        x = band.centerx - total(step) / 2
        y = self.stage_y() - sh / 2
        out = []
        for (kind, zone), c in zip(names, counts, strict=True):
            slot = max(label_w, self.group_width(c, sw, step))
            gw = self.group_width(c, sw, step)
            rect = pygame.Rect(int(x + (slot - gw) / 2), int(y), int(gw), sh)
            out.append((kind, zone, rect))
            x += slot + gap
        return out

    def place(self, zone: str, sprites: list) -> list[Target]:
        for s in sprites:
            s.wild = self.is_wild(s.code)
        if zone == "stock":
            return self.place_pile(self.stock_pos(), sprites, False)
        if zone == "pile":
            return self.place_pile(self.pile_pos(), sprites, True)
        if zone.startswith("stage") or zone.startswith(f"laid{self.viewer}_"):
            for _kind, name, rect in self.stage_items():
                if name == zone:
                    step = (rect.width - self.sw) / max(1, len(sprites) - 1)
                    return [(rect.left + self.sw / 2 + step * i, rect.centery, 0.0, self.sw,
                             True) for i in range(len(sprites))]
            return [(*self.centre, 0.0, self.sw, True) for _ in sprites]
        if zone.startswith("laid"):
            return self.place_laid(zone, sprites)
        return super().place(zone, sprites)

    def place_pile(self, pos, sprites, face_up) -> list[Target]:
        n = len(sprites)
        step = min(0.35, self.pcw * 0.12 / max(1, n))
        out = []
        for i, s in enumerate(sprites):
            a = self.jitter(s, 4.0) if face_up else 0.0
            out.append((pos[0] - i * step, pos[1] - i * step * 1.4, a, self.pcw, face_up))
        return out

    def laid_rows(self, seat: int) -> list[tuple[str, float, float]]:
        """(zone, left x, centre y) of each meld a seat has laid, in rows under its fan."""
        x, y = self.pods.get(seat, (0, 0))
        pw, ph = self.plate_size()
        lw = self.laid_width()
        step = lw * 0.34
        gap = theme.px(8)
        row_w = pw + theme.px(90)
        side = "left" if x < self.size[0] * 0.2 else "right" if x > self.size[0] * 0.6 and \
            y > theme.px(40) else "top"
        top = y + ph + self.fan_shown() + theme.px(6)
        rows: list[list[tuple[str, float]]] = [[]]
        used = 0.0
        for zone in self.laid_zones.get(seat, []):
            width = self.group_width(len(self.t.zones.get(zone, [])), lw, step)
            if rows[-1] and used + gap + width > row_w:
                rows.append([])
                used = 0.0
            rows[-1].append((zone, width))
            used += (gap if used else 0) + width
        out = []
        for r, row in enumerate(rows):
            span = sum(wd for _, wd in row) + gap * (len(row) - 1)
            # side seats lay their melds towards the middle of the table
            left = x if side == "left" else x + pw - span if side == "right" else \
                x + pw / 2 - span / 2
            cy = top + card_height(lw) / 2 + r * (card_height(lw) * 0.62)
            for zone, wd in row:
                out.append((zone, left, cy))
                left += wd + gap
        return out

    def place_laid(self, zone: str, sprites: list) -> list[Target]:
        seat = int(zone[4:].split("_")[0])
        lw = self.laid_width()
        for name, left, cy in self.laid_rows(seat):
            if name == zone:
                return [(left + lw / 2 + i * lw * 0.34, cy, 0.0, lw, True)
                        for i in range(len(sprites))]
        return [(*self.centre, 0.0, lw, True) for _ in sprites]

    def slots(self):
        out = []
        t = self.t
        if not t.zones.get("stock"):
            out.append((self.stock_pos(), self.pcw, 0.0, N_("stock")))
        if not t.zones.get("pile"):
            out.append((self.pile_pos(), self.pcw, 0.0, N_("discard")))
        return out

    # ---- hand order -----------------------------------------------------------------------
    def sort_key(self, code: str | None):
        """Suits apart (alternating colours), ace low; wild cards at the right end."""
        return staging.sort_key(code, self.wild_ranks)

    def _group_order(self, sprites: list) -> None:
        """A valid group is shown in meld order: a run by position, wilds in their gaps."""
        codes = [s.code for s in sprites]
        ok, _, stands = self.check(codes)
        if not ok:
            return
        sprites[:] = [sprites[i] for i in staging.meld_order(codes, stands)]

    # ---- the staging area ---------------------------------------------------------------
    @property
    def stage_ids(self) -> list[int]:
        """The numbers of the groups being staged, left to right."""
        return self.groups.ids

    def stage_zones(self) -> list[str]:
        return self.groups.names()

    def staged(self) -> list[list[str]]:
        return [[s.code for s in self.t.zones.get(z, [])] for z in self.stage_zones()]

    def new_stage(self) -> str:
        return self.groups.new()

    def prune_stage(self) -> None:
        """Forget empty groups."""
        for zone in self.groups.prune(lambda z: not self.t.zones.get(z)):
            self.t.zones.pop(zone, None)

    def stage_changed(self, duration: float = 0.22) -> None:
        self.prune_stage()
        for z in self.stage_zones():
            self._group_order(self.t.zones[z])
        self.t.relayout(duration)
        self.t.rebuild_controls()

    def unstage_all(self) -> None:
        t = self.t
        zones = self.stage_zones() + [z for z in t.zones if z.startswith("stage")
                                      and z not in self.stage_zones()]
        for z in zones:
            for s in list(t.zones.get(z, [])):
                t.insert_sorted(s, self.viewer)
        for z in zones:
            if not t.zones.get(z):
                t.zones.pop(z, None)
        self.prune_stage()

    def clear_stage(self) -> None:
        self.unstage_all()
        self.stage_changed()

    def arrange(self) -> None:
        """Stage the solver's best arrangement (a way out when there is one).

        Every staged group it leaves is a valid meld; every other card is in the hand.
        Whatever the player was holding (a card picked up with a click or with Space)
        is put down first, so that it cannot be carried off a meld afterwards.
        """
        t = self.t
        self.picked = None
        keys = getattr(t, "keys", None)
        if keys is not None:
            keys.release()
        self.unstage_all()
        hand = t.zone(f"hand{self.viewer}")
        codes = [s.code for s in hand if s.code is not None]
        melds = staging.arrangement(codes, self.rules(), self.wild_ranks,
                                    going_out=self.can_discard(),
                                    discard_when_out=self.discard_when_out)
        free = [s for s in hand if s.code is not None and not s.dragging]
        staged = 0
        for meld in melds:
            group = []
            for code in meld:
                s = next((x for x in free if x.code == code), None)
                if s is None:
                    break
                free.remove(s)
                group.append(s)
            if len(group) != len(meld) or not self.check([s.code for s in group])[0]:
                free.extend(group)      # never a group that is not a meld
                continue
            zone = self.new_stage()
            for s in group:
                t.put(s, zone)
            staged += 1
        if not staged:
            t.show_toast(N_("No meld in this hand yet."))
        self.stage_changed(0.3)

    def stage_item_at(self, pos) -> tuple[str, str, pygame.Rect] | None:
        pad = theme.px(14)
        for item in self.stage_items():
            if item[2].inflate(pad, pad * 2).collidepoint(pos):
                return item
        return None

    # ---- what the player may do now ---------------------------------------------------------
    def my_turn(self) -> bool:
        return self.t.my_turn()

    def can_draw(self) -> bool:
        return self.my_turn() and any(a.kind == "draw" for a in self.t.legal)

    def can_discard(self) -> bool:
        return self.my_turn() and any(a.kind in ("discard", "go_out") for a in self.t.legal)

    def go_out_action(self) -> Action | None:
        """Going out with the staged groups, when they make a legal way out."""
        if not self.can_discard():
            return None
        rest = [s.code for s in self.t.zone(f"hand{self.viewer}")]
        return staging.go_out_action(self.staged(), rest, self.discard_when_out,
                                     lambda g: self.check(list(g))[0])

    def lay_action(self) -> Action | None:
        """On a last turn: lay the valid groups (at least one card stays in hand)."""
        if not self.can_discard() or self.out_seat is None:
            return None
        return staging.lay_action(self.staged(), len(self.t.zone(f"hand{self.viewer}")),
                                  lambda g: self.check(list(g))[0])

    def discard_action(self, sprite) -> Action:
        """Dropping a card on the pile: going out when the rest is laid out legally."""
        if self.discard_when_out:
            out = self.go_out_action()
            if out is not None and out.discard == sprite.code and sprite.zone.startswith("hand"):
                return out
        return Action("discard", card=sprite.code)

    def status_shown(self) -> Msg | str:
        """The status line as drawn: not while a toast or a caption holds the message line
        (a caption often says the same: "... went out: everybody else takes a last turn")."""
        if self.t.toast is not None or self.t.caption is not None:
            return ""
        return self.status()

    def status(self) -> Msg | str:
        """One line telling the player what to do now."""
        if not self.t.match.is_human(self.viewer) or self.t.match.is_over:
            return ""
        last = self.out_seat is not None
        picked = self.picked_sprite()
        if picked is not None and not self.can_draw():
            card = the_card(picked.code)
            if self.can_discard():
                return Msg("You hold {card}: click the discard pile to discard it, or a group "
                           "to move it there.", card=card)
            return Msg("You hold {card}: click a group or the new meld to move it there.",
                       card=card)
        if not self.my_turn():
            if last:
                return self.said(self.out_seat,
                                 N_("You went out: everybody else takes a last turn."),
                                 N_("{name} went out: everybody else takes a last turn."))
            return N_("Drag cards up here to build melds while you wait.") if not \
                self.groups.ids else ""
        if self.can_draw():
            top = self.t.zones.get("pile")
            if top and top[-1].code:
                card = the_card(top[-1].code)
                if last:
                    return self.m(N_("Last turn: draw from the stock or take {card}."), card=card)
                return self.m(N_("Draw from the stock or take {card}."), card=card)
            if last:
                return self.m(N_("Last turn: draw from the stock."))
            return self.m(N_("Draw from the stock."))
        if self.go_out_action() is not None:
            return N_("Every card is in a valid meld: you can go out!") if not \
                self.discard_when_out else N_("All but one card in valid melds: go out and "
                                              "discard it!")
        if last:
            return N_("Last turn: lay down the melds you can, then discard.")
        groups = self.staged()
        bad = sum(1 for g in groups if not self.check(g)[0])
        if bad:
            return NMsg("{n} group is not a valid meld yet.",
                        "{n} groups are not a valid meld yet.", bad, n=bad)
        if self.discard_when_out:
            return N_("Discard onto the pile, or put every card but the one you discard in "
                      "melds to go out.")
        return N_("Discard onto the pile, or put every card in melds to go out.")

    # ---- input ----------------------------------------------------------------------------
    def _pile_rect(self, zone: str, pos) -> pygame.Rect:
        """Around the pile's top card (a tall pile rises up and to the left)."""
        r = pygame.Rect(0, 0, int(self.pcw * 1.15), int(self.pch * 1.12))
        cards = self.t.zones.get(zone)
        if cards:
            x, y = cards[-1].target[:2]
            r.center = (int(x), int(y))
        else:
            r.center = tuple(int(v) for v in pos)
        return r

    def pile_rect(self) -> pygame.Rect:
        return self._pile_rect("pile", self.pile_pos())

    def stock_rect(self) -> pygame.Rect:
        return self._pile_rect("stock", self.stock_pos())

    def draggable(self, sprite) -> bool:
        if sprite.code is not None and sprite.zone.startswith("stage"):
            return True
        if sprite.zone in ("stock", "pile") and self.can_draw():
            zone = self.t.zones.get(sprite.zone)
            return bool(zone) and zone[-1] is sprite
        return False

    def local_drop(self, sprite, pos):
        t = self.t
        zone = sprite.zone
        item = self.stage_item_at(pos) if zone not in ("stock", "pile") else None
        outcome = staging.drop_outcome(
            zone, on_pile=self.pile_rect().collidepoint(pos),
            on_stock=self.stock_rect().collidepoint(pos), item=item[0] if item else None,
            in_hand_band=self.hand_band().collidepoint(pos),
            in_stage_band=self.stage_band().collidepoint(pos),
            alone=len(t.zones.get(zone, [])) == 1)
        if outcome == "draw":
            return Action("draw", source="stock" if zone == "stock" else "discard")
        if zone not in ("stock", "pile"):
            self.dropped = sprite
        if outcome == "discard":
            return self.discard_action(sprite)
        if outcome == "not_stock":
            t.show_toast(N_("Discard onto the face-up pile, not the stock."))
        elif outcome == "not_laid":
            t.show_toast(N_("Melds on the table are finished: build a new group beside them."))
        elif outcome == "join":
            if item[1] != zone:
                t.put(sprite, item[1])
            self.stage_changed()
            return True
        elif outcome == "to_hand":
            hand = t.zone(f"hand{self.viewer}")
            index = sum(1 for s in hand if s.target[0] < pos[0])
            t.put(sprite, f"hand{self.viewer}", index)
            t.manual_order = True
            self.stage_changed()
            return True
        elif outcome == "reorder":
            return None   # the scene re-orders the hand
        elif outcome == "stay":
            t.relayout(0.2, zones=[zone])  # already a group of its own
            return True
        elif outcome == "new_group":
            t.put(sprite, self.new_stage())
            self.stage_changed()
            return True
        t.relayout(0.25, zones=[zone])
        return True

    def drop_action(self, sprite, pos) -> Action | None:
        if sprite.code is None or sprite.zone in ("stock", "pile"):
            return None
        self.dropped = sprite
        return self.discard_action(sprite)

    def picked_sprite(self):
        """The card of the hand picked up by a click (None when there is none)."""
        if self.picked is None:
            return None
        for s in self.t.zones.get(f"hand{self.viewer}", []):
            if s.id == self.picked and s.code is not None:
                return s
        self.picked = None
        return None

    def card_clicked(self, sprite) -> None:
        """A click on the top card of the stock or of the discard pile draws it; a click on
        a card of the hand picks it up (a second click puts it back), and the next click
        on the pile, a group or the new-meld place puts it there."""
        t = self.t
        if sprite.zone in ("stock", "pile") and self.can_draw():
            self.picked = None
            source = "stock" if sprite.zone == "stock" else "discard"
            t.try_action(Action("draw", source=source), sprite)
            return
        picked = self.picked_sprite()
        if sprite.zone == f"hand{self.viewer}" and sprite.code is not None:
            self.picked = None if picked is sprite else sprite.id
            return
        if picked is not None and sprite.zone.startswith("stage"):
            self.picked = None
            self.local_drop(picked, sprite.rect().center)

    def click_action(self, pos) -> Action | None:
        picked = self.picked_sprite()
        self.picked = None
        if picked is not None:
            if self.pile_rect().collidepoint(pos):
                self.dropped = picked
                return self.discard_action(picked)
            if self.stock_rect().collidepoint(pos) and not self.can_draw():
                self.t.show_toast(N_("Discard onto the face-up pile, not the stock."))
                return None
            item = self.stage_item_at(pos)
            if item is not None and item[0] in ("stage", "new"):
                self.local_drop(picked, item[2].center)
                return None
        if self.stock_rect().collidepoint(pos):
            return Action("draw", source="stock")
        if self.pile_rect().collidepoint(pos):
            return Action("draw", source="discard")
        return None

    def key_cancel(self) -> bool:
        had = self.picked_sprite() is not None
        self.picked = None
        return had

    def drop_targets(self, sprite) -> list[pygame.Rect]:
        if sprite.zone in ("stock", "pile"):
            return [self.hand_band().inflate(0, -theme.px(8))]
        out = [self.pile_rect()] if self.can_discard() else []
        item = self.stage_item_at(self.t.pointer)
        if item is not None and item[0] != "laid":
            out.append(item[2].inflate(theme.px(12), theme.px(12)))
        return out

    def controls(self, legal: list[Action]) -> list[tuple]:
        out: list[tuple] = []
        if not self.t.match.is_human(self.viewer) or self.t.match.is_over:
            return out
        cards = len(self.t.zones.get(f"hand{self.viewer}", [])) + sum(
            len(g) for g in self.staged())
        if cards:
            out.append((N_("Arrange for me"), self.arrange, "quiet"))
        if self.groups.ids:
            out.append((N_("Clear melds"), self.clear_stage, "quiet"))
        go = self.go_out_action()
        if go is not None:
            out.append((N_("Go out"), go, "primary"))
        else:
            lay = self.lay_action()
            if lay is not None:
                n = len(lay.melds)
                out.append((NMsg("Lay down {n} meld", "Lay down {n} melds", n, n=n), lay,
                            "primary"))
        return out

    # ---- keys ------------------------------------------------------------------------------
    KEY_HOLD = True

    def key_rows(self) -> list[tuple[str, list]]:
        piles = [self.key_target("stock", self.stock_rect()),
                 self.key_target("pile", self.pile_rect(), drop=self.pile_rect().center)]
        stage = []
        for kind, zone, rect in self.stage_items():
            if kind == "stage":
                for s in self.t.zones.get(zone, []):
                    stage.append(KeyTarget(f"card{s.id}", s.rect(), sprite=s,
                                           drop=s.rect().center))
            elif kind == "new":
                stage.append(KeyTarget("new group", rect, self._key_new_hint,
                                       drop=rect.center))
        return [("piles", piles), ("stage", stage)]

    def key_shortcuts(self) -> list[tuple]:
        t = self.t
        out = [
            (pygame.K_d, "D", N_("Draw from the stock"),
             lambda: t.try_action(Action("draw", source="stock"))),
            (pygame.K_t, "T", N_("Take the top card of the discard pile"),
             lambda: t.try_action(Action("draw", source="discard"))),
            (pygame.K_g, "G", N_("Go out (or lay down on a last turn) with the groups"),
             self._key_go_out),
            (pygame.K_a, "A", N_("Arrange for me"), self.arrange),
            (pygame.K_n, "N", N_("Put the focused card in a new group"),
             lambda: self._key_to_group(None)),
            (pygame.K_0, "0", N_("Put the focused card back in the hand"),
             lambda: self._key_to_group(0)),
        ]
        for i in range(1, 10):
            out.append((getattr(pygame, f"K_{i}"), "1 – 9" if i == 1 else "",
                        N_("Put the focused card in group 1, 2, 3..."),
                        lambda i=i: self._key_to_group(i)))
        return out

    def key_help(self) -> list[tuple[str, str]]:
        return [
            (N_("Space"), N_("Pick a card up; Space on a group, the pile or the hand puts it")),
            (N_("Enter"), N_("Discard the focused card (going out when the rest is laid)")),
        ]

    def _key_new_hint(self) -> None:
        self.t.show_toast(N_("Focus a card and press N, or pick it up with Space first."))

    def _key_go_out(self) -> None:
        action = self.go_out_action() or self.lay_action()
        if action is None:
            self.t.show_toast(N_("The groups do not make a way out yet."))
            return
        self.t.try_action(action)

    def _key_to_group(self, number: int | None) -> None:
        """Move the focused (or picked-up) card: to new group (None), the hand (0) or group
        ``number`` counted from the left."""
        keys = self.t.keys
        sprite = keys.held or keys.focused_card()
        keys.release()
        hand = f"hand{self.viewer}"
        if sprite is None or sprite.code is None or not (
                sprite.zone == hand or sprite.zone.startswith("stage")):
            self.t.show_toast(N_("Focus one of your cards first."))
            return
        groups = [rect for kind, _z, rect in self.stage_items() if kind == "stage"]
        if number is None:
            pos = next((rect.center for kind, _z, rect in self.stage_items() if kind == "new"),
                       None)
            if pos is None:
                return
        elif number == 0:
            if sprite.zone == hand:
                return
            band = self.hand_band()
            pos = (band.right - 2, band.centery)
        elif number <= len(groups):
            pos = groups[number - 1].center
        else:
            self.t.show_toast(N_("There is no group with that number."))
            return
        from_hand = sprite.zone == hand
        index = keys.index
        keys.drop(sprite, pos)
        if from_hand:   # stay in the hand, on the next card
            keys.focus, keys.row, keys.index = None, "hand", index

    def _draw_group_numbers(self, surface) -> None:
        if not self.t.keys.shown:
            return
        n = 0
        for kind, _zone, rect in self.stage_items():
            if kind == "stage":
                n += 1
                self.t.text(surface, str(n), (rect.left - theme.px(6), rect.top),
                            theme.px(15), theme.ACCENT_LIGHT, bold=True, anchor="topright")

    def mark_hand(self, hand: list, mine: bool) -> None:
        t = self.t
        picked = self.picked_sprite()
        for s in hand:
            s.glow = s is picked and not s.dragging
            s.dim = False
            if s.dragging or s is picked:
                s.lift_target = 1.0
            elif s is t.hover and t.drag is None:
                s.lift_target = 1.0
            else:
                s.lift_target = 0.55 if s.id == self.fresh else 0.0

    # ---- events ---------------------------------------------------------------------------
    def new_deal(self, ev: dict) -> None:
        t = self.t
        self.deal_no = ev.get("deal", self.deal_no)
        self.wild_ranks = list(ev.get("wild_ranks", []))
        self.cards_each = ev.get("cards_each", self.cards_each)
        self.out_seat = None
        self.groups.clear()
        self.laid_zones = {}
        self.fresh = None
        self.picked = None
        for name in [z for z in t.zones if z.startswith(("stage", "laid"))]:
            for s in list(t.zones[name]):
                t.put(s, "deck")
            t.zones.pop(name, None)
        total = sum(ev.get("hand_sizes", [0])) or 1
        self.DEAL_STAGGER = min(0.06, 2.2 / total)
        t.show_caption(self.banner(), 3.2)

    def banner(self) -> Msg:
        return self.m(N_("{deal} {k} of {n} · {cards} cards each · wild: {wild}"),
                      deal=Msg(self.DEAL_WORD), k=self.deal_no, n=self.deals_in_match,
                      cards=self.cards_each, wild=wild_words(self.wild_ranks))

    def after_deal(self, ev: dict, elapsed: float) -> float:
        t = self.t
        deck = t.zone("deck")
        if not deck:
            return 0.0
        up = deck[-1]
        up.code = ev.get("up_card")
        t.put(up, "pile")
        for s in list(deck):
            t.put(s, "stock")
        t.play_sound("flip", elapsed + 0.1)
        return 0.3

    def deal_out(self, ev: dict) -> float:
        hold = super().deal_out(ev)
        pile = self.t.zones.get("pile")
        if pile and self.t.speed > 0 and not self.t.skipping:
            s = pile[-1]
            x, y, a, w = s.target
            total = sum(ev.get("hand_sizes", [])) * self.DEAL_STAGGER
            s.move_to(x, y, a, w, duration=0.3 / self.t.speed,
                      delay=total / self.t.speed, face_up=True)
        return hold

    def take(self, seat: int, code: str, melding: bool = False):
        """The sprite of ``code`` leaving a seat's cards (the staging area included)."""
        t = self.t
        if seat == self.viewer:
            hand = [f"hand{seat}"]
            zones = self.stage_zones() + hand if melding else hand + self.stage_zones()
            d = self.dropped
            if d is not None and d.code == code and d.zone in zones:
                self.dropped = None
                return d
            for z in zones:
                for s in t.zones.get(z, []):
                    if s.code == code:
                        return s
        return t.take_from_hand(seat, code)

    def on_drew(self, ev: dict) -> float:
        t = self.t
        seat = ev["seat"]
        source = ev.get("source")
        zone = t.zone("pile" if source == "discard" else "stock")
        if zone:
            s = zone[-1]
        else:
            s = t.new_card(None, self.stock_pos(), "stock")
        s.code = ev.get("card")
        s.revealed = source == "discard" and seat != self.viewer
        if seat == self.viewer:
            t.insert_sorted(s, seat)
            self.fresh = s.id
        else:
            t.put(s, f"hand{seat}")
        t.relayout(0.3)
        t.play_sound("deal")
        return 0.3

    def on_discarded(self, ev: dict) -> float:
        t = self.t
        seat, card = ev["seat"], ev["card"]
        s = self.take(seat, card)
        if s is None:
            s = t.new_card(card, self.hand_anchor(seat), "pile")
        came_from = s.zone
        s.code = card
        s.revealed = False
        t.put(s, "pile")
        if seat == self.viewer:
            self.fresh = None
            self.picked = None
            # a card thrown out of a staged meld leaves no broken group behind (two cards
            # asking for "1 more card"): what is left of it goes back to the hand
            rest = t.zones.get(came_from, []) if came_from.startswith("stage") else []
            if rest and not self.check([x.code for x in rest])[0]:
                for x in list(rest):
                    t.insert_sorted(x, self.viewer)
            self.prune_stage()
            t.rebuild_controls()
        t.relayout(0.3)
        t.play_sound("play")
        return 0.35

    def lay(self, seat: int, melds: list[list[str]]) -> None:
        t = self.t
        zones = self.laid_zones.setdefault(seat, [])
        for meld in melds:
            zone = f"laid{seat}_{len(zones)}"
            zones.append(zone)
            for code in meld:
                s = self.take(seat, code, melding=True)
                if s is None:
                    s = t.new_card(code, self.hand_anchor(seat), zone)
                s.code = code
                s.revealed = True
                t.put(s, zone)
        if seat == self.viewer:
            self.prune_stage()
            t.rebuild_controls()
        t.relayout(0.35)
        t.play_sound("flip")

    def on_melded(self, ev: dict) -> float:
        self.lay(ev["seat"], ev["melds"])
        n = len(ev["melds"])
        if self.is_you(ev["seat"]):
            text = NMsg("You lay down {n} meld", "You lay down {n} melds", n, n=n)
        else:
            text = NMsg("{name} lays down {n} meld", "{name} lays down {n} melds", n, n=n,
                        name=self.name(ev["seat"]))
        self.t.show_caption(text, 2.0)
        return 0.6

    def on_went_out(self, ev: dict) -> float:
        seat = ev["seat"]
        self.lay(seat, ev["melds"])
        if ev.get("last_turn"):
            text = self.said(seat, N_("You meld every card too!"),
                             N_("{name} melds every card too!"))
        else:
            text = self.said(seat, N_("You go out!"), N_("{name} goes out!"))
        self.t.show_caption(text, 2.4)
        self.t.play_sound("chime")
        return 0.8

    def on_last_turns(self, ev: dict) -> float:
        self.out_seat = ev["went_out"]
        self.t.show_caption(self.said(
            self.out_seat, N_("You went out: everybody else takes one last turn"),
            N_("{name} went out: everybody else takes one last turn")), 3.0)
        self.t.rebuild_controls()
        return 0.9

    def on_reshuffled(self, ev: dict) -> float:
        t = self.t
        pile = t.zone("pile")
        for s in pile[:-1]:
            s.code = None
            s.revealed = False
            t.put(s, "stock")
        t.relayout(0.4)
        t.play_sound("shuffle")
        t.show_caption(self.m(N_("The discard pile becomes the new stock ({k} of {n})"),
                              k=ev.get("number", 1), n=self.t.match.state.MAX_RESHUFFLES), 2.2)
        return 0.6

    def on_stalemate(self, ev: dict) -> float:
        self.t.show_caption(Msg("{the_deal} stops here: everybody counts the cards left "
                                "outside their best melds", the_deal=self.THE_DEAL), 3.0)
        return 1.0

    # ---- rebuild from a view ----------------------------------------------------------------
    def sync(self, view: dict) -> None:
        t = self.t
        t.clear_zones()
        t.dealer = view.get("dealer")
        self.deal_no = view.get("deal", self.deal_no)
        self.wild_ranks = list(view.get("wild_ranks", []))
        self.cards_each = self.t.match.state.cards_dealt(self.deal_no)
        self.out_seat = view.get("went_out")
        self.groups.clear()
        self.laid_zones = {}
        self.fresh = None
        self.picked = None
        me = self.viewer
        for code in view["hand"]:
            t.new_card(code, self.hand_anchor(me), f"hand{me}")
        t.sort_hand(me)
        for seat in range(self.n):
            if seat == me:
                continue
            known = list(view.get("known_cards", [[]] * self.n)[seat])
            for i in range(view["hand_sizes"][seat]):
                s = t.new_card(known[i] if i < len(known) else None, self.hand_anchor(seat),
                               f"hand{seat}")
                s.revealed = s.code is not None
        for _ in range(view.get("stock_size", 0)):
            t.new_card(None, self.stock_pos(), "stock")
        for code in view.get("discard_pile", []):
            t.new_card(code, self.pile_pos(), "pile", face_up=True)
        for seat, melds in enumerate(view.get("laid", [])):
            zones = self.laid_zones.setdefault(seat, [])
            for meld in melds:
                zone = f"laid{seat}_{len(zones)}"
                zones.append(zone)
                for code in meld:
                    s = t.new_card(code, self.hand_anchor(seat), zone, face_up=True)
                    s.revealed = True

    # ---- text -----------------------------------------------------------------------------
    def describe(self, ev: dict) -> Msg | None:
        kind = ev["kind"]
        seat = ev.get("seat")
        if kind == "dealt":
            dealer = ev["dealer"]
            values = dict(deal=Msg(self.DEAL_WORD), k=ev["deal"], n=ev.get("cards_each"),
                          wild=wild_words(ev.get("wild_ranks", [])))
            if self.is_you(dealer):
                return self.m(N_("{deal} {k}: you deal {n}; wild: {wild}"), **values)
            return self.m(N_("{deal} {k}: {name} deals {n}; wild: {wild}"),
                          name=self.name(dealer), **values)
        if kind == "drew":
            you = self.is_you(seat)
            name = self.name(seat)
            if ev.get("source") == "discard":
                return self.said(seat, N_("You take {card}"), N_("{name} takes {card}"),
                                 card=the_card(ev["card"]))
            if ev.get("card"):
                return self.m(N_("You draw {card}"), card=the_card(ev["card"])) if you else \
                    self.m(N_("{name} draws {card}"), name=name, card=the_card(ev["card"]))
            return self.m(N_("You draw from the stock")) if you else \
                self.m(N_("{name} draws from the stock"), name=name)
        if kind == "discarded":
            return self.said(seat, N_("You discard {card}"), N_("{name} discards {card}"),
                             card=the_card(ev["card"]))
        if kind == "went_out":
            return self.said(seat, N_("You go out"), N_("{name} goes out"))
        if kind == "melded":
            n = len(ev.get("melds", []))
            if self.is_you(seat):
                return NMsg("You lay down {n} meld", "You lay down {n} melds", n, n=n)
            return NMsg("{name} lays down {n} meld", "{name} lays down {n} melds", n, n=n,
                        name=self.name(seat))
        if kind == "reshuffled":
            return self.m(N_("The discard pile is shuffled into a new stock"))
        if kind == "stalemate":
            return self.m(N_("Third reshuffle: {the_deal} ends"), the_deal=self.THE_DEAL)
        return None

    def deal_result(self, ev: dict) -> Msg:
        return self.summary_title(ev)

    def summary_title(self, ev: dict) -> Msg:
        k = ev.get("deal", self.deal_no)
        out = ev.get("went_out")
        deal = Msg(self.DEAL_WORD)
        if ev.get("stalemate"):
            return self.m(N_("{deal} {k}: stopped after the third reshuffle"), deal=deal, k=k)
        if out is None:
            return Msg("{deal} {k} is over", deal=deal, k=k)
        return self.said(out, N_("{deal} {k}: you went out"), N_("{deal} {k}: {name} went out"),
                         deal=deal, k=k)

    def summary_body(self, surface, rect, scene) -> None:
        rummy_sheet.draw(self, surface, rect, scene)

    def money_lines(self) -> list[tuple[str, str, tuple | None]]:
        """Rows about the pot for the score panel (rummy65 only)."""
        return []

    def score_lines(self):
        t = self.t
        stock = len(t.zones.get("stock", []))
        lines = [
            (self.DEAL_WORD, Msg("{k} of {n}", k=self.deal_no, n=self.deals_in_match), None),
            (N_("Cards dealt"), str(self.cards_each), None),
            (self.m(N_("Wild")), dotted(wild_list(self.wild_ranks)), None),
        ]
        lines += self.money_lines()
        lines.append((self.m(N_("Stock")), NMsg("{n} card", "{n} cards", stock, n=stock), None))
        return lines

    # ---- drawing ----------------------------------------------------------------------------
    def extra_draw(self, surface: pygame.Surface) -> None:
        t = self.t
        size = theme.px(13)
        for kind, zone, rect in self.stage_items():
            if kind == "new":
                self._draw_new_slot(surface, rect)
            self._draw_group_label(surface, kind, zone, rect)
        # what to do now, on the message line (a toast or a caption takes its place)
        text = self.status_shown()
        if text:
            t.text(surface, text, (int(self.size[0] / 2), int(self.message_y())), theme.px(15),
                   theme.ACCENT_LIGHT if self.my_turn() else theme.TEXT_DIM, anchor="center")
        # the piles: their names and the count of the stock beside them, and a hint of
        # where to click while drawing
        px_, py = self.pile_pos()
        stock, pile = self.stock_rect(), self.pile_rect()
        bottom = int(self.centre[1] + self.pch / 2)
        n = len(t.zones.get("stock", []))
        t.text(surface, self.m(N_("Stock · {n}"), n=n), (stock.left - theme.px(4), bottom),
               size, theme.TEXT_DIM, anchor="bottomright")
        t.text(surface, N_("Discard"), (pile.right + theme.px(4), bottom), size,
               theme.TEXT_DIM, anchor="bottomleft")
        if self.can_draw() and t.drag is None:
            for r in (self.stock_rect(), self.pile_rect()):
                self._outline(surface, r)
        elif self.can_discard() and t.drag is None:
            self._outline(surface, self.pile_rect(), soft=True)
        # the wild cards of this deal, beside the piles
        self._draw_wild_note(surface, (px_ + self.pcw * 0.5 + theme.px(22), py))
        if self.out_seat is not None and self.out_seat != self.viewer and \
                not t.match.is_over and self.out_seat in self.pods:
            x, y = self.pods[self.out_seat]
            pw, ph = self.plate_size()
            t.pill(surface, N_("went out"), (x + pw / 2, y + ph + theme.px(10)), theme.px(12),
                    255, tint=theme.ACCENT_DARK)
        # wild cards in staged groups: what they stand for
        self._draw_wild_tags(surface)
        self._draw_group_numbers(surface)   # the numbers keys 1-9 put cards in

    def _draw_new_slot(self, surface, rect: pygame.Rect) -> None:
        """The place of a new group: a card-sized dashed outline with a plus in it."""
        t = self.t
        key = ("newslot", rect.size)
        img = t.panel_cache.get(key)
        if img is None:
            img = pygame.Surface(rect.size, pygame.SRCALPHA)
            r = img.get_rect()
            radius = max(4, rect.width // 10)
            pygame.draw.rect(img, (255, 255, 255, 22), r, border_radius=radius)
            colour = (*theme.ACCENT_LIGHT, 200)
            lw = max(2, theme.px(2))
            dash, gap = theme.px(7), theme.px(5)
            inner = r.inflate(-2 * radius, -2 * radius)
            for x0, x1, y, horizontal in ((inner.left, inner.right, 0, True),
                                          (inner.left, inner.right, r.bottom - lw, True),
                                          (inner.top, inner.bottom, 0, False),
                                          (inner.top, inner.bottom, r.right - lw, False)):
                a = x0
                while a < x1:
                    b = min(a + dash, x1)
                    if horizontal:
                        pygame.draw.rect(img, colour, (a, y, b - a, lw))
                    else:
                        pygame.draw.rect(img, colour, (y, a, lw, b - a))
                    a = b + gap
            for cx, cy, start in ((r.left + radius, r.top + radius, 1),
                                  (r.right - radius - 1, r.top + radius, 0),
                                  (r.right - radius - 1, r.bottom - radius - 1, 3),
                                  (r.left + radius, r.bottom - radius - 1, 2)):
                box = pygame.Rect(0, 0, 2 * radius, 2 * radius)
                box.center = (cx, cy)
                pygame.draw.arc(img, colour, box, start * math.pi / 2,
                                (start + 1) * math.pi / 2, lw)
            arm = max(6, rect.width // 5)
            c = r.center
            pygame.draw.line(img, colour, (c[0] - arm, c[1]), (c[0] + arm, c[1]), lw + 1)
            pygame.draw.line(img, colour, (c[0], c[1] - arm), (c[0], c[1] + arm), lw + 1)
            t.panel_cache[key] = img
        surface.blit(img, rect)

    def _outline(self, surface, rect: pygame.Rect, soft: bool = False) -> None:
        pulse = self.t.pulse(4.0)
        alpha = int((60 if soft else 110) + (40 if soft else 90) * pulse)
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*theme.ACCENT, alpha), layer.get_rect(),
                         width=max(2, theme.px(2)), border_radius=theme.px(10))
        surface.blit(layer, rect)

    def _draw_wild_note(self, surface, pos) -> None:
        t = self.t
        x, y = int(pos[0]), int(pos[1])
        size = theme.px(13)
        lines = [self.m(N_("WILD CARDS"))] + wild_list(self.wild_ranks)
        key = ("wildnote", tuple(lines), size)
        img = t.panel_cache.get(key)
        if img is None:
            row = theme.px(18)
            wdt = max(theme.text_size(s, size, True)[0] for s in lines) + theme.px(34)
            img = pygame.Surface((wdt, row * len(lines) + theme.px(14)), pygame.SRCALPHA)
            theme.rounded(img, img.get_rect(), (*theme.PANEL, 150), theme.px(10),
                          edge=(*theme.ACCENT, 120))
            for i, s in enumerate(lines):
                colour = theme.ACCENT_LIGHT if i == 0 else theme.TEXT
                t.text(img, s, (theme.px(12) if i else img.get_width() // 2,
                                theme.px(7) + row * i), size, colour, bold=True,
                       anchor="topleft" if i else "midtop", shadow=False)
            t.panel_cache[key] = img
        surface.blit(img, img.get_rect(midleft=(x, y)))

    def _group_label(self, kind, zone, rect) -> tuple[pygame.Surface, pygame.Rect, tuple]:
        """The label under a staging-area item, where it goes, and its colour."""
        t = self.t
        size = theme.px(13)
        y = rect.bottom + theme.px(5)
        if kind in ("new", "laid"):
            text, colour = (N_("New meld"), theme.ACCENT_LIGHT) if kind == "new" else \
                (N_("On the table"), theme.TEXT_DIM)
            key = ("gtext", text, colour, size)
            img = t.panel_cache.get(key)
            if img is None:
                w, h = theme.text_size(text, size)
                img = pygame.Surface((w + 4, h + 4), pygame.SRCALPHA)
                t.text(img, text, (img.get_width() // 2, 0), size, colour, anchor="midtop")
                t.panel_cache[key] = img
            return img, img.get_rect(midtop=(rect.centerx, y)), colour
        codes = [s.code for s in t.zones.get(zone, [])]
        ok, label, _ = self.check(codes)
        colour = theme.GOOD if ok else theme.BAD
        width = max(rect.width + theme.px(20), theme.px(118))
        key = ("glabel", label, width, ok)
        img = t.panel_cache.get(key)
        if img is None:
            fnt = theme.font(size, bold=ok)
            lines = theme.wrap(label, fnt, width - theme.px(12))[:2]
            lh = fnt.get_linesize()
            img = pygame.Surface((width, lh * len(lines) + theme.px(6)), pygame.SRCALPHA)
            theme.rounded(img, img.get_rect(), (*theme.PANEL, 170), theme.px(7),
                          edge=(*colour, 160))
            for i, line in enumerate(lines):
                t.text(img, line, (width // 2, theme.px(3) + lh * i), size, colour,
                       bold=ok, anchor="midtop", shadow=False)
            t.panel_cache[key] = img
        return img, img.get_rect(midtop=(rect.centerx, y)), colour

    def group_label_rects(self) -> list[tuple[str, pygame.Rect]]:
        """(zone, where its label is drawn) of every item of the staging area."""
        return [(zone or kind, self._group_label(kind, zone, rect)[1])
                for kind, zone, rect in self.stage_items()]

    def _draw_group_label(self, surface, kind, zone, rect) -> None:
        img, where, colour = self._group_label(kind, zone, rect)
        surface.blit(img, where)
        if kind != "stage":
            return
        # a frame round the group: green when valid, red when not
        frame = rect.inflate(theme.px(10), theme.px(10))
        layer = pygame.Surface(frame.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*colour, 150), layer.get_rect(), width=max(2, theme.px(2)),
                         border_radius=theme.px(9))
        surface.blit(layer, frame)

    def _draw_wild_tags(self, surface) -> None:
        t = self.t
        for zone in self.stage_zones() + list(self.laid_zones.get(self.viewer, [])):
            sprites = t.zones.get(zone, [])
            ok, _, stands = self.check([s.code for s in sprites])
            if not ok:
                continue
            for s, stand in zip(sprites, stands, strict=True):
                if stand is None or s.dragging or s.moving:
                    continue
                self._tag(surface, stand, (s.x, s.y - card_height(s.width) / 2 - theme.px(3)))

    def _tag(self, surface, stand: str, pos) -> None:
        """A small label over a wild card: the card it stands for ('7♥', or '7' in a set)."""
        t = self.t
        size = theme.px(13)
        key = ("tag", stand, size)
        img = t.panel_cache.get(key)
        if img is None:
            rank = RANK_SHORT.get(stand[0], stand[0])
            suit = stand[1] if stand[1] in "SHDC" else None
            tw, th = theme.text_size(rank, size, True)
            sym = t.art.suit_symbol(suit, int(size * 0.8), None) if suit else None
            wdt = tw + (sym.get_width() + theme.px(3) if sym else 0) + theme.px(14)
            img = pygame.Surface((wdt, th + theme.px(4)), pygame.SRCALPHA)
            theme.rounded(img, img.get_rect(), (252, 248, 236, 240), img.get_height() // 2,
                          edge=(*theme.ACCENT_DARK, 255))
            colour = t.art.suit_colour(suit) if suit else theme.TEXT_DARK
            x = theme.px(7)
            t.text(img, rank, (x, img.get_height() // 2), size, colour, bold=True,
                   anchor="midleft", shadow=False)
            if sym:
                img.blit(sym, sym.get_rect(midleft=(x + tw + theme.px(2),
                                                    img.get_height() // 2)))
            t.panel_cache[key] = img
        surface.blit(img, img.get_rect(midbottom=(int(pos[0]), int(pos[1]))))

