"""Learn to play through the real table scene: every game's lesson played to its end by
posted mouse events, in English and in French, with each step's lit things on screen and
clear of the coach's panel; a move that is not the lesson's refused with the step's words,
an illegal one with the engine's; Why?, Back, Play on my own; the menu's entry and the
offer on a person's first match of a game."""

from __future__ import annotations

import time

import pygame
import pytest

from cardtable import i18n, lessons, storage
from cardtable.engine.core import Action
from cardtable.i18n import tr
from cardtable.lessons import fits, is_legal
from cardtable.speech import RecordingBackend
from cardtable.ui.app import App
from cardtable.ui.scenes.lesson import LessonScene
from cardtable.ui.scenes.table import launch
from tests.ui.conftest import frames, press
from tests.ui.test_table import mouse

DT = 1 / 60
GAMES = lessons.games_with_lessons()


def make_app(tmp_path=None, language="en", size=(1280, 720), **settings):
    path = None if tmp_path is None else tmp_path / "settings.json"
    app = App(size=size, settings={"sound": False, "animation_speed": "off",
                                   "language": language, **settings}, settings_path=path)
    i18n.set_language(language)
    if tmp_path is not None:
        app.data_dir = tmp_path / "data"      # a person's computer: the offer is made
    launch.install(app)
    app.reset(app.build("menu"))
    return app


def click(app, pos):
    """Press and release at ``pos`` within one frame (as a quick click lands)."""
    app.step([mouse(pygame.MOUSEBUTTONDOWN, pos), mouse(pygame.MOUSEBUTTONUP, pos)], DT)


def double_click(app, pos):
    click(app, pos)
    click(app, pos)


def press_button(app, table, label) -> bool:
    b = table.button(label)
    if b is None or not b.visible or not b.enabled:
        return False
    click(app, b.rect.center)
    return True


