"""Sixty-Six: a light copy of one sampled deal for the hard level's play-outs.

The hard level plays every sampled deal (a *world*) out by the medium rules while the stock
is open, once for each candidate, and then solves it exactly. On the engine's own state each
of those copies costs a full clone (the random generator's state included), each move the
engine's checks and events, and each decision of the rules a :class:`Table` rebuilt from
the whole state. :class:`World` holds only what a deal in progress needs, copies in a few
list copies, and builds the rules' :class:`Table` from what it keeps up to date.

It is the same deal under the same rules: the same moves give the same hands, stock, points,
tricks, marriages and deal result as the engine (tests/ai/test_sixtysix_world.py plays both
side by side), and :class:`Sampler` deals the same worlds from the same random numbers as
the engine's ``Window.sample`` followed by the hard level's re-deal, so the hard level
chooses exactly as it did on engine states. What it leaves out: the suits shown out of in
later play (no play-out move is made in later play: the solver takes over, and it does not
need them), the record of the last trick, and the next deal.
"""

from __future__ import annotations

import random

from cardtable.engine.core import Action
from cardtable.engine.sixtysix import (
    CARD_VALUES,
    CLAIM,
    CLOSE,
    DECK,
    EXCHANGE,
    KING,
    LAST_TRICK_BONUS,
    MARRIAGE,
    MARRIAGE_POINTS,
    NINE,
    PLAY,
    QUEEN,
    SCHNEIDER,
    TRUMP_MARRIAGE_POINTS,
    WIN_POINTS,
)

from .sixtysix_rules import Table, medium_action
from .sixtysix_solver import _IDX, _SUITS, Endgame, _beats

#: each card's bit, and every card of a mask in the order of DECK (for the unseen cards)
_BIT = {c: 1 << i for i, c in enumerate(DECK)}
_ALL = (1 << len(DECK)) - 1
_SIX = 6
_NAMES = [[DECK[s * _SIX + k] for k in range(_SIX) if bits >> k & 1] for s in range(4)
          for bits in range(1 << _SIX)]


def _names(mask: int) -> list[str]:
    """The cards of ``mask`` in the order of DECK."""
    out: list[str] = []
    for s in range(4):
        chunk = mask >> (s * _SIX) & 63
        if chunk:
            out += _NAMES[(s << _SIX) | chunk]
    return out


def _mask(cards) -> int:
    m = 0
    for c in cards:
        m |= _BIT[c]
    return m


