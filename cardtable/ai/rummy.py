"""Computer players for the two rummy games, rummy65 and quebec65.

Everything is measured with the engine's exact meld solver (``melds.best_arrangement``):
the *deadwood* of a hand is the penalty of the cards its best arrangement leaves out.

* easy: goes out when it can; takes the top discard when it visibly joins a meld (most
  of the time); throws the dearest card outside its melds; errs now and then.
* medium: takes the top discard only when it lowers the deadwood after the best discard;
  discards the card that leaves the least deadwood, breaking ties by throwing the dearer
  card and by **discard safety**: never feed the next player a wild card, and avoid
  cards that fit what he is known to have picked up from the pile.

No level throws a card it took from the discard pile while it has another to throw
(:meth:`Hand.discards`): taking a card to throw it straight back gives the turn away.
* hard: expected values over the unseen cards (the full decks minus the seat's hand,
  the discard pile, the melds on the table and the cards others are known to hold;
  every unseen card for a small hand, a sample for a large one). A hand never counts
  as it stands: even when somebody else goes out the seat gets a last turn, draw and
  discard first. So a discard is valued by the deadwood expected after the next draw
  and discard (the hand ending before the seat's next turn) and after two (it gets one
  more try, going out with any draw that lets it), weighed by how soon the hand may end
  (rising as opponents pick up cards and the stock runs down); on a last turn by the
  deadwood it leaves. A draw compares the top discard with an unseen card from the
  stock by the same measure (nothing when the card lets the seat go out). Discard
  safety reads the next player's pickups: rank matches and near run cards are
  penalised. The review (ai/analysis.py) keeps a plainer measure of a discard, the
  deadwood now and after the next draw (:meth:`Hard.review_score`).

Every level keeps its wild cards: a wild card is discarded only when the seat holds
nothing else to discard, or as the last card of a way out (every other card melded).
The hard level alone also throws a wild card left out of every meld on its last turn
when that keeps fewer points, and before that when the expected penalty of keeping it
is higher than the best natural discard's by more than :data:`WILD_MARGIN` (hand 1 of
rummy65, where a loose wild card counts 50, is where it matters).
"""

from __future__ import annotations

import math
import random
from collections import Counter

from cardtable.ai import clock
from cardtable.engine import melds as meldlib
from cardtable.engine import registry
from cardtable.engine.cards import JOKER, RANK_NUMBER, make_deck
from cardtable.engine.core import Action
from cardtable.engine.rummy import DISCARD, DRAW_DISCARD, DRAW_STOCK, RANKS
from cardtable.i18n import N_

from .base import Knowledge, Reason, Window, because

EASY_ERROR = 0.15
EASY_MISSES_PICKUP = 0.3
#: samples of the unseen cards per expected value (hard), and how many discards to weigh
HARD_SAMPLES = 24
HARD_DISCARDS = 6
#: draws weighed at each of the two turns of :meth:`Hard.two_turns`
TWO_TURN_SAMPLES = 20
#: fewer draws than this (no time for more) and the second turn is not weighed at all
MIN_TWO_TURN_SAMPLES = 4
#: how much lower (in expected penalty points) the hard player's value of throwing a
#: wild card must be than the best natural discard's before it throws it (not on a
#: last turn, where it throws whatever keeps the fewest points)
WILD_MARGIN = 10.0
#: hands of at most this many cards weigh every unseen card, not a sample
EXACT_HAND = 6


def rules_for(view: dict) -> meldlib.MeldRules:
    """The meld rules of the view's deal, as its game states them."""
    state_class = registry.get(view["game"]).state_class
    return state_class.rules_of(view["deal"], view["options"])


def decks_for(view: dict) -> int:
    return registry.get(view["game"]).state_class.decks_for(view["n_players"])


