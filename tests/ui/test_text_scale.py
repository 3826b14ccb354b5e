"""Larger text: at every text size, in English and in French, the menu-like screens show every
word whole and nothing overlaps.

Each screen is drawn with every ``theme.draw_text`` recorded (the text as shown, where its
letters are, which widget drew it) and every ``theme.ellipsize`` that had to cut a text. Then:

- no text was cut short with an ellipsis;
- a widget's texts lie inside the widget;
- no two widgets overlap, no two texts overlap, no text under the widgets runs into one;
- every text is inside the window (or inside the scrolling area that shows it);
- the picker's tiles and the setup notes show all their words (nothing is dropped).

Also: the table's small buttons fit their translated words, the quiet buttons are clearly
outlined in high contrast, and the hand-over's dot sits level with its title.
"""

from __future__ import annotations

import itertools

import pygame
import pytest

from cardtable import i18n
from cardtable.engine import registry
from cardtable.match import Match, Seat
from cardtable.ui import theme
from cardtable.ui.app import App
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.handoff import HandoffScene
from cardtable.ui.scenes.menu import MenuScene
from cardtable.ui.scenes.picker import GameTile, PickerScene
from cardtable.ui.scenes.rules import RulesScene
from cardtable.ui.scenes.settings import SettingsScene
from cardtable.ui.scenes.setup import SetupScene
from cardtable.ui.scenes.stats import StatsScene
from cardtable.ui.scenes.table import TableScene
from cardtable.ui.widgets import Button

DT = 1 / 60

STATS = {
    "sixtysix": {"easy": {"played": 4, "won": 3, "lost": 1, "streak": 1, "best_streak": 2,
                          "best": 7, "last_played": "2024-05-01"},
                 "hard": {"played": 1, "won": 0, "lost": 1, "shared": 0}},
    "quebec65": {"people": {"played": 2, "won": 1, "lost": 1, "total": 40, "scored": 2}},
    "japanese65": {"mixed": {"played": 12, "won": 7, "lost": 5}},
}


def setup_with(game: str, players: int):
    def make():
        scene = SetupScene(game)
        scene._restored = True          # not the last setup saved on this machine
        scene.players = players
        return scene
    return make


SCREENS = (
    [("menu", MenuScene), ("picker", PickerScene), ("settings", SettingsScene),
     ("stats", StatsScene)]
    + [(f"setup:{gid}", setup_with(gid, registry.get(gid).max_players))
       for gid in registry.ids()]
    + [(f"rules:{gid}", lambda gid=gid: RulesScene(gid)) for gid in registry.ids()]
)


@pytest.fixture(autouse=True)
def plain_afterwards():
    yield
    i18n.set_language("en")
    theme.set_access(False, "normal")


def make_app(size, language: str, text_size: str, high_contrast: bool = False) -> App:
    app = App(size=size, settings={"sound": False, "language": language,
                                   "text_size": text_size, "high_contrast": high_contrast},
              settings_path=None)
    app.stats = STATS
    return app


def show(app: App, make_scene):
    while app.stack:
        app.pop()
    if make_scene is not MenuScene:
        app.push(MenuScene())
    scene = app.push(make_scene())
    for _ in range(3):
        app.step([], DT)
    return scene


class Drawn:
    """One text as drawn: what it says, where its letters are, who drew it, what clips it."""

    def __init__(self, text: str, box: pygame.Rect, owner, clip: pygame.Rect | None):
        self.text, self.box, self.owner, self.clip = text, box, owner, clip

    @property
    def seen(self) -> pygame.Rect:
        """The part of the letters that can be seen (a scrolling area clips them)."""
        return self.box.clip(self.clip) if self.clip is not None else self.box

    def __repr__(self) -> str:
        who = getattr(self.owner, "name", None) or type(self.owner).__name__
        return f"{self.text!r} at {tuple(self.box)} by {who}"


