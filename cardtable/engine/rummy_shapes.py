"""The rummies' shapes of what they show a seat: the view, the events as a seat sees them
and the particulars of a refused meld (``VIEW``, ``EVENTS`` and ``REFUSALS`` of each
rummy's state, made by :func:`shapes` from the game's class: its word for a deal, its
number of deals and of stock rebuilds; :mod:`.shapes` checks them)."""

from __future__ import annotations

from typing import Any

from . import checks as ck
from .cards import RANKS

#: the most cards a deal holds (three decks of 54), and a meld
MOST_CARDS = 3 * 54
CARDS = ck.list_of(ck.card, most=MOST_CARDS)
MELDS = ck.list_of(CARDS, most=MOST_CARDS)
WILD_RANKS = ck.list_of(ck.word(*RANKS), most=3)


def shapes(game: Any, stock: str, pile: str, view_extra: dict[str, ck.Spec] | None = None,
           over_extra: dict[str, ck.Spec] | None = None
           ) -> tuple[dict[str, ck.Spec], dict[str, ck.Spec], dict[str, ck.Spec]]:
    """(view, events, refusals) of the rummy ``game`` (its state class: ``DEAL_WORD``,
    ``N_DEALS``, ``MAX_RESHUFFLES``), with the fields its view and its match's end add;
    ``stock`` and ``pile`` are the sources a card is drawn from as its moves name them
    (the discard pile's word is also the name of the card kept to discard going out)."""
    deal = ck.integer(1, game.N_DEALS)
    count = ck.integer(0, MOST_CARDS)
    rebuilds = ck.integer(0, game.MAX_RESHUFFLES)
    view = {
        "game": ck.word(), "seat": ck.seat, "n_players": ck.integer(2, 8),
        "deal": deal, game.DEAL_WORD: deal,
        "deals_in_match": ck.integer(game.N_DEALS, game.N_DEALS), "dealer": ck.seat,
        "current_player": ck.maybe(ck.seat), "drawn": ck.boolean,
        "wild_ranks": WILD_RANKS, "jokers_wild": ck.boolean,
        # (rummy65's word for a deal is its "hand": the hand's cards are the view's)
        "hand": CARDS, "hand_sizes": ck.per_seat(count), "known_cards": ck.per_seat(CARDS),
        "stock_size": count, "discard_pile": CARDS, "discard_top": ck.maybe(ck.card),
        "reshuffles": rebuilds, "laid": ck.per_seat(MELDS), "went_out": ck.maybe(ck.seat),
        "last_turns": ck.boolean, "last_turn_seats": ck.list_of(ck.seat, most=8),
        "penalties": ck.list_of(ck.per_seat(ck.COUNT), most=game.N_DEALS),
        "match_scores": ck.SCORES, "options": ck.OPTIONS, "is_over": ck.boolean,
        "winners": ck.WINNERS, **(view_extra or {}),
    }
    seat_only = {"seat": ck.seat}
    events = {
        "dealt": ck.obj({"deal": deal, game.DEAL_WORD: deal, "dealer": ck.seat,
                         "first": ck.seat, "wild_ranks": WILD_RANKS,
                         "jokers_wild": ck.boolean, "cards_each": ck.integer(1, 54),
                         "hand_sizes": ck.per_seat(count), "up_card": ck.card,
                         "stock_size": count}),
        "received": ck.obj({**seat_only, "count": count}, {"cards": CARDS}),
        # (a card taken from the discard pile is seen by all; one from the stock by its
        # taker only)
        "drew": ck.one_of(ck.obj({**seat_only, "source": ck.word(pile), "card": ck.card}),
                          ck.obj({**seat_only, "source": ck.word(stock)}, {"card": ck.card})),
        "discarded": ck.obj({**seat_only, "card": ck.card}),
        "melded": ck.obj({**seat_only, "melds": MELDS}),
        "went_out": ck.obj({**seat_only, "melds": MELDS, pile: ck.maybe(ck.card),
                            "last_turn": ck.boolean}),
        "last_turns": ck.obj({"went_out": ck.seat, "order": ck.list_of(ck.seat, most=7)}),
        "reshuffled": ck.obj({"number": rebuilds, "stock_size": count,
                              "discard_top": ck.card}),
        "stalemate": ck.obj({"reshuffles": rebuilds,
                             "reason": ck.word("reshuffles", "no_card_to_draw")}),
        "match_over": ck.obj({"winners": ck.WINNERS, "scores": ck.SCORES,
                              **(over_extra or {})}),
    }
    refusals = {
        # a meld the rules refuse: its cards as the player laid them (any short texts: a
        # card that is none is refused as such) and the reason's counts
        "invalid_meld": ck.obj({"meld": ck.list_of(ck.word(longest=16), most=64),
                                "reason": ck.word()},
                               {"card": ck.word(longest=16), "wild": count,
                                "natural": count}),
    }
    return view, events, refusals
