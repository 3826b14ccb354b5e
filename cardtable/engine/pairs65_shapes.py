"""Sixty-Five's (the pairs') shapes of what it shows a seat: its view, its events as a seat
sees them and the particulars of its refusals (``VIEW``, ``EVENTS`` and ``REFUSALS`` of its
state, made from the game's sizes by :func:`shapes`; :mod:`.shapes` checks them)."""

from __future__ import annotations

from . import checks as ck


def shapes(deck_size: int, phases: tuple[str, ...], stalemate_turns: int,
           refill: int) -> tuple[dict[str, ck.Spec], dict[str, ck.Spec], dict[str, ck.Spec]]:
    """(view, events, refusals) of a game of ``deck_size`` cards whose turns go through
    ``phases``, drawn after ``stalemate_turns`` turns without a pair, where a short hand
    is refilled with ``refill`` cards."""
    cards = ck.list_of(ck.card, most=deck_size)
    count = ck.integer(0, deck_size)
    pair = ck.list_of(ck.card, size=2)
    pairs = ck.integer(0, deck_size // 2)
    view = {
        "game": ck.word(), "seat": ck.seat, "n_players": ck.integer(2, 4),
        "deal": ck.integer(1), "dealer": ck.seat, "first_player": ck.seat,
        "current_player": ck.maybe(ck.seat), "turn": ck.seat, "phase": ck.word(*phases),
        "hand": cards, "hand_sizes": ck.per_seat(count), "known": ck.per_seat(cards),
        "discard_pile": cards, "draw_pile": count,
        "pairs": ck.per_seat(ck.list_of(pair, most=deck_size // 2)),
        "pair_counts": ck.per_seat(pairs),
        "swap": ck.maybe(ck.obj({"swapper": ck.seat, "target": ck.seat}, {"card": ck.card})),
        "turn_no": ck.COUNT, "turns_without_pair": ck.integer(0, stalemate_turns),
        "stalemate_turns": ck.integer(stalemate_turns, stalemate_turns),
        "match_scores": ck.SCORES, "options": ck.OPTIONS, "is_over": ck.boolean,
        "winners": ck.WINNERS,
    }
    seat_only = {"seat": ck.seat}
    events = {
        "dealt": ck.obj({"deal": ck.integer(1), "dealer": ck.seat, "first": ck.seat,
                         "hand_sizes": ck.per_seat(count), "draw_pile": count}),
        "received": ck.obj({**seat_only, "count": count}, {"cards": cards}),
        # (a card taken from the discard pile is seen by all; one from the draw pile by
        # its taker only)
        "drew": ck.one_of(ck.obj({**seat_only, "source": ck.word("discard"), "card": ck.card}),
                          ck.obj({**seat_only, "source": ck.word("stock"),
                                  "count": ck.integer(0, 1)}, {"card": ck.card})),
        "refilled": ck.obj({**seat_only, "count": ck.integer(0, refill)},
                           {"cards": ck.list_of(ck.card, most=refill)}),
        "reshuffled": ck.obj({"count": count}),
        "swap_asked": ck.obj({**seat_only, "target": ck.seat}, {"card": ck.card}),
        "swapped": ck.obj({**seat_only, "target": ck.seat},
                          {"gave": ck.card, "received": ck.card}),
        "paired": ck.obj({**seat_only, "cards": pair, "pairs": pairs}),
        "discarded": ck.obj({**seat_only, "card": ck.card}),
        "done": ck.obj(seat_only),
        "match_over": ck.obj({"winners": ck.WINNERS, "scores": ck.SCORES}),
    }
    refusals = {
        "colours_differ": ck.obj({"cards": pair,
                                  "colours": ck.list_of(ck.word("red", "black"), size=2)}),
        "values_not_13": ck.obj({"total": ck.integer(2, 24)}),
    }
    return view, events, refusals
