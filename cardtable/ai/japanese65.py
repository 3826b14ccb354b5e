"""Computer players for japanese65, the partnership trick game with the twist.

The twist decides the strategy. Of a trick's four cards only the winner's own card
changes sides (it goes to the opponents' pile); every other card ends up with the
side that played it. So winning a trick is worth 2 points (plus 1 for the last) but
hands the opponents the winning card's value: win cheaply (low cards, low trumps),
make the other side win with aces and kings, never overtake a partner who is already
winning cheaply, and shed honours (which would later be forced to win) whenever a
trick is lost anyway.

* easy: follows suit, plays its lowest card, grabs a cheap win; errs now and then.
* medium: scores every legal card by the expected points swing of the trick, with
  card counting (what is unseen, who is void), the partner's position and a wish to
  shed honours and keep low trumps.
* hard: flat Monte Carlo over deals consistent with the view (the hidden cards dealt
  again, sorted, around every void a seat has shown and every hand's size), every world
  played by a quick rule for all four seats (japanese65_fast: bit masks, no engine
  states, about 0.2 ms to the last three tricks) until three tricks are left, and those
  solved exactly with every hand open (double-dummy: each side plays its best, which
  card a partner adds to a trick its side wins included). A deal is valued by the
  side's lead in points plus its game points (33 scores 1, 41 scores 2), weighed
  heavily, rather than by raw points. Moves that would throw away points against the
  partner's winning card are never considered; within the last four tricks every
  sampled deal is solved exactly from the decision on.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from cardtable.ai import clock
from cardtable.engine.core import Action
from cardtable.engine.japanese65 import (
    CARD_VALUES,
    DECK,
    ORDER,
    PLAY,
    TRUMP,
    game_points_for,
)
from cardtable.engine.tricks import deal_with_voids
from cardtable.i18n import N_

from . import japanese65_fast as fast
from .base import Knowledge, Reason, Window, _with, because
from .search import flat_monte_carlo, play_out

VALUE = {c: CARD_VALUES.get(c[0], 0) for c in DECK}
STRENGTH = {c: ORDER[c[0]] for c in DECK}
SUIT_CARDS = {s: [c for c in DECK if c[1] == s] for s in "SHDC"}
EASY_ERROR = 0.2
#: a side that reaches 33 scores a game point: value it like this many deal points
GAME_POINT_WEIGHT = 4.0


def _beats(card: str, best: str, led: str) -> bool:
    if card[1] == best[1]:
        return STRENGTH[card] > STRENGTH[best]
    return card[1] == TRUMP and best[1] != TRUMP


def _winner(trick: Sequence) -> tuple[int, str]:
    """(seat, card) currently winning a non-empty trick of [seat, card] pairs."""
    led = trick[0][1][1]
    seat, best = trick[0]
    for s, c in trick[1:]:
        if _beats(c, best, led):
            seat, best = s, c
    return seat, best


class Table:
    """One seat's knowledge at a decision: built from a view or a determinised state."""

    __slots__ = ("seat", "hand", "trick", "unseen", "voids", "last", "_threats")

    def __init__(self, seat, hand, trick, played: Iterable[str], voids, tricks_played):
        self.seat = seat
        self.hand = hand
        self.trick = trick
        seen = set(played)
        seen.update(hand)
        self.unseen = [c for c in DECK if c not in seen]
        self.voids = voids
        self.last = tricks_played == 11
        self._threats: dict = {}

    @classmethod
    def from_view(cls, view: dict) -> Table:
        played = [c for pile in view["partner_cards"] for c in pile]
        played += [c for pile in view["piles"] for c in pile]
        played += [c for _, c in view["trick"]]
        return cls(view["seat"], view["hand"], view["trick"], played, view["voids"],
                   view["tricks_played"])

    @classmethod
    def from_state(cls, state) -> Table:
        played = state.partner_cards[0] + state.partner_cards[1] + state.piles[0]
        played += state.piles[1]
        played += [c for _, c in state.trick]
        seat = state.turn
        return cls(seat, state.hands[seat], state.trick, played, state.voids,
                   state.tricks_played)

    def legal(self) -> list[str]:
        if not self.trick:
            return list(self.hand)
        led = self.trick[0][1][1]
        same = [c for c in self.hand if c[1] == led]
        return same or list(self.hand)

    # ---------------------------------------------------------------- estimates
    def threat(self, seat: int, best: str, led: str) -> tuple[float, float]:
        """(probability, value of its card) that ``seat`` takes a trick ``best`` is winning.

        A player only overtakes with a card that is not much dearer than the card it
        beats: winning with an ace on a low card hands the opponents 4 points.
        """
        key = (seat, best, led)
        known = self._threats.get(key)
        if known is None:
            known = self._threats[key] = self._threat(seat, best, led)
        return known

    def _threat(self, seat: int, best: str, led: str) -> tuple[float, float]:
        unseen = self.unseen
        voids = self.voids[seat]
        limit = VALUE[best] + 1
        holders = 3
        share = 1.0 / holders
        n_led = 0
        follow = []
        trumps = []
        for c in unseen:
            s = c[1]
            if s == led:
                n_led += 1
                if s == best[1] and STRENGTH[c] > STRENGTH[best] and VALUE[c] <= limit:
                    follow.append(c)
            if s == TRUMP and led != TRUMP and VALUE[c] <= limit and (
                best[1] != TRUMP or STRENGTH[c] > STRENGTH[best]
            ):
                trumps.append(c)
        p_follow = 0.0
        if follow and led not in voids:
            p_follow = 1.0 - (1.0 - share) ** len(follow)
        p_ruff = 0.0
        if trumps and TRUMP not in voids and led != TRUMP:
            p_void = 1.0 if led in voids else (1.0 - share) ** n_led
            p_ruff = p_void * (1.0 - (1.0 - share) ** len(trumps))
        p = 1.0 - (1.0 - p_follow) * (1.0 - p_ruff)
        cheap = follow + trumps
        v = min(VALUE[c] for c in cheap) if cheap else 0.0
        return p, v

    def outcome(self, card: str) -> float:
        """Expected points swing (my side minus theirs) of this trick if I play ``card``."""
        seat = self.seat
        trick = self.trick
        win_pts = 3.0 if self.last else 2.0
        if trick:
            led = trick[0][1][1]
            w_seat, w_card = _winner(trick)
            if _beats(card, w_card, led):
                w_seat, w_card = seat, card
        else:
            led = card[1]
            w_seat, w_card = seat, card
        mine = (w_seat - seat) % 2 == 0
        after = [(seat + k) % 4 for k in range(1, 4 - len(trick))]
        p_keep = 1.0
        v_take = 0.0
        for r in after:
            if ((r - w_seat) % 2 == 0):
                continue  # the winner's partner does not take its own side's trick
            p, v = self.threat(r, w_card, led)
            if p > 0:
                v_take = v if p_keep == 1.0 else min(v_take, v)
            p_keep *= 1.0 - p
        held = win_pts - 2.0 * VALUE[w_card]
        taken = win_pts - 2.0 * v_take
        value = p_keep * held - (1.0 - p_keep) * taken
        return value if mine else -value

    def score(self, card: str) -> float:
        """Trick swing plus the long-term worth of keeping or shedding ``card``."""
        value = self.outcome(card)
        v = VALUE[card]
        trick = self.trick
        wins = False
        if trick:
            led = trick[0][1][1]
            _, w_card = _winner(trick)
            wins = _beats(card, w_card, led)
        if not wins or not trick:
            # an honour played without winning stays with my side and cannot be forced
            # to win later: shed them while it is safe
            value += 0.45 * v
        if card[1] == TRUMP and not (trick and wins):
            # low trumps win tricks cheaply later; do not waste them
            value -= 0.6 if v == 0 else 0.2
        if not trick:
            partner = (self.seat + 2) % 4
            pv = self.voids[partner]
            if card[1] != TRUMP and card[1] in pv and TRUMP not in pv:
                value += 1.0
        # tie-break: keep the higher plain cards (future cheap winners)
        return value - 0.01 * STRENGTH[card]