class World:
    """One deal in progress, as the engine's :class:`SixtySixState` plays it (the fields
    keep its names). ``result`` is the game points each seat won once the deal is scored,
    else None."""

    __slots__ = ("hands", "stock", "trump", "leader", "lead", "gone", "tricks", "card_points",
                 "marriage_points", "pending", "announced", "known", "voids", "closed",
                 "closer", "coht", "bonus", "strict", "result")

    @classmethod
    def of_state(cls, state) -> World:
        """The light copy of an engine state of a deal in progress."""
        w = cls()
        w.hands = [list(state.hands[0]), list(state.hands[1])]
        w.stock = list(state.stock)
        w.trump = state.trump
        w.leader = state.leader
        w.lead = state.trick[0] if state.trick else None
        w.gone = _mask(state.won[0]) | _mask(state.won[1])
        w.tricks = list(state.tricks)
        w.card_points = list(state.card_points)
        w.marriage_points = list(state.marriage_points)
        w.pending = [0, 0]
        for m in state.marriages:
            if not m["scored"]:
                w.pending[m["seat"]] += m["points"]
        w.announced = state.announced
        w.known = [list(state.known[0]), list(state.known[1])]
        w.voids = (frozenset(state.voids[0]), frozenset(state.voids[1]))  # never changed
        w.closed = state.closed
        w.closer = state.closer
        w.coht = state.closer_opp_had_trick
        w.bonus = state.last_trick_bonus
        w.strict = state.options["strict_later_play"]
        w.result = None
        return w

    def clone(self) -> World:
        w = World.__new__(World)
        h = self.hands
        w.hands = [h[0][:], h[1][:]]
        w.stock = self.stock[:]
        w.trump = self.trump
        w.leader = self.leader
        w.lead = self.lead
        w.gone = self.gone
        w.tricks = self.tricks[:]
        w.card_points = self.card_points[:]
        w.marriage_points = self.marriage_points[:]
        w.pending = self.pending[:]
        w.announced = self.announced
        k = self.known
        w.known = [k[0][:], k[1][:]]
        w.voids = self.voids
        w.closed = self.closed
        w.closer = self.closer
        w.coht = self.coht
        w.bonus = self.bonus
        w.strict = self.strict
        w.result = self.result
        return w

    @property
    def current_player(self) -> int:
        return 1 - self.leader if self.lead is not None else self.leader

    def points(self, seat: int) -> int:
        bonus = LAST_TRICK_BONUS if self.bonus == seat else 0
        return self.card_points[seat] + self.marriage_points[seat] + bonus

    # ---------------------------------------------------------------- the rules' view
    def legal_actions(self) -> list[Action]:
        """The moves the engine allows, for a deal whose stock is open (the play-outs')."""
        if self.lead is not None:
            out = [PLAY[c] for c in self.hands[1 - self.leader]]
            out.append(CLAIM)
            return out
        seat = self.leader
        hand = self.hands[seat]
        announced = self.announced
        if announced is not None:
            out = [PLAY[c] for c in hand if c[1] == announced and c[0] in "KQ"]
            out.append(CLAIM)
            return out
        out = [PLAY[c] for c in hand]
        for s in "SHDC":
            if KING[s] in hand and QUEEN[s] in hand:
                out.append(MARRIAGE[s])
        if self.tricks[seat] and NINE[self.trump] in hand:
            out.append(EXCHANGE)
        out.append(CLOSE)
        out.append(CLAIM)
        return out

    def table(self) -> Table:
        """What the player to move knows, as :meth:`Table.from_state` reads it from the
        engine's state (stock open, not closed: the play-outs' positions)."""
        t = Table()
        seat = self.current_player
        opp = 1 - seat
        hand = self.hands[seat]
        stock = self.stock
        t.seat = seat
        t.hand = hand
        t.trump = self.trump
        t.lead = lead = self.lead
        t.face_up = stock[-1]
        opp_known = self.known[opp]
        t.opp_known = opp_known
        seen = self.gone | _mask(hand) | _BIT[stock[-1]] | _mask(opp_known)
        if lead is not None:
            seen |= _BIT[lead]
        t.unseen = _names(_ALL & ~seen)
        cp, mp, bonus = self.card_points, self.marriage_points, self.bonus
        t.my_pts = cp[seat] + mp[seat] + (LAST_TRICK_BONUS if bonus == seat else 0)
        t.opp_pts = cp[opp] + mp[opp] + (LAST_TRICK_BONUS if bonus == opp else 0)
        t.my_tricks, t.opp_tricks = self.tricks[seat], self.tricks[opp]
        t.closed = False
        t.stock_size = len(stock)
        t.later = False
        t.opp_voids = self.voids[opp]  # the rules only read it
        t.announced = self.announced
        t.legal = self.legal_actions()
        return t

    # ---------------------------------------------------------------- moves
    def apply(self, action: Action) -> None:
        """Make a legal move (unchecked: the caller takes it from the legal moves)."""
        kind = action.kind
        if kind == "play":
            self._play(action.card)
            return
        seat = self.current_player
        if kind == "marriage":
            suit = action.suit
            points = TRUMP_MARRIAGE_POINTS if suit == self.trump else MARRIAGE_POINTS
            if self.tricks[seat] > 0:
                self.marriage_points[seat] += points
            else:
                self.pending[seat] += points
            self.announced = suit
            known = self.known[seat]
            for c in (KING[suit], QUEEN[suit]):
                if c not in known:
                    known.append(c)
        elif kind == "exchange":
            nine = NINE[self.trump]
            hand = self.hands[seat]
            taken = self.stock[-1]
            hand.remove(nine)
            hand.append(taken)
            self.stock[-1] = nine
            known = self.known[seat]
            if nine in known:
                known.remove(nine)
            known.append(taken)
        elif kind == "close":
            self.closed = True
            self.closer = seat
            self.coht = self.tricks[1 - seat] > 0
        elif kind == "claim":
            self._score(seat)
        else:
            raise ValueError(f"Sixty-Six has no {kind!r} move")

    def _play(self, card: str) -> None:
        lead = self.lead
        leader = self.leader
        seat = leader if lead is None else 1 - leader
        self.hands[seat].remove(card)
        known = self.known[seat]
        if card in known:
            known.remove(card)
        if lead is None:
            self.announced = None
            self.lead = card
            return
        winner = seat if _beats(card, lead, self.trump) else leader
        self.gone |= _BIT[lead] | _BIT[card]
        self.tricks[winner] += 1
        self.card_points[winner] += CARD_VALUES[lead[0]] + CARD_VALUES[card[0]]
        self.lead = None
        self.leader = winner
        if self.tricks[winner] == 1 and self.pending[winner]:
            self.marriage_points[winner] += self.pending[winner]
            self.pending[winner] = 0
        stock = self.stock
        if stock and not self.closed:
            self.hands[winner].append(stock.pop(0))
            last = stock.pop(0)
            self.hands[1 - winner].append(last)
            if not stock:
                self.known[1 - winner].append(last)  # the face-up trump card
        elif not self.hands[winner]:
            if not self.closed:
                self.bonus = winner
            self._score(None)

    def _score(self, claimant: int | None) -> None:
        """The deal's game points, as the engine's ``_score_deal`` settles them."""
        pts = (self.points(0), self.points(1))
        winner, value = None, 0
        closed, closer = self.closed, self.closer
        failed = 2 if self.coht else 3
        if claimant is not None:
            correct = pts[claimant] >= WIN_POINTS
            if closed and (claimant == closer or correct):
                if claimant == closer and correct:
                    winner, value = claimant, self._win_value(claimant, pts)
                else:
                    winner, value = 1 - closer, failed
            elif correct:
                winner, value = claimant, self._win_value(claimant, pts)
            else:
                winner = 1 - claimant
                value = 2 if self.tricks[winner] else 3
        elif closed:
            if pts[closer] >= WIN_POINTS:
                winner, value = closer, self._win_value(closer, pts)
            else:
                winner, value = 1 - closer, failed
        else:
            over = [s for s in (0, 1) if pts[s] >= WIN_POINTS]
            if len(over) == 1:
                winner, value = over[0], self._win_value(over[0], pts)
        gp = [0, 0]
        if winner is not None:
            gp[winner] = value
        self.result = gp

    def _win_value(self, winner: int, pts) -> int:
        loser = 1 - winner
        if not self.tricks[loser]:
            return 3
        return 2 if pts[loser] < SCHNEIDER else 1

    # ---------------------------------------------------------------- the exact end
    def solve(self, seat: int, tables: dict | None = None, window: int = 4) -> int:
        """The exact value for ``seat`` once the stock is exhausted or closed, as
        :func:`cardtable.ai.sixtysix_solver.solve` gives it for the engine's state."""
        eg = Endgame.shared(self.trump, self.closed, self.closer, self.coht, self.strict,
                            tables)
        h = self.hands
        lead = self.lead
        ann = self.announced
        v = eg._v(_mask(h[0]), _mask(h[1]), self.leader, -1 if lead is None else _IDX[lead],
                  self.points(0), self.points(1), self.tricks[0] > 0, self.tricks[1] > 0,
                  self.pending[0], self.pending[1], -window, window,
                  -1 if ann is None else _SUITS.index(ann))
        return v if seat == 0 else -v


