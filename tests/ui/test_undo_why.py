"""A greyed Undo says why: on hover (a line under it), on focus (said with its name), and
when pressed (a message, said too). It was greyed in the trick games with no word."""

from __future__ import annotations

import pygame

from cardtable.i18n import tr

from .test_keyboard import K, go_to, key, start, wait_turn
from .test_speech_play import listen
from .test_table import DT, mouse

NOTHING_YET = "Nothing to take back yet: you have not played in this deal."
SEEN = "Your last move can no longer be taken back: new cards have been seen since."


def hover_lines(app, table, pos) -> list[str]:
    """The texts drawn in panels in the frame after the pointer moves to ``pos``."""
    seen: list[str] = []
    pill = table.pill

    def spy(surface, text, *args, **kwargs):
        seen.append(tr(text))
        return pill(surface, text, *args, **kwargs)

    table.pill = spy
    try:
        app.step([mouse(pygame.MOUSEMOTION, pos, rel=(1, 0), buttons=(0, 0, 0))], DT)
    finally:
        del table.pill
    return seen


def play(table) -> None:
    """Ann plays her first card allowed."""
    action = next(a for a in table.match.legal_actions() if a.kind == "play")
    assert table.try_action(action)


def test_a_greyed_undo_says_why_on_hover_focus_and_press():
    app, table = start("sixtysix", 2, seed=5)
    assert wait_turn(app, table)
    rec = listen(app)
    undo = table.button("Undo")
    assert undo is not None and not undo.enabled
    assert tr(undo.why_not) == NOTHING_YET
    # the pointer on it: the reason under it
    assert NOTHING_YET in hover_lines(app, table, undo.rect.center)
    assert NOTHING_YET not in hover_lines(app, table, (5, table.size[1] // 2))
    # the keyboard reaches it, and its name is said with the reason
    go_to(app, table, "button:Undo")
    assert table.spoken_focus() == f"Undo, unavailable: {NOTHING_YET}"
    app.step([], DT)
    assert any(NOTHING_YET in s for s in rec.said), rec.said
    n = len(table.match.moves)
    key(app, K.K_RETURN)                       # pressed: shown and said, nothing undone
    assert tr(table.toast[0]) == NOTHING_YET and len(table.match.moves) == n
    table.match.close()


def test_after_new_cards_were_seen_undo_says_so():
    app, table = start("sixtysix", 2, seed=5)
    for _ in range(8):                         # play until a move of Ann's cannot go back
        assert wait_turn(app, table)
        undo = table.button("Undo")
        if table.match.history and any(s == table.viewer for s, _a, _e in
                                       table.match.history) and not undo.enabled:
            break
        play(table)
    else:
        raise AssertionError("Undo never greyed after a move")
    assert tr(table.button("Undo").why_not) == SEEN
    table.match.close()


def test_a_greyed_undo_clicked_says_why_once():
    """Clicked, the reason was shown twice: in the message and in the pill under the
    button (over a name plate). The message says it; the pill goes while it shows."""
    app, table = start("sixtysix", 2, seed=5)
    assert wait_turn(app, table)
    undo = table.button("Undo")
    assert undo is not None and not undo.enabled
    pos = undo.rect.center
    assert hover_lines(app, table, pos).count(NOTHING_YET) == 1      # the pill alone
    rec = listen(app)
    app.step([mouse(pygame.MOUSEBUTTONDOWN, pos, button=1)], DT)
    app.step([mouse(pygame.MOUSEBUTTONUP, pos, button=1)], DT)
    assert tr(table.toast[0]) == NOTHING_YET
    assert any(NOTHING_YET in s for s in rec.said), rec.said       # and it is said
    assert hover_lines(app, table, pos).count(NOTHING_YET) == 1      # the message alone
    table.match.close()


def test_a_move_taken_back_leaves_the_log_as_the_deal_is():
    app, table = start("sixtysix", 2, seed=5)
    assert wait_turn(app, table)
    before = list(table.log)
    play(table)
    for _ in range(200):                       # the move shown, the computer's answer too
        if table.can_undo() and len(table.log) > len(before):
            break
        app.step([], DT)
    assert table.can_undo() and len(table.log) > len(before)
    assert table.undo()
    # the log is the deal so far again, then the words that the move was taken back
    assert [tr(line) for line in table.log] == [tr(line) for line in before] + \
        ["Move taken back."]
    table.match.close()


def test_ctrl_z_where_undo_is_off_says_why():
    """Two people at one table (and a table over the network, where the match has no undo
    seat either): Ctrl+Z did nothing and said nothing."""
    from cardtable.engine import registry
    from cardtable.match import Match, Seat
    from cardtable.ui.scenes import table as table_mod
    from cardtable.ui.scenes.table import TableScene

    from .test_keyboard import make_app

    state = registry.get("sixtysix").new_match(players=2, seed=5)
    match = Match("sixtysix", [Seat("Ann"), Seat("Bert")], state=state, seed=5, pace=0)
    app = make_app()
    table = table_mod.show_table(app, TableScene(match, pace=0.0, sound=False))
    try:
        assert match.undo_seat is None
        for _ in range(30):
            app.step([], DT)
        for _ in range(5):              # past the hand-over screen, to the table
            if app.top is table:
                break
            key(app, K.K_RETURN)
            for _ in range(10):
                app.step([], DT)
        assert app.top is table
        n = len(match.moves)
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL,
                                     unicode="\x1a", scancode=0)], DT)
        assert table.toast is not None and "alone against computers" in tr(table.toast[0])
        assert len(match.moves) == n
    finally:
        match.close()