class Recorder:
    def __init__(self, monkeypatch) -> None:
        self.drawn: list[Drawn] = []
        self.cut: list[str] = []
        self.owner = None
        draw_text, ellipsize = theme.draw_text, theme.ellipsize

        def recording_draw_text(surface, text, pos, size, colour=None, bold=False,
                                anchor="topleft", shadow=True, alpha=255):
            rect = draw_text(surface, text, pos, size, colour, bold, anchor, shadow, alpha)
            shown = i18n.tr(text)
            if shown.strip():
                img = theme.render(text, size, colour, bold)
                box = img.get_bounding_rect().move(rect.topleft)
                clip = surface.get_clip()
                whole = surface.get_rect()
                self.drawn.append(Drawn(shown, box, self.owner,
                                        None if clip == whole else clip))
            return rect

        def recording_ellipsize(text, size, width, bold=False):
            out = ellipsize(text, size, width, bold)
            if out != i18n.tr(text):
                self.cut.append(i18n.tr(text))
            return out

        monkeypatch.setattr(theme, "draw_text", recording_draw_text)
        monkeypatch.setattr(theme, "ellipsize", recording_ellipsize)

    def draw(self, scene) -> None:
        """Draw the scene as the app does, knowing which widget draws what."""
        self.drawn, self.cut = [], []
        surface = scene.app.screen
        self.owner = scene
        theme.backdrop(surface, "green")
        scene.draw_content(surface)
        for w in scene.form.widgets:
            if not w.visible:
                continue
            self.owner = w
            old = surface.get_clip()
            clip = getattr(w, "clip", None)
            if clip is not None:
                if not clip.colliderect(w.rect):
                    continue
                surface.set_clip(clip)
            w.draw(surface)
            surface.set_clip(old)
        self.owner = None


def widgets_seen(scene):
    """(widget, the part of it that can be seen) for every widget shown."""
    out = []
    for w in scene.form.widgets:
        if not w.visible or w.rect.width <= 0:
            continue
        clip = getattr(w, "clip", None)
        seen = w.rect.clip(clip) if clip is not None else w.rect
        if seen.width > 0 and seen.height > 0:
            out.append((w, seen))
    return out


def problems(scene, rec: Recorder) -> list[str]:
    found = [f"cut short: {t!r}" for t in rec.cut]
    screen = scene.app.screen.get_rect()
    shown = widgets_seen(scene)
    for (a, ra), (b, rb) in itertools.combinations(shown, 2):
        if ra.colliderect(rb):
            found.append(f"widgets overlap: {a.name!r} {tuple(ra)} and {b.name!r} {tuple(rb)}")
    texts = [d for d in rec.drawn if d.seen.width > 0 and d.seen.height > 0]
    for d in texts:
        if not screen.contains(d.seen):
            found.append(f"off the window: {d}")
        if d.owner is not scene and not d.owner.rect.inflate(2, 2).contains(d.box):
            found.append(f"outside its widget {tuple(d.owner.rect)}: {d}")
        if d.owner is scene:
            for w, seen in shown:
                if d.seen.colliderect(seen):
                    found.append(f"under widget {w.name!r} {tuple(seen)}: {d}")
    for a, b in itertools.combinations(texts, 2):
        if a.seen.colliderect(b.seen):
            found.append(f"texts overlap: {a} and {b}")
    return found


def check_screen(app, rec, name, make_scene) -> list[str]:
    scene = show(app, make_scene)
    rec.draw(scene)
    assert len(rec.drawn) >= 3, f"{name} drew {rec.drawn}"
    found = problems(scene, rec)
    # scroll to the end and look again: what was below is whole too
    scroller = getattr(scene, "scroller", None)
    if scroller is not None and scroller.active:
        scroller.scroll_by(1e9)
        for _ in range(40):
            scene.update(DT)
        rec.draw(scene)
        found += problems(scene, rec)
    return [f"{name}: {p}" for p in found]


# 1280x720 and 1920x1080, both languages, every text size: the big grid runs at 1280x720
CASES = [((1280, 720), lang, ts) for lang in ("en", "fr") for ts in ("normal", "large", "larger")]
CASES += [((1920, 1080), lang, "larger") for lang in ("en", "fr")]


@pytest.mark.parametrize("size,lang,text_size", CASES,
                         ids=[f"{s[0]}x{s[1]}-{lang}-{ts}" for s, lang, ts in CASES])
