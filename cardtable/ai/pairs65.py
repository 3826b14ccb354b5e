"""Computer players for pairs65 (same-colour pairs adding to 13; five pairs win).

* easy: takes the top discard when it makes a pair (mostly), lays its pairs, discards
  a card that pairs with nothing in hand, gives away a random card; errs now and then.
* medium: lays every pair at once; takes the top discard when it pairs; counts each
  card's live partners (a partner already discarded or laid can never come); discards
  the card with the fewest live partners, but never one that pairs with a card the
  next player is known to hold; when asked to swap, gives a card that helps neither
  itself nor the swapper's known cards; swaps only when there is nothing to draw.
* hard: the medium rules plus two (holding four cards at the take, swap rather than
  draw: the refill then comes a turn sooner; a card whose twin, the other card of its
  value and colour, is in the same hand is worth one partner less, since the two wait
  for the same partners; half of a pair in hand is never given, offered or thrown away,
  as the medium rules may when a swap asks the second player before its first turn), and
  flat Monte Carlo over sampled deals
  (the unknown cards of other hands and the draw pile) for the take and discard
  decisions, every world played to the end of the game by those rules (on plain lists
  and sets, not engine states: several times faster, ``pairs65_playout``); it weighs
  drawing against the discard and a blind swap.
"""

from __future__ import annotations

import random

from cardtable.engine.core import Action
from cardtable.engine.pairs65 import (
    DECK,
    DISCARD,
    DONE,
    DRAW_DISCARD,
    DRAW_STOCK,
    GIVE,
    PAIRS_TO_WIN,
    PARTNERS,
    SWAP,
)
from cardtable.i18n import N_

from .base import Knowledge, Reason, Window, _with, because
from .pairs65_playout import (
    HELD_PARTNER,
    MAX_ROLLOUT_MOVES,
    SWAP_AT,
    TWIN,
    TWIN_SHARE,
    _fast_play_to_end,
)
from .search import flat_monte_carlo

EASY_ERROR = 0.15
EASY_MISSES_DISCARD = 0.3
#: chance that a hand keeps a card with 0, 1 or 2 partners still to come (sampling)
KEEP_ODDS = (0.3, 0.75, 1.0)
#: consider blind swaps in the search, and the least gain (in win chance) that makes
#: the hard level leave the medium choice
SEARCH_SWAPS = True
MIN_GAIN = 0.03


