"""The seats' name plates (cardtable/ui/scenes/table/plates.py): the line under a seat's name
is never cut short, at eight seats in the narrowest top row either.

A newcomer saw "Ordinateur · Mo…" at rummy65 with eight seats, French, the largest text.
It was there at 1920x1080 with no score at all (three plates of the top row), at 1280x720
for "Ordinateur · Difficile", and almost everywhere once the scores had three or four
figures or at a table open to friends ("En attente d’un ami"). tests/ui/test_layout_sizes.py
did not see it: it settles each look for two frames before it watches, and the plates,
drawn once and then only blitted, were cut during those frames. Here every plate is drawn
anew for each look it is judged in.

The looks walked: window sizes from 800x500 to 1920x1080; English and French; the three
text sizes; at rummy65 and quebec65 with eight seats: computers at every level (short
names, and the longest a name may be), each seat's turn in turn, scores of four figures,
the dealer's chip; a table open to the network with two Friend seats in each of their
states (nobody yet, asked to stay, away, open, silent, in their menu); pass-and-play with
eight people. A name longer than its plate is shortened (as it always was); the line under
it never is.
"""

from __future__ import annotations

import pygame
import pytest

from cardtable import i18n
from cardtable.i18n import Msg
from cardtable.match import Match, Seat
from cardtable.names import NAME_LENGTH
from cardtable.ui import netplay, theme
from cardtable.ui.app import App
from cardtable.ui.scenes import table as table_mod
from cardtable.ui.scenes.menu import MenuScene
from cardtable.ui.scenes.table import TableScene
from cardtable.ui.scenes.table.plates import plate_forms, plate_line
from cardtable.ui.scenes.table.words import LEVEL_WORDS
from tests.net_helpers import LOOPBACK

DT = 1 / 60
#: (1366x768 lies between 1280x720 and 1920x1080: left out to keep CI in its time)
SIZES = [(800, 500), (1024, 600), (1280, 720), (1920, 1080)]
LOOKS = [(lang, ts) for lang in ("en", "fr") for ts in ("normal", "large", "larger")]
LONG = "Maximiliane Duvals"
assert len(LONG) == NAME_LENGTH
#: every level a computer may have, round the table
LEVELS = ["medium", "hard", "easy", "expert", "medium", "hard", "medium"]
SHORT = ["Margot", "Theo", "Hana", "Felix", "Iris", "Jonas", "Rosa"]
#: what a Friend's seat may be doing (``Match.seat_status``), "menu": in their menu
FRIEND_STATES = ("empty", "asked", "away", "open", "idle", "connected", "menu")


@pytest.fixture(autouse=True)
def plain_afterwards():
    yield
    i18n.set_language("en")
    theme.set_access(False, "normal")


class Cuts:
    """Every text a plate cuts short, drawn afresh (no plate kept from an earlier frame)."""

    def __init__(self, monkeypatch) -> None:
        self.cut: list[str] = []
        real = theme.ellipsize

        def watch(text, size, width, bold=False):
            out = real(text, size, width, bold)
            if out != theme.drawable(text):
                self.cut.append(theme.drawable(text))
            return out

        monkeypatch.setattr(theme, "ellipsize", watch)

    def plates(self, app: App, table) -> list[str]:
        """The texts of the plates cut short now, but the names (a long name is
        shortened)."""
        names = {theme.drawable(i18n.seat_name(s.name)) for s in table.match.seats}
        self.cut = []
        table._panel_cache.clear()
        table._text_cache.clear()
        table._draw_plates(app.screen)
        return [t for t in self.cut if t not in names]


def deal(app: App, game: str, names: list[str], kinds: list[str]) -> TableScene:
    while app.stack:
        app.pop()
    app.push(MenuScene())
    seats = [Seat(name, kind, LEVELS[(i - 1) % len(LEVELS)])
             for i, (name, kind) in enumerate(zip(names, kinds, strict=True))]
    table = TableScene(Match(game, seats, seed=3, pace=0.0, threaded=False), sound=False,
                       pace=0.0, speed="off")
    table_mod.show_table(app, table)
    for _ in range(300):
        app.step([], DT)
        if table.my_turn() or table.hotseat and table.turn is not None:
            break
    return table


def host(app: App, game: str) -> TableScene:
    """``game`` at eight, hosted here on loopback: seats 2 and 5 a friend's, nobody there
    yet; the others computers."""
    while app.stack:
        app.pop()
    seats = [{"name": "You", "kind": "human", "level": "medium"}]
    seats += [{"name": f"Friend {i + 1}" if i in (2, 5) else SHORT[i - 1],
               "kind": "friend" if i in (2, 5) else "computer",
               "level": LEVELS[(i - 1) % len(LEVELS)]} for i in range(1, 8)]
    config = {"game": game, "players": 8, "seed": 4, "seats": seats,
              "network": {"remote": [2, 5], "stand_in": "medium", "idle_seconds": 60}}
    match = netplay.open_table(config, advertise=False, bind=LOOPBACK)
    table = table_mod.show_table(app, TableScene(match, speed="off", sound=False))
    for _ in range(60):
        app.step([], DT)
        if all(table.zone(f"hand{s}") for s in range(8)):
            break
    return table


