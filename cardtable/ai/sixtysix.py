"""Computer players for Sixty-Six.

* easy: claims when it sees 66 (mostly), announces marriages, takes a trick when the
  suit allows, otherwise plays low; never closes; errs now and then.
* medium: card counting (what is unseen, what the opponent is known to hold, his
  voids), exchanges the nine of trumps, announces marriages (trumps first) and keeps
  their halves, takes aces and tens with low trumps, leads low plain cards while the
  stock is open, closes when the sure tricks in hand reach 66, and in later play cashes
  sure winners.
* hard: once the stock is exhausted both hands are known, so it plays perfectly with
  an exact alpha-beta solver (:func:`solve`). After a close it solves each sampled deal
  exactly (the stock stays hidden). While the stock is open it searches over sampled
  deals: each world is played by the medium rules until the stock is exhausted, then
  solved exactly (a real player knows both hands from that moment too). Its sampled deals
  are read from the opponent's lead on the table (:mod:`cardtable.ai.sixtysix_infer`): a
  deal is kept in proportion to how likely that lead was in it.
"""

from __future__ import annotations

import functools
import random

from cardtable.ai import clock
from cardtable.engine.core import Action
from cardtable.engine.sixtysix import (
    CLAIM,
    CLOSE,
    EXCHANGE,
    MARRIAGE,
    MARRIAGE_POINTS,
    PLAY,
    TRUMP_MARRIAGE_POINTS,
    WIN_POINTS,
)
from cardtable.i18n import N_

from .base import Knowledge, Reason, Window, _with, because
from .search import flat_monte_carlo
from .sixtysix_infer import Reader
from .sixtysix_rules import (  # noqa: F401  (the rules of thumb, as this module's too)
    EASY_ERROR,
    EASY_FORGETS_CLAIM,
    Table,
    easy_action,
    medium_action,
    rollout_policy,
)
from .sixtysix_solver import Endgame, V, _beats, deal_value, solve
from .sixtysix_world import Sampler, open_value

# =========================================================================== knowledge


def redeal(world, view: dict, seat: int, rng: random.Random) -> None:
    """Deal the opponent's unknown cards and the face-down stock of a sampled world again
    from their sorted cards (around the opponent's voids): the world then depends on the
    view and ``rng`` only."""
    opp = 1 - seat
    known = list(view["opponent_known"])
    hand = world.hands[opp]
    free = [c for c in hand if c not in known]
    face_down = world.stock[:-1]
    pool = sorted(free + face_down)
    if pool:
        voids = set(view["voids"][opp])
        from cardtable.engine.tricks import deal_with_voids

        dealt = deal_with_voids(pool, {opp: len(free), 2: len(face_down)},
                                {opp: voids, 2: set()}, rng)
        world.hands[opp] = sorted([c for c in hand if c in known] + dealt[opp])
        if face_down:
            down = dealt[2]
            rng.shuffle(down)
            world.stock = down + [world.stock[-1]]


#: worlds drawn for each one the hard level keeps, when the opponent's play so far has
#: something to tell (sampling-importance-resampling: see sixtysix_infer)
DRAWS = 6


def absent_from_opponent(view: dict, seat: int) -> set[str]:
    """Cards the opponent's lead on the table shows it does not hold, as every player
    who knows the game would have used them first:

    * it led a king or queen unannounced while marriages may be announced: it lacks the
      other half (an announced marriage leaves that half among its known cards);
    * it led with a trick won and the stock open without exchanging: it lacks the nine of
      trumps."""
    opp = 1 - seat
    trick = view["trick"]
    if not trick or trick[0][0] != opp:
        return set()
    out = set()
    card = trick[0][1]
    if card[0] in "KQ" and (view["stock_size"] or view["closed"]):
        other = ("Q" if card[0] == "K" else "K") + card[1]
        if other not in view["opponent_known"]:
            out.add(other)
    if view["stock_size"] and not view["closed"] and view["tricks_won"][opp]:
        out.add("9" + view["trump"])
    return out


def keep_out(world, view: dict, seat: int, rng: random.Random) -> None:
    """Swap every card the opponent is shown to lack (absent_from_opponent) out of its
    sampled hand for a face-down stock card it may hold."""
    absent = absent_from_opponent(view, seat)
    if not absent:
        return
    opp = 1 - seat
    hand = world.hands[opp]
    voids = set(view["voids"][opp])
    down = len(world.stock) - 1
    for card in sorted(absent):
        if card not in hand:
            continue
        spots = [i for i in range(down) if world.stock[i] not in absent
                 and world.stock[i][1] not in voids]
        if not spots:
            continue
        i = spots[rng.randrange(len(spots))]
        hand[hand.index(card)], world.stock[i] = world.stock[i], card
    hand.sort()


