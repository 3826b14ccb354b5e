"""The table of Sixty-Five, the pairs game: a draw pile, a discard pile, laid pairs, swaps.

Each player's laid pairs lie in front of them on five places (the progress towards the
five pairs that win); the draw pile and the discard pile lie in the middle.

Controls, on your turn:

* take a card: click the draw pile or the discard pile (or drag its top card into your
  hand); or swap: drag one of your cards
  onto another player (or select it with a click and click that player, or press the
  "Swap with ..." button);
* lay a pair: drag a card onto its partner in your hand, or select two cards and press
  "Lay pair"; the engine says why a pair is refused;
* discard: drag a card onto the discard pile, double-click it, or select it and press
  "Discard"; holding 3 cards or fewer there is no discard: press "End turn";
* when another player asks you to swap: drag a card onto them, double-click it, or
  select it and press "Give".

A swap is shown in two steps: the offered card waits face down by the player asked (only
the one who offered it sees its face); once that player has chosen, the two cards meet
and cross over. A human asked to swap at a pass-and-play table is reached through the
scene's change of viewer (``turn_prompt`` names the player and what is asked of them).
"""

from __future__ import annotations

import re

import pygame

from cardtable.engine.core import Action
from cardtable.engine.pairs65 import PAIRS_TO_WIN, REFILL_AT, REFILL_COUNT, VALUE
from cardtable.i18n import N_, Msg, NMsg, and_list
from cardtable.ui import theme
from cardtable.ui.cardart import MIN_FACE_WIDTH, card_height
from cardtable.ui.tables import SUIT_WORDS, GameTable, Target

RANK_SHORT = {"A": N_("ace"), "Q": N_("queen"), "J": N_("jack")}
THE_RANK_SHORT = {"A": N_("the ace"), "Q": N_("the queen"), "J": N_("the jack")}
CODE = re.compile(r"\b([A2-9TJQK])([SHDC])\b")


def _digits(rank: str) -> str:
    return "10" if rank == "T" else rank


def short_words(code: str | None) -> Msg:
    """'7 of hearts', 'queen of spades' (compact enough for the log)."""
    if not code:
        return Msg("a card")
    rank = Msg(RANK_SHORT[code[0]]) if code[0] in RANK_SHORT else _digits(code[0])
    return Msg("{rank} of {suit}", rank=rank, suit=Msg(SUIT_WORDS[code[1]]))


def the_short(code: str | None) -> Msg:
    """'the 7 of hearts' ('le 7 de cœur', 'la dame de pique')."""
    if not code:
        return Msg("a card")
    rank = Msg(THE_RANK_SHORT[code[0]]) if code[0] in THE_RANK_SHORT else \
        Msg("the {n}", n=_digits(code[0]))
    return Msg("{rank} of {suit}", rank=rank, suit=Msg(SUIT_WORDS[code[1]]))


#: the engine's refusals (IllegalAction codes) as the player reads them
REFUSALS = {
    "must_give": N_("You have been asked to swap: choose a card to give."),
    "not_in_hand": N_("That card is not in your hand."),
    "no_swap_pending": N_("Nobody has asked you to swap."),
    "empty_pile": N_("The discard pile is empty."),
    "bad_target": N_("Swap with another player at the table."),
    "target_has_no_cards": N_("That player holds no card to swap."),
    "must_take_first": N_("First draw a card, take the top discard or swap with a player."),
    "bad_pair": N_("Not a pair: choose two different cards of your hand."),
    "no_discard_at_3": N_("You hold 3 cards or fewer: end your turn without discarding."),
    "must_discard": N_("You hold more than 3 cards: discard one."),
    "already_took": N_("You have already taken a card this turn."),
}


