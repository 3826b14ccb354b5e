"""The table at every text size, in English and French, at three window sizes: no text is cut
and nothing the player needs (the cards of the hands and piles, the score panel, the
buttons) lies under a plate, a hint tag, a message or a label.

Built on the geometry the table exposes: its zones of card sprites, ``plate_rect``,
``score_panel_rect``, the form's widgets, the rect ``_draw_toast`` returns and
``hint_tag_rect``. One app per window size; each table is dealt once and then shown in every
language and text size (a change of either lays the table out again, as in play).
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
from cardtable.ui.scenes.menu import MenuScene
from cardtable.ui.scenes.table import TableScene

DT = 1 / 60
EDGE = 6          # pixels of a card's edge another thing may touch
SIZES = [(800, 600), (1280, 720), (1920, 1080)]
LOOKS = [(lang, ts) for lang in ("en", "fr") for ts in ("normal", "large", "larger")]
#: a long message of the kind a trick game shows (Sixty-Six's marriage, in French)
LONG = "Vous annoncez un mariage en cœur : 40 points, et vous gagnez le pli avec le roi."


def each_look(app: App, steps: int = 2):
    """Each language and text size of LOOKS in turn, set and settled for ``steps`` frames
    (yields the pair); English at the normal size again afterwards."""
    try:
        for lang, text_size in LOOKS:
            app.set_setting("language", lang)
            app.set_setting("text_size", text_size)
            for _ in range(steps):
                app.step([], DT)
            yield lang, text_size
    finally:
        app.set_setting("language", "en")
        app.set_setting("text_size", "normal")


@pytest.fixture(autouse=True)
def plain_afterwards():
    yield
    i18n.set_language("en")
    theme.set_access(False, "normal")


class Watch:
    """Every text cut short with an ellipsis, and every text the table (not a button)
    draws on the window, while the table is drawn."""

    def __init__(self, monkeypatch, app: App) -> None:
        self.cut: list[str] = []
        self.fitted: list[str] = []     # every text offered to ellipsize, cut or not
        self.drawn: list[tuple[str, pygame.Rect]] = []
        self.in_widget = False
        draw_text, ellipsize = theme.draw_text, theme.ellipsize

        def recording_draw_text(surface, text, pos, size, *args, **kwargs):
            rect = draw_text(surface, text, pos, size, *args, **kwargs)
            if surface is app.screen and not self.in_widget and i18n.tr(text).strip():
                self.drawn.append((i18n.tr(text), rect))
            return rect

        def recording_ellipsize(text, size, width, bold=False):
            out = ellipsize(text, size, width, bold)
            self.fitted.append(theme.drawable(text))
            if out != theme.drawable(text):
                self.cut.append(theme.drawable(text))
            return out

        monkeypatch.setattr(theme, "draw_text", recording_draw_text)
        monkeypatch.setattr(theme, "ellipsize", recording_ellipsize)

    def watch_form(self, table) -> None:
        draw = table.form.draw

        def form_draw(surface):
            self.in_widget = True
            try:
                draw(surface)
            finally:
                self.in_widget = False
        table.form.draw = form_draw

    def draw(self, app: App) -> None:
        """Draw the window once, watched: the table's cached plates, panels and texts, and
        the theme's rendered texts, are forgotten first, so that every text is laid out (and
        any cut made) while watched, not during the frames that settled the look."""
        self.cut, self.fitted, self.drawn = [], [], []
        forget(app)
        app.draw()


def forget(app: App) -> None:
    """Forget what the scenes on the stack cached as drawn (as a change of look does)."""
    theme.clear_caches()
    for scene in app.stack:
        if isinstance(scene, TableScene):
            scene._look = None      # the next frame draws every plate and text anew
        board = getattr(scene, "board", None)
        if isinstance(board, TableScene):
            board._look = None


def deal(app: App, game: str, players: int) -> TableScene:
    while app.stack:
        app.pop()
    app.set_setting("language", "en")
    app.set_setting("text_size", "normal")
    app.push(MenuScene())
    seats = [Seat("Ann", "human")] + [Seat(f"Player {i}", "computer", "medium")
                                      for i in range(2, players + 1)]
    table = TableScene(Match(game, seats, seed=3, pace=0.0, threaded=False), sound=False,
                       pace=0.0, speed="off")
    table_mod.show_table(app, table)
    for _ in range(300):
        app.step([], DT)
        if table.my_turn():
            break
    assert table.my_turn(), (game, players)
    return table


def cards(table) -> list[tuple[str, pygame.Rect]]:
    """Every card on the table, and the outlines of the empty piles."""
    out = [(zone, s.rect()) for zone, sprites in table.zones.items() for s in sprites
           if not s.hidden]
    for (x, y), width, _angle, label in table.game.slots():
        r = pygame.Rect(0, 0, int(width), int(width * 1.4))
        r.center = (int(x), int(y))
        out.append((f"empty pile {label or ''}".strip(), r))
    # touching is not covering: a card's rounded corner may meet a plate's
    return [(z, r.inflate(-EDGE, -EDGE)) for z, r in out]


def board_problems(board) -> list[str]:
    """The review's table: its score panel and plates keep off the cards and piles."""
    found = []
    laid = cards(board)
    bounds = pygame.Rect((0, 0), board.size)
    score = board.score_panel_rect()
    if score is not None:
        found += [f"the score panel {tuple(score)} over {z} {tuple(r)}" for z, r in laid
                  if score.colliderect(r)][:1]
    for seat in range(board.match.n_players):
        plate = board.plate_rect(seat, bounds)
        found += [f"plate {seat} {tuple(plate)} over {z} {tuple(r)}" for z, r in laid
                  if plate.colliderect(r)][:1]
    return found


