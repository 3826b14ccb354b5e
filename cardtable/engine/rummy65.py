"""The Game of 65: progressive-wild rummy with a pot (rules: shared/rules/rummy65.md).

3 to 8 players, two 54-card decks (three for 6 to 8 players). Hand k of 12 deals k + 2
cards and makes rank 3, 4, ... K, then A (hand 12) wild besides the jokers. Going out
melds every card but one and discards it; no meld holds more wild cards than natural
ones. Cards left in hand cost: wild cards 50, aces 20 (50 in hand 12), K Q J T 10, 2 to
9 face value. The pot: 65 cents from everybody at the start, 10 cents to each player who
lays down his whole hand while the pot lasts, what is left to the lowest total.

Decisions beyond the specification, besides the shared ones of :mod:`rummy`:

* Pot order: in a deal where several players lay down their whole hand, they take their
  10 cents in the order they did it (the one going out first, then the last turns in
  turn order). When the pot holds less than 10 cents the next one takes what is left.
* Money rows: every ``deal_scored`` row carries ``money``: ``ante`` (65), ``paid`` (per
  seat, the ante put in), ``taken`` (per seat, cents taken this deal), ``taken_total``
  (per seat, all cents taken so far, the final share included), ``payout`` (per seat,
  the share of the pot left at the end: zeros before the last hand), ``pot`` (cents
  left after the deal, 0 after the last hand) and ``net`` (``taken_total - paid``).
  At all times ``pot + sum(taken_total) == 65 * players``.
* Split pot: tied lowest totals share the pot left; the cents that do not divide go
  one each to the tied players first in turn order from the first dealer's left.
"""

from __future__ import annotations

from . import checks as ck
from . import melds as meldlib
from .registry import CodeLayout, GameSpec
from .rummy import DECISIONS, RummyState

ANTE = 65
TAKE = 10
WILD_SEQUENCE = "3456789TJQKA"


class Rummy65State(RummyState):
    GAME_ID = "rummy65"
    DEAL_WORD = "hand"
    N_DEALS = 12
    WILD_SEQUENCE = WILD_SEQUENCE
    ALWAYS_WILD = ()
    DISCARD_WHEN_OUT = True
    WILDS_AT_MOST_NATURALS = True
    FIELDS = RummyState.FIELDS + (
        "pot",    # cents left in the pot
        "taken",  # per seat: cents taken from the pot so far (final share included)
    )
    LAST_DEAL = N_DEALS
    SCHEMA = {**RummyState.SCHEMA, "pot": ck.integer(0, ANTE * 8),
              "taken": ck.per_seat(ck.integer(0, ANTE * 8))}

    def _validate_loaded(self) -> None:
        super()._validate_loaded()
        ck.require(self.pot + sum(self.taken) == ANTE * self.n_players,
                   "the pot and the money taken do not add up")

    @classmethod
    def rules_of(cls, deal: int, options: dict) -> meldlib.MeldRules:
        """The meld rules and card values of hand ``deal`` (what a player reasons with)."""
        return meldlib.rummy65_rules(deal)

    @classmethod
    def decks_for(cls, n_players: int) -> int:
        """How many decks a match of ``n_players`` uses."""
        return 2 if n_players <= 5 else 3

    def _decks(self) -> int:
        return self.decks_for(self.n_players)

    def card_value(self, card: str, deal: int) -> int:
        if card == "JK" or card[0] == WILD_SEQUENCE[deal - 1]:
            return 50
        r = card[0]
        if r == "A":
            return 20
        if r in "KQJT":
            return 10
        return int(r)

    # ------------------------------------------------------------------ the pot
    def _init_money(self) -> None:
        self.pot = ANTE * self.n_players
        self.taken = [0] * self.n_players

    def _settle(self, row: dict, laid_all: list[int], final: bool) -> None:
        n = self.n_players
        this_deal = [0] * n
        for seat in laid_all:
            cents = min(TAKE, self.pot)
            self.pot -= cents
            self.taken[seat] += cents
            this_deal[seat] += cents
        payout = [0] * n
        if final and self.pot:
            payout = self._split_pot()
            for seat in range(n):
                self.taken[seat] += payout[seat]
            self.pot = 0
        row["money"] = {
            "ante": ANTE,
            "paid": [ANTE] * n,
            "taken": this_deal,
            "taken_total": list(self.taken),
            "payout": payout,
            "pot": self.pot,
            "net": [t - ANTE for t in self.taken],
        }

    def _split_pot(self) -> list[int]:
        """Shares of the pot left for the winners (odd cents from the first dealer's left)."""
        n = self.n_players
        order = [(self.first_dealer + 1 + i) % n for i in range(n)]
        tied = [s for s in order if s in self.winners]
        share, odd = divmod(self.pot, len(tied))
        payout = [0] * n
        for i, seat in enumerate(tied):
            payout[seat] = share + (1 if i < odd else 0)
        return payout

    def _match_over_extra(self) -> dict:
        return {"money": {"payout": list(self.score_sheet[-1]["money"]["payout"]),
                          "taken_total": list(self.taken),
                          "net": [t - ANTE for t in self.taken]}}

    def _view_extra(self) -> dict:
        return {"pot": self.pot, "taken": list(self.taken), "ante": ANTE}


Rummy65State.ROW = Rummy65State.row_spec({"money": ck.obj({
    "ante": ck.integer(ANTE, ANTE), "pot": ck.integer(0, ANTE * 8),
    **{k: ck.per_seat(ck.integer(0, ANTE * 8)) for k in ("paid", "taken", "taken_total", "payout")},
    "net": ck.per_seat(ck.integer(-ANTE, ANTE * 8))})})
_CENTS = ck.per_seat(ck.integer(0, ANTE * 8))
Rummy65State.declare_shapes(
    {"pot": ck.integer(0, ANTE * 8), "taken": _CENTS, "ante": ck.integer(ANTE, ANTE)},
    {"money": ck.obj({"payout": _CENTS, "taken_total": _CENTS,
                      "net": ck.per_seat(ck.integer(-ANTE, ANTE * 8))})})


SPEC = GameSpec(
    id="rummy65",
    code=2,
    code_layout=CodeLayout((3, 8), 12),
    name="The Game of 65 (rummy)",
    min_players=3,
    max_players=8,
    state_class=Rummy65State,
    options=(),
    family="rummy",
    lower_wins=True,
    deal_word="hand",
    score_unit="penalty_points",
    measure_unit="penalty_points",
    emblem_suit="D",
    blurb="Twelve hands of rummy with a new wild rank each hand; meld all but one card to "
    "go out, and play for the pot.",
    notes={
        **DECISIONS,
        "decks": "Two 54-card decks for 3 to 5 players, three for 6 to 8.",
        "pot_order": "Players who lay down their whole hand take their 10 cents in the "
        "order they did it; with less than 10 cents left the next one takes the rest.",
        "odd_cents": "A pot split between tied totals gives the odd cents one each to the "
        "tied players first in turn order from the first dealer's left.",
    },
)
Rummy65State.SPEC = SPEC
