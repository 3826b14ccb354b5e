"""Magpie: a trick game for two to four players, each alone, with a once-per-deal knock.

The rules (the table's rules text says the same to a player):

* 24 cards: A T K Q J 9 of the four suits, ranking in that order, high to low. Card points:
  ace 11, ten 10, king 4, queen 3, jack 2, nine 0 (120 in a deal).
* Every card is dealt, one at a time from the dealer's left: 12 each to two players, 8 to
  three, 6 to four. The player on the dealer's left leads the first trick; the deal passes
  to the left after each deal.
* **The first card led in a deal names trumps** for the rest of that deal.
* Follow suit if you can, else play any card. The highest trump wins the trick, else the
  highest card of the suit led; the winner leads the next trick.
* The last trick scores 10 more (the option ``last_trick``).
* **The knock** (this game's own move): once per deal, by one player only, the player on
  lead who still holds at least two cards may knock before leading. It raises the deal's
  stakes: if the knocker alone ends with the most points, the knocker scores
  :data:`KNOCK_MADE` game points; otherwise every other player scores
  :data:`KNOCK_FAILED`.
* Without a knock, the player (or the players tied) with the most points score
  :data:`PLAIN_WIN` game point each.
* The match: the first to reach ``target`` game points alone at the top wins; a tie at the
  top past the target plays on.
"""

from __future__ import annotations

import random

from cardtable.engine import checks as ck
from cardtable.engine.actions import Kind
from cardtable.engine.cards import make_deck
from cardtable.engine.core import Action, ConfigError, Event, GameState, IllegalAction
from cardtable.engine.registry import CodeLayout, GameSpec, OptionSpec
from cardtable.engine.tricks import (
    card_points,
    deal_with_voids,
    follow_suit_options,
    rank_strength,
    winning_index,
)

GAME_ID = "magpie"
#: the kind of this game's own move: no built-in game has it
KNOCK_KIND = "knock"
#: the game's number in a deal code (``records.GAMES`` allows 0 to 31; the built-in games
#: hold 0 to 4)
CODE_NUMBER = 29

RANKS_HIGH_TO_LOW = "ATKQJ9"
ORDER = rank_strength(RANKS_HIGH_TO_LOW)
CARD_VALUES = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
DECK = tuple(make_deck(RANKS_HIGH_TO_LOW))
LAST_TRICK_BONUS = 10
#: game points: a deal won without a knock; a knock made (to the knocker); a knock that
#: failed (to every other player)
PLAIN_WIN = 1
KNOCK_MADE = 3
KNOCK_FAILED = 2
#: the reasons a deal's row gives for its game points
REASONS = ("most_points", "shared_top", "knock_made", "knock_failed")

PLAY = {c: Action("play", card=c) for c in DECK}
KNOCK = Action(KNOCK_KIND)


def hand_size(players: int) -> int:
    """Cards each player is dealt: the whole deck shared out."""
    return len(DECK) // players


