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


def as_good(loss: float, unit: str = "") -> bool:
    """A decision worth the computer's choice as the table of moves shows the values: its
    loss rounds to nothing."""
    return value_text(loss, unit) == value_text(0.0, unit)


def close_words(unit: str, loss: float) -> Msg:
    """One decision a little worse than the computer's choice, though not by enough to be a
    mistake: how much less it was worth."""
    value = value_text(loss, unit)
    if unit == "game_points":
        return Msg("Close to the computer's choice ({loss} game points less)", loss=value)
    if unit == "penalty_points":
        return Msg("Close to the computer's choice ({loss} penalty points more)", loss=value)
    if unit == "games":
        return Msg("Close to the computer's choice ({loss} less chance to win)", loss=value)
    return Msg("Close to the computer's choice ({loss} points less)", loss=value)


def verdict_words(judgement: Any, unit: str) -> tuple[Msg, str]:
    """What the panel says of one decision, and how it is coloured ("bad", "near" or
    "good"): a mistake and its cost, close to the computer's choice and how close, or a
    good move (as good as the computer's choice, or better)."""
    if judgement.mistake:
        return loss_words(unit, None, judgement.loss), "bad"
    if as_good(judgement.loss, unit):
        return Msg("A good move"), "good"
    return close_words(unit, judgement.loss), "near"


def no_mistake_words(unit: str, judgements: Sequence, threshold: float) -> Msg:
    """The summary of a deal with no mistake: every decision as good as the computer's, or
    within the game's threshold of a mistake (``Analysis.threshold``) of it."""
    if all(as_good(j.loss, unit) for j in judgements) or threshold <= 0:
        return Msg("No mistakes: every decision was as good as the computer's.")
    value = value_text(threshold, unit)
    if unit == "game_points":
        return Msg("No mistakes: every decision was within {loss} game points of the "
                   "computer's.", loss=value)
    if unit == "penalty_points":
        return Msg("No mistakes: every decision was within {loss} penalty points of the "
                   "computer's.", loss=value)
    if unit == "games":
        return Msg("No mistakes: every decision's chance to win was within {loss} of the "
                   "computer's.", loss=value)
    return Msg("No mistakes: every decision was within {loss} points of the computer's.",
               loss=value)


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
