"""Sixty-Six's rules of thumb: what one seat knows at a decision (:class:`Table`, from its
view or from a sampled state), and the easy and medium players built on it. The hard
level (:mod:`cardtable.ai.sixtysix`) plays its sampled deals out by the medium rules
until the stock is gone (:func:`rollout_policy`).
"""

from __future__ import annotations

import random

from cardtable.engine.core import Action
from cardtable.engine.sixtysix import (
    CLAIM,
    CLOSE,
    DECK,
    EXCHANGE,
    MARRIAGE_POINTS,
    PLAY,
    TRUMP_MARRIAGE_POINTS,
    WIN_POINTS,
)

from .sixtysix_solver import S, V, _beats

EASY_ERROR = 0.15
EASY_FORGETS_CLAIM = 0.25
#: what spending a trump of each rank costs the rest of the deal (keep_cost)
TRUMP_KEEP = {"A": 9, "T": 8, "K": 6, "Q": 6, "J": 4, "9": 3}


# =========================================================================== rules of thumb


class Table:
    """One seat's knowledge at a decision: built from a view or from a sampled state."""

    __slots__ = ("seat", "hand", "trump", "lead", "unseen", "my_pts", "opp_pts", "my_tricks",
                 "opp_tricks", "later", "closed", "stock_size", "face_up", "opp_known",
                 "opp_voids", "announced", "legal")

    @classmethod
    def from_view(cls, view: dict, legal: list[Action]) -> Table:
        t = cls()
        seat = view["seat"]
        t.seat = seat
        t.hand = list(view["hand"])
        t.trump = view["trump"]
        trick = view["trick"]
        t.lead = trick[0][1] if trick and trick[0][0] != seat else None
        seen = set(t.hand)
        for pile in view["won"]:
            seen.update(pile)
        if t.lead:
            seen.add(t.lead)
        t.face_up = view["trump_card"]
        for c in (view["trump_card"], view["turned_down_trump"]):
            if c:
                seen.add(c)
        t.opp_known = list(view["opponent_known"])
        seen.update(t.opp_known)
        t.unseen = [c for c in DECK if c not in seen]
        pts = view["points"]
        t.my_pts, t.opp_pts = pts[seat], pts[1 - seat]
        t.my_tricks, t.opp_tricks = view["tricks_won"][seat], view["tricks_won"][1 - seat]
        t.closed = view["closed"]
        t.stock_size = view["stock_size"]
        t.later = t.closed or view["stock_exhausted"]
        t.opp_voids = set(view["voids"][1 - seat])
        t.announced = view["announced"]
        t.legal = legal
        return t

    @classmethod
    def from_state(cls, state) -> Table:
        t = cls()
        seat = state.current_player
        opp = 1 - seat
        t.seat = seat
        t.hand = state.hands[seat]
        t.trump = state.trump
        t.lead = state.trick[0] if state.trick else None
        seen = set(t.hand)
        seen.update(state.won[0])
        seen.update(state.won[1])
        if t.lead:
            seen.add(t.lead)
        stock = state.stock
        t.face_up = stock[-1] if stock and not state.closed else None
        if stock:
            seen.add(stock[-1])
        t.opp_known = state.known[opp]
        seen.update(t.opp_known)
        t.unseen = [c for c in DECK if c not in seen]
        t.my_pts, t.opp_pts = state.points(seat), state.points(opp)
        t.my_tricks, t.opp_tricks = state.tricks[seat], state.tricks[opp]
        t.closed = state.closed
        t.stock_size = len(stock)
        t.later = state.closed or not stock
        t.opp_voids = set(state.voids[opp])
        t.announced = state.announced
        t.legal = state.legal_actions()
        return t

    # ---------------------------------------------------------------- helpers
    def opp_may_hold(self, card: str) -> bool:
        if card in self.opp_known:
            return True
        return card in self.unseen and card[1] not in self.opp_voids

    def is_sure(self, card: str) -> bool:
        """In later play: can nothing the opponent may hold take ``card`` when led?"""
        trump = self.trump
        for c in self.unseen + self.opp_known:
            if not self.opp_may_hold(c):
                continue
            if c[1] == card[1] and S[c] > S[card]:
                return False
        if card[1] != trump:
            # a trump takes it if the opponent cannot follow
            suit_left = any(self.opp_may_hold(c) for c in self.unseen + self.opp_known
                            if c[1] == card[1])
            trumps_left = any(self.opp_may_hold(c) for c in self.unseen + self.opp_known
                              if c[1] == trump)
            if trumps_left and not suit_left:
                return False
        return True

    def marriage_half(self, card: str) -> bool:
        """K or Q whose partner is still in hand or unseen (a marriage to come)."""
        if card[0] not in "KQ" or self.later and not self.closed:
            return False
        other = ("Q" if card[0] == "K" else "K") + card[1]
        return other in self.hand or (other in self.unseen and self.stock_size > 2)

    def keep_cost(self, card: str) -> float:
        """What spending ``card`` now costs the rest of the deal."""
        cost = 0.0
        if card[1] == self.trump:
            cost += TRUMP_KEEP[card[0]]
            if not self.later:
                cost += 2
        if self.marriage_half(card):
            cost += 8 if card[1] == self.trump else 5
        return cost

    def sure_points(self) -> int:
        """Points the sure winners in hand would collect in later play (a rough count)."""
        total = 0
        trump = self.trump
        unseen_trumps = [c for c in self.unseen if c[1] == trump]
        mine = sorted((c for c in self.hand if c[1] == trump), key=lambda c: -S[c])
        # trumps from the top that nothing unseen beats
        for c in mine:
            if any(S[u] > S[c] for u in unseen_trumps):
                break
            total += V[c] + 3
        for c in self.hand:
            if c[1] != trump and c[0] == "A":
                total += V[c] + 3
            elif c[1] != trump and c[0] == "T" and ("A" + c[1]) not in self.unseen:
                total += V[c] + 3
        for s in "SHDC":
            if "K" + s in self.hand and "Q" + s in self.hand:
                total += TRUMP_MARRIAGE_POINTS if s == trump else MARRIAGE_POINTS
        return total