def grab(sprite):
    r = sprite.rect()
    return (r.left + max(4, r.width // 8), r.top + r.height // 3)


def sprite_of(table, code):
    for zone in table.game.own_zones():
        for s in table.zones.get(zone, []):
            if s.code == code:
                return s
    return None


def wait_ready(app, table, timeout=30.0):
    """Frames until the step waits for the person (or the lesson's deal is over)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if app.top is not table:
            app.pop()               # the summary of the deal
            continue
        if table.ended or table.step_ready() or not table.coaching() and table.my_turn():
            return
        app.step([], DT)
        time.sleep(0.0005)
    raise AssertionError(f"step {table.coach.index} never became ready")


def perform(app, table, action: Action) -> None:
    """Make ``action`` through the table as a person would: a button of the game (twice
    when the game asks again), its place (a pile), the cards chosen then a button, or a
    card double-clicked."""
    before = (len(table.match.moves), table.coach.index)

    def done():
        return (len(table.match.moves), table.coach.index) != before

    def buttons():
        for label, act, *_ in table.game.controls(table.legal):
            if isinstance(act, Action) and fits(action, act):
                return label
        return None

    label = buttons()
    if label is None and action.kind in {a.kind for a in table.legal} and \
            table.game.hint_focus(action) is not None:
        k = table.keys.target(table.game.hint_focus(action))
        if k is not None:
            click(app, k.rect.center)
            if done():
                return
    if label is None:
        cards = list(action.cards or ()) + [c for m in action.melds or () for c in m]
        if cards:
            if action.melds:                       # a rummy: its own arrangement
                press_button(app, table, "Arrange for me")
            else:
                for code in cards:
                    click(app, grab(sprite_of(table, code)))
            label = buttons()
    if label is not None:
        for _ in range(2):                         # a second press where the game asks
            if done() or not press_button(app, table, label):
                break
        if done():
            return
    if action.card is not None and sprite_of(table, action.card) is not None:
        double_click(app, grab(sprite_of(table, action.card)))
        if done():
            return
    # a button whose move is the game's own step (Sixty-Six's claim below 66)
    for label, act, *_ in table.game.controls(table.legal):
        if callable(act) and tr(label) == tr("Claim 66") and action.kind == "claim":
            for _ in range(2):
                press_button(app, table, label)
                if done():
                    return
    raise AssertionError(f"could not make {action} at step {table.coach.index}")


def check_lights(table):
    """Every thing the step lights is on the screen, and the coach's panel covers none."""
    step = table.coach.step
    lit = table.lit()
    names = {n for n, _ in lit}
    for name in step.light:
        assert name in names, f"step {table.coach.index}: {name} is not on the screen"
    screen = pygame.Rect((0, 0), table.size)
    for name, rect in lit:
        assert screen.contains(rect), (name, rect)
        assert not table.panel.rect.colliderect(rect.inflate(-8, -8)), \
            f"step {table.coach.index}: the coach's panel covers {name}"


def a_move_not_the_lessons(table):
    step = table.coach.step
    for action in table.match.legal_actions():
        if not any(fits(e, action) for e in step.expect):
            return action
    return None


def lesson_steps(app, table):
    """The lesson played through the table to the end of its deal: yields each step the
    coach leads once it waits for the person, then makes it (Next or Play on for a step to
    read, the step's first expected move otherwise); the rest of a deal played alone, the
    first legal move each time."""
    guard = 0
    while not table.ended:
        guard += 1
        assert guard < 400
        wait_ready(app, table)
        if table.ended:
            break
        if not table.coaching():           # the rest of the deal, played alone
            perform(app, table, table.match.legal_actions()[0])
            continue
        step = table.coach.step
        yield step
        if step.reading:
            assert press_button(app, table, "Play on" if step.alone else "Next")
        else:
            perform(app, table, step.expect[0])


def play_lesson(app, table, tries=True):
    """Every step through the table; returns the number of moves the lesson refused."""
    refused = 0
    for step in lesson_steps(app, table):
        check_lights(table)
        assert tr(step.say) in tr(table.words())
        if step.reading:
            continue
        for expected in step.expect:
            assert is_legal(table.match.state, expected), (table.coach.index, expected)
        if tries:
            other = a_move_not_the_lessons(table)
            if other is not None:
                index, moves = table.coach.index, len(table.match.moves)
                assert not table.try_action(other)
                assert (table.coach.index, len(table.match.moves)) == (index, moves)
                assert table.note is not None and table.note[1]
                refused += 1
    return refused


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_to_its_end_by_posted_events(game, language):
    app = make_app(language=language)
    table = app.open("lesson", game)
    assert isinstance(table, LessonScene)
    refused = play_lesson(app, table)
    assert refused > 0
    assert table.ended and table.coach.finished
    assert len(table.match.state.score_sheet) == 1
    # the summary of the deal, then the coach's last buttons, and nothing more is played
    if app.top is not table:           # (a deal played alone: its summary was closed)
        assert app.top.__class__.__name__ == "SummaryScene"
        app.pop()
    app.step([], DT)
    assert table.button("Play a match") is not None
    assert not table.my_turn()
    i18n.set_language("en")


def test_an_illegal_move_gets_the_engines_words_and_another_try():
    app = make_app()
    table = app.open("lesson", "sixtysix")
    # to the step after closing, where a heart on the king of diamonds is against the rules
    while table.coach.step.expect[:1] != (Action("play", card="AD"),):
        wait_ready(app, table)
        step = table.coach.step
        if step.reading:
            press_button(app, table, "Next")
        else:
            perform(app, table, step.expect[0])
    wait_ready(app, table)
    hand = sprite_of(table, "AH")
    double_click(app, grab(hand))
    assert table.note is not None and "suit" in tr(table.note[0]).lower()
    assert table.coach.step.expect[0] == Action("play", card="AD")
    # the nine of diamonds is legal but not the lesson's: the step's own words, in the
    # coach's panel only (not also the table's message about clicking the card)
    double_click(app, grab(sprite_of(table, "9D")))
    assert "nine of diamonds" in tr(table.note[0]) and table.toast is None
    perform(app, table, Action("play", card="AD"))


def test_why_back_and_playing_on_alone():
    app = make_app()
    table = app.open("lesson", "sixtysix")
    wait_ready(app, table)
    assert table.button("Back").enabled is False
    press_button(app, table, "Why?")
    assert table.note == (table.coach.step.why, False)
    press_button(app, table, "Next")
    wait_ready(app, table)
    perform(app, table, Action("play", card="JC"))
    wait_ready(app, table)
    assert table.coach.index == 2 and len(table.match.moves) == 3
    log_before = list(table.log)
    assert table.game.last_trick() is not None
    # Backspace goes back to the start of the step before: the jack of clubs in hand again
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="",
                                 scancode=0)], DT)
    assert table.coach.index == 1 and table.match.moves == []
    assert sprite_of(table, "JC") is not None
    # and nothing of the trick taken back is left: not in the log, not as the last trick
    assert table.game.last_trick() is None
    assert len(table.log) < len(log_before) and list(table.log) == log_before[:len(table.log)]
    wait_ready(app, table)
    press_button(app, table, "Play on my own")
    assert not table.coaching() and table.button("Why?") is None
    assert table.hint_offered()
    # any legal move now, and the computer answers with its own
    perform(app, table, Action("play", card="9H"))
    deadline = time.monotonic() + 20
    while not table.my_turn() and not table.ended and time.monotonic() < deadline:
        app.step([], DT)
    assert len(table.match.moves) >= 2