class Table:
    """One seat's knowledge at a decision: built from a view or from a sampled state."""

    __slots__ = ("seat", "n", "hand", "top", "unseen", "known", "pairs", "hand_sizes",
                 "stock", "phase", "swapper", "legal", "dead")

    @classmethod
    def from_view(cls, view: dict, legal: list[Action]) -> Table:
        t = cls()
        t.seat = view["seat"]
        t.n = view["n_players"]
        t.hand = list(view["hand"])
        pile = view["discard_pile"]
        t.top = pile[-1] if pile else None
        t.known = [list(k) for k in view["known"]]
        t.pairs = list(view["pair_counts"])
        t.hand_sizes = list(view["hand_sizes"])
        t.stock = view["draw_pile"]
        t.phase = view["phase"]
        swap = view["swap"]
        t.swapper = swap["swapper"] if swap else None
        seen = set(t.hand)
        seen.update(pile)
        dead = set(pile)
        for laid in view["pairs"]:
            for p in laid:
                seen.update(p)
                dead.update(p)
        for k in t.known:
            seen.update(k)
        if swap and "card" in swap:
            seen.add(swap["card"])
        t.unseen = {c for c in DECK if c not in seen}
        t.dead = dead
        t.legal = legal
        return t

    @classmethod
    def from_state(cls, state) -> Table:
        t = cls()
        seat = state.current_player
        t.seat = seat
        n = t.n = state.n_players
        t.hand = state.hands[seat]
        pile = state.discard_pile
        t.top = pile[-1] if pile else None
        bit = 1 << seat
        known = state.known
        t.known = []
        seen = set(t.hand)
        seen.update(pile)
        dead = set(pile)
        for h in range(n):
            if h == seat:
                t.known.append([])
                continue
            ks = [c for c in state.hands[h] if known.get(c, 0) & bit]
            t.known.append(ks)
            seen.update(ks)
        for laid in state.pairs:
            for p in laid:
                seen.update(p)
                dead.update(p)
        t.pairs = [len(p) for p in state.pairs]
        t.hand_sizes = [len(h) for h in state.hands]
        t.stock = len(state.draw_pile)
        t.phase = state.phase
        swap = state.swap
        t.swapper = swap["swapper"] if swap else None
        if swap is not None:
            t.hand_sizes[swap["swapper"]] += 1
            if swap["swapper"] == seat:
                seen.add(swap["card"])
        t.unseen = {c for c in DECK if c not in seen}
        t.dead = dead
        t.legal = state.legal_actions()
        return t

    # ---------------------------------------------------------------- estimates
    def live(self, card: str) -> float:
        """How likely ``card`` is to find a partner later: its partners still to come."""
        score = 0.0
        for p in PARTNERS[card]:
            if p in self.unseen:
                score += 1.0
            elif p == self.top:
                score += 0.8
        return score

    def danger(self, card: str, to: int | None = None) -> float:
        """How much discarding ``card`` helps the next player (or giving it helps ``to``)."""
        nxt = (self.seat + 1) % self.n if to is None else to
        d = 0.0
        for p in PARTNERS[card]:
            if p in self.known[nxt]:
                d += 3.0
            elif p in self.unseen:
                d += 0.3
        return d

    def discard_cost(self, card: str) -> float:
        return self.live(card) + self.danger(card)

    def adjust(self, card: str) -> float:
        """What the hard rules add to a card's cost: :data:`HELD_PARTNER` for each
        partner in the same hand (the two are a pair to lay: never give or offer half of
        it), less :data:`TWIN_SHARE` while the hand holds the card's twin."""
        hand = self.hand
        v = -TWIN_SHARE if TWIN[card] in hand else 0.0
        for p in PARTNERS[card]:
            if p in hand:
                v += HELD_PARTNER
        return v

    def give_cost(self, card: str) -> float:
        """How much giving ``card`` to the swapper hurts me (and helps him)."""
        cost = self.live(card)
        if self.swapper is not None:
            for p in PARTNERS[card]:
                if p in self.known[self.swapper]:
                    cost += 3.0
                elif p in self.unseen:
                    cost += 0.3
        return cost


def _nothing(card: str) -> float:
    return 0.0


def _pairs_in_hand(t: Table) -> list[Action]:
    return [a for a in t.legal if a.kind == "pair"]


def _swap_choice(t: Table, twins: bool = False) -> Action | None:
    """The best blind swap: the cheapest card of mine to the player holding the most
    (with ``twins``, a card whose twin is in hand is that much cheaper)."""
    swaps = [a for a in t.legal if a.kind == "swap"]
    if not swaps:
        return None
    targets = sorted({a.target for a in swaps},
                     key=lambda s: (-t.hand_sizes[s], -t.pairs[s], s))
    target = targets[0]
    share = t.adjust if twins else _nothing
    card = min(t.hand, key=lambda c: (t.live(c) + t.danger(c, target) + share(c), c))
    return SWAP[target, card]


def medium_action(t: Table, twins: bool = False) -> Action:
    """The medium rules (``twins``: the hard rules' costs, a card cheaper while its twin is
    in hand)."""
    legal = t.legal
    phase = t.phase
    share = t.adjust if twins else _nothing
    if phase == "give":
        cards = [a.card for a in legal]
        return GIVE[min(cards, key=lambda c: (t.give_cost(c) + share(c), c))]
    if phase == "take":
        top = t.top
        if top is not None and DRAW_DISCARD in legal and any(
            p in t.hand for p in PARTNERS[top]
        ):
            return DRAW_DISCARD
        if t.stock == 0 and top is None:
            swap = _swap_choice(t, twins)
            if swap is not None:
                return swap
        return DRAW_STOCK
    pairs = _pairs_in_hand(t)
    if pairs:
        return pairs[0]
    if DONE in legal:
        return DONE
    cards = [a.card for a in legal if a.kind == "discard"]
    return DISCARD[min(cards, key=lambda c: (t.discard_cost(c) + share(c), c))]