def layout_problems(app: App, table, watch: Watch) -> list[str]:
    """What is cut or covered on the table as it is drawn now."""
    found = [f"cut short: {t!r}" for t in sorted(set(watch.cut))]
    bounds = app.screen.get_rect()
    players = table.match.n_players
    laid = cards(table)
    piles = [(z, r) for z, r in laid if not z.startswith("hand")]
    buttons = [(w.name, pygame.Rect(w.rect)) for w in table.form.widgets
               if getattr(w, "visible", True) and w.rect.width > 0]
    score = table.score_panel_rect()
    plates = [table.plate_rect(s, bounds) for s in range(players)]
    for seat, plate in enumerate(plates):
        found += [f"plate {seat} {tuple(plate)} over {z} {tuple(r)}"
                  for z, r in laid if plate.colliderect(r)][:1]
        found += [f"plate {seat} {tuple(plate)} under {n!r} {tuple(b)}"
                  for n, b in buttons if plate.colliderect(b)]
        if score is not None and plate.colliderect(score):
            found.append(f"plate {seat} {tuple(plate)} under the score panel {tuple(score)}")
        if not bounds.contains(plate):
            found.append(f"plate {seat} {tuple(plate)} off the window")
    for a, b in itertools.combinations(range(players), 2):
        if plates[a].colliderect(plates[b]):
            found.append(f"plates {a} and {b} overlap")
    for text, box in watch.drawn:
        if not bounds.contains(box):
            found.append(f"{text!r} {tuple(box)} off the window")
        found += [f"{text!r} {tuple(box)} under {n!r}" for n, b in buttons
                  if box.colliderect(b)]
        found += [f"{text!r} {tuple(box)} over {z} {tuple(r)}" for z, r in piles
                  if box.colliderect(r)][:1]
        if score is not None and box.colliderect(score):
            found.append(f"{text!r} {tuple(box)} over the score panel")
    if score is not None:
        found += [f"score panel over {z} {tuple(r)}" for z, r in laid
                  if score.colliderect(r)][:1]
        found += [f"score panel under {n!r}" for n, b in buttons if score.colliderect(b)]
    return found


def message_problems(app: App, table) -> list[str]:
    """A long message above the hand, or a caption, keeps off the piles and the score
    panel."""
    table.show_toast(LONG, kind="info")
    caption = table.caption
    table.show_caption(LONG)
    try:
        rects = [("message", table._draw_toast(app.screen)),
                 ("caption", table._draw_caption(app.screen))]
    finally:
        table.toast, table.caption = None, caption
    score = table.score_panel_rect()
    found = []
    for what, rect in rects:
        found += [f"the {what} {tuple(rect)} over {z} {tuple(r)}" for z, r in cards(table)
                  if not z.startswith("hand") and rect.colliderect(r)][:1]
        if score is not None and rect.colliderect(score):
            found.append(f"the {what} over the score panel")
        if not app.screen.get_rect().contains(rect):
            found.append(f"the {what} {tuple(rect)} off the window")
    return found