def test_the_menu_offers_learn_to_play():
    app = make_app()
    menu = app.top
    b = menu.widget("Learn to play")
    assert b is not None
    click(app, b.rect.center)
    picker = app.top
    assert picker.widget("sixtysix") is not None
    click(app, picker.widget("sixtysix").rect.center)
    assert isinstance(app.top, LessonScene)
    # Esc asks before leaving; leaving goes back to the menu, and nothing was saved
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="",
                                 scancode=0)], DT)
    assert tr(app.top.question) == "Leave the lesson?"
    app.top.confirm()
    assert app.top.__class__.__name__ == "MenuScene"
    assert app.table is None and not app.has_match_in_progress()


def config(game="sixtysix"):
    return {"game": game, "players": 2, "options": {},
            "seats": [{"name": "Ann", "kind": "human"},
                      {"name": "Bot", "kind": "computer", "level": "easy"}]}


def test_the_first_match_of_a_game_offers_the_lesson_once(tmp_path):
    app = make_app(tmp_path)
    app.start_match(config())
    offer = app.top
    assert tr(offer.yes_text) == "Learn to play"
    offer.cancel()                                 # No thanks
    assert app.settings["lessons"] == {"sixtysix": "declined"}
    assert app.table is not None and app.table.match.game_id == "sixtysix"
    # never again, even in a new run with the settings file
    saved, problem = storage.load_settings(tmp_path / "settings.json")
    assert problem is None and saved["lessons"] == {"sixtysix": "declined"}
    again = make_app(tmp_path / "again", lessons=saved["lessons"])
    again.start_match(config())
    assert again.table is not None and again.top is again.table


def test_taking_the_offered_lesson_then_plays_the_match_set_up(tmp_path):
    app = make_app(tmp_path)
    app.start_match(config())
    app.top.confirm()
    table = app.top
    assert isinstance(table, LessonScene) and table.then == config()
    assert app.settings["lessons"] == {"sixtysix": "taken"}
    press_button(app, table, "Skip lesson")
    assert app.table is not None and app.top is app.table
    assert app.table.match.names() == ["Ann", "Bot"]


def test_no_offer_for_a_game_already_played(tmp_path):
    app = make_app(tmp_path)
    app.stats = {"sixtysix": {"easy": {"played": 1, "won": 0}}}
    app.start_match(config())
    assert app.top is app.table


def to_step(app, table, index: int) -> None:
    """Through the lesson's own moves to its step ``index`` (from 0), ready."""
    for _ in range(400):
        wait_ready(app, table)
        if table.coach.index == index:
            return
        step = table.coach.step
        if step.reading:
            press_button(app, table, "Next")
        else:
            perform(app, table, step.expect[0])
    raise AssertionError(f"step {index} never came (at step {table.coach.index})")


def shown(table) -> str:
    """Everything the coach's panel says now."""
    note = table.note
    return " | ".join(tr(x) for x in (table.heading(), table.recap_now() or "", table.words(),
                                      note[0] if note else "") if x)


def test_what_a_move_did_is_said_only_once_the_table_has_shown_it():
    app = make_app(animation_speed="normal")
    rec = RecordingBackend()
    app.narrator.use(rec)
    app.narrator.speaker.seconds = lambda text: 0.0
    table = app.open("lesson", "sixtysix")
    to_step(app, table, 1)
    step = table.coach.step
    after = tr(step.after)                 # "Marta took your jack with her ace of clubs..."
    perform(app, table, step.expect[0])
    watched = False
    for _ in range(3000):
        if after in shown(table):
            break
        assert not any(after in text for text in rec.said)
        watched |= table.replying() and "Marta" in tr(table.words())
        if table.replying():            # the next step's why waits for the step
            assert not table.button("Why?").enabled
        app.step([], DT)
    else:
        raise AssertionError("what the move did was never said")
    # while Marta played the coach said to watch her; what her ace did came once every
    # card was at rest and the next step ready, said once (not also as the step's words)
    assert watched
    assert table.settled and table.step_ready() and not table.timeline.queue
    assert tr(table.recap_now()) == after and table.note is None
    assert shown(table).count(after) == 1
    assert any(after in text and tr(table.coach.step.say) in text and not interrupt
               for _kind, text, interrupt, *_ in [x for x in rec.log if x[0] == "speak"])
    # said in the order it is seen: the person's card, whom to watch, her card, the words
    said = rec.said
    order = [next(i for i, t in enumerate(said) if part in t) for part in (
        "You: jack of clubs", "Watch the table: Marta plays.", "Marta: ace of clubs", after)]
    assert order == sorted(order), said