class Hand:
    """One seat's knowledge at a rummy decision, from its view alone."""

    def __init__(self, view: dict, legal: list[Action]):
        self.view = view
        self.legal = legal
        self.seat = view["seat"]
        self.n = view["n_players"]
        self.rules = rules_for(view)
        self.values = self.rules.values
        self.discard_when_out = registry.get(view["game"]).state_class.DISCARD_WHEN_OUT
        self.cards = list(view["hand"])
        self.top = view["discard_top"]
        self.last_turn = bool(view["last_turns"])
        self.next_seat = (self.seat + 1) % self.n
        known = view["known_cards"]
        self.next_known = list(known[self.next_seat]) if self.next_seat != self.seat else []
        pool = make_deck(RANKS, decks_for(view), jokers=2)
        gone = list(self.cards) + list(view["discard_pile"])
        for melds in view["laid"]:
            for m in melds:
                gone.extend(m)
        for s, cards in enumerate(known):
            if s != self.seat:
                gone.extend(cards)
        counts: dict[str, int] = {}
        for c in pool:
            counts[c] = counts.get(c, 0) + 1
        for c in gone:
            if counts.get(c):
                counts[c] -= 1
        self.unseen = sorted(c for c, k in counts.items() for _ in range(k))
        self.others_pickups = sum(len(k) for s, k in enumerate(known) if s != self.seat)

    # ---------------------------------------------------------------- measures
    def arrangement(self, cards) -> meldlib.Arrangement:
        return meldlib.best_arrangement(cards, self.rules)

    def deadwood(self, cards) -> int:
        return self.arrangement(cards).penalty if cards else 0

    def after_discard(self, cards) -> tuple[int, str | None]:
        key = tuple(sorted(cards))
        memo = self.__dict__.setdefault("_memo", {})
        got = memo.get(key)
        if got is None:
            got = memo[key] = self._after_discard(cards)
        return got

    def _after_discard(self, cards) -> tuple[int, str | None]:
        """Deadwood left by ``cards`` (one card over a turn's size) after its best discard.

        The best discard is taken as the dearest natural card left out of the best
        arrangement (a wild card only when nothing else is left out: the seat keeps its
        wild cards). 0 when it goes out.
        """
        arr = self.arrangement(cards)
        left = arr.leftover
        if not left:
            return self._all_melded(cards)
        natural = [c for c in left if not self.rules.is_wild(c)]
        d = max(natural or left, key=lambda c: (self.values[c], c))
        return arr.penalty - self.values[d], d

    def after_last(self, cards) -> int:
        """Deadwood left by ``cards`` after a last turn's discard: the dearest card left
        out of the best arrangement, a wild card too (the hand is about to be counted,
        and a loose wild card counts the most). 0 when it goes out."""
        key = tuple(sorted(cards))
        memo = self.__dict__.setdefault("_memo_last", {})
        got = memo.get(key)
        if got is None:
            arr = self.arrangement(cards)
            left = arr.leftover
            got = memo[key] = (arr.penalty - max(self.values[c] for c in left) if left
                               else self._all_melded(cards)[0])
        return got

    def _all_melded(self, cards) -> tuple[int, str | None]:
        """``cards`` all fit in melds: 0 (it goes out), unless the game wants a discard to
        go out and no card can be thrown with the rest still melded (two wild cards and
        two naturals that meld only as four): then the seat keeps a card, and the hand
        left by the cheapest discard counts."""
        if not self.discard_when_out or meldlib.go_out_options(cards, self.rules, True):
            return 0, None
        return min((self.deadwood(_without(cards, d)), d) for d in dict.fromkeys(cards))

    def danger(self, card: str) -> float:
        """Points of harm in handing ``card`` to the next player."""
        if self.rules.is_wild(card):
            return 15.0
        d = 0.0
        for k in self.next_known:
            if k == JOKER or self.rules.is_wild(k):
                continue
            if k[0] == card[0]:
                d += 4.0
            elif k[1] == card[1] and abs(RANK_NUMBER[k[0]] - RANK_NUMBER[card[0]]) <= 2:
                d += 2.5
        return d

    def discards(self) -> list[str]:
        """The cards the seat may discard: its natural cards when it holds any (a wild card
        helps every meld, and handed to the next player it helps him; going out is
        :meth:`go_out`, which may still end on a wild card), and of those not a card it
        took from the discard pile when it has another to throw: taken and thrown straight
        back (a medium player took the nine of clubs and discarded it at once) is a turn
        given away, and shows the table the card was wanted for nothing."""
        cards = [a.card for a in self.legal if a.kind == "discard"]
        natural = [c for c in cards if not self.rules.is_wild(c)] or cards
        return [c for c in natural if c not in self.taken_only()] or natural

    def taken_only(self) -> set[str]:
        """The cards of the hand that are all copies taken from the discard pile (the
        seat's pickups still held; with two decks a code held twice may be one of each)."""
        taken = Counter(self.view["known_cards"][self.seat])
        held = Counter(self.cards)
        return {c for c, k in taken.items() if held[c] <= k}

    def go_out(self) -> Action | None:
        outs = [a for a in self.legal if a.kind == "go_out"]
        if not outs:
            return None
        # every way out scores 0: leave the next player the least useful discard
        return min(outs, key=lambda a: (self.danger(a.discard) if a.discard else 0.0,
                                        a.discard or ""))

    def lay(self) -> Action | None:
        lays = [a for a in self.legal if a.kind == "lay"]
        return lays[0] if lays else None

    def medium_discard(self) -> str:
        cards = self.cards
        best, best_key = None, None
        for d in self.discards():
            rest = list(cards)
            rest.remove(d)
            key = (self.deadwood(rest) + 0.5 * self.danger(d), -self.values[d], d)
            if best_key is None or key < best_key:
                best, best_key = d, key
        return best


