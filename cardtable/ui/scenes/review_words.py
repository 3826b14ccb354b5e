"""The review's words for the computer's view: a decision's reason, a value, what was
lost, the heading over the options' values, which options the panel lists, and why an
analysis could not start. What the numbers count is the analysis's ``unit`` (game points,
points, penalty points, or a chance to win)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable import i18n
from cardtable.engine.core import ConfigError
from cardtable.i18n import N_, Msg, NMsg
from cardtable.ui.hints import reason_words

#: why the analysis refused a deal, by the code of its ConfigError (the engine's own sentence
#: is English, for the log)
START_PROBLEMS = {
    "bad_record": N_("The analysis could not start: the deal's record is damaged."),
    "unknown_game": N_("The analysis could not start: it does not know this game."),
}


def reason_text(reason: Any) -> Msg | None:
    """A Judgement's reason (msgid and values) in the player's language, as hints say it."""
    if reason is None:
        return None
    msgid = getattr(reason, "msgid", None)
    if msgid is not None:
        reason = (msgid, getattr(reason, "values", {}) or {})
    return reason_words(reason)


def value_text(value: float, unit: str = "") -> str:
    """A value as the analysis counts it: a chance of winning as a percentage, any other
    count as a number with at most one decimal."""
    if unit == "games":
        return i18n.percent(value)
    value = round(value, 1) or 0.0          # no "-0" for a value a hair below zero
    return i18n.number(value, 0 if value == int(value) else 1)


def loss_words(unit: str, n: int | None, loss: float) -> Msg:
    """How much was lost, in the words of what the game counts (``Analysis.unit``); with
    ``n`` the whole deal's summary ("2 mistakes, 6 points lost"), else one decision's."""
    value = value_text(loss, unit)
    if n is None:
        if unit == "game_points":
            return Msg("A mistake: {loss} game points lost", loss=value)
        if unit == "penalty_points":
            return Msg("A mistake: {loss} penalty points more", loss=value)
        if unit == "games":
            return Msg("A mistake: {loss} less chance to win", loss=value)
        return Msg("A mistake: {loss} points lost", loss=value)
    if unit == "game_points":
        return NMsg("{n} mistake, {points} game points lost",
                    "{n} mistakes, {points} game points lost", n, n=n, points=value)
    if unit == "penalty_points":
        return NMsg("{n} mistake, {points} penalty points more",
                    "{n} mistakes, {points} penalty points more", n, n=n, points=value)
    if unit == "games":
        return NMsg("{n} mistake, {points} less chance to win",
                    "{n} mistakes, {points} less chance to win", n, n=n, points=value)
    return NMsg("{n} mistake, {points} points lost", "{n} mistakes, {points} points lost",
                n, n=n, points=value)


def unit_heading(unit: str) -> Msg:
    """The heading over the options' values: what they count, on average over the deals
    the analysis tried."""
    if unit == "game_points":
        return Msg("Game points")
    if unit == "penalty_points":
        return Msg("Penalty points")
    if unit == "games":
        return Msg("Chance to win")
    return Msg("Points")


def shown_options(options: Sequence, played: Any, room: int) -> list:
    """The options that fit ``room`` rows, best first; the move played is always among
    them (in the last row when it ranks lower)."""
    if room <= 0:
        return []
    rows = list(options[:room])
    if rows and all(o.action != played for o in rows):
        mine = next((o for o in options if o.action == played), None)
        if mine is not None:
            rows[-1] = mine
    return rows


def start_problem(exc: Exception) -> Msg:
    """Why the analysis could not start, in the player's language: a refusal worded from its
    code, anything else (no worker could be started) in general words."""
    code = exc.code if isinstance(exc, ConfigError) else None
    return Msg(START_PROBLEMS.get(code, N_("The analysis could not start.")))
