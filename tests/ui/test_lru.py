"""The bounded caches of drawn surfaces (cardtable/ui/lru.py)."""

from __future__ import annotations

import pygame

from cardtable.ui import theme
from cardtable.ui.lru import LRU, surface_cache


def test_lru_keeps_the_most_recently_used():
    cache = LRU(2)
    cache["a"], cache["b"] = 1, 2
    assert cache.get("a") == 1          # "a" is now the most recent
    cache["c"] = 3
    assert list(cache) == ["a", "c"]


def test_surface_cache_is_bounded_by_pixels_not_count():
    calls = []

    @surface_cache(1_000_000)
    def draw(w: int, h: int) -> pygame.Surface:
        calls.append((w, h))
        return pygame.Surface((w, h), pygame.SRCALPHA)

    a = draw(100, 100)                   # 40 kB
    assert draw(100, 100) is a and len(calls) == 1
    for i in range(30):                  # panels of many sizes: 30 x ~0.5 MB
        draw(300 + i, 400)
    info = draw.cache_info()
    assert 0 < info.currsize <= 1_000_000 == info.maxsize
    draw.cache_clear()
    assert draw.cache_info().currsize == 0


def test_panel_shadows_of_many_sizes_stay_within_the_bound():
    for i in range(80):                  # a summary panel per deal, each its own size
        theme._shadow((700 + i, 500 + i), 16, 24, 120)
        theme._rounded((700 + i, 500 + i), (10, 18, 14, 178), 16, (255, 255, 255, 34), 1)
    for fn in (theme._shadow, theme._rounded):
        assert fn.cache_info().currsize <= theme.PANEL_BYTES


def test_card_index_type_is_one_face_over_many_card_widths():
    """Every card width asks for its own index size: one face draws them all (a font object
    per size held about 0.13-0.25 MB each)."""
    from cardtable.ui import cardart

    art = cardart.CardArt()
    for width in range(40, 160, 3):       # a window resized by dragging, larger cards...
        art.face("QS", width)
        art.slot(width, "Stock")
    assert list(cardart._FACES) == [True]


def test_a_new_table_draws_with_the_old_ones_caches_and_the_old_table_is_freed(app):
    import weakref

    from cardtable.cli import quick_setup
    from cardtable.ui import cardart
    from cardtable.ui.scenes.table import install
    from cardtable.ui.scenes.table.launch import start_match

    install(app)
    first = start_match(app, quick_setup("sixtysix", people=1, level="easy"))
    for _ in range(5):
        app.step([], 0.05)
    art, felt = first.art, first.felt.surface(app.size)
    drawn = list(art._cache)
    assert drawn and theme._render.cache_info().currsize > 0 and len(cardart._FACES) > 0
    gone = [weakref.ref(first), weakref.ref(first.match), weakref.ref(first._static)]
    del first
    second = start_match(app, quick_setup("sixtysix", people=1, level="easy"))
    # the caches (each bounded) are kept: the same look's art with its faces, the cloth,
    # the texts and fonts; nothing is drawn again only because a table is new
    assert second.art is art and all(k in art._cache for k in drawn[-10:])
    assert second.felt.surface(app.size) is felt
    assert theme._render.cache_info().currsize > 0 and len(cardart._FACES) > 0
    # the old table, its match and its window-sized layer are freed as the new one shows
    # (they refer to each other: without the table's own collection they would wait for
    # the collector's next full pass, minutes later)
    assert [ref() for ref in gone] == [None, None, None]
    app.draw()
    second.match.close()


