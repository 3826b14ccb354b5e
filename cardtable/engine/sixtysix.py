"""Sixty-Six, the two-player stock game of the Schnapsen family (rules: shared/rules/sixtysix.md).

24 cards (A T K Q J 9), six each, a turned-up trump card under an 11-card stock.
While the stock is open anything may be played and both players draw after each
trick; once it is exhausted or closed, suit must be followed. Marriages (K+Q)
score 20 or 40, the leader holding the nine of trumps may take the face-up trump,
and the first to claim 66 card-and-marriage points correctly wins the deal.

Decisions beyond the specification, all kept in this module:

* The nine of trumps may be exchanged whenever the stock is open and not closed,
  including when only the face-up trump and one face-down card remain.
* A claim is allowed whenever the claimant is the current player: on lead, while
  following, and right after announcing a marriage (the classic "marry and claim").
* Only one marriage may be announced per lead; after it the announcer must lead
  its king or queen (or claim).
* ``determinize`` keeps the cards a seat has seen in the opponent's hand (marriage
  partners, the face-up trump taken by exchange or drawn last) and the suits the
  opponent has shown out of in later play; it does not model the weaker
  inferences of strict later play ("could not head the trick").
"""

from __future__ import annotations

import random

from . import checks as ck
from . import sixtysix_shapes
from .cards import SUITS, make_deck
from .core import Action, ConfigError, Event, GameState, IllegalAction, Kind
from .registry import CodeLayout, GameSpec, OptionSpec
from .tricks import beats, deal_with_voids, rank_strength

RANKS_HIGH_TO_LOW = "ATKQJ9"
ORDER = rank_strength(RANKS_HIGH_TO_LOW)
CARD_VALUES = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
DECK = tuple(make_deck(RANKS_HIGH_TO_LOW))
HAND_SIZE = 6
STOCK_SIZE = 12  # 11 face down + the turned-up trump card, drawn last
WIN_POINTS = 66
SCHNEIDER = 33  # an opponent below this makes a win worth 2
LAST_TRICK_BONUS = 10
MARRIAGE_POINTS = 20
TRUMP_MARRIAGE_POINTS = 40

# cached actions: legal_actions() hands out these shared immutable objects
PLAY = {c: Action("play", card=c) for c in DECK}
MARRIAGE = {s: Action("marriage", suit=s) for s in SUITS}
EXCHANGE = Action("exchange")
CLOSE = Action("close")
CLAIM = Action("claim")
KING = {s: "K" + s for s in SUITS}
QUEEN = {s: "Q" + s for s in SUITS}
NINE = {s: "9" + s for s in SUITS}


