"""How to play each game, in the program's own words (markup for widgets.ScrollText).

Written from the rule specifications; every choice the program makes where players differ
is said plainly, and each option of the setup screen is explained.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from cardtable.engine import registry
from cardtable.ui.tables import rules_of, table_class


class _Order(Sequence):
    """The games in menu order, as registered now (a game may register after start-up)."""

    def __getitem__(self, index):  # type: ignore[override]
        return tuple(registry.ids())[index]

    def __len__(self) -> int:
        return len(registry.ids())


class _Rules(Mapping):
    """id -> (title, markup) of every registered game, made when first asked."""

    def __init__(self) -> None:
        self._made: dict[str, tuple[str, str]] = {}

    def __getitem__(self, game_id: str) -> tuple[str, str]:
        if game_id not in registry.ids():
            raise KeyError(game_id)
        if game_id not in self._made:
            self._made[game_id] = _with_speech(game_id, *rules_of(game_id))
        return self._made[game_id]

    def __iter__(self) -> Iterator[str]:
        return iter(registry.ids())

    def __len__(self) -> int:
        return len(registry.ids())


#: the games in menu order
ORDER: Sequence[str] = _Order()
#: how every table is played by ear (the keys of cardtable.ui.keyboard.LISTEN_KEYS), after
#: each game's own rules; {table} and {last} are the lines that differ in games of tricks
SPEECH_RULES = """
## Playing with a screen reader
With Speech on (in Settings; Automatic turns it on when a screen reader runs), the table
says each move as it is shown, and the card or button the keyboard's focus moves to ("ten
of spades, playable"). Any key stops what is being said. These keys say more:
- **H**: your hand, by suit (by meld in the rummy games)
{table}
- **R**: the scores
- **W**: whose turn it is and what you may do now
{last}"""
TABLE_OF_TRICKS = "- **B**: the table: the trick in progress and the piles"
TABLE_OF_MELDS = "- **B**: the table: the piles and what each player has laid down"
LAST_TRICK = "- **L**: the last trick\n"


def _with_speech(game_id: str, title: str, markup: str) -> tuple[str, str]:
    tricks = table_class(game_id).REVIEW       # the games whose last trick can be seen
    speech = SPEECH_RULES.format(table=TABLE_OF_TRICKS if tricks else TABLE_OF_MELDS,
                                 last=LAST_TRICK if tricks else "")
    return title, markup.rstrip("\n") + "\n" + speech


#: id -> (title, markup): each game's text lives on its table (``GameTable.RULES``), and a
#: few lines on playing by ear are added after it
RULES: Mapping[str, tuple[str, str]] = _Rules()