def hint_problems(app: App, table) -> list[str]:
    """The hint's tag over every card of the hand in turn: never under a button."""
    found = []
    hand = [s for s in table.zone(f"hand{table.viewer}") if s.code is not None]
    buttons = [(w.name, pygame.Rect(w.rect)) for w in table.form.widgets
               if getattr(w, "visible", True) and w.rect.width > 0]
    for s in hand:
        table.hint_cards = {s.code}
        table._draw_hint_marks(app.screen)
        tag = table.hint_tag_rect
        assert tag is not None
        found += [f"the hint tag over {s.code} {tuple(tag)} under {n!r} {tuple(b)}"
                  for n, b in buttons if tag.colliderect(b)]
        found += [f"the hint tag over {s.code} {tuple(tag)} over a label {tuple(m)}"
                  for m in getattr(table.game, "marks", list)() if tag.colliderect(m)]
        if not app.screen.get_rect().contains(tag):
            found.append(f"the hint tag over {s.code} {tuple(tag)} off the window")
    table.hint_cards = set()
    return found


def tables():
    for game in registry.ids():
        spec = registry.get(game)
        for players in sorted({spec.min_players, spec.max_players}):
            yield game, players


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_table_at_every_text_size_cuts_and_covers_nothing(monkeypatch, size):
    app = App(size=size, settings={"sound": False, "animation_speed": "off"},
              settings_path=None)
    table_mod.install(app)
    watch = Watch(monkeypatch, app)
    found = []
    for game, players in tables():
        table = deal(app, game, players)
        watch.watch_form(table)
        try:
            for lang, text_size in each_look(app):
                watch.draw(app)
                where = f"{game} x{players} {lang} {text_size}"
                found += [f"{where}: {p}" for p in layout_problems(app, table, watch)]
                found += [f"{where}: {p}" for p in message_problems(app, table)]
                found += [f"{where}: {p}" for p in hint_problems(app, table)]
        finally:
            table.match.close()
    assert not found, f"{len(found)} problems:\n" + "\n".join(found[:40])


def test_the_watch_sees_the_plates_drawn_while_it_watches(monkeypatch):
    """The watch settled each look for two frames before it watched, and the plates, drawn
    once and cached, were cut during those frames unseen ('Ordinateur · Mo…' passed): every
    seat's name on its plate is fitted to it during the watched frame, in each look."""
    app = App(size=(800, 600), settings={"sound": False, "animation_speed": "off"},
              settings_path=None)
    table_mod.install(app)
    watch = Watch(monkeypatch, app)
    table = deal(app, "rummy65", 8)
    try:
        for lang, text_size in each_look(app):
            watch.draw(app)
            names = {theme.drawable(i18n.seat_name(table.match.seats[s].name))
                     for s in range(8)}
            assert names <= set(watch.fitted), (lang, text_size, sorted(watch.fitted))
    finally:
        table.match.close()


def test_no_text_is_drawn_under_the_least_readable_size(monkeypatch):
    """At 800x600 the pile labels were 7 px high: every font the table and the menu ask for
    is at least ``theme.MIN_TYPE`` pixels."""
    app = App(size=(800, 600), settings={"sound": False, "animation_speed": "off"},
              settings_path=None)
    table_mod.install(app)
    sizes = set()
    theme.clear_caches(fonts=True)
    real = pygame.font.Font

    def recording_font(path, size):
        sizes.add(size)
        return real(path, size)

    monkeypatch.setattr(pygame.font, "Font", recording_font)
    for game in ("rummy65", "sixtysix"):
        table = deal(app, game, registry.get(game).min_players)
        app.draw()
        table.match.close()
    theme.clear_caches(fonts=True)
    assert sizes and min(sizes) >= theme.MIN_TYPE >= 11, sorted(sizes)
    assert theme.font(theme.px(10)).get_height() >= theme.MIN_TYPE


