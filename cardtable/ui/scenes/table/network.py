"""Network play at the table: what the host's table or a friend's copy is told (a friend
came or went, was silent too long, came back to their seat, was sent away; a move the host
refused; the table closed; back at their seat, the moves a computer played for them), the
log's lines said again when a seat's name changes, the host's buttons for a seat the match
waits at (let a computer play it, send its friend away) and the host's row in the score
panel with the table code, address and port."""

from __future__ import annotations

import logging

from cardtable import i18n
from cardtable.engine import registry
from cardtable.engine.core import ConfigError
from cardtable.i18n import N_, Msg, NMsg
from cardtable.net import protocol
from cardtable.net.again import rematch
from cardtable.net.hosted import SLOW_SECONDS, HostedMatch
from cardtable.ui import netplay, session
from cardtable.ui.app import sooner
from cardtable.ui.netplay import table_label, table_server, words
from cardtable.ui.scenes.table.logline import renamed
from cardtable.ui.scenes.table.showing import show_table
from cardtable.ui.scenes.table.words import friendly

#: the events that end a deal or the match: out of sight, play stops there for the person
DEAL_ENDS = ("deal_scored", "match_over")

#: how often the host, in their menu while friends wait for them at the table, is told
#: so again (seconds)
WAIT_REMINDER = 60.0

#: the ways a friend's table ends where the host may be back (its connection was lost,
#: not the table closed on purpose): the Join screen is offered, filled in with the table
COME_BACK = ("host_gone",)

log = logging.getLogger(__name__)