class SixtySixKnowledge(Knowledge):
    game_id = "sixtysix"

    def easy(self, win: Window, rng: random.Random) -> Action:
        return easy_action(Table.from_view(win.view, win.legal), rng)

    def medium(self, win: Window, rng: random.Random) -> Action:
        return medium_action(Table.from_view(win.view, win.legal))

    def sample(self, win: Window, rng: random.Random, reader: Reader | None = None):
        """A world from the engine's determinize, re-dealt canonically from the view, with
        the cards the opponent's lead shows it lacks moved into the stock. With a
        ``reader`` (inference) :data:`DRAWS` such worlds are drawn and one is kept with a
        chance in proportion to its weight, how likely the opponent's play so far was in
        it (sampling-importance-resampling)."""
        if reader is None or not reader.informative:
            return self._world(win, rng)
        worlds = [self._world(win, rng) for _ in range(DRAWS)]
        weights = [reader.weight(w) for w in worlds]
        pick = rng.random() * sum(weights)
        for world, weight in zip(worlds, weights, strict=True):
            pick -= weight
            if pick < 0:
                return world
        return worlds[-1]

    def _world(self, win: Window, rng: random.Random):
        world = win.sample(rng)
        redeal(world, win.view, win.seat, rng)
        keep_out(world, win.view, win.seat, rng)
        world.rng = random.Random(rng.getrandbits(64))
        return world

    def hard(self, win, rng, budget_s, iterations):
        view = win.view
        t = Table.from_view(view, win.legal)
        if CLAIM in win.legal and t.my_pts >= WIN_POINTS:
            return CLAIM, f"Claim: you have {t.my_pts} points"
        later = view["stock_exhausted"] or view["closed"]
        # under 66 a claim only pays in later play, as the lesser evil the solver sees
        cands = [a for a in win.legal if a.kind != "claim" or later]
        if EXCHANGE in cands:
            return EXCHANGE, "Exchange the nine of trumps for the face-up trump card"
        first = medium_action(t)
        cands.sort(key=lambda a: a != first)
        if len(cands) == 1:
            return cands[0], self.explain(win, cands[0])
        seat = win.seat
        if view["stock_exhausted"] and not view["closed"]:
            return self._solve_open(win, cands, rng)
        tables: dict = {}  # the solver's transposition tables, shared by every world
        worth = deal_values(view, seat)
        reader = Reader(view, seat)
        span = solve_window(worth)  # each sampled deal is solved as far as worth tells

        def rollout(world, r):
            return worth[round(open_value(world, seat, tables, span))]

        # the sampled deals are light copies (sixtysix_world): the same deals and play-outs
        # as on the engine's state, several times cheaper
        sampler = Sampler(win, redeal, keep_out, reader, DRAWS)
        plans = close_plans(cands, view) if CLOSE_PLANS else cands
        result = flat_monte_carlo(
            plans, sampler, rollout, rng, budget_s, iterations,
            cooperative=win.cooperative, apply=_apply_plan,
        )
        mean, _ = result.stats[result.best]
        best = result.best[0] if isinstance(result.best, tuple) else result.best
        reason = self.explain(win, best)
        tail = f"expected {mean:+.2f} game points over {result.worlds} sampled deals"
        return best, f"{reason} ({tail})" if reason else tail.capitalize()

    def _solve_open(self, win, cands, rng):
        """Stock exhausted: both hands are known, so every move is valued exactly."""
        world = self.sample(win, rng)
        seat = win.seat
        deal_idx = len(win.view["score_sheet"])
        values = {}
        for a in cands:
            w = world.clone()
            w.apply(a)
            values[a] = _later_value(w, seat, deal_idx)
        best = max(cands, key=lambda a: values[a])
        v = values[best]
        outcome = "wins" if v > 0 else ("loses" if v < 0 else "draws")
        return best, (f"{self.explain(win, best) or 'Best play'}: with perfect play this "
                      f"deal {outcome} {abs(v)} game point{'s' if abs(v) != 1 else ''}")

    def explain(self, win: Window, action: Action) -> Reason | str:
        view = win.view
        if action.kind == "claim":
            return because(N_("You have {points} points."), points=view["points"][win.seat])
        if action.kind == "marriage":
            pts = TRUMP_MARRIAGE_POINTS if action.suit == view["trump"] else MARRIAGE_POINTS
            return because(N_("It scores {points} points."), points=pts)
        if action.kind == "exchange":
            return because(N_("The face-up trump card is worth more than the nine."))
        if action.kind == "close":
            return because(N_("Your cards can reach 66 without the stock."))
        card = action.card
        trick = view["trick"]
        if trick and trick[0][0] != win.seat:
            lead = trick[0][1]
            if _beats(card, lead, view["trump"]):
                return because(N_("It takes the trick, worth {points} points."),
                               points=V[lead] + V[card])
            return because(N_("This trick is not worth a good card: let it go cheaply."))
        if view["announced"]:
            return because(N_("After a marriage, one of its two cards is led."))
        return ""

    # ---------------------------------------------------------------- the review
    unit = "game_points"
    #: half a game point lost on average: one deal in four turned from won to lost
    mistake_loss = 0.5
    analysis_worlds = 64

    def appraise(self, win, rng, budget_s, played):
        """Net game points of the deal for the seat: exact once the stock is exhausted,
        else over sampled deals played by the medium rules until it is, then solved."""
        view, seat, deal = win.view, win.seat, len(win.view["score_sheet"])
        cands = _with(win.legal, played, medium_action(Table.from_view(view, win.legal)))
        worth = deal_values(view, seat)     # as hard values a deal: its hint is no mistake
        if view["stock_exhausted"] and not view["closed"]:
            world = self.sample(win, rng)  # both hands are known: one deal is the deal
            return {a: worth[round(_later_value(_after(world, a), seat, deal))] for a in cands}

        tables: dict = {}

        def rollout(world, r):  # solved at once after a close
            return worth[round(open_value(world, seat, tables))]

        # a close is valued as the hard level values it: by its best first lead over all
        # the sampled deals (close_plans)
        plans = close_plans(cands, view) if CLOSE_PLANS and not view["closed"] else cands
        sampler = Sampler(win, redeal, keep_out, Reader(view, seat), DRAWS)
        result = flat_monte_carlo(plans, sampler, rollout, rng,
                                  budget_s or 0.0, None if budget_s else self.analysis_worlds,
                                  cooperative=win.cooperative, apply=_apply_plan)
        values = {a: result.stats[a][0] for a in cands if a in result.stats}
        closes = [m for p, (m, n) in result.stats.items() if isinstance(p, tuple) and n]
        if closes:
            values[CLOSE] = max(closes)
        return values

    def mistake_reason(self, win, played, best, values):
        view, seat = win.view, win.seat
        pts, trump, trick = view["points"][seat], view["trump"], view["trick"]
        if played.kind == "claim" and pts < WIN_POINTS:
            return because(N_("A claim under 66 loses the deal: you had {points} points."),
                           points=pts)
        if best.kind == "claim":
            return because(N_("With {points} points you could claim the deal."), points=pts)
        if played.kind == "close":
            return because(N_("Closing the stock was too early: your cards were not sure "
                              "to reach 66."))
        if best.kind == "marriage" and played.kind != "marriage":
            return because(N_("Announcing the marriage was worth {points} points."), points=(
                TRUMP_MARRIAGE_POINTS if best.suit == trump else MARRIAGE_POINTS))
        if best.kind == "exchange":
            return because(N_("Exchanging the nine of trumps first was worth more."))
        if played.kind != "play" or best.kind != "play":
            return None
        card, other = played.card, best.card
        if trick and trick[0][0] != seat:
            lead = trick[0][1]
            takes, best_takes = _beats(card, lead, trump), _beats(other, lead, trump)
            if best_takes and not takes:
                return because(N_("Taking this trick with {card} was worth more: it holds "
                                  "{points} points."), card=other, points=V[lead] + V[other])
            if takes and not best_takes:
                return because(N_("This trick was not worth {card}: let it go cheaply."),
                               card=card)
            if V[card] > V[other]:
                return because(N_("A cheaper card takes this trick too: keep {card} for "
                                  "later.") if takes else N_("The trick was lost anyway: "
                                  "{card} only gave its points away."), card=card)
            return None
        t = Table.from_view(view, win.legal)
        later = view["stock_exhausted"] or view["closed"]
        if later and t.is_sure(other) and not t.is_sure(card):
            return because(N_("Cash {card} first: it was a sure trick."), card=other)
        if not later and card[1] == trump and card[0] in "AT":
            return because(N_("Leading {card} throws away a sure trick: it catches little "
                              "while the stock is open."), card=card)
        if t.marriage_half(card) and not t.marriage_half(other):
            return because(N_("Leading {card} breaks up a marriage you could still "
                              "announce."), card=card)
        return None


