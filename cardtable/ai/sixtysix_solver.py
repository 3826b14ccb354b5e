"""Sixty-Six's exact solver: perfect play once both hands are known.

When the stock is exhausted each player knows the other's hand (every other card has been
seen), so the rest of the deal is a perfect-information game: :class:`Endgame` searches it
with alpha-beta and a transposition table and gives its value in game points. The hard
player uses it for every move in later play and, after a close, on each sampled deal; the
review's analysis values later-play moves with it exactly.
"""

from __future__ import annotations

from cardtable.ai.search import alpha_beta_step
from cardtable.engine.sixtysix import (
    CARD_VALUES,
    DECK,
    LAST_TRICK_BONUS,
    MARRIAGE_POINTS,
    ORDER,
    SCHNEIDER,
    TRUMP_MARRIAGE_POINTS,
    WIN_POINTS,
)

V = {c: CARD_VALUES[c[0]] for c in DECK}
S = {c: ORDER[c[0]] for c in DECK}


def _beats(card: str, lead: str, trump: str) -> bool:
    """Does the follower's ``card`` beat the ``lead``?"""
    if card[1] == lead[1]:
        return S[card] > S[lead]
    return card[1] == trump


class Endgame:
    """A perfect-information later-play position (stock exhausted or closed).

    Values are game points from seat 0's side: +g when seat 0 wins g, -g when seat 1
    does, 0 when nobody scores. Both players claim as soon as they can (waiting never
    raises a claim's value), and nobody makes a wrong claim.
    """

    __slots__ = ("trump", "closed", "closer", "coht", "strict", "table", "nodes")

    def __init__(self, trump, closed, closer, closer_opp_had_trick, strict):
        self.trump = trump
        self.closed = closed
        self.closer = closer
        self.coht = closer_opp_had_trick
        self.strict = strict
        self.table: dict = {}
        self.nodes = 0

    # ---- scoring, mirroring the engine's _score_deal --------------------------
    def _win(self, w: int, pts, tr) -> int:
        loser = 1 - w
        if not tr[loser]:
            g = 3
        elif pts[loser] < SCHNEIDER:
            g = 2
        else:
            g = 1
        return g if w == 0 else -g

    def _failed(self) -> int:
        g = 2 if self.coht else 3
        return g if self.closer == 1 else -g

    def _claim(self, c: int, pts, tr) -> int:
        if self.closed:
            return self._win(c, pts, tr) if c == self.closer else self._failed()
        return self._win(c, pts, tr)

    def _wrong_claim(self, c: int, tr) -> int:
        """A claim under 66: the opponent scores 2, or 3 if he has no trick (the
        closer's wrong claim is a failed close). Rarely, the lesser evil."""
        if self.closed and c == self.closer:
            return self._failed()
        w = 1 - c
        g = 2 if tr[w] else 3
        return g if w == 0 else -g

    def _end(self, last_winner: int, pts, tr) -> int:
        if self.closed:
            if pts[self.closer] >= WIN_POINTS:
                return self._win(self.closer, pts, tr)
            return self._failed()
        pts = list(pts)
        pts[last_winner] += LAST_TRICK_BONUS
        over = [s for s in (0, 1) if pts[s] >= WIN_POINTS]
        if len(over) == 1:
            return self._win(over[0], pts, tr)
        return 0

    # ---- moves ------------------------------------------------------------------
    def follow_options(self, hand, lead):
        led = lead[1]
        same = [c for c in hand if c[1] == led]
        if not self.strict:
            return same or list(hand)
        if same:
            higher = [c for c in same if S[c] > S[lead]]
            return higher or same
        if led != self.trump:
            trumps = [c for c in hand if c[1] == self.trump]
            if trumps:
                return trumps
        return list(hand)

    def lead_moves(self, hand, announced=None):
        """(card, marriage points) pairs; the K or Q of a held marriage is led with it."""
        out = []
        for c in hand:
            if announced is not None:
                if c[1] == announced and c[0] in "KQ":
                    out.append((c, 0))
                continue
            mp = 0
            if self.closed and c[0] in "KQ":
                other = ("Q" if c[0] == "K" else "K") + c[1]
                if other in hand:
                    mp = TRUMP_MARRIAGE_POINTS if c[1] == self.trump else MARRIAGE_POINTS
            out.append((c, mp))
        # strong cards first: better cut-offs
        out.sort(key=lambda m: (-(m[1] > 0), -(m[0][1] == self.trump), -S[m[0]]))
        return out

    # ---- search -------------------------------------------------------------------
    def value(self, hands, leader, lead, pts, tr, pend, alpha=-4, beta=4, announced=None):
        """Game value (seat 0's side) with ``leader`` to lead, or the follower to answer
        ``lead``; ``hands`` two tuples, ``pts`` points that count, ``tr`` has-a-trick
        flags, ``pend`` pending marriage points."""
        self.nodes += 1
        mover = leader if lead is None else 1 - leader
        if pts[mover] >= WIN_POINTS:
            return self._claim(mover, pts, tr)
        key = None
        if announced is None:
            key = (hands, leader, lead, pts, tr, pend)
            hit = self.table.get(key)
            if hit is not None:
                lo, hi = hit
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                alpha, beta = max(alpha, lo), min(beta, hi)
        a0, b0 = alpha, beta
        maximise = mover == 0
        # the claim under 66 is always there: it bounds the value from the mover's side
        best = self._wrong_claim(mover, tr)
        if maximise:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            return best
        hand = hands[mover]
        if lead is None:
            for card, mp in self.lead_moves(hand, announced):
                npts, npend = pts, pend
                if mp:
                    if tr[mover]:
                        npts = _add(pts, mover, mp)
                        if npts[mover] >= WIN_POINTS:
                            v = self._claim(mover, npts, tr)
                            best, alpha, beta, cut = alpha_beta_step(maximise, v, best, alpha, beta)
                            if cut:
                                break
                            continue
                    else:
                        npend = _add(pend, mover, mp)
                nh = _remove(hands, mover, card)
                v = self.value(nh, leader, card, npts, tr, npend, alpha, beta)
                best, alpha, beta, cut = alpha_beta_step(maximise, v, best, alpha, beta)
                if cut:
                    break
        else:
            options = self.follow_options(hand, lead)
            trump = self.trump
            options.sort(key=lambda c: (not _beats(c, lead, trump), -V[c]))
            for card in options:
                w = mover if _beats(card, lead, trump) else leader
                npts = _add(pts, w, V[lead] + V[card])
                ntr, npend = tr, pend
                if not tr[w]:
                    ntr = (True, tr[1]) if w == 0 else (tr[0], True)
                    if pend[w]:
                        npts = _add(npts, w, pend[w])
                        npend = _add(pend, w, -pend[w])
                nh = _remove(hands, mover, card)
                if not nh[0] and not nh[1]:
                    v = self._end(w, npts, ntr)
                else:
                    v = self.value(nh, w, None, npts, ntr, npend, alpha, beta)
                best, alpha, beta, cut = alpha_beta_step(maximise, v, best, alpha, beta)
                if cut:
                    break
        if key is not None:
            lo, hi = -4, 4
            if best <= a0:
                hi = best
            elif best >= b0:
                lo = best
            else:
                lo = hi = best
            self.table[key] = (lo, hi)
        return best