def test_every_screen_shows_every_word_whole_and_nothing_overlaps(monkeypatch, size, lang,
                                                                   text_size):
    app = make_app(size, lang, text_size)
    rec = Recorder(monkeypatch)
    found = []
    for name, make_scene in SCREENS:
        found += check_screen(app, rec, name, make_scene)
    assert not found, f"{len(found)} problems:\n" + "\n".join(found[:30])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_tiles_and_the_notes_show_all_their_words(monkeypatch, lang):
    app = make_app((1280, 720), lang, "larger")
    rec = Recorder(monkeypatch)
    picker = show(app, PickerScene)
    tiles = [w for w in picker.form.widgets if isinstance(w, GameTile)]
    assert len(tiles) == len(registry.ids())
    for tile in tiles:
        rec.draw(picker)
        words = " ".join(d.text for d in rec.drawn if d.owner is tile).split()
        for part in (tile.spec.name, tile.spec.blurb):
            assert " ".join(i18n.tr(part).split()) in " ".join(words), (
                f"{tile.spec.id}: {i18n.tr(part)!r} is not shown whole")
    for gid in registry.ids():
        setup = show(app, setup_with(gid, registry.get(gid).max_players))
        rec.draw(setup)
        shown = " ".join(" ".join(d.text for d in rec.drawn if d.owner is setup).split())
        for note in setup.notes():
            assert " ".join(i18n.tr(note).split()) in shown, f"{gid}: {i18n.tr(note)!r}"


def test_rows_tiles_and_tabs_grow_with_the_text(monkeypatch):
    """The layouts follow the text size: wider panels, taller tiles, wider tabs and choices."""
    measures = {}
    for text_size in ("normal", "larger"):
        app = make_app((1280, 720), "fr", text_size)
        settings = show(app, SettingsScene)
        picker = show(app, PickerScene)
        rules = show(app, RulesScene)
        setup = show(app, setup_with("sixtysix", 2))
        measures[text_size] = (
            settings.panel_rects()[0].width,
            picker.widget("japanese65").rect.height,
            rules.widget("tab.japanese65").rect.width,
            setup.widget("seat1.kind").rect.width,
        )
    small, big = measures["normal"], measures["larger"]
    assert all(b > s for s, b in zip(small, big, strict=True)), (small, big)


def test_a_cut_edge_fades_into_the_backdrop_where_more_is_to_come():
    """The tiles of the second row were cut mid-line at the area's edge, which read as a
    mistake: the edge where the content goes on fades into the table's cloth."""
    app = make_app((1280, 720), "fr", "larger")
    picker = show(app, PickerScene)
    scroller = picker.scroller
    assert scroller.active and scroller.offset == 0
    plain = pygame.Surface(app.size)
    theme.backdrop(plain, "green")
    app.draw()
    a = scroller.area
    x = next(t.rect.centerx for t in picker.form.widgets
             if isinstance(t, GameTile) and t.rect.bottom > a.bottom)   # a tile cut there
    edge, above = (x, a.bottom - 1), (x, a.bottom - theme.px(40))
    assert app.screen.get_at(edge)[:3] == plain.get_at(edge)[:3]       # all cloth at the edge
    assert app.screen.get_at(above)[:3] != plain.get_at(above)[:3]     # the tile above it
    # scrolled to the end, the bottom edge is plain and the top one fades
    scroller.scroll_by(10_000)
    for _ in range(90):
        app.step([], DT)
    app.draw()
    top = (x, a.top)
    assert app.screen.get_at(top)[:3] == plain.get_at(top)[:3] or \
        not any(t.rect.collidepoint(top) for t in picker.form.widgets)