class Network:
    """Part of :class:`TableScene`: the notices of a match played over the network."""

    #: a friend's copy: its own seat's status as last told (it says when that changes)
    _own_status: str | None = "connected"

    def friends_here(self) -> int:
        """How many friends sit at this table hosted here, connected now (0 at any other);
        the menu asks before Quit without loading the network layer itself."""
        return netplay.friends_at(self.match)

    #: the seats' names the log's lines were last said with
    _log_names: tuple[str, ...] | None = None

    #: the table's clock when the host, out of sight, was last told friends wait for them
    #: (None: nobody waits)
    _wait_told: float | None = None

    def take_notices(self) -> None:
        for notice in self.match.take_notices():
            kind = notice.kind
            if kind in ("joined", "seats"):
                self.rename_log()
            if kind == "joined":
                self._legal_key = None        # the controls are made again (no Stand in)
                name = i18n.seat_name(self.match.seats[notice.seat].name)
                self.say(Msg("{name} joined the table.", name=name))
                self._notice(Msg("{name} joined the table.", name=name), 3.0)
            elif kind == "left":
                name = i18n.seat_name(self.match.seats[notice.seat].name)
                text = Msg("{name} left: a computer plays for them until they come back.",
                           name=name)
                self.say(text)
                self._notice(text, 4.0)
            elif kind == "refused":
                if notice.error is not None:
                    self.show_toast(self.game.refusal_text(notice.error)
                                    or friendly(notice.error, self._led_suit()))
                else:
                    self.show_toast(words(notice.code))
                self.relayout(0.28, zones=[f"hand{self.viewer}"])   # the card flies back
            elif kind == "resync":
                self._away_events, self._away_held = [], False
                self.timeline.queue.clear()
                self.clear_zones()
                self.game.sync(self.match.view(self.viewer))
                self.relayout(0.0)
                self._legal_key = None
                self.log.clear()             # the deal so far, as the host tells it
                self.log_match_so_far(spoken=False)
            elif kind == "bad_record":
                text = Msg("The host's record of that deal could not be read, so it has no "
                           "review here.")
                self.say(text)
                self._notice(text, 5.0)
            elif kind == "declined":       # asked to stay for a new match, they left
                name = i18n.seat_name(self.match.seats[notice.seat].name)
                self.say(Msg("{name} left the table.", name=name))
                self._notice(Msg("{name} left the table.", name=name), 4.0)
            elif kind in ("slow", "idle", "back", "sent_away"):
                self.seat_notice(kind, notice.seat, notice.code)
            elif kind == "seats":
                self.own_seat_notice()
            elif kind == "played_for":
                self.played_for_notice(notice.count)
            elif kind == "again":
                self.ask_to_stay(notice.code)
            elif kind == "again_seated":
                self.show_next_match()
            elif kind == "closed":
                self.table_closed(notice.code)

    def rename_log(self) -> None:
        """A seat's name changed (a friend joined under their own name, and the host's
        table or a friend's copy hears it): the log's lines of events say the names of
        now ("Ann deals", no longer the setup's "Friend 2 deals")."""
        names = tuple(seat.name for seat in self.match.seats)
        if names != self._log_names:
            self._log_names = names
            renamed(self.log, self.game.describe)

    def seat_notice(self, kind: str, seat: int | None, why: str = "") -> None:
        """The host's table: a friend was slow to move (the host's buttons come), is played
        by a computer until they move, took their seat back, or was sent away."""
        self._legal_key = None             # the host's buttons are made again
        if seat is None or kind == "slow":
            return
        name = i18n.seat_name(self.match.seats[seat].name)
        if kind == "idle" and why == "silent":
            text = Msg("{name} is silent: a computer plays for them until they move.",
                       name=name)
        elif kind == "idle":
            text = Msg("A computer plays for {name} until they move.", name=name)
        elif kind == "back":
            text = Msg("{name} moved: the seat is theirs again.", name=name)
        else:
            text = Msg("{name} was sent away: a computer plays the seat until a friend "
                       "takes it.", name=name)
        self.say(text)
        self._notice(text, 4.0)

    def own_seat_notice(self) -> None:
        """A friend's copy: the host gave this seat to a computer (silent too long), or it
        is this player's again; they are told once each time."""
        status = self.match.seat_status(self.viewer)
        if status == self._own_status:
            return
        self._own_status = status
        if status == "idle":
            text = N_("You were silent a long time, so a computer plays for you until you "
                      "make a move.")
            self.say(text)
            self._notice(text, 8.0)
        elif status == "connected":
            self.say(N_("Your seat is yours again."))

    def played_for_notice(self, count: int) -> None:
        """A friend's copy, back at its seat: how many moves a computer played for them
        while they were away (or silent), in the log and over the table."""
        if count <= 0:
            return
        text = NMsg("While you were away, a computer played {n} move for you.",
                    "While you were away, a computer played {n} moves for you.", count,
                    n=count)
        self.say(text)
        self._notice(text, 6.0)

    def _notice(self, text, seconds: float) -> None:
        """Who came or went: on the table, or over whatever screen covers it (its own
        message would wait there unseen, and show stale on return)."""
        if self.app is not None and self.app.top is not self:
            self.app.toast(text, seconds=seconds, kind="info")
        else:
            self.show_toast(text, seconds, kind="info")

    def waiting_seat(self) -> int | None:
        """The seat the match waits at because no friend has taken it yet, or its friend
        has not said whether they stay for this new match (None if none)."""
        seat = self.match.to_act
        if seat is None or self.match.is_over or not isinstance(self.match, HostedMatch):
            return None
        return seat if self.match.seat_status(seat) in ("empty", "asked") else None

    # ---- play again at a table over the network -----------------------------------------
    def play_again_here(self):
        """What the match end's Play again does at a table over the network (None: at a
        table played here alone, the usual new match)."""
        if table_server(self.match) is not None:
            return self.ask_host_again
        if getattr(self.match, "served", False):    # a server's table: nobody hosts it
            return self.ask_table_again
        if self.match.seat_status(self.viewer) is not None:     # a friend's copy
            return lambda: self.app.toast(N_("The host starts the next match: you will be "
                                             "asked whether you stay."), kind="info")
        return None

    def ask_host_again(self) -> None:
        """The host's Play again: asked first, then the same table deals a new match."""
        game = i18n.of_game(registry.get(self.match.game_id).name)
        self.app.open("confirm", N_("Play again at this table?"),
                      Msg("A new match of {of_game} starts at this table, with the same code. "
                          "The friends at the table are asked whether they stay.",
                          of_game=game),
                      N_("Play again"), self.play_again_hosted, no=N_("Cancel"))

    def play_again_hosted(self) -> None:
        app = self.app
        try:
            match = rematch(self.match)
        except (ConfigError, OSError):   # the game refused the setup, or the table's send
            log.exception("the new match at the table could not start")
            app.toast(N_("The new match could not start."), seconds=6.0, kind="bad")
            return
        show_table(app, type(self)(match))     # the old match lets the table go first
        session.attach(app, match)
        netplay.remember_table(app, match)

    def ask_table_again(self) -> None:
        """Play again at a table server's table: this seat stays, the others are asked."""
        if self.match.ask_again():
            self.app.toast(N_("A new match starts at this table: the others are asked "
                              "whether they stay."), kind="info")
        else:
            self.app.toast(N_("A new match cannot start at this table now."), kind="bad")

    def ask_to_stay(self, game_id: str) -> None:
        """A friend's copy: the host starts a new match; stay in this seat, or leave."""
        if self.app is None:
            return
        spec = registry.get(game_id) if game_id in registry.ids() else self.match.spec
        host = i18n.seat_name(table_label(self.match.table_name))
        self.app.open("confirm", N_("Play again?"),
                      Msg("{host} starts a new match of {of_game} at this table. Stay in "
                          "your seat?", host=host, of_game=i18n.of_game(spec.name)),
                      N_("Stay"), lambda: self.match.answer_again(True), no=N_("Leave"),
                      on_no=self.leave_table)

    def leave_table(self) -> None:
        self.match.answer_again(False)
        self.table_closed("left")

    def show_next_match(self) -> None:
        """A friend's copy: the host's new match, with this seat in it, on a new table."""
        successor = self.match.successor
        if successor is None or self.app is None:
            return
        self.finished = True
        show_table(self.app, type(self)(successor))

    def host_buttons(self) -> list[tuple[Msg, object, str]]:
        """The host's buttons for the seat the match waits at (label, action, name): a seat
        no friend has taken yet, a friend who has been silent a while at their turn (let a
        computer play for them until they move, or send them away), a friend a computer
        plays for (send them away). None at any other table."""
        match = self.match
        seat = match.to_act
        if seat is None or match.is_over or table_server(match) is None:
            return []
        name = i18n.seat_name(match.seats[seat].name)
        waiting = self.waiting_seat()
        if waiting is not None:
            return [(Msg("Let a computer play for {name}", name=name),
                     lambda: self.stand_in(seat), "Stand in")]
        status = match.seat_status(seat)
        out: list[tuple[Msg, object, str]] = []
        if status == "connected" and match.silent_for(seat) >= SLOW_SECONDS:
            out.append((Msg("Let a computer play for {name}", name=name),
                        lambda: self.hand_over(seat), "Hand over"))
        if status == "idle" or out:
            out.append((Msg("Send {name} away", name=name),
                        lambda: self.ask_send_away(seat), "Send away"))
        return out

    def hand_over(self, seat: int) -> None:
        """The host lets a computer play for a silent friend until they move."""
        if self.match.hand_to_computer(seat):
            self._legal_key = None
            self.rebuild_controls()

    def ask_send_away(self, seat: int) -> None:
        """The host's Send away: asked first (the friend's seat goes to a computer, and is
        free for another friend)."""
        name = i18n.seat_name(self.match.seats[seat].name)
        self.app.open("confirm", Msg("Send {name} away?", name=name),
                      Msg("{name} leaves the table. A computer plays the seat until a friend "
                          "joins with the table code.", name=name),
                      N_("Send away"), lambda: self.send_away(seat), no=N_("Cancel"))

    def send_away(self, seat: int) -> None:
        server = table_server(self.match)
        if server is not None and server.send_away(seat):
            self._legal_key = None
            self.rebuild_controls()

    def stand_in(self, seat: int) -> None:
        """A computer plays the waiting seat until a friend comes to take it."""
        if self.match.stand_in_for(seat):
            name = i18n.seat_name(self.match.seats[seat].name)
            self.say(Msg("A computer plays for {name} until a friend takes the seat.",
                         name=name))
            self._legal_key = None
            self.rebuild_controls()

    # ---- a friend's move at the host ---------------------------------------------------
    def take_friends_move(self) -> list:
        """At the host: the move a friend sent, played the moment it came, whatever the
        table still shows (every frame, and out of sight): the friend and everybody have
        their update at once, and its events wait behind those being shown. Computers'
        moves keep their pace (``poll``, once the picture caught up). [] elsewhere."""
        if self.finished or not isinstance(self.match, HostedMatch):
            return []
        events = self.match.poll_friend()
        if events:
            self._hotseat_guard()       # the device may change hands at the host
        return events

    # ---- out of sight ------------------------------------------------------------------
    def update_away(self, dt: float) -> None:
        """A table open to other computers goes on while its person is in the menu or
        reads a summary: friends coming and going are told, the table's closing is heard,
        and the others' moves are taken (at the host, played: its engine is the only
        authority, and the table stood still for everybody). The picture catches
        up when the table is shown again; a deal's end waits for the person, but a
        friend's move is played whatever the host's table shows (over a summary or a
        hand-over of its own, it is animated when the table shows again)."""
        if not self.plays_away():
            return
        self.clock += dt
        self.take_notices()
        self.tell_awaited()
        friends = self.take_friends_move()
        if friends and self.waiting:
            self.timeline.extend(friends)       # the table's own screen is over it
        elif friends:
            self._away_events.extend(friends)
            self._away_held = self._away_held or \
                any(e.kind in DEAL_ENDS for e in friends)
        if not self._away_held and any(getattr(e, "kind", "") in DEAL_ENDS
                                       for e in self.timeline.queue):
            self._away_held = True      # left while a deal's end was still to be shown
        if self.finished or self.waiting or self._away_held or self.match.is_over:
            return
        if self.match.is_human(self.match.to_act):
            return
        events = self.match.poll(now=self.clock)
        if events:
            self._away_events.extend(events)
            self._away_held = any(e.kind in DEAL_ENDS for e in events)

    def awaited_by(self) -> list[int]:
        """The friends' seats (connected, at the table) that wait for the host's person,
        who is in the menu: the match waits at their turn, or at a deal's end they have
        not seen. Empty at any other table, or while the table is on screen."""
        match = self.match
        if self.app is None or self in self.app.stack or table_server(match) is None \
                or self.finished:
            return []
        if not (self._away_held or (not match.is_over and match.is_human(match.to_act))):
            return []
        return [seat for seat in range(match.n_players)
                if match.seat_status(seat) == "connected" and not match.seat_elsewhere(seat)]

    def tell_awaited(self) -> None:
        """The host in the menu while friends wait at the table for them: a toast names
        who waits and that Continue takes them back, said again every
        :data:`WAIT_REMINDER` seconds while they wait. (No computer steps in for the
        host: the host's person is at this computer, one click from the table, and would
        come back to find their cards played by another; a friend's seat is played by a
        computer because their copy may be gone for good.)"""
        seats = self.awaited_by()
        if not seats:
            self._wait_told = None
            return
        if self._wait_told is not None and self.clock - self._wait_told < WAIT_REMINDER:
            return
        self._wait_told = self.clock
        names = i18n.and_list([i18n.seat_name(self.match.seats[s].name) for s in seats])
        self.app.toast(NMsg("{names} waits for you at the table: Continue takes you back "
                            "to it.", "{names} wait for you at the table: Continue takes "
                            "you back to it.", len(seats), names=names),
                       seconds=10.0, kind="info")

    def unseen(self) -> bool:
        """Are there moves played out of sight, or still to be shown (the match may have
        ended among them: its end is still to show)?"""
        return bool(self._away_events) or not self.idle

    def away_due(self) -> float | None:
        if not self.plays_away() or self.finished:
            return None
        # the host told again that friends wait for them
        remind = None if self._wait_told is None else \
            max(0.0, WAIT_REMINDER - (self.clock - self._wait_told))
        m = self.match
        if self.waiting or self._away_held or m.is_over or m.is_human(m.to_act):
            return remind
        return sooner(m.wake_in(self.clock), remind)

    def plays_away(self) -> bool:
        """Is this table played with other computers (hosted here or joined)?"""
        return table_server(self.match) is not None or \
            self.match.seat_status(self.viewer) is not None

    def catch_up(self) -> None:
        """Shown again: what was played out of sight goes on the table at once."""
        events, self._away_events = self._away_events, []
        self._away_held = False
        self._wait_told = None          # back at the table: told afresh if they leave again
        if events:
            self.timeline.extend(events)
            self.skip()

    def table_closed(self, code: str) -> None:
        """The host's table ended: back to the menu, saying why. Where the host may be
        back (the connection was lost, :data:`COME_BACK`), over the menu the screen this
        table was joined from, filled in with it, says so and offers to join again (the
        seat's token is kept: Join sits this player there again)."""
        self.finished = True
        if self.app is None:
            self.show_caption(words(code), 30.0)
            return
        if self.app.table is self:
            self.app.table = None
        self.app.reset(self.app.build("menu"))
        if code in COME_BACK and self.join_again(code):
            return
        self.app.toast(words(code), seconds=7.0, kind="bad")

    def join_again(self, code: str) -> bool:
        """A friend's copy whose connection to the host was lost: the Join screen (a
        server's table: the Play online screen) over the menu, filled in with this table,
        saying what happened and that Join sits them again once the host is back. False
        at a table hosted here."""
        client = getattr(self.match, "client", None)
        if client is None or table_server(self.match) is not None:
            return False
        if getattr(client, "where", None) is not None:        # a table server's table
            self.app.open("online").come_back(client.code, code)
        else:
            self.app.open("join").come_back(client.address, client.port,
                                            client.hello.get("code") or "", code)
        return True

    def seat_words(self, seat: int, turn: bool):
        """The plate's second line for a seat played over the network (None: the usual)."""
        status = self.match.seat_status(seat)
        if self.match.seat_elsewhere(seat):
            return N_("In the menu")
        if status == "empty":
            return N_("Waiting for a friend")
        if status == "asked":
            return N_("Asked to stay")
        if status in ("away", "open", "idle"):
            if turn and self.idle:
                return Msg("Thinking{dots}", dots="." * (1 + int(self.clock * 3) % 3))
            return {"away": N_("Away · a computer plays"), "open": N_("Open · a computer plays"),
                    "idle": N_("Silent · a computer plays")}[status]
        return None

    def net_lines(self) -> tuple:
        """The host's rows of the score panel: the table code, and the address and port
        friends type (none at a table that is not hosted here). Each on a row of its own:
        side by side, the larger text sizes cut the code short, and it must be read whole."""
        server = table_server(self.match)
        if server is None:
            return ()
        return ((N_("Table code"), protocol.shown_code(server.code), None),
                (N_("Address"), f"{server.shown_address}:{server.port}", None))