def hard_action(t: Table) -> Action:
    """The medium rules, and one more: holding exactly four cards at the take with no
    pair on the discard pile, swap instead of drawing. The swap keeps four cards, the
    discard then leaves three, and the next turn starts with a refill of three: four
    new cards instead of one (measured +4.6 points of win rate over the medium rules,
    1200 mirrored games). Its discards and gives count a card's twin in hand
    (:data:`TWIN_SHARE`)."""
    action = medium_action(t, twins=True)
    if action == DRAW_STOCK and len(t.hand) == SWAP_AT:
        swap = _swap_choice(t, twins=True)
        if swap is not None:
            return swap
    return action


def easy_action(t: Table, rng: random.Random) -> Action:
    legal = t.legal
    pairs = _pairs_in_hand(t)
    if pairs:
        return pairs[0]
    if rng.random() < EASY_ERROR:
        return rng.choice([a for a in legal if a.kind != "swap"] or legal)
    if t.phase == "give":
        return rng.choice(legal)
    if t.phase == "take":
        top = t.top
        if (top is not None and DRAW_DISCARD in legal and rng.random() > EASY_MISSES_DISCARD
                and any(p in t.hand for p in PARTNERS[top])):
            return DRAW_DISCARD
        return DRAW_STOCK
    if DONE in legal:
        return DONE
    cards = [a.card for a in legal if a.kind == "discard"]
    lonely = [c for c in cards if not any(p in t.hand for p in PARTNERS[c])]
    return DISCARD[rng.choice(lonely or cards)]


def rollout_policy(state, rng: random.Random) -> Action:
    return hard_action(Table.from_state(state))


