"""What a game's table says (part of :class:`~cardtable.ui.tables.GameTable`): the seats
by name (or "you"), the log's line for each event, and what the keyboard's speech says of
the hand, the table and the thing under the focus (:mod:`cardtable.ui.narrator`; the
scene's part is ``cardtable/ui/scenes/table/listen.py``).
"""

from __future__ import annotations

from cardtable.i18n import N_, Msg, NMsg, and_list, seat_name
from cardtable.ui.tables.card_names import (
    RANK_WORDS,
    SUIT_WORDS,
    card_words,
    focus_words,
    the_card,
)


class TableSpeech:
    """Part of :class:`~cardtable.ui.tables.GameTable`: its words for seats, events and
    what the keyboard's speech says."""

    #: what the stock is called aloud
    STOCK_WORD = N_("the stock")

    # ---- seats ------------------------------------------------------------------------
    def name(self, seat: int) -> Msg | str:
        """The seat's name as shown (a default name such as "Player 2" in the current
        language)."""
        return seat_name(self.t.match.seats[seat].name)

    def is_you(self, seat: int) -> bool:
        """The viewer's own seat, spoken to as 'you' (a human, and not pass-and-play, where
        everybody is called by name)."""
        return seat == self.viewer and self.t.match.is_human(seat) and \
            not self.t.hotseat

    def you(self, seat: int) -> Msg | str:
        """'You' for the viewer when the viewer is a human, else the seat's name."""
        return Msg("You") if self.is_you(seat) else self.name(seat)

    def said(self, seat: int, you: str, other: str, /, **values) -> Msg:
        """A sentence about ``seat``: ``you`` when it is the viewer ("You take the trick."),
        else ``other`` with the seat's name as ``{name}`` ("{name} takes the trick.").
        Both are literal msgids at the call site (the catalogue extracts them there)."""
        if self.is_you(seat):
            return Msg(you, **values)
        return Msg(other, name=self.name(seat), **values)

    # ---- the log ----------------------------------------------------------------------
    def describe(self, ev: dict) -> Msg | str | None:
        """One line for the table's log, or None."""
        return None

    # ---- speech -----------------------------------------------------------------------
    def spoken_event(self, ev: dict, line: Msg | str | None) -> Msg | str | None:
        """An event's log ``line`` as speech says it while the event is animated (after the
        table moved its cards): the line itself, or with the cards the event moved (a
        game's trick won, its melds laid)."""
        return line

    def hand_groups(self, codes: list[str]) -> list[tuple[Msg | str, list[str]]]:
        """The viewer's hand as the "hear my hand" key says it: (heading, cards) groups.
        By suit, in the order of the hand (the rummies group it by meld)."""
        groups: dict[str, list[str]] = {}
        for code in codes:
            groups.setdefault("JK" if code == "JK" else code[1], []).append(code)
        return [(Msg(SUIT_WORDS[k]) if k in SUIT_WORDS else Msg("jokers"), cards)
                for k, cards in groups.items()]

    def hand_group_words(self, heading, cards: list[str]) -> Msg:
        """One group of the hand said: 'spades: ace, ten and king' (a suit's cards by their
        ranks alone; a meld's by their names)."""
        if all(c != "JK" for c in cards) and len({c[1] for c in cards}) == 1 and \
                heading == Msg(SUIT_WORDS.get(cards[0][1], "")):
            ranks = and_list([Msg(RANK_WORDS[c[0]]) for c in cards])
        else:
            ranks = and_list([card_words(c) for c in cards])
        return Msg("{group}: {cards}", group=heading, cards=ranks)

    def spoken_table(self) -> list[Msg | str]:
        """What lies on the table, for the "hear the table" key: the trick in progress, the
        piles, melds laid (a game adds its own)."""
        out: list[Msg | str] = []
        trick = [s for s in self.t.zones.get("trick", []) if s.code is not None]
        if trick:
            out.append(Msg("Trick: {cards}", cards=and_list([
                Msg("{name}: {card}", name=self.you(s.owner), card=card_words(s.code))
                if s.owner is not None else card_words(s.code) for s in trick])))
        elif self.REVIEW:
            out.append(Msg("No card in the trick."))
        for name in ("stock", "pile", "trump"):
            words = self.spoken_target(name)
            if words is not None and self.t.zones.get(name):
                out.append(words)
        return out

    def turn_options(self, legal: list) -> list[Msg | str]:
        """What the person may do now besides playing a card to the table and pressing the
        game's buttons, said by the "whose turn" key after the cards they may play: the
        piles they may draw from, a discard (none by default)."""
        return []

    # ---- the hand-over of pass-and-play -------------------------------------------------
    #: the keys of the engine's view every player may see that :meth:`handoff_facts` and
    #: :meth:`handoff_cards` read (the hand-over screen gives them nothing else: no hand)
    PUBLIC_KEYS: tuple[str, ...] = ()

    def handoff_facts(self, public: dict) -> list[tuple[Msg | str, bool, list[list[str]]]]:
        """What the next person of pass-and-play needs to know before looking at their hand,
        from ``public`` (the view's :attr:`PUBLIC_KEYS`): (line, stands out, melds drawn
        after it) each (a last turn, the trumps...; nothing by default)."""
        return []

    def handoff_cards(self, public: dict) -> tuple[Msg | str, list[tuple[str, Msg | str]]]:
        """(heading, [(card, caption)]): the cards every player has seen face up that the
        hand-over shows when no trick is on the table (a last discard, a trump card), from
        ``public`` and the match's log; ("", []) for none."""
        return "", []

    def spoken_target(self, name: str) -> Msg | str | None:
        """A keyboard target that is not a card (a pile, a seat), said when the focus comes to
        it (None: its name is not known here; a game's own targets are its table's)."""
        zones = self.t.zones
        if name == "stock":
            n = len(zones.get("stock", []))
            return NMsg("{stock}: {n} card", "{stock}: {n} cards", n, stock=Msg(self.STOCK_WORD),
                        n=n)
        if name == "pile":
            pile = [s for s in zones.get("pile", []) if s.code is not None]
            if not pile:
                return Msg("The discard pile is empty")
            return Msg("The discard pile: {card} on top", card=the_card(pile[-1].code))
        if name == "trump":
            trump = [s for s in zones.get("trump", []) if s.code is not None]
            return Msg("The trump card: {card}", card=the_card(trump[-1].code)) if trump else \
                None
        if name.startswith("seat") and name[4:].isdigit():
            seat = int(name[4:])
            n = len(zones.get(f"hand{seat}", []))
            return NMsg("{name}: {n} card", "{name}: {n} cards", n, name=self.name(seat), n=n)
        return None

    def spoken_card(self, sprite) -> Msg | str:
        """A card under the keyboard's focus: 'ten of spades, playable' (a game may say where
        it lies)."""
        words = focus_words(sprite.code)
        if sprite.zone == f"hand{self.viewer}" and getattr(sprite, "glow", False):
            return Msg("{card}, playable", card=words)
        return words
