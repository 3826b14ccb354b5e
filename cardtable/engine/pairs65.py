"""Sixty-Five, the draw-and-pair game (rules: shared/rules/pairs65.md).

Two to four players, 48 cards (no kings), 9 cards each. A pair is two cards of
the same colour whose values add up to 13 (A=1, J=11, Q=12). A turn: refill to
+3 cards if you hold 3 or fewer, take one card (draw pile, top of the discard
pile, or a blind swap with another player), lay any number of pairs, then
discard one card unless you now hold 3 or fewer. The first player with 5 pairs
on the table wins the game at once; a match is ``games_to_win`` games.

Decisions beyond the specification (all documented in ``SPEC.notes`` too):

* Reshuffle: when the last card of the draw pile is taken and the discard pile
  holds cards, the discard pile is shuffled into a new draw pile at once (the
  source's wording). A draw from an empty draw pile also reshuffles first (this
  only happens after both piles were empty and someone discarded).
* Both piles empty: ``draw`` with ``source='stock'`` stays legal and takes
  nothing, so a player always has a legal move; swapping stays possible.
* A player who now holds 3 cards or fewer may not discard (``done`` ends the
  turn); a player holding more than 3 must discard. Taking the top discard and
  discarding the same card again is allowed.
* A swap: the swapper's offered card leaves its hand into ``swap`` until the
  target gives a card; nobody but the swapper sees it. Views count it in the
  swapper's ``hand_sizes`` so the choice leaks nothing.
* Known cards: a card taken from the discard pile is known to everybody, a card
  given in a swap is known to the giver; either stays known while it stays in
  that hand. Views list other players' known cards sorted, never in hand order.
* Stalemate: after 60 complete turns in a row without a pair the game ends;
  the most pairs wins and equal counts share the game (every tied seat scores
  a game won). Several seats reaching ``games_to_win`` together all win.
* Each new game of a match starts one seat further to the left.
"""

from __future__ import annotations

import random

from . import checks as ck
from . import pairs65_shapes
from .cards import make_deck
from .core import Action, ConfigError, Event, GameState, IllegalAction, Kind
from .registry import CodeLayout, GameSpec, OptionSpec

RANKS = "QJT98765432A"
DECK = make_deck(RANKS)
VALUE = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
         "T": 10, "J": 11, "Q": 12}
VALUE_TO_RANK = {v: r for r, v in VALUE.items()}
COLOUR = {"S": "black", "C": "black", "H": "red", "D": "red"}
SAME_COLOUR = {"S": "SC", "C": "SC", "H": "HD", "D": "HD"}
HAND_SIZE = 9
PAIRS_TO_WIN = 5
REFILL_AT = 3      # hold this many or fewer at the start of a turn: draw REFILL_COUNT
REFILL_COUNT = 3
STALEMATE_TURNS = 60
PHASES = ("take", "give", "play", "over")

#: the two cards that pair with each card (same colour, values adding to 13)
PARTNERS = {
    c: tuple(VALUE_TO_RANK[13 - VALUE[c[0]]] + s for s in SAME_COLOUR[c[1]]) for c in DECK
}
#: a card is the low half of its pairs when its value is 6 or less
LOW = {c: VALUE[c[0]] <= 6 for c in DECK}

DRAW_STOCK = Action("draw", source="stock")
DRAW_DISCARD = Action("draw", source="discard")
DONE = Action("done")
DISCARD = {c: Action("discard", card=c) for c in DECK}
GIVE = {c: Action("give", card=c) for c in DECK}
SWAP = {(t, c): Action("swap", target=t, card=c) for t in range(4) for c in DECK}


def _pair_actions() -> dict[tuple[str, str], Action]:
    out = {}
    for low in DECK:
        if LOW[low]:
            for high in PARTNERS[low]:
                out[low, high] = out[high, low] = Action("pair", cards=(low, high))
    return out


#: canonical pair actions (low card first), reached from either order
PAIR = _pair_actions()


def is_pair(a: str, b: str) -> bool:
    """Two different cards of the same colour whose values add up to 13."""
    return a != b and COLOUR[a[1]] == COLOUR[b[1]] and VALUE[a[0]] + VALUE[b[0]] == 13


