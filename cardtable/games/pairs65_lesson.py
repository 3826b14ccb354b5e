"""Sixty-Five (pairs)'s guided first game: a pair is two cards of one colour worth 13
together (and two cards worth 13 in two colours are not one), what to keep and what to
let go, a swap, no discard once you hold three cards or fewer, the three cards drawn at
the start of the next turn, taking the top of the discard pile, and five pairs winning
at once.

You (seat 0) start against Noor. You draw the six of diamonds and lay two red pairs, let
go of one of two threes that wait for the same tens, swap away the eight of hearts (Noor
has laid one of its two fives) for the two of clubs that pairs your jack, hold three cards
and end the turn, draw three, take Noor's four of clubs and lay the last two pairs.
"""

from cardtable.engine.cards import make_deck
from cardtable.i18n import N_
from cardtable.lessons import stack

SEED = 6565

# one card at a time from your seat: yours Q♥ A♦ 7♦ 3♣ 8♥ 5♣ 9♠ 3♠ J♣; Noor's 5♦ 8♦ 2♣ 4♣
# Q♣ 7♠ 3♥ J♥ 9♦; then the draw pile from the top: 6♦ (you), 5♠ and 6♥ (Noor), then the
# three you draw at the start of your third turn: 10♣ 8♠ 2♦
FIRST = ("QH", "5D", "AD", "8D", "7D", "2C", "3C", "4C", "8H", "QC", "5C", "7S",
         "9S", "3H", "3S", "JH", "JC", "9D",
         "6D", "5S", "6H", "TC", "8S", "2D")