def medium_action(t: Table) -> Action:
    legal = t.legal
    # claim, exchange and close carry nothing but their kind: the kinds offered say which
    # of them are legal (cheaper than a set of the moves, each hashed whole)
    kinds = {a.kind for a in legal}
    if "claim" in kinds and t.my_pts >= WIN_POINTS:
        return CLAIM
    plays = [a.card for a in legal if a.kind == "play"]
    if t.lead is not None:
        return PLAY[_medium_follow(t, plays)]
    if t.announced is not None:
        # lead the queen: the cheaper half
        return PLAY[min(plays, key=lambda c: (V[c], c))]
    if "exchange" in kinds:
        return EXCHANGE
    marriages = [a for a in legal if a.kind == "marriage"]
    if marriages:
        return max(marriages, key=lambda a: (a.suit == t.trump, a.suit))
    if "close" in kinds and should_close(t):
        return CLOSE
    return PLAY[_medium_lead(t, plays)]


def should_close(t: Table) -> bool:
    if t.stock_size <= 2:
        return False
    need = WIN_POINTS - t.my_pts
    margin = 6 if t.opp_tricks else 12
    return t.my_tricks > 0 and t.sure_points() >= need + margin


def _medium_lead(t: Table, plays: list[str]) -> str:
    trump = t.trump
    if t.later:
        sure = [c for c in plays if t.is_sure(c)]
        if sure:
            # cash the sure winners, trumps first (they draw the opponent's)
            return max(sure, key=lambda c: (c[1] == trump, V[c], c))
        return min(plays, key=lambda c: (c[1] == trump, V[c] + t.keep_cost(c), c))
    costs = lead_costs(t, plays)
    return min(plays, key=lambda c: (costs[c], c))


def lead_costs(t: Table, plays: list[str]) -> dict[str, float]:
    """What leading each card costs while the stock is open, by the medium rules' count
    (the cheapest is their lead; the inference softens them into a model of a lead)."""
    trump = t.trump
    out = {}
    for c in plays:
        cost = t.keep_cost(c) + (12 if c[1] == trump else 0)
        if c[1] != trump:
            # a plain card led is taken by a higher one of its suit, or by any trump
            cost += V[c] * 0.8
            if c[0] == "A":
                cost -= 2  # an ace may also just win
        out[c] = cost
    return out


def _medium_follow(t: Table, plays: list[str]) -> str:
    lead = t.lead
    trump = t.trump
    at_stake = V[lead]
    best, best_score = None, None
    for c in plays:
        gain = at_stake + V[c]
        if _beats(c, lead, trump):
            score = gain + 2 - t.keep_cost(c)
            if t.my_pts + gain >= WIN_POINTS and t.my_tricks + 1 > 0:
                score += 40
        else:
            score = -gain - 0.25 * t.keep_cost(c)
            if t.opp_pts + gain >= WIN_POINTS:
                score -= 40
        if best_score is None or (score, c) > (best_score, best):
            best, best_score = c, score
    return best


def easy_action(t: Table, rng: random.Random) -> Action:
    legal = t.legal
    legal_set = set(legal)
    if CLAIM in legal_set and t.my_pts >= WIN_POINTS and rng.random() > EASY_FORGETS_CLAIM:
        return CLAIM
    no_claim = [a for a in legal if a.kind != "claim" and a.kind != "close"] or legal
    if rng.random() < EASY_ERROR:
        return rng.choice(no_claim)
    plays = [a.card for a in legal if a.kind == "play"]
    if t.announced is not None:
        return PLAY[plays[0]]
    marriages = [a for a in legal if a.kind == "marriage"]
    if marriages:
        return marriages[0]
    if t.lead is not None:
        lead = t.lead
        same = [c for c in plays if c[1] == lead[1] and S[c] > S[lead]]
        if same:
            return PLAY[min(same, key=lambda c: S[c])]
        return PLAY[min(plays, key=lambda c: (c[1] == t.trump, S[c], c))]
    return PLAY[min(plays, key=lambda c: (c[1] == t.trump, S[c], c))]


def rollout_policy(state, rng: random.Random) -> Action:
    return medium_action(Table.from_state(state))