def open_value(world: World, seat: int, tables: dict | None = None, span: int = 4) -> float:
    """Play the medium rules until the stock is exhausted or closed, then solve exactly
    (within the window ``span``: 1 settles only who wins); the deal's value for ``seat``
    if it ends before (a claim)."""
    while world.result is None:
        if world.closed or not world.stock:
            return float(world.solve(seat, tables, span))
        world.apply(medium_action(world.table()))
    gp = world.result
    return float(gp[seat] - gp[1 - seat])


class Sampler:
    """The hard level's sampled deals as light worlds: the same deals, from the same random
    numbers, as its ``sample`` on the engine (``Window.sample`` then ``redeal`` and
    ``keep_out``, and with a reader the same resampling). The engine's state is sampled once
    (the public part of every world), and each world then draws exactly the numbers the
    engine's would: one for the engine's own re-deal, which ``redeal`` overwrites with a deal
    that depends on the view and ``rng`` only, and one for the world's generator."""

    def __init__(self, win, redeal, keep_out, reader=None, draws: int = 1):
        self.win = win
        self.redeal = redeal
        self.keep_out = keep_out
        self.reader = reader if reader is not None and reader.informative else None
        self.draws = draws
        # every sampled world is this one with its hidden cards dealt again: the engine's
        # sample, from a generator of its own, re-dealt (see _world)
        self.template = World.of_state(win.sample(random.Random(0)))

    def __call__(self, rng: random.Random) -> World:
        if self.reader is None:
            return self._world(rng)
        worlds = [self._world(rng) for _ in range(self.draws)]
        weights = [self.reader.weight(w) for w in worlds]
        pick = rng.random() * sum(weights)
        for world, weight in zip(worlds, weights, strict=True):
            pick -= weight
            if pick < 0:
                return world
        return worlds[-1]

    def _world(self, rng: random.Random) -> World:
        rng.getrandbits(64)  # what Window.sample draws for the engine's own re-deal
        world = self.template.clone()
        view, seat = self.win.view, self.win.seat
        self.redeal(world, view, seat, rng)
        self.keep_out(world, view, seat, rng)
        rng.getrandbits(64)  # what the engine's world draws for its generator
        return world