class Pairs65Knowledge(Knowledge):
    game_id = "pairs65"

    def easy(self, win: Window, rng: random.Random) -> Action:
        return easy_action(Table.from_view(win.view, win.legal), rng)

    def medium(self, win: Window, rng: random.Random) -> Action:
        return medium_action(Table.from_view(win.view, win.legal))

    def sample(self, win: Window, rng: random.Random, keep: dict[str, float] | None = None):
        """A deal consistent with the view in which no other hand holds a pair.

        Players lay their pairs as soon as they can, so between turns the other hands
        hold none: a uniformly random re-deal would give opponents pairs they cannot
        have and make them look much faster than they are. The unknown cards are dealt
        again (sorted, then shuffled with this RNG, so the real deal's order never
        matters), each hand skipping cards that would pair with what it already holds.
        ``keep`` is :func:`_keep_odds` of the view (a search reckons it once for all its
        sampled deals).
        """
        world = win.sample(rng)
        world.rng = random.Random(rng.getrandbits(64))
        swap = world.swap
        if swap is not None and swap["swapper"] != win.seat:
            return world
        view = win.view
        seat = win.seat
        others = [h for h in range(view["n_players"]) if h != seat]
        known = {h: list(view["known"][h]) for h in others}
        pool = list(world.draw_pile)
        need = {}
        for h in others:
            hand = world.hands[h]
            free = list(hand)
            for c in known[h]:
                free.remove(c)
            pool.extend(free)
            need[h] = len(free)
        pool.sort()
        rng.shuffle(pool)
        keep_odds = _keep_odds(view) if keep is None else keep
        for h in others:
            hand = list(known[h])
            held = set(hand)
            skipped = []
            while len(hand) - len(known[h]) < need[h] and pool:
                c = pool.pop()
                if any(p in held for p in PARTNERS[c]) or rng.random() > keep_odds[c]:
                    skipped.append(c)
                    continue
                hand.append(c)
                held.add(c)
            while len(hand) - len(known[h]) < need[h]:
                hand.append(skipped.pop())
            pool.extend(skipped)
            rng.shuffle(pool)
            world.hands[h] = hand
        world.draw_pile = pool
        return world

    def candidates(self, t: Table) -> list[Action]:
        first = hard_action(t)
        if first.kind == "pair" or first == DONE:
            return [first]
        if t.phase == "take":
            out = [first]
            for a in (DRAW_STOCK, DRAW_DISCARD):
                if a in t.legal and a not in out:
                    out.append(a)
            swaps = [a for a in t.legal if a.kind == "swap"] if SEARCH_SWAPS else []
            if swaps:
                cards = sorted(set(t.hand), key=lambda c: (t.give_cost(c) + t.adjust(c), c))[:2]
                targets = sorted({a.target for a in swaps},
                                 key=lambda s: (-t.hand_sizes[s], -t.pairs[s], s))
                for i, target in enumerate(targets):
                    for card in cards[:2 if i == 0 else 1]:
                        if SWAP[target, card] not in out:
                            out.append(SWAP[target, card])
            return out
        if t.phase == "give":
            order = sorted((a.card for a in t.legal),
                           key=lambda c: (t.give_cost(c) + t.adjust(c), c))
            return [GIVE[c] for c in order[:4]]
        order = sorted((a.card for a in t.legal if a.kind == "discard"),
                       key=lambda c: (t.discard_cost(c) + t.adjust(c), c))
        return [DISCARD[c] for c in order[:5]]

    def hard(self, win, rng, budget_s, iterations):
        t = Table.from_view(win.view, win.legal)
        cands = self.candidates(t)
        if len(cands) == 1:
            return cands[0], self.explain(win, cands[0])
        result = self._search(win, cands, rng, budget_s, iterations)
        best = result.best
        mean, _ = result.stats[best]
        if best != cands[0] and mean - result.stats[cands[0]][0] < MIN_GAIN:
            # the sampled worlds model the other hands only roughly: leave the rules of
            # thumb only for a clear gain
            best = cands[0]
            mean = result.stats[best][0]
        reason = self.explain(win, best)
        tail = f"wins {100 * mean:.0f}% of {result.worlds} sampled games from here"
        return best, f"{reason}; {tail}" if reason else tail.capitalize()

    # ---------------------------------------------------------------- the review
    unit = "games"
    #: about one game in eight lost (win or lose is a coin with little noise to spare)
    mistake_loss = 0.12
    analysis_worlds = 100

    def appraise(self, win, rng, budget_s, played):
        """The seat's chance of winning the game (a share of a shared win) over sampled
        deals played to the end by the medium rules, for the options the hard player
        weighs and the move played."""
        t = Table.from_view(win.view, win.legal)
        cands = self.candidates(t)
        if len(cands) == 1:
            cands = _with(win.legal, played, cands[0])  # value the moves left aside too
        if played not in cands:
            cands.append(played)
        result = self._search(win, cands, rng, budget_s or 0.0,
                              None if budget_s else self.analysis_worlds)
        return {a: result.stats[a][0] for a in cands}

    def _search(self, win, cands, rng, budget_s, iterations):
        """Flat Monte Carlo over sampled deals, each candidate played out from the same
        sampled world by the fast play-out (which starts with the candidate itself, so
        no candidate needs a copy of the engine state)."""
        seat = win.seat
        game_idx = win.view["deal"] - 1  # score_sheet rows of the games finished before

        def rollout(shared, r):
            return _rollout(shared.world, shared.first, seat, game_idx, r)

        keep = _keep_odds(win.view)
        return flat_monte_carlo(
            cands, lambda r: _Shared(self.sample(win, r, keep)), rollout, rng, budget_s,
            iterations, cooperative=win.cooperative, apply=_Shared.play_first,
        )

    def mistake_reason(self, win, played, best, values):
        t = Table.from_view(win.view, win.legal)
        if best.kind == "draw" and best.source == "discard" and played != best:
            return because(N_("The top discard made a pair with one of your cards."))
        if played.kind == "discard" and best.kind == "discard":
            if t.danger(played.card) > t.danger(best.card) + 1.0:
                return because(N_("This discard gives the next player a card they need."))
            if t.live(played.card) > t.live(best.card):
                return because(N_("Keep {card}: the cards that pair with it can still come."),
                               card=played.card)
        return None

    def explain(self, win: Window, action: Action) -> Reason | str:
        kind = action.kind
        if kind in ("pair", "swap"):
            return ""
        if kind == "done":
            return because(N_("With 3 cards or fewer in hand there is no discard."))
        view = win.view
        if kind == "draw":
            if action.source == "discard":
                return because(N_("It makes a pair with one of your cards."))
            return ""
        t = Table.from_view(view, win.legal)
        card = action.card
        if kind == "give":
            return because(N_("Of your cards, it is the one least likely to help them."))
        live = t.live(card)
        if live == 0:
            return because(N_("Both cards that would pair with it are gone."))
        return because(N_("Few of the cards that would pair with it can still come."))