@pytest.mark.parametrize("how", ["event", "window"])
def test_a_resize_during_the_deal_lays_out_before_the_next_frame(how):
    """Resized while the cards flew, the table drew a frame at the old scale with the hand
    cut off: the cards in flight take the new size at once and go on to their new places,
    also when the window has its new size before the resize event comes."""
    app = App(size=(1920, 1080), settings={"sound": False, "animation_speed": "normal"},
              settings_path=None)
    table_mod.install(app)
    app.push(MenuScene())
    seats = [Seat("Ann", "human"), Seat("Bob", "computer", "easy")]
    table = TableScene(Match("sixtysix", seats, seed=3, pace=0.0, threaded=False),
                       sound=False)
    table_mod.show_table(app, table)
    try:
        for _ in range(400):
            app.step([], DT)
            hand = table.zone("hand0")
            if len(hand) >= 3 and any(s.tween is not None for s in hand):
                break
        assert any(s.tween is not None for s in table.zone("hand0")), "the deal is over"
        big = table.game.cw
        if how == "event":
            app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(800, 600), w=800,
                                         h=600)], DT)
        else:
            pygame.display.set_mode((800, 600), pygame.RESIZABLE)   # as the system does
            app.step([], DT)
        assert app.size == (800, 600) == table.game.size
        small = table.game.cw
        assert small < big * 0.6
        bounds = app.screen.get_rect()
        for s in table.sprites:
            assert s.w <= small * 1.01, (s.code, s.w, small)
        for _ in range(120):
            app.step([], DT)
        for s in table.zone("hand0"):
            assert bounds.contains(s.rect()) and abs(s.w - s.target[3]) < 0.5
    finally:
        table.match.close()


@pytest.mark.parametrize("game,n", [("rummy65", 3), ("quebec65", 8)])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_staged_meld_with_a_wild_card_keeps_its_labels_off_the_piles(monkeypatch, game, n,
                                                                        size):
    """The wild card's tag ("7♦ 8♦"), the meld's label and the hint's tag lie over the
    stock or under "Clear melds" no more, at any text size, in either language."""
    from .test_table import wait_for_human
    from .test_table_rummy import card, drag, front_for, new_group_point, start

    joker = "JK" if game == "rummy65" else "3C"
    wild = ["7D", "8D", joker]
    app, table = start(game, n, dealer=n - 1, size=size,
                       settings={"language": "en", "text_size": "normal"},
                       front=front_for(game, n, wild, up="5S"))
    watch = Watch(monkeypatch, app)
    watch.watch_form(table)
    g = table.game
    try:
        assert wait_for_human(app, table)
        drag(app, table, card(table, "7D"), new_group_point(table))
        zone = g.stage_zones()[0]
        for code in wild[1:]:
            drag(app, table, card(table, code), table.zone(zone)[0].rect().center)
        assert g.check([s.code for s in table.zone(zone)])[0], "a valid meld"
        found = []
        for lang, text_size in each_look(app, steps=3):
            watch.draw(app)
            where = f"{game} x{n} {lang} {text_size}"
            piles = [("stock", g.stock_rect()), ("discard", g.pile_rect())]
            assert g.wild_tag_rects, "the wild card wears its tag"
            marks = [("wild tag", r) for r in g.wild_tag_rects] + \
                [(f"label of {z}", r) for z, r in g.group_label_rects()]
            for (what, r), (pile, p) in itertools.product(marks, piles):
                if r.colliderect(p):
                    found.append(f"{where}: {what} {tuple(r)} over the {pile} {tuple(p)}")
            found += [f"{where}: {p}" for p in layout_problems(app, table, watch)
                      if "hand0" not in p]
            found += [f"{where}: {p}" for p in hint_problems(app, table)]
        assert not found, f"{len(found)} problems:\n" + "\n".join(found[:40])
    finally:
        table.match.close()


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_review_s_table_of_moves_can_always_be_read(monkeypatch, size):
    """With larger text the computer's view showed one line and lost the table of moves:
    it scrolls (Down, or the wheel over it) to the whole table, every move named in full,
    and the review's buttons keep apart."""
    from cardtable.ui.scenes import review_analysis
    from cardtable.ui.scenes.review import ReviewScene
    from cardtable.ui.scenes.review_analysis import AnalysisPanel
    from tests.test_records import played

    from .test_review import FakeJob, judged

    assert issubclass(ReviewScene, AnalysisPanel)       # the panel checked here
    deals = played("japanese65", 41, 2)
    monkeypatch.setattr(review_analysis, "AnalysisJob", FakeJob)
    app = App(size=size, settings={"sound": False}, settings_path=None)
    watch = Watch(monkeypatch, app)
    found = []
    for lang, text_size in LOOKS:
        app.set_setting("language", lang)
        app.set_setting("text_size", text_size)
        while app.stack:
            app.pop()
        FakeJob.made = []
        scene = app.push(ReviewScene(deals, 0))
        app.step([], DT)
        scene.analyse()
        analysis = judged(deals[0])
        FakeJob.made[-1].finish(analysis)
        first = analysis.judgements[0]
        scene.go(first.move)
        where = f"{lang} {text_size}"
        for _ in range(40):                 # down to the end of the panel
            app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0,
                                         unicode="")], DT)
        watch.draw(app)
        area = scene.analysis_area
        seen = [t for t, box in watch.drawn if area.contains(box)]
        yours = i18n.tr(i18n.Msg("{move} (yours)",
                                 move=scene.instruction(first.played, scene.record["names"])))
        shown = " ".join(" ".join(seen).split())
        if " ".join(yours.split()) not in shown:
            found.append(f"{where}: the move played is not shown whole: {yours!r}")
        best = i18n.tr(scene.instruction(first.best, scene.record["names"]))
        if shown.count(" ".join(best.split())) < 2:     # "Better: …" and its row
            found.append(f"{where}: the better move's row is missing")
        found += [f"{where}: cut short: {t!r}" for t in watch.cut]
        found += [f"{where}: {p}" for p in board_problems(scene.board)]
        buttons = [w for w in scene.form.widgets if w.visible]
        for a, b in itertools.combinations(buttons, 2):
            if a.rect.colliderect(b.rect):
                found.append(f"{where}: buttons {a.name!r} and {b.name!r} overlap")
    assert not found, f"{len(found)} problems:\n" + "\n".join(found[:40])