def test_a_finished_match_and_its_table_are_freed_once_the_next_begins(app):
    import weakref

    from cardtable.cli import quick_setup
    from cardtable.ui.scenes.table import install
    from cardtable.ui.scenes.table.launch import start_match

    install(app)
    table = start_match(app, quick_setup("pairs65", people=0, level="easy"))
    table.match.threaded = False        # its computers answer at once
    for _ in range(400):
        if table.match.scored_deals:
            break
        app.step([], 0.25)
        if app.top is not table and app.top is not None and app.top.overlay:
            app.pop()
    assert table.match.scored_deals     # a deal played through, its records kept
    refs = [weakref.ref(table), weakref.ref(table.match), weakref.ref(table.match.state),
            weakref.ref(table.sprites)]
    del table
    nxt = start_match(app, quick_setup("rummy65", people=0, level="easy"))
    assert [ref() for ref in refs] == [None] * len(refs)     # no collection needed here
    nxt.match.close()


def test_the_allocator_is_set_up_for_long_sessions():
    import sys

    from cardtable.ui import memory

    configured = memory.configure()
    if sys.platform.startswith("linux") and memory._glibc() is not None:
        assert configured and memory.configure()     # once, and it stays so
    else:
        assert not configured


def test_an_lru_with_a_byte_bound_keeps_at_most_that_many_pixels():
    cache = LRU(100, max_bytes=4 * 100 * 100 * 3)      # three 100x100 surfaces
    for i in range(10):
        cache[i] = pygame.Surface((100, 100), pygame.SRCALPHA)
    assert list(cache) == [7, 8, 9] and cache.bytes == 3 * 40_000
    cache[9] = pygame.Surface((10, 10), pygame.SRCALPHA)   # replaced: its bytes are counted anew
    assert cache.bytes == 2 * 40_000 + 400
    cache.pop(8)
    del cache[7]
    assert cache.bytes == 400 and list(cache) == [9]
    big = pygame.Surface((400, 400), pygame.SRCALPHA)      # over the bound alone: kept alone
    cache["big"] = big
    assert list(cache) == ["big"] and cache.bytes == 640_000
    cache.clear()
    assert cache.bytes == 0


def test_texts_of_a_long_session_stay_within_their_bound():
    for i in range(3000):
        theme._render(f"Message number {i} that a long match shows once", 22, False,
                      (255, 255, 255))
    assert 0 < theme._render.cache_info().currsize <= theme.TEXT_BYTES < theme.PANEL_BYTES


def test_the_table_keeps_panels_by_the_window_s_size(app):
    from cardtable.cli import quick_setup
    from cardtable.ui.scenes.table import install
    from cardtable.ui.scenes.table.launch import start_match
    from cardtable.ui.scenes.table.scene import PANEL_CACHE_BYTES, panel_cache_bytes

    assert panel_cache_bytes((1280, 720)) == PANEL_CACHE_BYTES == 2 * 2**20
    assert 2 * 2**20 < panel_cache_bytes((1920, 1080)) < 3 * 2**20
    assert panel_cache_bytes((3840, 2160)) > 11 * 2**20
    install(app)
    table = start_match(app, quick_setup("sixtysix", people=1, level="easy"))
    app.draw()
    assert table._panel_cache.max_bytes == panel_cache_bytes(app.size)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(2400, 1350), w=2400, h=1350)], 0.016)
    assert app.size == (2400, 1350)
    assert table._panel_cache.max_bytes == panel_cache_bytes((2400, 1350)) > 4 * 2**20
    table.match.close()


def test_fonts_of_many_sizes_stay_within_the_open_bound_and_draw_the_same():
    """More sizes than are kept open: at most ``FONTS_OPEN`` fonts stay open, and a size
    opened again draws the very pixels it drew before."""
    theme._font.cache_clear()
    first = theme.render("Sixty-Six: 10 of spades", 14)
    before = pygame.image.tobytes(first, "RGBA")
    for size in range(15, 15 + 2 * theme.FONTS_OPEN):
        theme.font(size).size("Stock · 95")
        theme.font(size, bold=True).size("Stock · 95")
    assert theme._font.cache_info().currsize == theme.FONTS_OPEN
    theme.clear_caches()                 # the text drawn again, by a font opened again
    again = theme.render("Sixty-Six: 10 of spades", 14)
    assert pygame.image.tobytes(again, "RGBA") == before