# =========================================================================== levels


def medium_action(h: Hand) -> Action:
    out = h.go_out()
    if out is not None:
        return out
    legal = h.legal
    if not h.view["drawn"]:
        if DRAW_DISCARD in legal and h.top is not None:
            if DRAW_STOCK not in legal:
                return DRAW_DISCARD
            with_top, thrown = h.after_discard(h.cards + [h.top])
            if thrown != h.top and with_top < h.deadwood(h.cards):
                return DRAW_DISCARD
        return DRAW_STOCK if DRAW_STOCK in legal else legal[0]
    lay = h.lay()
    if lay is not None:
        return lay
    return DISCARD[h.medium_discard()]


def easy_action(h: Hand, rng: random.Random) -> Action:
    out = h.go_out()
    if out is not None:
        return out
    legal = h.legal
    if not h.view["drawn"]:
        if DRAW_DISCARD in legal and (DRAW_STOCK not in legal or (
            h.top is not None and rng.random() > EASY_MISSES_PICKUP
            and h.deadwood(h.cards + [h.top]) < h.deadwood(h.cards) + h.values[h.top]
        )):
            return DRAW_DISCARD
        return DRAW_STOCK if DRAW_STOCK in legal else legal[0]
    lay = h.lay()
    if lay is not None:
        return lay
    cards = h.discards()
    if rng.random() < EASY_ERROR:
        return DISCARD[rng.choice(cards)]
    left = [c for c in h.arrangement(h.cards).leftover if c in cards]
    if left:
        return DISCARD[max(left, key=lambda c: (h.values[c], c))]
    # every card it may throw is in a meld (only wild cards are left out): break the
    # meld that costs least
    return DISCARD[h.medium_discard()]


