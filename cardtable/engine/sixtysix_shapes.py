"""Sixty-Six's shapes of what it shows a seat: its view, its events as a seat sees them and
the particulars of its refusals (``VIEW``, ``EVENTS`` and ``REFUSALS`` of its state, made
from the game's sizes by :func:`shapes`; :mod:`.shapes` checks them)."""

from __future__ import annotations

from typing import Any

from . import checks as ck

#: the most card points a player takes in a deal, and with marriages and the last trick
CARD_POINTS = 120
DEAL_POINTS = 250
MARRIAGE = ck.integer(20, 40)


def shapes(hand_size: int, stock_size: int, deck_size: int,
           row: ck.Spec) -> tuple[dict[str, ck.Spec], dict[str, ck.Spec], dict[str, ck.Spec]]:
    """(view, events, refusals) of a game of hands of ``hand_size`` cards over a stock of
    ``stock_size``, from a deck of ``deck_size``, whose score-sheet rows are ``row``."""
    hand = ck.list_of(ck.card, most=hand_size)
    pair = ck.list_of(ck.card, size=2)
    tricks = ck.pair_of(ck.integer(0, deck_size // 2))
    points = ck.integer(0, DEAL_POINTS)
    lead = ck.list_of(ck.anything, most=1)     # the card led, as [seat, card]
    last_trick: dict[str, Any] = {"cards": pair, "winner": ck.seat,
                                  "points": ck.integer(0, 22)}
    view = {
        "game": ck.word(), "seat": ck.seat, "n_players": ck.integer(2, 2),
        "deal": ck.integer(1), "dealer": ck.seat, "current_player": ck.maybe(ck.seat),
        "leader": ck.seat, "hand": hand, "opponent_hand_size": ck.integer(0, hand_size),
        "opponent_known": hand, "hand_known_to_opponent": hand, "trump": ck.suit,
        "trump_card": ck.maybe(ck.card), "turned_down_trump": ck.maybe(ck.card),
        "stock_size": ck.integer(0, stock_size), "stock_exhausted": ck.boolean,
        "closed": ck.boolean, "closer": ck.maybe(ck.seat),
        "trick": lambda v, ctx: lead(v, ctx) and ck.played(v, ctx),
        "announced": ck.maybe(ck.suit),
        "won": ck.pair_of(ck.list_of(ck.card, most=deck_size)), "tricks_won": tricks,
        "card_points": ck.pair_of(ck.integer(0, CARD_POINTS)),
        "marriage_points": ck.pair_of(ck.integer(0, 100)),
        "marriages": ck.list_of(ck.obj({"seat": ck.seat, "suit": ck.suit, "points": MARRIAGE,
                                        "scored": ck.boolean, "cards": pair}), most=4),
        "points": ck.pair_of(points),
        "last_trick": ck.maybe(ck.obj({"leader": ck.seat, **last_trick})),
        "last_trick_bonus": ck.maybe(ck.seat), "voids": ck.pair_of(ck.SUITS),
        "match_scores": ck.SCORES, "score_sheet": ck.list_of(row, most=1000),
        "options": ck.OPTIONS, "is_over": ck.boolean, "winners": ck.WINNERS,
    }
    stock = ck.integer(0, stock_size)
    seat_only = {"seat": ck.seat}
    events = {
        "dealt": ck.obj({"deal": ck.integer(1), "dealer": ck.seat, "leader": ck.seat,
                         "trump": ck.suit, "trump_card": ck.card, "stock_size": stock,
                         "hand_sizes": ck.pair_of(ck.integer(0, hand_size))}),
        "received": ck.obj({**seat_only, "count": ck.integer(0, hand_size)}, {"cards": hand}),
        "played": ck.obj({**seat_only, "card": ck.card}),
        "trick_won": ck.obj(last_trick),
        # (the face-up trump card, drawn last, is seen by all; any other by its taker)
        "drew": ck.one_of(ck.obj({**seat_only, "from": ck.word("stock"), "stock_size": stock,
                                  "card": ck.card, "face_up": ck.boolean}),
                          ck.obj({**seat_only, "from": ck.word("stock"), "stock_size": stock},
                                 {"card": ck.card})),
        "marriage": ck.obj({**seat_only, "suit": ck.suit, "points": MARRIAGE,
                            "pending": ck.boolean, "cards": pair}),
        "marriage_scored": ck.obj({**seat_only, "suit": ck.suit, "points": MARRIAGE}),
        "exchanged": ck.obj({**seat_only, "nine": ck.card, "trump_card": ck.card}),
        "closed": ck.obj({**seat_only, "stock_size": stock, "trump_card": ck.card}),
        "claimed": ck.obj({**seat_only, "points": points, "opponent_points": points,
                           "correct": ck.boolean}),
        "match_over": ck.obj({"winners": ck.WINNERS, "scores": ck.SCORES}),
    }
    refusals = {
        "must_follow_suit": ck.obj({"suit": ck.suit}),
        "cannot_exchange": ck.obj({"reason": ck.word("stock_closed", "trump_drawn",
                                                     "no_trick_won", "no_nine")}),
        "cannot_close": ck.obj({"reason": ck.word("already_closed", "used_up")}),
    }
    return view, events, refusals