class Pairs65State(GameState):
    GAME_ID = "pairs65"
    #: a card drawn (stock or discard pile); a swap asked of a player and the card given
    #: in answer; a pair laid; a card discarded; a turn ended without a discard
    MOVES = (Kind("draw", ("source",)), Kind("swap", ("target", "card")),
             Kind("give", ("card",)), Kind("pair", ("cards",)), Kind("discard", ("card",)),
             Kind("done"))
    FIELDS = (
        "hands",               # list of n lists of codes (a pending offered card is not here)
        "draw_pile",           # codes, top first
        "discard_pile",        # codes, bottom first: the top card is the last
        "pairs",               # per seat: [[low, high], ...] laid face up, in order laid
        "known",               # {card: bitmask of seats that know it is in its holder's hand}
        "turn",                # seat whose turn it is
        "phase",               # 'take', 'give' (swap target chooses), 'play', 'over'
        "swap",                # None or {"swapper": s, "target": t, "card": offered}
        "turn_no",             # turns begun in this game, the current one included
        "turns_without_pair",  # complete turns in a row without a pair laid
        "paired_this_turn",
    )

    SCHEMA = {
        "hands": ck.per_seat(ck.CARDS),
        "draw_pile": ck.CARDS,
        "discard_pile": ck.CARDS,
        "pairs": ck.per_seat(ck.list_of(ck.list_of(ck.card, size=2), most=26)),
        "known": lambda v, ctx: ck.mapping(ck.card, ck.integer(1, (1 << ctx.n) - 1))(v, ctx),
        "turn": ck.seat,
        "phase": ck.word(*PHASES),
        "swap": ck.maybe(ck.obj({"swapper": ck.seat, "target": ck.seat, "card": ck.card})),
        "turn_no": ck.COUNT,
        "turns_without_pair": ck.COUNT,
        "paired_this_turn": ck.boolean,
    }
    ROW = ck.obj({
        "deal": ck.integer(1), "game": ck.integer(1), "first_player": ck.seat,
        "pairs": ck.per_seat(ck.integer(0, 26)), "winners": ck.SEATS, "reason": ck.word(),
        "turns": ck.COUNT, "games_won": ck.per_seat(ck.COUNT),
    })
    VIEW, EVENTS, REFUSALS = pairs65_shapes.shapes(len(DECK), PHASES, STALEMATE_TURNS,
                                                   REFILL_COUNT)

    # ------------------------------------------------------------------ setup
    def _init_fields(self) -> None:
        n = self.n_players
        self.hands = [[] for _ in range(n)]
        self.draw_pile = []
        self.discard_pile = []
        self.pairs = [[] for _ in range(n)]
        self.known = {}
        self.turn = 0
        self.phase = "take"
        self.swap = None
        self.turn_no = 0
        self.turns_without_pair = 0
        self.paired_this_turn = False

    def _full_deck(self) -> list[str]:
        return list(DECK)

    def _deal(self, stacked: list[str] | None = None) -> list[Event]:
        """9 cards each, one at a time, from the dealer's left; the rest is the draw pile."""
        deck = self._deck_for_deal(stacked)
        n = self.n_players
        self.deal_no += 1
        first = (self.dealer + 1) % n
        hands: list[list[str]] = [[] for _ in range(n)]
        dealt = HAND_SIZE * n
        for i in range(dealt):
            hands[(first + i) % n].append(deck[i])
        self.hands = hands
        self.draw_pile = deck[dealt:]
        self.discard_pile = []
        self.pairs = [[] for _ in range(n)]
        self.known = {}
        self.turn = first
        self.phase = "take"
        self.swap = None
        self.turn_no = 1
        self.turns_without_pair = 0
        self.paired_this_turn = False
        events = [
            Event(
                "dealt",
                {"deal": self.deal_no, "dealer": self.dealer, "first": first,
                 "hand_sizes": [HAND_SIZE] * n, "draw_pile": len(self.draw_pile)},
            )
        ]
        for seat in range(n):
            events.append(
                Event("received", {"seat": seat, "count": HAND_SIZE},
                      {"cards": list(hands[seat])}, (seat,))
            )
        self._start_turn(events)
        return events

    # ------------------------------------------------------------------ protocol
    @property
    def current_player(self) -> int | None:
        if self.over:
            return None
        if self.phase == "give":
            return self.swap["target"]
        return self.turn

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        phase = self.phase
        if phase == "give":
            return [GIVE[c] for c in self.hands[self.swap["target"]]]
        seat = self.turn
        hand = self.hands[seat]
        if phase == "take":
            out = [DRAW_STOCK]
            if self.discard_pile:
                out.append(DRAW_DISCARD)
            if hand:
                hands = self.hands
                for t in range(self.n_players):
                    if t != seat and hands[t]:
                        out.extend([SWAP[t, c] for c in hand])
            return out
        out = []
        if len(hand) > 1:
            held = set(hand)
            for c in hand:
                if LOW[c]:
                    for p in PARTNERS[c]:
                        if p in held:
                            out.append(PAIR[c, p])
        if len(hand) > REFILL_AT:
            out.extend([DISCARD[c] for c in hand])
        else:
            out.append(DONE)
        return out

    def _normal(self, action: Action) -> Action:
        """A pair is written low card first, as ``legal_actions()`` lists it."""
        if action.kind == "pair" and action.cards is not None and len(action.cards) == 2:
            return PAIR.get(action.cards, action)
        return action

    def _check(self, action: Action) -> None:
        kind = action.kind
        phase = self.phase
        if phase == "give":
            if kind != "give":
                raise IllegalAction(
                    "must_give", "you have been asked to swap: choose a card to give"
                )
            if action.card not in self.hands[self.swap["target"]]:
                raise IllegalAction("not_in_hand", f"{action.card} is not in your hand")
            return
        if kind == "give":
            raise IllegalAction("no_swap_pending", "nobody has asked you to swap")
        seat = self.turn
        hand = self.hands[seat]
        if phase == "take":
            if kind == "draw":
                source = action.source
                if source == "discard":
                    if not self.discard_pile:
                        raise IllegalAction("empty_pile", "the discard pile is empty")
                elif source != "stock":
                    raise IllegalAction("bad_source", "draw from 'stock' or 'discard'")
                return
            if kind == "swap":
                target = action.target
                if type(target) is not int or not 0 <= target < self.n_players or target == seat:
                    raise IllegalAction("bad_target", "swap with another player at the table")
                if not self.hands[target]:
                    raise IllegalAction(
                        "target_has_no_cards", f"player {target} holds no card to swap"
                    )
                if action.card not in hand:
                    raise IllegalAction("not_in_hand", f"{action.card} is not in your hand")
                return
            if kind in ("pair", "discard", "done"):
                raise IllegalAction(
                    "must_take_first",
                    "first draw a card, take the top discard or swap with a player",
                )
            raise IllegalAction("wrong_kind", f"{kind!r} is not a move in this game")
        # phase == "play"
        if kind == "pair":
            cards = action.cards
            if cards is None or len(cards) != 2:
                raise IllegalAction("bad_pair", "a pair is exactly two cards")
            a, b = cards
            if a == b:
                raise IllegalAction("bad_pair", "a pair is two different cards")
            for c in cards:
                if c not in hand:
                    raise IllegalAction("not_in_hand", f"{c} is not in your hand")
            if COLOUR[a[1]] != COLOUR[b[1]]:
                raise IllegalAction(
                    "colours_differ",
                    f"{a} is {COLOUR[a[1]]} and {b} is {COLOUR[b[1]]}: a pair is one colour",
                    cards=[a, b], colours=[COLOUR[a[1]], COLOUR[b[1]]],
                )
            total = VALUE[a[0]] + VALUE[b[0]]
            if total != 13:
                raise IllegalAction("values_not_13", f"values add to {total}, not 13",
                                    total=total)
            if PAIR[cards].cards != cards:
                # apply is strict; normalise() writes a pair low card first, as listed
                raise IllegalAction("not_legal", f"a pair is written low card first: "
                                                 f"{b} {a}, not {a} {b}")
            return
        if kind == "discard":
            if len(hand) <= REFILL_AT:
                raise IllegalAction(
                    "no_discard_at_3", "you hold 3 cards or fewer: end your turn without discarding"
                )
            if action.card not in hand:
                raise IllegalAction("not_in_hand", f"{action.card} is not in your hand")
            return
        if kind == "done":
            if len(hand) > REFILL_AT:
                raise IllegalAction("must_discard", "you hold more than 3 cards: discard one")
            return
        if kind in ("draw", "swap"):
            raise IllegalAction("already_took", "you have already taken a card this turn")
        raise IllegalAction("wrong_kind", f"{kind!r} is not a move in this game")

    def _apply(self, action: Action) -> list[Event]:
        kind = action.kind
        if kind == "pair":
            return self._pair(action.cards)
        if kind == "discard":
            return self._discard(action.card)
        if kind == "draw":
            return self._draw(action.source)
        if kind == "swap":
            return self._offer(action.target, action.card)
        if kind == "give":
            return self._give(action.card)
        events = [Event("done", {"seat": self.turn})]
        self._end_turn(events)
        return events

    # ------------------------------------------------------------------ the moves
    def _draw(self, source: str) -> list[Event]:
        seat = self.turn
        events: list[Event] = []
        if source == "discard":
            card = self.discard_pile.pop()
            self.hands[seat].append(card)
            self.known[card] = (1 << self.n_players) - 1
            events.append(Event("drew", {"seat": seat, "source": "discard", "card": card}))
        else:
            self._draw_cards(seat, 1, "drew", events)
        self.phase = "play"
        return events

    def _offer(self, target: int, card: str) -> list[Event]:
        seat = self.turn
        self.hands[seat].remove(card)
        self.swap = {"swapper": seat, "target": target, "card": card}
        self.phase = "give"
        return [Event("swap_asked", {"seat": seat, "target": target}, {"card": card}, (seat,))]

    def _give(self, card: str) -> list[Event]:
        swap = self.swap
        swapper, target, offered = swap["swapper"], swap["target"], swap["card"]
        target_hand = self.hands[target]
        target_hand.remove(card)
        target_hand.append(offered)
        self.hands[swapper].append(card)
        self.known[offered] = 1 << swapper
        self.known[card] = 1 << target
        self.swap = None
        self.phase = "play"
        return [
            Event("swapped", {"seat": swapper, "target": target},
                  {"gave": offered, "received": card}, (swapper, target))
        ]

    def _pair(self, cards: tuple[str, ...]) -> list[Event]:
        seat = self.turn
        low, high = PAIR[cards[0], cards[1]].cards
        hand = self.hands[seat]
        hand.remove(low)
        hand.remove(high)
        known = self.known
        known.pop(low, None)
        known.pop(high, None)
        laid = self.pairs[seat]
        laid.append([low, high])
        self.paired_this_turn = True
        self.turns_without_pair = 0
        events = [Event("paired", {"seat": seat, "cards": [low, high], "pairs": len(laid)})]
        if len(laid) >= PAIRS_TO_WIN:
            self._end_game("five_pairs", events)
        return events

    def _discard(self, card: str) -> list[Event]:
        seat = self.turn
        self.hands[seat].remove(card)
        self.known.pop(card, None)
        self.discard_pile.append(card)
        events = [Event("discarded", {"seat": seat, "card": card})]
        self._end_turn(events)
        return events

    # ------------------------------------------------------------------ turn flow
    def _end_turn(self, events: list[Event]) -> None:
        if not self.paired_this_turn:
            self.turns_without_pair += 1
            if self.turns_without_pair >= STALEMATE_TURNS:
                self._end_game("stalemate", events)
                return
        self.turn = (self.turn + 1) % self.n_players
        self.turn_no += 1
        self.paired_this_turn = False
        self.phase = "take"
        self._start_turn(events)

    def _start_turn(self, events: list[Event]) -> None:
        """Step 0: a player holding 3 or fewer draws 3 from the draw pile."""
        seat = self.turn
        if len(self.hands[seat]) <= REFILL_AT:
            self._draw_cards(seat, REFILL_COUNT, "refilled", events)

    def _draw_cards(self, seat: int, count: int, kind: str, events: list[Event]) -> None:
        """Move up to ``count`` cards from the draw pile to ``seat``'s hand.

        The discard pile becomes the new draw pile when needed and as soon as
        the last card is taken; with both piles empty the player takes what
        there is (possibly nothing).
        """
        stock = self.draw_pile
        hand = self.hands[seat]
        got: list[str] = []
        total = 0
        for _ in range(count):
            if not stock:
                if not self.discard_pile:
                    break
                self._flush(kind, seat, got, events)
                got = []
                self._reshuffle(events)
            card = stock.pop(0)
            hand.append(card)
            got.append(card)
            total += 1
        if not stock and self.discard_pile:
            self._flush(kind, seat, got, events)
            got = []
            self._reshuffle(events)
        if got:
            self._flush(kind, seat, got, events)
        elif total == 0 and kind == "drew":
            events.append(Event("drew", {"seat": seat, "source": "stock", "count": 0}))

    @staticmethod
    def _flush(kind: str, seat: int, got: list[str], events: list[Event]) -> None:
        if not got:
            return
        if kind == "drew":
            events.append(Event("drew", {"seat": seat, "source": "stock", "count": 1},
                                {"card": got[0]}, (seat,)))
        else:
            events.append(Event("refilled", {"seat": seat, "count": len(got)},
                                {"cards": list(got)}, (seat,)))

    def _reshuffle(self, events: list[Event]) -> None:
        cards = self.discard_pile
        self.discard_pile = []
        self.rng.shuffle(cards)
        self.draw_pile.extend(cards)
        events.append(Event("reshuffled", {"count": len(cards)}))

    @classmethod
    def deal_change(cls, row: dict, n_players: int) -> list[int]:
        """One game won for each winner of the game."""
        return [1 if seat in row["winners"] else 0 for seat in range(n_players)]

    @classmethod
    def deal_measure(cls, row: dict, n_players: int) -> list[int]:
        """The pairs each player laid in the game."""
        return list(row["pairs"])

    def _end_game(self, reason: str, events: list[Event]) -> None:
        n = self.n_players
        counts = [len(p) for p in self.pairs]
        if reason == "five_pairs":
            winners = [self.turn]
        else:
            best = max(counts)
            winners = [s for s in range(n) if counts[s] == best]
        for w in winners:
            self.match_scores[w] += 1
        row = {
            "deal": self.deal_no,
            "game": self.deal_no,
            "first_player": (self.dealer + 1) % n,
            "pairs": counts,
            "winners": winners,
            "reason": reason,
            "turns": self.turn_no,
            "games_won": list(self.match_scores),
        }
        self.score_sheet.append(row)
        events.append(self._deal_scored())
        target = self.options["games_to_win"]
        reached = [s for s in range(n) if self.match_scores[s] >= target]
        if reached:
            self.over = True
            self.winners = reached
            self.phase = "over"
            events.append(Event("match_over", {"winners": list(reached),
                                               "scores": list(self.match_scores)}))
        else:
            self.dealer = (self.dealer + 1) % n
            events.extend(self._deal())

    # ------------------------------------------------------------------ information
    def hand(self, seat: int) -> list[str]:
        """The cards in ``seat``'s hand (an offered card waiting in a swap is not here)."""
        return list(self.hands[seat])

    def all_cards(self) -> list[str]:
        out = [c for h in self.hands for c in h]
        out += self.draw_pile
        out += self.discard_pile
        for laid in self.pairs:
            for p in laid:
                out += p
        if self.swap is not None:
            out.append(self.swap["card"])
        return out

    def pair_counts(self) -> list[int]:
        return [len(p) for p in self.pairs]

    def view(self, seat: int) -> dict:
        """What ``seat`` knows: its hand, the table, and other hands' known cards."""
        n = self.n_players
        bit = 1 << seat
        known = self.known
        swap = self.swap
        sizes = [len(h) for h in self.hands]
        known_cards: list[list[str]] = []
        for h in range(n):
            if h == seat:
                known_cards.append([])
                continue
            ks = [c for c in self.hands[h] if known.get(c, 0) & bit]
            if swap is not None and swap["swapper"] == h and known.get(swap["card"], 0) & bit:
                ks.append(swap["card"])
            ks.sort()
            known_cards.append(ks)
        swap_view = None
        if swap is not None:
            sizes[swap["swapper"]] += 1
            swap_view = {"swapper": swap["swapper"], "target": swap["target"]}
            if swap["swapper"] == seat:
                swap_view["card"] = swap["card"]
        return {
            "game": self.GAME_ID,
            "seat": seat,
            "n_players": n,
            "deal": self.deal_no,
            "dealer": self.dealer,
            "first_player": (self.dealer + 1) % n,
            "current_player": self.current_player,
            "turn": self.turn,
            "phase": self.phase,
            "hand": list(self.hands[seat]),
            "hand_sizes": sizes,
            "known": known_cards,
            "discard_pile": list(self.discard_pile),
            "draw_pile": len(self.draw_pile),
            "pairs": [[list(p) for p in laid] for laid in self.pairs],
            "pair_counts": self.pair_counts(),
            "swap": swap_view,
            "turn_no": self.turn_no,
            "turns_without_pair": self.turns_without_pair,
            "stalemate_turns": STALEMATE_TURNS,
            "match_scores": list(self.match_scores),
            "options": dict(self.options),
            "is_over": self.over,
            "winners": list(self.winners),
        }

    def determinize(self, seat: int, rng: random.Random) -> Pairs65State:
        """Re-deal what ``seat`` cannot see: unknown cards of other hands and the draw pile.

        Known cards stay in their holder's hand; when another player's swap is
        pending, which of that player's holdings is the offered card is chosen
        at random too. The result depends only on ``view(seat)`` and ``rng``.
        """
        new = self.clone()
        new.rng.seed(rng.getrandbits(64))
        if self.over:
            return new
        n = self.n_players
        bit = 1 << seat
        known = self.known
        swap = self.swap
        own = set(self.hands[seat])
        if swap is not None and swap["swapper"] == seat:
            own.add(swap["card"])
        seen = set(own)
        seen.update(self.discard_pile)
        for laid in self.pairs:
            for p in laid:
                seen.update(p)
        kept: dict[int, list[str]] = {}
        missing: dict[int, int] = {}
        for h in range(n):
            if h == seat:
                continue
            holding = list(self.hands[h])
            if swap is not None and swap["swapper"] == h:
                holding.append(swap["card"])
            keep = sorted(c for c in holding if known.get(c, 0) & bit)
            kept[h] = keep
            missing[h] = len(holding) - len(keep)
            seen.update(keep)
        pool = [c for c in DECK if c not in seen]
        rng.shuffle(pool)
        pos = 0
        for h, keep in kept.items():
            holding = keep + pool[pos:pos + missing[h]]
            pos += missing[h]
            if swap is not None and swap["swapper"] == h:
                new.swap["card"] = holding.pop(rng.randrange(len(holding)))
            new.hands[h] = holding
        new.draw_pile = pool[pos:]
        new.known = {c: m for c, m in known.items() if m & bit or c in own}
        return new

    def _validate_loaded(self) -> None:
        super()._validate_loaded()
        n = self.n_players
        if len(self.hands) != n or len(self.pairs) != n:
            raise ConfigError("bad_save", "the save's hands do not match its players")
        if self.phase not in PHASES or not 0 <= self.turn < n:
            raise ConfigError("bad_save", "the save's turn or phase is not valid")
        if (self.phase == "give") != (self.swap is not None):
            raise ConfigError("bad_save", "the save's pending swap does not match its phase")
        for laid in self.pairs:
            for p in laid:
                if len(p) != 2 or not is_pair(p[0], p[1]):
                    raise ConfigError("bad_save", f"the save holds an invalid pair {p}")
        won = self.score_sheet[-1]["games_won"] if self.score_sheet else [0] * n
        ck.require(self.match_scores == won, "the scores do not match the games won")
        ck.require((self.phase == "over") == self.over, "the phase does not match the match")
        if self.swap is not None:
            ck.require(self.swap["swapper"] == self.turn != self.swap["target"],
                       "the pending swap is not the player's to act")