#: value a close by its best first lead over all sampled deals (see close_plans)
CLOSE_PLANS = True
#: the hard level values a deal's game points by what they do to its chance of winning the
#: match (see deal_worth), not by their number
MATCH_AWARE = True
#: how often a deal is won by 1, 2 and 3 game points (1,500 deals of medium against medium:
#: 892, 556 and 51)
DEAL_SPREAD = ((1, 0.595), (2, 0.371), (3, 0.034))


@functools.lru_cache(maxsize=1024)
def match_chance(mine: int, theirs: int) -> float:
    """The chance of winning the match for a player who needs ``mine`` more game points
    while the opponent needs ``theirs``, every deal from here an even one, won by 1, 2 or
    3 game points as often as :data:`DEAL_SPREAD` says."""
    if mine <= 0:
        return 1.0
    if theirs <= 0:
        return 0.0
    return 0.5 * sum(p * (match_chance(mine - k, theirs) + match_chance(mine, theirs - k))
                     for k, p in DEAL_SPREAD)


def deal_values(view: dict, seat: int) -> dict[int, float]:
    """What each result of the deal (game points won, or lost as a negative number) is
    worth to the hard level and the review: :func:`deal_worth`, or its game points."""
    return deal_worth(view, seat) if MATCH_AWARE else {v: float(v) for v in range(-3, 4)}