def medium_card(table: Table) -> str:
    options = table.legal()
    if len(options) == 1:
        return options[0]
    return max(options, key=lambda c: (table.score(c), c))


def easy_card(table: Table, rng: random.Random) -> str:
    options = table.legal()
    if rng.random() < EASY_ERROR:
        return rng.choice(options)
    trick = table.trick
    if not trick:
        by_suit: dict[str, list[str]] = {}
        for c in options:
            by_suit.setdefault(c[1], []).append(c)
        plain = [s for s in by_suit if s != TRUMP] or list(by_suit)
        suit = max(plain, key=lambda s: (len(by_suit[s]), s))
        return min(by_suit[suit], key=lambda c: STRENGTH[c])
    led = trick[0][1][1]
    w_seat, w_card = _winner(trick)
    if (w_seat - table.seat) % 2:
        cheap = [c for c in options if _beats(c, w_card, led) and VALUE[c] <= 1]
        if cheap:
            return min(cheap, key=lambda c: STRENGTH[c])
    return min(options, key=lambda c: (STRENGTH[c], c))


def rollout_policy(state, rng: random.Random) -> Action:
    return PLAY[medium_card(Table.from_state(state))]


def fast_world(view: dict, rng: random.Random) -> fast.FastWorld:
    """A deal consistent with the view for the fast play-out: the hidden cards, sorted,
    dealt again around every void the view shows and every hand's size. It depends on
    the view and ``rng`` only."""
    seat = view["seat"]
    table = Table.from_view(view)
    others = [s for s in range(4) if s != seat]
    sizes = {s: view["hand_sizes"][s] for s in others}
    voids = {s: set(view["voids"][s]) for s in others}
    dealt = deal_with_voids(sorted(table.unseen), sizes, voids, rng)
    hands = [0, 0, 0, 0]
    hands[seat] = fast.mask_of(view["hand"])
    for s in others:
        hands[s] = fast.mask_of(dealt[s])
    trick = [(s, fast.CODE[c]) for s, c in view["trick"]]
    turn = (view["leader"] + len(trick)) % 4
    return fast.FastWorld(hands, trick, turn, view["tricks_played"],
                          list(view["running"]["points"]))


