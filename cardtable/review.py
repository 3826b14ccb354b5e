"""Where the review of a finished deal stands: which deal of the match, how many of its moves
are made, and which decision the analysis judged there. No pygame and no screen here: the
review screen (:mod:`cardtable.ui.scenes.review`) is this cursor's view.

    cursor = ReviewCursor(deals, index, step_event=lambda game: "trick_won")
    cursor.load(cursor.index)      # False: the record is damaged (nothing changed)
    cursor.forward(); cursor.trick_forward(); cursor.end()

``deals`` are deal records (:mod:`cardtable.records`), oldest first. A step counts the moves
made: step 0 shows the deal as dealt, step ``last`` shows it with every move made. A whole
step goes to the next boundary: the step after each of the engine events the game's table
names (``step_event(game)``: ``GameTable.REVIEW_STEP_EVENT``, a trick game's "trick_won"),
or where a game names none, the step where another player's turn begins.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

from cardtable import records
from cardtable.engine import registry
from cardtable.engine.core import Action, ConfigError, GameState

log = logging.getLogger(__name__)


def deal_end(before: GameState, action: Action) -> GameState:
    """The position right after a deal's last move: ``action`` applied to a copy of
    ``before`` (the state before it), the deal scored but the next one not dealt.

    A record replays to the state after its last move, and that state is already the next
    deal's start (the engine deals again as soon as a deal is scored, unless the match is
    over): the hands there are new ones. The engine contract starts every deal with
    ``_deal()``, called after scoring; this copy's is held back, so its hands, piles and
    melds are the deal's as the last move left them, and its dealer the deal's."""
    state = before.clone()
    state._deal = _no_next_deal  # type: ignore[method-assign]  # (this copy alone)
    state.apply(action)
    # the games pass the deal on just before dealing again: the deal's dealer stays
    state.dealer = before.dealer
    return state


def _no_next_deal(stacked: list[str] | None = None) -> list:
    """The ``_deal`` of a deal's last position: no next deal, nothing happens."""
    return []


def no_step_event(game: str) -> str | None:
    """The step event of a game whose review steps by players' turns."""
    return None