def solve_window(worth: dict[int, float]) -> int:
    """The solver's window that settles what ``worth`` tells apart: 1 when it counts only
    who wins (a one-deal match, or a deal that ends the match either way), which a search
    settles much faster (solve's ``window``), else 4 (every result)."""
    w = worth
    return 1 if w[1] == w[2] == w[3] and w[-1] == w[-2] == w[-3] else 4


def deal_worth(view: dict, seat: int) -> dict[int, float]:
    """What the deal's result (game points won by ``seat``, or lost as a negative number)
    is worth: what it does to the chance of winning the match, in game points at the
    match's rate now (one game point won or lost, on average, is 1). Near the end of a
    match a deal that wins it is worth the same by 1 game point or by 3, and in a match of
    one deal only winning it counts (1, or -1); early in a long match a deal is worth about
    its game points."""
    target = int(view["options"].get("target", 10))
    scores = view["match_scores"]
    mine, theirs = target - scores[seat], target - scores[1 - seat]
    chance = {v: match_chance(mine - max(v, 0), theirs + min(v, 0)) for v in range(-3, 4)}
    # counted in game points at the match's rate now: a game point won or lost is 1
    unit = (chance[1] - chance[-1]) / 2 or 1.0
    return {v: (chance[v] - chance[0]) / unit for v in range(-3, 4)}


def close_plans(cands: list[Action], view: dict) -> list:
    """The candidates with "close" split into plans: close, then lead a given card (or
    announce a marriage). Once closed, the stock stays hidden, so the closer leads without
    knowing the opponent's hand. Valued whole, each sampled deal would solve the close
    with that hand in view and pick its own best lead; valued as plans, the close is
    worth its best lead on average over the deals, as it is for a player who must choose
    one lead for them all."""
    if CLOSE not in cands:
        return cands
    hand = view["hand"]
    plans: list = [(CLOSE, PLAY[c]) for c in hand]
    for s in "SHDC":
        if "K" + s in hand and "Q" + s in hand:   # announced, then its king or its queen
            plans += [(CLOSE, MARRIAGE[s], PLAY[half + s]) for half in "KQ"]
    rest = [a for a in cands if a != CLOSE]
    return plans + rest if cands[0] == CLOSE else rest + plans


def _apply_plan(world, plan) -> None:
    if isinstance(plan, tuple):
        for action in plan:
            world.apply(action)
    else:
        world.apply(plan)


def _after(world, action):
    """A copy of ``world`` with ``action`` applied."""
    world = world.clone()
    world.apply(action)
    return world


def _later_value(world, seat: int, deal_idx: int, eg: Endgame | None = None,
                 tables: dict | None = None) -> float:
    """Value of a world after a move: the deal's result if it is over, else exact."""
    if len(world.score_sheet) > deal_idx:
        return float(deal_value(world, seat, deal_idx))
    return float(solve(world, seat, eg, tables))


def _open_value(world, seat: int, deal_idx: int, rng: random.Random,
                tables: dict | None = None, span: int = 4) -> float:
    """Play the medium rules until the stock is exhausted or closed, then solve exactly
    (within the window ``span``: 1 settles only who wins)."""
    while len(world.score_sheet) == deal_idx:
        if world.closed or not world.stock:
            return float(solve(world, seat, tables=tables, window=span))
        world.apply(rollout_policy(world, rng))
    return float(deal_value(world, seat, deal_idx))