def test_the_review_shows_the_side_hands_upright_with_their_corners_readable():
    """In 65 (Japanese)'s review the side players' face-up hands were thin columns of
    sideways cards: they stand upright, each card showing its corner below the last."""
    from cardtable.ui.scenes.review import ReviewScene
    from tests.test_records import played

    app = App(size=(1280, 720), settings={"sound": False, "text_size": "larger"},
              settings_path=None)
    scene = app.push(ReviewScene(played("japanese65", 41, 1), 0))
    app.step([], DT)
    app.draw()
    board = scene.board
    sides = [s for s in range(4) if board.game.slot(s) in ("left", "right")]
    assert len(sides) == 2
    for seat in sides:
        hand = board.zone(f"hand{seat}")
        assert len(hand) > 5 and all(s.face_up and int(s.angle) % 360 == 0 for s in hand)
        tops = [s.rect().top for s in hand]
        steps = [b - a for a, b in zip(tops, tops[1:], strict=False)]
        assert min(steps) >= theme.px(14), steps        # the rank and the suit show
        assert all(pygame.Rect((0, 0), board.size).contains(s.rect()) for s in hand)


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
def test_the_hint_tag_is_never_under_a_row_of_buttons(monkeypatch, size):
    """"Hin" showed under "Clear melds" and "Conseil" under "Fermer le talon": with a row
    of buttons above the hand and no room beside them, the tag goes above the row."""
    from cardtable.i18n import N_

    app = App(size=size, settings={"sound": False, "animation_speed": "off",
                                   "language": "fr", "text_size": "larger"},
              settings_path=None)
    table_mod.install(app)
    table = deal(app, "quebec65", 3)
    app.set_setting("language", "fr")
    app.set_setting("text_size", "larger")
    try:
        row = [(N_("Arrange for me"), lambda: None, "quiet"),
               (N_("Clear melds"), lambda: None, "quiet"),
               (N_("Go out"), lambda: None, "primary")]
        monkeypatch.setattr(table.game, "controls", lambda legal: row)
        table.rebuild_controls()
        for _ in range(3):
            app.step([], DT)
        assert not hint_problems(app, table)
    finally:
        table.match.close()


#: a late deal of each rummy, the hand's melds to stage (a run with two wild cards, whose
#: tags read "7♦ 8♦"; a set with one, whose tag reads "5"; a run with one) and the rest
LATE = {"rummy65": (3, 12, [["6D", "AS", "JK", "9D", "TD"], ["5H", "5C", "AH"],
                            ["9S", "TS", "AC"]], ["4H", "6C", "2D"]),
        "quebec65": (8, 11, [["6D", "2S", "JK", "9D"], ["5H", "5C", "KH"],
                             ["9S", "TS", "2C"]], ["4S", "AC", "3C"])}


