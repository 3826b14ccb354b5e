"""How to play each game, in the program's own words (markup for widgets.ScrollText).

Written from the rule specifications; every choice the program makes where players differ
is said plainly, and each option of the setup screen is explained.
"""

from __future__ import annotations

#: the games in menu order: id -> (title, markup)
RULES: dict[str, tuple[str, str]] = {}

RULES["japanese65"] = ("65 (Japanese partnership)", """
# 65 — the Japanese partnership game
Four players in two teams of two. Partners sit across the table from each other, so the
first and third seats form one team and the second and fourth the other. Every deal is
worth 65 points, and the team that takes most of them scores game points.

## The cards
- One pack without the twos: 48 cards, no jokers.
- In every suit the order from high to low is **A K Q J 10 9 8 7 6 5 4 3**.
- **Spades are always trumps.**

## Dealing
- The first dealer is chosen at random; after each deal the next player to the left deals.
- Everyone gets 12 cards, dealt one by one, starting with the player on the dealer's left.

## Playing a trick
- The player to the dealer's left leads the first trick. Whoever wins a trick leads the next.
- Play goes to the left. You must play a card of the suit that was led if you have one.
- If you have none, play anything you like: you are never forced to trump.
- The highest spade takes the trick. With no spade in it, the highest card of the led suit wins.

## Where the cards of a trick go
This is what makes the game special.
- The winning team keeps just **one** card: the one the winner's partner played. It lies
  face down in front of the winner and counts as one trick won.
- The other three cards (the winner's own card and both opponents' cards) go to the
  **other** team's pile of cards.
- So winning a trick gives you trick points, but it hands most of the cards to your opponents.
  The table shows where each card goes.

## Scoring a deal
- **Tricks:** 2 points for every trick a team won, and 1 more for winning the twelfth trick.
  That makes 25 points.
- **Cards:** each team counts the cards it holds at the end (its kept cards plus its pile):
  ace 4, king 3, queen 2, jack 1, other cards nothing. That makes 40 points.
- Together 65 points, so exactly one team reaches 33.
- A team with **33 or more** points scores **1 game point**; with **41 or more**, it
  scores **2 game points** instead.

## Winning
The first team to reach the target wins the match.

## Options
- **Game points to win:** the target of the match, from 1 to 20. The usual target is 5.
""")

