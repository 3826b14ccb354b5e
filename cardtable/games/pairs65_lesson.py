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
         "why": N_("The pairs are ace and queen, 2 and jack, 3 and 10, 4 and 9, 5 and 8, "
                   "6 and 7, both of one colour."),
         "light": ("scores",)},
        {"say": N_("Your turn starts with one card: from the draw pile, from the discard "
                   "pile (empty for now) or by a swap with Noor. Draw from the draw pile."),
         "why": N_("A turn: take one card, lay any pairs you have, then discard one card."),
         "light": ("stock",),
         "expect": ({"kind": "draw", "source": "stock"},),
         "wrong": N_("Draw from the draw pile this time: the swap comes later."),
         "after": N_("You draw the six of diamonds.")},
        {"say": N_("The queen of hearts and the ace of diamonds: 12 and 1 make 13, and both "
                   "are red. Lay them as a pair: drag one onto the other, or click both, "
                   "then Lay pair."),
         "why": N_("Hearts and diamonds are red, spades and clubs black. A pair is two cards "
                   "of one colour whose values add up to 13."),
         "light": ("card:QH", "card:AD"),
         "expect": ({"kind": "pair", "cards": ["AD", "QH"]},),
         "refuse": (({"kind": "pair", "cards": ["6D", "7D"]},
                     N_("That is a pair too: lay it next. First the queen and the ace.")),),
         "wrong": N_("Lay the queen of hearts with the ace of diamonds."),
         "after": N_("Your first pair.")},
        {"say": N_("The six you drew pairs with your seven of diamonds: 6 and 7, both red. "
                   "Lay them. (Your eight of hearts and five of clubs add up to 13 as well, "
                   "but one is red and the other black: no pair.)"),
         "why": N_("Two cards worth 13 make a pair only when they are of one colour."),
         "light": ("card:6D", "card:7D"),
         "expect": ({"kind": "pair", "cards": ["6D", "7D"]},),
         "wrong": N_("Lay the seven and the six of diamonds."),
         "after": N_("Two pairs.")},
        {"say": N_("Now one card goes to the discard pile. What to keep? Each card waits "
                   "for one of two partners. Your threes of clubs and of spades wait for the "
                   "same two black tens: one three is enough. Discard the three of clubs."),
         "why": N_("Keep the cards that still have the most partners to come; let go of a "
                   "card that waits for the same partners as another, or whose partners "
                   "are already laid."),
         "light": ("card:3C", "pile"),
         "expect": ({"kind": "discard", "card": "3C"},),
         "then": ({"kind": "draw", "source": "stock"}, {"kind": "pair", "cards": ["5D", "8D"]},
                  {"kind": "discard", "card": "9D"}),
         "refuse": (({"kind": "discard", "card": "3S"},
                     N_("Keep the three of spades, and let the three of clubs go: they wait "
                        "for the same tens.")),),
         "wrong": N_("Discard the three of clubs: your three of spades waits for the same "
                     "two tens."),
         "after": N_("Noor draws, lays the five and the eight of diamonds, and discards.")},
        {"say": N_("Noor's pair holds the five of diamonds: your eight of hearts has only "
                   "the five of hearts left to wait for. Give it away in a swap: click it, "
                   "then Swap with Noor. She chooses one of her cards for you without "
                   "seeing yours."),
         "why": N_("In a swap you choose a card to give, the other player chooses one to "
                   "give you, neither sees the other's choice, then the two cards change "
                   "hands. It is your one card of the turn."),
         "light": ("card:8H", "plate:1"),
         "expect": ({"kind": "swap", "target": 1, "card": "8H"},),
         "then": ({"kind": "give", "card": "2C"},),
         "refuse": (({"kind": "draw", "source": "discard"},
                     N_("The nine of diamonds pairs with nothing of yours: swap your eight "
                        "of hearts with Noor.")),
                    ({"kind": "draw", "source": "stock"},
                     N_("Try the swap this time: give Noor your eight of hearts."))),
         "wrong": N_("Give Noor your eight of hearts: click it, then Swap with Noor."),
         "after": N_("Noor gives you the two of clubs.")},
        {"say": N_("Luck: the two of clubs pairs with your jack of clubs, 2 and 11, both "
                   "black. Lay them."),
         "why": N_("A card taken in a swap is yours like any other."),
         "light": ("card:2C", "card:JC"),
         "expect": ({"kind": "pair", "cards": ["2C", "JC"]},),
         "wrong": N_("Lay the two and the jack of clubs."),
         "after": N_("Three pairs.")},
        {"say": N_("You hold three cards: with three cards or fewer you do not discard. End "
                   "your turn."),
         "why": N_("With three cards or fewer in your hand at the start of your turn, you "
                   "first draw three cards from the draw pile."),
         "light": ("button:End turn",),
         "expect": ({"kind": "done"},),
         "then": ({"kind": "draw", "source": "stock"}, {"kind": "discard", "card": "4C"}),
         "after": N_("Noor draws and discards the four of clubs.")},
        {"say": N_("You held three cards, so your turn began with three more from the draw "
                   "pile. Noor's four of clubs lies on the discard pile, and it pairs with "
                   "your nine of spades: take it."),
         "why": N_("The top card of the discard pile is yours to take instead of drawing: "
                   "everybody sees which card you took."),
         "light": ("pile",),
         "expect": ({"kind": "draw", "source": "discard"},),
         "refuse": (({"kind": "draw", "source": "stock"},
                     N_("The four of clubs on the discard pile makes a pair with your nine "
                        "of spades: take it.")),),
         "wrong": N_("Take the four of clubs from the discard pile."),
         "after": N_("You take the four of clubs.")},
        {"say": N_("Lay the nine of spades and the four of clubs: 9 and 4, both black."),
         "why": N_("Spades and clubs are both black."),
         "light": ("card:9S", "card:4C"),
         "expect": ({"kind": "pair", "cards": ["4C", "9S"]},),
         "wrong": N_("Lay the nine of spades with the four of clubs first."),
         "after": N_("Four pairs: one more wins.")},
        {"say": N_("Your fifth pair: the three of spades and the ten of clubs you just drew. "
                   "Lay it, and the game is yours at once."),
         "why": N_("The first player with five pairs on the table wins at once: no discard, "
                   "nobody plays again."),
         "light": ("card:3S", "card:TC"),
         "expect": ({"kind": "pair", "cards": ["3S", "TC"]},),
         "wrong": N_("Lay the three of spades with the ten of clubs."),
         "after": N_("Five pairs: you win!")},
    ),
    "end": N_("Five pairs: you won the game. Remember: one colour, worth 13; keep the "
              "cards with the most partners still to come; and a card on the discard pile "
              "is there for the next player to take."),
}
