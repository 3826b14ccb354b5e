"""The table of 65 from Québec (quebec65): the shared rummy table, rounds instead of hands.

The game has its own words in French (frime, piger, brasser): the sentences below are the
shared table's, given the context ``quebec65`` in the catalogue so that they can be worded so.
"""

from __future__ import annotations

from cardtable.i18n import N_, PMsg
from cardtable.ui.tables.rummy import RummyTable

#: the shared rummy table's sentences that this game words its own way
OWN_WORDS = [
    PMsg("quebec65", "Too many wild cards: {wild} wild for {natural} natural"),
    PMsg("quebec65", "Too many wild cards"),
    PMsg("quebec65", "Last turn: draw from the stock or take {card}."),
    PMsg("quebec65", "Draw from the stock or take {card}."),
    PMsg("quebec65", "Last turn: draw from the stock."),
    PMsg("quebec65", "Draw from the stock."),
    PMsg("quebec65", "{deal} {k} of {n} · {cards} cards each · wild: {wild}"),
    PMsg("quebec65", "The discard pile becomes the new stock ({k} of {n})"),
    PMsg("quebec65", "{deal} {k}: you deal {n}; wild: {wild}"),
    PMsg("quebec65", "{deal} {k}: {name} deals {n}; wild: {wild}"),
    PMsg("quebec65", "You draw {card}"),
    PMsg("quebec65", "{name} draws {card}"),
    PMsg("quebec65", "You draw from the stock"),
    PMsg("quebec65", "{name} draws from the stock"),
    PMsg("quebec65", "The discard pile is shuffled into a new stock"),
    PMsg("quebec65", "Third reshuffle: {the_deal} ends"),
    PMsg("quebec65", "{deal} {k}: stopped after the third reshuffle"),
    PMsg("quebec65", "Wild"),
    PMsg("quebec65", "Stock"),
    PMsg("quebec65", "Stock · {n}"),
    PMsg("quebec65", "WILD CARDS"),
    PMsg("quebec65", "Wild: {wild}"),
]


class Quebec65Table(RummyTable):
    game_id = "quebec65"
    DEAL_WORD = N_("Round")
    THE_DEAL = PMsg("deal", "the round")
    OWN = frozenset(m.msgid for m in OWN_WORDS)
    HAS_POT = False


TABLE = Quebec65Table
