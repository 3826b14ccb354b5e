"""Inference for japanese65's hard level: what the plays seen so far say about the hands.

A flat Monte Carlo search that deals the hidden cards uniformly (around the voids shown)
treats every deal consistent with the view as equally likely, though the others' plays
say a great deal: a partner who sheds the jack under its own winning card has no dearer
card of the suit to shed, an opponent who ducks with the queen held no cheap winner.
Here each sampled deal is weighed by how likely the others' plays so far were in it,
under a softened model of the program's own rules (:func:`cardtable.ai.japanese65.
medium_card`'s scores, passed through a softmax; the partner is the program's own
player, so its model is sharper than the opponents').

The history comes from the seat's view alone: the view keeps, per side, the partner
cards of the tricks the side won (in order) and the other three cards of each such trick
(in play order) in the other side's pile; with the first leader (the dealer's left), the
voids shown, the last trick and the leader now, :func:`histories` finds the order of the
tricks and who played what (a search that rules out every order breaking the rules). When
more than one history fits, only the tricks they all agree on from the start are used.

The hard level weighs each deal it samples by its likelihood (tempered: the model is
rough) and plays the card with the best weighed mean (japanese65.py). Drawing the searched
deals from a pool by those weights instead was measured worse: fewer different deals.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from cardtable.engine.japanese65 import ORDER, TRUMP

from . import japanese65_fast as fast

#: a play seen: (trick number, seat, card, the trick before it, the cards played before it,
#: the suits each seat had shown out of before it)
Play = tuple[int, int, str, tuple, frozenset, tuple]
#: the model's scores of a seat's legal cards: ``model(seat, hand, trick, played, voids,
#: tricks played)`` -> {card: score in deal points, higher preferred}
Model = Callable[[int, list, list, frozenset, list, int], dict]
#: histories searched at most when looking for a second one that fits
MAX_HISTORIES = 3
#: softmax temperature (deal points) of the model of the partner's and the opponents' play
PARTNER_TEMPERATURE = 1.5
OPPONENT_TEMPERATURE = 3.0


def _beats(card: str, best: str) -> bool:
    if card[1] == best[1]:
        return ORDER[card[0]] > ORDER[best[0]]
    return card[1] == TRUMP and best[1] != TRUMP


def _winner(trick: Sequence) -> int:
    seat, best = trick[0]
    for s, c in trick[1:]:
        if _beats(c, best):
            seat, best = s, c
    return seat


def _won_tricks(view: dict, side: int) -> list[tuple[str, list[str]]]:
    """The tricks ``side`` won, in order: (its partner card, the other three in play order)."""
    kept = view["partner_cards"][side]
    given = view["piles"][1 - side]
    return [(kept[k], given[3 * k:3 * k + 3]) for k in range(len(kept))]


def _place(leader: int, winner: int, kept: str, others: list[str]) -> list[tuple[int, str]]:
    partner = (winner + 2) % 4
    out = []
    rest = iter(others)
    for k in range(4):
        s = (leader + k) % 4
        out.append((s, kept if s == partner else next(rest)))
    return out


def _voids_after(trick: Sequence, voids: tuple) -> tuple | None:
    """The voids after ``trick`` is played on ``voids`` (per seat, frozensets), or None
    when a seat played a suit it had shown out of."""
    led = trick[0][1][1]
    out = list(voids)
    for k, (s, c) in enumerate(trick):
        if c[1] in out[s]:
            return None
        if k and c[1] != led:
            out[s] = out[s] | {led}
    return tuple(out)


def histories(view: dict, most: int = MAX_HISTORIES) -> list[list[list[tuple[int, str]]]]:
    """Every order of the finished tricks, with each card's seat, that fits the view (at
    most ``most`` of them): each trick won by the seat of the winning side its cards say,
    each card of a suit its player had not shown out of, the winner leading next, the last
    trick the view's, and the voids at the end the view's."""
    wins = (_won_tricks(view, 0), _won_tricks(view, 1))
    total = len(wins[0]) + len(wins[1])
    last = view["last_trick"]
    last_cards = None if last is None else [(s, c) for s, c in last["cards"]]
    want_voids = [frozenset(v) for v in view["voids"]]
    current = [(s, c) for s, c in view["trick"]]
    first = (view["dealer"] + 1) % 4
    found: list[list] = []
    dead: set = set()

    def finish(voids: tuple) -> bool:
        if current:
            voids = _voids_after(current, voids)
            if voids is None:
                return False
        return list(voids) == want_voids

    def search(i0: int, i1: int, leader: int, voids: tuple, path: list) -> None:
        if len(found) >= most:
            return
        if i0 + i1 == total:
            if leader == view["leader"] and finish(voids):
                found.append(list(path))
            return
        key = (i0, i1, leader, voids)
        if key in dead:
            return
        before = len(found)
        for side, i in ((0, i0), (1, i1)):
            if i >= len(wins[side]):
                continue
            kept, others = wins[side][i]
            for winner in (side, side + 2):
                trick = _place(leader, winner, kept, others)
                if _winner(trick) != winner:
                    continue
                if i0 + i1 == total - 1 and last_cards is not None and trick != last_cards:
                    continue
                after = _voids_after(trick, voids)
                if after is None:
                    continue
                path.append(trick)
                search(i0 + (side == 0), i1 + (side == 1), winner, after, path)
                path.pop()
        if len(found) == before:
            dead.add(key)

    search(0, 0, first, tuple(frozenset() for _ in range(4)), [])
    return found


def plays_seen(view: dict) -> list[Play]:
    """The plays of the other three seats this deal, in order, that every history fitting
    the view agrees on (the tricks from the first up to the first where they differ), then
    those of the trick in progress; each with the trick before it and every card played
    before it."""
    found = histories(view)
    tricks: list = []
    if found:
        for k in range(len(found[0])):
            t = found[0][k]
            if any(h[k] != t for h in found[1:]):
                break
            tricks.append(t)
    known_all = len(tricks) == view["tricks_played"]
    if known_all:
        tricks = tricks + [[(s, c) for s, c in view["trick"]]]
    seat = view["seat"]
    out: list[Play] = []
    played: set[str] = set()
    voids: list[set[str]] = [set(), set(), set(), set()]
    for n, trick in enumerate(tricks):
        led = trick[0][1][1] if trick else ""
        for k, (s, c) in enumerate(trick):
            if s != seat:
                out.append((n, s, c, tuple(trick[:k]), frozenset(played),
                            tuple(tuple(sorted(v)) for v in voids)))
            played.add(c)
            if k and c[1] != led:
                voids[s].add(led)
    return out


# =========================================================================== weights


def log_likelihood(plays: Sequence[Play], hands: dict[int, list[str]], seat: int,
                   model: Model, memo: dict) -> float:
    """log P(the plays seen | the other hands are ``hands`` now) under the softened
    ``model`` (a softmax of its scores; sharper for the partner than for the opponents).

    A seat's hand at a play is its hand now plus every card it played from that play on.
    ``memo`` keeps each decision's log-probability by (play, hand then), for every world."""
    later: dict[int, list[str]] = {s: [] for s in hands}
    for p in plays:
        later[p[1]].append(p[2])
    used: dict[int, int] = dict.fromkeys(hands, 0)
    partner = (seat + 2) % 4
    total = 0.0
    for idx, (n, s, card, before, played, voids) in enumerate(plays):
        then = hands[s] + later[s][used[s]:]
        used[s] += 1
        if before:
            led = before[0][1][1]
            legal = [c for c in then if c[1] == led] or then
        else:
            legal = then
        if len(legal) < 2:
            continue
        key = (idx, frozenset(then))
        lp = memo.get(key)
        if lp is None:
            scores = model(s, sorted(then), list(before), played, [list(v) for v in voids], n)
            temp = PARTNER_TEMPERATURE if s == partner else OPPONENT_TEMPERATURE
            top = max(scores.values())
            z = sum(math.exp((v - top) / temp) for v in scores.values())
            lp = memo[key] = (scores[card] - top) / temp - math.log(z)
        total += lp
    return total


# =========================================================================== the worlds


class Likelihood:
    """The plays seen in a view, and each sampled deal's log-likelihood of them."""

    __slots__ = ("plays", "seat", "others", "model", "memo")

    def __init__(self, view: dict, model: Model):
        self.plays = plays_seen(view)
        self.seat = view["seat"]
        self.others = [s for s in range(4) if s != self.seat]
        self.model = model
        self.memo: dict = {}

    def __call__(self, world) -> float:
        hands = {s: [fast.NAME[c] for c in fast.cards_of(world.hands[s])] for s in self.others}
        return log_likelihood(self.plays, hands, self.seat, self.model, self.memo)