def late_deal(game: str, size) -> tuple[App, TableScene]:
    """The app and table at a late deal of ``game`` (many cards in the hand, several wild
    ranks), the player first to play."""
    from .test_table_rummy import decks, front_for, stacked

    n, deal_no, melds, rest = LATE[game]
    mine = [c for meld in melds for c in meld] + rest
    front = front_for(game, n, mine, up="4C")
    state = registry.get(game).new_match(players=n, seed=3, first_dealer=n - 1,
                                         first_deal=deal_no,
                                         stacked_deck=stacked(front, decks(game, n)))
    assert state.deal_no == deal_no and len(state.hands[0]) == len(mine)
    seats = [Seat("Ann", "human")] + [Seat(f"Player {i}", "computer", "easy")
                                      for i in range(2, n + 1)]
    app = App(size=size, settings={"sound": False, "animation_speed": "off"},
              settings_path=None)
    table_mod.install(app)
    app.push(MenuScene())
    table = TableScene(Match(game, seats, state=state, pace=0.0, threaded=False),
                       sound=False, pace=0.0, speed="off")
    table_mod.show_table(app, table)
    for _ in range(300):
        app.step([], DT)
        if table.my_turn():
            break
    assert table.my_turn()
    return app, table


@pytest.mark.parametrize("game", ["rummy65", "quebec65"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 720)], ids=["800x600", "1280x720"])
def test_late_deal_staged_melds_keep_tags_and_labels_off_the_piles(monkeypatch, game, size):
    """In a late deal, several melds staged with wild cards: the wild cards' tags ("7♦ 8♦",
    a set's "5") stood on the stock, or were pushed down over their cards' corners. Each
    tag stands over its card, and no tag or meld label lies over the stock, the discard
    pile, their names or the wild-card note, at normal and the largest text, in English
    and French."""
    from cardtable.ui.cardart import card_height

    from .test_table_rummy import card, drag, new_group_point

    app, table = late_deal(game, size)
    watch = Watch(monkeypatch, app)
    watch.watch_form(table)
    g = table.game
    melds = LATE[game][2]
    try:
        for meld in melds:
            before = set(g.stage_zones())
            drag(app, table, card(table, meld[0]), new_group_point(table))
            (zone,) = set(g.stage_zones()) - before
            for code in meld[1:]:
                drag(app, table, card(table, code), table.zone(zone)[0].rect().center)
            assert g.check([s.code for s in table.zone(zone)])[0], meld
        assert len(table.zone("hand0")) == len(LATE[game][3])
        found = []
        for lang, text_size in [(lang, ts) for lang in ("en", "fr")
                                for ts in ("normal", "larger")]:
            app.set_setting("language", lang)
            app.set_setting("text_size", text_size)
            for _ in range(3):
                app.step([], DT)
            watch.draw(app)
            where = f"{game} {size} {lang} {text_size}"
            assert len(g.wild_tag_rects) == 4, "every wild card wears its tag"
            keep_off = [("stock", g.stock_rect()), ("discard pile", g.pile_rect()),
                        ("stock's name", g.pile_label_rects[0]),
                        ("discard pile's name", g.pile_label_rects[1]),
                        ("wild-card note", g.wild_note_rect)]
            marks = [("wild tag", r) for r in g.wild_tag_rects] + \
                [(f"label of {z}", r) for z, r in g.group_label_rects()]
            for (what, r), (thing, t) in itertools.product(marks, keep_off):
                if r.colliderect(t):
                    found.append(f"{where}: {what} {tuple(r)} over the {thing} {tuple(t)}")
            top = g.stage_y() - card_height(g.sw) / 2
            found += [f"{where}: wild tag {tuple(r)} over its card's corner (top {top})"
                      for r in g.wild_tag_rects if r.bottom > top]
            found += [f"{where}: {p}" for p in layout_problems(app, table, watch)
                      if "hand0" not in p]
        assert not found, f"{len(found)} problems:\n" + "\n".join(found[:40])
    finally:
        table.match.close()


def toast_problems(app: App, table) -> list[str]:
    """The message shown now keeps off the table's labels (a rummy's groups' names, what a
    group lacks in red, the piles' names, the wild cards' tags and note), the piles and
    the staged cards, the buttons and the seats' plates; and stays in the window."""
    rect = table._draw_toast(app.screen)
    assert rect is not None
    bounds = app.screen.get_rect()
    g = table.game
    keep = [(f"the label of {z}", r) for z, r in g.group_label_rects()]
    keep += [("a wild tag", r) for r in g.wild_tag_rects]
    keep += [("a pile's name", r) for r in g.pile_label_rects]
    keep += [("the wild-card note", g.wild_note_rect)]
    keep += [(z, r) for z, r in cards(table) if not z.startswith("hand")]
    keep += [(w.name, pygame.Rect(w.rect)) for w in table.form.widgets
             if getattr(w, "visible", True) and w.rect.width > 0]
    keep += [(f"plate {s}", table.plate_rect(s, bounds)) for s in range(table.match.n_players)]
    found = [f"the message {tuple(rect)} over {what} {tuple(r)}" for what, r in keep
             if rect.colliderect(r)]
    if not bounds.contains(rect):
        found.append(f"the message {tuple(rect)} off the window")
    return found


