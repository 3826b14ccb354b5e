"""The rummy tables (rummy65, quebec65) driven headless by posted mouse events.

Stacked decks make the hands known: every test plays real turns through the window
(clicks on the stock, drags to the discard pile and into the staging area, buttons).
"""

from __future__ import annotations

import time

import pygame
import pytest

from cardtable.engine import melds as meldlib
from cardtable.engine import registry
from cardtable.engine.cards import make_deck
from cardtable.engine.core import Action
from cardtable.engine.rummy import RANKS
from cardtable.i18n import Msg, tr
from cardtable.match import Match, Seat
from cardtable.ui import theme
from cardtable.ui.app import App
from cardtable.ui.cardart import card_height
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.summary import SummaryScene
from cardtable.ui.scenes.table import TableScene

from .test_table import DT, drag_events, grab_point, make_app, mouse, wait_for_human


def shown(lines) -> list[tuple]:
    """Score-panel rows as the screen shows them (labels and values translated)."""
    return [(tr(label), tr(value), colour) for label, value, colour in lines]


def stacked(front: list[str], decks: int = 2) -> list[str]:
    """The full deck with ``front`` on top (one copy of each card taken from the rest)."""
    rest = make_deck(RANKS, decks, jokers=2)
    for c in front:
        rest.remove(c)
    return list(front) + rest


def decks(game: str, n: int) -> int:
    return 3 if game == "rummy65" and n > 5 else 2


