"""The draw-meld-discard machinery shared by ``rummy65`` and ``quebec65``.

Both games deal a growing hand each deal (k + 2 cards in deal k) with a wild rank that
moves up one step per deal, turn one card up to start the discard pile, and then play
turns: draw (stock or the top of the discard pile), go out if the rules let you, else
discard. Once somebody goes out every other player, in turn order, takes exactly one
last turn: draw, lay down any melds (partial lay-downs are allowed now), then discard
(or go out as well). Cards left in hand count against their holder; the lowest total
after the last deal wins. The meld rules themselves live in :mod:`melds`.

A subclass gives each game's parameters (decks, deal sizes, wild ranks, card values,
whether going out keeps a discard, the wild ratio rule) and its differences (the pot of
rummy65). The shared Decisions, beyond the rule files, are listed in :data:`DECISIONS`.

State layout (every field is plain JSON data):

* ``hands``: per seat, card codes in the order received.
* ``stock``: the draw pile, **top card last** (so a draw is ``pop()``).
* ``discard_pile``: bottom first, top card last. Every card in it was seen face up.
* ``laid``: per seat, the melds laid on the table this deal (going out included).
* ``pickups``: per seat, the cards taken from the discard pile that the seat still
  holds: everybody saw them go into that hand.
* ``out_seat``: the seat that went out first this deal (``None`` until then); the
  last turns then run from ``out_seat + 1`` round to ``out_seat - 1``.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections import Counter
from typing import Any, ClassVar

from . import checks as ck
from . import melds as meldlib
from . import rummy_shapes
from .cards import JOKER, RANK_NUMBER, SUITS, make_deck
from .core import Action, Event, GameState, IllegalAction, Kind

RANKS = "AKQJT98765432"
DRAW_STOCK = Action("draw", source="stock")
DRAW_DISCARD = Action("draw", source="discard")
DISCARD = {r + s: Action("discard", card=r + s) for r in RANKS for s in SUITS}
DISCARD[JOKER] = Action("discard", card=JOKER)

#: Decisions both rummy games share, beyond the rule files (also in each SPEC's notes).
DECISIONS = {
    "reshuffle": "The stock is rebuilt only when a player draws from an empty stock: the "
    "discard pile minus its top card is shuffled into a new stock. The third rebuild in "
    "one deal ends the deal at once (stalemate guard): nobody draws, and every player "
    "counts only the cards left outside the best arrangement of his hand.",
    "no_draw_possible": "A player who can draw from neither pile (stock empty and discard "
    "pile too small to rebuild it, and no top card to take) ends the deal the same way.",
    "stalemate_money": "In a stalemate a hand whose best arrangement melds every card "
    "scores 0 but was not laid down, so it takes no pot money (rummy65); only players "
    "who really laid down their whole hand before the stalemate take their 10 cents.",
    "last_turn_scoring": "On a last turn the player lays down what he chooses; what is "
    "still in his hand afterwards is counted as it is (the engine does not meld it for "
    "him). legal_actions() offers the canonical lay: the melds of the best arrangement.",
    "lay_actions": "On a last turn any number of lay actions may precede the discard; each "
    "must keep at least one card in hand. Melding every card (rummy65: all but the "
    "discard) is done with go_out, and then legal_actions() lists the go_out actions "
    "instead of a lay.",
    "going_out_optional": "Going out is never forced: a player who could go out may "
    "discard instead.",
    "discard_the_pickup": "A card taken from the discard pile may be discarded again on "
    "the same turn (the rule files do not forbid it).",
    "public_pickups": "A card taken from the discard pile stays known to everybody while "
    "its taker holds it (it leaves that record when he discards or lays a card of that "
    "code).",
}


def _melds_json(melds: Any) -> list[list[str]]:
    return [list(m) for m in melds]


class RummyState(GameState):
    """Base of the rummy games. Subclasses set the class parameters and the hooks."""

    #: a card drawn (stock or discard pile); a card discarded; going out (every card in
    #: melds, with a discard where the game keeps one); melds laid once somebody is out.
    #: The two that lay melds are open: any arrangement the rules allow is taken
    MOVES: ClassVar[tuple[Kind, ...]] = (
        Kind("draw", ("source",)), Kind("discard", ("card",)),
        Kind("go_out", ("melds",), ("discard",), open=True), Kind("lay", ("melds",), open=True))

    #: word used in events and score rows for one deal: 'hand' or 'round'
    DEAL_WORD: ClassVar[str] = "hand"
    #: number of deals in a match
    N_DEALS: ClassVar[int] = 12
    #: wild rank of deal k is WILD_SEQUENCE[k - 1]
    WILD_SEQUENCE: ClassVar[str] = ""
    #: ranks wild in every deal besides the jokers and the deal's rank
    ALWAYS_WILD: ClassVar[tuple[str, ...]] = ()
    #: going out keeps one card to discard (rummy65) or melds every card (quebec65)
    DISCARD_WHEN_OUT: ClassVar[bool] = True
    #: no meld may hold more wild cards than natural cards
    WILDS_AT_MOST_NATURALS: ClassVar[bool] = True
    #: the third stock rebuild of a deal ends it
    MAX_RESHUFFLES: ClassVar[int] = 3

    FIELDS: ClassVar[tuple[str, ...]] = (
        "hands",         # per seat: card codes in the order received
        "stock",         # draw pile, top card LAST
        "discard_pile",  # bottom first, top card last
        "turn",          # seat to act
        "drawn",         # the seat to act has drawn this turn
        "out_seat",      # seat that went out first this deal, or None
        "laid",          # per seat: melds laid on the table this deal
        "pickups",       # per seat: cards taken from the discard pile, still held
        "reshuffles",    # stock rebuilds this deal
    )

    SCHEMA: ClassVar[dict[str, Any]] = {
        "hands": ck.per_seat(ck.CARDS),
        "stock": ck.CARDS,
        "discard_pile": ck.CARDS,
        "turn": ck.seat,
        "drawn": ck.boolean,
        "out_seat": ck.maybe(ck.seat),
        "laid": ck.per_seat(ck.list_of(ck.list_of(ck.card, most=200))),
        "pickups": ck.per_seat(ck.CARDS),
        "reshuffles": ck.integer(0, MAX_RESHUFFLES),
    }

    _RULES_CACHE: ClassVar[dict] = {}

    # ------------------------------------------------------------------ game parameters
    def _decks(self) -> int:
        """Number of 54-card decks (52 + 2 jokers) for this many players."""
        return 2

    def cards_dealt(self, deal: int) -> int:
        """Cards dealt to each player in deal ``deal`` (1-based)."""
        return deal + 2

    def wild_ranks(self, deal: int | None = None) -> list[str]:
        """Ranks wild in deal ``deal`` (the current one by default); jokers always are."""
        k = self.deal_no if deal is None else deal
        ranks = list(self.ALWAYS_WILD)
        own = self.WILD_SEQUENCE[k - 1]
        if own not in ranks:
            ranks.append(own)
        return ranks

    @abstractmethod
    def card_value(self, card: str, deal: int) -> int:
        """Penalty of ``card`` left in hand at the end of deal ``deal``."""

    def _need_natural(self) -> bool:
        return True

    def meld_rules(self, deal: int | None = None) -> meldlib.MeldRules:
        """The meld rules and card values of deal ``deal`` (the current one by default)."""
        k = self.deal_no if deal is None else deal
        need = self._need_natural()
        key = (self.GAME_ID, k, need)
        rules = self._RULES_CACHE.get(key)
        if rules is None:
            values = {c: self.card_value(c, k) for c in set(make_deck(RANKS, 1, 1))}
            rules = meldlib.MeldRules(
                frozenset(self.wild_ranks(k)), self.WILDS_AT_MOST_NATURALS, need, values)
            self._RULES_CACHE[key] = rules
        return rules

    # ------------------------------------------------------------------ hooks for the pot
    def _init_money(self) -> None:
        """Set the game's extra fields (rummy65: the pot) before the first deal."""

    def _settle(self, row: dict, laid_all: list[int], final: bool) -> None:
        """Add money to the deal's score row (``laid_all``: seats in lay-down order)."""

    def _match_over_extra(self) -> dict:
        return {}

    def _view_extra(self) -> dict:
        return {}

    @classmethod
    def row_spec(cls, extra: dict | None = None) -> Any:
        """The shape of one score-sheet row (``extra``: the game's own parts of it)."""
        melds = ck.per_seat(ck.list_of(ck.CARDS))
        return ck.obj({
            "deal": ck.integer(1, cls.N_DEALS), cls.DEAL_WORD: ck.integer(1, cls.N_DEALS),
            "dealer": ck.seat, "wild_ranks": ck.list_of(ck.word(*RANKS), most=3),
            "went_out": ck.maybe(ck.seat), "stalemate": ck.boolean,
            "reshuffles": ck.integer(0, cls.MAX_RESHUFFLES), "laid": melds,
            "leftover": ck.per_seat(ck.CARDS),
            "values": ck.per_seat(ck.list_of(ck.integer(0, 50))),
            "penalties": ck.per_seat(ck.COUNT), "melded_all": ck.per_seat(ck.boolean),
            "totals": ck.per_seat(ck.COUNT), **(extra or {}),
        }, {"arranged": melds})

    @classmethod
    def declare_shapes(cls, view_extra: dict | None = None,
                       over_extra: dict | None = None) -> None:
        """Set this rummy's ``VIEW``, ``EVENTS`` and ``REFUSALS`` (:mod:`.rummy_shapes`),
        with what its view and its match's end add."""
        cls.VIEW, cls.EVENTS, cls.REFUSALS = rummy_shapes.shapes(
            cls, DRAW_STOCK.source, DRAW_DISCARD.source, view_extra, over_extra)

    def _validate_loaded(self) -> None:
        super()._validate_loaded()
        need = ck.require
        n = self.n_players
        totals = self.score_sheet[-1]["totals"] if self.score_sheet else [0] * n
        need(self.match_scores == totals, "the scores do not match the score sheet")
        if self.over:
            return
        size = self.cards_dealt(self.deal_no)
        for seat in range(n):
            held = len(self.hands[seat]) + sum(len(m) for m in self.laid[seat])
            if seat == self.out_seat:
                expected = size + (0 if self.DISCARD_WHEN_OUT else 1)
            else:
                expected = size + (seat == self.turn and self.drawn)
            need(held == expected, "a hand holds the wrong number of cards")
            need(not Counter(self.pickups[seat]) - Counter(self.hands[seat]),
                 "a card taken from the pile is not in its hand")
        if self.out_seat is None:
            need(not any(self.laid), "melds laid before anybody went out")
        else:
            need(self.turn != self.out_seat, "the player who went out is to play again")
        rules = self.meld_rules()
        for melds in self.laid:
            for meld in melds:
                need(meldlib.check_meld_code(meld, rules) is None, "a laid meld is not valid")

    # ------------------------------------------------------------------ setup
    def _init_fields(self) -> None:
        n = self.n_players
        self.hands = [[] for _ in range(n)]
        self.stock = []
        self.discard_pile = []
        self.turn = 0
        self.drawn = False
        self.out_seat = None
        self.laid = [[] for _ in range(n)]
        self.pickups = [[] for _ in range(n)]
        self.reshuffles = 0
        self._init_money()

    def _full_deck(self) -> list[str]:
        return make_deck(RANKS, self._decks(), jokers=2)

    def _deal(self, stacked: list[str] | None = None) -> list[Event]:
        """Deal k + 2 cards one at a time from the dealer's left, turn one up, stock the rest."""
        deck = self._deck_for_deal(stacked)
        self.deal_no += 1
        k = self.deal_no
        n = self.n_players
        size = self.cards_dealt(k)
        first = (self.dealer + 1) % n
        hands: list[list[str]] = [[] for _ in range(n)]
        dealt = n * size
        for i in range(dealt):
            hands[(first + i) % n].append(deck[i])
        up = deck[dealt]
        self.hands = hands
        self.stock = deck[dealt + 1:][::-1]
        self.discard_pile = [up]
        self.turn = first
        self.drawn = False
        self.out_seat = None
        self.laid = [[] for _ in range(n)]
        self.pickups = [[] for _ in range(n)]
        self.reshuffles = 0
        self.__dict__["_memo"] = {}
        events = [
            Event(
                "dealt",
                {"deal": k, self.DEAL_WORD: k, "dealer": self.dealer, "first": first,
                 "wild_ranks": self.wild_ranks(k), "jokers_wild": True,
                 "cards_each": size, "hand_sizes": [size] * n, "up_card": up,
                 "stock_size": len(self.stock)},
            )
        ]
        for seat in range(n):
            events.append(
                Event("received", {"seat": seat, "count": size},
                      {"cards": list(hands[seat])}, (seat,))
            )
        return events

    # ------------------------------------------------------------------ cached meld queries
    def _memo_get(self, kind: str, hand: list[str]) -> Any:
        memo = self.__dict__.get("_memo")
        if memo is None:
            memo = self.__dict__["_memo"] = {}
        key = (kind, self.deal_no, tuple(sorted(hand)))
        if key in memo:
            return memo[key]
        if kind == "go_out":
            value = meldlib.go_out_options(hand, self.meld_rules(), self.DISCARD_WHEN_OUT)
        else:
            value = self._compute_lay(hand)
        if len(memo) > 4096:
            memo.clear()
        memo[key] = value
        return value

    def _compute_lay(self, hand: list[str]) -> list[list[str]] | None:
        """The canonical lay: melds of the best arrangement that keeps a card in hand."""
        rules = self.meld_rules()
        best = meldlib.best_arrangement(hand, rules)
        if best.leftover:
            return best.melds or None
        # every card melds but (rummy65) no single discard lets the rest meld: keep the
        # card whose removal leaves the least penalty, first in canonical order on ties
        choice = None
        for card in sorted(set(hand)):
            rest = list(hand)
            rest.remove(card)
            arr = meldlib.best_arrangement(rest, rules)
            if choice is None or arr.penalty < choice.penalty:
                choice = arr
        return (choice.melds or None) if choice is not None else None

    def go_out_options(self, seat: int | None = None) -> list[meldlib.GoOut]:
        """Ways the seat (the one to act by default) can go out with its hand as it is."""
        s = self.turn if seat is None else seat
        return self._memo_get("go_out", self.hands[s])

    # ------------------------------------------------------------------ protocol
    @property
    def current_player(self) -> int | None:
        return None if self.over else self.turn

    @property
    def last_turns(self) -> bool:
        """True once somebody has gone out this deal."""
        return self.out_seat is not None

    def _can_draw_stock(self) -> bool:
        return bool(self.stock) or len(self.discard_pile) >= 2

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        if not self.drawn:
            out = []
            if self._can_draw_stock():
                out.append(DRAW_STOCK)
            if self.discard_pile:
                out.append(DRAW_DISCARD)
            return out
        hand = self.hands[self.turn]
        out = [
            Action("go_out", melds=tuple(tuple(m) for m in g.melds), discard=g.discard)
            for g in self._memo_get("go_out", hand)
        ]
        if self.out_seat is not None and not out and len(hand) > 1:
            lay = self._memo_get("lay", hand)
            if lay:
                out.append(Action("lay", melds=tuple(tuple(m) for m in lay)))
        if hand:
            out.extend(DISCARD[c] for c in sorted(set(hand)))
        return out

    def _check(self, action: Action) -> None:
        kind = action.kind
        if kind == "draw":
            if self.drawn:
                raise IllegalAction("already_drew", "you have already drawn this turn")
            if action.source == "stock":
                if not self._can_draw_stock():
                    raise IllegalAction("empty_stock", "the stock is empty")
            elif action.source == "discard":
                if not self.discard_pile:
                    raise IllegalAction("empty_discard", "the discard pile is empty")
            else:
                raise IllegalAction("bad_source", "draw from 'stock' or 'discard'")
            return
        if kind not in ("discard", "go_out", "lay"):
            raise IllegalAction(
                "wrong_kind", "in this game you draw, discard, go out or lay melds")
        if not self.drawn:
            raise IllegalAction("must_draw_first", "draw a card first")
        hand = self.hands[self.turn]
        if kind == "discard":
            if action.card not in hand:
                raise IllegalAction("not_in_hand", f"{action.card} is not in your hand")
            return
        if kind == "lay" and self.out_seat is None:
            raise IllegalAction(
                "no_partial_laydown",
                "you may lay melds down only to go out, until somebody has gone out")
        melds = action.melds
        if not melds:
            raise IllegalAction("no_melds", "lay down at least one meld")
        extra = [action.discard] if kind == "go_out" and action.discard is not None else []
        used = [c for m in melds for c in m] + extra
        missing = Counter(used) - Counter(hand)
        if missing:
            raise IllegalAction(
                "not_in_hand", f"not in your hand: {' '.join(sorted(missing.elements()))}")
        rules = self.meld_rules()
        for meld in melds:
            why = meldlib.check_meld_code(meld, rules)
            if why is not None:
                raise IllegalAction("invalid_meld", f"{' '.join(meld)}: {why.text}",
                                    meld=list(meld), reason=why.code, **why.params)
        left = len(hand) - len(used)
        if kind == "go_out":
            if self.DISCARD_WHEN_OUT and action.discard is None:
                raise IllegalAction("must_discard", "going out ends with a discard")
            if not self.DISCARD_WHEN_OUT and action.discard is not None:
                raise IllegalAction(
                    "no_discard_when_out", "going out melds every card; there is no discard")
            if left:
                raise IllegalAction(
                    "must_meld_all",
                    "to go out, meld every card" + (" but the discard" if extra else ""))
        elif left < 1:
            if self.DISCARD_WHEN_OUT:
                raise IllegalAction(
                    "must_keep_discard", "keep one card to discard (or go out with it)")
            raise IllegalAction("use_go_out", "to meld every card, go out")

    def _apply(self, action: Action) -> list[Event]:
        seat = self.turn
        kind = action.kind
        if kind == "draw":
            return self._draw(seat, action.source)
        if kind == "discard":
            return self._discard(seat, action.card)
        melds = _melds_json(action.melds)
        self._take_out(seat, [c for m in melds for c in m])
        self.laid[seat].extend(melds)
        if kind == "lay":
            return [Event("melded", {"seat": seat, "melds": _melds_json(melds)})]
        events = [Event("went_out", {"seat": seat, "melds": _melds_json(melds),
                                     "discard": action.discard,
                                     "last_turn": self.out_seat is not None})]
        if action.discard is not None:
            self._take_out(seat, [action.discard])
            self.discard_pile.append(action.discard)
            events.append(Event("discarded", {"seat": seat, "card": action.discard}))
        if self.out_seat is None:
            self.out_seat = seat
            n = self.n_players
            order = [(seat + i) % n for i in range(1, n)]
            events.append(Event("last_turns", {"went_out": seat, "order": order}))
        return events + self._end_turn()

    # ------------------------------------------------------------------ turn steps
    def _take_out(self, seat: int, cards: list[str]) -> None:
        hand = self.hands[seat]
        known = self.pickups[seat]
        for c in cards:
            hand.remove(c)
            if c in known:
                known.remove(c)

    def _draw(self, seat: int, source: str) -> list[Event]:
        events: list[Event] = []
        if source == "discard":
            card = self.discard_pile.pop()
            self.pickups[seat].append(card)
            self.hands[seat].append(card)
            self.drawn = True
            return [Event("drew", {"seat": seat, "source": "discard", "card": card})]
        if not self.stock:
            events += self._reshuffle()
            if self.reshuffles >= self.MAX_RESHUFFLES:
                events.append(Event("stalemate", {"reshuffles": self.reshuffles,
                                                  "reason": "reshuffles"}))
                return events + self._score_deal(stalemate=True)
        card = self.stock.pop()
        self.hands[seat].append(card)
        self.drawn = True
        events.append(Event("drew", {"seat": seat, "source": "stock"}, {"card": card}, (seat,)))
        return events

    def _reshuffle(self) -> list[Event]:
        """The discard pile but its top card, shuffled, becomes the stock."""
        pile = self.discard_pile
        new_stock = pile[:-1]
        self.discard_pile = pile[-1:]
        self.rng.shuffle(new_stock)
        self.stock = new_stock
        self.reshuffles += 1
        return [Event("reshuffled", {"number": self.reshuffles, "stock_size": len(new_stock),
                                     "discard_top": self.discard_pile[-1]})]

    def _discard(self, seat: int, card: str) -> list[Event]:
        self._take_out(seat, [card])
        self.discard_pile.append(card)
        return [Event("discarded", {"seat": seat, "card": card})] + self._end_turn()

    def _end_turn(self) -> list[Event]:
        n = self.n_players
        nxt = (self.turn + 1) % n
        if self.out_seat is not None and nxt == self.out_seat:
            return self._score_deal(stalemate=False)
        self.turn = nxt
        self.drawn = False
        if not self.stock and not self.discard_pile:
            return [Event("stalemate", {"reshuffles": self.reshuffles,
                                        "reason": "no_card_to_draw"})] + self._score_deal(
                stalemate=True)
        return []

    # ------------------------------------------------------------------ scoring
    @classmethod
    def deal_change(cls, row: dict, n_players: int) -> list[int]:
        """The penalty points each player took in the deal."""
        return list(row["penalties"])

    @classmethod
    def deal_measure(cls, row: dict, n_players: int) -> list[int]:
        """The penalty points each player took in the deal."""
        return list(row["penalties"])

    def _score_deal(self, stalemate: bool) -> list[Event]:
        n = self.n_players
        k = self.deal_no
        rules = self.meld_rules()
        leftover: list[list[str]] = []
        arranged: list[list[list[str]]] = []
        for seat in range(n):
            hand = self.hands[seat]
            if stalemate and hand:
                arr = meldlib.best_arrangement(hand, rules)
                leftover.append(list(arr.leftover))
                arranged.append(_melds_json(arr.melds))
            else:
                leftover.append(sorted(hand, key=_display_key))
                arranged.append([])
        values = [[rules.values[c] for c in cards] for cards in leftover]
        penalties = [sum(v) for v in values]
        melded_all = [not self.hands[s] for s in range(n)]
        start = self.out_seat if self.out_seat is not None else 0
        laid_all = [(start + i) % n for i in range(n) if melded_all[(start + i) % n]]
        for seat in range(n):
            self.match_scores[seat] += penalties[seat]
        row: dict = {
            "deal": k,
            self.DEAL_WORD: k,
            "dealer": self.dealer,
            "wild_ranks": self.wild_ranks(k),
            "went_out": self.out_seat,
            "stalemate": stalemate,
            "reshuffles": self.reshuffles,
            "laid": [_melds_json(m) for m in self.laid],
            "leftover": leftover,
            "values": values,
            "penalties": penalties,
            "melded_all": melded_all,
            "totals": list(self.match_scores),
        }
        if stalemate:
            row["arranged"] = arranged
        final = k >= self.N_DEALS
        if final:
            low = min(self.match_scores)
            self.winners = [s for s in range(n) if self.match_scores[s] == low]
            self.over = True
        self._settle(row, laid_all, final)
        self.score_sheet.append(row)
        events = [self._deal_scored()]
        if final:
            data = {"winners": list(self.winners), "scores": list(self.match_scores)}
            data.update(self._match_over_extra())
            events.append(Event("match_over", data))
            return events
        self.dealer = (self.dealer + 1) % n
        return events + self._deal()

    # ------------------------------------------------------------------ copying
    def clone(self) -> RummyState:
        """A deep copy, except that finished score rows are shared (they never change)."""
        sheet = self.score_sheet
        self.score_sheet = []
        try:
            new = super().clone()
        finally:
            self.score_sheet = sheet
        new.score_sheet = list(sheet)
        return new

    # ------------------------------------------------------------------ information
    def hand(self, seat: int) -> list[str]:
        return list(self.hands[seat])

    def all_cards(self) -> list[str]:
        out = [c for h in self.hands for c in h]
        out += self.stock
        out += self.discard_pile
        for melds in self.laid:
            for m in melds:
                out += m
        return out

    def last_turn_seats(self) -> list[int]:
        """Seats still to take (or taking) their last turn, in order."""
        if self.out_seat is None or self.over:
            return []
        n = self.n_players
        out = []
        s = self.turn
        while s != self.out_seat:
            out.append(s)
            s = (s + 1) % n
        return out

    def view(self, seat: int) -> dict:
        """What ``seat`` knows: its hand, the table, and the cards others took face up."""
        view = {
            "game": self.GAME_ID,
            "seat": seat,
            "n_players": self.n_players,
            "deal": self.deal_no,
            self.DEAL_WORD: self.deal_no,
            "deals_in_match": self.N_DEALS,
            "dealer": self.dealer,
            "current_player": self.current_player,
            "drawn": self.drawn,
            "wild_ranks": self.wild_ranks(),
            "jokers_wild": True,
            "hand": list(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "known_cards": [sorted(p, key=_display_key) for p in self.pickups],
            "stock_size": len(self.stock),
            "discard_pile": list(self.discard_pile),
            "discard_top": self.discard_pile[-1] if self.discard_pile else None,
            "reshuffles": self.reshuffles,
            "laid": [_melds_json(m) for m in self.laid],
            "went_out": self.out_seat,
            "last_turns": self.out_seat is not None,
            "last_turn_seats": self.last_turn_seats(),
            "penalties": [list(r["penalties"]) for r in self.score_sheet],
            "match_scores": list(self.match_scores),
            "options": dict(self.options),
            "is_over": self.over,
            "winners": list(self.winners),
        }
        view.update(self._view_extra())
        return view

    def determinize(self, seat: int, rng: random.Random) -> RummyState:
        """Re-deal the stock and the other hands' unknown cards among those places.

        Sizes are kept, and so are the cards each opponent took from the discard pile.
        """
        new = self.clone()
        others = [s for s in range(self.n_players) if s != seat]
        pool = list(self.stock)
        unknown: dict[int, int] = {}
        for s in others:
            rest = Counter(self.hands[s])
            rest.subtract(self.pickups[s])
            pool.extend(rest.elements())
            unknown[s] = len(self.hands[s]) - len(self.pickups[s])
        rng.shuffle(pool)
        at = len(self.stock)
        new.stock = pool[:at]
        for s in others:
            new.hands[s] = list(self.pickups[s]) + pool[at:at + unknown[s]]
            at += unknown[s]
        return new


def _display_key(card: str) -> tuple[int, int]:
    """Rank (ace low) then suit; jokers last. Used for leftover lists and known cards."""
    if card == JOKER:
        return (99, 0)
    return (RANK_NUMBER[card[0]], SUITS.index(card[1]))


def _copy(value: Any) -> Any:
    if isinstance(value, list):
        return [_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    return value