@pytest.mark.parametrize("game", ["rummy65", "quebec65"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 720)], ids=["800x600", "1280x720"])
def test_a_hint_s_message_keeps_off_the_staged_melds_labels(monkeypatch, game, size):
    """The hint's message ("Hint: take the top card of the discard pile. The top discard
    fits with cards in your hand.") took two or three lines upwards from the message line
    and covered the staged groups' labels ("Suite à carreau", "Nouvelle combinaison", "A
    run needs one suit"): it lies over no label, pile, staged card, button or plate, in
    English and French, at normal and the largest text."""
    from .test_table_rummy import card, drag, new_group_point

    app, table = late_deal(game, size)
    g = table.game
    # a run of one suit with a wild card (its label), and a run of two suits (in red)
    melds = [["9D", "TD", "JK"] if game == "rummy65" else ["6D", "2S", "JK", "9D"],
             ["9S", "TS", "5H"]]
    try:
        for meld in melds:
            before = set(g.stage_zones())
            drag(app, table, card(table, meld[0]), new_group_point(table))
            (zone,) = set(g.stage_zones()) - before
            for code in meld[1:]:
                drag(app, table, card(table, code), table.zone(zone)[0].rect().center)
        oks = [g.check([s.code for s in table.zone(z)])[0] for z in g.stage_zones()]
        assert oks == [True, False], oks
        table.ask_hint()
        for _ in range(60):
            app.step([], DT)
            if table._hint is None:
                break
        assert table._hint is None and table.toast is not None, "the hint came"
        hint = table.toast[0]
        found = []
        for lang, text_size in each_look(app, steps=3):
            table.show_toast(hint, 60.0, kind="info")
            app.draw()
            where = f"{game} {size} {lang} {text_size}"
            found += [f"{where}: {p}" for p in toast_problems(app, table)]
        assert not found, f"{len(found)} problems:\n" + "\n".join(found[:40])
    finally:
        table.match.close()


@pytest.mark.parametrize("size", [(800, 600), (1280, 720)], ids=["800x600", "1280x720"])
def test_the_dealer_s_chip_keeps_a_gap_from_the_score(size):
    """At 800x600 the dealer's "D" touched the score's digit: on every plate, for a score of
    one, two or three figures, on either edge, the chip ends a few pixels short of it."""
    app = App(size=size, settings={"sound": False, "animation_speed": "off"},
              settings_path=None)
    table_mod.install(app)
    table = deal(app, "rummy65", 3)
    try:
        bounds = app.screen.get_rect()
        for seat, score, edge in itertools.product(range(3), (0, 65, 120), ("top", "bottom")):
            plate = table.plate_rect(seat, bounds)
            digits, chip = table.plate_parts(plate, score, edge, theme.px(10))
            assert chip is not None and plate.contains(digits)
            assert digits.left - chip.right >= 6, (seat, score, edge, chip, digits)
    finally:
        table.match.close()


#: the melds a seat lays going out late in a match of rummy65 (its thirteen cards)
MELDS = [["5H", "6H", "7H", "8H"], ["KC", "KD", "KS"], ["9S", "TS", "JS"], ["2D", "2C", "JK"]]


@pytest.mark.parametrize("players", range(3, 9))
@pytest.mark.parametrize("size", [(800, 500), (800, 600), (1280, 720)],
                         ids=["800x500", "800x600", "1280x720"])
def test_a_rummy_hand_shown_face_up_keeps_off_the_plates(players, size):
    """At 800x500 a seat's hand shown face up after a player went out, with the melds it
    laid, lay over the score on the plate below it. Each other seat in turn goes out
    laying thirteen cards, the rest show their hands: the faces and the melds keep off
    every plate, the score panel and the piles, at normal and the largest text."""
    app = App(size=size, settings={"sound": False, "animation_speed": "off"},
              settings_path=None)
    table_mod.install(app)
    codes = [c for meld in MELDS for c in meld]
    found = []
    for text_size in ("normal", "larger"):
        for out in range(1, players):
            table = deal(app, "rummy65", players)
            app.set_setting("text_size", text_size)
            try:
                found += [f"x{players} {text_size}, seat {out} out: {p}"
                          for p in went_out_problems(app, table, out, codes)]
            finally:
                table.match.close()
    assert not found, f"{len(found)} problems:\n" + "\n".join(found[:40])


