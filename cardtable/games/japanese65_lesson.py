"""65 (Japanese)'s guided first deal: spades always trumps, following suit, and the twist:
the side that wins a trick keeps only the card the winner's partner played, so a card
given to a partner who wins comes back to your side, and the winner's own card goes over.

You (seat 0) lead, with Aiko (seat 2) your partner opposite, Ben and Chloé against you.
Two tricks are shown; the rest of the deal is yours to play.
"""

from cardtable.i18n import N_

LESSON = {
    "title": N_("65 (Japanese) in one deal"),
    "minutes": 5,
    "players": 4,
    "seat": 0,
    "names": ("Ben", "Aiko", "Chloé"),
    "dealer": 3,
    "seed": 65,
    # one card at a time from your seat: yours 3♥ A♦ 9♥ A♠ J♦ 5♠ 6♦ J♥... (no club); Aiko
    # holds the aces of hearts and clubs
    "deck": ("3H", "5H", "AH", "4H", "AD", "7C", "AC", "5C", "9H", "7D", "KD", "6H", "AS",
             "7H", "QH", "KS", "JD", "4C", "7S", "TD", "5S", "QC", "QS", "JS", "6D", "JH",
             "8H", "9S", "TS", "5D", "9C", "8D", "9D", "4D", "6S", "3S", "KH", "TC", "8S",
             "6C", "4S", "QD", "JC", "KC", "3D", "3C", "TH", "8C"),
    "steps": (
        {"say": N_("Welcome to 65 (Japanese). Aiko, opposite you, is your partner; Ben and "
                   "Chloé play against you. Spades are always trumps. Follow the suit led if "
                   "you can; if you cannot, play any card."),
         "why": N_("A deal is worth 65 points: 2 for each trick, 1 more for the last one, and "
                   "the cards your side holds at the end: ace 4, king 3, queen 2, jack 1. A "
                   "side with 33 or more scores a game point, with 41 or more two."),
         "light": ("plate:2",)},
        {"say": N_("You lead the first trick. Lead the three of hearts, a card worth nothing: "
                   "Aiko holds the ace."),
         "why": N_("The highest spade wins a trick; with no spade in it, the highest card of "
                   "the suit led."),
         "light": ("card:3H",),
         "expect": ({"kind": "play", "card": "3H"},),
         "then": ({"kind": "play", "card": "5H"}, {"kind": "play", "card": "AH"},
                  {"kind": "play", "card": "4H"}, {"kind": "play", "card": "AC"},
                  {"kind": "play", "card": "5C"}),
         "wrong": N_("Lead the three of hearts here: it is worth nothing, and your partner "
                     "holds the ace."),
         "after": N_("Aiko wins with the ace. Here is the twist: your side keeps only the "
                     "card the winner's partner played, your three. The other three cards, "
                     "Aiko's ace too, go to Ben and Chloé.")},
        {"say": N_("Aiko leads the ace of clubs and you have no club. Her ace will win, and "
                   "your side keeps the card you give her: give her the ace of diamonds, "
                   "worth 4 points."),
         "why": N_("When your partner wins a trick, the card you played is the one your side "
                   "keeps. When you win it yourself, your own card goes to the other side: "
                   "win with low cards, give high ones to your partner."),
         "light": ("card:AD", "plate:2"),
         "expect": ({"kind": "play", "card": "AD"},),
         "then": ({"kind": "play", "card": "7C"},),
         "refuse": (({"kind": "play", "card": "AS"},
                     N_("No need to trump your partner's ace: your own ace of spades would go "
                        "to the other side. Give her the ace of diamonds instead.")),),
         "wrong": N_("Give your partner a card worth points: the ace of diamonds. Your side "
                     "keeps it when she wins."),
         "after": N_("Aiko wins, and your side keeps your ace of diamonds: 4 points.")},
        {"say": N_("Now play the rest of the deal on your own. Give points to your partner "
                   "when she is winning, win tricks with low cards, and count: 33 points win "
                   "the deal."),
         "why": N_("A trick won is worth 2 points to the side, whatever its cards."),
         "alone": True},
    ),
}
