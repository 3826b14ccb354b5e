"""65, the Japanese partnership trick game (rules: shared/rules/japanese65.md).

Four players, seats 0+2 against 1+3, 48 cards (no 2s), spades always trumps,
follow suit if you can. The twist is where a trick's cards go: the winning side
keeps only the card the winner's partner played; the other three go to the
opponents' pile. A deal is worth 65 points: 2 per trick, 1 for the last trick,
and A=4 K=3 Q=2 J=1 over the cards each side holds at the end.
"""

from __future__ import annotations

import random

from . import checks as ck
from .cards import make_deck
from .core import Action, Event, GameState, IllegalAction, Kind
from .registry import CodeLayout, GameSpec, OptionSpec
from .tricks import (
    card_points,
    deal_with_voids,
    follow_suit_options,
    rank_strength,
    winning_index,
)

RANKS_HIGH_TO_LOW = "AKQJT9876543"
ORDER = rank_strength(RANKS_HIGH_TO_LOW)
TRUMP = "S"
CARD_VALUES = {"A": 4, "K": 3, "Q": 2, "J": 1}
TRICKS_PER_DEAL = 12
DECK = make_deck(RANKS_HIGH_TO_LOW)
PLAY = {c: Action("play", card=c) for c in DECK}


def side_of(seat: int) -> int:
    """Side 0 is seats 0 and 2, side 1 is seats 1 and 3."""
    return seat & 1


#: (deal points at least, game points): the steps of a deal's game points
GAME_POINT_STEPS = ((41, 2), (33, 1))


def game_points_for(points: int) -> int:
    """33 or more scores 1 game point, 41 or more scores 2."""
    for least, game in GAME_POINT_STEPS:
        if points >= least:
            return game
    return 0


#: a hand: the cards a seat holds
HAND = ck.list_of(ck.card, most=TRICKS_PER_DEAL)


def trick_of(most: int = 4, size: int | None = None) -> ck.Spec:
    """A trick as [seat, card] pairs: ``size`` of them, or at most ``most``."""
    pairs = ck.list_of(ck.anything, size=size, most=most)
    return lambda v, ctx: pairs(v, ctx) and ck.played(v, ctx)


