"""Sixty-Six after a close: one plan for every sampled deal (vector minimax).

Once the stock is closed neither player sees the other's hand, yet PIMC solves each sampled
deal as if both did: the searcher plays its own later cards differently in every deal
(strategy fusion), which it cannot. Here the sampled deals (*worlds*) are searched
together, as in Frank and Basin's vector minimax and Cazenave and Ventos' alpha-mu:

* at the seat's own turn one move is chosen for all the worlds still possible (its hand
  and what it has seen are the same in all of them), the move with the best mean value;
* at the opponent's turn each world takes its own worst reply for the seat (the opponent
  is assumed to know the deal, the usual pessimistic model), and the worlds are split by
  the card played, which the seat sees before it moves again;
* after ``depth`` moves of the seat's own the rest of every world is solved exactly
  (:class:`~cardtable.ai.sixtysix_solver.Endgame`, both hands open).

A world is a position of the exact solver on bit masks; the values are game points from
seat 0's side as there, turned into what they are worth to the seat (``worth``).
"""

from __future__ import annotations

from cardtable.ai import clock
from cardtable.engine.sixtysix import CLAIM, MARRIAGE, PLAY, WIN_POINTS

from .sixtysix_solver import (  # the solver's own tables: one move generator
    _HIGHER,
    _IDX,
    _MARRIAGE_PTS,
    _PARTNER,
    _SUIT,
    _SUIT_MASK,
    _SUITS,
    _VAL,
    DECK,
    Endgame,
    _cards,
    _mask,
    endgame_of,
)


class OutOfTime(Exception):
    pass


def world_position(state) -> tuple:
    """A closed-stock engine state as the solver's position: (h0, h1, leader, lead, p0,
    p1, t0, t1, e0, e1, ann), ``lead`` and ``ann`` -1 for none."""
    _, (hands, leader, lead, pts, tr, pend) = endgame_of(state)
    ann = -1 if state.announced is None else _SUITS.index(state.announced)
    return (_mask(hands[0]), _mask(hands[1]), leader, -1 if lead is None else _IDX[lead],
            pts[0], pts[1], tr[0], tr[1], pend[0], pend[1], ann)


def mover_of(pos: tuple) -> int:
    return pos[2] if pos[3] < 0 else 1 - pos[2]


def children(eg: Endgame, pos: tuple) -> tuple[float | None, list[tuple[int, object]]]:
    """The mover's options at ``pos``: (the value of claiming now if the mover may claim
    66, else None; [(card, the next position or the deal's value as an int)]). Mirrors
    the solver's own moves: a married king or queen led in closed play is announced."""
    h0, h1, leader, lead, p0, p1, t0, t1, e0, e1, ann = pos
    mover = leader if lead < 0 else 1 - leader
    if (p0 if mover == 0 else p1) >= WIN_POINTS:
        return eg._claim(mover, (p0, p1), (t0, t1)), []
    hand = h0 if mover == 0 else h1
    out: list = []
    if lead < 0:
        if ann >= 0:
            moves = [i for i in _cards(hand & _SUIT_MASK[ann], (ann,)) if _PARTNER[i] >= 0]
        else:
            moves = _cards(hand, range(len(_SUITS)))
        trick = t0 if mover == 0 else t1
        for card in moves:
            np0, np1, ne0, ne1 = p0, p1, e0, e1
            partner = _PARTNER[card]
            if ann < 0 and eg.closed and partner >= 0 and hand >> partner & 1:
                mp = _MARRIAGE_PTS[_SUIT[card] == eg._ts]
                if trick:
                    if mover == 0:
                        np0 += mp
                    else:
                        np1 += mp
                    if (np0 if mover == 0 else np1) >= WIN_POINTS:
                        out.append((card, eg._claim(mover, (np0, np1), (t0, t1))))
                        continue
                elif mover == 0:
                    ne0 += mp
                else:
                    ne1 += mp
            bit = 1 << card
            n0, n1 = (h0 ^ bit, h1) if mover == 0 else (h0, h1 ^ bit)
            out.append((card, (n0, n1, leader, card, np0, np1, t0, t1, ne0, ne1, -1)))
        return None, out
    ls, ts = _SUIT[lead], eg._ts
    same = hand & _SUIT_MASK[ls]
    higher = same & _HIGHER[lead]
    if not eg.strict:
        opts = same or hand
    elif same:
        opts = higher or same
    elif ls != ts and hand & _SUIT_MASK[ts]:
        opts = hand & _SUIT_MASK[ts]
    else:
        opts = hand
    trumps = 0 if ls == ts else opts & _SUIT_MASK[ts]
    winners = (opts & higher) | trumps
    for card in _cards(opts, range(len(_SUITS))):
        w = mover if winners >> card & 1 else leader
        gain = _VAL[lead] + _VAL[card]
        np0, np1, nt0, nt1, ne0, ne1 = p0, p1, t0, t1, e0, e1
        if w == 0:
            np0 += gain
            if not t0:
                nt0, np0, ne0 = True, np0 + e0, 0
        else:
            np1 += gain
            if not t1:
                nt1, np1, ne1 = True, np1 + e1, 0
        bit = 1 << card
        n0, n1 = (h0 ^ bit, h1) if mover == 0 else (h0, h1 ^ bit)
        if not n0 and not n1:
            out.append((card, eg._end(w, (np0, np1), (nt0, nt1))))
        else:
            out.append((card, (n0, n1, w, -1, np0, np1, nt0, nt1, ne0, ne1, -1)))
    return None, out


