"""The review's pairs65 board fits its players' pairs: at 800x500 the board beside the
review's panel is 548x413, and with three or four players the side seats' grids of three
pairs by two were wider than the room between their hands and the piles: they met each
other, ran under the plates, the piles and the score panel. Measured on the rects the
table lays out (pair places, plates, score panel, piles and their words, the count
boxes), at every step of a deal, in both languages and three text sizes.

Modules: cardtable.ui.tables.pairs65_layout (the places, closed up on the review's
squeezed board) and pairs65_draw (the count boxes); the board is cardtable.ui.replay's.
"""

from __future__ import annotations

import itertools

import pygame
import pytest

from cardtable import i18n
from cardtable.ui import theme
from cardtable.ui.app import App
from cardtable.ui.canvas import drawing
from cardtable.ui.cardart import card_height
from cardtable.ui.scenes.review import ReviewScene
from tests.test_records import played
from tests.ui.conftest import frames
from tests.ui.test_review import pairs_board_problems

LOOKS = [(lang, ts) for lang in ("en", "fr") for ts in ("normal", "large", "larger")]


def places_problems(board) -> list[str]:
    """Where a seat's pair places meet another seat's, leave the board, or lie under a
    plate, the score panel, a pile or the piles' words."""
    g = board.game
    n = board.match.n_players
    bounds = pygame.Rect(0, 0, *board.size)
    others = {f"plate {s}": board.plate_rect(s, bounds) for s in range(n)}
    others["the score panel"] = board.score_panel_rect()
    others.update({"draw pile": g.stock_rect(), "discards": g.discard_rect()})
    below = card_height(g.pile_w) / 2 + theme.px(8)
    for name, pos, text in (("draw pile's words", g.stock_pos(), "Draw pile · 30"),
                            ("discards' words", g.discard_pos(), "Discards · 30")):
        words = pygame.Rect((0, 0), theme.text_size(i18n.tr(text), theme.px(13)))
        words.midtop = (int(pos[0]), int(pos[1] + below))
        others[name] = words
    found = []
    places = [(s, r) for s in range(n) for r in g.pair_rects(s)]
    for (a, ra), (b, rb) in itertools.combinations(places, 2):
        if a != b and ra.colliderect(rb):
            found.append(f"pairs {a} over pairs {b}")
    for s, r in places:
        if not bounds.contains(r):
            found.append(f"pairs {s} off the board")
        found += [f"pairs {s} under {k}" for k, q in others.items()
                  if q is not None and r.colliderect(q)]
    return found


def review_problems(size, players: int, looks, seed: int = 3) -> list[str]:
    app = App(size=size, settings={"sound": False}, settings_path=None)
    found = set()
    try:
        for lang, text_size in looks:
            app.set_setting("language", lang)
            app.set_setting("text_size", text_size)
            scene = app.push(ReviewScene(played("pairs65", seed, 1, players), 0))
            frames(app, 2)
            for step in range(scene.last + 1):
                scene.go(step)
                app.draw()
                where = f"{lang} {text_size} step {step}"
                with drawing():     # (the table as drawn: its places are asked once)
                    found.update(f"{where}: {p}" for p in places_problems(scene.board))
                    found.update(f"{where}: {p}" for p in pairs_board_problems(scene.board))
            app.pop()
    finally:
        while app.stack:
            app.pop()
        app.set_setting("language", "en")
        app.set_setting("text_size", "normal")
    return sorted(found)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_pairs_fit_the_review_s_board_at_800x500(players):
    """Before, with three players the side grids (225 px wide each) met and lay over the
    draw pile and the side plates, with four over the top row and the score panel too."""
    found = review_problems((800, 500), players, LOOKS)
    assert not found, f"{len(found)} problems:\n" + "\n".join(found[:30])


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["1280x720", "1920x1080"])
@pytest.mark.parametrize("players", [3, 4])
def test_the_larger_windows_keep_their_pairs_apart_too(size, players):
    """The larger windows' boards, where the grids always fitted (with four players at
    1280x720 a seat's count lay over the discards and another's pairs)."""
    found = review_problems(size, players, [("en", "normal"), ("fr", "larger")])
    assert not found, f"{len(found)} problems:\n" + "\n".join(found[:30])


def test_the_squeezed_places_stay_put_from_step_to_step():
    """The places are laid out once for the board: stepping through the deal (hands of
    ten cards to two) moves no seat's places, and the squeezed pairs are no smaller than
    the side hands' face-up cards."""
    app = App(size=(800, 500), settings={"sound": False}, settings_path=None)
    try:
        scene = app.push(ReviewScene(played("pairs65", 7, 1, 4), 0))
        frames(app, 2)
        g = scene.board.game
        assert g.squeezed and g.pw >= g.small_width()
        seen = set()
        for step in range(scene.last + 1):
            scene.go(step)
            app.draw()
            seen.add(tuple(tuple(g.grid_rect(s)) for s in range(4)))
        assert len(seen) == 1, seen
    finally:
        while app.stack:
            app.pop()


def test_each_seat_s_squeezed_places_are_edged_in_its_colour():
    """Closed up, the top row's places lay a few pixels above the left seat's, and a count
    left out for want of room no longer said whose they were: a line in the seat's colour
    goes round each seat's places (on the squeezed board only)."""
    app = App(size=(800, 500), settings={"sound": False}, settings_path=None)
    try:
        scene = app.push(ReviewScene(played("pairs65", 3, 1, 4), 0))
        frames(app, 2)
        app.draw()
        board = scene.board
        g = board.game
        table, _, _ = scene.areas()
        picture = app.screen.subsurface(table)
        for seat in range(4):
            edge = g.grid_rect(seat).inflate(theme.px(4), theme.px(4))
            colour = board.seat_colour(seat)
            y = edge.centery if g.slot(seat) in ("left", "right") else edge.top
            x = edge.left if g.slot(seat) in ("left", "right") else edge.centerx
            on = picture.get_at((x, y))[:3]
            off = picture.get_at((x - 3, y) if y != edge.top else (x, y - 3))[:3]

            def far(c, colour=colour):
                return sum(abs(a - b) for a, b in zip(c, colour[:3], strict=True))
            assert far(on) < far(off), (seat, on, off, colour)
    finally:
        while app.stack:
            app.pop()


def test_a_step_works_out_each_seat_s_room_once(monkeypatch):
    """A step of the review put the cards down, then sent them to their places, each card
    asking again where its seat's pairs lie: at 800x500 with four players a step took
    about 108 ms (the room of the side seats worked out 42 times a step, 72 at most). The
    places are worked out as for one frame: each side seat's room three times a step (the
    pairs put down, the cards sent, the frame drawn), however many cards lie there."""
    from cardtable.ui.tables.pairs65_layout import Pairs65Layout
    asked = [0]
    real = Pairs65Layout.highest_plate

    def counted(self, seat):
        asked[0] += 1
        return real(self, seat)

    app = App(size=(800, 500), settings={"sound": False}, settings_path=None)
    try:
        scene = app.push(ReviewScene(played("pairs65", 3, 1, 4), 0))
        frames(app, 2)
        assert scene.board.game.squeezed
        monkeypatch.setattr(Pairs65Layout, "highest_plate", counted)
        most = 0
        for step in range(scene.last + 1):
            asked[0] = 0
            scene.go(step)
            app.draw()
            most = max(most, asked[0])
        assert 0 < most <= 6, most
    finally:
        while app.stack:
            app.pop()