class Japanese65State(GameState):
    GAME_ID = "japanese65"
    #: a card played is the only move
    MOVES = (Kind("play", ("card",)),)
    FIELDS = (
        "hands",         # list of 4 lists of codes
        "trick",         # [[seat, card], ...] of the trick in progress
        "leader",        # seat that led (or leads) the current trick
        "turn",          # seat to act
        "tricks_won",    # per side
        "partner_cards", # per side: the partner-cards kept face down, in order won
        "piles",         # per side: cards received from the other side's tricks
        "tricks_played",
        "last_trick",    # {"cards": [[seat, card]...], "winner": seat} or None
        "last_trick_side",  # side that won the 12th trick (after it is played)
        "voids",         # per seat: suits that seat has shown out of (public knowledge)
    )

    SCHEMA = {
        "hands": ck.per_seat(ck.list_of(ck.card, most=TRICKS_PER_DEAL)),
        "trick": lambda v, ctx: ck.played(v, ctx) and len(v) < 4,
        "leader": ck.seat,
        "turn": ck.seat,
        "tricks_won": ck.pair_of(ck.integer(0, TRICKS_PER_DEAL)),
        "partner_cards": ck.pair_of(ck.list_of(ck.card, most=TRICKS_PER_DEAL)),
        "piles": ck.pair_of(ck.list_of(ck.card, most=3 * TRICKS_PER_DEAL)),
        "tricks_played": ck.integer(0, TRICKS_PER_DEAL),
        "last_trick": ck.maybe(ck.obj({
            "cards": lambda v, ctx: ck.played(v, ctx) and len(v) == 4, "winner": ck.seat})),
        "last_trick_side": ck.maybe(ck.integer(0, 1)),
        "voids": ck.per_seat(ck.SUITS),
    }
    #: a deal's points so far, per side (``deal_points``)
    RUNNING = {"trick_points": ck.pair_of(ck.integer(0, 2 * TRICKS_PER_DEAL)),
               "last_trick": ck.pair_of(ck.integer(0, 1)),
               "card_points": ck.pair_of(ck.integer(0, 40)),
               "points": ck.pair_of(ck.integer(0, 65))}
    ROW = ck.obj({"deal": ck.integer(1), "dealer": ck.seat,
                  "tricks": ck.pair_of(ck.integer(0, TRICKS_PER_DEAL)), **RUNNING,
                  "game_points": ck.pair_of(ck.integer(0, 2))})
    VIEW = {
        "game": ck.word(), "seat": ck.seat, "side": ck.integer(0, 1),
        "n_players": ck.integer(4, 4), "deal": ck.integer(1), "dealer": ck.seat,
        "current_player": ck.maybe(ck.seat), "trump": ck.suit, "hand": HAND,
        "hand_sizes": ck.per_seat(ck.integer(0, TRICKS_PER_DEAL)),
        "trick": trick_of(most=3), "leader": ck.seat,
        "tricks_won": ck.pair_of(ck.integer(0, TRICKS_PER_DEAL)),
        "tricks_played": ck.integer(0, TRICKS_PER_DEAL),
        "partner_cards": ck.pair_of(HAND), "piles": SCHEMA["piles"],
        "last_trick": ck.maybe(ck.obj({"cards": trick_of(size=4), "winner": ck.seat})),
        "voids": ck.per_seat(ck.SUITS), "running": ck.obj(RUNNING),
        "match_scores": ck.SCORES, "options": ck.OPTIONS, "is_over": ck.boolean,
        "winners": ck.WINNERS,
    }
    EVENTS = {
        "dealt": ck.obj({"deal": ck.integer(1), "dealer": ck.seat, "first": ck.seat,
                         "hand_sizes": ck.per_seat(ck.integer(0, TRICKS_PER_DEAL)),
                         "trump": ck.suit}),
        "received": ck.obj({"seat": ck.seat, "count": ck.integer(0, TRICKS_PER_DEAL)},
                           {"cards": HAND}),
        "played": ck.obj({"seat": ck.seat, "card": ck.card}),
        "trick_won": ck.obj({"winner": ck.seat, "side": ck.integer(0, 1),
                             "cards": trick_of(size=4), "to_winner": ck.card,
                             "to_opponents": ck.list_of(ck.card, size=3),
                             "trick_no": ck.integer(1, TRICKS_PER_DEAL),
                             "points": RUNNING["points"]}),
        "match_over": ck.obj({"winners": ck.WINNERS, "scores": ck.SCORES}),
    }
    REFUSALS = {"must_follow_suit": ck.obj({"suit": ck.suit})}

    # ------------------------------------------------------------------ setup
    def _init_fields(self) -> None:
        self.hands = [[], [], [], []]
        self.trick = []
        self.leader = 0
        self.turn = 0
        self.tricks_won = [0, 0]
        self.partner_cards = [[], []]
        self.piles = [[], []]
        self.tricks_played = 0
        self.last_trick = None
        self.last_trick_side = None
        self.voids = [[], [], [], []]

    def _full_deck(self) -> list[str]:
        return list(DECK)

    def _deal(self, stacked: list[str] | None = None) -> list[Event]:
        """12 cards each, one at a time, starting with the dealer's left."""
        deck = self._deck_for_deal(stacked)
        self.deal_no += 1
        hands: list[list[str]] = [[], [], [], []]
        first = (self.dealer + 1) % 4
        for i, card in enumerate(deck):
            hands[(first + i) % 4].append(card)
        self._init_fields()  # every per-deal field starts afresh
        self.hands = hands
        self.leader = first
        self.turn = first
        events = [
            Event(
                "dealt",
                {"deal": self.deal_no, "dealer": self.dealer, "first": first,
                 "hand_sizes": [12, 12, 12, 12], "trump": TRUMP},
            )
        ]
        for seat in range(4):
            events.append(
                Event("received", {"seat": seat, "count": 12},
                      {"cards": list(hands[seat])}, (seat,))
            )
        return events

    # ------------------------------------------------------------------ protocol
    @property
    def current_player(self) -> int | None:
        return None if self.over else self.turn

    def _playable(self, hand: list[str]) -> list[str]:
        if not self.trick:
            return hand
        return follow_suit_options(hand, self.trick[0][1][1])

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        return [PLAY[c] for c in self._playable(self.hands[self.turn])]

    def _check(self, action: Action) -> None:
        if action.kind != "play":
            raise IllegalAction("wrong_kind", "in this game you can only play a card")
        card = action.card
        hand = self.hands[self.turn]
        if card not in hand:
            raise IllegalAction("not_in_hand", f"{card} is not in your hand")
        if self.trick:
            led = self.trick[0][1][1]
            if card not in follow_suit_options(hand, led):
                raise IllegalAction("must_follow_suit", "you must follow the suit led",
                                    suit=led)

    def _apply(self, action: Action) -> list[Event]:
        seat = self.turn
        card = action.card
        self.hands[seat].remove(card)
        if self.trick:
            led = self.trick[0][1][1]
            if card[1] != led and led not in self.voids[seat]:
                self.voids[seat].append(led)
        self.trick.append([seat, card])
        events = [Event("played", {"seat": seat, "card": card})]
        if len(self.trick) < 4:
            self.turn = (seat + 1) % 4
            return events
        return events + self._finish_trick()

    def _finish_trick(self) -> list[Event]:
        trick = self.trick
        cards = [c for _, c in trick]
        w = winning_index(cards, TRUMP, ORDER)
        winner = trick[w][0]
        partner = (winner + 2) % 4
        side = side_of(winner)
        partner_card = next(c for s, c in trick if s == partner)
        others = [c for s, c in trick if s != partner]
        self.partner_cards[side].append(partner_card)
        self.piles[1 - side].extend(others)
        self.tricks_won[side] += 1
        self.tricks_played += 1
        if self.tricks_played == TRICKS_PER_DEAL:
            self.last_trick_side = side
        self.last_trick = {"cards": [list(p) for p in trick], "winner": winner}
        self.trick = []
        self.leader = winner
        self.turn = winner
        events = [
            Event(
                "trick_won",
                {"winner": winner, "side": side, "cards": [list(p) for p in trick],
                 "to_winner": partner_card, "to_opponents": others,
                 "trick_no": self.tricks_played,
                 # each side's points of the deal so far (every card in them was seen)
                 "points": self.deal_points()["points"]},
            )
        ]
        if self.tricks_played == TRICKS_PER_DEAL:
            events += self._score_deal()
        return events

    def deal_points(self) -> dict:
        """The deal's points so far, per side (complete once 12 tricks are played)."""
        tricks = [2 * t for t in self.tricks_won]
        last = [0, 0]
        if self.last_trick_side is not None:
            last[self.last_trick_side] = 1
        cards = [
            card_points(self.partner_cards[s] + self.piles[s], CARD_VALUES) for s in (0, 1)
        ]
        total = [tricks[s] + last[s] + cards[s] for s in (0, 1)]
        return {"trick_points": tricks, "last_trick": last, "card_points": cards, "points": total}

    @classmethod
    def deal_change(cls, row: dict, n_players: int) -> list[int]:
        """Each seat gets its side's game points."""
        return [row["game_points"][side_of(seat)] for seat in range(n_players)]

    @classmethod
    def deal_measure(cls, row: dict, n_players: int) -> list[int]:
        """Each seat's side's points of the deal (tricks, last trick and cards)."""
        return [row["points"][side_of(seat)] for seat in range(n_players)]

    def _score_deal(self) -> list[Event]:
        pts = self.deal_points()
        game = [game_points_for(p) for p in pts["points"]]
        row = {
            "deal": self.deal_no,
            "dealer": self.dealer,
            "tricks": list(self.tricks_won),
            **pts,
            "game_points": game,
        }
        self.score_sheet.append(row)
        for seat in range(4):
            self.match_scores[seat] += game[side_of(seat)]
        events = [self._deal_scored()]
        target = self.options["target"]
        leaders = [s for s in (0, 1) if self.match_scores[s] >= target]
        if leaders:
            side = leaders[0]
            self.over = True
            self.winners = [side, side + 2]
            events.append(Event("match_over", {"winners": list(self.winners),
                                               "scores": list(self.match_scores)}))
        else:
            self.dealer = (self.dealer + 1) % 4
            events += self._deal()
        return events

    # ------------------------------------------------------------------ information
    def hand(self, seat: int) -> list[str]:
        return list(self.hands[seat])

    def all_cards(self) -> list[str]:
        out = [c for h in self.hands for c in h]
        out += [c for _, c in self.trick]
        for s in (0, 1):
            out += self.partner_cards[s] + self.piles[s]
        return out

    def view(self, seat: int) -> dict:
        """What ``seat`` knows: its own hand, and everything played face up this deal."""
        return {
            "game": self.GAME_ID,
            "seat": seat,
            "side": side_of(seat),
            "n_players": 4,
            "deal": self.deal_no,
            "dealer": self.dealer,
            "current_player": self.current_player,
            "trump": TRUMP,
            "hand": list(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "trick": [list(p) for p in self.trick],
            "leader": self.leader,
            "tricks_won": list(self.tricks_won),
            "tricks_played": self.tricks_played,
            "partner_cards": [list(p) for p in self.partner_cards],
            "piles": [list(p) for p in self.piles],
            "last_trick": None if self.last_trick is None else {
                "cards": [list(p) for p in self.last_trick["cards"]],
                "winner": self.last_trick["winner"],
            },
            "voids": [list(v) for v in self.voids],
            "running": self.deal_points(),
            "match_scores": list(self.match_scores),
            "options": dict(self.options),
            "is_over": self.over,
            "winners": list(self.winners),
        }

    def _validate_loaded(self) -> None:
        super()._validate_loaded()
        need = ck.require
        for seat in range(4):
            won = sum(row["game_points"][side_of(seat)] for row in self.score_sheet)
            need(self.match_scores[seat] == won, "the scores do not add up")
        if self.over:
            return
        played = self.tricks_played
        need(played == sum(self.tricks_won) and played < TRICKS_PER_DEAL,
             "the tricks played do not match the tricks won")
        for side in (0, 1):
            need(len(self.partner_cards[side]) == self.tricks_won[side]
                 and len(self.piles[side]) == 3 * self.tricks_won[1 - side],
                 "the piles do not match the tricks won")
        seats = [s for s, _ in self.trick]
        need(seats == [(self.leader + i) % 4 for i in range(len(seats))]
             and self.turn == (self.leader + len(seats)) % 4, "the trick is out of turn")
        for seat in range(4):
            need(len(self.hands[seat]) == TRICKS_PER_DEAL - played - (seat in seats),
                 "a hand holds the wrong number of cards")
        need((self.last_trick is None) == (played == 0) and self.last_trick_side is None,
             "the last trick does not match the tricks played")
        if self.last_trick is not None:
            need(self.last_trick["winner"] == self.leader, "the leader did not win the trick")

    def determinize(self, seat: int, rng: random.Random) -> Japanese65State:
        """Re-deal the other three hands at random, keeping sizes and known voids."""
        new = self.clone()
        others = [s for s in range(4) if s != seat]
        pool = [c for s in others for c in self.hands[s]]
        sizes = {s: len(self.hands[s]) for s in others}
        voids = {s: set(self.voids[s]) for s in others}
        new_hands = deal_with_voids(pool, sizes, voids, rng)
        for s in others:
            new.hands[s] = new_hands[s]
        return new


SPEC = GameSpec(
    id="japanese65",
    code=0,
    code_layout=CodeLayout((4, 4), 1, (("target", tuple(range(1, 21)), 5),)),
    name="65 (Japanese partnership)",
    min_players=4,
    max_players=4,
    state_class=Japanese65State,
    options=(OptionSpec("target", "Game points to win", 5, "int", 1, 20),),
    family="trick-taking",
    blurb="Two partnerships, spades trumps; winning a trick earns you your partner's card.",
    partnerships=((0, 2), (1, 3)),
    target_option="target",
    measure_unit="points",
    emblem_suit="S",
    quick_options={"target": 1},
)
Japanese65State.SPEC = SPEC
