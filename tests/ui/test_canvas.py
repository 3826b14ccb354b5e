"""cardtable.ui.canvas: the transforms kept a frame, and a picture drawn again only where its
list of blits changed -- always the picture the whole list draws."""

from __future__ import annotations

import random

import pygame
import pytest

from cardtable.ui.canvas import Canvas, Recorder, Transforms, changed_rects, merged


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield


def _card(colour, size=(60, 84), alpha=True) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA if alpha else 0)
    surf.fill((0, 0, 0, 0) if alpha else (0, 0, 0))
    pygame.draw.rect(surf, (*colour, 200), surf.get_rect(), border_radius=9)
    pygame.draw.line(surf, (*colour[::-1], 255), (0, 0), size, 3)
    return surf


def _cloth(size) -> pygame.Surface:
    cloth = pygame.Surface(size)
    for y in range(0, size[1], 7):
        pygame.draw.line(cloth, (20, 90 + y % 60, 40), (0, y), (size[0], y), 7)
    return cloth


def _whole(size, blits) -> pygame.Surface:
    """The picture the blits make on a new surface, all of them drawn."""
    surf = pygame.Surface(size)
    for source, dest, alpha in blits:
        source.set_alpha(alpha)
        surf.blit(source, dest)
    return surf


def _recorded(size, blits) -> Recorder:
    rec = Recorder(size)
    for source, dest, alpha in blits:
        source.set_alpha(alpha)
        rec.blit(source, dest)
    return rec


def _same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def test_transforms_are_made_once_a_frame_and_kept_one_frame_more():
    kept = Transforms()
    img = _card((200, 40, 40))
    first = kept.scale(img, (50, 70))
    assert kept.scale(img, (50, 70)) is first          # a second card at that size
    assert kept.scale(img, (51, 70)) is not first
    assert pygame.image.tobytes(first, "RGBA") == pygame.image.tobytes(
        pygame.transform.scale(img, (50, 70)), "RGBA")
    turned = kept.rotate(img, 12.5)
    assert kept.rotate(img, 12.5) is turned and kept.rotate(img, 12.25) is not turned
    kept.new_frame()
    assert kept.scale(img, (50, 70)) is first          # still used: kept
    kept.new_frame()
    kept.new_frame()
    assert kept.scale(img, (50, 70)) is not first      # two frames unused: let go
    assert kept.bytes == 50 * 70 * 4


def test_transforms_keep_no_more_than_their_bound():
    kept = Transforms(max_bytes=60 * 84 * 4)
    img = _card((40, 40, 200))
    a = kept.scale(img, (60, 84))
    b = kept.scale(img, (30, 42))                      # over the bound: made, not kept
    assert kept.scale(img, (30, 42)) is not b and kept.scale(img, (60, 84)) is a
    assert kept.bytes <= kept.max_bytes


def test_a_changed_list_is_drawn_again_where_it_changed_and_nowhere_else():
    size = (640, 400)
    cloth = _cloth(size)
    cards = [_card((random.Random(i).randrange(256), 80, 160)) for i in range(12)]
    glow = _card((250, 220, 120), (90, 110))
    first = [(cloth, (0, 0), None)] + [(c, (30 + 40 * i, 60 + 9 * i), 255)
                                       for i, c in enumerate(cards)]
    first.insert(5, (glow, (200, 150), 120))
    canvas = Canvas()
    assert _same(canvas.paint(_recorded(size, first)), _whole(size, first))
    # a card gone from the middle, one moved, the glow at another alpha (the same cached
    # surface), a card put on top, and two swapped in order
    second = list(first)
    del second[3]
    second[7] = (second[7][0], (500, 300), 255)
    second[4] = (glow, (200, 150), 200)
    second.append((cards[0], (410, 20), 255))
    second[9], second[10] = second[10], second[9]
    picture = canvas.paint(_recorded(size, second))
    assert _same(picture, _whole(size, second))
    area = sum(r.width * r.height for r in canvas.last_area)
    assert 0 < area < size[0] * size[1] // 2
    # nothing changed: nothing drawn
    canvas.paint(_recorded(size, second))
    assert canvas.last_area == []


def test_random_changes_keep_the_picture_exact():
    size = (320, 240)
    rng = random.Random(5)
    cloth = _cloth(size)
    images = [_card((rng.randrange(256), rng.randrange(256), 90), (rng.randrange(20, 70),
                                                                    rng.randrange(20, 90)))
              for _ in range(6)]
    blits = [(cloth, (0, 0), None)]
    canvas = Canvas()
    for _ in range(40):
        for _ in range(rng.randrange(1, 4)):
            what = rng.random()
            if what < 0.5 or len(blits) < 3:
                at = (rng.randrange(-20, 300), rng.randrange(-20, 220))
                blits.insert(rng.randrange(1, len(blits) + 1),
                             (rng.choice(images), at, rng.choice((255, 128))))
            elif what < 0.8:
                del blits[rng.randrange(1, len(blits))]
            else:
                k = rng.randrange(1, len(blits))
                blits[k] = (blits[k][0], (rng.randrange(300), rng.randrange(220)), blits[k][2])
        assert _same(canvas.paint(_recorded(size, blits)), _whole(size, blits))


