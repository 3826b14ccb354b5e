"""How each engine event of a rummy deal moves the cards, and the table rebuilt from a
view (a restored match, the hand-over between people)."""

from __future__ import annotations

from cardtable.i18n import N_, Msg, NMsg
from cardtable.ui.tables.rummy_words import (
    wild_words,
)


class RummyEvents:
    """Part of :class:`~cardtable.ui.tables.rummy.RummyTable`: the engine's events."""

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