def _play_to_end(world, seat: int, games: int, rng: random.Random) -> float:
    """1 for a win, a share for a shared win, 0 for a loss; pairs decide at the cap."""
    moves = 0
    while len(world.score_sheet) == games and not world.over:
        if moves >= MAX_ROLLOUT_MOVES:
            counts = [len(p) for p in world.pairs]
            best_other = max(c for s, c in enumerate(counts) if s != seat)
            return 0.5 + (counts[seat] - best_other) / (2 * PAIRS_TO_WIN)
        world.apply(rollout_policy(world, rng))
        moves += 1
    winners = world.score_sheet[games]["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


# --------------------------------------------------------------------------- play-outs


def _keep_odds(view: dict) -> dict[str, float]:
    """Each card's chance to be kept in a hand (:data:`KEEP_ODDS` by its partners still to
    come): players throw away cards whose partners are gone."""
    dead = set(view["discard_pile"])
    for laid in view["pairs"]:
        for p in laid:
            dead.update(p)
    return {c: KEEP_ODDS[sum(p not in dead for p in PARTNERS[c])] for c in DECK}


class _Shared:
    """A sampled world that the candidates of a search share, and the candidate to play
    first in it. The fast play-out only reads the world, so a "copy" for each candidate
    (the search's ``clone``) is the same world with no candidate yet."""

    __slots__ = ("world", "first")

    def __init__(self, world, first: Action | None = None):
        self.world = world
        self.first = first

    def clone(self) -> _Shared:
        return _Shared(self.world)

    def play_first(self, action: Action) -> None:
        self.first = action


def _rollout(world, first: Action | None, seat: int, games: int,
             rng: random.Random) -> float:
    """A sampled world's value for ``seat`` after ``first``: its game played to the end
    (fast; by the engine when ``first`` ends the game or is a move the fast play-out does
    not start with)."""
    if first is None or first.kind not in _FAST_FIRST:
        world = world.clone()
        if first is not None:
            world.apply(first)
        if world.over or len(world.score_sheet) != games:
            return _play_to_end(world, seat, games, rng)
        return _fast_play_to_end(world, seat, rng)
    return _fast_play_to_end(world, seat, rng, first)


#: the moves the fast play-out can start with (a pair may end the game: the engine plays it)
_FAST_FIRST = frozenset({"draw", "swap", "give", "discard"})


#: what the tournament's reference players (reference.py) need to know of the game:
#: random rollouts lay a pair when offered and count the pairs after six rounds
REFERENCE = {"rounds": 6, "eager": ("pair",),
             "standing": lambda world: [len(p) for p in world.pairs]}