@pytest.mark.parametrize("by", ["button", "key"])
def test_a_wrong_claim_is_refused_at_its_first_press_with_why(by):
    app = make_app()
    table = app.open("lesson", "sixtysix")
    example = next(i for i, s in enumerate(table.lesson.steps) if s.example)
    to_step(app, table, example)
    moves = len(table.match.moves)
    if by == "button":
        assert press_button(app, table, "Claim 66")          # once
    else:
        press(app, pygame.K_c)                                # once
        frames(app, 5)
    assert table.coach.index == example + 1 and len(table.match.moves) == moves
    # why it is a mistake comes first, in red, above the next step's words
    why = tr(table.lesson.steps[example].after)
    assert table.recap == (table.lesson.steps[example].after, example + 1, True)
    assert shown(table).index(why) < shown(table).index(tr(table.coach.step.say))
    assert table.match.state.points(0) < 66 and not table.ended


def test_the_summary_and_the_coachs_last_words_come_one_at_a_time():
    app = make_app()
    rec = RecordingBackend()
    app.narrator.use(rec)
    app.narrator.speaker.seconds = lambda text: 0.0
    table = app.open("lesson", "sixtysix")
    to_step(app, table, len(table.lesson.steps) - 1)
    perform(app, table, table.coach.step.expect[0])       # the right claim ends the deal
    for _ in range(600):
        if app.top is not table:
            break
        app.step([], DT)
    assert app.top.__class__.__name__ == "SummaryScene"
    app.step([], DT)
    # the coach waits behind the summary: neither its panel nor its buttons are drawn
    assert table.covered()
    assert all(not b.visible for b in table._coach_widgets)
    assert not any(tr(table.lesson.end or "That is the whole lesson") in t for t in rec.said)
    app.pop()
    app.step([], DT)
    assert not table.covered() and table.button("Play a match").visible
    assert table.keys.target(table.keys.focus).widget is table.button("Play a match")
    last = tr(table.lesson.steps[-1].after)
    assert last in shown(table)                # what the claim did, above the last words
    assert any(last in t and "whole lesson" in t for t in rec.said)


def test_a_computer_held_while_the_coach_is_read_is_not_shown_thinking():
    """At the last step to read (the rest of the deal left to the person), the computers
    wait for the person to go on: the plate of the one to play says who plays it, not
    "Thinking…"; once the person goes on, it thinks and plays."""
    app = make_app()
    table = app.open("lesson", "japanese65")
    last = len(table.lesson.steps) - 1
    to_step(app, table, last)
    frames(app, 10)
    seat = table.match.to_act
    assert not table.match.is_human(seat) and table.match.computers_wait()
    assert "Thinking" not in tr(table.plate_words(seat))
    moves = len(table.match.moves)
    assert press_button(app, table, "Play on")
    # the computer thinks in a thread (still busy, on a loaded machine, with the jobs of
    # the lessons played before): waited for by the clock, not a count of frames
    deadline = time.monotonic() + 15.0
    while len(table.match.moves) == moves and time.monotonic() < deadline:
        frames(app, 1)
        time.sleep(0.001)
    assert len(table.match.moves) > moves and not table.match.computers_wait()


def test_the_tables_own_line_of_what_to_do_waits_while_the_coach_says_it(monkeypatch):
    """pairs65's line by the piles ("Your turn: click the draw pile…") is not drawn beside
    the coach's panel, which says what to do; once the person plays on alone it is."""
    app = make_app()
    table = app.open("lesson", "pairs65")
    drawn: list[str] = []
    monkeypatch.setattr(type(table.game), "_draw_hint",
                        lambda self, surface, hint: drawn.append(tr(hint)))
    index = 0
    while not table.game.hint():
        index += 1
        to_step(app, table, index)
    frames(app, 3)
    assert table.coached and drawn == []
    assert press_button(app, table, "Play on my own")
    for _ in range(600):            # (once the toast that says so has gone)
        frames(app, 1)
        if drawn:
            break
    assert not table.coached and table.game.hint() and drawn


def test_a_card_the_coach_lights_has_no_hint_tag_of_its_own():
    """The coach's panel says why a card is lit: the card rises and glows with its pointer
    as a hint's does, but the green "Hint" word a hint asked for carries is not drawn."""
    app = make_app()
    table = app.open("lesson", "sixtysix")
    index = 0
    while not table.hint_cards:
        index += 1
        to_step(app, table, index)
        frames(app, 3)
    assert table.coached and table.my_turn()
    assert table.hint_tag_rect is None