SPEC = GameSpec(
    id="pairs65",
    code=3,
    code_layout=CodeLayout((2, 4), 1, (("games_to_win", tuple(range(1, 10)), 1),)),
    name="Sixty-Five (pairs)",
    min_players=2,
    max_players=4,
    state_class=Pairs65State,
    options=(OptionSpec("games_to_win", "Games to win the match", 1, "int", 1, 9),),
    family="draw-and-pair",
    deal_word="game",
    target_option="games_to_win",
    score_unit="games",
    measure_unit="pairs",
    emblem_suit="C",
    quick_options={"games_to_win": 1},
    blurb="Draw, swap and discard to lay same-colour pairs adding to 13; five pairs wins.",
    notes={
        "first_player": "The setup screen's starting seat (random by default) is given as "
        "first_dealer = the seat before it: the first player is the dealer's left, so no "
        "extra option is needed.",
        "next_game": "Each further game of a match starts one seat to the left.",
        "reshuffle": "The discard pile is shuffled into a new draw pile as soon as the last "
        "card of the draw pile is taken (or when a draw finds the pile empty).",
        "empty_piles": "With both piles empty, drawing from the stock takes nothing; "
        "swapping stays possible.",
        "discard": "Holding 3 cards or fewer after laying pairs, you may not discard.",
        "stalemate": "After 60 turns in a row without a pair the most pairs wins; "
        "equal counts share the game.",
    },
)
Pairs65State.SPEC = SPEC