RULES["sixtysix"] = ("Sixty-Six", """
# Sixty-Six
A quick duel for two players. Win tricks, announce marriages and be the first to claim
66 card points in a deal. Deals earn game points; the first to the target wins the match.

## The cards
- 24 cards: **A 10 K Q J 9** in each suit, ranked in that order (the ten beats the king).
- Card points: ace 11, ten 10, king 4, queen 3, jack 2, nine 0. The whole pack holds 120.

## Dealing
- The first dealer is chosen at random; after that the deal alternates.
- Each player gets six cards, three at a time, the non-dealer first.
- The next card is turned face up: its suit is **trumps** for this deal. It lies half under
  the face-down stock and will be the last card drawn. The stock holds twelve cards in all.

## While the stock is open
- The non-dealer leads first; the winner of each trick leads the next.
- Any card may be played: you need not follow suit or trump.
- The higher trump wins; otherwise the higher card of the suit led wins.
- After each trick the winner takes the top card of the stock, then the loser takes the next.
  The loser of the sixth trick gets the face-up trump.

## When the stock is gone or closed
- Now you must follow the suit led whenever you can.
- With the option **stricter play once the stock is gone** you must also beat the card led
  if a card of that suit can do it, and play a trump when you cannot follow.

## Marriages
- A king and queen of the same suit. Announce it when you are on lead, then lead one of
  the two cards. It is worth **40 in trumps**, **20 in another suit**.
- The points count once you have won a trick. On the very first lead the non-dealer may
  announce; the points wait until that player wins a trick (and are lost if none is won).
- Marriages may be announced while the stock is open, and also after it has been closed,
  but not once the stock has run out by drawing.

## Exchanging the nine of trumps
When you are on lead and have won at least one trick, you may swap the nine of trumps from
your hand for the face-up trump card, as long as the stock is open and that card is still there.

## Closing the stock
- On your turn to lead, while the stock still has cards, you may **close** it (before or
  after an exchange, even on the first lead). The trump card is turned down and nobody
  draws any more; the rest of the deal is played as when the stock is gone (see above).
- Closing is a promise: you must reach 66. If you claim correctly, or have 66 or more when
  the last trick has been played, you win the deal as for a correct claim. Otherwise (your
  claim is wrong, your opponent claims correctly first, or you end below 66) your opponent
  scores 2 game points, or 3 if your opponent had not won a trick when you closed.
- If your opponent claims wrongly after you closed, it is an ordinary wrong claim (below).
- After closing, nobody gets a bonus for the last trick.

## Claiming 66
- On any of your turns you may say you have 66. Play stops and your points are counted:
  the card points of your tricks plus the marriages already scored.
- **Correct claim:** 1 game point; 2 if the opponent has less than 33; 3 if the opponent
  has not won a single trick.
- **Wrong claim:** your opponent scores 2 game points, or 3 if your opponent has not won a
  trick.

## Playing the deal out
If the stock ran out by drawing and all twelve tricks are played without a claim, the
winner of the last trick adds 10 points. If exactly one player has 66 or more, that
player scores as for a correct claim. If both have 66 or more, or both have exactly 65,
nobody scores.

## Options
- **Game points to win:** the target, from 1 to 21. The usual target is 10; 7 makes a shorter match.
- **Stricter play once the stock is gone:** once the stock is gone or closed, you must beat
  the card led with a higher card of its suit when you can, and trump when you cannot follow
  suit. Off by default.
""")

RULES["rummy65"] = ("The Game of 65 (rummy)", """
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

RULES["pairs65"] = ("Sixty-Five (pairs)", """
# Sixty-Five — the pairs game
Two to four players collect pairs that add up to thirteen. The first to put five pairs on
the table wins.

## The cards
- One pack without the kings: 48 cards, no jokers.
- Values: ace 1, two to ten as marked, jack 11, queen 12.
- A **pair** is two cards of the same colour (both red or both black) worth 13 together:
  ace + queen, 2 + jack, 3 + 10, 4 + 9, 5 + 8, 6 + 7.

## Dealing
- Each player gets nine cards, one at a time, starting with the first player.
- The rest is the draw pile. The discard pile starts empty.
- Who starts is chosen on the setup screen: a seat of your choice, or at random (the
  default). In a match of several games, each new game starts one seat further to the left.

## Your turn, step by step
- **Refill:** if you hold three cards or fewer when your turn begins, first draw three cards.
- **Take one card**, in one of three ways: the top of the draw pile, the top of the discard
  pile, or a **swap** with another player who still holds cards. In a swap you choose a card
  to give, they choose a card to give you, neither sees the other's choice, and then the two
  cards change hands.
- **Lay down pairs:** as many as you like, face up in front of you, or none.
- **Discard** one card face up, unless you now hold three cards or fewer.

## The end of a game
- Whoever has **five pairs** on the table wins at once.
- When the draw pile is used up, the discard pile is shuffled to make a new one. If both
  piles are empty, drawing gives you nothing, but you may still swap.
- So that a game cannot go on forever: after 60 turns in a row without a new pair, the game
  ends, and the player with most pairs wins (equal counts share the win).

## Options
- **Who starts:** the seat that plays first in the first game, or at random (the default).
- **Games to win the match:** play a single game (the default) or a longer match, up to 9
  games. Each game won scores one point, and the first to reach the chosen number of games
  wins.
""")

RULES["quebec65"] = ("65 from Québec", """
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

ORDER = ("japanese65", "sixtysix", "rummy65", "pairs65", "quebec65")
