"""The coach's panel (cardtable/ui/coach.py): where it lies, how tall its words are at every
text size and in French, the ring around a lit thing."""

from __future__ import annotations

import pygame
import pytest

from cardtable import i18n, lessons
from cardtable.ui import coach, theme
from cardtable.ui.app import App
from cardtable.ui.coach import CoachPanel


@pytest.fixture(autouse=True)
def window():
    app = App(size=(1280, 720), settings={"sound": False})
    yield app
    theme.set_access(False, "normal")
    i18n.set_language("en")


def test_the_panel_takes_the_place_that_covers_least():
    panel = CoachPanel()
    width = CoachPanel.width((1280, 720))
    # everything on the left: it goes to the right, under the score panel
    busy = [pygame.Rect(0, 0, 640, 720)]
    rect = panel.place((1280, 720), [(width, 200)], busy)
    assert rect.left >= 640 and rect.width == width
    assert coach.overlap(rect, busy) == 0
    # once there, a little more in its way does not make it jump
    rect2 = panel.place((1280, 720), [(width, 200)],
                        busy + [pygame.Rect(rect.left, rect.top, 20, 20)])
    assert rect2 == rect
    # never outside the window, however tall
    tall = panel.place((1280, 720), [(width, 5000)], [])
    assert pygame.Rect(0, 0, 1280, 720).contains(tall)


def test_the_panel_slides_down_a_side_and_widens_to_keep_off_what_matters():
    panel = CoachPanel()
    narrow, *_, wide = CoachPanel.widths((1280, 720))
    assert narrow < wide
    # a plate high on each side, a hand low on the left (to be kept in view): the left
    # side between them
    keep = coach.KEEP
    busy = [(pygame.Rect(14, 190, 180, 100), keep), (pygame.Rect(1090, 190, 180, 100), keep),
            (pygame.Rect(1000, 300, 280, 420), 1), (pygame.Rect(200, 600, 300, 120), keep)]
    busy += [(pygame.Rect(200, 0, 1080, 720), 1)]        # the rest of the table, busy too
    # too tall at its own width to fit in between, it fits when wider (and shorter)
    rect = panel.place((1280, 720), [(narrow, 330), (wide, 280)], busy)
    assert coach.overlap(rect, busy[:4]) == 0
    assert rect.width == wide and 290 <= rect.top and rect.bottom <= 600
    # weights: a lit thing (40) is kept clear before a plain one
    panel = CoachPanel()
    lit = [(pygame.Rect(0, 0, 640, 720), 40), (pygame.Rect(640, 0, 640, 720), 1)]
    assert panel.place((1280, 720), [(narrow, 300)], lit).left >= 640


