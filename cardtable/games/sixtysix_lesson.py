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
         "why": N_("Why 66: the 24 cards hold 120 points (ace 11, ten 10, king 4, queen 3, "
                   "jack 2, nine 0), so 66 is more than half of them. The ace of hearts "
                   "turned up makes every heart a trump: the cheapest heart beats an ace of "
                   "another suit."),
         "light": ("trump", "stock")},
        {"say": N_("You lead the first trick. While the stock has cards, any card may be "
                   "played. Lead the jack of clubs, a card worth only 2 points."),
         "why": N_("Why the jack of clubs: while the stock is open Marta need not follow "
                   "suit, so a good card led now is easily lost. The jack costs only 2 points "
                   "if she takes it, and you keep your hearts: they are trumps, and your king "
                   "and queen of hearts are a marriage worth 40."),
         "light": ("card:JC",),
         "expect": ({"kind": "play", "card": "JC"},),
         "then": ({"kind": "play", "card": "AC"}, {"kind": "play", "card": "TS"}),
         "wrong": N_("Lead the jack of clubs: keep your hearts, they are trumps."),
         "after": N_("Marta took your jack with her ace of clubs: the higher card of the "
                    "suit led wins. As the winner she drew first from the stock, then you.")},
        {"say": N_("Marta leads the ten of spades. You need not follow suit while the stock "
                   "is open, and a trump beats any card of another suit: take the ten with "
                   "the jack of hearts."),
         "why": N_("Why the jack of hearts: the ten of spades is worth 10 points, and your "
                   "jack of spades would lose to it. Following suit is not required while the "
                   "stock is open, and the jack is your cheapest trump: it takes the ten and "
                   "keeps your higher hearts."),
         "light": ("card:JH",),
         "expect": ({"kind": "play", "card": "JH"},),
         "refuse": (({"kind": "play", "card": "JS"},
                     N_("Your jack of spades would lose to the ten. You need not follow suit "
                        "now: trump it with the jack of hearts.")),),
         "wrong": N_("That card does not win the ten. Play the jack of hearts: a trump takes "
                     "the trick."),
         "after": N_("Your trump took the ten: 12 points for you. As the winner you drew "
                    "first, and you lead now.")},
        {"say": N_("You have won a trick and you hold the nine of trumps: before you lead, "
                   "you may swap it for the ace of hearts turned up under the stock. "
                   "Exchange the nine."),
         "why": N_("Why exchange: your nine of hearts is worth nothing, the ace of hearts 11, "
                   "and it is the highest trump. You may now: you are about to lead, you have "
                   "won a trick and the stock is open."),
         "light": ("move", "trump", "card:9H"),
         "expect": ({"kind": "exchange"},),
         "wrong": N_("Exchange the nine first: you are still on lead after it."),
         "after": N_("The ace of hearts is in your hand now; your nine lies under the stock "
                    "in its place.")},
        {"say": N_("You hold the king and the queen of hearts: a marriage. In trumps it is "
                   "worth 40 points (20 in another suit). Announce it."),
         "why": N_("Why now: only the player about to lead may announce a marriage, and you "
                   "lead now. You have won a trick, so its 40 points count at once; in a suit "
                   "that is not trumps it would be worth 20."),
         "light": ("move", "card:KH", "card:QH"),
         "expect": ({"kind": "marriage", "suit": "H"},),
         "wrong": N_("Announce the marriage first: it is worth 40 points, and only the "
                     "player about to lead may announce one."),
         "after": N_("40 points for the marriage: with your trick's 12 you count 52.")},
        {"say": N_("Having announced the marriage, you must lead its king or its queen. "
                   "Lead the king of hearts."),
         "why": N_("Why the king: having announced the marriage you must lead its king or "
                   "its queen, and the king is worth one point more. The ace of hearts is "
                   "yours, so only the ten of hearts could beat it."),
         "light": ("card:KH",),
         "expect": ({"kind": "play", "card": "KH"},),
         "then": ({"kind": "play", "card": "QS"},),
         "refuse": (({"kind": "play", "card": "QH"},
                     N_("The queen would do, but lead the king here: it is worth one point "
                        "more.")),),
         "wrong": N_("Lead the king of hearts."),
         "after": N_("Marta gave up the queen of spades to your king: 7 more points, 59 in "
                    "all.")},
        {"say": N_("You count 59. What if you claimed 66 now? Press Claim 66 to see."),
         "why": N_("Why not claim: a claim stops the deal at once and your points are "
                   "counted. You have 59, not 66: the claim would be wrong, and it is Marta "
                   "who would score."),
         "light": ("button:Claim 66",),
         "expect": ({"kind": "claim"},),
         "example": True,
         "after": N_("Not yet! With 59 the claim would be wrong, and Marta would score 2 game "
                    "points (3 if she had won no trick). Claim only once you count 66.")},
        {"say": N_("With the aces of hearts and diamonds in your hand you can make 66 from "
                   "here. Close the stock: nobody draws any more, and from now on every "
                   "player must follow suit."),
         "why": N_("Why close now: you need 7 more points, and your aces of hearts and "
                   "diamonds are worth 11 each. Once the stock is closed Marta must follow "
                   "suit and can draw nothing to help her. But whoever closes must reach 66: "
                   "if not, the other player scores 2 or 3 game points."),
         "light": ("move", "stock"),
         "expect": ({"kind": "close"},),
         "wrong": N_("Close the stock now: the cards in your hand are enough for 66."),
         "after": N_("The stock is closed: the trump card is turned face down, and nobody "
                    "draws any more.")},
        {"say": N_("Lead the jack of spades, worth little: keep your aces. Marta must answer "
                   "with a spade if she has one, now that the stock is closed."),
         "why": N_("Why the jack of spades: it is worth only 2 points, and Marta must now "
                   "answer with a spade if she has one. Your aces stay in your hand for the "
                   "tricks that bring you to 66."),
         "light": ("card:JS",),
         "expect": ({"kind": "play", "card": "JS"},),
         "then": ({"kind": "play", "card": "AS"}, {"kind": "play", "card": "KD"}),
         "wrong": N_("Lead the jack of spades here, and keep your aces for the end."),
         "after": N_("Marta had to follow with a spade: her ace of spades took the trick, so "
                    "she leads next.")},
        {"say": N_("Marta leads the king of diamonds. You must follow suit now: a heart is "
                   "not allowed. Take the trick with the ace of diamonds."),
         "why": N_("Why the ace of diamonds: you must play a diamond, and of your two only "
                   "the ace beats the king. The trick brings 15 points (11 and 4), enough to "
                   "pass 66."),
         "light": ("card:AD",),
         "expect": ({"kind": "play", "card": "AD"},),
         "refuse": (({"kind": "play", "card": "9D"},
                     N_("The nine of diamonds would lose the trick: take it with the ace.")),),
         "wrong": N_("Take the trick with the ace of diamonds."),
         "after": N_("Your ace took the king: 15 points, 74 in all.")},
        {"say": N_("You count 74: claim 66 now! The deal stops and your points are counted."),
         "why": N_("Why claim now: with 74 the claim is right, and the deal stops before "
                   "Marta can add to her 26. As she has fewer than 33, a right claim scores "
                   "2 game points instead of 1 (3 if she had won no trick)."),
         "light": ("button:Claim 66",),
         "expect": ({"kind": "claim"},),
         "wrong": N_("You have 66 already: claim it now."),
         "after": N_("Right: 74 points. Marta had fewer than 33, so you scored 2 game "
                    "points.")},
    ),
}