class Hard:
    """Expected-value choices over the exact solver (see the module docstring)."""

    def __init__(self, h: Hand, rng: random.Random, deadline: float | None, samples: int):
        self.h = h
        self.rng = rng
        self.deadline = deadline
        self.samples = samples
        self.alpha = self.end_risk()
        self.draws = self._draws(samples)

    def _draws(self, k: int) -> list[str]:
        unseen = self.h.unseen
        if not unseen:
            return []
        if len(self.h.cards) <= EXACT_HAND:
            # a small hand weighs every unseen card (in a random order: a prefix of the
            # list is a sample without replacement)
            cards = list(unseen)
            self.rng.shuffle(cards)
            return cards
        return [unseen[self.rng.randrange(len(unseen))] for _ in range(k)]

    def end_risk(self) -> float:
        """How likely the hand is to end before this seat's next turn."""
        h = self.h
        if h.last_turn:
            return 1.0
        view = h.view
        size = len(h.cards) - (1 if view["drawn"] else 0)
        stock0 = len(h.unseen) + len(view["discard_pile"])
        used = max(0, stock0 - view["stock_size"])
        turns = used / max(1, h.n)  # rough number of rounds played
        # small hands go out fast; every round played and every card an opponent took
        # from the pile brings the end nearer
        risk = (0.05 + 1.0 / max(3, size) + 0.04 * turns + 0.06 * h.others_pickups
                + 0.15 * view["reshuffles"])
        return max(0.1, min(0.9, risk))

    def out_of_time(self) -> bool:
        return self.deadline is not None and clock.now() > self.deadline

    def future(self, rest: list[str], draws: list[str] | None = None) -> float:
        """Expected deadwood after the next draw and discard, from hand ``rest``, the hand
        then counted (a last turn: the discard may be a wild card left out of every meld,
        :meth:`Hand.after_last`)."""
        draws = self.draws if draws is None else draws
        if not draws:
            return float(self.h.deadwood(rest))
        total = 0
        n = 0
        for x in draws:
            total += self.h.after_last(rest + [x])
            n += 1
            if n >= 3 and self.out_of_time():
                break
        return total / n

    def two_turns(self, rest: list[str], k: int = TWO_TURN_SAMPLES) -> float:
        """Expected deadwood when the hand ends a turn later: draw (go out: 0), throw the
        dearest card left out, then the last turn's draw and discard (:meth:`future`),
        over ``k`` draws at each turn (the same ones for every hand weighed)."""
        if not self.draws:
            return float(self.h.deadwood(rest))
        inner = self.draws[:k]
        total = 0.0
        for x in inner:
            v, d = self.h.after_discard(rest + [x])
            if d is not None and v > 0:
                total += self.future(_without(rest + [x], d), inner)
        return total / len(inner)

    def review_score(self, cards: list[str], d: str) -> float:
        """The review's measure of a discard (ai/analysis.py): the deadwood left now and
        after the next draw, weighed by how soon the hand may end, plus the harm of
        feeding the next player (plain and steady, for telling a person why)."""
        rest = list(cards)
        rest.remove(d)
        now = self.h.deadwood(rest)
        a = self.alpha
        value = a * now
        if a < 1.0:
            value += (1 - a) * self.future(rest)
        return value + 0.6 * self.h.danger(d)

    def best_discard(self, cards: list[str], options: list[str] | None = None,
                     wilds: tuple[str, ...] = ()) -> tuple[str, float]:
        """The discard of least expected penalty among ``options`` (screened by the
        deadwood left now, the few best weighed in depth) and ``wilds``, the wild cards
        it may also throw: one of those only when it beats the best other discard by
        :data:`WILD_MARGIN` points (on a last turn whenever it keeps fewer points)."""
        h = self.h
        if options is None:
            options = sorted(set(cards))
        screened = []
        for d in options:
            rest = list(cards)
            rest.remove(d)
            screened.append((h.deadwood(rest) + 0.5 * h.danger(d), -h.values[d], d))
        screened.sort()
        cands = [d for _, _, d in screened[:HARD_DISCARDS]]
        extra = [w for w in sorted(set(wilds)) if w not in cands and w in cards]
        rests = {d: _without(cards, d) for d in cands + extra}
        if h.last_turn:
            values = {d: float(h.deadwood(r)) for d, r in rests.items()}
        else:
            t0 = clock.now()
            values = {d: self.future(r) for d, r in rests.items()}
            k = TWO_TURN_SAMPLES
            if self.deadline is not None and self.draws:
                # every hand gets the same draws: as many as the time left allows for all
                spent = clock.now() - t0
                per_solve = spent / (len(rests) * len(self.draws))
                left = self.deadline - clock.now()
                k = min(k, int(math.sqrt(max(0.0, left) / (2.0 * len(rests) * per_solve
                                                           + 1e-9))))
            if self.alpha < 1.0 and k >= MIN_TWO_TURN_SAMPLES:
                a = self.alpha
                values = {d: a * values[d] + (1 - a) * self.two_turns(r, k)
                          for d, r in rests.items()}
            values = {d: v + 0.6 * h.danger(d) for d, v in values.items()}
        best = min(cands, key=lambda d: values[d]) if cands else extra[0]
        margin = 0.0 if h.last_turn else WILD_MARGIN
        for w in extra:
            if values[w] + margin < values[best]:
                best = w
        return best, values[best]

    def draw_choice(self) -> tuple[Action, str]:
        h = self.h
        legal = h.legal
        if DRAW_DISCARD not in legal:
            return DRAW_STOCK, "Draw from the stock"
        if DRAW_STOCK not in legal:
            return DRAW_DISCARD, "Take the top discard: the stock is empty"
        top = h.top
        cards = h.cards
        with_top = h.after_discard(cards + [top])
        if with_top[1] == top:
            return DRAW_STOCK, f"Draw from the stock: the {top} fits nothing"
        last = h.last_turn
        # the value of a draw: nothing when it lets the seat go out, else what the hand
        # left after the best discard is expected to keep (its final deadwood on a last
        # turn, where a loose wild card may go too); both draws are weighed the same way
        top_value = (float(h.after_last(cards + [top])) if last else
                     0.0 if with_top[0] == 0 else
                     self.future(_without(cards + [top], with_top[1])))
        stock = []
        for x in self.draws:
            v, d = h.after_discard(cards + [x])
            if d is None or v == 0:
                stock.append(0.0)  # this card would let the seat go out
            elif last:
                stock.append(float(h.after_last(cards + [x])))
            else:
                stock.append(self.future(_without(cards + [x], d)))
            if len(stock) >= 3 and self.out_of_time():
                break
        stock_value = sum(stock) / len(stock) if stock else float("inf")
        if top_value <= stock_value:
            return DRAW_DISCARD, (f"Take the {top}: expected deadwood {top_value:.1f} against "
                                  f"{stock_value:.1f} from the stock")
        return DRAW_STOCK, (f"Draw from the stock: expected deadwood {stock_value:.1f} against "
                            f"{top_value:.1f} with the {top}")


    def draw_values(self) -> dict[Action, float]:
        """The expected deadwood after each draw, as :meth:`draw_choice` weighs it, made a
        value (negative: higher is better): every legal draw, without its shortcuts."""
        h = self.h
        cards = h.cards
        a = self.alpha
        out: dict[Action, float] = {}
        if DRAW_DISCARD in h.legal and h.top is not None:
            v, d = h.after_discard(cards + [h.top])
            if d is not None and a < 1.0:
                v = a * v + (1 - a) * self.future(_without(cards + [h.top], d))
            out[DRAW_DISCARD] = -float(v)
        if DRAW_STOCK in h.legal:
            stock = []
            for x in self.draws:
                v, d = h.after_discard(cards + [x])
                if d is not None and a < 1.0:
                    v = a * v + (1 - a) * self.future(_without(cards + [x], d))
                stock.append(float(v))
            out[DRAW_STOCK] = -(sum(stock) / len(stock)) if stock else \
                -float(h.deadwood(cards))
        return out