def _add(pair, i, x):
    return (pair[0] + x, pair[1]) if i == 0 else (pair[0], pair[1] + x)


def _remove(hands, seat, card):
    h = tuple(c for c in hands[seat] if c != card)
    return (h, hands[1]) if seat == 0 else (hands[0], h)


def endgame_of(state) -> tuple[Endgame, tuple]:
    """The solver and its position for a later-play engine state (perfect information)."""
    eg = Endgame(state.trump, state.closed, state.closer, state.closer_opp_had_trick,
                 state.options["strict_later_play"])
    pend = [0, 0]
    for m in state.marriages:
        if not m["scored"]:
            pend[m["seat"]] += m["points"]
    pos = (
        (tuple(sorted(state.hands[0])), tuple(sorted(state.hands[1]))),
        state.leader,
        state.trick[0] if state.trick else None,
        (state.points(0), state.points(1)),
        (state.tricks[0] > 0, state.tricks[1] > 0),
        (pend[0], pend[1]),
    )
    return eg, pos


def solve(state, seat: int, eg: Endgame | None = None) -> int:
    """Exact game value for ``seat`` of a later-play state in which it is ``seat``'s turn
    or the opponent's (both hands as they lie in ``state``). Match-over states score 0."""
    if state.over:
        return 0
    new_eg, pos = endgame_of(state)
    if eg is None:
        eg = new_eg
    hands, leader, lead, pts, tr, pend = pos
    v = eg.value(hands, leader, lead, pts, tr, pend, announced=state.announced)
    return v if seat == 0 else -v


def deal_value(state, seat: int, deal: int) -> int:
    """Game points the deal ``deal`` brought ``seat`` minus its opponent's."""
    gp = state.score_sheet[deal]["game_points"]
    return gp[seat] - gp[1 - seat]
