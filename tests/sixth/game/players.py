"""Magpie's computer players.

* easy: the medium rules, with a random card a quarter of the time; knocks half as often.
* medium: rules of thumb. The first lead names trumps, so it leads the top card of its
  longest suit; later it cashes a card nobody can beat, else leads low from a short plain
  suit. Following, the last player takes a trick worth taking with its cheapest winner;
  an earlier one wins only with a card nobody can beat. It knocks on the first lead with
  two aces and a long suit to name trumps with.
* hard: flat Monte Carlo over sampled deals (the other hands dealt again, voids kept),
  every candidate played out to the deal's end by the medium rules and valued by what the
  deal brought the seat against the best other player (knocks included).
"""

from __future__ import annotations

import random

from cardtable.ai.base import Knowledge, Reason, Window, because
from cardtable.ai.search import flat_monte_carlo
from cardtable.engine.core import Action, GameState
from cardtable.i18n import N_

from .engine import CARD_VALUES, DECK, KNOCK, KNOCK_KIND, ORDER, hand_size

EASY_ERROR = 0.25


def _low_key(card: str, trump: str | None) -> tuple:
    """Cheapest first: plain suits before trumps, then by points, then by rank."""
    return (card[1] == trump, CARD_VALUES[card[0]], ORDER[card[0]])


def _gone(view: dict) -> set[str]:
    """Cards already played this deal (won piles and the trick in progress)."""
    out = {c for pile in view["won"] for c in pile}
    out.update(c for _, c in view["trick"])
    return out


def _is_master(card: str, hand: list[str], gone: set[str]) -> bool:
    """No card still out beats ``card`` in its own suit."""
    return all(c in gone or c in hand for c in DECK
               if c[1] == card[1] and ORDER[c[0]] > ORDER[card[0]])


def _trick_best(trick: list, trump: str | None) -> str:
    best = trick[0][1]
    for _, c in trick[1:]:
        if _beats(c, best, trump):
            best = c
    return best


def _beats(card: str, best: str, trump: str | None) -> bool:
    if card[1] == best[1]:
        return ORDER[card[0]] > ORDER[best[0]]
    return card[1] == trump


def longest_suit(hand: list[str]) -> str:
    counts: dict[str, int] = {}
    for c in hand:
        counts[c[1]] = counts.get(c[1], 0) + 1
    return max(counts, key=lambda s: (counts[s], sum(CARD_VALUES[c[0]] for c in hand
                                                      if c[1] == s), s))


def strong_for_knock(view: dict) -> bool:
    """Two aces and a suit of half the hand to name trumps with, on the first lead."""
    hand = view["hand"]
    if view["trump"] is not None or view["trick"]:
        return False
    aces = sum(1 for c in hand if c[0] == "A")
    suit = longest_suit(hand)
    length = sum(1 for c in hand if c[1] == suit)
    return aces >= 2 and 2 * length >= hand_size(view["n_players"])


def medium_play(view: dict, legal: list[Action]) -> Action:
    """The medium rules on a view (see the module docstring)."""
    if KNOCK in legal and strong_for_knock(view):
        return KNOCK
    plays = [a.card for a in legal if a.kind == "play"]
    hand = view["hand"]
    trump = view["trump"]
    trick = view["trick"]
    gone = _gone(view)
    if not trick:
        if trump is None:
            suit = longest_suit(hand)
            card = max((c for c in plays if c[1] == suit), key=lambda c: ORDER[c[0]])
            return Action("play", card=card)
        masters = [c for c in plays if _is_master(c, hand, gone)]
        plain = [c for c in masters if c[1] != trump]
        if plain or masters:
            pick = max(plain or masters, key=lambda c: (CARD_VALUES[c[0]], ORDER[c[0]]))
            return Action("play", card=pick)
        return Action("play", card=min(plays, key=lambda c: _low_key(c, trump)))
    best = _trick_best(trick, trump)
    winners = [c for c in plays if _beats(c, best, trump)]
    last = len(trick) == view["n_players"] - 1
    at_stake = sum(CARD_VALUES[c[0]] for _, c in trick)
    if winners:
        cheapest = min(winners, key=lambda c: _low_key(c, trump))
        if last and (at_stake + CARD_VALUES[cheapest[0]] >= 4 or cheapest[1] != trump):
            return Action("play", card=cheapest)
        sure = [c for c in winners if c[1] == trick[0][1][1] and _is_master(c, hand, gone)]
        if not last and sure and at_stake >= 3:
            return Action("play", card=min(sure, key=lambda c: ORDER[c[0]]))
    return Action("play", card=min(plays, key=lambda c: _low_key(c, trump)))


class MagpieKnowledge(Knowledge):
    game_id = "magpie"
    #: a decision that loses a tenth of a game point on average is a mistake
    mistake_loss = 0.1

    def easy(self, win: Window, rng: random.Random) -> Action:
        plays = [a for a in win.legal if a.kind == "play"]
        if rng.random() < EASY_ERROR:
            return rng.choice(plays)
        action = medium_play(win.view, win.legal)
        if action.kind == KNOCK_KIND and rng.random() < 0.5:
            return medium_play(win.view, plays)
        return action

    def medium(self, win: Window, rng: random.Random) -> Action:
        return medium_play(win.view, win.legal)

    def hard(self, win: Window, rng: random.Random, budget_s: float,
             iterations: int | None) -> tuple[Action, str]:
        first = self.medium(win, rng)
        cands = [first] + [a for a in win.legal if a != first]
        seat = win.seat
        deal = len(win.view["score_sheet"])

        def rollout(world: GameState, r: random.Random) -> float:
            while not world.over and len(world.score_sheet) == deal:
                mover = world.current_player
                view = world.view(mover)
                world.apply(medium_play(view, world.legal_actions()))
            return self.outcome(world, seat, deal) if len(world.score_sheet) > deal else 0.0

        result = flat_monte_carlo(cands, win.sample, rollout, rng, budget_s, iterations,
                                  cooperative=win.cooperative)
        worlds = result.worlds
        return result.best, f"{worlds} worlds"

    def explain(self, win: Window, action: Action) -> Reason | str:
        if action.kind == KNOCK_KIND:
            return because(N_("Your hand is strong enough to raise the stakes."))
        return ""
