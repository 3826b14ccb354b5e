"""Reference players for measuring the levels: textbook players, not the program's own.

They exist for ``cardtable tournament`` (the player never meets them), so that the hard
level is measured against something independent of its own rules of thumb:

* ``pimc`` -- plain perfect-information Monte Carlo (PIMC), every game: sample the hidden
  cards from the seat's window, try every legal move in every sampled world, finish the
  deal with uniformly random moves, and play the move with the best average result.
  All moves meet the same worlds and the same random numbers.
* ``pimc-ab`` -- Sixty-Six and japanese65: the same, but as soon as the game's ``exact``
  solver knows the answer a world is finished by it instead of random moves (Sixty-Six:
  an alpha-beta search over both hands once the stock is exhausted or closed; japanese65:
  every hand open, double-dummy, from three tricks left).
* ``all-seeing`` -- Sixty-Six and japanese65, and it CHEATS: a measuring stick, never a
  player's opponent. It sees every card (every other hand, and in Sixty-Six the order of
  the stock) and chooses by a perfect-information search of the true deal (the game's
  ``all_seeing``).
  It is the one player that reads the game state itself: :class:`AllSeeingPlayer` hands
  the state to the game's search, and nothing else does. The honesty tests exempt it
  (and only it: :data:`CHEATS`); a test checks that it does see the hidden cards.

Every other reference player, like every computer player, receives only a :class:`Window`: the
seat's view, its legal moves and deals sampled from the view. Each sampled world is
dealt again from the sorted hidden cards (by the game's ``redeal``), so it depends on the
view and the random numbers only, never on how the real hidden cards lie (the honesty
tests check it). What the players need of a game is the ``REFERENCE`` dict of its module
in ``cardtable/ai``: this module names no game.

Random rollouts cannot finish a rummy deal in reasonable time (random discards almost
never make a hand that goes out), so the rummies and pairs65 play at most a few rounds of
random moves, taking a way out or a pair when one is offered, and then score every hand
as it stands: the penalty its best arrangement leaves for the rummies, the pairs laid
for pairs65.
"""

from __future__ import annotations

import random

from cardtable.ai import clock
from cardtable.engine import registry
from cardtable.engine.core import Action, GameState

from .base import Window, action_key, view_digest

#: the reference players for tournaments, with what they need of a game (the
#: ``reference`` its registration gives, ``REFERENCE`` in ``ai/<game>.py``): nothing, or an
#: exact solver
REFERENCES: dict[str, str | None] = {
    "pimc": None,
    "pimc-ab": "exact",
    "all-seeing": "all_seeing",
}
#: the reference players that see hidden cards: measuring sticks for tournaments only,
#: exempt from the honesty tests, never offered to a person
CHEATS: frozenset[str] = frozenset({"all-seeing"})
#: worlds tried at least, whatever the budget (so a tiny budget still decides)
MIN_WORLDS = 2
#: a safety cap on any rollout's moves
MAX_MOVES = 2_000


def game_facts(game_id: str) -> dict:
    """What a game's module tells the reference players (its ``REFERENCE`` dict):
    ``redeal`` -- ``f(world, view, seat, rng)`` deals a sampled world's hidden cards again
    from their sorted order; ``rounds`` -- rounds of random moves a rollout plays before
    scoring the hands as they stand (None: to the end of the deal) with ``standing`` --
    ``f(world)``, each seat's score as its hand stands; ``eager`` -- kinds of move a
    rollout always takes when offered; ``exact`` -- ``f(world, seat)``, the deal's exact
    value for the seat, or None while it cannot be known."""
    return dict(registry.game(game_id).reference())


def is_reference(level: str) -> bool:
    return level in REFERENCES


def plays(level: str, game_id: str) -> bool:
    if not is_reference(level):
        return False
    need = REFERENCES[level]
    return need is None or game_facts(game_id).get(need) is not None


# --------------------------------------------------------------------------- worlds


def canonical_world(win: Window, rng: random.Random, facts: dict) -> GameState:
    """A world consistent with the window, dealt again from the sorted hidden cards by
    the game's ``redeal`` (a game whose engine already deals from the deck's order, as
    pairs65's does, needs none); its random generator is the caller's, never the deal's."""
    world = win.sample(rng)
    redeal = facts.get("redeal")
    if redeal is not None:
        redeal(world, win.view, win.seat, rng)
    world.rng = random.Random(rng.getrandbits(64))
    return world


# --------------------------------------------------------------------------- outcomes


def _side(spec, seat: int, n: int) -> tuple[list[int], list[int]]:
    for side in spec.partnerships:
        if seat in side:
            return list(side), [s for s in range(n) if s not in side]
    return [seat], [s for s in range(n) if s != seat]


def _difference(values, mine: list[int], theirs: list[int], lower_wins: bool) -> float:
    d = sum(values[s] for s in mine) / len(mine) - sum(values[s] for s in theirs) / len(theirs)
    return -d if lower_wins else d


def _outcome_of(spec, world: GameState, deal: int, seat: int) -> float:
    """The finished deal's result for ``seat``'s side: its measure minus the others'."""
    n = world.n_players
    row = world.score_sheet[deal]
    measure = world.deal_measure(row, n)
    mine, theirs = _side(spec, seat, n)
    return _difference(measure, mine, theirs, spec.lower_wins)


def standing(spec, world: GameState, seat: int, facts: dict) -> float:
    """A deal cut short: every hand scored as it stands, by the game's ``standing``."""
    score = facts.get("standing")
    if score is None:
        return 0.0
    mine, theirs = _side(spec, seat, world.n_players)
    return _difference(score(world), mine, theirs, spec.lower_wins)