class SixtySixState(GameState):
    GAME_ID = "sixtysix"
    #: a card played; a marriage announced; the nine of trumps exchanged; the stock
    #: closed; 66 claimed
    MOVES = (Kind("play", ("card",)), Kind("marriage", ("suit",)), Kind("exchange"),
             Kind("close"), Kind("claim"))
    FIELDS = (
        "hands",          # [cards of seat 0, cards of seat 1]
        "stock",          # top first; the last card is the turned-up trump card
        "trump",          # trump suit letter of this deal
        "trump_card",     # the card turned up at the deal (for the record)
        "leader",         # seat that leads (or led) the current trick
        "trick",          # the lead card while the follower is to play, else []
        "won",            # per seat: cards won in tricks (public: seen when played)
        "tricks",         # per seat: number of tricks won this deal
        "card_points",    # per seat: card points in the won pile
        "marriage_points",  # per seat: marriage points scored (not pending)
        "marriages",      # [{"seat", "suit", "points", "scored"}] announced this deal
        "announced",      # suit just announced by the leader, whose K or Q must be led
        "known",          # per seat: cards in that seat's hand its opponent has seen
        "voids",          # per seat: suits shown out of in later play (public inference)
        "closed",
        "closer",
        "closer_opp_had_trick",  # had the closer's opponent won a trick when closed?
        "last_trick",     # {"leader", "cards", "winner", "points"} of the last finished trick
        "last_trick_bonus",  # seat that scored the 10 for the last trick, or None
    )

    SCHEMA = {
        "hands": ck.pair_of(ck.list_of(ck.card, most=HAND_SIZE)),
        "stock": ck.list_of(ck.card, most=STOCK_SIZE),
        "trump": ck.suit,
        "trump_card": ck.maybe(ck.card),
        "leader": ck.seat,
        "trick": ck.list_of(ck.card, most=1),
        "won": ck.pair_of(ck.list_of(ck.card, most=24)),
        "tricks": ck.pair_of(ck.integer(0, 12)),
        "card_points": ck.pair_of(ck.integer(0, 120)),
        "marriage_points": ck.pair_of(ck.integer(0, 100)),
        "marriages": ck.list_of(ck.obj({"seat": ck.seat, "suit": ck.suit,
                                        "points": ck.integer(20, 40), "scored": ck.boolean}),
                                most=4),
        "announced": ck.maybe(ck.suit),
        "known": ck.pair_of(ck.list_of(ck.card, most=HAND_SIZE)),
        "voids": ck.pair_of(ck.SUITS),
        "closed": ck.boolean,
        "closer": ck.maybe(ck.seat),
        "closer_opp_had_trick": ck.maybe(ck.boolean),
        "last_trick": ck.maybe(ck.obj({"leader": ck.seat, "cards": ck.list_of(ck.card, size=2),
                                       "winner": ck.seat, "points": ck.integer(0, 22)})),
        "last_trick_bonus": ck.maybe(ck.seat),
    }
    ROW = ck.obj({
        "deal": ck.integer(1), "dealer": ck.seat, "trump": ck.suit,
        "points": ck.pair_of(ck.integer(0, 250)),
        "card_points": ck.pair_of(ck.integer(0, 120)),
        "marriages": ck.pair_of(ck.integer(0, 100)),
        "last_trick": ck.pair_of(ck.integer(0, LAST_TRICK_BONUS)),
        "tricks": ck.pair_of(ck.integer(0, 12)),
        "reason": ck.word("claim", "wrong_claim", "closer_made", "closer_failed",
                          "played_out", "both_66", "tie"),
        "claimant": ck.maybe(ck.seat), "closer": ck.maybe(ck.seat),
        "game_points": ck.pair_of(ck.integer(0, 3)),
        "winner": ck.maybe(ck.seat),
    })
    VIEW, EVENTS, REFUSALS = sixtysix_shapes.shapes(HAND_SIZE, STOCK_SIZE, len(DECK), ROW)

    # ------------------------------------------------------------------ setup
    def _init_fields(self) -> None:
        self.hands = [[], []]
        self.stock = []
        self.trump = "S"
        self.trump_card = None
        self.leader = 0
        self.trick = []
        self.won = [[], []]
        self.tricks = [0, 0]
        self.card_points = [0, 0]
        self.marriage_points = [0, 0]
        self.marriages = []
        self.announced = None
        self.known = [[], []]
        self.voids = [[], []]
        self.closed = False
        self.closer = None
        self.closer_opp_had_trick = None
        self.last_trick = None
        self.last_trick_bonus = None

    def _full_deck(self) -> list[str]:
        return list(DECK)

    def _deal(self, stacked: list[str] | None = None) -> list[Event]:
        """Three to the non-dealer, three to the dealer, again, then turn up the trump."""
        deck = self._deck_for_deal(stacked)
        self.deal_no += 1
        dealer = self.dealer
        first = 1 - dealer
        hands = [[], []]
        hands[first] = deck[0:3] + deck[6:9]
        hands[dealer] = deck[3:6] + deck[9:12]
        turned = deck[12]
        self._init_fields()  # every per-deal field starts afresh
        self.hands = hands
        self.stock = deck[13:] + [turned]
        self.trump = turned[1]
        self.trump_card = turned
        self.leader = first
        return [
            Event(
                "dealt",
                {"deal": self.deal_no, "dealer": dealer, "leader": first,
                 "trump": self.trump, "trump_card": turned,
                 "stock_size": STOCK_SIZE, "hand_sizes": [HAND_SIZE, HAND_SIZE]},
            ),
            Event("received", {"seat": first, "count": HAND_SIZE},
                  {"cards": list(hands[first])}, (first,)),
            Event("received", {"seat": dealer, "count": HAND_SIZE},
                  {"cards": list(hands[dealer])}, (dealer,)),
        ]

    # ------------------------------------------------------------------ phase helpers
    @property
    def current_player(self) -> int | None:
        if self.over:
            return None
        return 1 - self.leader if self.trick else self.leader

    def points(self, seat: int) -> int:
        """Deal points that count now: cards won, scored marriages, last-trick bonus."""
        bonus = LAST_TRICK_BONUS if self.last_trick_bonus == seat else 0
        return self.card_points[seat] + self.marriage_points[seat] + bonus

    def _follow_options(self, hand: list[str]) -> list[str]:
        """Cards the follower may play in later play (the lead card is self.trick[0])."""
        lead = self.trick[0]
        led = lead[1]
        same = [c for c in hand if c[1] == led]
        if not self.options["strict_later_play"]:
            return same or hand
        if same:
            need = ORDER[lead[0]]
            higher = [c for c in same if ORDER[c[0]] > need]
            return higher or same
        trump = self.trump
        if led != trump:
            trumps = [c for c in hand if c[1] == trump]
            if trumps:
                return trumps
        return hand

    # ------------------------------------------------------------------ legal moves
    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        if self.trick:
            hand = self.hands[1 - self.leader]
            cards = self._follow_options(hand) if (self.closed or not self.stock) else hand
            out = [PLAY[c] for c in cards]
            out.append(CLAIM)
            return out
        seat = self.leader
        hand = self.hands[seat]
        announced = self.announced
        if announced is not None:
            out = [PLAY[c] for c in hand if c[1] == announced and (c[0] == "K" or c[0] == "Q")]
            out.append(CLAIM)
            return out
        out = [PLAY[c] for c in hand]
        stock = self.stock
        closed = self.closed
        if stock or closed:
            for s in SUITS:
                if KING[s] in hand and QUEEN[s] in hand:
                    out.append(MARRIAGE[s])
        if stock and not closed:
            if self.tricks[seat] and NINE[self.trump] in hand:
                out.append(EXCHANGE)
            out.append(CLOSE)
        out.append(CLAIM)
        return out

    def _check(self, action: Action) -> None:
        kind = action.kind
        on_lead = not self.trick
        seat = self.leader if on_lead else 1 - self.leader
        hand = self.hands[seat]
        if kind == "play":
            card = action.card
            if card not in hand:
                raise IllegalAction("not_in_hand", f"{card} is not in your hand")
            if on_lead:
                announced = self.announced
                if announced is not None and not (card[1] == announced and card[0] in "KQ"):
                    raise IllegalAction(
                        "marriage_card_required",
                        "after announcing a marriage you must lead its king or queen",
                    )
                return
            if not (self.closed or not self.stock):
                return
            if card in self._follow_options(hand):
                return
            lead = self.trick[0]
            led = lead[1]
            if card[1] != led and any(c[1] == led for c in hand):
                raise IllegalAction("must_follow_suit", "you must follow the suit led", suit=led)
            if card[1] == led:
                raise IllegalAction(
                    "must_win_trick", "you must win the trick with a higher card of the suit led"
                )
            raise IllegalAction("must_trump", "you cannot follow suit, so you must play a trump")
        if kind == "claim":
            return
        if kind not in ("marriage", "exchange", "close"):
            raise IllegalAction("bad_action", f"Sixty-Six has no {kind!r} action")
        if not on_lead:
            raise IllegalAction("not_on_lead", f"only the player on lead may {kind}")
        if self.announced is not None:
            raise IllegalAction(
                "marriage_card_required",
                "after announcing a marriage you must lead its king or queen",
            )
        if kind == "marriage":
            suit = action.suit
            if suit not in KING:
                raise IllegalAction("bad_action", f"{suit!r} is not a suit")
            if KING[suit] not in hand or QUEEN[suit] not in hand:
                raise IllegalAction("no_marriage", f"you do not hold the king and queen of {suit}")
            if not self.stock and not self.closed:
                raise IllegalAction(
                    "marriage_not_allowed",
                    "marriages cannot be announced once the stock is exhausted",
                )
            return
        if kind == "exchange":
            if self.closed:
                raise IllegalAction("cannot_exchange", "the stock is closed",
                                    reason="stock_closed")
            if not self.stock:
                raise IllegalAction("cannot_exchange", "the trump card has been drawn",
                                    reason="trump_drawn")
            if not self.tricks[seat]:
                raise IllegalAction(
                    "cannot_exchange", "you may exchange only after winning a trick",
                    reason="no_trick_won"
                )
            if NINE[self.trump] not in hand:
                raise IllegalAction("cannot_exchange", "you do not hold the nine of trumps",
                                    reason="no_nine")
            return
        # close
        if self.closed:
            raise IllegalAction("cannot_close", "the stock is already closed",
                                reason="already_closed")
        if not self.stock:
            raise IllegalAction("cannot_close", "the stock is exhausted", reason="used_up")

    # ------------------------------------------------------------------ moves
    def _apply(self, action: Action) -> list[Event]:
        kind = action.kind
        if kind == "play":
            return self._play(action.card)
        seat = self.leader if not self.trick else 1 - self.leader
        if kind == "marriage":
            return self._marry(seat, action.suit)
        if kind == "exchange":
            return self._exchange(seat)
        if kind == "close":
            self.closed = True
            self.closer = seat
            self.closer_opp_had_trick = self.tricks[1 - seat] > 0
            return [Event("closed", {"seat": seat, "stock_size": len(self.stock),
                                     "trump_card": self.stock[-1]})]
        return self._claim(seat)

    def _play(self, card: str) -> list[Event]:
        trick = self.trick
        leader = self.leader
        seat = 1 - leader if trick else leader
        self.hands[seat].remove(card)
        known = self.known[seat]
        if card in known:
            known.remove(card)
        events = [Event("played", {"seat": seat, "card": card})]
        if not trick:
            self.announced = None
            trick.append(card)
            return events
        lead = trick[0]
        led = lead[1]
        trump = self.trump
        stock = self.stock
        if card[1] != led and (self.closed or not stock):
            voids = self.voids[seat]
            if led not in voids:
                voids.append(led)
            if (self.options["strict_later_play"] and card[1] != trump
                    and trump not in voids):
                voids.append(trump)
        winner = seat if beats(card, lead, led, trump, ORDER) else leader
        pts = CARD_VALUES[lead[0]] + CARD_VALUES[card[0]]
        self.won[winner] += (lead, card)
        self.tricks[winner] += 1
        self.card_points[winner] += pts
        self.trick = []
        self.leader = winner
        self.last_trick = {"leader": leader, "cards": [lead, card], "winner": winner,
                           "points": pts}
        events.append(Event("trick_won", {"winner": winner, "cards": [lead, card],
                                          "points": pts}))
        if self.tricks[winner] == 1 and self.marriages:
            events += self._score_pending(winner)
        if stock and not self.closed:
            loser = 1 - winner
            top = stock.pop(0)
            self.hands[winner].append(top)
            events.append(Event("drew", {"seat": winner, "from": "stock",
                                         "stock_size": len(stock)}, {"card": top}, (winner,)))
            last = stock.pop(0)
            self.hands[loser].append(last)
            if stock:
                events.append(Event("drew", {"seat": loser, "from": "stock",
                                             "stock_size": len(stock)}, {"card": last}, (loser,)))
            else:
                # the face-up trump card: everyone sees who takes it
                self.known[loser].append(last)
                events.append(Event("drew", {"seat": loser, "from": "stock", "card": last,
                                             "face_up": True, "stock_size": 0}))
        elif not self.hands[winner]:
            if not self.closed:
                self.last_trick_bonus = winner
            events += self._score_deal(None)
        return events

    def _score_pending(self, seat: int) -> list[Event]:
        events = []
        for m in self.marriages:
            if m["seat"] == seat and not m["scored"]:
                m["scored"] = True
                self.marriage_points[seat] += m["points"]
                events.append(Event("marriage_scored", {"seat": seat, "suit": m["suit"],
                                                        "points": m["points"]}))
        return events

    def _marry(self, seat: int, suit: str) -> list[Event]:
        points = TRUMP_MARRIAGE_POINTS if suit == self.trump else MARRIAGE_POINTS
        scored = self.tricks[seat] > 0
        if scored:
            self.marriage_points[seat] += points
        self.marriages.append({"seat": seat, "suit": suit, "points": points, "scored": scored})
        self.announced = suit
        known = self.known[seat]
        pair = [KING[suit], QUEEN[suit]]
        for c in pair:
            if c not in known:
                known.append(c)
        return [Event("marriage", {"seat": seat, "suit": suit, "points": points,
                                   "pending": not scored, "cards": pair})]

    def _exchange(self, seat: int) -> list[Event]:
        nine = NINE[self.trump]
        hand = self.hands[seat]
        taken = self.stock[-1]
        hand.remove(nine)
        hand.append(taken)
        self.stock[-1] = nine
        known = self.known[seat]
        if nine in known:
            known.remove(nine)
        known.append(taken)
        return [Event("exchanged", {"seat": seat, "nine": nine, "trump_card": taken})]

    def _claim(self, seat: int) -> list[Event]:
        mine = self.points(seat)
        correct = mine >= WIN_POINTS
        event = Event("claimed", {"seat": seat, "points": mine,
                                  "opponent_points": self.points(1 - seat),
                                  "correct": correct})
        return [event] + self._score_deal(seat)

    # ------------------------------------------------------------------ scoring
    def _win_value(self, winner: int) -> int:
        """Game points of a won deal: 1, 2 if the loser is under 33, 3 if trickless."""
        loser = 1 - winner
        if not self.tricks[loser]:
            return 3
        if self.points(loser) < SCHNEIDER:
            return 2
        return 1

    def _closer_failed(self) -> tuple[int, int]:
        opp = 1 - self.closer
        return opp, (2 if self.closer_opp_had_trick else 3)

    @classmethod
    def deal_change(cls, row: dict, n_players: int) -> list[int]:
        """The game points the deal gave each player."""
        return list(row["game_points"])

    @classmethod
    def deal_measure(cls, row: dict, n_players: int) -> list[int]:
        """The game points the deal gave each player."""
        return list(row["game_points"])

    def _score_deal(self, claimant: int | None) -> list[Event]:
        """Settle the deal after a claim (``claimant``) or after the last trick (None)."""
        pts = [self.points(0), self.points(1)]
        winner = None
        value = 0
        if claimant is not None:
            correct = pts[claimant] >= WIN_POINTS
            if self.closed and claimant == self.closer:
                if correct:
                    winner, value, reason = claimant, self._win_value(claimant), "claim"
                else:
                    (winner, value), reason = self._closer_failed(), "closer_failed"
            elif self.closed and correct:
                (winner, value), reason = self._closer_failed(), "closer_failed"
            elif correct:
                winner, value, reason = claimant, self._win_value(claimant), "claim"
            else:
                winner = 1 - claimant
                value = 2 if self.tricks[winner] else 3
                reason = "wrong_claim"
        elif self.closed:
            if pts[self.closer] >= WIN_POINTS:
                winner, value, reason = self.closer, self._win_value(self.closer), "closer_made"
            else:
                (winner, value), reason = self._closer_failed(), "closer_failed"
        else:
            over = [s for s in (0, 1) if pts[s] >= WIN_POINTS]
            if len(over) == 1:
                winner, value, reason = over[0], self._win_value(over[0]), "played_out"
            elif over:
                reason = "both_66"
            else:
                # 130 points are in play, so neither reaching 66 means both have 65
                reason = "tie"
        game_points = [0, 0]
        if winner is not None:
            game_points[winner] = value
        bonus = [0, 0]
        if self.last_trick_bonus is not None:
            bonus[self.last_trick_bonus] = LAST_TRICK_BONUS
        row = {
            "deal": self.deal_no,
            "dealer": self.dealer,
            "trump": self.trump,
            "points": pts,
            "card_points": list(self.card_points),
            "marriages": list(self.marriage_points),
            "last_trick": bonus,
            "tricks": list(self.tricks),
            "reason": reason,
            "claimant": claimant,
            "closer": self.closer,
            "game_points": game_points,
            "winner": winner,
        }
        self.score_sheet.append(row)
        events = [self._deal_scored()]
        if winner is not None:
            self.match_scores[winner] += value
            if self.match_scores[winner] >= self.options["target"]:
                self.over = True
                self.winners = [winner]
                events.append(Event("match_over", {"winners": [winner],
                                                   "scores": list(self.match_scores)}))
                return events
        self.dealer = 1 - self.dealer
        events += self._deal()
        return events

    # ------------------------------------------------------------------ information
    def hand(self, seat: int) -> list[str]:
        return list(self.hands[seat])

    def all_cards(self) -> list[str]:
        return (self.hands[0] + self.hands[1] + self.stock + self.trick
                + self.won[0] + self.won[1])

    def view(self, seat: int) -> dict:
        """What ``seat`` may know: own hand, public play, and opponent cards it has seen."""
        opp = 1 - seat
        stock = self.stock
        bottom = stock[-1] if stock else None
        return {
            "game": self.GAME_ID,
            "seat": seat,
            "n_players": 2,
            "deal": self.deal_no,
            "dealer": self.dealer,
            "current_player": self.current_player,
            "leader": self.leader,
            "hand": list(self.hands[seat]),
            "opponent_hand_size": len(self.hands[opp]),
            "opponent_known": sorted(self.known[opp]),
            "hand_known_to_opponent": sorted(self.known[seat]),
            "trump": self.trump,
            "trump_card": None if self.closed else bottom,
            "turned_down_trump": bottom if self.closed else None,
            "stock_size": len(stock),
            "stock_exhausted": not stock,
            "closed": self.closed,
            "closer": self.closer,
            "trick": [[self.leader, c] for c in self.trick],
            "announced": self.announced,
            "won": [list(self.won[0]), list(self.won[1])],
            "tricks_won": list(self.tricks),
            "card_points": list(self.card_points),
            "marriage_points": list(self.marriage_points),
            "marriages": [
                {**m, "cards": [KING[m["suit"]], QUEEN[m["suit"]]]} for m in self.marriages
            ],
            "points": [self.points(0), self.points(1)],
            "last_trick": None if self.last_trick is None else {
                **self.last_trick, "cards": list(self.last_trick["cards"])},
            "last_trick_bonus": self.last_trick_bonus,
            "voids": [sorted(self.voids[0]), sorted(self.voids[1])],
            "match_scores": list(self.match_scores),
            "score_sheet": [dict(r) for r in self.score_sheet],
            "options": dict(self.options),
            "is_over": self.over,
            "winners": list(self.winners),
        }

    def determinize(self, seat: int, rng: random.Random) -> SixtySixState:
        """Re-deal the cards ``seat`` cannot see: the opponent's unknown hand cards and
        the face-down stock (the bottom trump card stays where it is)."""
        new = self.clone()
        new.rng = random.Random(rng.getrandbits(64))
        opp = 1 - seat
        known = self.known[opp]
        hidden_hand = [c for c in self.hands[opp] if c not in known]
        face_down = self.stock[:-1]
        if not hidden_hand and not face_down:
            return new
        pool = hidden_hand + face_down
        stock_key = 2
        dealt = deal_with_voids(
            pool,
            {opp: len(hidden_hand), stock_key: len(face_down)},
            {opp: set(self.voids[opp]), stock_key: set()},
            rng,
        )
        fresh = iter(dealt[opp])
        new.hands[opp] = [c if c in known else next(fresh) for c in self.hands[opp]]
        if face_down:
            new.stock = dealt[stock_key] + [self.stock[-1]]
        return new

    def _validate_loaded(self) -> None:
        super()._validate_loaded()
        bad = []
        if self.n_players != 2:
            bad.append("Sixty-Six needs exactly 2 players")
        if self.trump not in SUITS:
            bad.append("bad trump suit")
        if self.leader not in (0, 1) or self.dealer not in (0, 1):
            bad.append("bad seat")
        if len(self.trick) > 1:
            bad.append("a trick holds at most one waiting card")
        if any(len(h) > HAND_SIZE for h in self.hands):
            bad.append("a hand holds more than six cards")
        if len(self.stock) % 2 or len(self.stock) > STOCK_SIZE:
            bad.append("bad stock size")
        if self.closed and (not self.stock or self.closer not in (0, 1)):
            bad.append("a closed stock needs cards and a closer")
        if not self.over and (
            len(self.hands[self.leader]) + len(self.trick) != len(self.hands[1 - self.leader])
        ):
            bad.append("hand sizes do not match the trick")
        for s in (0, 1):
            if any(c not in self.hands[s] for c in self.known[s]):
                bad.append("a known card is not in its hand")
            if self.tricks[s] * 2 != len(self.won[s]):
                bad.append("won piles do not match trick counts")
        if self.announced is not None and self.announced not in SUITS:
            bad.append("bad announced suit")
        for s in (0, 1):
            if sum(row["game_points"][s] for row in self.score_sheet) != self.match_scores[s]:
                bad.append("the scores do not add up")
            if sum(CARD_VALUES[c[0]] for c in self.won[s]) != self.card_points[s]:
                bad.append("card points do not match the cards won")
            if sum(m["points"] for m in self.marriages
                   if m["seat"] == s and m["scored"]) != self.marriage_points[s]:
                bad.append("marriage points do not match the marriages")
        if bad:
            raise ConfigError("bad_save", "; ".join(bad))


SPEC = GameSpec(
    id="sixtysix",
    code=1,
    code_layout=CodeLayout((2, 2), 1, (("target", tuple(range(1, 22)), 10),
                                      ("strict_later_play", (False, True), False))),
    name="Sixty-Six",
    min_players=2,
    max_players=2,
    state_class=SixtySixState,
    options=(
        OptionSpec("target", "Game points to win", 10, "int", 1, 21),
        OptionSpec("strict_later_play", "Stricter play once the stock is gone", False, "bool",
                   help="With this on, once the stock is closed or used up you must beat the "
                   "card led with a higher card of its suit if you can, and trump if you "
                   "cannot follow suit (off: you must follow suit, with any card of it)."),
    ),
    family="trick-taking",
    blurb="Two players race to 66 with tricks, marriages and a well-timed close of the stock.",
    target_option="target",
    emblem_suit="H",
    quick_options={"target": 1},
)
SixtySixState.SPEC = SPEC
