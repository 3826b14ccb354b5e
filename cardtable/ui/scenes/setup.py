"""Setting up a match: how many players, who sits where (human or computer, level, name),
and the game's options. Start hands a config to ``app.start_match``:

    {'game': 'sixtysix', 'players': 2,
     'seats': [{'name': 'You', 'kind': 'human', 'level': 'medium'}, ...],
     'options': {'target': 10, 'strict_later_play': False},
     'first_dealer': None}
"""

from __future__ import annotations

import copy

import pygame

from cardtable.engine import registry
from cardtable.i18n import N_, Msg
from cardtable.ui import theme
from cardtable.ui.scenes.common import FormScene
from cardtable.ui.scenes.picker import playable_games, players_text
from cardtable.ui.widgets import (
    BUTTON_HEIGHT,
    ROW_HEIGHT,
    Button,
    Choice,
    Slider,
    TextInput,
    Toggle,
)

COMPUTER_NAMES = ("Margot", "Theo", "Hana", "Felix", "Iris", "Jonas", "Rosa", "Emil")
LEVELS = (("easy", N_("Easy")), ("medium", N_("Medium")), ("hard", N_("Hard")))
KINDS = (("human", N_("Human")), ("computer", N_("Computer")))
DEFAULT_PLAYERS = 4


def default_name(seat: int, kind: str) -> str:
    """The name a seat gets unless one is typed. It is data (kept in the setup, the match and
    the statistics), so it stays in English; the screens show ``default_label`` instead."""
    if kind == "human":
        return "You" if seat == 0 else f"Player {seat + 1}"
    return COMPUTER_NAMES[(seat - 1) % len(COMPUTER_NAMES)]


def default_label(seat: int, kind: str) -> Msg | str:
    """``default_name`` as the screen shows it: in the current language for people, as it is
    for the computer players (their names are names)."""
    if kind == "human":
        return Msg("You") if seat == 0 else Msg("Player {n}", n=seat + 1)
    return default_name(seat, kind)


def choice_text(value) -> str:
    """The words a Choice shows for one of an option's values (``"two_packs"``: "Two packs");
    build/catalogues.py puts them in the catalogue, the screen translates them."""
    return str(value).replace("_", " ").capitalize()


def is_default_name(seat: int, name: str) -> bool:
    return name.strip() in ("", default_name(seat, "human"), default_name(seat, "computer"))


def default_seats(n: int) -> list[dict]:
    seats = []
    for i in range(n):
        kind = "human" if i == 0 else "computer"
        seats.append({"name": default_name(i, kind), "kind": kind, "level": "medium"})
    return seats