LESSON = {
    "title": N_("Sixty-Five (pairs) in one game"),
    "minutes": 5,
    "players": 2,
    "seat": 0,
    "names": ("Noor",),
    "dealer": 1,
    "seed": SEED,
    "deck": stack(FIRST, make_deck("QJT98765432A"), SEED),
    "steps": (
        {"say": N_("Welcome to Sixty-Five. You collect pairs: two cards of the same colour, "
                   "both red or both black, worth 13 together. An ace is worth 1, a jack 11, "
                   "a queen 12 (there are no kings). The first to lay five pairs wins."),
         "why": N_("Why 13: every pair adds up to 13, so each card has exactly two partners "
                   "of its colour: ace and queen, 2 and jack, 3 and 10, 4 and 9, 5 and 8, 6 "
                   "and 7. Your queen of hearts waits for the ace of hearts or of diamonds."),
         "light": ("scores",)},
        {"say": N_("Your turn starts with one card: from the draw pile, from the discard "
                   "pile (empty for now) or by a swap with Noor. Draw from the draw pile."),
         "why": N_("Why the draw pile: the discard pile is empty, and a swap is for when you "
                   "know which card to give away. A turn: take one card, lay any pairs you "
                   "have, then discard one card."),
         "light": ("stock",),
         "expect": ({"kind": "draw", "source": "stock"},),
         "wrong": N_("Draw from the draw pile this time: the swap comes later."),
         "after": N_("You drew the six of diamonds.")},
        {"say": N_("The queen of hearts and the ace of diamonds: 12 and 1 make 13, and both "
                   "are red. Lay them as a pair: drag one onto the other, or click both, "
                   "then Lay pair."),
         "why": N_("Why these two: the queen (12) and the ace (1) add up to 13, and hearts "
                   "and diamonds are both red (spades and clubs are black). Laid, they are "
                   "the first of your five pairs."),
         "light": ("card:QH", "card:AD"),
         "expect": ({"kind": "pair", "cards": ["AD", "QH"]},),
         "refuse": (({"kind": "pair", "cards": ["6D", "7D"]},
                     N_("That is a pair too: lay it next. First the queen and the ace.")),),
         "wrong": N_("Lay the queen of hearts with the ace of diamonds."),
         "after": N_("Your first pair.")},
        {"say": N_("The six you drew pairs with your seven of diamonds: 6 and 7, both red. "
                   "Lay them. (Your eight of hearts and five of clubs add up to 13 as well, "
                   "but one is red and the other black: no pair.)"),
         "why": N_("Why lay it now: only the pairs on the table count towards your five, and "
                   "your hand keeps only the cards still waiting for a partner."),
         "light": ("card:6D", "card:7D"),
         "expect": ({"kind": "pair", "cards": ["6D", "7D"]},),
         "wrong": N_("Lay the seven and the six of diamonds."),
         "after": N_("Two pairs.")},
        {"say": N_("Now one card goes to the discard pile. What to keep? Each card waits "
                   "for one of two partners. Your threes of clubs and of spades wait for the "
                   "same two black tens: one three is enough. Discard the three of clubs."),
         "why": N_("Why the three of clubs: it waits for the ten of clubs or of spades, and "
                   "so does your three of spades. One three is enough; each of your other "
                   "cards waits for partners of its own."),
         "light": ("card:3C", "pile"),
         "expect": ({"kind": "discard", "card": "3C"},),
         "then": ({"kind": "draw", "source": "stock"}, {"kind": "pair", "cards": ["5D", "8D"]},
                  {"kind": "discard", "card": "9D"}),
         "refuse": (({"kind": "discard", "card": "3S"},
                     N_("Keep the three of spades, and let the three of clubs go: they wait "
                        "for the same tens.")),),
         "wrong": N_("Discard the three of clubs: your three of spades waits for the same "
                     "two tens."),
         "after": N_("Noor drew, laid the five and the eight of diamonds, and discarded the "
                     "nine of diamonds.")},
        {"say": N_("Noor's pair holds the five of diamonds: your eight of hearts has only "
                   "the five of hearts left to wait for. Give it away in a swap: click it, "
                   "then Swap with Noor. She chooses one of her cards for you without "
                   "seeing yours."),
         "why": N_("Why the eight: it pairs only with a red five, and Noor has laid the five "
                   "of diamonds, so one card is left for it; your other cards have more "
                   "partners to come. In a swap neither player sees the other's card before "
                   "they change hands, and it is your one card of the turn."),
         "light": ("card:8H", "plate:1"),
         "expect": ({"kind": "swap", "target": 1, "card": "8H"},),
         "then": ({"kind": "give", "card": "2C"},),
         "refuse": (({"kind": "draw", "source": "discard"},
                     N_("The nine of diamonds pairs with nothing of yours: swap your eight "
                        "of hearts with Noor.")),
                    ({"kind": "draw", "source": "stock"},
                     N_("Try the swap this time: give Noor your eight of hearts."))),
         "wrong": N_("Give Noor your eight of hearts: click it, then Swap with Noor."),
         "after": N_("Noor gave you the two of clubs for your eight of hearts.")},
        {"say": N_("Luck: the two of clubs pairs with your jack of clubs, 2 and 11, both "
                   "black. Lay them."),
         "why": N_("Why: 2 and 11 make 13, both clubs. A card taken in a swap is yours like "
                   "any other, and laying the pair leaves you three cards."),
         "light": ("card:2C", "card:JC"),
         "expect": ({"kind": "pair", "cards": ["2C", "JC"]},),
         "wrong": N_("Lay the two and the jack of clubs."),
         "after": N_("Three pairs.")},
        {"say": N_("You hold three cards: with three cards or fewer you do not discard. End "
                   "your turn."),
         "why": N_("Why no discard: with three cards you keep them all, and since you hold "
                   "three or fewer, your next turn begins with three cards from the draw "
                   "pile."),
         "light": ("button:End turn",),
         "expect": ({"kind": "done"},),
         "then": ({"kind": "draw", "source": "stock"}, {"kind": "discard", "card": "4C"})},
        {"say": N_("You held three cards, so your turn began with three more from the draw "
                   "pile. Noor's four of clubs lies on the discard pile, and it pairs with "
                   "your nine of spades: take it."),
         "why": N_("Why the discard pile: the four of clubs makes 13 with your nine of "
                   "spades, both black: a sure pair, where the draw pile is a guess."),
         "light": ("pile",),
         "expect": ({"kind": "draw", "source": "discard"},),
         "refuse": (({"kind": "draw", "source": "stock"},
                     N_("The four of clubs on the discard pile makes a pair with your nine "
                        "of spades: take it.")),),
         "wrong": N_("Take the four of clubs from the discard pile."),
         "after": N_("You took the four of clubs.")},
        {"say": N_("Lay the nine of spades and the four of clubs: 9 and 4, both black."),
         "why": N_("Why: 9 and 4 make 13, and spades and clubs are both black. It is your "
                   "fourth pair: one more wins."),
         "light": ("card:9S", "card:4C"),
         "expect": ({"kind": "pair", "cards": ["4C", "9S"]},),
         "wrong": N_("Lay the nine of spades with the four of clubs first."),
         "after": N_("Four pairs on the table.")},
        {"say": N_("Your fifth pair: the three of spades and the ten of clubs you just drew. "
                   "Lay it, and the game is yours at once."),
         "why": N_("Why now: the first player with five pairs on the table wins at once, "
                   "before Noor can play again: no discard."),
         "light": ("card:3S", "card:TC"),
         "expect": ({"kind": "pair", "cards": ["3S", "TC"]},),
         "wrong": N_("Lay the three of spades with the ten of clubs."),
         "after": N_("Five pairs: you won the game!")},
    ),
    "end": N_("Remember: a pair is one colour and worth 13; keep the cards with the most "
              "partners still to come; and a card on the discard pile is there for the next "
              "player to take."),
}