class VectorSearch:
    """Vector minimax over worlds that share the seat's hand and the public play."""

    def __init__(self, eg: Endgame, seat: int, worth: dict[int, float],
                 deadline: float | None = None):
        self.eg = eg
        self.seat = seat
        self.sign = 1 if seat == 0 else -1
        self.worth = worth
        self.deadline = deadline
        self.leaves = 0

    def _worth(self, v: int) -> float:
        return self.worth[self.sign * v]

    def solve(self, pos: tuple) -> float:
        """One world's exact value to the seat (both hands open)."""
        self.leaves += 1
        if self.deadline is not None and self.leaves % 16 == 0 and clock.now() > self.deadline:
            raise OutOfTime
        h0, h1, leader, lead, p0, p1, t0, t1, e0, e1, ann = pos
        return self._worth(self.eg._v(h0, h1, leader, lead, p0, p1, t0, t1, e0, e1,
                                      -4, 4, ann))

    def root(self, worlds: list[tuple], depth: int) -> dict[int, float]:
        """The seat's options at the root (it is its turn in every world): card (-1: the
        claim) -> the mean value over the worlds of that card, then the plan below it."""
        return {card: sum(vec) / len(vec) for card, vec in self._options(worlds, depth).items()}

    def _options(self, worlds: list[tuple], depth: int) -> dict[int, list[float]]:
        """For each of the seat's options (card, or -1: claim under 66 / a claim), its
        vector of values over ``worlds``."""
        eg = self.eg
        claim, opts = children(eg, worlds[0])
        if claim is not None:
            return {-1: [self._worth(claim)] * len(worlds)}
        per_world = [children(eg, w)[1] for w in worlds]
        out: dict[int, list[float]] = {}
        for k, (card, _) in enumerate(opts):
            kids = [pw[k][1] for pw in per_world]
            if isinstance(kids[0], int):
                out[card] = [self._worth(v) for v in kids]
            elif depth <= 1:
                out[card] = [self.solve(kid) for kid in kids]
            else:
                out[card] = self.value(kids, depth - 1)
        return out

    def value(self, worlds: list[tuple], depth: int) -> list[float]:
        """The vector of values of ``worlds`` (same mover in all), the seat's own moves
        searched ``depth`` deep as one plan."""
        if mover_of(worlds[0]) == self.seat:
            options = self._options(worlds, depth)
            return max(options.values(), key=lambda vec: sum(vec))
        return self._opponent(worlds, depth)

    def _opponent(self, worlds: list[tuple], depth: int) -> list[float]:
        eg = self.eg
        n = len(worlds)
        best = [float("inf")] * n
        groups: dict[int, list[tuple[int, object]]] = {}
        for i, pos in enumerate(worlds):
            claim, opts = children(eg, pos)
            mover = mover_of(pos)
            wrong = eg._wrong_claim(mover, (pos[6], pos[7]))
            best[i] = self._worth(claim) if claim is not None else self._worth(wrong)
            if claim is not None:
                continue
            for card, kid in opts:
                groups.setdefault(card, []).append((i, kid))
        for members in groups.values():
            live = [(i, kid) for i, kid in members if not isinstance(kid, int)]
            for i, kid in members:
                if isinstance(kid, int):
                    best[i] = min(best[i], self._worth(kid))
            if not live:
                continue
            vec = self.value([kid for _, kid in live], depth)
            for (i, _), v in zip(live, vec, strict=True):
                if v < best[i]:
                    best[i] = v
        return best



def closed_choice(worlds: list, seat: int, worth: dict[int, float], legal: list,
                  deadline: float | None, max_depth: int | None,
                  tables: dict | None = None) -> tuple[object, float, int]:
    """The seat's move in closed-stock play (its turn in every one of ``worlds``, engine
    states alike but for the opponent's hand): (the action, its mean value, the number of
    its own moves searched as one plan). Deepened one move of its own at a time: the
    first depth (PIMC: every later move chosen world by world) always completes, the
    next ones while ``deadline`` lasts, up to ``max_depth`` (None: no limit but the time;
    with no deadline either, 2)."""
    eg, _ = endgame_of(worlds[0])
    if tables is not None:
        key = (eg.trump, eg.closed, eg.closer, eg.coht, eg.strict)
        eg.table = tables.setdefault(key, {})
    positions = [world_position(w) for w in worlds]
    if deadline is None and max_depth is None:
        max_depth = 2
    values: dict[int, float] = {}
    depth = 0
    while max_depth is None or depth < max_depth:
        depth += 1
        search = VectorSearch(eg, seat, worth, deadline if depth > 1 else None)
        try:
            values = search.root(positions, depth)
        except OutOfTime:
            depth -= 1
            break
        if deadline is not None and clock.now() >= deadline:
            break
        if depth >= len(worlds[0].hands[seat]):
            break  # every move of its own is in the plan: deeper changes nothing
    p = positions[0]
    wrong = worth[(1 if seat == 0 else -1) * eg._wrong_claim(seat, (p[6], p[7]))]
    state = worlds[0]
    hand = state.hands[seat]
    options = []
    for card, v in values.items():
        if card < 0:
            action = CLAIM
        else:
            name = DECK[card]
            other = ("Q" if name[0] == "K" else "K") + name[1]
            marry = MARRIAGE[name[1]]
            action = (marry if name[0] in "KQ" and other in hand and marry in legal
                      else PLAY[name])
        options.append((v, action))
    if CLAIM in legal:
        options.append((wrong, CLAIM))
    v, action = max(options, key=lambda o: (o[0], o[1] != CLAIM))
    return action, v, depth