class ReviewCursor:
    """The deals of one match and the position shown in one of them."""

    def __init__(self, deals: Sequence[dict] | dict, index: int = -1,
                 step_event: Callable[[str], str | None] = no_step_event,
                 seat: int | None = None) -> None:
        self.deals = [deals] if isinstance(deals, dict) else list(deals)
        #: the person's seat the review was opened for (pass-and-play: whoever asked), the
        #: chair each deal is seen from where that seat is a person's in it
        self.seat = seat
        #: the deal shown (its place in ``deals``)
        self.index = index % len(self.deals) if self.deals else 0
        #: the game's event a whole step stops after (see the module's docstring)
        self.step_event = step_event
        #: how many of the deal's moves are made
        self.step = 0
        self.record: dict = {}
        #: the state before each move (and after the last one)
        self.states: list[GameState] = []
        #: the engine's events of each move
        self.events: list[list] = []
        #: each move as (seat, action)
        self.moves: list[tuple[int, Action]] = []
        #: the seat whose chair the deal is seen from (``seat``, else the first person's)
        self.viewer = 0
        #: the analysis of the deal's decisions (``cardtable.ai.analysis.Analysis``), or None
        self.analysis: Any = None
        self._judged: dict[int, Any] = {}
        self._ends: list[int] = []
        #: why the last deal asked for could not be shown: "game_not_here" (its game is not
        #: installed now) or "bad_record"; None when it was
        self.refused: str | None = None
        #: the deal as its last move left it (worked out when first shown)
        self._end: GameState | None = None

    # ---- the deal ---------------------------------------------------------------------
    def load(self, index: int) -> bool:
        """Replay deal ``index`` and stand at its start, its analysis forgotten; False, and
        nothing changed, when its record is damaged."""
        record = self.deals[index]
        events: list[list] = []
        try:
            states = records.replay(record, events)
        except ConfigError as exc:
            log.warning("deal %d of the review cannot be replayed: %s", index, exc)
            game = record.get("game") if isinstance(record, dict) else None
            self.refused = ("game_not_here" if isinstance(game, str)
                            and game not in registry.ids() else "bad_record")
            return False
        self.refused = None
        event = self.step_event(record["game"])
        self.index = index
        self.record = record
        self.states = states
        self.events = events
        self.moves = records.actions(record)
        humans = record["humans"]
        self.viewer = self.seat if self.seat in humans else humans[0] if humans else 0
        self._ends = [i + 1 for i, evs in enumerate(events)
                      if event is not None and any(e.kind == event for e in evs)]
        self._end = None
        self.judge(None)
        self.step = 0
        return True

    def has_deal(self, delta: int) -> bool:
        """There is a deal ``delta`` deals from the one shown (-1: the one before)."""
        return 0 <= self.index + delta < len(self.deals)

    @property
    def last(self) -> int:
        """The last step: every move made."""
        return len(self.moves)

    def trick_ends(self) -> list[int]:
        """The steps right after the game's step event (a trick won); none in a game that
        names no step event."""
        return list(self._ends)

    @property
    def by_tricks(self) -> bool:
        """The deal is played in tricks: its whole steps go trick by trick, not turn by
        turn."""
        return bool(self._ends)

    def boundaries(self) -> list[int]:
        """The steps that begin a trick (or a turn, in games without tricks), with the start
        and the end."""
        tricks = self.trick_ends()
        if not tricks:
            tricks = [i + 1 for i in range(len(self.moves))
                      if i + 1 >= len(self.moves) or self.moves[i + 1][0] != self.moves[i][0]]
        return sorted({0, *tricks, self.last})

    # ---- stepping ---------------------------------------------------------------------
    def go(self, step: int) -> None:
        """Stand at ``step``, kept between the start and the end."""
        self.step = max(0, min(self.last, step))

    def forward(self) -> None:
        self.go(self.step + 1)

    def back(self) -> None:
        self.go(self.step - 1)

    def trick_forward(self) -> None:
        """On to the next boundary (the end after the last one)."""
        self.go(next((b for b in self.boundaries() if b > self.step), self.last))

    def trick_back(self) -> None:
        """Back to the boundary before (the start before the first one)."""
        self.go(max((b for b in self.boundaries() if b < self.step), default=0))

    def first(self) -> None:
        self.go(0)

    def end(self) -> None:
        self.go(self.last)

    # ---- what the step shows ----------------------------------------------------------
    def shown_state(self) -> GameState:
        """The state on the table: before the next move; at the end, the deal as its last
        move left it (:func:`deal_end`: the replayed state after that move is already the
        next deal's start)."""
        if self.step < self.last or self.last == 0:
            return self.states[self.step]
        if self._end is None:
            self._end = deal_end(self.states[self.last - 1], self.moves[self.last - 1][1])
        return self._end

    def scores(self, step: int | None = None) -> list[int]:
        """The match score as it stood at ``step`` (after the deal at the last step)."""
        step = self.step if step is None else step
        return list(self.states[step].match_scores)

    def turn(self) -> int | None:
        """The seat that makes the next move (None at the end)."""
        return self.moves[self.step][0] if self.step < self.last else None

    def holds_trick(self) -> bool:
        """The step comes right after a trick's last card: the whole trick is shown before
        it is gathered (not at the end, which shows the deal as it ended)."""
        return self.step < self.last and self.step in self._ends

    # ---- the analysis -----------------------------------------------------------------
    def judge(self, analysis: Any) -> None:
        """Keep ``analysis`` (None: forget it) and its judgements by move."""
        self.analysis = analysis
        self._judged = {} if analysis is None else {j.move: j for j in analysis.judgements}

    def judgement(self, step: int | None = None) -> Any:
        """The judgement of the decision made at ``step`` (the move about to be made; None:
        no decision of a person judged there)."""
        return self._judged.get(self.step if step is None else step)

    def mistake_steps(self) -> list[int]:
        """The steps of the decisions judged mistakes, in order."""
        return sorted(m for m, j in self._judged.items() if j.mistake)
