"""The queue of engine events being animated, and the end of a deal or of the match.

The engine is always ahead of the picture: a move is applied at once and its events wait
in ``self.timeline``; ``_handle`` shows one event (the game's table moves the cards) and
says how long to hold before the next. After a deal the shell's summary screen is pushed
over the table; at the end of the match the match-end screen.
"""

from __future__ import annotations

from cardtable.engine.core import DealResult
from cardtable.i18n import Msg
from cardtable.ui import session
from cardtable.ui.scenes.matchend import winner_text
from cardtable.ui.scenes.table.logline import LogLine


class EventQueue:
    """Part of :class:`TableScene`: showing the engine's events one after another."""

    def _handle(self, event) -> float:
        if self.hotseat and event.kind in ("dealt", "deal_scored", "match_over"):
            self.conceal()   # a new deal is dealt face down; summaries show no hand
            # everybody read the summary: whoever plays first next, even the one who
            # played last, is handed the screen (their new hand showed to all at once)
            self.last_person = None
        ev = event.for_seat(self.secret_for)
        kind = ev["kind"]
        # with several people the log is public: it names players and shows no secret
        shown = event.for_seat(None) if self.hotseat else ev
        line = self.game.describe(shown)
        if line:
            self.say(LogLine(line, shown))      # (said again if a seat's name changes)
        if kind in ("deal_scored", "match_over"):
            self.speak_event(ev, line)      # said before the summary opens over the table
        if kind == "deal_scored":
            self.scores_from(ev)
            self.deal_rows.append(ev)
            if session.daily_date(self.match) is not None:
                # the daily deal is one deal: its result ends it (the next deal the engine
                # dealt is never shown)
                self.timeline.queue.clear()
                self.finished = True
                self._show_match_end(ev)
                return 0.0
            return self._show_summary(ev)
        if kind == "match_over":
            self.finished = True
            self._show_match_end(ev)
            return 0.0
        if kind == "dealt":
            self.dealer = ev.get("dealer", self.dealer)
            self.manual_order = False
        hold = self.game.handle(ev) or 0.0
        self.speak_event(ev, line)          # after the cards moved (a trick won: its cards)
        if not self.timeline.queue and not self.waiting:
            self.turn = self.match.to_act   # the picture has caught up with the engine
        return hold

    def queue_blocked(self) -> bool:
        """The queue waits: an overlay is up, or (speech on) the sentence of the event
        before is still being said."""
        return self.waiting or self.speech_busy()

    def scores_from(self, ev: dict) -> None:
        self.scores = list(self.match.state.match_scores) if self.match.is_over else \
            self._add_scores(ev)

    def _add_scores(self, ev: dict) -> list[int]:
        """Every seat's match score after the deal ``ev`` scored (its typed result)."""
        return list(DealResult.from_event(ev).totals)

    def _show_summary(self, ev: dict) -> float:
        """The shell's end-of-deal summary over the table (or a caption without it)."""
        self.summaries.append(ev)
        # a chime when the deal won the person game points
        mine = DealResult.from_event(ev).change[self.viewer] \
            if self.match.spec.score_unit == "game_points" else 0
        if mine and self.match.is_human(self.viewer):
            self.play_sound("chime")
        if self.app is None:    # a table without the shell: a caption instead
            self.show_caption(self.game.deal_result(ev), 3.0)
            return 3.0
        self.waiting = True
        # the deal's last words (a claim, a last trick) are the summary's now: they would
        # stand over the next deal's dealing when it closes
        self.caption = None
        self.toast = None
        self.app.open("summary", self, ev)
        return 0.0

    def _show_match_end(self, ev: dict) -> None:
        self.scores = list(self.match.state.match_scores)
        if self.app is None:    # a table without the shell: a caption instead
            self.show_caption(self.match_result_text(), 30.0)
            return
        self.waiting = True
        self.app.open("match_end", self, ev)

    def match_result_text(self) -> Msg:
        return winner_text(self.match.state.winners, [s.name for s in self.match.seats],
                           self.match.game_id, list(self.match.human_seats))

    @property
    def idle(self) -> bool:
        """Nothing queued and nothing waiting: the picture shows the engine's state."""
        return self.timeline.idle and not self.waiting

    @property
    def settled(self) -> bool:
        return self.idle and not any(s.tween is not None for s in self.sprites)

    def skip(self) -> None:
        """A click while cards move: jump to the end of what is queued."""
        self._skipping = True
        try:
            self.timeline.skip(stop=lambda e: getattr(e, "kind", "") in ("deal_scored",
                                                                          "match_over"))
        finally:
            self._skipping = False
        self.sprites.finish()
        self._sounds_due.clear()
