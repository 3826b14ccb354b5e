"""The table of The Game of 65 (rummy65): the shared rummy table, with the pot in cents."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable import i18n
from cardtable.engine.rummy65 import ANTE
from cardtable.i18n import N_
from cardtable.ui.tables.rummy import RummyTable


class Rummy65Table(RummyTable):
    game_id = "rummy65"
    DEAL_WORD = N_("Hand")
    HAS_POT = True
    #: the rummies' rows, with each seat's money before the running total
    ROW_LABELS = {**{k: v for k, v in RummyTable.ROW_LABELS.items() if k != "totals"},
                  "money": N_("Money"), "totals": RummyTable.ROW_LABELS["totals"]}
    MONEY_KEYS = frozenset({"money"})

    @classmethod
    def money(cls, sheet: Sequence[dict], players: int) -> list[int] | None:
        """Each seat's net of the pot after the deals of ``sheet`` (the last row's
        ``money``), in cents (see :meth:`GameWords.money`)."""
        for row in reversed(sheet):
            money = row.get("money")
            net = money.get("net") if isinstance(money, dict) else None
            if isinstance(net, list) and len(net) == players and \
                    all(isinstance(v, int) for v in net):
                return list(net)
        return None

    def money_lines(self):
        return [(N_("Pot"), i18n.cents(self.pot_shown()), None)]

    def pot_shown(self) -> int:
        """The pot as the picture knows it: the last scored row's, or the ante of everybody."""
        rows = [r for r in self.t.match.state.score_sheet
                if r.get("deal", 0) < self.deal_no and "money" in r]
        return rows[-1]["money"]["pot"] if rows else ANTE * self.n


TABLE = Rummy65Table


#: how to play, in the program's own words (markup for the rules screen): written
#: from the rule specification, every choice the program makes where players differ
#: said plainly, every option of the setup explained
RULES = ("The Game of 65 (rummy)", """
# The Game of 65 — rummy with a pot
A rummy game for three to eight players over twelve hands. The hands grow by one card
each time, and the wild rank moves up with them. Low scores are good; a pot of money goes
to the best.

## The cards
- Two packs with their jokers (108 cards) for three to five players; three packs (162
  cards) for six to eight.

## The twelve hands
- In hand 1 everyone gets 3 cards, in hand 2 four cards, and so on up to 14 cards in hand 12.
- The wild rank follows the hand: threes are wild in hand 1, fours in hand 2, ... kings in
  hand 11 and aces in hand 12. **Jokers are wild in every hand.**
- The first dealer is random and the deal moves one seat to the left each hand. Cards are
  dealt one at a time, starting on the dealer's left, who also plays first.
- One card is turned face up to start the discard pile; the rest form the draw pile.

## Your turn
- Take the top card of the draw pile or of the discard pile.
- If all your cards except one fit into melds, you may lay them all down and discard the last
  card: you have **gone out**. You may not lay down part of your hand before then.
- Otherwise discard one card. You always end your turn with a discard.
- When the draw pile is empty, the discard pile (all but its top card) is shuffled into a new
  one. After the third such reshuffle in a hand, the hand stops at once and everyone counts
  only the cards that do not fit into melds.

## Melds
- **Set:** three or more cards of the same rank (with several packs, suits may repeat).
- **Run:** three or more cards of one suit in a row. The ace goes below the two or above the
  king, but a run never wraps round from king to two.
- A wild card may stand for any card, but a meld may never hold more wild cards than
  natural ones.
- A card of the wild rank used as itself (the four in 3-4-5 of hearts when fours are wild)
  counts as natural. A joker never does.

## After someone goes out
Every other player gets one last turn: draw, lay down whatever melds you can (now a partial
lay-down is fine), then discard.

## Scoring a hand
- Only cards left outside your melds count against you: wild cards 50 each, aces 20 (50 in
  hand 12, when they are wild), kings, queens and jacks 10, other cards their face value.
- The player who went out scores 0, and so does anyone who melded every card but the discard.
- After twelve hands the lowest total wins.

## The pot
- Everyone puts 65¢ in the pot at the start.
- Whenever you lay down your whole hand, you take 10¢ from the pot, while there is any left.
- At the end the lowest total takes what remains. Tied players share it; cents that cannot
  be shared go one each to the tied players in turn, starting from the first dealer's left.
""")
TABLE.RULES = RULES