def exact_after_stock(world, seat: int) -> int | None:
    """The deal's exact value in game points for ``seat`` once the stock is exhausted or
    closed (alpha-beta over both hands, both known by then), else None."""
    if world.stock and not world.closed:
        return None
    return solve(world, seat)


# =========================================================================== the all-seeing


class _OutOfTime(Exception):
    pass


def all_seeing_action(state, seat: int, budget_s: float, depth: int | None = None) -> Action:
    """The all-seeing reference's move: it CHEATS. ``state`` is the true engine state,
    every card in it known (the opponent's hand and the stock's order), so the deal is a
    perfect-information game. Once the stock is exhausted or closed every move is valued
    exactly (:func:`solve`); before that an alpha-beta search over the true deal, deepened
    one decision at a time while the budget lasts, values its leaves by playing both
    seats by the medium rules until the stock is gone and then solving exactly.

    Only the tournament's all-seeing reference (reference.py) may call this: a computer
    player a person meets receives a :class:`Window`, never the state. A ``depth`` (tests)
    searches exactly that many decisions deep whatever the time."""
    start = clock.now()
    deadline = start + max(0.0, budget_s)
    max_depth = depth
    deal = len(state.score_sheet)
    legal = state.legal_actions()
    pts = state.points(seat)
    if CLAIM in legal and pts >= WIN_POINTS:
        return CLAIM
    later = state.closed or not state.stock
    cands = [a for a in legal if a.kind != "claim" or later]
    first = medium_action(Table.from_state(state))
    cands.sort(key=lambda a: (a != first, action_sort_key(a)))
    if len(cands) == 1:
        return cands[0]
    best = cands[0]
    depth = 0
    tables: dict = {}  # the exact solver's, shared by every search of this decision
    while max_depth is None or depth < max_depth:
        depth += 1
        search = _Seer(seat, deal, deadline if depth > 1 and max_depth is None else None,
                       tables)
        try:
            value, move = search.root(state, cands, depth)
        except _OutOfTime:
            break
        best = move
        cands.sort(key=lambda a: a != best)  # the best so far is searched first next time
        if not search.cut or max_depth is None and clock.now() >= deadline:
            break  # searched to the end of the deal everywhere, or out of time
    return best


def action_sort_key(a: Action) -> tuple:
    return (a.kind, a.card or "", a.suit or "")


class _Seer:
    """A depth-limited alpha-beta search over a true (perfect-information) deal."""

    def __init__(self, seat: int, deal: int, deadline: float | None, tables: dict):
        self.seat = seat
        self.deal = deal
        self.deadline = deadline
        self.cut = False  # did the depth limit stop the search somewhere?
        self.rng = random.Random(0)
        self.tables = tables  # the exact solver's transposition tables

    def root(self, state, cands, depth):
        best_v, best_a = None, cands[0]
        alpha = -4.0
        for a in cands:
            w = state.clone()
            w.apply(a)
            v = self.value(w, depth - 1, alpha, 4.0)
            if best_v is None or v > best_v:
                best_v, best_a = v, a
                alpha = max(alpha, v)
        return best_v, best_a

    def value(self, state, depth, alpha, beta):
        seat, deal = self.seat, self.deal
        if len(state.score_sheet) > deal:
            return float(deal_value(state, seat, deal))
        if state.closed or not state.stock:
            return float(solve(state, seat, tables=self.tables))
        if self.deadline is not None and clock.now() > self.deadline:
            raise _OutOfTime
        if depth <= 0:
            self.cut = True
            return _open_value(state, seat, deal, self.rng, self.tables)
        mover = state.current_player
        legal = state.legal_actions()
        if CLAIM in legal and state.points(mover) >= WIN_POINTS:
            w = state.clone()
            w.apply(CLAIM)
            return float(deal_value(w, seat, deal))
        moves = [a for a in legal if a.kind != "claim"]
        first = medium_action(Table.from_state(state))
        moves.sort(key=lambda a: (a != first, action_sort_key(a)))
        maximise = mover == seat
        best = -4.0 if maximise else 4.0
        for a in moves:
            w = state.clone()
            w.apply(a)
            v = self.value(w, depth - 1, alpha, beta)
            if maximise:
                if v > best:
                    best = v
                    alpha = max(alpha, v)
            elif v < best:
                best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best


#: what the tournament's reference players (reference.py) need to know of the game: the
#: PIMC + alpha-beta reference solves a world exactly once the stock is gone or closed;
#: the all-seeing reference (a measuring stick that cheats) chooses from the true state
REFERENCE = {"exact": exact_after_stock, "redeal": redeal, "all_seeing": all_seeing_action}