def went_out_problems(app: App, table, out: int, codes: list[str]) -> list[str]:
    """Seat ``out`` lays MELDS (its hand's cards among them), the other seats' hands show
    face up: what lies over a plate, the score panel, a pile or off the window."""
    players = table.match.n_players
    others = "KH QD JC 9H 8D 7C 6S 4D 3C".split()
    for seat in range(players):
        if seat == table.viewer:
            continue
        for i, s in enumerate(table.zone(f"hand{seat}")):
            s.code = codes[i % len(codes)] if seat == out else others[i % len(others)]
            s.revealed = True
    table.game.lay(out, MELDS)
    table.relayout(0.0)
    for _ in range(3):
        app.step([], DT)
    assert not table.zone(f"hand{out}")
    bounds = app.screen.get_rect()
    keep = [(f"plate {s}", table.plate_rect(s, bounds)) for s in range(players)]
    score = table.score_panel_rect()
    keep += [("the score panel", score)] if score is not None else []
    keep += [("the stock", table.game.stock_rect()),
             ("the discard pile", table.game.pile_rect())]
    found = []
    for seat in range(players):
        if seat == table.viewer:
            continue
        shown = table.zone(f"hand{seat}") + [
            s for z in table.game.laid_zones.get(seat, []) for s in table.zone(z)]
        assert all(s.face_up for s in shown)
        # a later meld (the row below) lies over an earlier one: the last card of a meld,
        # shown whole, hid the corners of the row under it
        melds = [table.zone(z) for z in table.game.laid_zones.get(seat, [])]
        for a, b in itertools.pairwise(melds):
            if max(s.z for s in a) >= min(s.z for s in b):
                found.append(f"seat {seat}'s meld {b[0].code}… lies under the one before")
        for s in shown:
            r = s.rect().inflate(-EDGE, -EDGE)
            found += [f"seat {seat}'s {s.code} {tuple(r)} over {what} {tuple(k)}"
                      for what, k in keep if r.colliderect(k)][:1]
            if not bounds.contains(s.rect()):
                found.append(f"seat {seat}'s {s.code} off the window")
    return found


@pytest.mark.parametrize("game", ["quebec65", "rummy65"])
@pytest.mark.parametrize("large_cards", [False, True], ids=["cards", "large cards"])
@pytest.mark.parametrize("size", [(800, 500), (800, 600), (1280, 720)],
                         ids=["800x500", "800x600", "1280x720"])
def test_the_place_of_a_new_meld_keeps_off_the_piles(game, large_cards, size):
    """Québec at 800x500, largest text: the place of a new meld ("Nouvelle combinaison"),
    and the box lit round it while a card is dragged there, lay over the stock. The place,
    its box, where a drop counts as on it, and its label keep off the piles as drawn (a
    tall stock rises up and to the left), their names and the wild-card note, with 2 to
    the most seats, in English and French, at every text size."""
    app = App(size=size, settings={"sound": False, "animation_speed": "off",
                                   "large_cards": large_cards}, settings_path=None)
    table_mod.install(app)
    spec = registry.get(game)
    found = []
    for players in sorted({spec.min_players, 3, spec.max_players}):
        table = deal(app, game, players)
        g = table.game
        try:
            for lang, text_size in each_look(app):
                app.draw()
                drawn = [s.rect() for z in ("stock", "pile") for s in table.zone(z)]
                keep = [("the stock", g.stock_rect()), ("the discard pile", g.pile_rect())]
                keep += [("a pile as drawn", r) for r in drawn]
                keep += [("a pile's name", r) for r in g.pile_label_rects]
                keep += [("the wild-card note", g.wild_note_rect)]
                (new,) = [r for kind, _, r in g.stage_items() if kind == "new"]
                box = new.inflate(theme.px(12), theme.px(12))      # as drop_targets lights it
                hit = new.inflate(theme.px(14), theme.px(28))      # as stage_item_at takes it
                (label,) = [r for z, r in g.group_label_rects() if z == "new"]
                where = f"{game} x{players} {lang} {text_size}"
                for what, r in [("place", new), ("lit box", box), ("drop area", hit),
                                ("label", label)]:
                    found += [f"{where}: the new meld's {what} {tuple(r)} over {thing} "
                              f"{tuple(k)}" for thing, k in keep if r.colliderect(k)][:1]
        finally:
            table.match.close()
    assert not found, f"{len(found)} problems:\n" + "\n".join(found[:40])