def test_the_recorder_stands_in_for_a_surface():
    rec = Recorder((200, 100))
    assert rec.get_size() == (200, 100) and rec.get_width() == 200 and rec.get_height() == 100
    assert rec.get_rect(center=(50, 50)) == pygame.Rect(-50, 0, 200, 100)
    img = _card((1, 2, 3), (10, 20))
    assert rec.blit(img, pygame.Rect(5, 6, 1, 1)) == pygame.Rect(5, 6, 10, 20)
    rec.blit(img, (7.6, 8.2))                   # a fraction of a pixel: its rectangle is wider
    assert rec.rects[-1].contains(pygame.Rect(7, 8, 10, 20))
    rec.blit(img, (0, 0), area=pygame.Rect(2, 2, 4, 4))
    assert rec.rects[-1] == pygame.Rect(0, 0, 4, 4) and len(rec) == 3


def test_changed_rects_name_both_places_of_a_moved_blit():
    img = _card((9, 9, 9), (10, 10))
    old, new = Recorder((100, 100)), Recorder((100, 100))
    for rec, where in ((old, (50, 50)), (new, (70, 10))):
        rec.blit(img, (0, 0))
        rec.blit(img, where)
        rec.blit(img, (90, 90))
    assert sorted(map(tuple, changed_rects(old, new))) == [(50, 50, 10, 10), (70, 10, 10, 10)]
    assert changed_rects(new, new) == []


def test_merged_joins_what_overlaps_and_takes_the_whole_when_most_changed():
    rects = [pygame.Rect(0, 0, 10, 10), pygame.Rect(5, 5, 10, 10), pygame.Rect(50, 50, 5, 5),
             pygame.Rect(-5, -5, 3, 3)]
    assert sorted(map(tuple, merged(rects, (100, 100)))) == [(0, 0, 15, 15), (50, 50, 5, 5)]
    assert merged([pygame.Rect(0, 0, 90, 90)], (100, 100)) == [pygame.Rect(0, 0, 100, 100)]


def test_per_frame_answers_are_kept_within_a_frame_only():
    from cardtable.ui.canvas import drawing, per_frame

    class Table:
        def __init__(self):
            self.asked = 0
            self.seats = [pygame.Rect(0, 0, 10, 10)]

        @per_frame
        def plate(self, seat: int, bounds: pygame.Rect) -> pygame.Rect:
            self.asked += 1
            return self.seats[seat].clip(bounds)

        @per_frame
        def rects(self, wide: bool = False) -> list:
            self.asked += 1
            return [pygame.Rect(0, 0, 5 if wide else 1, 1)]

    t = Table()
    bounds = pygame.Rect(0, 0, 100, 100)
    t.plate(0, bounds)
    t.plate(0, bounds)
    assert t.asked == 2                     # between frames: worked out each time
    with drawing():
        first = t.plate(0, bounds)
        first.move_ip(50, 50)               # the caller's copy: the kept answer is unmoved
        assert t.plate(0, pygame.Rect(0, 0, 100, 100)) == pygame.Rect(0, 0, 10, 10)
        assert t.asked == 3
        t.plate(0, pygame.Rect(0, 0, 5, 5))     # other arguments: another answer
        assert t.rects(wide=True)[0].width == 5 and t.rects()[0].width == 1
        t.rects(wide=True).clear()
        assert t.rects(wide=True) and t.asked == 6
    t.seats[0] = pygame.Rect(1, 1, 3, 3)    # the table changed between frames
    with drawing():
        assert t.plate(0, bounds) == pygame.Rect(1, 1, 3, 3)


@pytest.mark.parametrize("game,players", [("japanese65", 4), ("rummy65", 5), ("pairs65", 3)])
def test_a_table_drawn_from_its_kept_picture_is_the_table_drawn_whole(app, game, players):
    """Computers play a table at normal speed; at frames all through the deal and the
    play, the picture drawn from the kept one (only its changed rectangles drawn again) is
    the picture of the same moment drawn whole, pixel for pixel."""
    from cardtable.match import Match, Seat
    from cardtable.ui.scenes.table import TableScene, show_table

    seats = [Seat(f"P{i}", "computer", "easy") for i in range(players)]
    match = Match(game, seats, seed=3, pace=0.2, threaded=False)
    table = show_table(app, TableScene(match, speed="normal", sound=False))
    compared = partial = 0
    for frame in range(420):
        app.step([], 1 / 60)
        whole = table._canvas.last_area == [app.screen.get_rect()]
        partial += not whole and table._canvas.last_area != []
        if frame % 5 == 0:
            kept = pygame.image.tobytes(app.screen, "RGB")
            table._static = None            # the next drawing is made whole
            app.draw(app.screen)
            assert table._canvas.last_area == [app.screen.get_rect()]
            assert pygame.image.tobytes(app.screen, "RGB") == kept, f"frame {frame}"
            compared += 1
    assert compared == 84 and partial > 20      # the kept picture was drawn again in parts
