"""How each engine event of a pairs65 deal moves the cards (draws, refills, swaps, pairs
laid), and the table rebuilt from a view."""

from __future__ import annotations

from cardtable.engine.pairs65 import PAIRS_TO_WIN, REFILL_AT
from cardtable.i18n import N_, Msg, NMsg
from cardtable.ui.canvas import drawing
from cardtable.ui.tables.pairs65_words import short_words, the_short


class Pairs65Events:
    """Part of :class:`~cardtable.ui.tables.pairs65.Pairs65Table`: the engine's events."""

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
        self.tell_two_colours()
        return 0.0

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
        with drawing():     # (the hands are in: the places of the pairs stay put now)
            for seat, laid in enumerate(view.get("pairs", [])):
                centre = self.grid_centre(seat)
                for p in laid:
                    for code in p:
                        s = t.new_card(code, centre, f"pairs{seat}", self.pw, True)
                        s.revealed = True
        if swap:
            s = t.new_card(swap.get("card"), self.offer_pos(swap["target"]), "offer",
                           self.offer_width())
            s.revealed = s.code is not None
        self.dry = view.get("turns_without_pair", 0)
        self._paired_now = False
