"""The coach's panel on every lesson's table keeps to its rule (see
:mod:`cardtable.ui.scenes.lesson_panel`): it never covers a name plate, the person's own
hand, a pile or a card face up on the table, an empty place the step aims at (the trick's
place the person leads to, an empty pile lit), the table's labels, the move banner, the
table's buttons or the score panel, and it stays in the window. It may lie over the backs
of the others' hands and the other empty places' outlines, which show nothing. Every
game's lesson, at 1280x720 and 1920x1080, at every text size and in both languages: the
larger texts walk every step, the normal text every other (the panel is smallest there)."""

from __future__ import annotations

import pygame
import pytest

from cardtable import i18n
from cardtable.ui import theme
from cardtable.ui.scenes.lesson import LessonScene
from tests.ui.test_lesson import DT, GAMES, lesson_steps, make_app

SIZES = [(1280, 720), (1920, 1080)]
TEXT_SIZES = ["normal", "large", "larger"]


def kept_in_view(table: LessonScene) -> list[tuple[str, pygame.Rect]]:
    """Everything the panel is never to cover, named: the plates, the score panel, the
    table's buttons, every card where it comes to rest but the backs of the others'
    hands, the empty places the step points at or has a card dropped on, and the table's
    labels (a rummy's names of piles and groups), and the move banner while it shows."""
    window = pygame.Rect((0, 0), table.size)
    out = [(f"plate {seat}", table.plate_rect(seat, window))
           for seat in range(table.match.n_players)]
    scores = table.score_panel_rect()
    out += [("the score panel", pygame.Rect(scores))] if scores is not None else []
    coach_s = set(map(id, getattr(table, "_coach_widgets", ())))
    out += [(f"button {w.name}", pygame.Rect(w.rect)) for w in table.form.widgets
            if w.visible and id(w) not in coach_s]
    mine = set(table.game.own_zones())
    for zone, sprites in table.zones.items():
        for s in sprites:
            if s.hidden or s.dragging:
                continue
            back = zone.startswith("hand") and zone not in mine and not s.target_face_up
            if not back:
                out.append((f"{zone} {s.code or 'back'}", table._rest(s)))
    out += [("the empty place the step aims at", rect) for rect in table.aimed_places()]
    out += [("the table's label", pygame.Rect(rect)) for rect in table._marks()]
    # the move banner as last drawn, while it shows ("Vous posez une paire : …" lay under
    # the panel)
    banner = table._messages_drawn[1][1]
    if table.caption is not None and banner is not None:
        out.append(("the move banner", pygame.Rect(banner)))
    return out


def panel_problems(table: LessonScene) -> list[str]:
    panel = table.panel.rect
    if panel.width <= 0:
        return []
    found = [f"{what} {tuple(rect)}" for what, rect in kept_in_view(table)
             if panel.colliderect(rect)]
    if not pygame.Rect((0, 0), table.size).contains(panel):
        found.append("off the window")
    return [f"the panel {tuple(panel)} over {what}" for what in found]


def walk(app, table: LessonScene, every: int = 1) -> list[str]:
    """The lesson played through (the coach's moves, Next and Play on); the problems at
    every ``every``th step the person is to read or play, and at the coach's last words."""
    found = []
    for _step in lesson_steps(app, table):
        # one frame drawn (the table's labels are known as drawn), then the panel laid
        table.draw(app.screen)
        app.step([], DT)
        if table.coach.index % every == 0:
            found += [f"step {table.coach.index}: {p}" for p in panel_problems(table)]
    if app.top is not table:
        app.pop()
    table.draw(app.screen)
    app.step([], DT)
    found += [f"the end: {p}" for p in panel_problems(table)]
    return found


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game", GAMES)
def test_the_coach_s_panel_keeps_to_its_rule(game, language, size):
    found = []
    try:
        for text_size in TEXT_SIZES:
            app = make_app(language=language, size=size, text_size=text_size)
            theme.set_access(False, text_size)
            # the frames are not drawn but one at each step the walk looks at (the panel is
            # laid as the table updates): the walks take a third of the time
            app.draw = lambda surface=None: None
            table = app.open("lesson", game)
            assert isinstance(table, LessonScene)
            every = 2 if text_size == "normal" else 1
            found += [f"{text_size}: {p}" for p in walk(app, table, every)]
    finally:
        i18n.set_language("en")
        theme.set_access(False, "normal")
    assert not found, f"{len(found)} problems:\n" + "\n".join(found[:60])
