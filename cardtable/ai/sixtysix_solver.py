"""Sixty-Six's exact solver: perfect play once both hands are known.

When the stock is exhausted each player knows the other's hand (every other card has been
seen), so the rest of the deal is a perfect-information game: :class:`Endgame` searches it
with alpha-beta and a transposition table and gives its value in game points. The hard
player uses it for every move in later play and, after a close, on each sampled deal; the
review's analysis values later-play moves with it exactly.
"""

from __future__ import annotations

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

# the search works on bit masks: card i of DECK is bit i of a hand
_IDX = {c: i for i, c in enumerate(DECK)}
_SUITS = list(dict.fromkeys(c[1] for c in DECK))  # in the order of DECK
_SUIT = [_SUITS.index(c[1]) for c in DECK]
_VAL = [V[c] for c in DECK]
_SUIT_MASK = [sum(1 << i for i, c in enumerate(DECK) if c[1] == s) for s in _SUITS]
#: the cards of card i's suit that beat it
_HIGHER = [sum(1 << j for j, d in enumerate(DECK) if d[1] == c[1] and S[d] > S[c])
           for c in DECK]
#: the other half of a marriage (K <-> Q of the suit), else -1
_PARTNER = [_IDX[("Q" if c[0] == "K" else "K") + c[1]] if c[0] in "KQ" else -1 for c in DECK]
_MARRIAGE_PTS = {True: TRUMP_MARRIAGE_POINTS, False: MARRIAGE_POINTS}
# DECK runs suit by suit, each from the ace down: a suit's cards are 6 bits in a row,
# the strongest lowest. _CHUNK[s][bits]: the cards of suit s those 6 bits hold, strongest
# (and richest) first
_RUN = len(DECK) // len(_SUITS)
assert all(_SUIT[i] == i // _RUN for i in range(len(DECK)))
assert all(S[DECK[i]] > S[DECK[i + 1]] for i in range(len(DECK) - 1) if _SUIT[i] == _SUIT[i + 1])
_CHUNK = [[[s * _RUN + k for k in range(_RUN) if bits >> k & 1] for bits in range(1 << _RUN)]
          for s in range(len(_SUITS))]
_FULL = (1 << _RUN) - 1


def _cards(mask: int, suits) -> list[int]:
    """The cards of ``mask``, suit by suit in the order ``suits``, strongest first."""
    out = []
    for s in suits:
        chunk = mask >> (s * _RUN) & _FULL
        if chunk:
            out += _CHUNK[s][chunk]
    return out


def _mask(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << _IDX[c]
    return m


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

    __slots__ = ("trump", "closed", "closer", "coht", "strict", "table", "nodes",
                 "_ts", "_lead_order", "_follow_order", "_failv")

    def __init__(self, trump, closed, closer, closer_opp_had_trick, strict):
        self.trump = trump
        self.closed = closed
        self.closer = closer
        self.coht = closer_opp_had_trick
        self.strict = strict
        self.table: dict = {}
        self.nodes = 0
        self._ts = ts = _SUITS.index(trump)
        # strong cards first: better cut-offs (trumps first)
        self._lead_order = [ts] + [s for s in range(len(_SUITS)) if s != ts]
        self._follow_order = list(range(len(_SUITS)))
        self._failv = self._failed() if closed else 0  # a failed close, seat 0's side

    @classmethod
    def shared(cls, trump, closed, closer, closer_opp_had_trick, strict,
               tables: dict | None) -> Endgame:
        """The Endgame of these rules kept in ``tables`` (a dict the caller keeps), with
        its transposition table, shared by every solve under the same rules: one per set
        of rules (trumps, who closed), whose table's entries name whole positions."""
        if tables is None:
            return cls(trump, closed, closer, closer_opp_had_trick, strict)
        key = (trump, closed, closer, closer_opp_had_trick, strict)
        eg = tables.get(key)
        if eg is None:
            eg = tables[key] = cls(trump, closed, closer, closer_opp_had_trick, strict)
        return eg

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

    def _bound(self, mover: int, t0, t1) -> int:
        """The value of the mover's claim under 66 (:meth:`_wrong_claim`)."""
        if self.closed and mover == self.closer:
            return self._failv
        if mover == 0:
            return -2 if t1 else -3
        return 2 if t0 else 3

    def _last(self, h0, h1, leader, p0, p1, t0, t1, e0, e1) -> int:
        """The exact value of the last trick, one card in each hand (``h0``, ``h1``) and
        ``leader`` to lead: what :meth:`_v` finds there, without its search (each player
        still claims at 66, or under it where that is the lesser evil)."""
        if (p0 if leader == 0 else p1) >= WIN_POINTS:
            return self._claim(leader, (p0, p1), (t0, t1))
        follower = 1 - leader
        if (p0 if follower == 0 else p1) >= WIN_POINTS:
            v = self._claim(follower, (p0, p1), (t0, t1))
        else:
            lead, card = (h0, h1) if leader == 0 else (h1, h0)
            lead, card = lead.bit_length() - 1, card.bit_length() - 1
            if _SUIT[card] == _SUIT[lead]:
                takes = _HIGHER[lead] >> card & 1
            else:
                takes = _SUIT[card] == self._ts
            w = follower if takes else leader
            gain = _VAL[lead] + _VAL[card]
            if w == 0:
                end = self._end(0, (p0 + gain + (0 if t0 else e0), p1), (True, t1))
            else:
                end = self._end(1, (p0, p1 + gain + (0 if t1 else e1)), (t0, True))
            b = self._bound(follower, t0, t1)
            v = max(end, b) if follower == 0 else min(end, b)
        b = self._bound(leader, t0, t1)
        return max(v, b) if leader == 0 else min(v, b)

    # ---- search -------------------------------------------------------------------
    def value(self, hands, leader, lead, pts, tr, pend, alpha=-4, beta=4, announced=None):
        """Game value (seat 0's side) with ``leader`` to lead, or the follower to answer
        ``lead``; ``hands`` two tuples, ``pts`` points that count, ``tr`` has-a-trick
        flags, ``pend`` pending marriage points."""
        return self._v(_mask(hands[0]), _mask(hands[1]), leader,
                       -1 if lead is None else _IDX[lead], pts[0], pts[1], tr[0], tr[1],
                       pend[0], pend[1], alpha, beta,
                       -1 if announced is None else _SUITS.index(announced))

    def _v(self, h0, h1, leader, lead, p0, p1, t0, t1, e0, e1, alpha, beta, ann):
        """:meth:`value` on bit masks: ``lead`` and ``ann`` (a suit announced) -1 for none."""
        self.nodes += 1
        mover = leader if lead < 0 else 1 - leader
        if (p0 if mover == 0 else p1) >= WIN_POINTS:
            return self._claim(mover, (p0, p1), (t0, t1))
        key = None
        first = -1  # the best move the last search of this position found: tried first
        if ann < 0:
            key = (h0, h1, leader, lead, p0, p1, t0, t1, e0, e1)
            hit = self.table.get(key)
            if hit is not None:
                lo, hi, first = hit
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
        a0, b0 = alpha, beta
        maximise = mover == 0
        # the claim under 66 is always there: it bounds the value from the mover's side
        # (_wrong_claim, inlined)
        if self.closed and mover == self.closer:
            best = self._failv
        elif maximise:
            best = -2 if t1 else -3
        else:
            best = 2 if t0 else 3
        if maximise:
            if best > alpha:
                alpha = best
        elif best < beta:
            beta = best
        if alpha >= beta:
            return best
        hand = h0 if maximise else h1
        best_card = -1
        if lead < 0:
            closed = self.closed
            if ann >= 0:
                moves = [i for i in _cards(hand & _SUIT_MASK[ann], (ann,)) if _PARTNER[i] >= 0]
            else:
                moves = self._lead_moves(hand)
            if first >= 0 and moves[0] != first:
                moves.remove(first)
                moves.insert(0, first)
            trick = t0 if maximise else t1
            ts = self._ts
            for card in moves:
                np0, np1, ne0, ne1 = p0, p1, e0, e1
                if closed and ann < 0:
                    partner = _PARTNER[card]
                    if partner >= 0 and hand >> partner & 1:
                        mp = _MARRIAGE_PTS[_SUIT[card] == ts]
                        if trick:
                            if maximise:
                                np0 += mp
                                mine = np0
                            else:
                                np1 += mp
                                mine = np1
                            if mine >= WIN_POINTS:
                                v = self._claim(mover, (np0, np1), (t0, t1))
                                if maximise:
                                    if v > best:
                                        best, best_card = v, card
                                        if v > alpha:
                                            alpha = v
                                elif v < best:
                                    best, best_card = v, card
                                    if v < beta:
                                        beta = v
                                if alpha >= beta:
                                    break
                                continue
                        elif maximise:
                            ne0 += mp
                        else:
                            ne1 += mp
                if maximise:
                    v = self._v(h0 ^ (1 << card), h1, leader, card, np0, np1, t0, t1, ne0, ne1,
                                alpha, beta, -1)
                    if v > best:
                        best, best_card = v, card
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
                else:
                    v = self._v(h0, h1 ^ (1 << card), leader, card, np0, np1, t0, t1, ne0, ne1,
                                alpha, beta, -1)
                    if v < best:
                        best, best_card = v, card
                        if v < beta:
                            beta = v
                            if alpha >= beta:
                                break
        else:
            hit = self._follow_moves(hand, lead)
            moves, winners = hit
            if first >= 0 and moves[0] != first:
                moves.remove(first)
                moves.insert(0, first)
            at_stake = _VAL[lead]
            for card in moves:
                w = mover if winners >> card & 1 else leader
                gain = at_stake + _VAL[card]
                np0, np1, nt0, nt1, ne0, ne1 = p0, p1, t0, t1, e0, e1
                if w == 0:
                    np0 += gain
                    if not t0:
                        nt0 = True
                        if e0:
                            np0 += e0
                            ne0 = 0
                else:
                    np1 += gain
                    if not t1:
                        nt1 = True
                        if e1:
                            np1 += e1
                            ne1 = 0
                if maximise:
                    n0, n1 = h0 ^ (1 << card), h1
                else:
                    n0, n1 = h0, h1 ^ (1 << card)
                if not n0:  # the hands are the same size after a trick
                    v = self._end(w, (np0, np1), (nt0, nt1))
                elif not n0 & (n0 - 1):  # a card each: the last trick is forced
                    v = self._last(n0, n1, w, np0, np1, nt0, nt1, ne0, ne1)
                else:
                    v = self._v(n0, n1, w, -1, np0, np1, nt0, nt1, ne0, ne1, alpha, beta, -1)
                if maximise:
                    if v > best:
                        best, best_card = v, card
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
                elif v < best:
                    best, best_card = v, card
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        if key is not None:
            lo, hi = -4, 4
            if best <= a0:
                hi = best
            elif best >= b0:
                lo = best
            else:
                lo = hi = best
            self.table[key] = (lo, hi, best_card if best_card >= 0 else first)
        return best

    def _lead_moves(self, hand: int) -> list[int]:
        """The cards ``hand`` may lead, in the order they are searched."""
        moves = _cards(hand, self._lead_order)
        if self.closed:
            # the K or Q of a held marriage is led with it: those first
            married = [i for i in moves if _PARTNER[i] >= 0 and hand >> _PARTNER[i] & 1]
            if married:
                moves = married + [i for i in moves if i not in married]
        return moves

    def _follow_moves(self, hand: int, lead: int) -> tuple[list[int], int]:
        """The cards ``hand`` may answer ``lead`` with, in the order they are searched, and
        which of them take the trick."""
        ls = _SUIT[lead]
        ts = self._ts
        same = hand & _SUIT_MASK[ls]
        higher = same & _HIGHER[lead]
        if not self.strict:
            opts = same or hand
        elif same:
            opts = higher or same
        elif ls != ts and hand & _SUIT_MASK[ts]:
            opts = hand & _SUIT_MASK[ts]
        else:
            opts = hand
        # the cards that take the trick first (the strongest first), then the cheapest
        trumps = 0 if ls == ts else opts & _SUIT_MASK[ts]
        winners = (opts & higher) | trumps
        order = self._follow_order
        out = (_cards(winners, order) + _cards(opts & ~winners, order)[::-1], winners)
        return out


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


def solve(state, seat: int, eg: Endgame | None = None, tables: dict | None = None,
          window: int = 4) -> int:
    """Exact game value for ``seat`` of a later-play state in which it is ``seat``'s turn
    or the opponent's (both hands as they lie in ``state``). Match-over states score 0.
    With ``window`` 1 only the sign is exact (a win is 1 or more, a loss -1 or less),
    which a search settles much faster.

    ``tables`` (a dict the caller keeps) shares transposition tables between solves of
    one decision: one table per set of rules (trumps, who closed), whose entries name
    whole positions, so any solve under the same rules may reuse them."""
    if state.over:
        return 0
    new_eg, pos = endgame_of(state)
    if eg is None:
        eg = new_eg if tables is None else Endgame.shared(
            new_eg.trump, new_eg.closed, new_eg.closer, new_eg.coht, new_eg.strict, tables)
    hands, leader, lead, pts, tr, pend = pos
    v = eg.value(hands, leader, lead, pts, tr, pend, -window, window,
                 announced=state.announced)
    return v if seat == 0 else -v


def deal_value(state, seat: int, deal: int) -> int:
    """Game points the deal ``deal`` brought ``seat`` minus its opponent's."""
    gp = state.score_sheet[deal]["game_points"]
    return gp[seat] - gp[1 - seat]