def random_policy(eager: tuple[str, ...] = ()):
    """Uniformly random legal moves, but a move of an ``eager`` kind is always taken when
    one is offered (in the rummies a way out: random discards alone would never end a
    deal)."""

    def policy(state: GameState, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if eager:
            keen = [a for a in legal if a.kind in eager]
            if keen:
                return keen[0]
        return legal[rng.randrange(len(legal))]

    return policy


def rollout_value(spec, world: GameState, seat: int, deal: int, rng: random.Random,
                  facts: dict, solver=None) -> float:
    """Finish deal number ``deal`` (an index into the score sheet) at random, or exactly
    with ``solver`` once it knows the answer; its result for ``seat``'s side."""
    policy = random_policy(tuple(facts.get("eager", ())))
    rounds = facts.get("rounds")
    cap = MAX_MOVES if rounds is None else rounds * 2 * world.n_players
    moves = 0
    while len(world.score_sheet) == deal and not world.over:
        if solver is not None:
            exact = solver(world, seat)
            if exact is not None:
                return float(exact)
        if moves >= cap:
            return standing(spec, world, seat, facts)
        world.apply(policy(world, rng))
        moves += 1
    return _outcome_of(spec, world, deal, seat)


# --------------------------------------------------------------------------- the player


def reference_player(game_id: str, level: str, seed: int, iterations: int | None = None):
    """The reference player ``level`` of ``game_id``: honest, or (in :data:`CHEATS`) the
    all-seeing measuring stick."""
    if level in CHEATS:
        return AllSeeingPlayer(game_id, level, seed, iterations)
    return ReferencePlayer(game_id, level, seed, iterations)


def _seat_at(player, game_id: str, level: str, seed: int) -> None:
    """What every reference player keeps of its game, level and seed (checked: the
    reference must play that game)."""
    if not plays(level, game_id):
        raise ValueError(f"the {level} reference does not play {game_id}")
    player.spec = registry.get(game_id)
    player.game_id = player.spec.id
    player.level = level
    player.seed = int(seed)


class ReferencePlayer:
    """A reference player; the same ``choose`` as :class:`cardtable.ai.base.Bot`."""

    def __init__(self, game_id: str, level: str, seed: int, iterations: int | None = None):
        if not is_reference(level):
            raise ValueError(f"unknown reference player {level!r}")
        if level in CHEATS:
            raise ValueError(f"{level} sees hidden cards: it is an AllSeeingPlayer")
        _seat_at(self, game_id, level, seed)
        self.iterations = iterations
        self.facts = game_facts(self.game_id)
        self.solver = self.facts.get(REFERENCES[level]) if REFERENCES[level] else None
        self.last: dict = {}

    def __repr__(self) -> str:
        return f"<ReferencePlayer {self.game_id} {self.level} seed={self.seed}>"

    def choose(self, state: GameState, seat: int, budget_s: float | None = None) -> Action:
        start = clock.now()
        win = Window(state, seat)
        legal = sorted(win.legal, key=action_key)
        self.last = {"worlds": 0}
        if len(legal) == 1:
            self.last["seconds"] = clock.now() - start
            return legal[0]
        rng = random.Random((self.seed * 1_000_003) ^ view_digest(win.view))
        budget = 0.3 if budget_s is None else max(0.0, float(budget_s))
        deadline = start + budget
        totals = [0.0] * len(legal)
        worlds = 0
        limit = self.iterations
        while True:
            if limit is not None:
                if worlds >= limit:
                    break
            elif worlds >= MIN_WORLDS and clock.now() >= deadline:
                break
            world = canonical_world(win, rng, self.facts)
            roll_seed = rng.getrandbits(64)
            deal = len(world.score_sheet)
            for i, action in enumerate(legal):
                w = world.clone()
                w.apply(action)
                totals[i] += rollout_value(self.spec, w, seat, deal,
                                           random.Random(roll_seed), self.facts, self.solver)
            worlds += 1
        best = max(range(len(legal)), key=lambda i: (totals[i], -i))
        self.last = {"worlds": worlds, "seconds": clock.now() - start,
                     "value": totals[best] / worlds}
        return legal[best]


# --------------------------------------------------------------------------- the cheat


class AllSeeingPlayer:
    """The all-seeing reference: it CHEATS, reading the true game state (every hidden card)
    to measure how far an honest player stays from perfect information. Tournaments only.

    Unlike every other player it builds no :class:`Window`: ``choose`` passes a copy of
    the state itself to the game's ``all_seeing`` search (whose moves depend on the true
    hidden cards, as they are meant to)."""

    def __init__(self, game_id: str, level: str = "all-seeing", seed: int = 0,
                 depth: int | None = None):
        if level not in CHEATS:
            raise ValueError(f"{level!r} is not an all-seeing reference")
        _seat_at(self, game_id, level, seed)
        self.search = game_facts(self.game_id)[REFERENCES[level]]
        #: decisions searched ahead whatever the time (tests); None: as deep as time allows
        self.depth = depth
        self.last: dict = {}

    def __repr__(self) -> str:
        return f"<AllSeeingPlayer {self.game_id} seed={self.seed} (sees every card)>"

    def choose(self, state: GameState, seat: int, budget_s: float | None = None) -> Action:
        start = clock.now()
        if state.current_player != seat:
            raise ValueError(f"seat {seat} is not the player to act")
        legal = state.legal_actions()
        budget = 0.3 if budget_s is None else max(0.0, float(budget_s))
        action = (legal[0] if len(legal) == 1
                  else self.search(state.clone(), seat, budget, self.depth))
        if action not in legal:
            raise ValueError(f"the all-seeing search chose an illegal {action}")
        self.last = {"seconds": clock.now() - start}
        return action
