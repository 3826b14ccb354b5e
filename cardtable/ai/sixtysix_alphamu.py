"""αμ for Sixty-Six's closed stock: one plan that must work in every sampled deal.

Once the stock is closed it stays hidden to the end of the deal, so the player to move
never learns the opponent's hand but from what it plays. PIMC solves each sampled deal
(a *world*) as if its hand were in view and picks the move with the best average: in each
world it picks its later moves for that world alone (strategy fusion), and so overvalues
moves that need a guess later. αμ (Cazenave and Ventos, 2020) searches the worlds
together: at the searcher's turn one move is chosen for every world still possible (it
cannot tell them apart); at the opponent's turn each world keeps its own reply (the
opponent is taken to see everything, as in PIMC); each node backs up a Pareto front of
per-world result vectors, and after the searcher's ``depth`` moves each world is solved
exactly (:class:`cardtable.ai.sixtysix_solver.Endgame`). With ``depth`` 1 it is PIMC.

The search works on the solver's bit masks. Everything public is shared by the worlds
(points, tricks, the lead): only the opponent's hand differs, one mask a world. A
vector holds one value a world, :data:`TOP` where the world is no longer possible (the
opponent played a card it does not hold there), so that the opponent's element-wise
minimum passes it by.
"""

from __future__ import annotations

from cardtable.ai import clock
from cardtable.engine.sixtysix import WIN_POINTS

from .sixtysix_solver import (
    _HIGHER,
    _MARRIAGE_PTS,
    _PARTNER,
    _SUIT,
    _SUIT_MASK,
    _SUITS,
    _VAL,
    Endgame,
    _cards,
    _mask,
    deal_value,
    endgame_of,
)

#: the value of a world no longer possible at a node (the opponent's minimum skips it)
TOP = 1e9
#: the most vectors a front keeps (those with the best weighted means): a bound on the time
#: the opponent's products take; fronts seldom reach it
FRONT_CAP = 24


def window(worth: dict[int, float]) -> int:
    """The solver's window that settles what ``worth`` tells apart: 1 when it counts
    only who wins (a one-deal match, or a deal that ends the match either way), which a
    search settles much faster, else 4 (every result)."""
    w = worth
    return 1 if w[1] == w[2] == w[3] and w[-1] == w[-2] == w[-3] else 4


class OutOfTime(Exception):
    """The search passed its deadline: the caller keeps what it had."""


def pareto(vectors: list[tuple]) -> list[tuple]:
    """The vectors no other one dominates (at least as good in every world), each once."""
    out: list[tuple] = []
    for v in sorted(set(vectors), key=sum, reverse=True):
        if not any(all(a >= b for a, b in zip(u, v, strict=True)) for u in out):
            out.append(v)
    return out


def legal_cards(eg: Endgame, hand: int, lead: int, ann: int) -> list[int]:
    """The cards (indices of DECK) the player with ``hand`` may play, as the solver has
    them: a lead after a marriage announced is one of its halves; a follow heads the lead
    in its suit if it can, else follows, else trumps, else anything (strict later play)."""
    if lead < 0:
        if ann >= 0:
            return [i for i in _cards(hand & _SUIT_MASK[ann], (ann,)) if _PARTNER[i] >= 0]
        return _cards(hand, eg._lead_order)
    same = hand & _SUIT_MASK[_SUIT[lead]]
    if not eg.strict:
        opts = same or hand
    elif same:
        opts = (same & _HIGHER[lead]) or same
    elif _SUIT[lead] != eg._ts and hand & _SUIT_MASK[eg._ts]:
        opts = hand & _SUIT_MASK[eg._ts]
    else:
        opts = hand
    return _cards(opts, eg._follow_order)


