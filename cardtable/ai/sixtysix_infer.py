"""Sixty-Six: reading the opponent's hand from its play so far (inference).

PIMC takes every deal consistent with the view as equally likely, though the opponent's
moves say much about its hand. Here each sampled deal (a *world*) is weighed by how likely
the opponent's moves seen so far were in it, and the hard level keeps one world of a few
drawn, in proportion to those weights (sampling-importance-resampling).

Only the seat's view is read: the won piles (each trick's two cards, the lead first, in the
order its winner took them), the marriages announced, the dealer, the stock's size. From
them :func:`tricks_in_order` puts the finished tricks back in the order they were played
(who led each is known from who won it and whether the second card beat the first), so
every lead of the opponent's is known with the number of cards it drew after it.

The cues, each a card the opponent is shown not to have held at one of its leads:

* a king or queen led without announcing its marriage while marriages may be announced:
  it lacked the other half;
* a lead with a trick won and the stock open, without exchanging: it lacked the nine of
  trumps.

A world where such a card is in the opponent's hand now is possible only if the card was
drawn after that lead: it is weighed by the share of the hand drawn since (``d / 6`` for
``d`` cards drawn), never below :data:`FLOOR` (people err). The current lead, if the
opponent's, is also weighed by a softened model of the medium rules' own lead
(:func:`lead_likelihood`): the chance that rules leading by the same costs would have led
that card from the hand the opponent holds in that world, and would not have closed.
"""

from __future__ import annotations

import math

from cardtable.engine.sixtysix import CLOSE, DECK, HAND_SIZE, PLAY, STOCK_SIZE

from .sixtysix_rules import Table, lead_costs, should_close
from .sixtysix_solver import _beats

#: the least weight a cue leaves a world (a player may err, or hold back for a reason)
FLOOR = 0.05
#: the temperature of the softened lead model, in card points: a lead this much costlier
#: than another is e (2.7) times less likely
TEMPERATURE = 6.0
#: how likely a player the medium rules would have had close is to lead instead
NOT_CLOSING = 0.4


def tricks_in_order(view: dict) -> list[tuple[int, str, str, int]] | None:
    """The finished tricks of the deal as ``(leader, lead, follow, winner)`` in the order
    they were played, rebuilt from the won piles; None if no order fits (never in a real
    deal). Where two orders fit, the first found is given."""
    trump = view["trump"]
    piles = []
    for w in (0, 1):
        won = view["won"][w]
        pile = []
        for i in range(0, len(won), 2):
            lead, follow = won[i], won[i + 1]
            leader = 1 - w if _beats(follow, lead, trump) else w
            pile.append((leader, lead, follow, w))
        piles.append(pile)
    first = 1 - view["dealer"]
    goal = (len(piles[0]), len(piles[1]))
    dead: set = set()
    order: list = []

    def walk(i0: int, i1: int, leader: int) -> bool:
        if (i0, i1) == goal:
            return leader == view["leader"]
        if (i0, i1, leader) in dead:
            return False
        for w, i in ((0, i0), (1, i1)):
            if i < len(piles[w]) and piles[w][i][0] == leader:
                order.append(piles[w][i])
                if walk(i0 + (w == 0), i1 + (w == 1), w):
                    return True
                order.pop()
        dead.add((i0, i1, leader))
        return False

    return order if walk(0, 0, first) else None


def cues(view: dict, seat: int) -> dict[str, int]:
    """Cards the opponent's leads show it lacked, each with the number of cards it drew
    after the latest such lead (0: it lacks the card now)."""
    opp = 1 - seat
    order = tricks_in_order(view)
    if order is None:
        return {}
    trump = view["trump"]
    nine = "9" + trump
    draws = (STOCK_SIZE - view["stock_size"]) // 2  # tricks followed by a draw
    closed = view["closed"]
    married = {m["suit"] for m in view["marriages"] if m["seat"] == opp}
    leads = [(k, lead) for k, (leader, lead, _, _) in enumerate(order) if leader == opp]
    trick = view["trick"]
    if trick and trick[0][0] == opp:
        leads.append((len(order), trick[0][1]))
    out: dict[str, int] = {}
    wins = [w for _, _, _, w in order]
    still_open = bool(view["stock_size"]) and not closed
    for k, lead in leads:
        won_before = sum(1 for w in wins[:k] if w == opp)
        since = max(0, draws - k)
        # the stock was there and not closed: every trick followed by a draw was led so,
        # and the one on the table if the stock is still open
        open_stock = k < draws or still_open
        marriages_allowed = open_stock or closed
        if marriages_allowed and lead[0] in "KQ" and lead[1] not in married:
            out[("Q" if lead[0] == "K" else "K") + lead[1]] = since
        if open_stock and won_before:
            out[nine] = since
    return out