def states(table):
    """Each state of the table a plate's words change with, set in turn (yields its name)."""
    n = table.match.n_players
    turn, scores, dealer = table.turn, list(table.scores), table.dealer
    try:
        yield "between turns"
        for seat in range(n):
            table.turn = seat
            yield f"seat {seat} to play"
        table.turn = turn
        table.scores = [1234 if s % 2 else 345 for s in range(n)]   # penalty points
        yield "scores of four figures"
        table.scores = scores
        for seat in range(n):
            table.dealer = seat
            yield f"seat {seat} deals"
    finally:
        table.turn, table.scores, table.dealer = turn, scores, dealer


def friend_states(table, monkeypatch):
    """The Friend seats in each of their states in turn (yields it)."""
    match = table.match
    friends = [s for s in range(match.n_players) if match.seat_status(s) is not None]
    assert friends, "no Friend seat"
    for state in FRIEND_STATES:
        monkeypatch.setattr(match, "seat_status",
                            lambda seat, state=state: state if seat in friends else None)
        monkeypatch.setattr(match, "seat_elsewhere",
                            lambda seat, state=state: state == "menu" and seat in friends)
        for turn in (None, friends[0]):
            table.turn = turn
            yield f"friends {state}" + (" (to play)" if turn is not None else "")


def walk(app: App, table, cuts: Cuts, where: str, more=None) -> list[str]:
    found = []
    try:
        for lang, text_size in LOOKS:
            app.set_setting("language", lang)
            app.set_setting("text_size", text_size)
            app.step([], DT)
            for state in (more() if more is not None else states(table)):
                found += [f"{where} {lang} {text_size} {state}: {t!r} cut"
                          for t in sorted(set(cuts.plates(app, table)))]
    finally:
        app.set_setting("language", "en")
        app.set_setting("text_size", "normal")
    return found


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_no_plate_cuts_the_line_under_the_name(monkeypatch, size):
    """Before: 1920x1080, French, largest text, no score: "Ordinateur · Moyen" showed
    "Ordinateur · Mo…"; this walk found 1721 lines cut (800x500: 491, 1024x600: 400,
    1280x720: 123, 1366x768 (no longer walked): 318, 1920x1080: 389). Now none."""
    app = App(size=size, settings={"sound": False, "animation_speed": "off"},
              settings_path=None)
    table_mod.install(app)
    cuts = Cuts(monkeypatch)
    found = []
    for game in ("rummy65", "quebec65"):
        for names in (SHORT, [LONG] * 7):
            table = deal(app, game, ["You", *names], ["human"] + ["computer"] * 7)
            try:
                found += walk(app, table, cuts, f"{game} computers {names[0]}")
            finally:
                table.match.close()
    table = deal(app, "rummy65", [f"Player {i}" for i in range(1, 9)], ["human"] * 8)
    try:
        assert table.hotseat
        found += walk(app, table, cuts, "rummy65 pass-and-play")
    finally:
        table.match.close()
    table = host(app, "rummy65")
    try:
        found += walk(app, table, cuts, "rummy65 open to friends")
        found += walk(app, table, cuts, "rummy65 open to friends",
                      lambda: friend_states(table, monkeypatch))
    finally:
        table.match.close()
        while app.stack:
            app.pop()
    assert not found, f"{len(found)} cut:\n" + "\n".join(found[:30])


def test_the_shorter_forms_keep_every_word_whole():
    """Too little room for "Computer · Medium": "CPU · Medium", then "Medium", in the
    current language; each form whole. Words that fit are never shortened."""
    theme.set_access(False, "normal")
    size = theme.px(13)
    for lang, full, shorter, level in (("en", "Computer · Medium", "CPU · Medium", "Medium"),
                                       ("fr", "Ordinateur · Moyen", "Ordi · Moyen", "Moyen")):
        i18n.set_language(lang)
        sub = Msg("Computer · {level}", level=Msg(LEVEL_WORDS["medium"]))
        assert [i18n.tr(f) for f in plate_forms(sub)] == [full, shorter, level]
        wide = theme.text_size(full, size)[0]
        assert plate_line(sub, size, wide) == (full, size)
        assert plate_line(sub, size, wide - 1) == (shorter, size)
        assert plate_line(sub, size, theme.text_size(shorter, size)[0] - 1) == (level, size)
    i18n.set_language("fr")
    assert i18n.tr(plate_forms("Waiting for a friend")[-1]) == "Attendu"
    assert [i18n.tr(f) for f in plate_forms("Silent · a computer plays")] == [
        "Muet · l’ordinateur joue", "Muet · ordi", "Muet"]