def redeal(world, view: dict, seat: int, rng: random.Random) -> None:
    """Deal the other hands of a sampled world again from their sorted cards, around
    every void the view shows: the world then depends on the view and ``rng`` only."""
    others = [s for s in range(4) if s != seat]
    pool = sorted(c for s in others for c in world.hands[s])
    sizes = {s: len(world.hands[s]) for s in others}
    voids = {s: set(view["voids"][s]) for s in others}
    hands = deal_with_voids(pool, sizes, voids, rng)
    for s in others:
        world.hands[s] = hands[s]


#: the all-seeing reference solves a true deal exactly from this many tricks left
SEER_EXACT = 5
#: play-outs at least per move before that, whatever the time
SEER_MIN_PLAYOUTS = 2


def all_seeing_action(state, seat: int, budget_s: float, depth: int | None = None) -> Action:
    """The all-seeing reference's move: it CHEATS. ``state`` is the true engine state, so
    every hand is known: the hard level's search on the one true deal instead of sampled
    ones. Every move is played out by the quick rule for all four seats until
    :data:`SEER_EXACT` tricks are left (or ``depth``, tests), the rest solved exactly, the
    deal valued as the hard level values it (:func:`utility`); within that many tricks
    every move is valued exactly.

    Only the tournament's all-seeing reference (reference.py) may call this: a computer
    player a person meets receives a :class:`Window`, never the state."""
    start = clock.now()
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    view = state.view(seat)
    side = seat & 1
    world = fast.FastWorld([fast.mask_of(h) for h in state.hands],
                           [(s, fast.CODE[c]) for s, c in view["trick"]], seat,
                           view["tricks_played"], list(view["running"]["points"]))
    exact = SEER_EXACT if depth is None else depth
    rng = random.Random(0)
    totals = dict.fromkeys(legal, 0.0)
    runs = 0
    while True:
        seed = rng.getrandbits(64)
        for a in legal:
            w = world.clone()
            w.apply(a)
            fast.play_to(w, exact, random.Random(seed))
            totals[a] += utility(fast.final_points(w, side))
        runs += 1
        if world.left() <= exact:
            break  # nothing left to chance: every move was valued exactly
        if runs >= SEER_MIN_PLAYOUTS and clock.now() - start >= budget_s:
            break
    return max(legal, key=lambda a: totals[a])  # the first of equals


