"""The card table: the one scene every game is played in.

The scene owns the sprites, the zones they lie in, the queue of engine events being
animated, the input (drag a card to the table, or double-click it; drag within the hand
to re-order), the name plates, score panel, log, captions and toasts. What is particular
to a game (geometry, what each event moves, what a drop means) lives in its
:mod:`cardtable.ui.tables` module, which talks to the scene through the protocol
:class:`cardtable.ui.tables.host.TableHost`.

The package, one concern a module:

* :mod:`.scene`    the scene: state, life cycle, zones, the frame (update, draw)
* :mod:`.timeline` the queue of engine events, the end of a deal and of the match
* :mod:`.handover` pass-and-play: hiding hands, the hand-over screen
* :mod:`.controls` buttons, the legal moves, hints, undo, leaving
* :mod:`.hud`      name plates, score panel, log, captions, toasts, the last trick
* :mod:`.layer`    the cached surface of the felt and the cards at rest
* :mod:`.inputs`   pointer and keys; a human move goes through ``try_action``
* :mod:`.words`    the sentence for each refusal code of the engine
* :mod:`.launch`   starting and continuing matches (``install``, ``start_match``)

After each deal the table pushes the shell's summary screen (the screen named "summary",
built with ``(table, event)``), where ``event`` is the ``deal_scored`` data as the viewer
sees it and ``table.match`` holds the seats and ``state.score_sheet``; popping it resumes
the table. At the end of the match it pushes "match_end" with the ``match_over`` data.

The engine is always ahead of the picture: a move is applied at once, and its events are
queued and animated one after another. A human may act only when the queue is empty; a
computer's move is asked for (``match.poll``) only then, so its pause starts once the
previous move has been seen. A click while cards are moving skips ahead.
"""

from __future__ import annotations

from cardtable.ui.scenes.table.hud import FADE_IN, FADE_OUT
from cardtable.ui.scenes.table.inputs import DOUBLE_CLICK, DRAG_START
from cardtable.ui.scenes.table.launch import MatchDesk, install, show_table, start_match
from cardtable.ui.scenes.table.scene import PACE, PANEL_CACHE, PULSE_SECONDS, TEXT_CACHE, TableScene
from cardtable.ui.scenes.table.words import LEVEL_WORDS, MESSAGES, friendly

__all__ = ["TableScene", "MatchDesk", "install", "start_match", "show_table", "friendly",
           "MESSAGES", "LEVEL_WORDS", "PACE", "PANEL_CACHE", "TEXT_CACHE",
           "PULSE_SECONDS", "DOUBLE_CLICK", "DRAG_START", "FADE_IN", "FADE_OUT"]
