"""How the engine's events move cards at a game's table (part of
:class:`~cardtable.ui.tables.GameTable`).

``handle`` sends each event to the table's ``on_<kind>`` method, which moves sprites between
zones and returns the pause before the next event. The deal is shared by every game: the
cards go back to the deck, then out one at a time once every seat's cards are known; and
the last trick is kept so the table can lay it down again.
"""

from __future__ import annotations


class TableEvents:
    """Part of :class:`~cardtable.ui.tables.GameTable`: the engine's events animated."""

    #: seconds (at normal speed) a completed trick stays in the middle before it is
    #: gathered: long enough to see who played what and who won it
    TRICK_PAUSE = 1.2
    #: seconds between two cards dealt
    DEAL_STAGGER = 0.05
    #: the cards the deck holds before a deal
    deck_size = 52

    def handle(self, ev: dict) -> float:
        """Animate one event (as the viewer sees it); return the pause before the next."""
        kind = ev["kind"]
        method = getattr(self, "on_" + kind, None)
        if method is None:
            return 0.0
        return method(ev) or 0.0

    def sync(self, view: dict) -> None:
        """Rebuild every zone at once from ``state.view(viewer)`` (resume, change of viewer)."""

    # ---- the deal: every card goes back to the deck, then out one at a time --------------
    def on_dealt(self, ev: dict) -> float:
        t = self.t
        self.dealt = ev
        self.widest = {}
        self.received: dict[int, list[str] | None] = {}
        self.last = None
        self.new_deal(ev)
        sprites = list(t.sprites)
        pos = self.deck_pos()
        for s in sprites:
            s.code = None
            s.revealed = False
            s.owner = None
            t.put(s, "deck")
        for _ in range(self.deck_size - len(sprites)):
            t.new_card(None, pos, "deck", self.cw)
        t.relayout(0.35)
        t.play_sound("shuffle", 0.3 if sprites else 0.0)
        return 0.75 if sprites else 0.35

    def new_deal(self, ev: dict) -> None:
        """Reset the game's own bookkeeping for a new deal."""

    def on_received(self, ev: dict) -> float:
        self.received[ev["seat"]] = ev.get("cards")
        if len(self.received) < self.n:
            return 0.0
        return self.deal_out(self.dealt)

    def deal_sequence(self, ev: dict) -> list[int]:
        """The seat each card goes to, in the order they are dealt."""
        first = ev.get("first", (ev.get("dealer", 0) + 1) % self.n)
        total = sum(ev.get("hand_sizes", [0] * self.n))
        return [(first + i) % self.n for i in range(total)]

    def deal_out(self, ev: dict) -> float:
        t = self.t
        deck = t.zone("deck")
        counts = dict.fromkeys(range(self.n), 0)
        delays = {}
        for i, seat in enumerate(self.deal_sequence(ev)):
            if not deck:
                break
            s = deck[-1]
            cards = self.received.get(seat)
            k = counts[seat]
            counts[seat] += 1
            s.code = cards[k] if cards and k < len(cards) else None
            t.put(s, f"hand{seat}")
            delays[s.id] = i * self.DEAL_STAGGER
            if i % 3 == 0:
                t.play_sound("deal", i * self.DEAL_STAGGER)
        total = len(delays) * self.DEAL_STAGGER
        rest = self.after_deal(ev, total)
        t.relayout(0.3, delays=delays)
        t.timeline.insert(self.sort_after_deal)
        return total + 0.3 + rest

    def after_deal(self, ev: dict, elapsed: float) -> float:
        """Cards left in the deck after the hands are dealt (Sixty-Six's stock)."""
        return 0.0

    def sort_after_deal(self) -> float:
        self.t.sort_hand(self.viewer)
        self.t.relayout(0.3)
        return 0.3

    # ---- cards played -----------------------------------------------------------------
    def from_hand(self, seat: int, card: str, zone: str):
        """The card ``seat`` just played or discarded, moved from its hand into ``zone``
        face up (a new sprite from the hand's place if the hand did not show it)."""
        t = self.t
        s = t.take_from_hand(seat, card)
        if s is None:
            s = t.new_card(card, self.hand_anchor(seat), zone)
        s.code = card
        s.owner = seat
        s.revealed = False
        t.put(s, zone)
        return s

    def last_trick(self) -> tuple[list[tuple[int, str]], int, str] | None:
        """(cards as (seat, code) in play order, winner, a note) of the last trick."""
        return getattr(self, "last", None)

    def hold_trick(self) -> None:
        """Lay the last trick on the table again as it lay before it was gathered (the
        review shows a finished trick for a step); nothing where a trick is in progress or
        the game has no tricks."""
        last = self.last_trick()
        if last is None or self.t.zones.get("trick"):
            return
        for seat, code in last[0]:
            s = self.t.new_card(code, self.centre, "trick", face_up=True)
            s.owner = seat