class SetupScene(FormScene):
    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.spec = registry.get(game_id)
        self.game_id = game_id
        self.title = self.spec.name
        self.subtitle = N_("Set up the table")
        self.players = max(self.spec.min_players, min(self.spec.max_players, DEFAULT_PLAYERS))
        self.seats = default_seats(self.spec.max_players)
        self.options = self.spec.default_options()
        self._restored = False

    # ---- model ------------------------------------------------------------------------
    def on_enter(self) -> None:
        if not self._restored:
            self._restored = True
            self.restore(self.app.settings.get("last_setup", {}).get(self.game_id))
        super().on_enter()

    def restore(self, last: dict | None) -> None:
        """Start from the setup last used for this game, where it is still valid."""
        if not isinstance(last, dict):
            return
        n = last.get("players")
        if isinstance(n, int) and self.spec.min_players <= n <= self.spec.max_players:
            self.players = n
        for i, seat in enumerate(last.get("seats") or []):
            if i >= len(self.seats) or not isinstance(seat, dict):
                break
            kind = seat.get("kind") if seat.get("kind") in ("human", "computer") else None
            level = seat.get("level") if seat.get("level") in dict(LEVELS) else None
            name = seat.get("name") if isinstance(seat.get("name"), str) else None
            if kind:
                self.seats[i]["kind"] = kind
            if level:
                self.seats[i]["level"] = level
            if name:
                self.seats[i]["name"] = name[:18]
        options = last.get("options")
        if isinstance(options, dict):
            for opt in self.spec.options:
                if opt.key in options:
                    try:
                        self.options[opt.key] = opt.validate(options[opt.key])
                    except ValueError:
                        pass

    def config(self) -> dict:
        seats = []
        people = sum(1 for i in range(self.players) if self.seats[i]["kind"] == "human")
        for i in range(self.players):
            s = self.seats[i]
            name = s["name"].strip() or default_name(i, s["kind"])
            if people > 1 and name == "You":   # pass-and-play: everybody has a name
                name = f"Player {i + 1}"
            seats.append({"name": name, "kind": s["kind"], "level": s["level"]})
        return {
            "game": self.game_id,
            "players": self.players,
            "seats": seats,
            "options": dict(self.options),
            "first_dealer": None,
        }

    def set_players(self, n: int) -> None:
        self.players = max(self.spec.min_players, min(self.spec.max_players, int(n)))
        self.rebuild()

    def set_kind(self, seat: int, kind: str) -> None:
        s = self.seats[seat]
        if is_default_name(seat, s["name"]):
            s["name"] = default_name(seat, kind)
        s["kind"] = kind
        self.rebuild()

    def set_level(self, seat: int, level: str) -> None:
        self.seats[seat]["level"] = level

    def set_name(self, seat: int, name: str) -> None:
        self.seats[seat]["name"] = name

    def set_option(self, key: str, value) -> None:
        self.options[key] = value

    @property
    def playable(self) -> bool:
        return self.game_id in playable_games()

    def start(self) -> None:
        if not self.playable:
            self.app.toast(Msg("The table for {game} is coming soon.", game=Msg(self.spec.name)))
            return
        self.app.start_match(copy.deepcopy(self.config()))

    def show_rules(self) -> None:
        from cardtable.ui.scenes.rules import RulesScene

        self.app.push(RulesScene(self.game_id))

    # ---- layout -------------------------------------------------------------------------
    def columns(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The options panel (left) and the seats panel (right), as tall as their content."""
        w, h = self.size
        top = self.heading_bottom() + theme.px(10)
        bottom = h - theme.px(100)
        margin = max(theme.px(40), (w - theme.px(1180)) // 2)
        gap = theme.px(28)
        left_w = int((w - 2 * margin - gap) * 0.42)
        pad = theme.px(18)
        n_left = len(self.spec.options) + (self.spec.min_players != self.spec.max_players)
        need_left = 2 * pad + theme.px(34) + n_left * theme.px(ROW_HEIGHT + 8) + theme.px(110)
        need_right = 2 * pad + theme.px(34) + self.players * theme.px(ROW_HEIGHT + 6)
        height = min(bottom - top, max(need_left, need_right, theme.px(280)))
        left = pygame.Rect(margin, top, left_w, height)
        right = pygame.Rect(left.right + gap, top, w - 2 * margin - gap - left_w, height)
        return left, right

    def row_height(self) -> int:
        _, right = self.columns()
        fit = (right.height - theme.px(70)) // max(1, self.players) - theme.px(6)
        return max(theme.px(34), min(theme.px(ROW_HEIGHT), fit))

    def layout(self) -> None:
        left, right = self.columns()
        pad = theme.px(18)
        rh = theme.px(ROW_HEIGHT)
        y = left.top + pad + theme.px(34)
        inner = left.inflate(-2 * pad, 0)
        if self.spec.min_players != self.spec.max_players:
            sl = Slider(N_("Players"), self.spec.min_players, self.spec.max_players, self.players,
                        on_change=self.set_players)
            sl.rect = pygame.Rect(inner.left, y, inner.width, rh)
            self.add(sl, "players")
            y += rh + theme.px(8)
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
            wdg.rect = pygame.Rect(inner.left, y, inner.width, rh)
            self.add(wdg, f"option.{opt.key}")
            y += rh + theme.px(8)
        self.options_bottom = y

        # seats
        rh = self.row_height()
        y = right.top + pad + theme.px(34)
        inner = right.inflate(-2 * pad, 0)
        label_w = theme.px(34)
        gap = theme.px(10)
        avail = inner.width - label_w - 2 * gap
        name_w = int(avail * 0.34)
        kind_w = int(avail * 0.33)
        level_w = avail - name_w - kind_w - gap
        self.seat_rows: list[pygame.Rect] = []
        for i in range(self.players):
            s = self.seats[i]
            row = pygame.Rect(inner.left, y, inner.width, rh)
            self.seat_rows.append(row)
            x = inner.left + label_w
            # a person's default name is a word ("You", "Player 2"): the field shows it as its
            # grey hint, in the current language, until a name is typed
            shown = s["name"]
            if s["kind"] == "human" and s["name"].strip() in ("", default_name(i, "human")):
                shown = ""
            ti = TextInput(shown, on_change=lambda v, i=i: self.set_name(i, v),
                           hint=default_label(i, s["kind"]))
            ti.rect = pygame.Rect(x, y, name_w, rh)
            self.add(ti, f"seat{i}.name")
            x += name_w + gap
            kind = Choice("", KINDS, s["kind"], on_change=lambda v, i=i: self.set_kind(i, v))
            kind.rect = pygame.Rect(x, y, kind_w, rh)
            self.add(kind, f"seat{i}.kind")
            x += kind_w + gap
            level = Choice("", LEVELS, s["level"], wrap=False,
                           on_change=lambda v, i=i: self.set_level(i, v),
                           enabled=s["kind"] == "computer")
            level.rect = pygame.Rect(x, y, level_w, rh)
            level.visible = s["kind"] == "computer"
            self.add(level, f"seat{i}.level")
            y += rh + theme.px(6)

        w, h = self.size
        bottom = h - theme.px(28)
        back = Button("Back", self.back)
        rules = Button("Rules", self.show_rules)
        start = Button("Start", self.start, style="primary", enabled=self.playable)
        back.rect = pygame.Rect(left.left, bottom - theme.px(BUTTON_HEIGHT),
                                max(theme.px(140), back.preferred_width()), theme.px(BUTTON_HEIGHT))
        start.rect = pygame.Rect(0, 0, max(theme.px(200), start.preferred_width()),
                                 theme.px(BUTTON_HEIGHT))
        start.rect.bottomright = (right.right, bottom)
        rules.rect = pygame.Rect(0, 0, max(theme.px(140), rules.preferred_width()),
                                 theme.px(BUTTON_HEIGHT))
        rules.rect.bottomright = (start.rect.left - theme.px(16), bottom)
        self.add(start, "Start")
        self.add(rules, "Rules")
        self.add(back, "Back")

    def initial_focus(self):
        return self.widget("Start")

    # ---- drawing -----------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_heading(surface, self.title, self.subtitle)
        left, right = self.columns()
        pad = theme.px(18)
        theme.panel(surface, left)
        theme.panel(surface, right)
        small = theme.px(theme.SMALL)
        theme.draw_text(surface, "GAME", (left.left + pad, left.top + pad), small,
                        theme.ACCENT_LIGHT, bold=True)
        theme.draw_text(surface, "SEATS", (right.left + pad, right.top + pad), small,
                        theme.ACCENT_LIGHT, bold=True)
        # what the fixed player count is, and option help, under the options
        y = getattr(self, "options_bottom", left.top + theme.px(60)) + theme.px(6)
        fnt = theme.font(small)
        notes: list = [Msg("{players}.", players=players_text(self.spec))]
        if self.game_id == "japanese65":
            notes.append(N_("Partners sit opposite: the first and third seats play together."))
        notes += [o.help for o in self.spec.options if o.help]
        if not self.playable:
            notes.append(N_("This game's table is coming soon; its rules are ready to read."))
        for note in notes:
            for line in theme.wrap(note, fnt, left.width - 2 * pad):
                if y + fnt.get_linesize() > left.bottom - pad:
                    break
                theme.draw_text(surface, line, (left.left + pad + theme.px(14), y), small,
                                theme.TEXT_DIM, shadow=False)
                y += fnt.get_linesize()
            y += theme.px(4)
        # seat numbers, with partnership colours in japanese65
        for i, row in enumerate(getattr(self, "seat_rows", [])):
            colour = theme.SEAT_COLOURS[(i % 2) if self.game_id == "japanese65" else i]
            c = (row.left + theme.px(14), row.centery)
            pygame.draw.circle(surface, colour, c, theme.px(13))
            theme.draw_text(surface, str(i + 1), c, theme.px(theme.SMALL), theme.TEXT_DARK,
                            bold=True, anchor="center", shadow=False)
            if self.game_id == "japanese65" and self.players == 4:
                side = Msg("Team {n}", n=1 + i % 2)
                lvl = self.widget(f"seat{i}.level")
                if lvl is not None and not lvl.visible:
                    theme.draw_text(surface, side, (lvl.rect.centerx, row.centery), small,
                                    theme.TEXT_MUTED, anchor="center", shadow=False)