class AlphaMu:
    """One decision's αμ search for ``me`` over the opponent hands ``worlds`` (masks) with
    their ``weights``; ``worth`` maps the deal's game points for ``me`` to what they are
    worth (deal_values). ``deadline`` (by :mod:`cardtable.ai.clock`) raises
    :class:`OutOfTime` when passed; None searches to the end."""

    def __init__(self, eg: Endgame, me: int, worlds: list[int], weights: list[float],
                 worth: dict[int, float], deadline: float | None = None):
        self.eg = eg
        self.me = me
        self.worlds = worlds
        self.weights = weights
        self.n = len(worlds)
        self.deadline = deadline
        self.leaves = 0
        self._worth = {v: worth[v if me == 0 else -v] for v in range(-3, 4)}
        k = window(worth)
        self._window = (-k, k)

    # ---------------------------------------------------------------- values
    def score(self, vector: tuple) -> float:
        """The weighted mean of a root vector (every world possible at the root)."""
        return sum(w * v for w, v in zip(self.weights, vector, strict=True)) / sum(self.weights)

    def best(self, front: list[tuple]) -> float:
        return max(self.score(v) for v in front)

    def _const(self, value: int, idx) -> tuple:
        """The vector giving every world in ``idx`` the solver's ``value`` (seat 0's side)."""
        x = self._worth[max(-3, min(3, value))]
        out = [TOP] * self.n
        for i in idx:
            out[i] = x
        return tuple(out)

    def _cap(self, front: list[tuple]) -> list[tuple]:
        if len(front) <= FRONT_CAP:
            return front
        return sorted(front, key=self._partial_score, reverse=True)[:FRONT_CAP]

    def _partial_score(self, v: tuple) -> float:
        return sum(w * x for w, x in zip(self.weights, v, strict=True) if x < TOP)

    # ---------------------------------------------------------------- the search
    def node(self, mine: int, worlds: list[tuple[int, int]], leader: int, lead: int,
             pub: tuple, ann: int, depth: int) -> list[tuple]:
        """The Pareto front of a position: ``mine`` the searcher's hand, ``worlds`` the
        (index, opponent's hand) still possible, ``pub`` (p0, p1, t0, t1, e0, e1) as the
        solver has them, ``depth`` the searcher's moves left before the leaves."""
        eg, me = self.eg, self.me
        mover = leader if lead < 0 else 1 - leader
        idx = [i for i, _ in worlds]
        p0, p1, t0, t1 = pub[:4]
        if (p0 if mover == 0 else p1) >= WIN_POINTS:
            return [self._const(eg._claim(mover, (p0, p1), (t0, t1)), idx)]
        # the claim under 66 is always there (the solver's lesser evil)
        wrong = self._const(eg._wrong_claim(mover, (t0, t1)), idx)
        if mover == me:
            if depth <= 0:
                return [self._leaf(mine, worlds, leader, lead, pub, ann)]
            front = [wrong]
            for card in legal_cards(eg, mine, lead, ann):
                married = self._married(mine, card, lead, ann)
                front += self._after(mine ^ (1 << card), worlds, mover, card, married,
                                     leader, lead, pub, depth - 1)
            return self._cap(pareto(front))
        groups: dict[tuple[int, bool], list[tuple[int, int]]] = {}
        for i, opp in worlds:
            for card in legal_cards(eg, opp, lead, ann):
                key = (card, self._married(opp, card, lead, ann))
                groups.setdefault(key, []).append((i, opp ^ (1 << card)))
        front = [wrong]
        for (card, married), sub in groups.items():
            child = self._after(mine, sub, mover, card, married, leader, lead, pub, depth)
            front = self._cap(pareto([tuple(map(min, a, b)) for a in front for b in child]))
        return front

    def _married(self, hand: int, card: int, lead: int, ann: int) -> bool:
        """Does leading ``card`` announce its marriage (a closed stock, its other half in
        hand, no marriage announced just before)?"""
        partner = _PARTNER[card]
        return (lead < 0 and ann < 0 and self.eg.closed and partner >= 0
                and bool(hand >> partner & 1))

    def _after(self, mine, worlds, mover, card, married, leader, lead, pub, depth):
        """The front after ``mover`` plays ``card`` (hands already without it)."""
        eg = self.eg
        p0, p1, t0, t1, e0, e1 = pub
        idx = [i for i, _ in worlds]
        if lead < 0:
            if married:
                mp = _MARRIAGE_PTS[_SUIT[card] == eg._ts]
                if (t0 if mover == 0 else t1):
                    if mover == 0:
                        p0 += mp
                    else:
                        p1 += mp
                    if (p0 if mover == 0 else p1) >= WIN_POINTS:
                        return [self._const(eg._claim(mover, (p0, p1), (t0, t1)), idx)]
                elif mover == 0:
                    e0 += mp
                else:
                    e1 += mp
            return self.node(mine, worlds, leader, card, (p0, p1, t0, t1, e0, e1), -1,
                             depth)
        # the follow closes the trick
        ls = _SUIT[lead]
        takes = (_SUIT[card] == ls and _HIGHER[lead] >> card & 1) or (
            _SUIT[card] == eg._ts and ls != eg._ts)
        w = mover if takes else leader
        gain = _VAL[lead] + _VAL[card]
        if w == 0:
            p0 += gain
            if not t0:
                t0 = True
                p0, e0 = p0 + e0, 0
        else:
            p1 += gain
            if not t1:
                t1 = True
                p1, e1 = p1 + e1, 0
        if not mine:  # both hands are empty (they hold as many cards after a trick)
            return [self._const(eg._end(w, (p0, p1), (t0, t1)), idx)]
        return self.node(mine, worlds, w, -1, (p0, p1, t0, t1, e0, e1), -1, depth)

    def _leaf(self, mine, worlds, leader, lead, pub, ann) -> tuple:
        """Each world solved exactly (both hands open) from here."""
        if self.deadline is not None and clock.now() > self.deadline:
            raise OutOfTime
        eg, me = self.eg, self.me
        lo, hi = self._window
        out = [TOP] * self.n
        p0, p1, t0, t1, e0, e1 = pub
        for i, opp in worlds:
            h0, h1 = (mine, opp) if me == 0 else (opp, mine)
            v = eg._v(h0, h1, leader, lead, p0, p1, t0, t1, e0, e1, lo, hi, ann)
            out[i] = self._worth[max(-3, min(3, v))]
            self.leaves += 1
        return tuple(out)