class Pairs65Table(GameTable):
    game_id = "pairs65"
    deck_size = 48
    DEAL_STAGGER = 0.045
    REVIEW = False
    ZONE_Z = {"pairs": 150, "pile": 250, "stock": 300, "offer": 600, "hand": 700, "deck": 900}

    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.pw = 50
        self.ph = card_height(50)
        self.selected: list[int] = []     # sprite ids of the viewer's selected cards
        self.swap: dict | None = None     # {"swapper", "target"} while a swap waits
        self.dry = 0                      # complete turns in a row without a pair
        self._paired_now = False
        self._bar_pairs: dict[int, int] = {}

    # ---- seats and words ----------------------------------------------------------------
    def _is_me(self, seat: int | None) -> bool:
        return seat is not None and self.is_you(seat)

    def opponents(self) -> list[int]:
        return [s for s in range(self.n) if s != self.viewer]

    # ---- geometry -----------------------------------------------------------------------
    def layout(self, size) -> None:
        super().layout(size)
        self.pw = max(MIN_FACE_WIDTH, int(self.cw * 0.56))
        self.ph = card_height(self.pw)

    def pair_width(self) -> float:
        return self.pw * 1.42

    def pair_gap(self) -> float:
        return self.pw * 0.22

    def grid_shape(self, seat: int) -> tuple[int, int]:
        """(columns, rows) of a seat's five pair places."""
        return (5, 1) if self.slot(seat) in ("bottom", "top") else (3, 2)

    def grid_size(self, seat: int) -> tuple[float, float]:
        cols, rows = self.grid_shape(seat)
        return (cols * self.pair_width() + (cols - 1) * self.pair_gap(),
                rows * self.ph + (rows - 1) * self.pair_gap())

    def _bottom_row_y(self) -> float:
        """Above the line shared by the hint and the toasts, and the row of buttons."""
        band = self.hand_band()
        return band.top - theme.px(94) - self.ph / 2

    def _top_row_y(self) -> float:
        _, ay = self.hand_anchor_for_slot("top")
        return ay + card_height(self.small_width()) / 2 + theme.px(12) + self.ph / 2

    def hand_anchor_for_slot(self, slot: str) -> tuple[float, float]:
        w, h = self.size
        m = max(10, int(h * 0.02))
        sh = card_height(self.small_width())
        if slot == "top":
            return (w / 2, m + sh / 2)
        return (w / 2, h - self.ch / 2 - m)

    @property
    def centre(self) -> tuple[float, float]:
        w, _ = self.size
        top = self._top_row_y() + self.ph / 2
        bottom = self._bottom_row_y() - self.ph / 2
        return (w / 2, (top + bottom) / 2 - theme.px(4))

    def grid_centre(self, seat: int) -> tuple[float, float]:
        slot = self.slot(seat)
        w, _ = self.size
        cx, cy = self.centre
        if slot == "bottom":
            return (w / 2, self._bottom_row_y())
        if slot == "top":
            return (w / 2, self._top_row_y())
        gw, _ = self.grid_size(seat)
        ax, _ = self.hand_anchor(seat)
        reach = card_height(self.small_width()) / 2 + theme.px(18) + gw / 2
        return (ax + reach, cy) if slot == "left" else (ax - reach, cy)

    def grid_rect(self, seat: int) -> pygame.Rect:
        gw, gh = self.grid_size(seat)
        r = pygame.Rect(0, 0, int(gw), int(gh))
        cx, cy = self.grid_centre(seat)
        r.center = (int(cx), int(cy))
        return r

    def pair_centre(self, seat: int, index: int) -> tuple[float, float]:
        cols, rows = self.grid_shape(seat)
        gx, gy = self.grid_centre(seat)
        pw, gap = self.pair_width(), self.pair_gap()
        row, col = divmod(index, cols)
        in_row = cols if row < rows - 1 else PAIRS_TO_WIN - cols * (rows - 1)
        x0 = gx - (in_row * pw + (in_row - 1) * gap) / 2 + pw / 2
        y0 = gy - (rows * self.ph + (rows - 1) * gap) / 2 + self.ph / 2
        return (x0 + col * (pw + gap), y0 + row * (self.ph + gap))

    def stock_pos(self) -> tuple[float, float]:
        cx, cy = self.centre
        return (cx - self.cw * 0.78, cy)

    def discard_pos(self) -> tuple[float, float]:
        cx, cy = self.centre
        return (cx + self.cw * 0.78, cy)

    def deck_pos(self) -> tuple[float, float]:
        return self.stock_pos()

    def offer_pos(self, target: int) -> tuple[float, float]:
        """Where an offered card waits: beside the pairs of the player asked."""
        slot = self.slot(target)
        r = self.grid_rect(target)
        ow = self.offer_width()
        if slot in ("bottom", "top"):
            return (r.right + ow * 1.5, r.centery)
        return (r.centerx, r.bottom + card_height(ow) * 0.62)

    def offer_width(self) -> int:
        return max(36, int(self.pw * 1.08))

    def caption_pos(self) -> tuple[float, float]:
        cx, cy = self.centre
        return (cx, cy - self.ch / 2 - theme.px(26))

    def card_rect(self, pos, width) -> pygame.Rect:
        r = pygame.Rect(0, 0, int(width), card_height(int(width)))
        r.center = (int(pos[0]), int(pos[1]))
        return r

    def stock_rect(self) -> pygame.Rect:
        r = self.card_rect(self.stock_pos(), self.cw)
        for s in self.t.zones.get("stock", [])[-1:]:
            r.union_ip(s.rect())
        return r.inflate(theme.px(6), theme.px(6))

    def discard_rect(self) -> pygame.Rect:
        r = self.card_rect(self.discard_pos(), self.cw)
        for s in self.t.zones.get("pile", [])[-1:]:
            r.union_ip(s.rect())
        return r.inflate(theme.px(6), theme.px(6))

    def offer_rect(self) -> pygame.Rect | None:
        sprites = self.t.zones.get("offer")
        if not sprites:
            return None
        r = sprites[0].rect()
        for s in sprites[1:]:
            r.union_ip(s.rect())
        return r.inflate(theme.px(8), theme.px(8))

    def seat_rect(self, seat: int) -> pygame.Rect:
        """Another player's place: hand and name plate (a drop there asks for a swap)."""
        bounds = pygame.Rect(0, 0, *self.size)
        r = self.t.plate_rect(seat, bounds)
        for s in self.t.zones.get(f"hand{seat}", []):
            x, y, angle, width = s.target
            w, h = width, card_height(int(width))
            if int(round(angle)) % 180 == 90:
                w, h = h, w
            r.union_ip(pygame.Rect(int(x - w / 2), int(y - h / 2), int(w), int(h)))
        return r.inflate(theme.px(10), theme.px(10))

    def seat_at(self, pos) -> int | None:
        for seat in self.opponents():
            if self.seat_rect(seat).collidepoint(pos) or self.grid_rect(seat).collidepoint(pos):
                return seat
        return None

    # ---- where cards rest ----------------------------------------------------------------
    def place(self, zone: str, sprites: list) -> list[Target]:
        if zone == "stock":
            return self.place_stack(self.stock_pos(), sprites, self.cw, depth=0.45)
        if zone == "pile":
            return self.place_stack(self.discard_pos(), sprites, self.cw, face_up=True,
                                    jitter=5.0, depth=0.2)
        if zone.startswith("pairs"):
            seat = int(zone[5:])
            out = []
            half = self.pw * 0.21
            for i, _s in enumerate(sprites):
                x, y = self.pair_centre(seat, min(i // 2, PAIRS_TO_WIN - 1))
                dx = -half if i % 2 == 0 else half
                out.append((x + dx, y, -3.0 if i % 2 == 0 else 3.0, self.pw, True))
            return out
        if zone == "offer":
            out = []
            ow = self.offer_width()
            swap = self.swap or {}
            x, y = self.offer_pos(swap.get("target", self.viewer))
            n = len(sprites)
            for i, s in enumerate(sprites):
                dx = (i - (n - 1) / 2) * ow * 0.62
                out.append((x + dx, y, 0.0, ow, s.code is not None and s.revealed))
            return out
        return super().place(zone, sprites)

    def slots(self):
        out = []
        t = self.t
        if not t.zones.get("stock") and not t.zones.get("deck"):
            out.append((self.stock_pos(), self.cw, 0.0, N_("draw pile")))
        if not t.zones.get("pile"):
            out.append((self.discard_pos(), self.cw, 0.0, N_("discard")))
        for seat in range(self.n):
            laid = len(t.zones.get(f"pairs{seat}", [])) // 2
            for k in range(laid, PAIRS_TO_WIN):
                out.append((self.pair_centre(seat, k), self.pw, 0.0, str(k + 1)))
        return out

    def sort_key(self, code: str | None):
        """Black cards, then red; partners side by side: A Q, 2 J, 3 10, 4 9, 5 8, 6 7."""
        if code is None:
            return (9, 0, 0, "")
        v = VALUE[code[0]]
        return (0 if code[1] in "SC" else 1, min(v, 13 - v), v, code[1])

    # ---- the deal -----------------------------------------------------------------------
    def new_deal(self, ev: dict) -> None:
        self.selected = []
        self.swap = None
        self.dry = 0
        self._paired_now = False

    def after_deal(self, ev: dict, elapsed: float) -> float:
        t = self.t
        for s in list(t.zone("deck")):
            t.put(s, "stock")
        first = ev.get("first")
        if first is not None:
            t.show_caption(self.said(first, N_("Game {game}: you start"),
                                     N_("Game {game}: {name} starts"), game=ev.get("deal", 1)), 2.2)
        return 0.0

    # ---- moves --------------------------------------------------------------------------
    def _pop_stock(self) -> object | None:
        stock = self.t.zone("stock")
        return stock[-1] if stock else None

    def on_drew(self, ev: dict) -> float:
        t = self.t
        seat = ev["seat"]
        if ev.get("source") == "discard":
            pile = t.zone("pile")
            if not pile:
                return 0.0
            s = pile[-1]
            s.code = ev.get("card")
            s.revealed = seat != self.viewer   # known to everybody
        else:
            if ev.get("count", 1) == 0:
                t.show_caption(self.said(seat, N_("Both piles are empty: you draw nothing"),
                                         N_("Both piles are empty: {name} draws nothing")), 2.2)
                return 0.7
            s = self._pop_stock()
            if s is None:
                return 0.0
            s.code = ev.get("card")
            s.revealed = False
        t.insert_sorted(s, seat)
        t.relayout(0.3)
        t.play_sound("deal")
        return 0.32

    def on_refilled(self, ev: dict) -> float:
        t = self.t
        seat = ev["seat"]
        cards = list(ev.get("cards") or [])
        delays = {}
        for i in range(ev.get("count", len(cards))):
            s = self._pop_stock()
            if s is None:
                break
            s.code = cards[i] if i < len(cards) else None
            s.revealed = False
            t.insert_sorted(s, seat)
            delays[s.id] = i * 0.12
            t.play_sound("deal", i * 0.12)
        t.relayout(0.3, delays=delays)
        n = ev.get("count", len(cards))
        t.show_caption(self.said(seat, N_("You hold {k} cards or fewer: draw {n} to start the "
                                 "turn"), N_("{name} holds {k} cards or fewer: draws {n} to "
                                 "start the turn"), k=REFILL_AT, n=n), 2.4)
        return 0.3 + 0.12 * len(delays) + 0.35

    def on_reshuffled(self, ev: dict) -> float:
        t = self.t
        pile = list(t.zone("pile"))
        delays = {}
        for i, s in enumerate(pile):
            s.revealed = False      # the faces (public) show until the cards turn over
            t.put(s, "stock")
            delays[s.id] = i * 0.025
        t.relayout(0.35, delays=delays)
        t.play_sound("shuffle", 0.1)
        t.show_caption(Msg("Draw pile empty: the {n} discards are shuffled into a new draw "
                           "pile", n=ev.get("count", len(pile))), 2.8)
        return 0.35 + 0.025 * len(pile) + 0.45

    def on_swap_asked(self, ev: dict) -> float:
        t = self.t
        seat, target = ev["seat"], ev["target"]
        self.swap = {"swapper": seat, "target": target}
        s = t.take_from_hand(seat, ev.get("card"))
        if s is None:
            s = t.new_card(ev.get("card"), self.hand_anchor(seat), "offer", self.offer_width())
        s.revealed = seat == self.viewer and s.code is not None
        t.put(s, "offer")
        self.selected = []
        t.relayout(0.35)
        t.play_sound("play")
        if self._is_me(target):
            text = Msg("{name} offers you a swap: choose a card to give back",
                       name=self.name(seat))
        elif self._is_me(seat):
            text = Msg("You offer {asked} a swap: {asked} chooses a card to give back",
                       asked=self.name(target))
        else:
            text = Msg("{name} offers {asked} a swap: {asked} chooses a card to give back",
                       name=self.name(seat), asked=self.name(target))
        t.show_caption(text, 2.6)
        return 0.55

    def on_swapped(self, ev: dict) -> float:
        """The two cards meet by the player asked, then cross over to their new owners."""
        t = self.t
        swapper, target = ev["seat"], ev["target"]
        self.swap = {"swapper": swapper, "target": target}
        offer = t.zone("offer")
        offered = offer[0] if offer else t.take_from_hand(swapper, ev.get("gave"))
        if offered is None:
            return 0.0
        if ev.get("gave") is not None:
            offered.code = ev["gave"]
        given = t.take_from_hand(target, ev.get("received"))
        if given is None:
            return 0.0
        if ev.get("received") is not None:
            given.code = ev["received"]
        inside = self.viewer in (swapper, target)
        t.put(offered, "offer")
        t.put(given, "offer")
        for s in (offered, given):
            s.revealed = inside and s.code is not None
        t.relayout(0.32)
        t.play_sound("flip", 0.25)

        def cross() -> float:
            offered.revealed = inside and self.viewer != target   # the giver knows it
            given.revealed = inside and self.viewer != swapper
            t.insert_sorted(offered, target)
            t.insert_sorted(given, swapper)
            self.swap = None
            t.relayout(0.4)
            t.play_sound("deal")
            return 0.5

        t.timeline.insert(cross)
        if inside:
            other = target if self.viewer == swapper else swapper
            got = offered if self.viewer == target else given
            gave = given if self.viewer == target else offered
            t.show_caption(Msg("Swap with {name}: you give {gave} and get {got}",
                               name=self.name(other), gave=the_short(gave.code),
                               got=the_short(got.code)), 3.0)
        else:
            t.show_caption(Msg("{a} and {b} swap a card", a=self.name(swapper),
                               b=self.name(target)), 2.0)
        return 0.75 if inside else 0.5

    def on_paired(self, ev: dict) -> float:
        t = self.t
        seat = ev["seat"]
        for code in ev.get("cards", []):
            s = t.take_from_hand(seat, code)
            if s is None:
                s = t.new_card(code, self.hand_anchor(seat), f"pairs{seat}", self.pw)
            s.code = code
            s.revealed = True
            t.put(s, f"pairs{seat}")
        self.selected = []
        self.dry = 0
        self._paired_now = True
        t.relayout(0.35)
        t.play_sound("play")
        n = ev.get("pairs", len(t.zone(f"pairs{seat}")) // 2)
        a, b = (ev.get("cards") or [None, None])[:2]
        cards = dict(a=short_words(a), b=short_words(b), n=n, k=PAIRS_TO_WIN)
        if n >= PAIRS_TO_WIN:
            text = self.said(seat, N_("You lay a pair: {a} and {b}"),
                             N_("{name} lays a pair: {a} and {b}"), **cards)
        else:
            text = self.said(seat, N_("You lay a pair: {a} and {b} ({n} of {k})"),
                             N_("{name} lays a pair: {a} and {b} ({n} of {k})"), **cards)
        t.show_caption(text, 2.2)
        return 0.5

    def on_discarded(self, ev: dict) -> float:
        t = self.t
        self.from_hand(ev["seat"], ev["card"], "pile")
        self.selected = []
        self._end_turn()
        t.relayout(0.3)
        t.play_sound("play")
        return 0.35

    def on_done(self, ev: dict) -> float:
        seat = ev["seat"]
        self._end_turn()
        self.selected = []
        n = len(self.t.zone(f"hand{seat}"))
        if self.is_you(seat):
            text = NMsg("You hold {n} card: no discard this turn",
                        "You hold {n} cards: no discard this turn", n, n=n)
        else:
            text = NMsg("{name} holds {n} card: no discard this turn",
                        "{name} holds {n} cards: no discard this turn", n, n=n,
                        name=self.name(seat))
        self.t.show_caption(text, 2.2)
        return 0.6

    def _end_turn(self) -> None:
        if not self._paired_now:
            self.dry += 1
        self._paired_now = False

    def on_deal_scored(self, ev: dict) -> float:
        return 0.0

    # ---- rebuild from a view --------------------------------------------------------------
    def sync(self, view: dict) -> None:
        t = self.t
        t.clear_zones()
        t.dealer = view.get("dealer")
        me = self.viewer
        swap = view.get("swap")
        self.swap = {"swapper": swap["swapper"], "target": swap["target"]} if swap else None
        self.selected = []
        for code in view["hand"]:
            t.new_card(code, self.hand_anchor(me), f"hand{me}")
        t.sort_hand(me)
        for seat in self.opponents():
            size = view["hand_sizes"][seat]
            if swap and swap["swapper"] == seat:
                size -= 1
            known = list(view.get("known", [[]] * self.n)[seat])[:size]
            for i in range(size):
                s = t.new_card(known[i] if i < len(known) else None, self.hand_anchor(seat),
                               f"hand{seat}")
                s.revealed = s.code is not None
        for _ in range(view.get("draw_pile", 0)):
            t.new_card(None, self.stock_pos(), "stock")
        for code in view.get("discard_pile", []):
            t.new_card(code, self.discard_pos(), "pile", face_up=True)
        for seat, laid in enumerate(view.get("pairs", [])):
            for p in laid:
                for code in p:
                    s = t.new_card(code, self.grid_centre(seat), f"pairs{seat}", self.pw, True)
                    s.revealed = True
        if swap:
            s = t.new_card(swap.get("card"), self.offer_pos(swap["target"]), "offer",
                           self.offer_width())
            s.revealed = s.code is not None
        self.dry = view.get("turns_without_pair", 0)
        self._paired_now = False

    # ---- what the viewer may do now -------------------------------------------------------
    def phase(self) -> str | None:
        """'take', 'play' or 'give' when the viewer is to act, else None (from legal moves)."""
        kinds = {a.kind for a in self.t.legal}
        if not kinds:
            return None
        if "give" in kinds:
            return "give"
        if "draw" in kinds:
            return "take"
        return "play"

    def hand_sprites(self) -> list:
        return self.t.zones.get(f"hand{self.viewer}", [])

    def selection(self) -> list:
        by_id = {s.id: s for s in self.hand_sprites()}
        self.selected = [i for i in self.selected if i in by_id]
        return [by_id[i] for i in self.selected]

    def pairable(self) -> set[str]:
        return {c for a in self.t.legal if a.kind == "pair" for c in a.cards}

    def draggable(self, sprite) -> bool:
        """The top card of the draw pile or the discard pile, while you may take a card."""
        zone = sprite.zone
        if zone not in ("stock", "pile") or not self.t.zones.get(zone):
            return False
        return self.t.zones[zone][-1] is sprite and self.t.my_turn() and self.phase() == "take"

    def local_drop(self, sprite, pos):
        """A card dragged off a pile: into the hand it is taken; anywhere else it goes back."""
        if sprite.zone not in ("stock", "pile"):
            return None
        if self.hand_band().collidepoint(pos):
            return self._take(sprite)
        self.t.relayout(0.25, zones=[sprite.zone])
        return True

    def _take(self, sprite) -> Action:
        return Action("draw", source="stock" if sprite.zone == "stock" else "discard")

    def card_clicked(self, sprite) -> None:
        if sprite.zone in ("stock", "pile"):
            self.t.try_action(self._take(sprite), sprite)
            return
        if sprite.zone != f"hand{self.viewer}" or not self.t.my_turn():
            return
        if sprite.id in self.selected:
            self.selected.remove(sprite.id)
        else:
            self.selected.append(sprite.id)
            keep = 2 if self.phase() == "play" else 1
            self.selected = self.selected[-keep:]
        self.t.rebuild_controls()

    def clear_selection(self) -> None:
        if self.selected:
            self.selected = []
            self.t.rebuild_controls()

    def mark_hand(self, hand: list, mine: bool) -> None:
        chosen = set(self.selected)
        hint = self.pairable() if mine else set()
        t = self.t
        for s in hand:
            s.dim = False
            sel = s.id in chosen
            s.glow = sel and not s.dragging     # a card that can be paired only lifts
            if s.dragging:
                continue
            if sel:
                s.lift_target = 1.0
            elif s is t.hover and t.drag is None:
                s.lift_target = 0.7
            else:
                s.lift_target = 0.3 if s.code in hint else 0.0

    def swapper(self) -> int | None:
        return self.swap["swapper"] if self.swap else None

    # ---- keys ------------------------------------------------------------------------------
    def key_rows(self) -> list[tuple[str, list]]:
        seats = [self.key_target(f"seat{seat}", self.seat_rect(seat))
                 for seat in self.opponents() if self.t.zones.get(f"hand{seat}")]
        seats.sort(key=lambda k: k.rect.centerx)
        piles = [self.key_target("stock", self.stock_rect()),
                 self.key_target("pile", self.discard_rect())]
        offer = self.offer_rect()
        if offer is not None:
            piles.append(self.key_target("offer", offer))
        piles.sort(key=lambda k: k.rect.centerx)
        return [("players", seats), ("piles", piles)]

    def key_shortcuts(self) -> list[tuple]:
        t = self.t
        return [
            (pygame.K_d, "D", N_("Draw from the draw pile"),
             lambda: t.try_action(Action("draw", source="stock"))),
            (pygame.K_t, "T", N_("Take the top card of the discard pile"),
             lambda: t.try_action(Action("draw", source="discard"))),
            (pygame.K_p, "P", N_("Lay the two selected cards as a pair"), self._key_pair),
            (pygame.K_e, "E", N_("End the turn (no discard)"),
             lambda: t.try_action(Action("done"))),
        ]

    def key_help(self) -> list[tuple[str, str]]:
        return [
            (N_("Space"), N_("Select a card of your hand (two for a pair)")),
            (N_("Enter"), N_("Discard the focused card; when asked for a swap, give it")),
            (N_("Up, Enter"), N_("With one card selected, on a player: offer it in a swap")),
        ]

    def key_card(self, sprite) -> None:
        self.card_clicked(sprite)

    def key_cancel(self) -> bool:
        had = bool(self.selected)
        self.clear_selection()
        return had

    def _key_pair(self) -> None:
        sel = self.selection()
        if len(sel) != 2:
            self.t.show_toast(N_("Select two cards first (Space on each)."))
            return
        self.t.try_action(Action("pair", cards=(sel[0].code, sel[1].code)))

    def controls(self, legal: list[Action]) -> list[tuple[str, Action]]:
        if not legal:
            return []
        phase = self.phase()
        sel = self.selection()
        out = []
        if phase == "take" and len(sel) == 1:
            card = sel[0].code
            for seat in self.opponents():
                a = Action("swap", target=seat, card=card)
                if a in legal:
                    out.append((Msg("Swap with {name}", name=self.name(seat)), a))
        elif phase == "give" and len(sel) == 1:
            out.append((Msg("Give {card}", card=the_short(sel[0].code)),
                        Action("give", card=sel[0].code)))
        elif phase == "play":
            if len(sel) == 2:
                out.append((N_("Lay pair"), Action("pair", cards=(sel[0].code, sel[1].code))))
            if len(sel) == 1 and any(a.kind == "discard" for a in legal):
                out.append((Msg("Discard {card}", card=the_short(sel[0].code)),
                            Action("discard", card=sel[0].code)))
            if Action("done") in legal:
                out.append((N_("End turn"), Action("done")))
        return out

    def hint(self) -> Msg | str | None:
        """What the viewer can do now (one line by the piles), or None."""
        t = self.t
        if not t.my_turn():
            return None
        phase = self.phase()
        if phase == "take":
            if self.selection():
                return N_("Click a player (or press a Swap button) to offer this card in a swap")
            return N_("Your turn: click the draw pile or the discard pile, or drag a card onto "
                      "a player to swap")
        if phase == "give":
            who = self.name(self.swapper()) if self.swap else Msg("A player")
            return Msg("{name} wants to swap: give a card (drag it onto {name} or double-click "
                       "it); you will see theirs after", name=who)
        if phase == "play":
            n = len(self.hand_sprites())
            if n <= REFILL_AT:
                return NMsg("You hold {n} card: no discard. Lay any pairs, then End turn",
                            "You hold {n} cards: no discard. Lay any pairs, then End turn",
                            n, n=n)
            if self.pairable():
                return N_("Lay pairs: drag a card onto its partner (or select two). Then "
                          "discard one card")
            return N_("Discard a card: drag it onto the discard pile, or double-click it")
        return None

    # ---- input ------------------------------------------------------------------------------
    def hand_drop_action(self, sprite, pos) -> Action | None:
        """A card dropped on another card of the hand: lay the two as a pair."""
        if sprite.code is None or self.phase() != "play":
            return None
        other = self.t.sprites.at(pos, lambda s: s.zone == sprite.zone and s is not sprite
                                  and s.code is not None)
        if other is None:
            return None
        return Action("pair", cards=(sprite.code, other.code))

    def drop_action(self, sprite, pos) -> Action | None:
        if sprite.code is None:
            return None
        phase = self.phase()
        self.clear_selection()
        if pos is None:   # a double-click
            if phase == "give":
                return Action("give", card=sprite.code)
            if phase == "take":
                self.t.show_toast(N_("Take a card first: click a pile, or drag this card onto "
                                  "a player to swap it."))
                return None
            return Action("discard", card=sprite.code)
        if self.discard_rect().collidepoint(pos):
            return Action("discard", card=sprite.code)
        offer = self.offer_rect()
        if phase == "give" and offer is not None and offer.collidepoint(pos):
            return Action("give", card=sprite.code)
        seat = self.seat_at(pos)
        if seat is not None:
            if phase == "give":
                return Action("give", card=sprite.code)
            return Action("swap", target=seat, card=sprite.code)
        if phase is not None:
            self.t.show_toast(N_("Drop a card on the discard pile, on a player to swap it, "
                                 "or on its partner to lay a pair."))
        return None

    def click_action(self, pos) -> Action | None:
        phase = self.phase()
        sel = self.selection()
        if self.stock_rect().collidepoint(pos):
            return Action("draw", source="stock")
        if self.discard_rect().collidepoint(pos):
            if phase == "play" and len(sel) == 1:
                return Action("discard", card=sel[0].code)
            if phase == "play":
                self.t.show_toast(N_("Choose a card to discard: drag it here, or double-click "
                                     "it."))
                return None
            return Action("draw", source="discard")
        offer = self.offer_rect()
        if phase == "give" and offer is not None and offer.collidepoint(pos) and len(sel) == 1:
            return Action("give", card=sel[0].code)
        seat = self.seat_at(pos)
        if seat is not None and phase in ("take", "give"):
            if len(sel) != 1:
                self.t.show_toast(N_("First click one of your cards, then click the player.")
                                  if phase == "take" else
                                  N_("First click the card you will give."))
                return None
            if phase == "give":
                return Action("give", card=sel[0].code)
            return Action("swap", target=seat, card=sel[0].code)
        self.clear_selection()
        return None

    def drop_targets(self, sprite) -> list[pygame.Rect]:
        if sprite.zone in ("stock", "pile"):
            return [self.hand_band()]
        phase = self.phase()
        if phase == "take":
            return [self.seat_rect(s) for s in self.opponents()
                    if self.t.zones.get(f"hand{s}")]
        if phase == "give":
            out = [self.seat_rect(self.swapper())] if self.swap else []
            offer = self.offer_rect()
            return out + ([offer] if offer is not None else [])
        if phase == "play":
            return [self.discard_rect()]
        return []

    def refusal_text(self, exc) -> Msg | str | None:
        """The engine's refusal codes in the player's words (the engine stays English)."""
        message = exc.message or ""
        if exc.code == "colours_differ":
            codes = ["".join(m) for m in CODE.findall(message)]
            if len(codes) == 2:
                colour = {"H": N_("red"), "D": N_("red"), "S": N_("black"), "C": N_("black")}
                return Msg("Not a pair: {a} is {ca} and {b} is {cb}; a pair is one colour.",
                           a=short_words(codes[0]), b=short_words(codes[1]),
                           ca=Msg(colour[codes[0][1]]), cb=Msg(colour[codes[1][1]]))
        if exc.code == "values_not_13":
            total = re.search(r"\d+", message)
            if total:
                return Msg("Not a pair: the values add to {total}, not 13.",
                           total=int(total.group(0)))
        if exc.code in REFUSALS:
            return REFUSALS[exc.code]
        return N_("That move is not allowed now.")

    def turn_prompt(self, seat: int) -> Msg | None:
        swap = self.t.match.view(seat).get("swap")
        if swap and swap.get("target") == seat:
            return Msg("{name}: {asker} asks you for a card. Choose one to give.",
                       name=self.name(seat), asker=self.name(swap["swapper"]))
        return None

    # ---- text -------------------------------------------------------------------------------
    def describe(self, ev: dict) -> Msg | None:
        kind = ev["kind"]
        seat = ev.get("seat")
        if kind == "dealt":
            return self.said(ev["first"], N_("Game {game}: you start."),
                             N_("Game {game}: {name} starts."),
                             game=ev["deal"])
        if kind == "drew":
            if ev.get("source") == "discard":
                return self.said(seat, N_("You take {card}"), N_("{name} takes {card}"),
                                 card=the_short(ev.get("card")))
            if ev.get("count", 1) == 0:
                return self.said(seat, N_("You draw nothing (no cards left)"),
                                 N_("{name} draws nothing (no cards left)"))
            if ev.get("card"):
                return self.said(seat, N_("You draw {card}"), N_("{name} draws {card}"),
                                 card=the_short(ev["card"]))
            return self.said(seat, N_("You draw a card"), N_("{name} draws a card"))
        if kind == "refilled":
            return self.said(seat, N_("You draw {n} cards to start your turn"),
                             N_("{name} draws {n} cards to start the turn"),
                             n=ev.get("count", REFILL_COUNT))
        if kind == "reshuffled":
            return Msg("Discards reshuffled: {n} new draw cards", n=ev.get("count", 0))
        if kind == "swap_asked":
            return self.said(seat, N_("You ask {target} to swap"),
                             N_("{name} asks {target} to swap"),
                             target=self.you(ev["target"]))
        if kind == "swapped":
            if ev.get("gave") and ev.get("received"):
                if self.viewer == ev["target"]:
                    return Msg("You give {gave}, get {got}", gave=the_short(ev["received"]),
                               got=the_short(ev["gave"]))
                return Msg("You give {gave}, get {got}", gave=the_short(ev["gave"]),
                           got=the_short(ev["received"]))
            return Msg("{a} and {b} swap", a=self.you(seat), b=self.you(ev["target"]))
        if kind == "paired":
            a, b = ev["cards"]
            return Msg("{name}: pair {a} + {b}", name=self.you(seat), a=short_words(a),
                       b=short_words(b))
        if kind == "discarded":
            return self.said(seat, N_("You discard {card}"), N_("{name} discards {card}"),
                             card=the_short(ev["card"]))
        if kind == "done":
            return self.said(seat, N_("You end the turn, no discard"),
                             N_("{name} ends the turn, no discard"))
        if kind == "deal_scored":
            return self.deal_result(ev)
        return None

    def deal_result(self, ev: dict) -> Msg:
        winners = ev.get("winners") or []
        game = ev.get("game", ev.get("deal", ""))
        if not winners:
            return Msg("Game {game} is over.", game=game)
        if len(winners) == 1:
            w = winners[0]
            if ev.get("reason") == "five_pairs":
                return self.said(w, N_("Game {game}: you win with five pairs."),
                                 N_("Game {game}: {name} wins with five pairs."), game=game)
            return self.said(w, N_("Game {game}: you win on most pairs."),
                             N_("Game {game}: {name} wins on most pairs."), game=game)
        # the person is 'you' here too (a name would not agree: 'vous et Bob gagnez')
        others = [self.name(w) for w in winners if not self.is_you(w)]
        if len(others) < len(winners):
            return NMsg("Game {game}: {names} shares the win with you.",
                        "Game {game}: {names} share the win with you.", len(others),
                        game=game, names=and_list(others))
        return Msg("Game {game}: {names} share the win.", game=game, names=and_list(others))

    def summary_title(self, ev: dict) -> Msg:
        """The headline of the end-of-game summary."""
        return self.deal_result(ev)

    def score_lines(self):
        t = self.t
        lines = []
        order = [(self.viewer + i) % self.n for i in range(self.n)]
        for seat in order:
            n = len(t.zones.get(f"pairs{seat}", [])) // 2
            lines.append((self.you(seat), Msg("{n} / {k} pairs", n=n, k=PAIRS_TO_WIN),
                          t.seat_colour(seat)))
        target = (t.match.state.options or {}).get("games_to_win", 1)
        if target > 1:
            lines.append((N_("Games to win"), str(target), None))
        else:
            lines.append((N_("First to five pairs wins"), "", None))
        if self.dry >= 30:
            lines.append((N_("Turns without a pair"), f"{self.dry} / 60", None))
        return lines

    def extra_draw(self, surface: pygame.Surface) -> None:
        t = self.t
        size = theme.px(13)
        below = self.ch / 2 + theme.px(8)
        sx, sy = self.stock_pos()
        n = len(t.zones.get("stock", []))
        t.text(surface, Msg("Draw pile · {n}", n=n) if n else N_("Draw pile empty"),
               (int(sx), int(sy + below)), size, theme.TEXT_DIM, anchor="midtop")
        dx, dy = self.discard_pos()
        n = len(t.zones.get("pile", []))
        t.text(surface, Msg("Discards · {n}", n=n) if n else "", (int(dx), int(dy + below)), size,
               theme.TEXT_DIM, anchor="midtop")
        for seat in range(self.n):
            self._draw_progress(surface, seat)
        if self.swap and t.zones.get("offer"):
            r = self.offer_rect()
            if r is not None:
                label = Msg("{name}'s offer", name=self.name(self.swap["swapper"]))
                if self._is_me(self.swap["swapper"]):
                    label = N_("Your offer")
                if len(t.zones["offer"]) > 1:
                    label = N_("Swap")
                t.text(surface, label, (r.centerx, r.bottom + theme.px(2)), size,
                       theme.ACCENT_LIGHT, bold=True, anchor="midtop")
        if t.my_turn() and self.phase() == "take":
            self._ring(surface, self.stock_rect())
            if t.zones.get("pile"):
                self._ring(surface, self.discard_rect())
        hint = self.hint()
        if hint and t.toast is None:
            self._draw_hint(surface, hint)

    def _ring(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A quiet gold outline round a pile the player may click now."""
        key = ("ring", rect.size)
        img = self.t.panel_cache.get(key)
        if img is None:
            img = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(img, (*theme.ACCENT, 150), img.get_rect(),
                             width=max(2, theme.px(2)), border_radius=theme.px(10))
            self.t.panel_cache[key] = img
        surface.blit(img, rect)

    def _draw_hint(self, surface: pygame.Surface, hint: str) -> None:
        """What to do now, on a dark strip where the toasts appear (hidden under a toast)."""
        t = self.t
        size = theme.px(15)
        cx, _ = self.centre
        y = self.hand_band().top - theme.px(70)   # where the toasts appear
        tw, th = theme.text_size(hint, size)
        box = pygame.Rect(0, 0, tw + theme.px(30), th + theme.px(12))
        box.center = (int(cx), int(y))
        key = ("hintbox", box.size)
        bg = t.panel_cache.get(key)
        if bg is None:
            bg = pygame.Surface(box.size, pygame.SRCALPHA)
            theme.rounded(bg, bg.get_rect(), (*theme.PANEL, 165), box.height // 2,
                          edge=(255, 255, 255, 30))
            t.panel_cache[key] = bg
        surface.blit(bg, box)
        t.text(surface, hint, box.center, size, theme.TEXT, anchor="center", shadow=False)

    def _draw_progress(self, surface: pygame.Surface, seat: int) -> None:
        """'3 / 5 pairs' with five pips, beside (or under) a seat's pair places."""
        t = self.t
        laid = len(t.zones.get(f"pairs{seat}", [])) // 2
        r = self.grid_rect(seat)
        slot = self.slot(seat)
        size = theme.px(13)
        colour = t.seat_colour(seat)
        text = Msg("{n} / {k} pairs", n=laid, k=PAIRS_TO_WIN)
        tw, th = theme.text_size(text, size, bold=True)
        pip = theme.px(5)
        gap = theme.px(4)
        pips_w = PAIRS_TO_WIN * (2 * pip) + (PAIRS_TO_WIN - 1) * gap
        if slot in ("bottom", "top"):
            x = r.left - theme.px(14) - max(tw, pips_w)
            y = r.centery - (th + gap + 2 * pip) // 2
        else:
            x = r.centerx - max(tw, pips_w) // 2
            y = r.top - th - gap - 2 * pip - theme.px(8)
        box = pygame.Rect(x - theme.px(8), y - theme.px(5), max(tw, pips_w) + theme.px(16),
                          th + gap + 2 * pip + theme.px(10))
        key = ("progress", box.size)
        bg = t.panel_cache.get(key)
        if bg is None:
            bg = pygame.Surface(box.size, pygame.SRCALPHA)
            theme.rounded(bg, bg.get_rect(), (*theme.PANEL, 120), theme.px(8))
            t.panel_cache[key] = bg
        surface.blit(bg, box)
        t.text(surface, text, (x, y), size, colour, bold=True)
        px0 = x + (max(tw, pips_w) - pips_w) // 2 + pip
        py = y + th + gap + pip
        for k in range(PAIRS_TO_WIN):
            c = (px0 + k * (2 * pip + gap), py)
            if k < laid:
                pygame.draw.circle(surface, colour, c, pip)
            else:
                pygame.draw.circle(surface, (*theme.TEXT_MUTED,), c, pip, max(1, pip // 3))


TABLE = Pairs65Table