def test_larger_text_is_given_up_before_a_word_is_cut():
    """With the largest text, where no form fits, the type comes down (to the normal
    size at least) before anything is cut; where nothing fits even so, the shortest form
    is cut (nothing else is left)."""
    theme.set_access(False, "larger")
    i18n.set_language("en")
    size = theme.px(13)
    sub = Msg("Computer · {level}", level=Msg(LEVEL_WORDS["hard"]))
    room = theme.text_size("Hard", size)[0] - 2
    text, least = plate_line(sub, size, room)
    assert text == "Hard" and least < size
    assert theme.text_size(text, least)[0] <= room
    text, least = plate_line(sub, size, 8)
    assert text.endswith("…") and least < size


def test_the_plate_s_words_fit_the_plate_drawn_for_them():
    """A plate of the top row at 1920x1080, French, largest text, draws a whole line (the
    newcomer's table): "Ordinateur · Moyen" a little smaller, not shortened; and the plate
    keeps its width whatever form its line takes."""
    app = App(size=(1920, 1080), settings={"sound": False, "animation_speed": "off",
                                           "language": "fr", "text_size": "larger"},
              settings_path=None)
    table_mod.install(app)
    table = deal(app, "rummy65", ["You", *SHORT], ["human"] + ["computer"] * 7)
    drawn: dict[int, str] = {}
    try:
        line = table.plate_line

        def record(sub, size, room):
            out = line(sub, size, room)
            drawn[len(drawn)] = out[0]
            return out

        table.plate_line = record
        table._panel_cache.clear()
        bounds = pygame.Rect((0, 0), app.size)
        widths = [table.plate_rect(s, bounds).width for s in range(8)]
        table._draw_plates(app.screen)
        words = set(drawn.values())
        assert "Ordinateur · Moyen" in words      # where it fits, whole
        assert words <= {"Ordinateur · Moyen", "Ordinateur · Difficile", "Ordinateur · Facile",
                         "Ordinateur · Expert", "Ordi · Moyen", "Ordi · Difficile",
                         "Ordi · Facile", "Ordi · Expert", "Votre place", "Votre tour"}, words
        assert not any(w.endswith("…") for w in words), words
        # a type a little smaller (the larger text size) keeps every word whole here
        assert not any(w.startswith("Ordi ·") for w in words), words
        assert [table.plate_rect(s, bounds).width for s in range(8)] == widths
    finally:
        table.match.close()


@pytest.mark.parametrize("size", [(800, 500), (1280, 720), (1920, 1080)],
                         ids=["800x500", "1280x720", "1920x1080"])
def test_the_dealer_s_chip_covers_no_letter_of_a_long_name(size):
    """The "D" chip on the plate's top edge sat over the last letters of a name that
    filled its plate ("WWWWWWWWWWWWWWWWWW", 18 letters: "WWWWWWW…" ran 8 px under the
    chip, 20 px across, at 1280x720; 9 at 800x500); on the bottom edge it sat over the line
    under the name (800x500: "Computer · Medium" 6 px under it). Each
    text drawn on the plate now ends short of the chip, shortened with "…" where needed,
    whichever edge the chip takes, at every text size."""
    app = App(size=size, settings={"sound": False, "animation_speed": "off"},
              settings_path=None)
    table_mod.install(app)
    wide = "W" * NAME_LENGTH
    table = deal(app, "rummy65", ["You", wide, "Margot", "Theo"], ["human"] + ["computer"] * 3)
    overlaps = []
    try:
        text = table.text
        for text_size in ("normal", "large", "larger"):
            app.set_setting("text_size", text_size)
            app.step([], DT)
            for chip in ("top", "bottom"):
                drawn: list[tuple[str, pygame.Rect]] = []

                def record(surface, words, pos, size, *args, drawn=drawn, **kwargs):
                    out = text(surface, words, pos, size, *args, **kwargs)
                    drawn.append((words, theme.font(size, kwargs.get("bold", False)).size(words),
                                  pos, kwargs.get("anchor", "topleft")))
                    return out

                table.text = record
                rect = table.plate_rect(1, pygame.Rect((0, 0), app.size))
                pad = theme.px(10)
                inner = pygame.Rect(pad, pad, *rect.size)
                _, badge = table.plate_parts(inner, 0, chip, pad)
                table._render_plate(rect.size, pad, wide, table.plate_words(1), 0, False, chip,
                                    (200, 80, 80))
                table.text = text
                for words, (w, h), pos, anchor in drawn:
                    box = pygame.Rect(0, 0, w, h)
                    setattr(box, anchor, pos)
                    if box.colliderect(badge):
                        overlaps.append(f"{text_size} {chip}: {words!r} {box} over {badge}")
                names = [words for words, *_ in drawn if words.startswith("W")]
                assert names and names[0].endswith("…"), names
    finally:
        table.match.close()
        app.set_setting("text_size", "normal")
    assert not overlaps, "\n".join(overlaps)
