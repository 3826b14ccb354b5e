"""65 (Japanese)'s guided first deal: spades always trumps, following suit, and the twist:
the side that wins a trick keeps only the card the winner's partner played, so a card
given to a partner who wins comes back to your side, and the winner's own card goes over.

You (seat 0) lead, with Aiko (seat 2) your partner opposite, Ben and Chloé against you.
Two tricks are shown, and what they are worth; the rest of the deal is yours to play.
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
                   "Chloé play against you. Each deal is worth 65 points, and a side needs 33 "
                   "of them to score a game point (41 for two). Spades are always trumps. "
                   "Follow the suit led if you can; if you cannot, play any card."),
         "why": N_("Why 65: each of the 12 tricks is worth 2 points to the side that wins it, "
                   "the last one 1 more (25 in all), and the cards each side holds at the "
                   "end 40: ace 4, king 3, queen 2, jack 1, tens and lower nothing. The score "
                   "panel counts them as the deal goes."),
         "light": ("plate:2", "scores")},
        {"say": N_("You lead the first trick. Cards are worth points only to the side that "
                   "keeps them: ace 4, king 3, queen 2, jack 1, the others nothing. Lead the "
                   "three of hearts, worth nothing: Aiko holds the ace."),
         "why": N_("Why the three: Aiko's ace of hearts will win, and your side keeps the "
                   "card you played to your partner's winning trick. A three costs nothing "
                   "wherever it goes, and your aces, king and jacks wait for a better "
                   "moment."),
         "light": ("card:3H",),
         "expect": ({"kind": "play", "card": "3H"},),
         "then": ({"kind": "play", "card": "5H"}, {"kind": "play", "card": "AH"},
                  {"kind": "play", "card": "4H"}, {"kind": "play", "card": "AC"},
                  {"kind": "play", "card": "5C"}),
         "watch": N_("Watch who takes the trick, and where its four cards go."),
         "wrong": N_("Lead the three of hearts here: it is worth nothing, and your partner "
                     "holds the ace."),
         "after": N_("Aiko won with her ace: 2 points to your side for the trick. Here is the "
                     "twist: your side keeps only the card the winner's partner played, your "
                     "three. The other three cards, Aiko's ace too, went to Ben and Chloé: 4 "
                     "points for them.")},
        {"say": N_("Aiko leads the ace of clubs and you have no club. Her ace will win, and "
                   "your side keeps the card you give her: give her the ace of diamonds, "
                   "worth 4 points."),
         "why": N_("Why the ace of diamonds: Aiko's ace is the highest club, and only a "
                   "spade could beat it. Played to her winning trick, your ace stays with "
                   "your side; won by yourself with your ace of spades, the trick would send "
                   "your own ace to Ben and Chloé."),
         "light": ("card:AD", "plate:2"),
         "expect": ({"kind": "play", "card": "AD"},),
         "then": ({"kind": "play", "card": "7C"},),
         "refuse": (({"kind": "play", "card": "AS"},
                     N_("No need to trump your partner's ace: your own ace of spades would go "
                        "to the other side. Give her the ace of diamonds instead.")),),
         "wrong": N_("Give your partner a card worth points: the ace of diamonds. Your side "
                     "keeps it when she wins."),
         "after": N_("Aiko won again: your side keeps your ace of diamonds, 4 points, and 2 "
                     "for the trick. Her ace of clubs went to Ben and Chloé. 8 points each "
                     "so far: see Points this deal in the score panel.")},
        {"say": N_("Now play the rest of the deal on your own. Give points to your partner "
                   "when she is winning, win tricks with low cards, and count: 33 points win "
                   "the deal, and the last trick is worth 3."),
         "why": N_("Why low cards to win: the winner's own card goes to the other side, so a "
                   "trick won with a three costs nothing, while one won with an ace gives 4 "
                   "points away."),
         "light": ("scores",),
         "alone": True},
    ),
    "end": N_("The summary showed what the deal came to: 2 points a trick, 1 more for the "
              "last, and the aces, kings, queens and jacks each side kept. 33 of the 65 "
              "points score a game point, 41 score two, and the first side to 5 game points "
              "wins the match."),
}