class MagpieState(GameState):
    GAME_ID = GAME_ID
    #: a card played; the knock (declared here, so the shared code needs no word of it)
    MOVES = (Kind("play", ("card",)), Kind(KNOCK_KIND))
    FIELDS = (
        "hands",          # per seat: the cards held
        "trump",          # the trump suit of the deal, None until the first card is led
        "trick",          # [[seat, card], ...] of the trick in progress
        "leader",         # the seat that leads (or led) the trick in progress
        "turn",           # the seat to act
        "won",            # per seat: the cards of the tricks it won (public)
        "points",         # per seat: card points won, and the last trick's bonus
        "tricks",         # per seat: tricks won this deal
        "tricks_played",
        "knocker",        # the seat that knocked this deal, or None
        "knock_trick",    # the number of the trick the knock was made before, or None
        "bonus",          # the seat that scored the last trick's bonus, or None
        "last_trick",     # {"cards": [[seat, card]...], "winner", "points"} or None
        "voids",          # per seat: suits it has shown out of (public)
    )

    SCHEMA = {
        "hands": ck.per_seat(ck.list_of(ck.card, most=12)),
        "trump": ck.maybe(ck.suit),
        "trick": lambda v, ctx: ck.played(v, ctx) and len(v) < ctx.n,
        "leader": ck.seat,
        "turn": ck.seat,
        "won": ck.per_seat(ck.list_of(ck.card, most=len(DECK))),
        "points": ck.per_seat(ck.integer(0, 120 + LAST_TRICK_BONUS)),
        "tricks": ck.per_seat(ck.integer(0, 12)),
        "tricks_played": ck.integer(0, 12),
        "knocker": ck.maybe(ck.seat),
        "knock_trick": ck.maybe(ck.integer(1, 12)),
        "bonus": ck.maybe(ck.seat),
        "last_trick": ck.maybe(ck.obj({
            "cards": lambda v, ctx: ck.played(v, ctx) and len(v) == ctx.n,
            "winner": ck.seat, "points": ck.integer(0, 120)})),
        "voids": ck.per_seat(ck.SUITS),
    }
    ROW = ck.obj({
        "deal": ck.integer(1), "dealer": ck.seat, "trump": ck.maybe(ck.suit),
        "points": ck.per_seat(ck.integer(0, 120 + LAST_TRICK_BONUS)),
        "tricks": ck.per_seat(ck.integer(0, 12)),
        "last_trick": ck.per_seat(ck.integer(0, LAST_TRICK_BONUS)),
        "knocker": ck.maybe(ck.seat),
        "reason": ck.word(*REASONS),
        "game_points": ck.per_seat(ck.integer(0, KNOCK_MADE)),
    })

    # ------------------------------------------------------------------ setup
    def _init_fields(self) -> None:
        n = self.n_players
        self.hands = [[] for _ in range(n)]
        self.trump = None
        self.trick = []
        self.leader = 0
        self.turn = 0
        self.won = [[] for _ in range(n)]
        self.points = [0] * n
        self.tricks = [0] * n
        self.tricks_played = 0
        self.knocker = None
        self.knock_trick = None
        self.bonus = None
        self.last_trick = None
        self.voids = [[] for _ in range(n)]

    def _full_deck(self) -> list[str]:
        return list(DECK)

    def _deal(self, stacked: list[str] | None = None) -> list[Event]:
        """Every card, one at a time, starting with the dealer's left."""
        deck = self._deck_for_deal(stacked)
        self.deal_no += 1
        n = self.n_players
        first = (self.dealer + 1) % n
        hands: list[list[str]] = [[] for _ in range(n)]
        for i, card in enumerate(deck):
            hands[(first + i) % n].append(card)
        self._init_fields()
        self.hands = hands
        self.leader = first
        self.turn = first
        size = hand_size(n)
        events = [Event("dealt", {"deal": self.deal_no, "dealer": self.dealer, "first": first,
                                  "hand_sizes": [size] * n})]
        for seat in range(n):
            events.append(Event("received", {"seat": seat, "count": size},
                                {"cards": list(hands[seat])}, (seat,)))
        return events

    # ------------------------------------------------------------------ the protocol
    @property
    def current_player(self) -> int | None:
        return None if self.over else self.turn

    def may_knock(self) -> bool:
        """The player to act may knock now: on lead, nobody has knocked this deal, and
        more than one card left to play."""
        return (not self.over and not self.trick and self.knocker is None
                and len(self.hands[self.turn]) >= 2)

    def _playable(self, hand: list[str]) -> list[str]:
        if not self.trick:
            return hand
        return follow_suit_options(hand, self.trick[0][1][1])

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        out = [PLAY[c] for c in self._playable(self.hands[self.turn])]
        if self.may_knock():
            out.append(KNOCK)
        return out

    def _check(self, action: Action) -> None:
        kind = action.kind
        if kind == KNOCK_KIND:
            if self.trick:
                raise IllegalAction("cannot_knock", "only the player on lead may knock",
                                    reason="not_on_lead")
            if self.knocker is not None:
                raise IllegalAction("cannot_knock", "somebody has knocked this deal already",
                                    reason="already_knocked", seat=self.knocker)
            if len(self.hands[self.turn]) < 2:
                raise IllegalAction("cannot_knock", "the last trick is too late to knock",
                                    reason="too_late")
            return
        if kind != "play":
            raise IllegalAction("wrong_kind", f"Magpie has no {kind!r} move")
        card = action.card
        hand = self.hands[self.turn]
        if card not in hand:
            raise IllegalAction("not_in_hand", f"{card} is not in your hand")
        if card not in self._playable(hand):
            led = self.trick[0][1][1]
            raise IllegalAction("must_follow_suit", "you must follow the suit led", suit=led)

    def _apply(self, action: Action) -> list[Event]:
        if action.kind == KNOCK_KIND:
            seat = self.turn
            self.knocker = seat
            self.knock_trick = self.tricks_played + 1
            return [Event("knocked", {"seat": seat, "trick_no": self.knock_trick,
                                      "made": KNOCK_MADE, "failed": KNOCK_FAILED})]
        return self._play(action.card)

    def _play(self, card: str) -> list[Event]:
        seat = self.turn
        n = self.n_players
        self.hands[seat].remove(card)
        events = [Event("played", {"seat": seat, "card": card})]
        if not self.trick:
            if self.trump is None:
                self.trump = card[1]
                events.append(Event("trumps_named", {"seat": seat, "trump": card[1]}))
        else:
            led = self.trick[0][1][1]
            if card[1] != led and led not in self.voids[seat]:
                self.voids[seat].append(led)
        self.trick.append([seat, card])
        if len(self.trick) < n:
            self.turn = (seat + 1) % n
            return events
        cards = [c for _, c in self.trick]
        winner = self.trick[winning_index(cards, self.trump, ORDER)][0]
        pts = card_points(cards, CARD_VALUES)
        self.tricks_played += 1
        self.won[winner].extend(cards)
        self.points[winner] += pts
        self.tricks[winner] += 1
        self.last_trick = {"cards": [list(p) for p in self.trick], "winner": winner,
                           "points": pts}
        self.trick = []
        self.leader = winner
        self.turn = winner
        events.append(Event("trick_won", {"winner": winner, "cards": self.last_trick["cards"],
                                          "points": pts, "trick_no": self.tricks_played,
                                          "totals": list(self.points)}))
        if self.hands[winner]:
            return events
        if self.options["last_trick"]:
            self.bonus = winner
            self.points[winner] += LAST_TRICK_BONUS
        return events + self._score_deal()

    # ------------------------------------------------------------------ scoring
    def deal_game_points(self) -> tuple[list[int], str]:
        """The game points the finished deal gives each seat, and why."""
        n = self.n_players
        top = max(self.points)
        leaders = [s for s in range(n) if self.points[s] == top]
        game = [0] * n
        if self.knocker is not None:
            if leaders == [self.knocker]:
                game[self.knocker] = KNOCK_MADE
                return game, "knock_made"
            for s in range(n):
                if s != self.knocker:
                    game[s] = KNOCK_FAILED
            return game, "knock_failed"
        for s in leaders:
            game[s] = PLAIN_WIN
        return game, "most_points" if len(leaders) == 1 else "shared_top"

    @classmethod
    def deal_change(cls, row: dict, n_players: int) -> list[int]:
        """The game points the deal gave each player."""
        return list(row["game_points"])

    @classmethod
    def deal_measure(cls, row: dict, n_players: int) -> list[int]:
        """The points each player took in the deal."""
        return list(row["points"])

    def _score_deal(self) -> list[Event]:
        n = self.n_players
        game, reason = self.deal_game_points()
        bonus = [0] * n
        if self.bonus is not None:
            bonus[self.bonus] = LAST_TRICK_BONUS
        self.score_sheet.append({
            "deal": self.deal_no, "dealer": self.dealer, "trump": self.trump,
            "points": list(self.points), "tricks": list(self.tricks), "last_trick": bonus,
            "knocker": self.knocker, "reason": reason, "game_points": game,
        })
        for s in range(n):
            self.match_scores[s] += game[s]
        events = [self._deal_scored()]
        top = max(self.match_scores)
        leaders = [s for s in range(n) if self.match_scores[s] == top]
        if top >= self.options["target"] and len(leaders) == 1:
            self.over = True
            self.winners = leaders
            events.append(Event("match_over", {"winners": leaders,
                                               "scores": list(self.match_scores)}))
            return events
        self.dealer = (self.dealer + 1) % n
        return events + self._deal()

    # ------------------------------------------------------------------ information
    def hand(self, seat: int) -> list[str]:
        return list(self.hands[seat])

    def all_cards(self) -> list[str]:
        out = [c for h in self.hands for c in h]
        out += [c for _, c in self.trick]
        out += [c for w in self.won for c in w]
        return out

    def view(self, seat: int) -> dict:
        """What ``seat`` may know: its own hand and everything played in the open."""
        return {
            "game": self.GAME_ID,
            "seat": seat,
            "n_players": self.n_players,
            "deal": self.deal_no,
            "dealer": self.dealer,
            "current_player": self.current_player,
            "leader": self.leader,
            "hand": list(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "trump": self.trump,
            "trick": [list(p) for p in self.trick],
            "won": [list(w) for w in self.won],
            "points": list(self.points),
            "tricks": list(self.tricks),
            "tricks_played": self.tricks_played,
            "knocker": self.knocker,
            "knock_trick": self.knock_trick,
            "may_knock": self.may_knock() and self.turn == seat,
            "last_trick": None if self.last_trick is None else {
                "cards": [list(p) for p in self.last_trick["cards"]],
                "winner": self.last_trick["winner"], "points": self.last_trick["points"]},
            "voids": [sorted(v) for v in self.voids],
            "match_scores": list(self.match_scores),
            "score_sheet": [dict(r) for r in self.score_sheet],
            "options": dict(self.options),
            "is_over": self.over,
            "winners": list(self.winners),
        }

    def determinize(self, seat: int, rng: random.Random) -> MagpieState:
        """Deal the cards ``seat`` cannot see (the other hands) again at random, each
        player keeping its count and getting no suit it has shown out of."""
        new = self.clone()
        new.rng = random.Random(rng.getrandbits(64))
        others = [s for s in range(self.n_players) if s != seat and self.hands[s]]
        if len(others) < 2:
            return new      # one hidden hand at most: it holds every card not seen
        pool = [c for s in others for c in self.hands[s]]
        dealt = deal_with_voids(pool, {s: len(self.hands[s]) for s in others},
                                {s: set(self.voids[s]) for s in others}, rng)
        for s in others:
            new.hands[s] = dealt[s]
        return new

    def _validate_loaded(self) -> None:
        super()._validate_loaded()
        n = self.n_players
        bad = []
        sizes = [len(h) for h in self.hands]
        played = {s for s, _ in self.trick}
        # the seats still to play this trick hold one card more than those who played
        if not self.over:
            left = hand_size(n) - self.tricks_played
            for s in range(n):
                if sizes[s] != left - (1 if s in played else 0):
                    bad.append("hand sizes do not match the tricks played")
                    break
            if self.trick and self.trick[0][0] != self.leader:
                bad.append("the trick was not led by its leader")
            if self.turn != (self.leader + len(self.trick)) % n:
                bad.append("the player to act is not the next in the trick")
        if sum(self.tricks) != self.tricks_played:
            bad.append("the tricks won do not add up")
        for s in range(n):
            bonus = LAST_TRICK_BONUS if self.bonus == s else 0
            if sum(CARD_VALUES[c[0]] for c in self.won[s]) + bonus != self.points[s]:
                bad.append("points do not match the cards won")
            if len(self.won[s]) != self.tricks[s] * n:
                bad.append("won cards do not match the tricks won")
            if sum(row["game_points"][s] for row in self.score_sheet) != self.match_scores[s]:
                bad.append("the scores do not add up")
        if (self.trump is None) != (self.tricks_played == 0 and not self.trick):
            bad.append("trumps are named by the first card led")
        if (self.knocker is None) != (self.knock_trick is None):
            bad.append("a knock needs its knocker and its trick")
        if self.knock_trick is not None and self.knock_trick > self.tricks_played + 1:
            bad.append("a knock before a trick still to come")
        if bad:
            raise ConfigError("bad_save", "; ".join(sorted(set(bad))))


SPEC = GameSpec(
    id=GAME_ID,
    code=CODE_NUMBER,
    code_layout=CodeLayout((2, 4), 1, (("target", tuple(range(1, 16)), 7),
                                      ("last_trick", (True, False), True))),
    name="Magpie",
    min_players=2,
    max_players=4,
    state_class=MagpieState,
    options=(
        OptionSpec("target", "Game points to win", 7, "int", 1, 15),
        OptionSpec("last_trick", "Ten for the last trick", True, "bool",
                   help="The winner of the last trick of a deal scores 10 more points."),
    ),
    family="trick-taking",
    blurb="Two to four players take tricks; the first card led names trumps, and one "
          "knock a deal raises the stakes.",
    deal_word="deal",
    target_option="target",
    measure_unit="points",
    emblem_suit="C",
    quick_options={"target": 1},
)
MagpieState.SPEC = SPEC
