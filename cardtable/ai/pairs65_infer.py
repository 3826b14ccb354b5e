"""Inference for pairs65's hard level: what the discard pile says of the other hands.

The hard level's sampled deals (``Pairs65Knowledge.sample``) already give no other hand a
pair (pairs are laid at once) and keep fewer cards whose partners are gone. The discards
say more: a player lays every pair it holds before it discards, and takes a top discard
that pairs with a card it holds, so the cards it let lie or threw away tell which cards
it does not hold. :func:`refusals` reads that from the seat's view alone.
"""

from __future__ import annotations

from cardtable.engine.pairs65 import PARTNERS, REFILL_AT

#: the chance a sampled hand keeps a partner of the card it let lie at its take
REFUSED_ODDS = 0.2


def refusals(view: dict) -> dict[int, dict[str, float]]:
    """What the discard pile says of the previous player's hand: per seat, the chance (a
    factor on keeping a card in a sampled hand) that it holds a card.

    A player lays every pair it holds before it discards, so a player who discarded
    holds no card that pairs with its discard; one who holds 4 cards or more after its
    turn had to discard (only 3 or fewer spare it), so at the seat's take the top discard
    is the previous player's and it holds neither of that card's partners. With two
    players the card beneath was the top at its take: had it held a partner it would have
    taken it, so its partners are unlikely too (only the card drawn since could be one);
    and later in the seat's turn the top card is one of those two (the seat may have
    taken the other), so its partners are unlikely."""
    out: dict[int, dict[str, float]] = {}
    pile = view["discard_pile"]
    n = view["n_players"]
    prev = (view["seat"] - 1) % n
    if not pile or view["hand_sizes"][prev] <= REFILL_AT:
        return out
    odds: dict[str, float] = {}
    if view["phase"] == "take":
        for p in PARTNERS[pile[-1]]:
            odds[p] = 0.0
        if n == 2 and len(pile) >= 2:
            for p in PARTNERS[pile[-2]]:
                odds.setdefault(p, REFUSED_ODDS)
    elif n == 2:
        for p in PARTNERS[pile[-1]]:
            odds[p] = REFUSED_ODDS
    if odds:
        out[prev] = odds
    return out
