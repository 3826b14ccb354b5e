"""The Game of 65 (rummy)'s guided first deal: drawing from the discard pile and from the
stock, a set, a run, the hand's wild cards (the rank moves up each hand: sixes in hand 4),
going out (every card but one in melds, then the discard), the last turns, the pot, and
what the cards left in a hand cost.

Hand 4 of 12 (6 cards each, sixes wild); you (seat 0) play first, Emil deals, Dora sits on
your left. You take the nine of clubs for a set of nines, discard a king, draw the six of
hearts from the stock and go out with 9-9-9 and 4-5 of clubs with the six as their third.
Dora lays three jacks on her last turn; Emil is left holding a wild six (50 points).
"""

from cardtable.engine.cards import make_deck
from cardtable.i18n import N_
from cardtable.lessons import stack

SEED = 6512

# one card at a time from your seat: yours 9♠ 9♦ 4♣ 5♣ K♥ 2♠; Dora's J♠ J♥ A♦ 8♦ 3♥ 10♣;
# Emil's 6♦ Q♣ 4♠ A♥ 10♦ 8♥; the nine of clubs turned up; then the stock from the top:
# 5♦ (Dora), 8♣ (Emil), 6♥ (you), J♦ (Dora), K♠ (Emil)
FIRST = ("9S", "JS", "6D", "9D", "JH", "QC", "4C", "AD", "4S", "5C", "8D", "AH",
         "KH", "3H", "TD", "2S", "TC", "8H",
         "9C",
         "5D", "8C", "6H", "JD", "KS")

LESSON = {
    "title": N_("The Game of 65 in one hand"),
    "minutes": 4,
    "players": 3,
    "seat": 0,
    "names": ("Dora", "Emil"),
    "dealer": 2,
    "deal": 4,
    "seed": SEED,
    "deck": stack(FIRST, make_deck("AKQJT98765432", 2, jokers=2), SEED),
    "steps": (
        {"say": N_("Welcome to The Game of 65. This is hand 4 of 12: everybody holds 6 "
                   "cards (3 in hand 1, one more each hand). Wild in this hand: the sixes, "
                   "and the jokers. The wild rank moves up each hand: threes in hand 1, "
                   "fours in hand 2, and so on up to aces in hand 12."),
         "why": N_("Why the wild cards matter: a six or a joker in your hand can stand for "
                   "any card you lack in a meld, but left in your hand when somebody goes out "
                   "it costs 50 points, more than any other card. Low totals win."),
         "light": ("scores",)},
        {"say": N_("To go out you put every card but one in melds and discard the last. "
                   "A set is three or more cards of one rank; a run, three or more cards of "
                   "one suit in a row. You hold two nines, and the nine of clubs lies on the "
                   "discard pile: take it."),
         "why": N_("Why the discard pile: the nine of clubs makes a set of three with your "
                   "nines of spades and diamonds at once; the stock's card, face down, would "
                   "be a guess."),
         "light": ("pile",),
         "expect": ({"kind": "draw", "source": "discard"},),
         "refuse": (({"kind": "draw", "source": "stock"},
                     N_("The stock's card is a surprise, but the nine of clubs makes a set "
                        "with your two nines: take it from the discard pile.")),),
         "after": N_("Three nines: a set.")},
        {"say": N_("Every turn ends with a discard. The king of hearts fits in no meld of "
                   "yours, and if somebody went out now it would cost you 10 points. "
                   "Discard it, and keep the two of spades for now: it would cost only 2."),
         "why": N_("Why the king: it fits with nothing in your hand and would cost 10 points "
                   "if somebody went out, where the two of spades costs 2, and your four and "
                   "five of clubs wait for a run. (Cards left in a hand cost: wild cards 50, "
                   "aces 20, kings to tens 10, the others what they show.)"),
         "light": ("card:KH", "pile"),
         "expect": ({"kind": "discard", "card": "KH"},),
         "then": ({"kind": "draw", "source": "stock"}, {"kind": "discard", "card": "TC"},
                  {"kind": "draw", "source": "stock"}, {"kind": "discard", "card": "8H"}),
         "wrong": N_("Discard the king of hearts: it is in no meld, and it would cost you "
                     "10 points.")},
        {"say": N_("Emil discarded the eight of hearts: no use to you. Draw from the stock "
                   "instead."),
         "why": N_("Why the stock: the eight of hearts fits none of your melds, and taking "
                   "it would tell everybody what you collect. The stock's card may be the one "
                   "you need."),
         "light": ("stock",),
         "expect": ({"kind": "draw", "source": "stock"},),
         "refuse": (({"kind": "draw", "source": "discard"},
                     N_("The eight of hearts fits none of your melds: draw from the stock.")),),
         "after": N_("You drew the six of hearts: sixes are wild in this hand!")},
        {"say": N_("Your six of hearts is wild: it stands in for the six of clubs, and with "
                   "your four and five of clubs makes a run. With the three nines, every card "
                   "but the two of spades is in a meld. Press Arrange for me, then Go out: "
                   "the two is your discard."),
         "why": N_("Why go out now: every card but the two is in a meld, so your hand costs "
                   "you nothing, while the others pay for what they still hold. The six "
                   "stands for the six of clubs; a meld may hold no more wild cards than "
                   "natural ones, and this one holds one among three."),
         "light": ("move",),
         "expect": ({"kind": "go_out", "melds": [["9S", "9D", "9C"], ["4C", "5C", "6H"]],
                     "discard": "2S"},),
         "then": ({"kind": "draw", "source": "stock"},
                  {"kind": "lay", "melds": [["JS", "JH", "JD"]]},
                  {"kind": "discard", "card": "AD"},
                  {"kind": "draw", "source": "stock"}, {"kind": "discard", "card": "KS"}),
         "wrong": N_("Go out now: every card but the two of spades is in a meld."),
         "watch": N_("You went out: your hand costs you nothing, and you take 10¢ from the "
                     "pot. Now Dora and Emil each take one last turn: they may lay down "
                     "what melds they can, then discard.")},
    ),
    "end": N_("Dora laid down her three jacks on her last turn, but the eight, five and "
              "three still in her hand cost her 16 points. Emil kept a six, wild in this "
              "hand: 50 points on its own, 102 in all. You scored 0. After 12 hands the "
              "lowest total wins, and takes what is left in the pot."),
}