def front_for(game: str, n: int, mine: list[str], up: str | None = None,
              stock: tuple[str, ...] = ()) -> list[str]:
    """The top of a stacked deck dealing ``mine`` to seat 0 (the dealer sits last), then
    ``up`` face up and ``stock`` on top of the stock; the others get what comes."""
    pool = make_deck(RANKS, decks(game, n), jokers=2)
    for c in list(mine) + ([up] if up else []) + list(stock):
        pool.remove(c)
    pool.reverse()   # the others' cards from the bottom of the sorted deck
    front = []
    for i in range(n * len(mine)):
        front.append(mine[i // n] if i % n == 0 else pool.pop())
    front.append(up or pool.pop())
    return front + list(stock)


def start(game: str, n: int, dealer: int, front: list[str], size=(1280, 720),
          settings: dict | None = None):
    state = registry.get(game).new_match(players=n, seed=3, first_dealer=dealer,
                                         stacked_deck=stacked(front, decks(game, n)))
    names = ["Ann", "Bert", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana"]
    seats = [Seat(names[i], "human" if i == 0 else "computer", "easy") for i in range(n)]
    match = Match(game, seats, state=state, pace=0)
    if settings:
        app = App(size=size, settings={"animation_speed": "off", "sound": False, **settings})
        table_mod.install(app)
    else:
        app = make_app(size=size)
    table = table_mod.show_table(app, TableScene(match, pace=0.0, sound=False))
    return app, table


def card(table, code: str, zone: str | None = None):
    zones = [zone] if zone else [z for z in table.zones if z == "hand0" or z.startswith("stage")]
    for z in zones:
        for s in table.zones.get(z, []):
            if s.code == code:
                return s
    raise AssertionError(f"{code} not in {zones}")


def drag(app, table, sprite, end) -> None:
    app.step(drag_events(grab_point(table, sprite), end), DT)
    app.step([], DT)


def click(app, pos) -> None:
    p = tuple(int(v) for v in pos)
    app.step([mouse(pygame.MOUSEBUTTONDOWN, p), mouse(pygame.MOUSEBUTTONUP, p)], DT)
    app.step([], DT)


def press(app, table, label: str) -> None:
    b = table.button(label)
    assert b is not None and b.enabled, f"no {label!r} button: " \
        f"{[w.name for w in table.form.widgets]}"
    click(app, b.rect.center)


def labels(table) -> list[str]:
    return [w.name for w in table.form.widgets if getattr(w, "name", None)]


def group_label(table, zone: str) -> tuple[bool, str]:
    ok, text, _ = table.game.check([s.code for s in table.zone(zone)])
    return ok, text


def new_group_point(table):
    return next(r.center for kind, _, r in table.game.stage_items() if kind == "new")


def until_summary(app, table, seconds: float = 60.0) -> SummaryScene:
    """Frames until the hand's summary shows; the computers think on a thread, so the wait
    is bounded by time (a busy machine gives them fewer frames' worth of it)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if isinstance(app.top, SummaryScene):
            return app.top
        app.step([], DT)
        if table.match.thinking:
            time.sleep(0.001)
    raise AssertionError("no summary")


def test_quebec65_round_last_turn_lay_down_then_discard():
    # dealer Ann (seat 0): Bert plays first with three fives, draws the fourth and goes out;
    # Ann's last turn: 7H 9H KD, draws the 8H, tries a bad group, lays the run, discards
    front = ["5S", "7H", "5H", "9H", "5D", "KD", "KS", "5C", "8H"]
    app, table = start("quebec65", 2, dealer=0, front=front)
    game = table.game
    assert wait_for_human(app, table)
    state = table.match.state
    assert state.out_seat == 1 and state.laid[1] == [["5S", "5H", "5D", "5C"]] or \
        sorted(state.laid[1][0]) == ["5C", "5D", "5H", "5S"]
    # the table says the last turns are on, and Bert's meld lies on the table face up
    assert game.out_seat == 1
    laid = [s for z in game.laid_zones[1] for s in table.zone(z)]
    assert sorted(s.code for s in laid) == ["5C", "5D", "5H", "5S"]
    assert all(s.face_up for s in laid)
    assert "Last turn" in game.status()
    assert sorted(s.code for s in table.zone("hand0")) == ["7H", "9H", "KD"]
    # draw by clicking the stock
    click(app, game.stock_rect().center)
    assert table.match.moves[-1] == (0, Action("draw", source="stock"))
    assert "8H" in [s.code for s in table.zone("hand0")]
    # a bad group: 7H 9H KD, with the meld checker's reason, and no button to lay it
    drag(app, table, card(table, "7H"), new_group_point(table))
    zone = game.stage_zones()[0]
    for code in ("9H", "KD"):
        drag(app, table, card(table, code), table.zone(zone)[0].rect().center)
    assert sorted(s.code for s in table.zone(zone)) == ["7H", "9H", "KD"]
    ok, text = group_label(table, zone)
    reason = meldlib.check_meld(["7H", "9H", "KD"], state.meld_rules())
    assert not ok and str(text).lower() == reason.lower()
    assert not any(name.startswith(("Lay down", "Go out")) for name in labels(table))
    # mend it: the king back to the hand, the eight into the run
    drag(app, table, card(table, "KD"), table.zone("hand0")[0].rect().center)
    drag(app, table, card(table, "8H"), table.zone(zone)[0].rect().center)
    ok, text = group_label(table, zone)
    assert ok and str(text) == "Run in hearts"
    assert [s.code for s in table.zone(zone)] == ["7H", "8H", "9H"]
    press(app, table, "Lay down 1 meld")
    assert table.match.moves[-1][1].kind == "lay"
    app.step([], DT)
    assert sorted(s.code for z in game.laid_zones[0] for s in table.zone(z)) == \
        ["7H", "8H", "9H"]
    # discard the king by dragging it onto the discard pile: the round ends
    drag(app, table, card(table, "KD"), game.pile_rect().center)
    summary = until_summary(app, table)
    row = state.score_sheet[0]
    assert row["penalties"] == [0, 0] and row["went_out"] == 1
    assert summary.body is not None and "Round 1" in summary.title
    app.step([], DT)   # the summary draws the game's own body without error
    assert table.scores == [0, 0]


def test_rummy65_hand_invalid_meld_arrange_and_go_out():
    # dealer Cleo (seat 2): Ann plays first with 7C 8C QD; the 9C is face up
    front = ["7C", "4S", "6D", "8C", "TD", "JS", "QD", "KH", "AH", "9C"]
    app, table = start("rummy65", 3, dealer=2, front=front)
    game = table.game
    state = table.match.state
    assert wait_for_human(app, table)
    assert "Hand 1 of 12" in game.banner() and "jokers and 3s" in game.banner()
    assert ("Pot", "195¢", None) in shown(game.score_lines())
    # a discard before drawing is refused with the engine's reason and flies back
    before = state.to_json()
    qd = card(table, "QD")
    drag(app, table, qd, game.pile_rect().center)
    assert state.to_json() == before and qd.zone == "hand0"
    assert table.toast is not None and "draw" in str(table.toast[0]).lower()
    # so is a card dropped on the stock: the same reason, not "discard onto the pile"
    drag(app, table, qd, game.stock_rect().center)
    assert state.to_json() == before and qd.zone == "hand0"
    assert "draw a card first" in str(tr(table.toast[0])).lower()
    # an invalid meld: 7C 8C QD, shown with its reason at once
    drag(app, table, card(table, "7C"), new_group_point(table))
    zone = game.stage_zones()[0]
    for code in ("8C", "QD"):
        drag(app, table, card(table, code), table.zone(zone)[0].rect().center)
    ok, text = group_label(table, zone)
    assert not ok and str(text).lower() == meldlib.check_meld(["7C", "8C", "QD"],
                                                         state.meld_rules()).lower()
    # take the 9C by dragging it from the discard pile to the hand
    nine = table.zone("pile")[-1]
    assert nine.code == "9C" and game.draggable(nine)
    drag(app, table, nine, (game.size[0] // 2, game.hand_band().centery))
    assert table.match.moves[-1] == (0, Action("draw", source="discard"))
    assert "Go out" not in labels(table)
    assert "not a valid meld" in game.status()
    # Arrange for me: the run 7C 8C 9C, the queen left to discard; Go out is offered
    press(app, table, "Arrange for me")
    assert game.staged() == [["7C", "8C", "9C"]]
    assert [s.code for s in table.zone("hand0")] == ["QD"]
    assert "Go out" in labels(table)
    # turned down (the next person's turn at pass-and-play), the group's label, frame and
    # wild tags tell nothing of it: its label was still drawn ("Run of hearts")
    drawn = []
    real = game._draw_group_label
    game._draw_group_label = lambda surface, kind, zone, rect: drawn.append(kind)
    staged = table.zone(game.stage_zones()[0])
    game.extra_draw(app.screen)
    assert "stage" in drawn
    for s in staged:
        s.face_up = False
    drawn.clear()
    game.extra_draw(app.screen)
    assert "stage" not in drawn and not game.face_shown(game.stage_zones()[0])
    for s in staged:
        s.face_up = True
    game._draw_group_label = real
    # dropping the last card on the pile goes out
    drag(app, table, card(table, "QD"), game.pile_rect().center)
    mine = [a for seat, a in table.match.moves if seat == 0]
    assert mine[-1] == Action("go_out", melds=(("7C", "8C", "9C"),), discard="QD")
    summary = until_summary(app, table)
    row = state.score_sheet[0]
    assert row["went_out"] == 0 and row["penalties"][0] == 0
    assert row["money"]["taken"][0] == 10 and row["money"]["pot"] == 185
    assert str(summary.title) == "Hand 1: you went out"
    app.step([], DT)
    # on to hand 2: the table is cleared and four cards are dealt; only what the others
    # lay in hand 2 before my turn is on the table (my hand 1 meld is gone)
    assert wait_for_human(app, table)
    assert state.deal_no == 2 and game.deal_no == 2
    assert not game.stage_ids and not state.laid[0] and not game.laid_zones.get(0)
    assert {s for s, zones in game.laid_zones.items() if zones} == \
        {s for s in range(state.n_players) if state.laid[s]}
    laid_cards = sorted(c.code for zones in game.laid_zones.values() for z in zones
                        for c in table.zone(z))
    assert laid_cards == sorted(c for melds in state.laid for m in melds for c in m)
    assert len(table.zone("hand0")) == len(state.hand(0))
    assert ("Pot", "185¢", None) in shown(game.score_lines())


def _rects_of_seats(table):
    """Plate rects and hand rects (with the biggest hand: 14 cards) of every seat."""
    game = table.game
    bounds = pygame.Rect(0, 0, *game.size)
    plates, hands = {}, {}

    class Fake:
        code = None
        revealed = False

    for seat in range(game.n):
        plates[seat] = table.plate_rect(seat, bounds)
        targets = game.place_hand(seat, [Fake() for _ in range(14)])
        r = None
        for x, y, _a, w, _f in targets:
            cr = pygame.Rect(0, 0, int(w), card_height(int(w)))
            cr.center = (int(x), int(y))
            r = cr if r is None else r.union(cr)
        hands[seat] = r
    return plates, hands


@pytest.mark.parametrize("n", range(2, 9))
def test_seats_fit_without_overlap_at_1280x720(n):
    app, table = start("quebec65", n, dealer=0, front=[])
    app.step([], DT)
    game = table.game
    plates, hands = _rects_of_seats(table)
    window = pygame.Rect(0, 0, 1280, 720)
    boxes = [(f"plate{s}", r) for s, r in plates.items()] + \
        [(f"hand{s}", r) for s, r in hands.items()]
    for name, r in boxes:
        assert window.contains(r), (name, r)
    for i, (a, ra) in enumerate(boxes):
        for b, rb in boxes[i + 1:]:
            if a[-1] == b[-1] and a[:4] != b[:4]:
                continue  # a seat's own plate and hand touch by design
            assert not ra.colliderect(rb), (n, a, ra, b, rb)
    # nothing of the other seats covers the piles, the staging area or the score panel
    middle = [game.stock_rect(), game.pile_rect(), game.stage_band()]
    assert table.score_rect is not None
    for seat in range(1, n):
        for r in (plates[seat], hands[seat]):
            for m in middle + [table.score_rect]:
                assert not r.colliderect(m), (n, seat, r, m)


# ---- newcomer playtest ---------------------------------------------------------------------

def toast_rect(table, text) -> pygame.Rect:
    """Where the scene draws a toast: a pill centred 70 px (scaled) above the hand band."""
    band = table.game.hand_band()
    scratch = pygame.Surface(table.game.size, pygame.SRCALPHA)
    return table.pill(scratch, text, (table.game.size[0] // 2, band.top - theme.px(70)),
                       theme.px(17), 255)


def game_for(n: int) -> str:
    return "quebec65" if n == 2 else "rummy65"


LOOKS = [((1280, 720), n, None) for n in range(2, 9)] + \
    [((1920, 1080), n, None) for n in range(2, 9)] + \
    [((1280, 720), n, {"large_cards": True, "text_size": "larger"}) for n in (3, 8)] + \
    [((1280, 720), n, {"language": "fr", "text_size": "larger"}) for n in (2, 3)]


@pytest.mark.parametrize("size, n, settings", LOOKS)
def test_group_labels_buttons_and_toast_never_overlap(size, n, settings):
    # a group whose reason takes two lines, a new group, the buttons and a long toast
    # (also with larger cards and the largest text, where the piles make room)
    game = game_for(n)
    app, table = start(game, n, dealer=n - 1, size=size, settings=settings,
                       front=front_for(game, n, ["7C", "9H", "KD"], up="5D"))
    g = table.game
    assert wait_for_human(app, table)
    drag(app, table, card(table, "7C"), new_group_point(table))
    zone = g.stage_zones()[0]
    drag(app, table, card(table, "9H"), table.zone(zone)[0].rect().center)
    drag(app, table, card(table, "KD"), table.zone(zone)[0].rect().center)
    assert len(table.zone(zone)) == 3 and not group_label(table, zone)[0]
    text = "Draw first: take the top card of the stock or of the discard pile."
    table.show_toast(text, 30)
    app.step([], DT)
    window = pygame.Rect(0, 0, *size)
    labels = g.group_label_rects()
    assert len(labels) == 2
    _img, stage_label, _c = g._group_label("stage", zone, g.stage_items()[0][2])
    assert stage_label.height > theme.font(theme.px(13)).get_linesize() * 1.5  # two lines
    buttons = [(w.name, w.rect) for w in table.form.widgets
               if w.name in (tr("Arrange for me"), tr("Clear melds"))]
    assert len(buttons) == 2
    toast = toast_rect(table, text)
    boxes = [(f"label {z}", r) for z, r in labels] + buttons + [("toast", toast)]
    for name, r in boxes:
        assert window.contains(r), (name, r)
    for i, (a, ra) in enumerate(boxes):
        for b, rb in boxes[i + 1:]:
            assert not ra.colliderect(rb), (n, size, a, ra, b, rb)
    # the staged cards and the new-meld place stay clear of the toast and the buttons too
    for _kind, _zone, r in g.stage_items():
        for name, other in buttons + [("toast", toast)]:
            assert not r.colliderect(other), (name, r, other)
    # and of the piles
    for _kind, _zone, r in g.stage_items():
        assert not r.colliderect(g.stock_rect()) and not r.colliderect(g.pile_rect())


def test_click_a_card_then_the_discard_pile_discards_it():
    front = ["7C", "4S", "6D", "8C", "TD", "JS", "QD", "KH", "AH", "9C", "2S"]
    app, table = start("rummy65", 3, dealer=2, front=front)
    g = table.game
    state = table.match.state
    assert wait_for_human(app, table)
    # a card picked before drawing: a click on the stock still draws
    click(app, grab_point(table, card(table, "QD")))
    assert g.picked == card(table, "QD").id
    click(app, g.stock_rect().center)
    assert table.match.moves[-1] == (0, Action("draw", source="stock"))
    assert g.picked is None
    # pick the queen: it is lifted, and the line above the buttons says what comes next
    qd = card(table, "QD")
    click(app, grab_point(table, qd))
    app.step([], DT)
    assert g.picked == qd.id and qd.lift_target == 1.0
    assert "click the discard pile" in str(g.status())
    # a click on another card picks that one instead; a second click puts it back
    seven = card(table, "7C")
    click(app, grab_point(table, seven))
    assert g.picked == seven.id
    app.step([], DT)
    app.step([], DT)
    table.last_click = (None, -1.0)   # not a double-click (that discards)
    click(app, grab_point(table, seven))
    assert g.picked is None
    # the stock is no place to discard
    click(app, grab_point(table, qd))
    before = state.to_json()
    click(app, g.stock_rect().center)
    assert state.to_json() == before and "pile" in str(table.toast[0])
    # pick it again and click the discard pile: it is discarded
    click(app, grab_point(table, qd))
    click(app, g.pile_rect().center)
    mine = [a for seat, a in table.match.moves if seat == 0]
    assert mine[-1] == Action("discard", card="QD")
    assert g.picked is None
    assert "QD" not in [s.code for s in table.zone("hand0")]


def test_click_a_card_then_a_group_or_the_new_meld_place_moves_it():
    front = ["7C", "4S", "6D", "8C", "TD", "JS", "QD", "KH", "AH", "9C"]
    app, table = start("rummy65", 3, dealer=2, front=front)
    g = table.game
    assert wait_for_human(app, table)
    click(app, grab_point(table, card(table, "7C")))
    click(app, new_group_point(table))
    assert g.staged() == [["7C"]]
    click(app, grab_point(table, card(table, "8C")))
    click(app, table.zone(g.stage_zones()[0])[0].rect().center)
    assert g.staged() == [["7C", "8C"]]


def test_arrange_leaves_only_valid_melds_and_puts_down_a_held_card():
    # 7C 8C 9C melds, the QD does not; the player holds the 8C with the keyboard (Space)
    # and asks for an arrangement with A: the 8C goes into the run and is no longer held,
    # so the next Space cannot carry it off and leave a two-card group
    front = ["7C", "4S", "6D", "8C", "TD", "JS", "QD", "KH", "AH", "9C"]
    app, table = start("rummy65", 3, dealer=2, front=front)
    g = table.game
    assert wait_for_human(app, table)
    app.step(drag_events(grab_point(table, table.zone("pile")[-1]),
                         (g.size[0] // 2, g.hand_band().centery)), DT)
    app.step([], DT)
    assert sorted(s.code for s in table.zone("hand0")) == ["7C", "8C", "9C", "QD"]
    table.keys.hold(card(table, "8C"))
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a",
                                 scancode=0)], DT)
    assert g.staged() == [["7C", "8C", "9C"]]
    assert table.keys.held is None
    for zone in g.stage_zones():
        assert group_label(table, zone)[0]
    assert [s.code for s in table.zone("hand0")] == ["QD"]


def test_arrange_never_stages_an_incomplete_group():
    # every hand of a few deals: whatever Arrange stages is a valid meld, the rest is in
    # the hand, before and after drawing
    front = ["7C", "4S", "6D", "8C", "TD", "JS", "JK", "KH", "AH", "9C"]
    app, table = start("rummy65", 3, dealer=2, front=front)
    g = table.game
    assert wait_for_human(app, table)
    for _ in range(2):
        g.arrange()
        staged = [c for z in g.stage_zones() for c in (s.code for s in table.zone(z))]
        hand = [s.code for s in table.zone("hand0")]
        for zone in g.stage_zones():
            ok, text = group_label(table, zone)
            assert ok, (zone, str(text))
        assert sorted(staged + hand) == sorted(table.match.state.hand(0))
        click(app, g.stock_rect().center)


def test_new_meld_place_is_a_card_sized_slot_and_goes_when_you_go_out():
    front = ["7C", "4S", "6D", "8C", "TD", "JS", "QD", "KH", "AH", "9C"]
    app, table = start("rummy65", 3, dealer=2, front=front)
    g = table.game
    assert wait_for_human(app, table)
    new = [r for kind, _z, r in g.stage_items() if kind == "new"]
    assert len(new) == 1 and new[0].size == (g.sw, card_height(g.sw))
    assert g.sw >= int(g.cw * 0.42)
    assert not [label for *_x, label in g.slots() if "meld" in str(label)]
    labels = dict(g.group_label_rects())
    assert "new" in labels    # its label, under it
    # the deal's banner sits clear of the stock's highlight (it used to cover its top)
    table.show_caption(g.banner(), 30)
    scratch = pygame.Surface(g.size, pygame.SRCALPHA)
    banner = table.pill(scratch, table.caption[0], g.caption_pos(), theme.px(17), 255)
    for r in (g.stock_rect(), g.pile_rect()):
        assert not banner.colliderect(r.inflate(4, 4)), (banner, r)
    table.caption = None
    # go out: the meld lies on the table, and no empty new-meld place is left
    drag(app, table, table.zone("pile")[-1], (g.size[0] // 2, g.hand_band().centery))
    press(app, table, "Arrange for me")
    drag(app, table, card(table, "QD"), g.pile_rect().center)
    app.step([], DT)
    assert g.out_seat == 0 or table.match.state.deal_no > 1
    if g.out_seat == 0:
        assert not [kind for kind, _z, _r in g.stage_items() if kind == "new"]


def test_went_out_is_said_once_at_a_time():
    # Bert goes out: the caption says so; the line above the buttons (which would say the
    # same) waits until the caption is gone
    front = ["5S", "7H", "5H", "9H", "5D", "KD", "KS", "5C", "8H"]
    app, table = start("quebec65", 2, dealer=0, front=front)
    g = table.game
    assert wait_for_human(app, table)
    table.show_caption(Msg("Bert went out: everybody else takes one last turn"), 3.0)
    assert g.status() and g.status_shown() == ""
    table.caption = None
    assert g.status_shown() == g.status()
    table.show_toast("Draw first.")
    assert g.status_shown() == ""


def test_rummy65_summary_explains_the_pot(monkeypatch):
    from cardtable.ui.tables import rummy_sheet

    drawn: list[str] = []
    draw_text = rummy_sheet.theme.draw_text

    def recording(surface, text, *args, **kwargs):
        drawn.append(tr(text))
        return draw_text(surface, text, *args, **kwargs)

    front = ["7C", "4S", "6D", "8C", "TD", "JS", "QD", "KH", "AH", "9C"]
    app, table = start("rummy65", 3, dealer=2, front=front)
    g = table.game
    assert wait_for_human(app, table)
    assert ("Wild", "Jokers · 3s", None) in shown(g.score_lines())
    drag(app, table, table.zone("pile")[-1], (g.size[0] // 2, g.hand_band().centery))
    press(app, table, "Arrange for me")
    drag(app, table, card(table, "QD"), g.pile_rect().center)
    until_summary(app, table)
    monkeypatch.setattr(rummy_sheet.theme, "draw_text", recording)
    app.step([], DT)
    assert "From the pot" in drawn
    legend = " ".join(drawn)
    assert "everybody puts 65¢ in the pot" in legend and "takes 10¢" in legend
    assert "lowest total takes what is left" in legend


def test_a_card_discarded_from_an_arranged_meld_leaves_no_broken_group():
    # Arrange stages 7C 8C 9C; the player then throws the 8C (say, as a hint said) by
    # dragging it from the group to the pile: 7C and 9C go back to the hand instead of
    # staying as a group asking for one more card
    front = ["7C", "4S", "6D", "8C", "TD", "JS", "QD", "KH", "AH", "9C"]
    app, table = start("rummy65", 3, dealer=2, front=front)
    g = table.game
    assert wait_for_human(app, table)
    drag(app, table, table.zone("pile")[-1], (g.size[0] // 2, g.hand_band().centery))
    press(app, table, "Arrange for me")
    assert g.staged() == [["7C", "8C", "9C"]]
    drag(app, table, card(table, "8C"), g.pile_rect().center)
    mine = [a for seat, a in table.match.moves if seat == 0]
    assert mine[-1] == Action("discard", card="8C")
    assert g.staged() == []
    assert sorted(s.code for s in table.zone("hand0")) == ["7C", "9C", "QD"]


def test_a_hand_all_in_planned_melds_is_said_to_be_still_held():
    # every card of the hand staged in a meld and the turn over: the hand row is empty,
    # and the line says the melds are still in the hand (the player has not gone out)
    front = front_for("quebec65", 3, ["7C", "8C", "9C"], up="KH", stock=("4D",))
    app, table = start("quebec65", 3, dealer=2, front=front)
    g = table.game
    assert wait_for_human(app, table)
    assert tr(g.status()) != tr(Msg("Your planned melds stay in your hand until you go out "
                                     "on your turn."))
    drag(app, table, table.zone("stock")[-1], (g.size[0] // 2, g.hand_band().centery))
    press(app, table, "Arrange for me")
    assert g.staged() == [["7C", "8C", "9C"]]
    table.match.pace = 600.0        # the next player's move waits: the turn stays his
    drag(app, table, card(table, "4D"), g.pile_rect().center)
    assert table.match.moves[-1] == (0, Action("discard", card="4D"))
    assert table.zone("hand0") == [] and not g.my_turn()
    assert tr(g.status()) == tr(Msg("Your planned melds stay in your hand until you go out "
                                    "on your turn."))


def test_a_wild_card_s_tag_keeps_off_the_piles():
    """The tag over a wild card in a planned meld ('10♥') stood on the discard pile's edge
    when the meld lay just under the piles; it goes on the card's top edge then."""
    front = ["8H", "4S", "6D", "9H", "TD", "JS", "3D", "KH", "AH", "9C"]
    app, table = start("rummy65", 3, dealer=2, front=front)
    game = table.game
    assert wait_for_human(app, table)
    drag(app, table, card(table, "8H"), new_group_point(table))
    zone = game.stage_zones()[0]
    for code in ("9H", "3D"):
        drag(app, table, card(table, code), table.zone(zone)[0].rect().center)
    for _ in range(30):
        app.step([], 1 / 60)
    assert group_label(table, zone)[0]
    wild = card(table, "3D", zone)
    top = wild.rect().top

    class Screen:
        def __init__(self):
            self.rects = []

        def blit(self, img, rect):
            self.rects.append(pygame.Rect(rect))

    free = Screen()
    game._draw_wild_tags(free)
    assert len(free.rects) == 1 and free.rects[0].bottom <= top   # over the card
    over = free.rects[0]
    game.pile_rect = lambda: over.inflate(4, 4)                   # a pile just there
    moved = Screen()
    game._draw_wild_tags(moved)
    assert moved.rects[0].bottom > top > moved.rects[0].top       # on the card's top edge


def test_an_opponent_s_hand_lies_under_the_melds_it_laid():
    """Shown face up after its last turn, an opponent's hand reached down over its row of
    laid melds and hid them; the melds are drawn over it now (its indices show above
    them). The player's own hand stays on top of everything."""
    app, table = start("quebec65", 3, dealer=2, front=["7C", "4S", "6D"])
    game = table.game
    laid = game.zone_z("laid1_0")
    assert game.zone_z("hand1") < laid < game.zone_z(f"hand{game.viewer}")
    assert game.zone_z("hand2") < laid


def test_an_empty_pile_is_named_once():
    """An empty discard pile read "discard" inside its outline and "Discard" beside it:
    the outline is unnamed now, the name beside it stays."""
    app, table = start("rummy65", 3, dealer=2, front=["7C", "4S", "6D"])
    game = table.game
    table.zones["pile"] = []
    assert [label for *_x, label in game.slots()] == [""]


def test_who_went_out_and_who_then_melded_every_card_wear_a_badge(monkeypatch):
    front = front_for("rummy65", 3, ["5S", "7H", "9D"])
    app, table = start("rummy65", 3, dealer=0, front=front)
    assert wait_for_human(app, table)
    game = table.game
    badges = {}
    real = table.pill

    def pill(surface, text, centre, *args, **kwargs):
        badges[str(text)] = centre
        return real(surface, text, centre, *args, **kwargs)

    monkeypatch.setattr(table, "pill", pill)
    table.draw(app.screen)
    assert "went out" not in badges and "every card melded" not in badges
    # Bert went out; on her last turn Cleo melded every card but her discard
    game.out_seat = 1
    table.zones["hand2"] = []
    table.draw(app.screen)
    assert "went out" in badges and "every card melded" in badges
    # each under its own plate
    for seat, text in ((1, "went out"), (2, "every card melded")):
        x, y = game.pods[seat]
        assert x <= badges[text][0] <= x + game.pod_width(seat) and badges[text][1] > y
    table.match.close()


def test_the_stock_line_shows_no_count_before_the_pack_is_put_down():
    front = front_for("quebec65", 2, ["5S", "7H", "9D"])
    app, table = start("quebec65", 2, dealer=0, front=front)
    assert wait_for_human(app, table)
    stock = len(table.zone("stock"))
    assert stock > 0 and ("Stock", f"{stock} cards", None) in shown(table.game.score_lines())
    table.clear_zones()                       # as between two deals
    assert ("Stock", "–", None) in shown(table.game.score_lines())
    table.match.close()


def test_after_laying_down_with_g_the_focus_goes_to_the_card_left_in_hand():
    """The focus was on a staged card; once the group is laid, the only target left in its
    row is the new meld's place, where Enter does nothing: the hand is where it goes."""
    from tests.ui.test_keyboard import go_to, key

    front = ["5S", "7H", "5H", "9H", "5D", "KD", "KS", "5C", "8H"]
    app, table = start("quebec65", 2, dealer=0, front=front)   # Bert goes out at once
    assert wait_for_human(app, table)
    assert table.game.out_seat == 1
    key(app, pygame.K_d)                                       # Ann draws the 8H
    assert "8H" in [s.code for s in table.zone("hand0")]
    for code in ("7H", "8H", "9H"):
        go_to(app, table, f"card{card(table, code).id}")
        key(app, pygame.K_n if code == "7H" else pygame.K_1)
    zone = table.game.stage_zones()[0]
    assert sorted(s.code for s in table.zone(zone)) == ["7H", "8H", "9H"]
    go_to(app, table, f"card{card(table, '9H').id}")           # the focus in the group
    key(app, pygame.K_g)                                       # lay it down
    assert table.match.moves[-1][1].kind == "lay"
    app.step([], DT)
    focused = table.keys.current()
    assert focused is not None and focused.sprite is not None
    assert focused.sprite.code == "KD" and table.keys.row == "hand"
    table.match.close()


def test_why_a_move_was_refused_goes_once_a_move_is_made():
    """A red "Draw a card first" stayed up after the person drew."""
    front = front_for("quebec65", 2, ["5S", "7H", "9D"])
    app, table = start("quebec65", 2, dealer=1, front=front)
    assert wait_for_human(app, table)
    assert not table.try_action(Action("discard", card="9D"))      # before drawing
    assert table.toast is not None and "Draw a card first" in str(table.toast[0])
    assert table.try_action(Action("draw", source="stock"))
    app.step([], DT)
    assert table.toast is None or "Draw a card first" not in str(table.toast[0])
    table.match.close()


def test_the_log_says_who_went_out_and_who_then_melded_every_card():
    """A way out on a last turn is not a second way out: the log said "Margot goes out"
    after the person had gone out, while the summary said "every card melded"."""
    front = front_for("quebec65", 3, ["7C", "8C", "9C"])
    app, table = start("quebec65", 3, dealer=2, front=front)
    game = table.game
    first = game.describe({"kind": "went_out", "seat": 1, "melds": [], "last_turn": False})
    later = game.describe({"kind": "went_out", "seat": 1, "melds": [], "last_turn": True})
    assert tr(first) == "Bert goes out"
    assert tr(later) == "Bert melds every card too"
    mine = game.describe({"kind": "went_out", "seat": 0, "melds": [], "last_turn": True})
    assert tr(mine) == "You meld every card too"
    table.match.close()


def test_rummy65_summary_writes_cents_one_way_in_french(monkeypatch):
    """French cents were "0¢" in the pot column and "net -65 ¢" under it: every amount is
    now written "65 ¢" (a narrow no-break space, as before "%"), a loss with a minus."""
    import re

    from cardtable import i18n
    from cardtable.ui.tables import rummy_sheet

    drawn: list[str] = []
    draw_text = rummy_sheet.theme.draw_text

    def recording(surface, text, *args, **kwargs):
        drawn.append(tr(text))
        return draw_text(surface, text, *args, **kwargs)

    front = ["7C", "4S", "6D", "8C", "TD", "JS", "QD", "KH", "AH", "9C"]
    app, table = start("rummy65", 3, dealer=2, front=front)
    g = table.game
    assert wait_for_human(app, table)
    drag(app, table, table.zone("pile")[-1], (g.size[0] // 2, g.hand_band().centery))
    press(app, table, "Arrange for me")
    drag(app, table, card(table, "QD"), g.pile_rect().center)
    until_summary(app, table)
    monkeypatch.setattr(rummy_sheet.theme, "draw_text", recording)
    i18n.set_language("fr")
    try:
        app.step([], DT)
    finally:
        i18n.set_language("en")
    money = [t for t in drawn if "¢" in t]
    assert any(t.startswith("net ") for t in money), money
    for text in money:
        assert not re.search(r"[^\u202f]¢", text), text     # "65 ¢", never "65¢" or "65 ¢"
        assert "-" not in text, text                          # "−65 ¢", a true minus
    nets = [t for t in money if t.startswith("net ")]
    assert all(re.fullmatch("net [+\u2212]?\\d+\u202f¢", t) for t in nets), nets
    assert any("\u2212" in t for t in nets), nets              # somebody lost money


@pytest.mark.parametrize("game_id", ["rummy65", "quebec65"])
def test_a_rummy_deal_s_facts_and_rows_are_the_rummies_words(game_id):
    """The wild ranks and a stalemate are facts of the rummies' own; a stalemate that did
    not happen says nothing; the melds laid are left to the rummies' own summary; the money
    is rummy65's alone. No card of the hand is played to the table by itself."""
    from cardtable.ui.tables import table_class

    table = table_class(game_id)
    assert str(table.deal_fact("wild_ranks", ["3", "T"])) == "Wild: 3, T"
    assert str(table.deal_fact("stalemate", True)) == "Stopped after the third reshuffle"
    assert table.deal_fact("stalemate", False) is None
    assert table.deal_fact("wild_ranks", None) is None
    assert {"laid", "arranged"} <= table.HIDDEN_KEYS and table.STRONG_ROWS == {"penalties"}
    assert ("money" in table.ROW_LABELS) == (game_id == "rummy65")
    assert list(table.ROW_LABELS)[-1] == "totals"
    assert table.PLAY_KIND is None