def test_the_panel_takes_the_free_felt_between_the_seats_and_costs_little_to_place(
        monkeypatch):
    # (it is placed only when what it shows changes: test_lesson counts how often; here,
    # how much one placement weighs: every other cell of the felt at each width, each
    # looked up in the summed grids of at most three tiers, never a walk over the pixels
    # (about 10 ms for the four widths at 1280 x 720; no clock is read: a test's time
    # depends on the machine)
    looked: list[int] = []
    under = coach.Weights.under
    monkeypatch.setattr(coach.Weights, "under",
                        lambda self, rect: looked.append(1) or under(self, rect))
    panel = CoachPanel()
    narrow, *_, wide = CoachPanel.widths((1280, 720))
    # seats' hands down both sides and along the top and bottom, a trick in the middle
    busy = [(pygame.Rect(0, 0, 100, 720), 3), (pygame.Rect(1180, 0, 100, 720), 3),
            (pygame.Rect(0, 0, 1280, 100), 3), (pygame.Rect(0, 560, 1280, 160), 4),
            (pygame.Rect(590, 300, 100, 130), 2)]
    sizes = [(width, 240) for width in CoachPanel.widths((1280, 720))]
    rect = panel.place((1280, 720), sizes, busy)
    assert coach.overlap(rect, busy) == 0
    cell = max(4, theme.px(12))
    places = (1280 // (2 * cell) + 3) * (720 // (2 * cell) + 3)
    assert 0 < len(looked) <= 3 * len(sizes) * places, len(looked)
    # the grid's weights are the exact overlaps for rects on its cells
    weights = coach.Weights((1280, 720), busy, 12)
    probe = pygame.Rect(96, 96, 120, 48)
    assert weights.under(probe) == coach.overlap(probe, busy)


def test_the_keys_wrap_rather_than_being_cut_and_go_once_the_lesson_is_over():
    theme.set_access(False, "larger")
    i18n.set_language("fr")
    panel = CoachPanel()
    width = CoachPanel.width((1280, 720))
    lines = panel.key_lines(width)
    assert "".join(lines).replace(" ", "") == i18n.tr(coach.KEYS).replace(" ", "")
    assert all(theme.font(panel.sizes()[2]).size(line)[0] <= width - 2 * panel.pad()
               for line in lines)
    assert panel.foot_height(width) >= len(lines) * theme.line_height(panel.sizes()[2])
    assert panel.foot_height(width, keys=False) == panel.pad()


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", ["normal", "large", "larger"])
def test_every_step_fits_the_panel_at_every_text_size(language, size):
    theme.set_access(False, size)
    i18n.set_language(language)
    panel = CoachPanel()
    width = max(CoachPanel.widths((1280, 720)))
    for game in lessons.games_with_lessons():
        lesson = lessons.lesson_for(game)
        before = None
        for step in lesson.steps:
            # the most a step shows: what the move before it did, its words, and why
            for recap, words in ((before and before.after, step.say), (None, step.watch)):
                if not words:
                    continue
                h = panel.text_height(width, lesson.title, words, step.why, recap)
                # room for two rows of buttons and the keys' line in a 720-pixel window
                assert h + 2 * theme.px(42) + panel.foot_height(width) < 720 - theme.px(28), \
                    (game, language, size, words[:40])
            before = step


def test_the_words_are_drawn_and_kept_until_they_change():
    panel = CoachPanel()
    panel.rect = pygame.Rect(10, 10, 360, 260)
    surface = pygame.Surface((400, 300), pygame.SRCALPHA)
    panel.draw(surface, "Title", "Some words", "A note", True, 200)
    first = panel._surface
    panel.draw(surface, "Title", "Some words", "A note", True, 200)
    assert panel._surface is first
    panel.draw(surface, "Title", "Other words", None, False, 200)
    assert panel._surface is not first
    assert surface.get_at((20, 20)).a > 0


def test_a_ring_lights_around_its_rect():
    surface = pygame.Surface((200, 200), pygame.SRCALPHA)
    coach.ring(surface, pygame.Rect(50, 50, 60, 80), 1.0)
    assert surface.get_at((50 - theme.px(3), 90)).a > 0      # on the ring
    assert surface.get_at((80, 90)).a < 80                   # the thing itself shows


def test_a_smaller_rank_is_taken_only_where_it_keeps_clear():
    """Sizes with ranks (its own, a notch smaller, in pages): the panel's own size wherever
    it lies clear of what is kept in view; a worse rank only where that one would cover it
    (and :attr:`chosen` says which was taken)."""
    panel = CoachPanel()
    free = pygame.Rect(860, 14, 406, 214)            # the one place clear of all kept
    busy = [(r, coach.KEEP) for r in (pygame.Rect(0, 0, 860, 720),
                                      pygame.Rect(860, 228, 420, 492))]
    rect = panel.place((1280, 720), [(400, 300, 0), (400, 200, 1)], busy)
    assert panel.chosen == 1 and free.contains(rect)
    rect = panel.place((1280, 720), [(400, 180, 0), (400, 100, 1)], busy, stay=False)
    assert panel.chosen == 0 and free.contains(rect)