def _without(cards: list[str], card: str | None) -> list[str]:
    rest = list(cards)
    if card is not None:
        rest.remove(card)
    return rest


# =========================================================================== knowledge


class RummyKnowledge(Knowledge):
    game_id = "rummy65"

    def easy(self, win: Window, rng: random.Random) -> Action:
        return easy_action(Hand(win.view, win.legal), rng)

    def medium(self, win: Window, rng: random.Random) -> Action:
        return medium_action(Hand(win.view, win.legal))

    def hard(self, win, rng, budget_s, iterations):
        h = Hand(win.view, win.legal)
        out = h.go_out()
        if out is not None:
            return out, "Go out: every card but the discard melds" if h.discard_when_out \
                else "Go out: every card melds"
        if iterations is None:
            deadline = clock.now() + max(0.01, budget_s * 0.9)
            samples = HARD_SAMPLES
        else:
            deadline = None
            samples = max(2, iterations)
        hard = Hard(h, rng, deadline, samples)
        if not win.view["drawn"]:
            return hard.draw_choice()
        lay = h.lay()
        if lay is not None:
            return lay, "Last turn: lay down every meld you can"
        wilds = tuple(c for c in h.cards if h.rules.is_wild(c))
        d, v = hard.best_discard(h.cards, h.discards(), wilds)
        if h.last_turn:
            return DISCARD[d], f"Last turn: discard the {d}, keeping {v:.0f} points in hand"
        return DISCARD[d], (f"Discard the {d}: expected deadwood {v:.1f}"
                            + (" (safe against the next player's pickups)"
                               if h.next_known else ""))

    # ---------------------------------------------------------------- the review
    unit = "penalty_points"
    #: five penalty points: more than a low card kept for nothing
    mistake_loss = 5.0
    #: unseen cards drawn for each expected deadwood
    analysis_worlds = 48

    def appraise(self, win, rng, budget_s, played):
        """Minus the penalty points the hand is expected to keep, by the hard player's own
        measure: going out keeps none; a draw or a discard is worth the deadwood expected
        when the hand ends (now or after the next draw), plus the harm of handing the
        next player a card he can use."""
        h = Hand(win.view, win.legal)
        deadline = None if budget_s is None else clock.now() + budget_s
        hard = Hard(h, rng, deadline, self.analysis_worlds)
        values: dict[Action, float] = {}
        if not win.view["drawn"]:
            values.update(hard.draw_values())
        for a in win.legal:
            if a.kind == "go_out":
                values[a] = 0.0
        if played.kind == "go_out":
            values[played] = 0.0
        discards = [a for a in win.legal if a.kind == "discard"]
        if played.kind == "discard" and played not in discards:
            discards.append(played)
        for a in discards:
            values[a] = -float(hard.review_score(h.cards, a.card))
        for a in win.legal:
            if a.kind == "lay":
                # a last turn: the hard player lays first; laying is not judged
                values[a] = max((v for b, v in values.items() if b.kind == "discard"),
                                default=0.0)
        first = medium_action(h)
        order = sorted(values, key=lambda a: a != first)
        return {a: values[a] for a in order}

    def mistake_reason(self, win, played, best, values):
        if best.kind == "go_out":
            return because(N_("You could go out here."))
        if best.kind == "draw" and played.kind == "draw":
            if best.source == "discard":
                return because(N_("The top discard fits with cards in your hand."))
            return because(N_("The top discard helped your hand too little: a card from "
                              "the stock was worth more."))
        if best.kind == "discard" and played.kind == "discard":
            h = Hand(win.view, win.legal)
            if h.danger(played.card) > h.danger(best.card) + 1.0:
                return because(N_("This discard gives the next player a card they need."))
            left = h.arrangement(h.cards).leftover
            if played.card not in left:
                return because(N_("Keep {card}: it belongs in one of your melds."),
                               card=played.card)
        return None

    def explain(self, win: Window, action: Action) -> Reason | str:
        if action.kind == "lay":
            return because(N_("Cards laid down in melds no longer count against you."))
        if action.kind == "draw" and action.source == "discard":
            return because(N_("The top discard fits with cards in your hand."))
        if action.kind == "discard":
            return because(N_("Of your cards, it is the one your hand needs least."))
        return ""


