"""65 from Québec: rummy with 2s, jokers and a moving rank wild (rules: shared/rules/quebec65.md).

2 to 8 players, two 54-card decks. Round r of 11 deals r + 2 cards; the jokers, the 2s
and the rank r + 2 (3 in round 1 ... K in round 11) are wild. A meld may hold any number
of wild cards but needs one natural card (unless option ``all_wild_melds``). Going out
melds every card, the drawn one included, with no discard. Cards left in hand cost: 3 to
9 = 5, T J Q K = 10, A = 15, jokers, 2s and the round's wild rank 20.

The Decisions shared with rummy65 (reshuffles, the stalemate guard, last turns) are in
:mod:`rummy`. Specific to this game: a last-turn player who melds every card does so with
``go_out`` (no discard) and scores 0, like the player who went out first.
"""

from __future__ import annotations

from . import melds as meldlib
from .registry import CodeLayout, GameSpec, OptionSpec
from .rummy import DECISIONS, RummyState

WILD_SEQUENCE = "3456789TJQK"


class Quebec65State(RummyState):
    GAME_ID = "quebec65"
    DEAL_WORD = "round"
    N_DEALS = 11
    WILD_SEQUENCE = WILD_SEQUENCE
    ALWAYS_WILD = ("2",)
    DISCARD_WHEN_OUT = False
    WILDS_AT_MOST_NATURALS = False
    LAST_DEAL = N_DEALS

    @classmethod
    def rules_of(cls, deal: int, options: dict) -> meldlib.MeldRules:
        """The meld rules and card values of round ``deal`` (what a player reasons with)."""
        return meldlib.quebec65_rules(deal, bool(options.get("all_wild_melds")))

    @classmethod
    def decks_for(cls, n_players: int) -> int:
        """How many decks a match of ``n_players`` uses."""
        return 2

    def _decks(self) -> int:
        return self.decks_for(self.n_players)

    def _need_natural(self) -> bool:
        return not self.options.get("all_wild_melds", False)

    def card_value(self, card: str, deal: int) -> int:
        r = card[0]
        if card == "JK" or r == "2" or r == WILD_SEQUENCE[deal - 1]:
            return 20
        if r == "A":
            return 15
        if r in "TJQK":
            return 10
        return 5


Quebec65State.ROW = Quebec65State.row_spec()
Quebec65State.declare_shapes()


SPEC = GameSpec(
    id="quebec65",
    code=4,
    code_layout=CodeLayout((2, 8), 11, (("all_wild_melds", (False, True), False),)),
    name="65 from Québec",
    min_players=2,
    max_players=8,
    state_class=Quebec65State,
    options=(OptionSpec("all_wild_melds", "Melds of wild cards only", False, "bool",
                        help="Allow a meld made only of wild cards."),),
    family="rummy",
    lower_wins=True,
    deal_word="round",
    score_unit="penalty_points",
    measure_unit="penalty_points",
    emblem_suit="H",
    blurb="Eleven rounds of rummy where 2s, jokers and the round's rank are wild; meld "
    "every card to go out.",
    notes={**DECISIONS},
)
Quebec65State.SPEC = SPEC
