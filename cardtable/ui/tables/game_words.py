"""What a game's table says of its game to the screens that name no game.

The hint, the end-of-deal summary, the match's end and a refused move are shared screens:
they ask the table class of the game shown (``cardtable.ui.tables.table_class``) for the
game's words through the members below, and word nothing of any game themselves. Every
``GameTable`` is a :class:`GameWords` with the neutral answers here; a game's table (or its
family's words, a subclass put before ``GameTable`` among its bases) fills in what its game
has. A game with no table at all gets the neutral answers too (:func:`words_of`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from cardtable.i18n import Msg

if TYPE_CHECKING:
    from cardtable.engine.core import Action, IllegalAction


class GameWords:
    """A game's words for the shared screens (see the module docstring)."""

    #: why a deal ended (the ``reason`` of a score-sheet row), as the summary states it
    REASONS: ClassVar[dict[str, str]] = {}
    #: the labels of the rows (and of single facts that are a label and a value) of this
    #: game's deals' breakdown (its ``deal_scored`` keys), in the order the rows are shown;
    #: the summary words only what every game may have (the dealer, the game points...)
    ROW_LABELS: ClassVar[dict[str, str]] = {}
    #: the keys of a deal's breakdown only this game has whose value is a seat (shown as
    #: "<label>: <the seat's name>")
    SEAT_LABELS: ClassVar[dict[str, str]] = {}
    #: the rows shown only when somebody scored in them (a bonus nobody could score,
    #: "Last trick 0 0" after a close, would read as if it had been forgotten)
    ONLY_WHEN_SCORED: ClassVar[frozenset[str]] = frozenset()
    #: the rows drawn emphasised: the deal's result
    STRONG_ROWS: ClassVar[frozenset[str]] = frozenset()
    #: the keys of a deal's breakdown never shown (details the table shows itself)
    HIDDEN_KEYS: ClassVar[frozenset[str]] = frozenset()
    #: the keys of a deal's breakdown whose numbers are sums of money, in cents
    MONEY_KEYS: ClassVar[frozenset[str]] = frozenset()
    #: the keys of a deal's breakdown that are single facts said in a sentence of their own
    #: (a suit, a list of ranks, a flag): :meth:`deal_fact` words them
    FACTS: ClassVar[frozenset[str]] = frozenset()
    #: the refusal codes this game's engine raises (``IllegalAction.code``), in the
    #: player's words; the codes every game shares are worded by the table scene
    REFUSALS: ClassVar[dict[str, str]] = {}

    @classmethod
    def action_words(cls, action: Action, names: Sequence[str],
                     stock: str | None = None) -> Msg | None:
        """The move as an instruction to the player ("play the queen of spades"), ``names``
        the seats' names, ``stock`` what the table calls its stock (None: its own word);
        None for a move this game does not have."""
        return None

    def refusal_text(self, exc: IllegalAction) -> Msg | str | None:
        """The sentence shown when the engine refuses a move with one of this game's codes
        (None: a code every game shares, which the table scene words)."""
        text = self.REFUSALS.get(exc.code)
        return Msg(text) if text is not None else None

    @classmethod
    def deal_fact(cls, key: str, value: Any) -> Msg | None:
        """The fact ``key`` (one of :attr:`FACTS`) of a deal's breakdown, whose value is
        ``value``, as the summary states it ("Trumps: spades"); None: nothing to state (a
        flag not raised, a value of another shape)."""
        return None

    @classmethod
    def single_deal_chart(cls, row: dict,
                          columns: int) -> tuple[Msg, list[int], int] | None:
        """What best shows a match of one deal on its end screen, from the deal's score-sheet
        ``row`` for ``columns`` bars: (title, a value per bar, the value a full bar stands
        for); None: the deal's change of the match scores."""
        return None

    @classmethod
    def money(cls, sheet: Sequence[dict], players: int) -> list[int] | None:
        """Each seat's money won (above 0) or lost, in cents, after the deals of ``sheet``,
        in a game played for money; None in one that is not."""
        return None


def words_of(table: Any) -> type[GameWords]:
    """The words of a game's ``table`` class: the class itself (every table has words),
    else the neutral ones (a game registered without a table: None)."""
    if isinstance(table, type) and issubclass(table, GameWords):
        return table
    return GameWords
