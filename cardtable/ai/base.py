"""What every computer player shares: the seat's window on the game, and the Bot.

Honesty is built into the types. A bot never receives a game state: it receives a
:class:`Window`, which exposes only

* ``view``  -- ``state.view(seat)``, everything the seat may know;
* ``legal`` -- the seat's own legal actions, sorted canonically;
* ``sample(rng)`` -- ``state.determinize(seat, rng)``: a deal consistent with the view.

Per-game knowledge (a :class:`Knowledge` subclass) turns a window into an action at
each level. Every random choice comes from an RNG seeded by the bot's seed and a
digest of the view, so two states that differ only in cards the seat cannot see
lead to the same choice.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from cardtable.ai import clock
from cardtable.engine import registry
from cardtable.engine.core import Action, GameState

#: the levels a player can pick in every game (tournaments also know ``random``)
LEVELS = ("easy", "medium", "hard")
#: the hard player with a longer think; offered only in the games where it was measured
#: stronger than hard (``Game.expert`` in its registration)
EXPERT = "expert"
ALL_LEVELS = ("random",) + LEVELS + (EXPERT,)

#: default think time of the hard level, seconds (the goal: median <= 0.5 s)
DEFAULT_HARD_BUDGET = 0.35
#: the expert level's think time, seconds: at most this per decision (the search stops
#: sooner once every other move has been ruled out)
EXPERT_BUDGET = 2.0


def expert_budget(budget_s: float | None) -> float:
    """The expert's think time when the caller gives the hard level ``budget_s``: the same
    ratio as the defaults (0.35 s -> 2 s), never more than :data:`EXPERT_BUDGET`."""
    if budget_s is None:
        return EXPERT_BUDGET
    return min(EXPERT_BUDGET, max(0.0, float(budget_s)) * EXPERT_BUDGET / DEFAULT_HARD_BUDGET)


def action_key(action: Action) -> tuple:
    """A total order on actions, independent of the order an engine lists them in."""
    return (
        action.kind,
        action.card or "",
        action.suit or "",
        action.source or "",
        action.melds or (),
        action.discard or "",
        -1 if action.target is None else action.target,
        action.cards or (),
    )


def view_digest(view: dict) -> int:
    """A stable 64-bit digest of a view (the same view gives the same number)."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


class Window:
    """A seat's honest window on a game: its view, its legal moves, sampled deals."""

    __slots__ = ("_state", "seat", "view", "legal", "cooperative")

    def __init__(self, state: GameState, seat: int, cooperative: bool = False):
        view = state.view(seat)
        if view.get("current_player") != seat:
            raise ValueError(f"seat {seat} is not the player to act")
        self._state = state
        self.seat = seat
        self.view = view
        self.legal = sorted(state.legal_actions(), key=action_key)
        #: yield the interpreter now and then while searching (thread fallback)
        self.cooperative = cooperative

    def sample(self, rng: random.Random) -> GameState:
        """A deal consistent with this seat's view (the engine's determinize).

        The engine gets an RNG of its own, seeded from ``rng``: however many numbers it
        draws (which may depend on how the real hidden cards lie), ``rng`` moves on by
        exactly one draw, so what the caller samples next cannot depend on them.
        """
        return self._state.determinize(self.seat, random.Random(rng.getrandbits(64)))


class Knowledge:
    """Per-game know-how. Subclasses implement ``easy``, ``medium`` and ``hard``."""

    game_id = ""

    def __init__(self, game_id: str | None = None):
        if game_id:
            self.game_id = game_id

    def easy(self, win: Window, rng: random.Random) -> Action:
        return rng.choice(win.legal)

    def medium(self, win: Window, rng: random.Random) -> Action:
        return self.easy(win, rng)

    def hard(
        self, win: Window, rng: random.Random, budget_s: float, iterations: int | None
    ) -> tuple[Action, str]:
        return self.medium(win, rng), ""

    def explain(self, win: Window, action: Action) -> Reason | str:
        """Why a move is good, where there is something to say beyond the move itself
        (used by hints): a :func:`because` reason, or "" when the move speaks for itself."""
        return ""

    # ---- the review of a played deal (ai/analysis.py) ---------------------------
    #: what an option's value counts, a unit word id ("" for the spec's ``score_unit``)
    unit = ""
    #: the least expected loss, in that unit, that makes a decision a mistake
    mistake_loss = 1.0
    #: sampled deals per decision when the analysis has no time budget (reproducible)
    analysis_worlds = 24

    def appraise(
        self, win: Window, rng: random.Random, budget_s: float | None, played: Action
    ) -> dict[Action, float]:
        """What each option is worth to the seat's side, in :attr:`unit`, higher better:
        every legal option (and ``played``, the move made), the preferred one first.

        ``budget_s`` None means :attr:`analysis_worlds` sampled deals (the same window and
        RNG give the same values); a number means as many deals as fit in that time.
        This default samples deals from the window and plays each out with the medium
        rules; the games with a faster play-out give their own.
        """
        from .search import flat_monte_carlo

        cands = _with(win.legal, played, self.medium(win, random.Random(0)))
        seat = win.seat
        deal = win.view["deal"] - 1  # rows of the score sheet: the deals finished before

        def rollout(world: GameState, r: random.Random) -> float:
            while not world.over and len(world.score_sheet) == deal:
                mover = world.current_player
                world.apply(self.medium(Window(world, mover), r))
            return self.outcome(world, seat, deal) if len(world.score_sheet) > deal else 0.0

        result = flat_monte_carlo(cands, win.sample, rollout, rng, budget_s or 0.0,
                                  None if budget_s else self.analysis_worlds,
                                  cooperative=win.cooperative)
        return {a: result.stats[a][0] for a in cands}

    def outcome(self, world: GameState, seat: int, deal: int) -> float:
        """What deal ``deal`` (a row of the score sheet) brought ``seat``'s side, in
        :attr:`unit`: the penalty it avoided where the lowest score wins, else its score
        minus the best other side's."""
        spec = registry.get(world.GAME_ID)
        n = world.n_players
        change = world.deal_change(world.score_sheet[deal], n)
        if spec.lower_wins:
            return -float(change[seat])
        mine = spec.side_of(seat, n)
        others = [change[s] for s in range(n) if spec.side_of(s, n) != mine]
        return float(change[seat] - (max(others) if others else 0))

    def mistake_reason(
        self, win: Window, played: Action, best: Action, values: dict[Action, float]
    ) -> Reason | None:
        """Why ``best`` beats ``played`` in a person's words, where the game can say more
        than the numbers (a :func:`because` reason); None for the plain comparison."""
        return None


