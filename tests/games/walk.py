"""A lesson walked through in the engine alone, for the tests of each game's lesson data."""

from __future__ import annotations

from cardtable import lessons


def played(game_id: str, data: dict) -> tuple[list, object]:
    """[(the state before each step, the step)] through the lesson, and the state at its end.
    A step that only reads, or shows a mistake on purpose, plays nothing; the others play
    their expected move and then the computers' scripted replies."""
    lesson = lessons.from_data(game_id, data)
    state = lesson.new_state()
    out = []
    for step in lesson.steps:
        out.append((state.clone(), step))
        if step.reading or step.example:
            continue
        state.apply(state.normalise(step.expect[0]))
        for move in step.then:
            state.apply(state.normalise(move))
    return out, state


def step_of(steps: list, kind: str, **fields) -> tuple:
    """The first (state before, step) whose expected move is of ``kind`` with ``fields``."""
    return next((st, s) for st, s in steps if s.expect and s.expect[0].kind == kind and all(
        getattr(s.expect[0], k) == v for k, v in fields.items()))