def test_the_picker_scrolls_to_the_focused_tile_when_the_tiles_do_not_fit():
    app = make_app((1280, 720), "fr", "larger")
    picker = show(app, PickerScene)
    scroller = picker.scroller
    assert scroller.active, "at the larger size the tiles are taller than the window"
    last = picker.widget(registry.ids()[-1])
    assert not scroller.area.contains(last.rect)
    picker.form.keyboard = True
    picker.form.focus(last)
    for _ in range(60):
        app.step([], DT)
    assert scroller.area.contains(last.rect), "the focused tile is brought into view"
    # and a click reaches it where it is now
    picked = []
    last.on_pick = picked.append
    pos = last.rect.center
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], DT)
    assert picked == [last.spec.id]
    # the wheel scrolls back up; a tile outside the area cannot be clicked through the heading
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=20, flipped=False)], DT)
    for _ in range(60):
        app.step([], DT)
    assert scroller.offset == 0
    assert last.contains(last.rect.center) == scroller.area.collidepoint(last.rect.center)


def test_a_change_of_language_lays_the_screen_out_again(monkeypatch):
    app = make_app((1280, 720), "en", "larger")
    rec = Recorder(monkeypatch)
    settings = show(app, SettingsScene)
    app.set_setting("language", "fr")
    for _ in range(2):
        app.step([], DT)
    rec.draw(settings)
    assert not problems(settings, rec)
    assert settings.laid_out_in == "fr"


TABLE_CASES = [((1280, 720), "en", "larger"), ((1280, 720), "fr", "larger"),
               ((1920, 1080), "fr", "normal"), ((1920, 1080), "fr", "larger")]


@pytest.mark.parametrize("size,lang,text_size", TABLE_CASES,
                         ids=[f"{s[0]}x{s[1]}-{lang}-{ts}" for s, lang, ts in TABLE_CASES])
def test_the_table_buttons_fit_their_words(size, lang, text_size):
    app = make_app(size, lang, text_size)
    table_mod.install(app)
    app.push(MenuScene())
    seats = [Seat("Ann", "human"), Seat("Bot", "computer", "easy")]
    table = TableScene(Match("sixtysix", seats, seed=3, pace=0.0, threaded=False),
                       sound=False)
    table_mod.show_table(app, table)
    for _ in range(30):
        app.step([], DT)
    buttons = [w for w in table.form.widgets if isinstance(w, Button) and w.visible]
    assert {b.name for b in buttons} >= {"Menu", "Undo"}
    for b in buttons:
        size, label = b.label_fit()
        assert label == i18n.tr(b.text), f"{b.name!r} is cut: {label!r}"
        assert theme.text_size(label, size, bold=True)[0] <= b.rect.width - theme.px(16)
        # the larger setting is given up only as far as the room demands
        assert size >= int(theme.px(b.size) * Button.LEAST_TYPE / theme.text_scale())
    for a, b in itertools.combinations(buttons, 2):
        assert not a.rect.colliderect(b.rect), (a.name, b.name)
    table.match.close()


def test_buttons_keep_the_larger_text_where_there_is_room():
    app = make_app((1280, 720), "fr", "larger")
    b = Button("Undo", size=theme.SMALL + 1)
    b.rect = pygame.Rect(0, 0, b.preferred_width(), theme.px(34))
    assert b.label_fit()[0] == theme.px(theme.SMALL + 1)
    b.rect.width = theme.px(92)
    size, label = b.label_fit()
    assert label == i18n.tr("Undo")
    assert theme.text_size(label, size, bold=True)[0] <= b.rect.width - theme.px(16)
    app.stack.clear()


