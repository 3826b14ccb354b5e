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


#: how to play, in the program's own words (markup for the rules screen): written
#: from the rule specification, every choice the program makes where players differ
#: said plainly, every option of the setup explained
RULES = ("65 from Québec", """
# 65 from Québec — rummy with jokers and twos wild
A rummy game for two to eight players over eleven rounds. Each round deals one card more,
and the round's own wild rank changes every time. The lowest total wins.

## The cards
- Two packs with their jokers: 108 cards.
- **Always wild:** both jokers of each pack and every two.
- **Also wild in a round:** the rank that matches the number of cards dealt: threes in round 1
  (three cards each), fours in round 2, ... tens in round 8, then jacks, queens and kings.

## The eleven rounds
- Round 1 deals 3 cards each, round 2 deals 4, and so on up to 13 cards in round 11.
- The first dealer is random and the deal moves to the left each round. Cards are dealt one
  by one, starting on the dealer's left, and that player plays first.
- After the deal one card is turned up beside the stock to begin the discard pile.

## Your turn
- Draw the top card of the stock, or take the top card of the discard pile.
- If **all** your cards, the new one included, can be arranged into melds of three or more,
  lay them all down: you go out, with no discard.
- Otherwise discard one card. Laying down part of a hand is not allowed before someone
  has gone out.
- When the stock is empty, the discard pile (all but its top card) is shuffled into a new
  stock. After the third reshuffle in a round, the round stops at once and everyone counts
  only the cards that do not fit into melds.

## Melds
- **Set:** three or more cards of the same rank; suits may repeat.
- **Run:** three or more cards of one suit in order. The ace is low or high, but a run never
  wraps round from king to ace to two.
- Wild cards can be as many as the natural cards, or more (a four with two jokers is fine).
- A meld still needs at least one natural card, unless the option below allows wild-only melds.
- A two, or a card of the round's wild rank, that stands for itself counts as natural.

## After someone goes out
Each other player, in turn, takes one last turn: draw, lay down any complete melds (now a
partial lay-down is allowed), then discard. Anyone who can meld every card goes out too
and scores nothing.

## Scoring (low is good)
- Cards left in your hand: 3 to 9 are 5 points each; 10, J, Q, K are 10; an ace 15; a joker,
  a two or a card of the round's wild rank 20.
- After eleven rounds the lowest total wins.

## Options
- **Melds of wild cards only:** allows a meld made of wild cards alone. Off by default.
""")
TABLE.RULES = RULES