def redeal(world, view: dict, seat: int, rng: random.Random) -> None:
    """Deal the stock and the other hands' unknown cards of a sampled world again from
    their sorted cards (the cards known to have been picked up stay where they are): the
    world then depends on the view and ``rng`` only."""
    others = [s for s in range(world.n_players) if s != seat]
    pool = list(world.stock)
    unknown = {}
    for s in others:
        rest = Counter(world.hands[s])
        rest.subtract(world.pickups[s])
        pool.extend(rest.elements())
        unknown[s] = len(world.hands[s]) - len(world.pickups[s])
    pool.sort()
    rng.shuffle(pool)
    at = len(world.stock)
    world.stock = pool[:at]
    for s in others:
        world.hands[s] = list(world.pickups[s]) + pool[at:at + unknown[s]]
        at += unknown[s]


def standing(world) -> list[int]:
    """Each hand's penalty as it stands: what its best arrangement leaves out."""
    rules = world.meld_rules()
    return [meldlib.best_arrangement(h, rules).penalty if h else 0 for h in world.hands]


#: what the tournament's reference players (reference.py) need to know of the game:
#: random rollouts take a way out when offered and score the hands after three rounds
REFERENCE = {"rounds": 3, "eager": ("go_out",), "redeal": redeal, "standing": standing}
