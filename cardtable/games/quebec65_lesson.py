"""65 from Québec's guided first deal: what sets it apart from The Game of 65 (the 2s and
the jokers wild in every round besides the round's rank, a meld with more wild cards
than natural ones, going out with every card in melds and no discard), drawing from the
discard pile and the stock, a set, and what the cards left in hand cost.

Round 4 of 11 (6 cards each; 2s, sixes and jokers wild); you (seat 0) play first, Gilles
deals. You take the queen of hearts for a set of queens, discard an ace, draw a joker and
go out with the three queens and the nine of hearts carried by three wild cards. Gilles
lays three kings on his last turn and counts what is left.
"""

from cardtable.engine.cards import make_deck
from cardtable.i18n import N_
from cardtable.lessons import stack

SEED = 6504

# one card at a time from your seat: yours Q♦ Q♣ 9♥ 2♠ 6♣ A♣; Gilles's K♠ K♦ 4♥ 7♦ 10♠
# 3♣; the queen of hearts turned up; then the stock from the top: 8♣ (Gilles), the joker
# (you), K♥ (Gilles)
FIRST = ("QD", "KS", "QC", "KD", "9H", "4H", "2S", "7D", "6C", "TS", "AC", "3C",
         "QH",
         "8C", "JK", "KH")

LESSON = {
    "title": N_("65 from Québec in one round"),
    "minutes": 4,
    "players": 2,
    "seat": 0,
    "names": ("Gilles",),
    "dealer": 1,
    "deal": 4,
    "seed": SEED,
    "deck": stack(FIRST, make_deck("AKQJT98765432", 2, jokers=2), SEED),
    "steps": (
        {"say": N_("Welcome to 65 from Québec, a rummy with more wild cards than The Game "
                   "of 65: the 2s and the jokers are wild in every round, and so is the "
                   "round's own rank. This is round 4: 6 cards each, and the sixes are wild "
                   "too (threes in round 1, fours in round 2, up to kings in round 11)."),
         "why": N_("Why it matters: with the 2s, the sixes and the jokers wild this round, a "
                   "hand goes out much sooner than in The Game of 65, and a wild card left "
                   "in your hand when the round ends costs 20 points. Low totals win."),
         "light": ("scores",)},
        {"say": N_("A set is three or more cards of one rank; a run, three or more cards of "
                   "one suit in a row. You hold the queens of diamonds and clubs, and the "
                   "queen of hearts lies on the discard pile: take it."),
         "why": N_("Why the discard pile: the queen of hearts makes a set with your queens "
                   "of diamonds and clubs at once; the stock's card, face down, would be a "
                   "guess."),
         "light": ("pile",),
         "expect": ({"kind": "draw", "source": "discard"},),
         "refuse": (({"kind": "draw", "source": "stock"},
                     N_("The queen of hearts makes a set with your two queens: take it from "
                        "the discard pile.")),),
         "after": N_("Three queens: a set.")},
        {"say": N_("Now discard. The ace of clubs fits in no meld of yours, and an ace left "
                   "in your hand at the end costs 15 points: discard it."),
         "why": N_("Why the ace: it fits with nothing you hold and would cost 15 points, "
                   "while your 2 and your six are wild this round and will carry your nine "
                   "of hearts. (Cards left in a hand cost: 3 to 9, 5 points; 10 to king, 10; "
                   "aces 15; wild cards 20.)"),
         "light": ("card:AC", "pile"),
         "expect": ({"kind": "discard", "card": "AC"},),
         "then": ({"kind": "draw", "source": "stock"}, {"kind": "discard", "card": "7D"}),
         "refuse": (({"kind": "discard", "card": "2S"},
                     N_("Keep the two of spades: 2s are wild in every round, it will fit in "
                        "a meld.")),
                    ({"kind": "discard", "card": "6C"},
                     N_("Keep the six of clubs: sixes are wild in this round, it will fit "
                        "in a meld."))),
         "wrong": N_("Discard the ace of clubs: it is in no meld, and it would cost you 15 "
                     "points.")},
        {"say": N_("Gilles discarded the seven of diamonds: it does not help you. Draw from "
                   "the stock."),
         "why": N_("Why the stock: the seven of diamonds would not let you go out, and the "
                   "stock may bring the wild card you need."),
         "light": ("stock",),
         "expect": ({"kind": "draw", "source": "stock"},),
         "refuse": (({"kind": "draw", "source": "discard"},
                     N_("The seven of diamonds would not let you go out: draw from the "
                        "stock.")),),
         "after": N_("You drew a joker: wild in every round.")},
        {"say": N_("Québec's own rules: you go out with every card in melds, the one you "
                   "drew included, and no discard. And a meld may hold more wild cards than "
                   "natural ones: your nine of hearts with the 2, the 6 and the joker is a "
                   "meld. Press Arrange for me, then Go out."),
         "why": N_("Why you can go out: in Québec a meld needs only one natural card, so "
                   "your nine of hearts carried by three wild cards is one; in The Game of 65 "
                   "it would not be. And here you go out with every card in melds, keeping "
                   "none back to discard."),
         "light": ("move",),
         "expect": ({"kind": "go_out",
                     "melds": [["QD", "QC", "QH"], ["9H", "2S", "6C", "JK"]]},),
         "then": ({"kind": "draw", "source": "stock"},
                  {"kind": "lay", "melds": [["KS", "KD", "KH"]]},
                  {"kind": "discard", "card": "TS"}),
         "wrong": N_("Go out now: every card of your hand fits in a meld."),
         "watch": N_("You went out with every card in melds: 0 points. Gilles takes one "
                     "last turn: he may lay down what melds he can, then he discards.")},
    ),
    "end": N_("Gilles laid down his three kings on his last turn; the four, three and eight "
              "left in his hand cost 5 points each: 15 points. You scored 0. After 11 "
              "rounds the lowest total wins."),
}