#: the PIMC + exact reference solves a sampled deal once this many tricks or fewer are left
REFERENCE_EXACT_TRICKS = 3


def exact_value(world, seat: int) -> float | None:
    """The deal's exact value for ``seat`` (its side's points minus the others') with every
    hand open, once :data:`REFERENCE_EXACT_TRICKS` or fewer tricks are left; None before.
    The tournament's PIMC + exact reference (``pimc-ab``) solves its sampled deals with it
    from there, as the textbook PIMC solves each world (double-dummy)."""
    if world.current_player is None or TRICKS - world.tricks_played > REFERENCE_EXACT_TRICKS:
        return None
    fw = fast.FastWorld([fast.mask_of(h) for h in world.hands],
                        [(s, fast.CODE[c]) for s, c in world.trick], world.turn,
                        world.tricks_played, list(world.deal_points()["points"]))
    return float(2 * fast.final_points(fw, seat & 1) - 65)


#: what the tournament's reference players (reference.py) need to know of the game
REFERENCE = {"redeal": redeal, "all_seeing": all_seeing_action, "exact": exact_value}


class Japanese65Knowledge(Knowledge):
    game_id = "japanese65"

    def easy(self, win: Window, rng: random.Random) -> Action:
        return PLAY[easy_card(Table.from_view(win.view), rng)]

    def medium(self, win: Window, rng: random.Random) -> Action:
        return PLAY[medium_card(Table.from_view(win.view))]

    # ---------------------------------------------------------------- hard
    def sample(self, win: Window, rng: random.Random):
        """A world from the engine's determinize, re-dealt canonically from the view.

        The hidden cards are gathered, sorted and dealt again with this RNG, so the
        world depends on the view and the RNG only, never on the real deal's order.
        """
        world = win.sample(rng)
        redeal(world, win.view, win.seat, rng)
        world.rng = random.Random(rng.getrandbits(64))
        return world

    def candidates(self, win: Window) -> list[Action]:
        """Legal moves, the medium choice first, without blunders against the partner."""
        table = Table.from_view(win.view)
        cards = table.legal()
        if len(table.trick) == 3:
            # last to play: the trick's outcome is certain; drop moves that lose
            # clearly more than the best one (e.g. overtaking the partner with an ace)
            imm = {c: table.outcome(c) for c in cards}
            top = max(imm.values())
            cards = [c for c in cards if imm[c] >= top - 4.0]
        first = medium_card(table)
        order = sorted(cards, key=lambda c: (c != first, -table.score(c), c))
        return [PLAY[c] for c in order]

    def hard(self, win, rng, budget_s, iterations):
        cands = self.candidates(win)
        if len(cands) == 1:
            return cands[0], self.explain(win, cands[0])
        side = win.seat & 1
        view = win.view
        left = TRICKS - view["tricks_played"]
        exact = EXACT_AT_DECISION if left <= EXACT_AT_DECISION else EXACT_TRICKS

        def rollout(world, r):
            fast.play_to(world, exact, r)
            return utility(fast.final_points(world, side))

        result = flat_monte_carlo(
            cands, lambda r: fast_world(view, r), rollout, rng, budget_s, iterations,
            cooperative=win.cooperative,
        )
        mean, n = result.stats[result.best]
        reason = self.explain(win, result.best)
        tail = f"over {result.worlds} sampled deals it averages {mean:+.1f} for your side"
        return result.best, f"{reason}; {tail}" if reason else tail.capitalize()

    # ---------------------------------------------------------------- the review
    unit = "points"
    #: three of the deal's 65 points: more than a king handed over
    mistake_loss = 3.0
    analysis_worlds = 120

    def appraise(self, win, rng, budget_s, played):
        """The side's points of the deal (tricks, last trick and cards) on average over
        sampled deals, each played to its end by the medium rules for all four seats."""
        table = Table.from_view(win.view)
        cands = _with(win.legal, played, PLAY[medium_card(table)])
        side = win.seat & 1

        def rollout(world, r):
            deal = play_out(world, rollout_policy, r)
            return float(world.score_sheet[deal]["points"][side])

        result = flat_monte_carlo(
            cands, lambda r: self.sample(win, r), rollout, rng, budget_s or 0.0,
            None if budget_s else self.analysis_worlds, cooperative=win.cooperative,
        )
        return {a: result.stats[a][0] for a in cands}

    def mistake_reason(self, win, played, best, values):
        if played.kind != "play" or best.kind != "play":
            return None
        table = Table.from_view(win.view)
        trick = table.trick
        card, other = played.card, best.card
        if not trick:
            if VALUE[card] > VALUE[other] and VALUE[card] >= 2:
                return because(N_("Leading {card} lets it win a trick for the other side: "
                                  "lead low and let them spend their honours."), card=card)
            return None
        led = trick[0][1][1]
        w_seat, w_card = _winner(trick)
        partner_winning = (w_seat - table.seat) % 2 == 0
        takes, best_takes = _beats(card, w_card, led), _beats(other, w_card, led)
        if takes and partner_winning:
            return because(N_("Your partner was already winning this trick: overtaking "
                              "with {card} hands it to the other side."), card=card)
        if takes and VALUE[card] > VALUE[other]:
            return because(N_("Winning with {card} hands its points to the other side."),
                           card=card)
        if best_takes and not takes and VALUE[other] <= 1:
            return because(N_("Winning with {card} was cheap: only the winning card goes to "
                              "the other side."), card=other)
        if not takes and not best_takes and VALUE[other] > VALUE[card]:
            return because(N_("The trick was lost anyway: shedding {card} kept its points "
                              "with your side."), card=other)
        return None

    def explain(self, win: Window, action: Action) -> Reason | str:
        table = Table.from_view(win.view)
        card = action.card
        trick = table.trick
        if not trick:
            if VALUE[card] == 0:
                return because(N_("A low lead lets the others spend their honours on this "
                                  "trick."))
            return because(N_("It can still be led cheaply now; later it may cost more."))
        led = trick[0][1][1]
        w_seat, w_card = _winner(trick)
        partner_winning = (w_seat - table.seat) % 2 == 0
        if _beats(card, w_card, led):
            if VALUE[card] <= 1:
                return because(N_("It wins the trick cheaply: only the winning card goes to "
                                  "the other side."))
            return because(N_("It takes the trick now; your cheaper cards cannot."))
        if partner_winning and VALUE[card] > 0:
            return because(N_("Your partner is winning: an honour played now stays with "
                              "your side."))
        if VALUE[card] > 0:
            return because(N_("The trick is lost anyway: shed an honour while it stays with "
                              "your side."))
        if partner_winning:
            return because(N_("Your partner is winning: a card worth nothing will do."))
        # (not "play low": the search may keep a lower card back, as a later loser)
        return because(N_("The other side is winning this trick: a card worth nothing "
                          "will do."))


# =========================================================================== endgame


#: rollouts solve exactly (double-dummy) once this many tricks or fewer remain, the
#: one in progress included; a decision this close to the end is solved from the start
EXACT_TRICKS = 3
EXACT_AT_DECISION = 4
TRICKS = 12


def utility(points: int) -> float:
    """What a deal in which ``side`` makes ``points`` of 65 is worth to it: the lead in
    deal points plus the game points (33 scores 1, 41 scores 2) weighed heavily."""
    other = 65 - points
    game = game_points_for(points) - game_points_for(other)
    return (points - other) + GAME_POINT_WEIGHT * game