def worlds_of(states: list, seat: int, weights: list[float] | None = None):
    """The sampled deals' opponent hands as masks, each distinct hand once with the
    summed weight of the deals that hold it."""
    merged: dict[int, float] = {}
    for k, s in enumerate(states):
        m = _mask(s.hands[1 - seat])
        merged[m] = merged.get(m, 0.0) + (1.0 if weights is None else weights[k])
    masks = sorted(merged)
    return masks, [merged[m] for m in masks]


def root_fronts(states: list, seat: int, cands: list, worth: dict[int, float], depth: int,
                tables: dict, apply, weights: list[float] | None = None,
                deadline: float | None = None) -> dict:
    """Every candidate's front over the opponent hands of ``states`` (sampled deals with a
    closed stock, ``seat`` to move) after ``depth`` of the searcher's moves, the
    candidate the first; ``apply(world, candidate)`` plays a candidate (it may be a plan).
    Returns {candidate: its best weighted mean}; raises :class:`OutOfTime` past
    ``deadline``."""
    masks, wts = worlds_of(states, seat, weights)
    deal = len(states[0].score_sheet)
    out = {}
    for cand in cands:
        w = states[0].clone()
        apply(w, cand)
        if len(w.score_sheet) > deal:   # the candidate ends the deal (a claim)
            x = worth[deal_value(w, seat, deal)]
            out[cand] = x
            continue
        eg, pos = endgame_of(w)
        key = (eg.trump, eg.closed, eg.closer, eg.coht, eg.strict)
        eg.table = tables.setdefault(key, {})
        search = AlphaMu(eg, seat, masks, wts, worth, deadline)
        hands, leader, lead, pts, tr, pend = pos
        mine = _mask(hands[seat])
        ann = -1 if w.announced is None else _SUITS.index(w.announced)
        lead_i = -1 if lead is None else _mask([lead]).bit_length() - 1
        left = depth if w.announced is not None else depth - 1
        pub = (pts[0], pts[1], tr[0], tr[1], pend[0], pend[1])
        front = search.node(mine, list(enumerate(masks)), leader, lead_i, pub, ann, left)
        out[cand] = search.best(front)
    return out