def _edge_brightness(high_contrast: bool) -> tuple[int, int]:
    """(brightest pixel on a quiet button's outline, the cloth beside it)."""
    theme.set_access(high_contrast, "normal")
    surface = pygame.Surface((300, 120))
    surface.fill((8, 14, 10))          # the high-contrast cloth is nearly black
    b = Button("Menu", style="quiet")
    b.rect = pygame.Rect(50, 30, 200, 60)
    b.draw(surface)
    edge = max(sum(surface.get_at((x, b.rect.top))[:3]) // 3 for x in range(80, 220))
    return edge, sum(surface.get_at((20, 60))[:3]) // 3


def test_quiet_buttons_are_outlined_in_high_contrast():
    pygame.init()
    theme.set_scale_for((1280, 720))
    normal_edge, _ = _edge_brightness(False)
    edge, cloth = _edge_brightness(True)
    assert edge >= 150 and edge - cloth >= 130, "a clear white outline on the black cloth"
    assert edge > normal_edge + 60
    # the fill is solid too: the label sits on black, not on the cloth seen through
    assert theme.QUIET_ALPHA >= 220


def _handoff(app: App) -> HandoffScene:
    table_mod.install(app)
    app.push(MenuScene())
    seats = [Seat("Ann", "human"), Seat("Bob", "human")]
    table = TableScene(Match("sixtysix", seats, seed=8, pace=0, threaded=False), speed="off",
                       pace=0, sound=False)
    table_mod.show_table(app, table)
    for _ in range(300):
        app.step([], DT)
        if isinstance(app.top, HandoffScene):
            return app.top
    raise AssertionError("no hand-over")


@pytest.mark.parametrize("size,text_size", [((1280, 720), "normal"), ((1920, 1080), "larger")])
def test_the_handoff_dot_is_level_with_the_title_and_centred_with_it(monkeypatch, size,
                                                                      text_size):
    app = make_app(size, "fr", text_size)
    handoff = _handoff(app)
    circles = []
    real_circle = pygame.draw.circle

    def recording_circle(surface, colour, centre, radius, *args, **kwargs):
        circles.append((tuple(int(c) for c in centre), radius))
        return real_circle(surface, colour, centre, radius, *args, **kwargs)

    rec = Recorder(monkeypatch)
    monkeypatch.setattr(pygame.draw, "circle", recording_circle)
    rec.owner = handoff
    handoff.draw(app.screen)
    title = i18n.tr(i18n.Msg("Pass to {name}", name="Bob"))
    drawn = next(d for d in rec.drawn if d.text == title)
    (cx, cy), r = next(c for c in circles if c[1] == theme.px(12))
    # the letters of "Passez à Bob" / "Pass to Bob" stand on the baseline, from the tops of
    # the capitals down: the dot's centre is level with their middle
    caps = theme.font(theme.px(theme.TITLE - 8), True).metrics("P")[0][3]
    baseline = drawn.box.bottom
    assert abs(cy - (baseline - caps / 2)) <= theme.px(3), (cy, baseline, caps)
    # the dot and the title are centred together
    middle = ((cx - r) + drawn.box.right) / 2
    assert abs(middle - app.size[0] / 2) <= theme.px(6)
    assert drawn.box.left > cx + r
    handoff.table.match.close()


def test_a_snug_button_is_as_wide_as_its_word_needs():
    app = make_app((1280, 720), "fr", "larger")
    b = Button("Undo", size=theme.SMALL + 1)
    b.rect = pygame.Rect(0, 0, b.snug_width(theme.px(92)), theme.px(34))
    assert b.rect.width > theme.px(92)
    assert b.label_fit() == (theme.px(theme.SMALL + 1), i18n.tr("Undo"))
    theme.set_access(False, "normal")
    i18n.set_language("en")
    assert Button("Menu", size=theme.SMALL + 1).snug_width(theme.px(92)) == theme.px(92)
    app.stack.clear()


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("text_size", ["normal", "large", "larger"])
@pytest.mark.parametrize("size", [(1280, 720), (1900, 1060)])   # 1900: px() rounds apart
def test_a_seat_plate_fits_its_words_beside_a_three_figure_score(language, text_size, size,
                                                                  monkeypatch):
    """With larger text "Computer · Medium" ran under the score and past the plate's edge,
    and the dealer's chip covered a wide score. The plate widens with the text: its name
    and level fit in full beside a score of 100, and the chip keeps left of the score."""
    from cardtable import i18n
    from cardtable.match import Match, Seat
    from cardtable.ui import theme
    from cardtable.ui.app import App
    from cardtable.ui.scenes import table as table_mod
    from cardtable.ui.scenes.table import TableScene

    app = App(size=size, settings={"animation_speed": "off", "sound": False,
                                   "language": language, "text_size": text_size})
    table_mod.install(app)
    seats = [Seat("You", "human", "easy"), Seat("Margot", "computer", "medium"),
             Seat("Hana", "computer", "medium")]
    table = table_mod.show_table(app, TableScene(Match("rummy65", seats, seed=3, pace=0),
                                                 pace=0.0, sound=False))
    cut = []
    real = theme.ellipsize

    def watch(text, size, width, bold=False):
        out = real(text, size, width, bold)
        if out != theme.drawable(text):
            cut.append(theme.drawable(text))
        return out

    monkeypatch.setattr(theme, "ellipsize", watch)
    table.turn = None
    for score in (0, 100):
        table.scores = [0, score, 0]
        rect = table.plate_rect(1, app.screen.get_rect())
        table._render_plate(rect.size, theme.px(10), "Margot", table.plate_words(1), score,
                            False, True, (200, 200, 200))
        assert not cut, (score, cut)
    words = table.plate_words(1)
    need = (theme.px(30) + theme.text_size(words, theme.px(13))[0] + theme.px(22)
            + theme.text_size("100", theme.px(24), bold=True)[0])
    assert rect.width >= need, (i18n.tr(words), rect.width, need)
    table.match.close()


@pytest.mark.parametrize("text_size", ["normal", "larger"])
def test_eight_rummy_plates_keep_apart_at_every_text_size(text_size):
    """The plates widen with larger text; the top row of opponents is laid out for the
    width they are drawn at: no plate over another, none over the buttons of the top left."""
    from cardtable.match import Match, Seat
    from cardtable.ui.app import App
    from cardtable.ui.scenes import table as table_mod
    from cardtable.ui.scenes.table import TableScene

    app = App(size=(1280, 720), settings={"animation_speed": "off", "sound": False,
                                          "text_size": text_size})
    table_mod.install(app)
    seats = [Seat("You", "human", "easy")] + [Seat(f"Player {i}", "computer", "medium")
                                              for i in range(2, 9)]
    table = table_mod.show_table(app, TableScene(Match("rummy65", seats, seed=3, pace=0),
                                                 pace=0.0, sound=False))
    table.scores = [120] * 8                     # three figures: the widest plates
    for _ in range(3):
        app.step([], 1 / 60)
    app.draw()
    bounds = app.screen.get_rect()
    plates = [table.plate_rect(s, bounds) for s in range(8)]
    for a, b in itertools.combinations(plates, 2):
        assert not a.colliderect(b), (a, b)
    buttons = [pygame.Rect(w.rect) for w in table.form.widgets if getattr(w, "visible", True)]
    stage = table.game.stage_band()
    for seat, p in enumerate(plates):
        assert not any(p.colliderect(b) for b in buttons), p
        assert not p.colliderect(table.score_rect), (p, table.score_rect)
        if seat != table.viewer:
            assert not p.colliderect(stage), (p, stage)
    table.match.close()


def test_a_plate_keeps_its_width_while_its_computer_thinks():
    """The plate widens for "Computer · Medium" beside a score of 100; "Thinking..." is
    shorter, and the plate must not narrow and widen again at every turn."""
    from cardtable.match import Match, Seat
    from cardtable.ui.app import App
    from cardtable.ui.scenes import table as table_mod
    from cardtable.ui.scenes.table import TableScene

    app = App(size=(1280, 720), settings={"animation_speed": "off", "sound": False})
    table_mod.install(app)
    seats = [Seat("You", "human", "easy"), Seat("Margot", "computer", "medium"),
             Seat("Hana", "computer", "medium")]
    table = table_mod.show_table(app, TableScene(Match("rummy65", seats, seed=3, pace=0),
                                                 pace=0.0, sound=False))
    table.scores = [0, 100, 0]
    table.turn = None
    between = table.plate_width(1)
    table.skip()
    table.turn = 1
    assert table.idle and str(table.plate_words(1)).startswith("Thinking")
    assert table.plate_width(1) == between > 176
    table.match.close()


@pytest.mark.parametrize("lang,text_size,size,wraps", [
    ("fr", "larger", (1280, 720), False), ("en", "normal", (1280, 720), False),
    ("fr", "larger", (1000, 800), True)])
def test_a_long_row_of_game_buttons_keeps_off_the_log_and_the_plate(monkeypatch, lang,
                                                                      text_size, size, wraps):
    """A rummy's last turn can offer Arrange, Clear and Lay down at once: in French with
    larger text the row is wider than the room between the person's plate and the log,
    so it goes on above rather than over them."""
    from cardtable.i18n import N_, NMsg

    app = make_app(size, lang, text_size)
    table_mod.install(app)
    app.push(MenuScene())
    seats = [Seat("Ann", "human")] + [Seat(f"P{i}", "computer", "easy") for i in (2, 3)]
    table = TableScene(Match("quebec65", seats, seed=3, pace=0.0, threaded=False),
                       sound=False)
    table_mod.show_table(app, table)
    for _ in range(5):
        app.step([], DT)
    row = [(N_("Arrange for me"), lambda: None, "quiet"),
           (N_("Clear melds"), lambda: None, "quiet"),
           (NMsg("Lay down {n} meld", "Lay down {n} melds", 3, n=3), lambda: None, "primary"),
           (N_("Go out"), lambda: None, "primary")]
    monkeypatch.setattr(table.game, "controls", lambda legal: row)
    table.rebuild_controls()
    bounds = app.screen.get_rect()
    keep_off = [table.log_band(), table.plate_rect(table.viewer, bounds)]
    shown = [w for w in table.form.widgets if w.name in {i18n.tr(r[0]) for r in row}]
    assert len(shown) == len(row)
    for b in shown:
        assert bounds.contains(b.rect), b.name
        for rect in keep_off:
            assert not b.rect.colliderect(rect), (b.name, b.rect, rect)
    for a, b in itertools.combinations(shown, 2):
        assert not a.rect.colliderect(b.rect), (a.name, b.name)
    # the keys go round them in reading order, row by row, even where the row wrapped
    order = [k.rect for k in table.keys.button_targets() if k.widget in shown]
    rows = sorted({r.centery for r in order})
    assert len(rows) == (2 if wraps else 1), rows
    assert order == sorted(order, key=lambda r: (r.centery, r.centerx))
    table.match.close()


@pytest.mark.parametrize("text", ["1", "8", "D"])
def test_a_badge_mark_sits_in_the_middle_of_its_circle(text):
    """Seat numbers were drawn by their line box, whose room for descenders set the digits
    above the middle of their circles."""
    surface = pygame.Surface((60, 60), pygame.SRCALPHA)
    theme.draw_badge(surface, text, (30, 30), 13, (240, 200, 90), 17, (10, 10, 10))
    dark = [(x, y) for x in range(60) for y in range(60) if sum(surface.get_at((x, y))[:3]) < 200]
    assert dark
    xs, ys = [p[0] for p in dark], [p[1] for p in dark]
    assert abs((min(ys) + max(ys)) / 2 - 30) <= 1 and abs((min(xs) + max(xs)) / 2 - 30) <= 1.5


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 768)])
@pytest.mark.parametrize("text_size", ["normal", "larger"])
def test_the_log_at_its_tallest_keeps_clear_of_every_plate(size, text_size):
    """65 (Japanese)'s right-hand plate stood 7 px into the log's top row at 1280x720: the
    log now shows fewer rows where a plate stands over its corner."""
    app = make_app(size, "en", text_size)
    table_mod.install(app)
    for game in registry.ids():
        spec = registry.get(game)
        for players in sorted({spec.min_players, spec.max_players}):
            show(app, MenuScene)
            seats = [Seat("Ann", "human")] + [Seat(f"P{i}", "computer", "easy")
                                              for i in range(2, players + 1)]
            table = TableScene(Match(game, seats, seed=3, pace=0.0, threaded=False),
                               sound=False)
            table_mod.show_table(app, table)
            for _ in range(60):             # the deal lands: the hands take their places
                app.step([], DT)
            band = table.log_band()
            assert band.height >= theme.px(16) + 3 * theme.px(table.LOG_ROW)
            bounds = app.screen.get_rect()
            for seat in range(players):
                plate = table.plate_rect(seat, bounds)
                assert not plate.colliderect(band), (game, players, seat, plate, band)
            table.match.close()