def hidden_cards(view: dict, seat: int) -> set[str]:
    """The cards this seat has not seen: in the opponent's hand or the face-down stock."""
    seen = set(view["hand"]) | set(view["opponent_known"])
    for pile in view["won"]:
        seen.update(pile)
    seen.update(c for _, c in view["trick"])
    for c in (view["trump_card"], view["turned_down_trump"]):
        if c:
            seen.add(c)
    return set(DECK) - seen


def cue_weight(world, seat: int, found: dict[str, int]) -> float:
    """How likely the cues are in ``world``: each card the opponent was shown to lack and
    holds in this world was drawn after it, about ``d / 6`` likely for ``d`` cards drawn."""
    hand = world.hands[1 - seat]
    weight = 1.0
    for card, since in found.items():
        if card in hand:
            weight *= max(FLOOR, min(1.0, since / HAND_SIZE))
    return weight


def lead_likelihood(world, view: dict, seat: int) -> float:
    """How likely the opponent's lead on the table is in ``world`` under a softened model
    of the medium rules: 1 where there is no such lead to read (the seat led, the stock is
    gone or closed, or the lead is the half of a marriage it announced)."""
    lead = readable_lead(view, seat)
    if lead is None:
        return 1.0
    t = opponent_table(world, view, seat, lead)
    costs = lead_costs(t, t.hand)
    low = min(costs.values())
    total = sum(math.exp(-(c - low) / TEMPERATURE) for c in costs.values())
    p = math.exp(-(costs[lead] - low) / TEMPERATURE) / total
    if CLOSE in t.legal and should_close(t):
        p *= NOT_CLOSING
    return p


def readable_lead(view: dict, seat: int) -> str | None:
    """The opponent's lead on the table if the lead model reads it: led from a choice of
    every card in its hand with the stock open (not the half of a marriage it announced)."""
    opp = 1 - seat
    trick = view["trick"]
    if not trick or trick[0][0] != opp or view["closed"] or view["stock_exhausted"]:
        return None
    lead = trick[0][1]
    for m in view["marriages"]:
        if m["seat"] == opp and m["suit"] == lead[1] and lead[0] in "KQ":
            return None  # announced: the lead was one of its two halves
    return lead


def opponent_table(world, view: dict, seat: int, lead: str) -> Table:
    """What the opponent knew when it led ``lead`` (its hand in ``world``, the lead back in
    it): a :class:`Table` from its seat, as the medium rules would read it."""
    opp = 1 - seat
    t = Table()
    t.seat = opp
    t.hand = sorted(world.hands[opp] + [lead])
    t.trump = view["trump"]
    t.lead = None
    seen = set(t.hand)
    for pile in view["won"]:
        seen.update(pile)
    t.face_up = view["trump_card"]
    if t.face_up:
        seen.add(t.face_up)
    t.opp_known = list(view["hand_known_to_opponent"])
    seen.update(t.opp_known)
    t.unseen = [c for c in DECK if c not in seen]
    pts = view["points"]
    t.my_pts, t.opp_pts = pts[opp], pts[seat]
    t.my_tricks, t.opp_tricks = view["tricks_won"][opp], view["tricks_won"][seat]
    t.closed = False
    t.stock_size = view["stock_size"]
    t.later = False
    t.opp_voids = set(view["voids"][seat])
    t.announced = None
    t.legal = [PLAY[c] for c in t.hand] + [CLOSE]
    return t


class Reader:
    """What the view tells of the opponent's hand, read once per decision: weighs the
    worlds sampled for it (:meth:`weight`)."""

    __slots__ = ("view", "seat", "found", "reads_lead")

    def __init__(self, view: dict, seat: int):
        self.view = view
        self.seat = seat
        hidden = hidden_cards(view, seat)
        # a cue on a card already seen tells nothing of the hidden ones
        self.found = {c: d for c, d in cues(view, seat).items() if c in hidden}
        self.reads_lead = readable_lead(view, seat) is not None

    @property
    def informative(self) -> bool:
        """Can two worlds get different weights? (Else one world is as good as many.)"""
        return bool(self.found) or self.reads_lead

    def weight(self, world) -> float:
        w = cue_weight(world, self.seat, self.found)
        if self.reads_lead:
            w *= lead_likelihood(world, self.view, self.seat)
        return w
