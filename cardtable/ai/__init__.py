"""Computer players: ``make_bot(game_id, level, seed)`` for every game, at every level.

    from cardtable import ai
    bot = ai.make_bot(game_id, "hard", seed=7)
    action = bot.choose(state, seat, budget_s=0.35)   # always one of the seat's legal moves
    action, reason = bot.hint(state, seat)            # what the hard level would do, and why

Bots read only ``state.view(seat)`` and ``state.determinize(seat, rng)`` (see base.py).
Searching bots run off the UI's interpreter through ``cardtable.ai.worker``.
"""

from .base import ALL_LEVELS, LEVELS, Bot
from .levels import make_bot

__all__ = ["ALL_LEVELS", "LEVELS", "Bot", "make_bot"]
