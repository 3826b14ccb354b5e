"""Sixty-Six's guided first deal: trumps, following suit only once the stock is closed, a
marriage, exchanging the nine, closing, a wrong claim refused and a right one made.

The person (seat 0) leads; Marta deals. Hearts are trumps (the ace turned up). The deck is
stacked so that each rule comes up in turn: Marta takes the first trick and leads a ten
the person trumps; the person exchanges the nine for the ace, announces the marriage of
hearts (40), closes at 59, must follow suit when Marta leads a diamond, and claims at 74.
"""

from cardtable.i18n import N_

LESSON = {
    "title": N_("Sixty-Six in one deal"),
    "minutes": 4,
    "players": 2,
    "seat": 0,
    "names": ("Marta",),
    "dealer": 1,
    "seed": 66,
    # yours: J♣ J♥ 9♥, K♥ Q♥ J♠; Marta's: A♣ 10♠ Q♠, A♠ K♦ 9♠; the ace of hearts turned
    # up; the stock from the top: K♣ 9♣ A♦ Q♦ 9♦ 10♣ K♠ 10♥ 10♦ J♦ Q♣
    "deck": ("JC", "JH", "9H", "AC", "TS", "QS", "KH", "QH", "JS", "AS", "KD", "9S", "AH",
             "KC", "9C", "AD", "QD", "9D", "TC", "KS", "TH", "TD", "JD", "QC"),
    "steps": (
        {"say": N_("Welcome to Sixty-Six. The card turned up under the stock is the ace of "
                   "hearts: hearts are trumps in this deal. You win a deal by being the "
                   "first to count 66 points, from the cards of the tricks you win and "
                   "from marriages."),
         "why": N_("The cards are worth: ace 11, ten 10, king 4, queen 3, jack 2, nine 0. "
                   "The pack holds 120 points; marriages add 20 or 40."),
         "light": ("trump", "stock")},
        {"say": N_("You lead the first trick. While the stock has cards, any card may be "
                   "played. Lead the jack of clubs, a card worth only 2 points."),
         "why": N_("A trick is won by the highest trump in it, else by the highest card of "
                   "the suit led. The winner draws first from the stock, then the other "
                   "player, and the winner leads next."),
         "light": ("card:JC",),
         "expect": ({"kind": "play", "card": "JC"},),
         "then": ({"kind": "play", "card": "AC"}, {"kind": "play", "card": "TS"}),
         "wrong": N_("Lead the jack of clubs: keep your hearts, they are trumps."),
         "after": N_("Marta takes it with the ace of clubs: the higher card of the suit led "
                    "wins. She draws first, then you.")},
        {"say": N_("Marta leads the ten of spades. You need not follow suit while the stock "
                   "is open, and a trump beats any card of another suit: take the ten with "
                   "the jack of hearts."),
         "why": N_("Following suit is not required until the stock is closed or has run "
                   "out. Until then you may play any card, a trump or not."),
         "light": ("card:JH",),
         "expect": ({"kind": "play", "card": "JH"},),
         "refuse": (({"kind": "play", "card": "JS"},
                     N_("Your jack of spades would lose to the ten. You need not follow suit "
                        "now: trump it with the jack of hearts.")),),
         "wrong": N_("That card does not win the ten. Play the jack of hearts: a trump takes "
                     "the trick."),
         "after": N_("Your trump wins the trick: 12 points. You draw first now.")},
        {"say": N_("You have won a trick and you hold the nine of trumps: before you lead, "
                   "you may swap it for the ace of hearts turned up under the stock. "
                   "Exchange the nine."),
         "why": N_("Only the player about to lead who has already won a trick may exchange "
                   "the nine of trumps, and only while the stock is open."),
         "light": ("move", "trump", "card:9H"),
         "expect": ({"kind": "exchange"},),
         "wrong": N_("Exchange the nine first: you are still on lead after it."),
         "after": N_("The ace of hearts is in your hand now; the nine lies under the stock.")},
        {"say": N_("You hold the king and the queen of hearts: a marriage. In trumps it is "
                   "worth 40 points (20 in another suit). Announce it."),
         "why": N_("Only the player about to lead may announce a marriage, and must then "
                   "lead its king or queen. Its points count once you have won a trick."),
         "light": ("move", "card:KH", "card:QH"),
         "expect": ({"kind": "marriage", "suit": "H"},),
         "wrong": N_("Announce the marriage first: it is worth 40 points, and only the "
                     "player about to lead may announce one."),
         "after": N_("40 points: you count 52 now.")},
        {"say": N_("Having announced the marriage, you must lead its king or its queen. "
                   "Lead the king of hearts."),
         "why": N_("A marriage is shown by leading one of its two cards at once."),
         "light": ("card:KH",),
         "expect": ({"kind": "play", "card": "KH"},),
         "then": ({"kind": "play", "card": "QS"},),
         "refuse": (({"kind": "play", "card": "QH"},
                     N_("The queen would do, but lead the king here: it is worth one point "
                        "more.")),),
         "wrong": N_("Lead the king of hearts."),
         "after": N_("Marta gives up the queen of spades: 7 more points, 59 in all.")},
        {"say": N_("You count 59. Press Claim 66 (twice, below 66) to see why claiming now "
                   "would be a mistake."),
         "why": N_("A claim stops the deal at once and the points are counted."),
         "light": ("button:Claim 66",),
         "expect": ({"kind": "claim"},),
         "example": True,
         "after": N_("Not yet! With 59 the claim would be wrong, and Marta would score 2 game "
                    "points (3 if she had won no trick). Claim only once you count 66.")},
        {"say": N_("With the aces of hearts and diamonds in your hand you can make 66 from "
                   "here. Close the stock: nobody draws any more, and from now on every "
                   "player must follow suit."),
         "why": N_("The player about to lead may close while the stock has cards. But whoever "
                   "closes must then reach 66: if not, the other player scores 2 game "
                   "points, or 3 if they had won no trick when the stock was closed."),
         "light": ("move", "stock"),
         "expect": ({"kind": "close"},),
         "wrong": N_("Close the stock now: the cards in your hand are enough for 66."),
         "after": N_("The stock is closed: the trump card is turned down.")},
        {"say": N_("Lead the jack of spades, worth little: keep your aces. Marta must answer "
                   "with a spade if she has one, now that the stock is closed."),
         "why": N_("Once the stock is closed or gone, you must follow the suit led if you "
                   "can."),
         "light": ("card:JS",),
         "expect": ({"kind": "play", "card": "JS"},),
         "then": ({"kind": "play", "card": "AS"}, {"kind": "play", "card": "KD"}),
         "wrong": N_("Lead the jack of spades here, and keep your aces for the end."),
         "after": N_("She had to follow with a spade: her ace wins. Now she leads.")},
        {"say": N_("Marta leads the king of diamonds. You must follow suit now: a heart is "
                   "not allowed. Take the trick with the ace of diamonds."),
         "why": N_("The stock is closed, so you must play a card of the suit led when you "
                   "have one."),
         "light": ("card:AD",),
         "expect": ({"kind": "play", "card": "AD"},),
         "refuse": (({"kind": "play", "card": "9D"},
                     N_("The nine of diamonds would lose the trick: take it with the ace.")),),
         "wrong": N_("Take the trick with the ace of diamonds."),
         "after": N_("15 points: you count 74.")},
        {"say": N_("You count 74: claim 66 now! The deal stops and your points are counted."),
         "why": N_("A right claim scores 1 game point; 2 if the other player has fewer than "
                   "33 points; 3 if they have won no trick. Marta has 26."),
         "light": ("button:Claim 66",),
         "expect": ({"kind": "claim"},),
         "wrong": N_("You have 66 already: claim it now."),
         "after": N_("Right: 74 points. Marta has fewer than 33, so you score 2 game points.")},
    ),
}