#: a hint's reason: [English sentence with {blanks}, {blank: value}], JSON-able so it
#: crosses to and from the worker process; the UI translates it and words the cards
#: (values named ``card`` are card codes)
Reason = list


def because(msgid: str, /, **values) -> Reason:
    """A reason for a hint; mark ``msgid`` with ``N_`` so it reaches the catalogue."""
    return [msgid, values]


def _with(legal: list[Action], played: Action, first: Action | None = None) -> list[Action]:
    """The options to value: ``first`` (the preferred move) first, then the legal moves in
    canonical order, and ``played`` too when the seat made it in another form."""
    out = list(legal)
    if first in out:
        out.remove(first)
        out.insert(0, first)
    if played not in out:
        out.append(played)
    return out


class Bot:
    """A computer player of one game at one level.

    ``choose(state, seat, budget_s)`` returns one of the seat's legal actions.
    ``hint(state, seat)`` answers a human's request: what the hard level would do, and why.
    ``iterations`` (tests, reproducible benchmarks) fixes the hard level's number of
    sampled deals instead of the time budget, which makes its choice deterministic.
    """

    def __init__(
        self,
        game_id: str,
        level: str,
        seed: int,
        knowledge: Knowledge,
        iterations: int | None = None,
    ):
        if level not in ALL_LEVELS:
            raise ValueError(f"unknown level {level!r}; levels are {', '.join(ALL_LEVELS)}")
        self.game_id = game_id
        self.level = level
        self.seed = int(seed)
        self.knowledge = knowledge
        self.iterations = iterations
        self.cooperative = False
        #: what the last decision cost and found: {"seconds", "reason", ...}
        self.last: dict[str, Any] = {}

    def __repr__(self) -> str:
        return f"<Bot {self.game_id} {self.level} seed={self.seed}>"

    def _rng(self, view: dict, salt: int = 0) -> random.Random:
        return random.Random((self.seed * 1_000_003 + salt) ^ view_digest(view))

    def choose(self, state: GameState, seat: int, budget_s: float | None = None) -> Action:
        start = clock.now()
        win = Window(state, seat, self.cooperative)
        self.last = {}
        action, reason = self._decide(win, self.level, budget_s)
        self.last["seconds"] = clock.now() - start
        self.last["reason"] = reason
        return action

    def hint(
        self, state: GameState, seat: int, budget_s: float | None = None
    ) -> tuple[Action, Reason | str]:
        """What the hard level would do, with a reason for a person (not the search's
        statistics, which stay in ``last`` for tools)."""
        win = Window(state, seat, self.cooperative)
        action, _ = self._decide(win, "hard", budget_s, salt=1)
        return action, self.knowledge.explain(win, action)

    def _decide(
        self, win: Window, level: str, budget_s: float | None, salt: int = 0
    ) -> tuple[Action, str]:
        legal = win.legal
        if not legal:
            raise ValueError("no legal action: the match is over")
        rng = self._rng(win.view, salt)
        if level == "random":
            return rng.choice(legal), ""
        if len(legal) == 1:
            return legal[0], (self.knowledge.explain(win, legal[0])
                              if level in ("hard", EXPERT) else "")
        k = self.knowledge
        if level == "easy":
            action, reason = k.easy(win, rng), ""
        elif level == "medium":
            action, reason = k.medium(win, rng), ""
        elif level == EXPERT:
            action, reason = k.hard(win, rng, expert_budget(budget_s), self.iterations)
        else:
            budget = DEFAULT_HARD_BUDGET if budget_s is None else max(0.0, float(budget_s))
            action, reason = k.hard(win, rng, budget, self.iterations)
        if action not in legal:
            # a knowledge bug must never reach the table as an illegal move; tests watch this
            self.last["fallback"] = str(action)
            action = legal[0]
        return action, reason
