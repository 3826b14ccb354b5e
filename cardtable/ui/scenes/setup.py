"""Setting up a match: how many players, who sits where (human or computer, level, name),
and the game's options. Start hands a config to ``app.start_match``:

    {'game': game_id, 'players': 2,
     'seats': [{'name': 'You', 'kind': 'human', 'level': 'medium'}, ...],
     'options': {...the game's options...},
     'first_dealer': None}

"Deal code" starts the deal a code names (``records.decode``) and "Daily deal" today's deal
of this game (``records.daily_code``): the config then holds the code's players, options,
``seed`` and ``first_dealer``, and the seats as set up here (the computers' levels). With
"Open this table to the network" on, the table opens to the network as Start opens it, the
code's deal its first deal (the Friend seats among the code's players taken from other
computers); the setup says when the deal has another count of players than the slider.

A game that lets the table choose who plays first (``"first_player"`` in its spec's
notes) also gets a "Who starts" row; the config then holds ``first_player`` (a seat,
or None for random) and the engine's ``first_dealer``, the seat before it.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

import pygame

from cardtable import ratings, records
from cardtable.ai.levels import offered_levels
from cardtable.engine import registry
from cardtable.i18n import N_, Msg, NMsg, and_list, number
from cardtable.names import (
    COMPUTER_NAMES,  # noqa: F401  (kept here for the screens and tests that read it)
    NAME_LENGTH,
    clean_name,
    default_name,
    is_default_name,
    seat_names,
)
from cardtable.net.hosted import IDLE_SECONDS
from cardtable.ui import theme
from cardtable.ui.scenes import seat_rows
from cardtable.ui.scenes.common import FormScene
from cardtable.ui.scenes.picker import players_text
from cardtable.ui.widgets import (
    BUTTON_HEIGHT,
    Button,
    Choice,
    Slider,
    TextInput,
    Toggle,
)

LEVELS = (("easy", N_("Easy")), ("medium", N_("Medium")), ("hard", N_("Hard")))
#: offered only in the games whose computers are measured stronger at it (ai.levels)
EXPERT_LEVEL = ("expert", N_("Expert"))
KINDS = (("human", N_("Human")), ("computer", N_("Computer")))
#: the kinds of seat at a table open to the network: a friend sits there from their own
#: computer (the level is that of the computer standing in while they are away)
NET_KINDS = (("human", N_("Human")), ("friend", N_("Friend")), ("computer", N_("Computer")))
DEFAULT_PLAYERS = 4


def default_label(seat: int, kind: str) -> Msg | str:
    """``default_name`` as the screen shows it: in the current language for people, as it is
    for the computer players (their names are names)."""
    if kind == "human":
        return Msg("You") if seat == 0 else Msg("Player {n}", n=seat + 1)
    if kind == "friend":
        return Msg("Friend {n}", n=seat + 1)
    return default_name(seat, kind)


def choice_text(value) -> str:
    """The words a Choice shows for one of an option's values (``"two_packs"``: "Two packs");
    build/catalogues.py puts them in the catalogue, the screen translates them."""
    return str(value).replace("_", " ").capitalize()


def typed_name(last_setups: dict) -> str:
    """The name last typed for a person in the first seat, at any game (most recent first;
    a default name is none), or ""."""
    for config in reversed(list(last_setups.values())):
        seats = config.get("seats") if isinstance(config, dict) else None
        first = seats[0] if isinstance(seats, list) and seats else None
        if isinstance(first, dict) and first.get("kind") == "human":
            name = clean_name(first.get("name"))
            if name and not is_default_name(0, name):
                return name
    return ""


def default_seats(n: int) -> list[dict]:
    seats = []
    for i in range(n):
        kind = "human" if i == 0 else "computer"
        seats.append({"name": default_name(i, kind), "kind": kind, "level": "medium"})
    return seats


#: the waits offered before a computer plays for a silent friend, in seconds
SILENT_WAITS = (30, 60, 120, 300)


class SetupScene(FormScene):
    def __init__(self, game_id: str, on_start: Callable[[dict], None] | None = None) -> None:
        """``on_start``: what Start does with the table's config instead of starting the
        match here (a table made at a table server): the table is then open to the network
        whatever the toggle says, so the toggle and the deal codes (which would tell their
        typer every hand) are not offered."""
        super().__init__()
        self.on_start = on_start
        self.spec = registry.get(game_id)
        self.game_id = game_id
        self.title = self.spec.name
        self.subtitle = N_("Set up the table")
        self.players = max(self.spec.min_players, min(self.spec.max_players, DEFAULT_PLAYERS))
        self.seats = default_seats(self.spec.max_players)
        self.options = self.spec.default_options()
        #: the seat that plays first (games that offer the choice), None: at random
        self.first_player: int | None = None
        #: open the table to the network: seats of kind "friend" are taken from other computers
        self.network = False
        #: how long a friend may be silent at their turn before a computer plays for them
        #: until they move (None: never)
        self.idle_seconds: float | None = IDLE_SECONDS
        self._restored = False
        #: the seats whose name was typed on this screen (kept whatever the seat becomes),
        #: and the names of people's seats given to a computer (given back to a person)
        self.typed_here: set[int] = set()
        self.person_names: dict[int, str] = {}
        #: each seat's kind and name as they were when the table was opened to the network
        #: (given back when it is kept at this computer again); empty while it is not open
        self.before_network: dict[int, tuple[str, str]] = {}
        #: the name field's width with a seat on one line, and whether the seats take two
        #: lines each (a name shown does not fit that field): set by the layout
        self.one_line_name_w = 0
        self.two_line_seats = False

    # ---- model ------------------------------------------------------------------------
    def on_enter(self) -> None:
        if not self._restored:
            self._restored = True
            last = self.app.settings.get("last_setup")
            last = last if isinstance(last, dict) else {}
            self.restore(last.get(self.game_id))
            if not isinstance(last.get(self.game_id), dict):
                # a game set up for the first time: the name typed for the first seat at
                # another game's table is this one's too
                name = typed_name(last)
                if name and self.seats[0]["kind"] == "human" and \
                        is_default_name(0, self.seats[0]["name"]):
                    self.seats[0]["name"] = name
        super().on_enter()

    def restore(self, last: dict | None) -> None:
        """Start from the setup last used for this game, where it is still valid."""
        if not isinstance(last, dict):
            return
        n = last.get("players")
        if (isinstance(n, int) and not isinstance(n, bool)
                and self.spec.min_players <= n <= self.spec.max_players):
            self.players = n
        seats = last.get("seats")
        for i, seat in enumerate(seats if isinstance(seats, list) else []):
            if i >= len(self.seats) or not isinstance(seat, dict):
                break
            kind = seat.get("kind") if seat.get("kind") in ("human", "computer", "friend") \
                else None
            level = seat.get("level") if seat.get("level") in dict(self.levels) else None
            name = clean_name(seat.get("name"))
            if kind:
                self.seats[i]["kind"] = kind
            if level:
                self.seats[i]["level"] = level
            if not name or is_default_name(i, name):
                # no name of anyone's choosing ("Player 1" from pass-and-play, or none kept):
                # the seat's own default for its kind, not carried into every later match
                # (a computer kept without a name in the first seat was "You")
                name = default_name(i, self.seats[i]["kind"])
            self.seats[i]["name"] = name
        self.network = any(s["kind"] == "friend" for s in self.seats[:self.players])
        first = last.get("first_player")
        if (self.offers_first_player and isinstance(first, int) and not isinstance(first, bool)
                and 0 <= first < self.players):
            self.first_player = first
        options = last.get("options")
        if isinstance(options, dict):
            for opt in self.spec.options:
                if opt.key in options:
                    try:
                        self.options[opt.key] = opt.validate(options[opt.key])
                    except (ValueError, TypeError):
                        pass

    def seated(self, seats: list[dict]) -> list[dict]:
        """``seats`` as a match is given them: a Friend seat at a table kept at this computer
        is a person's here (so the people are counted right, and nobody is named "You" at
        a table passed round), and each name as the file will keep it (one that shows
        nothing is no name)."""
        kinds = [dict(s, kind=s["kind"] if self.network or s["kind"] != "friend" else "human")
                 for s in seats]
        return [{"name": name, "kind": s["kind"], "level": s["level"]}
                for s, name in zip(kinds, seat_names(kinds), strict=True)]

    def network_config(self, seats: list[dict]) -> dict | None:
        """The config's ``network`` for ``seats`` (as :meth:`seated` gives them): the
        friends' seats, the level of the computer standing in, the silence allowed; None
        when no friend sits at the table (it is kept at this computer)."""
        friends = [i for i, seat in enumerate(seats) if seat["kind"] == "friend"]
        if not friends:
            return None
        return {"remote": friends, "stand_in": seats[friends[0]]["level"],
                "idle_seconds": self.idle_seconds}

    def config(self) -> dict:
        seats = self.seated(self.seats[:self.players])
        config = {
            "game": self.game_id,
            "players": self.players,
            "seats": seats,
            "options": dict(self.options),
            "first_dealer": None,
        }
        if self.offers_first_player:
            first = self.first_player
            config["first_player"] = first
            # the engine deals from the dealer's left: the seat before the first player deals
            config["first_dealer"] = None if first is None else (first - 1) % self.players
        network = self.network_config(seats)
        if network:
            config["network"] = network
        return config

    @property
    def offers_first_player(self) -> bool:
        """Does this game let the table choose who plays first (its spec's notes say so)?"""
        return "first_player" in self.spec.notes

    def set_players(self, n: int) -> None:
        self.players = max(self.spec.min_players, min(self.spec.max_players, int(n)))
        if self.first_player is not None and self.first_player >= self.players:
            self.first_player = None
        self.rebuild()

    def set_first_player(self, seat: int | None) -> None:
        self.first_player = seat

    def set_kind(self, seat: int, kind: str, rebuild: bool = True) -> None:
        """A computer taking a person's seat gets a computer's name, as the other computers:
        a person's name kept from an earlier match (or "You") stays the person's, and comes
        back with a person; a name typed here for the seat is kept."""
        s = self.seats[seat]
        if kind == "computer" and s["kind"] in ("human", "friend") and \
                seat not in self.typed_here and not is_default_name(seat, s["name"]):
            self.person_names[seat] = s["name"]
            s["name"] = default_name(seat, kind)
        elif kind == "human" and seat in self.person_names and is_default_name(seat, s["name"]):
            s["name"] = self.person_names.pop(seat)
        elif is_default_name(seat, s["name"]):
            s["name"] = default_name(seat, kind)
        s["kind"] = kind
        if rebuild:
            self.rebuild()

    def set_level(self, seat: int, level: str) -> None:
        self.seats[seat]["level"] = level

    def set_name(self, seat: int, name: str) -> None:
        self.seats[seat]["name"] = name
        self.typed_here.add(seat)
        field = self.widget(f"seat{seat}.name")
        if field is None or self.wants_two_lines() == self.two_line_seats:
            return
        # the name no longer fits its field (or all fit one line again): the seats are
        # laid out again, the field keeps its caret and stays in view
        cursor, selected = field.cursor, field.all_selected
        self.rebuild()
        again = self.widget(f"seat{seat}.name")
        if again is not None:
            again.cursor, again.all_selected = min(cursor, len(again.text)), selected
            self.scroller.reveal(again)

    def set_option(self, key: str, value) -> None:
        self.options[key] = value

    def set_network(self, on: bool) -> None:
        """Open the table to the network (the people's seats but the first become friends'
        seats, or the second seat if there is none) or keep it at this computer again: each
        Friend seat goes back to what it was before the table was opened (on then off had
        left "Player 2", a person's seat, where the computer Margot had sat), a Friend seat
        of a setup restored open becomes a person's. Asked for what is already so, nothing
        changes."""
        on = bool(on)
        if on == self.network:
            return
        self.network = on
        if on:
            self.before_network = {i: (s["kind"], s["name"]) for i, s in enumerate(self.seats)}
            for i, seat in enumerate(self.seats):
                if seat["kind"] == "human" and i > 0:
                    self.set_kind(i, "friend", rebuild=False)
            if not any(s["kind"] == "friend" for s in self.seats[:self.players]):
                self.set_kind(1, "friend", rebuild=False)     # open to one friend at least
        else:
            before, self.before_network = self.before_network, {}
            for i, seat in enumerate(self.seats):
                if seat["kind"] != "friend":
                    continue
                kind, name = before.get(i, ("human", ""))
                self.set_kind(i, "human" if kind == "friend" else kind, rebuild=False)
                if name and i not in self.typed_here and is_default_name(i, seat["name"]):
                    seat["name"] = name     # a computer's own name, kept from before
        self.rebuild()

    def start(self) -> None:
        if self.on_start is not None:
            self.on_start(copy.deepcopy(self.config()))
            return
        self.app.start_match(copy.deepcopy(self.config()))

    def ask_code(self) -> None:
        self.app.open("deal_code", self.play_code, self.game_id)

    def daily(self) -> None:
        self.play_code(records.daily_code(self.game_id))

    def code_config(self, code: records.DealCode) -> dict:
        """The config that deals ``code``'s deal, with the seats as set up here (another
        game's code: a person and computers at the level of this table's first computer).
        A table open to the network opens so with the code's deal as its first deal (the
        deals after it come from the table's own secret, see ``Match.deal_seed``), the
        Friend seats among the code's players taken from other computers."""
        if code.game == self.game_id:
            seats = [dict(s) for s in self.seats]
        else:
            level = next((s["level"] for s in self.seats[:self.players]
                          if s["kind"] == "computer"), "medium")
            seats = default_seats(registry.get(code.game).max_players)
            for seat in seats:
                seat["level"] = level
        config_seats = self.seated(seats[:code.players])
        config = {**code.setup(), "seats": config_seats}
        network = self.network_config(config_seats)
        if network:
            config["network"] = network
        return config

    def code_words(self, code: records.DealCode) -> list[Msg]:
        """What starting ``code`` here changes of the setup on the screen, a sentence each
        (none: nothing): its count of players, and a table meant for the network that
        keeps no Friend seat among them."""
        if code.game != self.game_id:
            return []            # another game: the deal code panel named it already
        words = []
        if code.players != self.players:
            words.append(NMsg("This deal is for {n} player: the table has {n} seat.",
                              "This deal is for {n} players: the table has {n} seats.",
                              code.players, n=code.players))
        if self.network and \
                self.network_config(self.seated(self.seats[:code.players])) is None:
            words.append(Msg("None of this deal's seats is a Friend's: it is played at this "
                             "computer."))
        return words

    def play_code(self, code: records.DealCode) -> None:
        words = self.code_words(code)
        if self.app.start_match(self.code_config(code)):
            for text in words:
                self.app.toast(text, seconds=6.0)

    def show_rules(self) -> None:
        self.app.open("rules", self.game_id)

    # ---- layout -------------------------------------------------------------------------
    def column_frames(self) -> tuple[int, int, int, int, int]:
        """(top, the height there is room for, x of the left column, its width, the gap
        between the columns): where the two panels go, before their heights are known."""
        w, h = self.size
        top = self.heading_bottom() + theme.px(10)
        bottom = h - theme.px(100)
        margin = max(theme.px(40), (w - theme.px(1180)) // 2)
        gap = theme.px(28)
        left_w = int((w - 2 * margin - gap) * 0.42)
        return top, bottom - top, margin, left_w, gap

    def columns(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The options panel (left) and the seats panel (right), as tall as their content
        (where they are when nothing is scrolled)."""
        cols = getattr(self, "_columns", None)
        if cols is None:
            w, _ = self.size
            top, room, margin, left_w, gap = self.column_frames()
            height = min(room, theme.px(280))
            cols = (pygame.Rect(margin, top, left_w, height),
                    pygame.Rect(margin + left_w + gap, top, w - 2 * margin - gap - left_w,
                                height))
        return cols

    def notes(self) -> list:
        """What the fixed player count is, and the options' help, under the options."""
        notes: list = [Msg("{players}.", players=players_text(self.spec))]
        daily = records.daily_code(self.game_id).players
        if self.on_start is None and daily != self.players:
            # the Daily deal button starts at once: its count of players is said before
            notes.append(NMsg("The daily deal is for {n} player.",
                              "The daily deal is for {n} players.", daily, n=daily))
        if self.spec.partnerships:
            notes.append(N_("Partners sit opposite: the first and third seats play together."))
        notes += [o.help for o in self.spec.options if o.help]
        return notes + self.rating_notes()

    @property
    def levels(self) -> tuple[tuple[str, str], ...]:
        """(level, label) of the computer levels this game offers, weakest first."""
        offered = offered_levels(self.spec.id)
        return LEVELS + ((EXPERT_LEVEL,) if EXPERT_LEVEL[0] in offered else ())

    def rating_notes(self) -> list:
        """Each level's measured rating; nothing for a level (or a game) that was not
        measured. Each game is measured on its own scale (random play 0, the levels from
        games between them), so no word of strength goes with a number: "Medium" was
        "beginner (805)" in Sixty-Six and "strong (1,597)" in 65, as if one could be
        compared with the other; the note says the numbers compare this game's levels only."""
        rows = [(label, ratings.of(self.spec.id, level)) for level, label in self.levels]
        rows = [(label, r) for label, r in rows if r is not None]
        # only where a seat shows a level: people alone at the table have none to choose
        levelled = any(s["kind"] in ("computer", "friend") for s in self.seats[:self.players])
        if not rows or not levelled:
            return []
        # in plain words (a newcomer read "rated from games between them" and "its own
        # scale" as jargon): what the numbers say, how they were found, how to read them
        return [N_("The numbers below say how well each computer level plays this game. "
                   "The levels played many games against each other; a player who plays at "
                   "random would be 0. The higher the number, the better the level plays: "
                   "one 200 higher wins about 3 games in 4 against it. The numbers compare the "
                   "levels of this game only, not one game with another.")] + [
            Msg("{level}: {rating}.", level=Msg(label), rating=number(r.rating))
            for label, r in rows
        ]

    def note_lines(self, width: int) -> list[list[str]]:
        fnt = theme.font(theme.px(theme.SMALL))
        return [theme.wrap(note, fnt, width) for note in self.notes()]

    def header_height(self) -> int:
        """The panels' small headings (GAME, SEATS) and the space under them."""
        return max(theme.px(34), theme.line_height(theme.px(theme.SMALL), True) + theme.px(12))

    def option_widgets(self) -> list:
        """(name, row) for the player count (when it can change) and each option."""
        rows = []
        if self.spec.min_players != self.spec.max_players:
            rows.append(("players", Slider(N_("Players"), self.spec.min_players,
                                           self.spec.max_players, self.players,
                                           on_change=self.set_players)))
        if self.offers_first_player:
            starts = [(None, N_("At random"))] + [(i, Msg("Seat {n}", n=i + 1))
                                                  for i in range(self.players)]
            rows.append(("first_player", Choice(N_("Who starts"), starts, self.first_player,
                                                on_change=self.set_first_player)))
        for opt in self.spec.options:
            value = self.options.get(opt.key, opt.default)
            if opt.kind == "bool":
                wdg = Toggle(opt.label, bool(value),
                             on_change=lambda v, k=opt.key: self.set_option(k, v),
                             help_text=opt.help)
            elif opt.kind == "int":
                wdg = Slider(opt.label, opt.minimum if opt.minimum is not None else 0,
                             opt.maximum if opt.maximum is not None else 99, value,
                             on_change=lambda v, k=opt.key: self.set_option(k, v),
                             help_text=opt.help)
                wdg.control_width = 200
            else:
                wdg = Choice(opt.label, [(c, choice_text(c)) for c in opt.choices], value,
                             on_change=lambda v, k=opt.key: self.set_option(k, v),
                             help_text=opt.help)
            rows.append((f"option.{opt.key}", wdg))
        if self.on_start is not None:
            return rows                   # made elsewhere: open to the network by nature
        rows.append(("network", Toggle(
            N_("Open this table to the network"), self.network, on_change=self.set_network,
            help_text=N_("Friends take the Friend seats from their own computers with the "
                         "table code shown at the table; a computer at the seat's level "
                         "plays for anyone away."))))
        if self.network:
            waits = [(seconds, Msg("{n} s", n=seconds) if seconds < 60 else
                      NMsg("{n} minute", "{n} minutes", seconds // 60, n=seconds // 60))
                     for seconds in SILENT_WAITS] + [(None, N_("Never"))]
            rows.append(("idle_seconds", Choice(
                N_("A computer plays for a silent friend after"), waits, self.idle_seconds,
                on_change=self.set_idle_seconds,
                help_text=N_("A friend who does not move for so long at their turn has a "
                             "computer play for them until they move again."))))
        return rows

    def set_idle_seconds(self, value: float | None) -> None:
        self.idle_seconds = value

    def shown_name(self, seat: int) -> str:
        """What a seat's name field shows as typed (a person's default name is a word, "You",
        "Player 2": the field shows it as its grey hint, in the current language, until a
        name is typed)."""
        s = self.seats[seat]
        if s["kind"] in ("human", "friend") and \
                s["name"].strip() in ("", default_name(seat, s["kind"])):
            return ""
        return s["name"]

    def wants_two_lines(self) -> bool:
        """Does a name shown not fit its field on one line with the choices?"""
        names = [self.shown_name(i) for i in range(self.players)]
        return not seat_rows.names_fit(names, self.one_line_name_w, NAME_LENGTH)

    def seat_places(self, x: int, y: int, inner_w: int) -> list[seat_rows.SeatPlace]:
        """Where each seat goes in the seats panel: a line each, or two each where a name
        would not fit its field beside the choices."""
        _, room, *_ = self.column_frames()
        kind_need = Choice("", NET_KINDS if self.network else KINDS).needed_width()
        level_need = Choice("", self.levels).needed_width()
        self.one_line_name_w = seat_rows.widths(inner_w, kind_need, level_need).name
        self.two_line_seats = self.wants_two_lines()
        lines = 2 if self.two_line_seats else 1
        line = seat_rows.line_height(room, self.header_height(), self.players, lines)
        return seat_rows.places(x, y, inner_w, self.players, line, self.two_line_seats,
                                kind_need, level_need)

    def layout(self) -> None:
        w, _ = self.size
        top, room, margin, left_w, col_gap = self.column_frames()
        pad = theme.px(18)
        head = self.header_height()
        left_x = margin
        inner_w = left_w - 2 * pad
        y = top + pad + head
        option_rows = self.option_widgets()
        for key, wdg in option_rows:
            # a label of three lines or more beside its control reads badly in the narrow
            # panel: it goes across the panel, its control under it
            wdg.beside_lines = 2
            hgt = wdg.needed_height(inner_w)
            wdg.rect = pygame.Rect(left_x + pad, y, inner_w, hgt)
            self.add(wdg, key)
            y += hgt + theme.px(8)
        self.options_bottom = y
        notes_h = sum(len(lines) * theme.line_height(theme.px(theme.SMALL)) + theme.px(4)
                      for lines in self.note_lines(inner_w - theme.px(14)))
        left_h = y + theme.px(6) + notes_h + pad - top

        # seats
        right_x = margin + left_w + col_gap
        right_w = w - 2 * margin - col_gap - left_w
        y = top + pad + head
        self.seat_rows: list[pygame.Rect] = []
        self.seat_number_y: list[int] = []
        seat_widgets = []
        for i, place in enumerate(self.seat_places(right_x + pad, y, right_w - 2 * pad)):
            s = self.seats[i]
            self.seat_rows.append(place.row)
            self.seat_number_y.append(place.number_y)
            ti = TextInput(self.shown_name(i), on_change=lambda v, i=i: self.set_name(i, v),
                           max_length=NAME_LENGTH, hint=default_label(i, s["kind"]))
            ti.rect = place.name
            self.add(ti, f"seat{i}.name")
            kind = Choice("", NET_KINDS if self.network else KINDS, s["kind"],
                          on_change=lambda v, i=i: self.set_kind(i, v))
            kind.rect = place.kind
            self.add(kind, f"seat{i}.kind")
            level = Choice("", self.levels, s["level"], wrap=False,
                           on_change=lambda v, i=i: self.set_level(i, v),
                           enabled=s["kind"] in ("computer", "friend"))
            level.rect = place.level
            level.visible = s["kind"] in ("computer", "friend")
            self.add(level, f"seat{i}.level")
            seat_widgets += [ti, kind, level]
            y = place.row.bottom + theme.px(6)
        right_h = y - theme.px(6) + pad - top
        height = max(left_h, right_h, min(room, theme.px(280)))
        left = pygame.Rect(left_x, top, left_w, height)
        right = pygame.Rect(right_x, top, right_w, height)
        self._columns = (left, right)
        area = pygame.Rect(0, top - theme.px(6), w - theme.px(24), room + theme.px(12))
        self.scroll(area, [wd for _, wd in option_rows] + seat_widgets,
                    left.bottom + theme.px(12))

        _, h = self.size
        bottom = h - theme.px(28)
        back = Button("Back", self.back)
        rules = Button("Rules", self.show_rules)
        start = Button("Start", self.start, style="primary", )
        back.rect = pygame.Rect(left.left, bottom - theme.px(BUTTON_HEIGHT),
                                max(theme.px(140), back.preferred_width()), theme.px(BUTTON_HEIGHT))
        start.rect = pygame.Rect(0, 0, max(theme.px(200), start.preferred_width()),
                                 theme.px(BUTTON_HEIGHT))
        start.rect.bottomright = (right.right, bottom)
        rules.rect = pygame.Rect(0, 0, max(theme.px(140), rules.preferred_width()),
                                 theme.px(BUTTON_HEIGHT))
        rules.rect.bottomright = (start.rect.left - theme.px(16), bottom)
        # added in the order they are seen, left to right: Tab goes round them so
        self.add(back, "Back")
        x = back.rect.right + theme.px(16)
        codes = () if self.on_start is not None else (
            ("Daily deal", N_("Daily deal"), self.daily),
            ("Deal code", N_("Deal code"), self.ask_code))
        for name, text, action in codes:
            b = Button(text, action, style="quiet")
            b.rect = pygame.Rect(x, back.rect.top, max(theme.px(140), b.preferred_width()),
                                 theme.px(BUTTON_HEIGHT))
            if b.rect.right > rules.rect.left - theme.px(16):
                break
            self.add(b, name)
            x = b.rect.right + theme.px(12)
        self.add(rules, "Rules")
        self.add(start, "Start")

    def initial_focus(self):
        return self.widget("Start")

    # ---- drawing -----------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_heading(surface, self.title, self.subtitle)
        dy = -int(round(self.scroller.offset))
        left, right = (r.move(0, dy) for r in self.columns())
        old_clip = surface.get_clip()
        if self.scroller.active:
            surface.set_clip(self.scroller.area.clip(old_clip))
        pad = theme.px(18)
        theme.panel(surface, left)
        theme.panel(surface, right)
        small = theme.px(theme.SMALL)
        theme.draw_text(surface, "GAME", (left.left + pad, left.top + pad), small,
                        theme.ACCENT_LIGHT, bold=True)
        theme.draw_text(surface, "SEATS", (right.left + pad, right.top + pad), small,
                        theme.ACCENT_LIGHT, bold=True)
        # what the fixed player count is, and option help, under the options
        y = getattr(self, "options_bottom", left.top + theme.px(60)) + dy + theme.px(6)
        step = theme.line_height(small)
        for lines in self.note_lines(left.width - 2 * pad - theme.px(14)):
            for line in lines:
                theme.draw_text(surface, line, (left.left + pad + theme.px(14), y), small,
                                theme.TEXT_DIM, shadow=False)
                y += step
            y += theme.px(4)
        # seat numbers, with the colour of the seat's side (partners share one)
        sides = self.spec.sides(self.players)
        for i, row in enumerate(getattr(self, "seat_rows", [])):
            row = row.move(0, dy)
            side = next((k for k, s in enumerate(sides) if i in s), i)
            colour = theme.SEAT_COLOURS[side]
            c = (row.left + theme.px(14), self.seat_number_y[i] + dy)
            theme.draw_badge(surface, str(i + 1), c, theme.px(13), colour,
                             theme.px(theme.SMALL), theme.TEXT_DARK)
            if len(sides) < self.players:
                side = Msg("Team {n}", n=1 + side)
                lvl = self.widget(f"seat{i}.level")
                if lvl is not None and not lvl.visible:
                    theme.draw_text(surface, side, lvl.rect.center, small,
                                    theme.TEXT_MUTED, anchor="center", shadow=False)
        rows = getattr(self, "seat_rows", [])
        if rows and len(sides) < self.players:
            # who plays with whom, under the seats: the colours alone did not say it
            y = rows[-1].bottom + dy + theme.px(16)
            x = rows[-1].left + theme.px(6)
            for k, members in enumerate(sides):
                theme.draw_badge(surface, "", (x + theme.px(6), y + step // 2), theme.px(6),
                                 theme.SEAT_COLOURS[k], small, theme.TEXT_DARK)
                text = Msg("Team {n}: seats {seats}", n=k + 1,
                           seats=and_list([str(m + 1) for m in members]))
                r = theme.draw_text(surface, text, (x + theme.px(20), y), small, theme.TEXT_DIM,
                                    shadow=False)
                x = r.right + theme.px(28)
        surface.set_clip(old_clip)
