"""The end-of-deal summary, shown over the table: how the deal scored, and the score sheet.

Each game's ``deal_scored`` event has its own keys, so the breakdown is rendered generically:
values given per seat or per side (lists) become rows of a table with one column per seat
or side; single values (dealer, trumps, who went out) become a line above it. What each
key is called, and which are left to the table (every laid meld), is the game's table's to
say (:class:`~cardtable.ui.tables.game_words.GameWords`): nothing here knows a game's keys.

    SummaryScene.for_table(table, event)          # what the table scene uses
    SummaryScene(event, score_sheet, seat_names, game_id, on_continue=None)
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Collection, Sequence
from typing import Any

import pygame

from cardtable import i18n
from cardtable.engine import registry
from cardtable.engine.core import DealResult
from cardtable.i18n import N_, Msg, NMsg, and_list, tr
from cardtable.names import YOU, fair_names
from cardtable.ui import theme
from cardtable.ui.narrator import sentences
from cardtable.ui.scenes.dealcode import copy_code
from cardtable.ui.scenes.modal import ModalScene, person_at
from cardtable.ui.tables import table_class
from cardtable.ui.tables.game_words import GameWords, words_of
from cardtable.ui.widgets import BUTTON_HEIGHT, Button, Form

log = logging.getLogger(__name__)

#: the rows every game may have, after its own (its table's ``ROW_LABELS``): the deal's game
#: points, in the unit the registry scores most games in (``GameSpec.score_unit``), which
#: the headline reads too
ROW_LABELS: dict[str, str] = {
    "game_points": N_("Game points"),
}
#: shared rows drawn emphasised (a game's own are its table's ``STRONG_ROWS``)
STRONG_ROWS = frozenset({"game_points"})
#: keys whose value is a seat number (shown as that seat's name); a game's own are its
#: table's (``GameWords.SEAT_LABELS``)
SEAT_KEYS = {"dealer": N_("Dealer"), "winner": N_("Winner")}
#: keys every game's breakdown has that are never shown (a game's own are its table's
#: ``HIDDEN_KEYS``; the number of the deal in the game's own word, its ``deal_word``, too)
HIDDEN = frozenset({"kind", DealResult.KEY, "deal", "scores"})
#: why a deal ended when its game's table has no words for the reason (never the key)
UNKNOWN_REASON = N_("The deal is over")


def shown_names(seat_names: Sequence[str]) -> list[Msg | str]:
    """Seat names as the screen shows them (default names such as "You" or "Player 2" in the
    current language; see :func:`cardtable.i18n.seat_name`)."""
    return [i18n.seat_name(n) if isinstance(n, str) else n for n in seat_names]


def fair_seat_names(seat_names: Sequence[str], humans: Sequence[int]) -> list[str]:
    """``seat_names`` with "You" naming the person at this computer only (``humans``: their
    seats; :func:`cardtable.names.fair_names`): a computer that played under "You" (a saved
    match or a setup kept by an older version) is shown under its seat's computer name, as
    "You wins the match." said of it."""
    names = list(seat_names)
    kinds = ["human" if i in humans else "computer" for i in range(len(names))]
    return fair_names(names, kinds)


def listener(seat_names: Sequence[str], humans: Sequence[int]) -> int | None:
    """The seat the screens speak to as 'you': the only person at this computer; with
    several (pass-and-play), the one of them named "You" if any (its sentences then agree:
    "You win the match", not "You wins"); else None: everybody is named."""
    if len(humans) == 1:
        return humans[0]
    named = [s for s in humans if 0 <= s < len(seat_names) and seat_names[s] == YOU]
    return named[0] if named else None


def known(game_id: str) -> registry.GameSpec | None:
    """The spec of ``game_id``, or None for a game that is not registered."""
    return registry.get(game_id) if game_id in registry.ids() else None


def sides(game_id: str, players: int) -> tuple[tuple[int, ...], ...]:
    """The sides of a match of ``players`` (the spec's ``sides``; each seat alone for a
    game that is not registered)."""
    spec = known(game_id)
    return spec.sides(players) if spec is not None else tuple((s,) for s in range(players))


def game_words(game_id: str) -> type[GameWords]:
    """What ``game_id``'s table says of its game (neutral words for an unknown game)."""
    return words_of(table_class(game_id)) if known(game_id) is not None else GameWords


def column_labels(game_id: str, seat_names: Sequence[str], width: int) -> list[Msg | str]:
    """Names for ``width`` columns: the seats, or the sides of a partnership game ("Ann &
    Bob")."""
    names = shown_names(seat_names)
    if width == len(names):
        return names
    teams = sides(game_id, len(names))
    if width == len(teams):
        return [names[side[0]] if len(side) == 1 else
                Msg("{a} & {b}", a=names[side[0]], b=names[side[1]]) if len(side) == 2 else
                and_list([names[s] for s in side]) for side in teams]
    return [Msg("Side {n}", n=i + 1) for i in range(width)]


_UNWORDED: set[tuple[str, str]] = set()


def _unworded(game_id: str, what: str) -> None:
    """Log, once, a reason or a row of ``game_id``'s breakdown its table has no words for."""
    if (game_id, what) not in _UNWORDED:
        _UNWORDED.add((game_id, what))
        log.warning("the table of %r has no words for %s of its deals' breakdown",
                    game_id, what)


def seat_name(seat: Any, seat_names: Sequence[str]) -> Msg | str:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(seat_names):
        return shown_names(seat_names)[seat]
    return Msg("nobody") if seat is None else str(seat)


def format_value(key: str, value: Any, money: Collection[str] = ()) -> str:
    """One cell or fact of a deal's breakdown as shown: a yes or a dash, a number (in cents
    for the keys ``money`` names: its game's ``MONEY_KEYS``), how many cards or melds a
    list holds."""
    if isinstance(value, bool):
        return tr(N_("yes")) if value else "—"
    if value is None:
        return "—"
    if isinstance(value, int) and key in money:
        return tr(i18n.cents(value))
    if isinstance(value, (int, float)):
        return i18n.number(value, 0 if isinstance(value, int) else 1)
    if isinstance(value, (list, tuple)):
        if all(isinstance(v, (list, tuple)) for v in value):
            return str(len(value))
        if all(isinstance(v, str) for v in value):
            return str(len(value)) if value else "0"
        return ", ".join(format_value(key, v, money) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items())
    return str(value)


def hidden_keys(game_id: str) -> frozenset[str]:
    """The keys of ``game_id``'s breakdown never shown: every game's, its table's
    (``HIDDEN_KEYS``) and the deal's number in its own word ("hand", "round")."""
    return HIDDEN | game_words(game_id).HIDDEN_KEYS | {deal_word(game_id)}


def deal_columns(event: dict, game_id: str = "") -> int:
    """How many columns the per-column rows of ``event`` have (the most common list length)."""
    counts: dict[int, int] = {}
    hidden = hidden_keys(game_id)
    seat_keys = {**SEAT_KEYS, **game_words(game_id).SEAT_LABELS}
    for key, value in event.items():
        if key in hidden or key in seat_keys:
            continue
        if isinstance(value, list) and value:
            counts[len(value)] = counts.get(len(value), 0) + 1
    if not counts:
        return 0
    return max(counts, key=lambda n: (counts[n], n))


Rows = list[tuple[str, str, list[str]]]


def breakdown(event: dict, seat_names: Sequence[str],
              game_id: str = "") -> tuple[list[Msg | str], Rows]:
    """(facts, rows): lines of single facts, and rows ``(key, label, cells)`` per column.
    What the keys of ``game_id``'s deals are is its table's to say (:class:`GameWords`):
    why the deal ended (``REASONS``), its rows and their order (``ROW_LABELS``), the facts
    said in a sentence of their own (``FACTS``), a seat's role (``SEAT_LABELS``), what is
    not shown; what has no words is left out (and logged), never shown as its key."""
    words = game_words(game_id)
    labels = {**words.ROW_LABELS, **ROW_LABELS}
    seat_keys = {**SEAT_KEYS, **words.SEAT_LABELS}
    hidden = hidden_keys(game_id)
    width = deal_columns(event, game_id)
    facts: list[Msg | str] = []
    rows: list[tuple[str, str, list[str]]] = []
    for key, value in event.items():
        if key in hidden:
            continue
        if key in seat_keys:
            if value is None and key not in ("winner",):
                continue
            facts.append(Msg("{label}: {name}", label=Msg(seat_keys[key]),
                             name=seat_name(value, seat_names)))
        elif key in words.FACTS:
            fact = words.deal_fact(key, value)
            if fact is not None:
                facts.append(fact)
        elif key == "reason" and isinstance(value, str):
            if value not in words.REASONS:
                _unworded(game_id, f"the reason {value!r}")
            facts.append(Msg(words.REASONS.get(value, UNKNOWN_REASON)))
        elif key == "winners" and isinstance(value, list):
            facts.append(Msg("Won by {names}",
                             names=and_list([seat_name(s, seat_names) for s in value])))
        elif isinstance(value, list) and len(value) == width:
            if key in words.ONLY_WHEN_SCORED and not any(value):
                continue
            if key not in labels:
                _unworded(game_id, f"the row {key!r}")
                continue
            rows.append((key, labels[key],
                         [format_value(key, v, words.MONEY_KEYS) for v in value]))
        elif isinstance(value, (int, str)) and not isinstance(value, bool):
            if key not in labels:
                _unworded(game_id, f"the fact {key!r}")
                continue
            facts.append(Msg("{label}: {value}", label=Msg(labels[key]),
                             value=format_value(key, value, words.MONEY_KEYS)))
    order = [*words.ROW_LABELS, *ROW_LABELS]
    rows.sort(key=lambda r: order.index(r[0]) if r[0] in order else -1)
    return facts, rows


def strong_rows(game_id: str) -> frozenset[str]:
    """The rows of ``game_id``'s breakdown drawn emphasised (the deal's result)."""
    return STRONG_ROWS | game_words(game_id).STRONG_ROWS


def deal_scores(row: dict, n_players: int, game_id: str) -> list[int] | None:
    """What each column (a seat, or a side of partners) added to its match score in the
    deal of one score-sheet row (game points, penalties, games won): the game's own
    reading of its row (``deal_change``). None for a game that is not known."""
    spec = known(game_id)
    if spec is None:
        return None
    change = spec.state_class.deal_change(row, n_players)
    return [change[side[0]] for side in spec.sides(n_players)]


def target_of(game_id: str, options: dict | None) -> int | None:
    """The score that ends a match of ``game_id`` played with ``options`` (its spec's
    ``target_option``); None for a match of a fixed number of deals."""
    spec = known(game_id)
    key = spec.target_option if spec is not None else None
    return (options or {}).get(key) if key is not None else None


def lower_is_better(game_id: str) -> bool:
    """The lowest match score wins ``game_id`` (its spec's ``lower_wins``)."""
    spec = known(game_id)
    return spec is not None and spec.lower_wins


#: a game's word for one deal (its spec's ``deal_word``), as a title ("Round 3") and alone
DEAL_TITLES = {"deal": N_("Deal {n}"), "hand": N_("Hand {n}"), "round": N_("Round {n}"),
               "game": N_("Game {n}")}
DEAL_WORDS = {"deal": N_("Deal"), "hand": N_("Hand"), "round": N_("Round"), "game": N_("Game")}
#: the review's buttons to the next and the previous deal, in the game's word
NEXT_DEAL = {"deal": N_("Next deal"), "hand": N_("Next hand"), "round": N_("Next round"),
             "game": N_("Next game")}
#: a row of the score sheet that holds several deals: "Deals 1–3" (their scores added up)
DEAL_RANGES = {"deal": N_("Deals {first}–{last}"), "hand": N_("Hands {first}–{last}"),
               "round": N_("Rounds {first}–{last}"), "game": N_("Games {first}–{last}")}
PREVIOUS_DEAL = {"deal": N_("Previous deal"), "hand": N_("Previous hand"),
                 "round": N_("Previous round"), "game": N_("Previous game")}


def deal_word(game_id: str) -> str:
    """The key of what ``game_id`` calls one deal ('deal' for an unknown game)."""
    spec = known(game_id)
    return spec.deal_word if spec is not None else "deal"


def deal_count(game_id: str, n: int) -> NMsg:
    """'3 deals', '1 round': a number of deals in the game's own word."""
    word = deal_word(game_id)
    if word == "hand":
        return NMsg("{n} hand", "{n} hands", n, n=n)
    if word == "round":
        return NMsg("{n} round", "{n} rounds", n, n=n)
    if word == "game":
        return NMsg("{n} game", "{n} games", n, n=n)
    return NMsg("{n} deal", "{n} deals", n, n=n)


def sheet_lines(per: Sequence[Sequence[int]], room: int,
                game_id: str) -> list[tuple[Msg, list[int]]]:
    """The score sheet's rows for the deals' scores ``per`` (one list a deal, deal 1 first)
    in at most ``room`` rows: a row a deal while they fit, else the first deals folded into
    one row that carries their sum ("Deals 1–3"), the latest ones a row each. Every deal
    counts in some row, so the rows always add up to the total under them."""
    rows = [(deal_title(game_id, n), list(s)) for n, s in enumerate(per, start=1)]
    room = max(1, room)
    if len(rows) <= room:
        return rows
    folded = len(rows) - room + 1           # two at least
    width = len(per[0])
    sums = [sum(s[i] for s in per[:folded]) for i in range(width)]
    label = Msg(DEAL_RANGES[deal_word(game_id)], first=1, last=folded)
    return [(label, sums)] + rows[folded:]


def deal_title(game_id: str, deal) -> Msg:
    """'Deal 3', 'Round 3' (a game's word for one deal, with its number)."""
    if isinstance(deal, int):
        return Msg(DEAL_TITLES[deal_word(game_id)], n=deal)
    return Msg(DEAL_WORDS[deal_word(game_id)])


def headline(event: dict, seat_names: Sequence[str], game_id: str,
             humans: Sequence[int] = (0,)) -> Msg:
    """'Deal 3: Margot scores 2 game points'. The only person at the table (``humans``) is
    spoken to as 'you' whatever name they typed ('Deal 3: you score...', 'You & Hana
    score...'), so the verb agrees; with several people everybody is named."""
    seat_names = fair_seat_names(seat_names, humans)
    me = listener(seat_names, humans)
    title = deal_title(game_id, event.get("deal"))
    gp = event.get("game_points")
    if isinstance(gp, list) and gp:
        labels = column_labels(game_id, seat_names, len(gp))
        best = max(range(len(gp)), key=lambda i: gp[i])
        if gp[best] > 0:
            pts = gp[best]
            teams = sides(game_id, len(seat_names))
            seats = list(teams[best]) if len(gp) == len(teams) < len(seat_names) else [best]
            values = dict(title=title, n=pts)
            if me is not None and me in seats:
                if len(seats) == 1:
                    return NMsg("{title}: you score {n} game point",
                                "{title}: you score {n} game points", pts, **values)
                partner = next(s for s in seats if s != me)
                you = Msg("You & {name}", name=shown_names(seat_names)[partner])
                return NMsg("{title}: {you} score {n} game point",
                            "{title}: {you} score {n} game points", pts, you=you, **values)
            if len(seats) > 1:
                return NMsg("{title}: {team} score {n} game point",
                            "{title}: {team} score {n} game points", pts, team=labels[best],
                            **values)
            return NMsg("{title}: {name} scores {n} game point",
                        "{title}: {name} scores {n} game points", pts, name=labels[best],
                        **values)
        return Msg("{title}: no game points", title=title)
    return Msg("{title} is over", title=title)


def fitted_lines(text, size: int, width: int, bold: bool = False,
                 most: int = 2) -> tuple[list[str], int]:
    """``text`` (translated) in at most ``most`` lines no wider than ``width``, and their
    type size: wrapped at ``size`` first (a larger text size keeps its letters), made
    smaller, down to its size at the normal text size, only where ``most`` lines are not
    enough; a text longer than that still is shortened at its last line's end."""
    text = theme.drawable(text)
    floor = max(theme.MIN_TYPE, theme.fit_size(text, size, 1))
    lines = theme.wrap(text, theme.font(size, bold), width)
    while size > floor and (len(lines) > most or
                            max(theme.font(size, bold).size(line)[0] for line in lines) > width):
        size -= 1
        lines = theme.wrap(text, theme.font(size, bold), width)
    if len(lines) > most:
        lines = lines[:most - 1] + [" ".join(lines[most - 1:])]
    elif len(lines) == 2 and "\n" not in text:
        lines = even_halves(text, theme.font(size, bold), width) or lines
    elif len(lines) == 1 and theme.font(size, bold).size(text)[0] <= width:
        lines = [text]      # as written (the wrap makes a double space single)
    return [theme.ellipsize(line, size, width, bold) for line in lines], size


def even_halves(text: str, fnt: pygame.font.Font, width: int) -> list[str] | None:
    """``text`` in two lines as even as can be, each no wider than ``width``, never broken
    before a number ("Joueur / 4") nor before punctuation that clings to its word (French
    "partie ?"), and after a number ("marquent 2 / points") only where nothing else is as
    even; None if no such break fits. The greedy wrap left "partie." alone on a second
    line."""
    words = theme.words_of(text)
    shun = fnt.size("MMMM")[0]      # what a break after a number costs
    best: tuple[int, list[str]] | None = None
    for i in range(1, len(words)):
        before, after = words[i - 1], words[i]
        if after.isdigit() or theme.clings(after):
            continue
        halves = [" ".join(words[:i]), " ".join(words[i:])]
        widest = max(fnt.size(h)[0] for h in halves)
        cost = widest + (shun if before.isdigit() else 0)
        if widest <= width and (best is None or cost < best[0]):
            best = (cost, halves)
    return None if best is None else best[1]


class SummaryScene(ModalScene):
    """The end-of-deal summary, drawn over the table with the table dimmed behind it."""

    PANEL = (820, 620)
    BUTTON_MIN = 200

    reviewer: int | None = None     # who opens its review (see modal.person_at)

    def __init__(self, event: dict, score_sheet: Sequence[dict] | None = None,
                 seat_names: Sequence[str] | None = None, game_id: str = "",
                 on_continue: Callable[[], Any] | None = None, target: int | None = None,
                 body: Callable[..., Any] | None = None, title: Msg | str | None = None,
                 humans: Sequence[int] = (0,), deals: Sequence[dict] = (),
                 record: dict | None = None, note: Msg | str | None = None):
        super().__init__()
        #: the match's deal records (cardtable.records) and the one of this deal, if kept:
        #: its code is shown, and "Review" opens it
        self.deals = list(deals)
        self.record = record
        #: a game's own drawing of the breakdown and sheet: body(surface, rect, scene)
        self.body = body
        self.title = title
        #: a game's line under its rows (how deal points turn into game points)
        self.note = note
        self.event = {k: v for k, v in dict(event).items() if k != "kind"}
        self.sheet = list(score_sheet or [])
        width = deal_columns(self.event, game_id)
        self.seat_names = (fair_seat_names(seat_names, humans) if seat_names
                           else [Msg("Seat {n}", n=i + 1) for i in range(width)])
        self.humans = list(humans)
        self.game_id = game_id
        self.on_continue = on_continue
        self.target = target
        self.form = Form(on_cancel=self.close)
        self.form.keyboard = False
        #: height taken off the panel: room a game's body left empty (a short sheet)
        self.spare = 0

    # ---- the panel fits what it shows -----------------------------------------------------
    def panel_rect(self) -> pygame.Rect:
        r = super().panel_rect()
        if self.spare:
            r.height -= self.spare
            r.center = (self.size[0] // 2, self.size[1] // 2)
        return r

    def layout(self) -> None:
        """A game's body that says how far down it drew (rummy's sheet for three or four
        players) gets a panel no taller than it needs: a fixed one left a wide empty band
        above the deal code."""
        self.spare = 0
        if self.size[0] > 0 and self.size[1] > 0:
            p = self.panel_rect()
            area = self.body_area(p)
            scratch = pygame.Surface(self.size, pygame.SRCALPHA)
            used = self.body(scratch, area, self) if self.body is not None \
                else self.draw_breakdown(scratch, area)
            if isinstance(used, (int, float)) and not isinstance(used, bool):
                self.spare = max(0, int(area.bottom - used - theme.px(20)))
        super().layout()

    def code_room(self, p: pygame.Rect) -> int:
        """The height of the deal code's line over the buttons (0: no code)."""
        code = self.code_line()
        if code is None:
            return 0
        size = theme.fit_size(code, theme.px(theme.SMALL + 1), p.width - 2 * theme.px(28))
        return theme.line_height(size) + theme.px(6)

    def body_area(self, p: pygame.Rect) -> pygame.Rect:
        """Where a game's body is drawn in the panel ``p``: under the title, over the code
        and the buttons."""
        pad = theme.px(28)
        y = p.top + theme.px(22) + self.title_height(p) + theme.px(8)
        bottom = p.bottom - theme.px(BUTTON_HEIGHT) - theme.px(34) - self.code_room(p)
        return pygame.Rect(p.left + pad, y, p.width - 2 * pad, bottom - y)

    def title_lines(self, p: pygame.Rect) -> tuple[list[str], int]:
        """The title's lines in the panel ``p`` (one, or two where it is long: in French at
        the largest text it ran past both edges of the panel), and their type size."""
        title = self.title or headline(self.event, self.seat_names, self.game_id, self.humans)
        return fitted_lines(title, theme.px(theme.HEADING - 4), p.width - 2 * theme.px(28),
                            bold=True)

    def title_height(self, p: pygame.Rect) -> int:
        """The height the title takes (as tall as one heading's line at least)."""
        lines, size = self.title_lines(p)
        return max(theme.px(theme.HEADING), len(lines) * theme.line_height(size, True))

    @classmethod
    def for_table(cls, table, event: dict) -> SummaryScene:
        match = table.match
        state = match.state
        deals = list(match.scored_deals)
        try:
            deal = DealResult.from_event(event).deal
        except (KeyError, TypeError):
            deal = event.get("deal")
        game = table.game
        title = getattr(game, "summary_title", None)
        note = getattr(game, "summary_note", None)
        scene = cls(event, list(state.score_sheet), [s.name for s in match.seats], match.game_id,
                   target=target_of(match.game_id, state.options),
                   body=getattr(game, "summary_body", None),
                   title=title(event) if title is not None else None,
                   humans=list(match.human_seats), deals=deals,
                   record=next((r for r in reversed(deals) if r.get("deal") == deal), None),
                   note=note(event) if note is not None else None)
        scene.reviewer = person_at(table)
        return scene

    # ---- actions -----------------------------------------------------------------------
    def close(self) -> None:
        if self.on_continue is not None:
            self.on_continue()
        elif self.app is not None:
            self.app.pop()

    # ---- layout ---------------------------------------------------------------------------
    def review(self) -> None:
        """The review of this deal (the match's other deals a step away)."""
        if self.app is not None and self.record is not None:
            deals = self.deals or [self.record]
            index = next((i for i, r in enumerate(deals) if r is self.record), len(deals) - 1)
            self.app.open("review", deals, index, self.reviewer)

    def code_line(self) -> Msg | None:
        code = (self.record or {}).get("code")
        return Msg("Deal code: {code}", code=code) if code else None

    def code(self) -> str | None:
        return (self.record or {}).get("code") or None

    def copy_code(self) -> None:
        """The deal's code onto the system clipboard (Copy, or Ctrl+C), with a toast."""
        copy_code(self.app, self.code())

    def buttons(self) -> tuple[list[Button], Button]:
        b = Button("Continue", self.close, style="primary")
        b.name = "Continue"
        if self.record is None:
            return [b], b
        review = Button(N_("Review"), self.review)
        review.name = "Review"
        row = [review, b]
        if self.code():
            copy = Button(N_("Copy code"), self.copy_code)
            copy.name = "Copy code"
            row.insert(1, copy)
        return row, b

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_c and \
                event.mod & pygame.KMOD_CTRL:
            self.copy_code()
            return True
        return super().handle_event(event)

    def spoken_heading(self) -> str:
        """The headline, the deal's facts, then each row of its breakdown by column ("Card
        points: You 70, Margot 50")."""
        title = self.title or headline(self.event, self.seat_names, self.game_id, self.humans)
        facts, rows = breakdown(self.event, self.seat_names, self.game_id)
        lines = [tr(title)] + [tr(f) for f in facts]
        if rows:
            labels = column_labels(self.game_id, self.seat_names, len(rows[0][2]))
            for _key, label, cells in rows:
                values = ", ".join(f"{tr(name)} {tr(cell)}"
                                   for name, cell in zip(labels, cells, strict=False))
                lines.append(tr(Msg("{label}: {value}", label=tr(label), value=values)))
        return sentences(lines)

    # ---- frame --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        p = self.draw_frame(surface)
        pad = theme.px(28)
        code = self.code_line()
        if code is not None:
            # on a line of its own over the buttons, whole (a player copies it from here)
            size = theme.fit_size(code, theme.px(theme.SMALL + 1), p.width - 2 * pad)
            buttons_top = min(b.rect.top for b in self.form.widgets) if self.form.widgets \
                else p.bottom - theme.px(self.BUTTON_MARGIN) - theme.px(BUTTON_HEIGHT)
            theme.draw_text(surface, code, (p.centerx, buttons_top - theme.px(8)), size,
                            theme.ACCENT_LIGHT, anchor="midbottom", shadow=False)
        lines, size = self.title_lines(p)
        y = p.top + theme.px(22)
        for line in lines:
            theme.draw_text(surface, line, (p.centerx, y), size, theme.TEXT, bold=True,
                            anchor="midtop")
            y += theme.line_height(size, True)
        if self.body is not None:
            self.body(surface, self.body_area(p), self)
        else:
            self.draw_breakdown(surface, self.body_area(p))
        self.form.draw(surface)

    def draw_breakdown(self, surface: pygame.Surface, area: pygame.Rect) -> int:
        """The deal's facts, its rows, the game's note on them and the running sheet, in
        ``area``; how far down they went."""
        y = area.top
        facts, rows = breakdown(self.event, self.seat_names, self.game_id)
        small = theme.px(theme.SMALL + 1)
        fnt = theme.font(small)
        if facts:
            line = "  ·  ".join(tr(f) for f in facts)
            for text in theme.wrap(line, fnt, area.width)[:2]:
                theme.draw_text(surface, text, (area.centerx, y), small, theme.TEXT_DIM,
                                anchor="midtop", shadow=False)
                y += fnt.get_linesize()
        y += theme.px(12)
        y = self.draw_rows(surface, rows, pygame.Rect(area.left, y, area.width, 0))
        if self.note:
            y += theme.px(6)
            size = theme.px(theme.SMALL - 1)
            for text in theme.wrap(self.note, theme.font(size), area.width)[:2]:
                theme.draw_text(surface, text, (area.left + theme.px(10), y), size,
                                theme.TEXT_MUTED, shadow=False)
                y += theme.line_height(size)
        y += theme.px(18)
        if self.sheet and y < area.bottom - theme.px(60):
            y = self.draw_sheet(surface, pygame.Rect(area.left, y, area.width, area.bottom - y))
        return y

    def _grid(self, area: pygame.Rect, columns: int) -> tuple[int, int]:
        label_w = min(theme.px(220), area.width // 3)
        col_w = (area.width - label_w) // max(1, columns)
        return label_w, col_w

    def draw_rows(self, surface: pygame.Surface, rows, area: pygame.Rect) -> int:
        width = len(rows[0][2]) if rows else 0
        if not rows:
            return area.top
        labels = column_labels(self.game_id, self.seat_names, width)
        label_w, col_w = self._grid(area, width)
        size = theme.px(theme.BODY - 1)
        rh = int(size * 1.75)
        y = area.top
        # a name too long for its column ("Ordinateur 2" at the largest text) takes two lines
        heads = [fitted_lines(name, size, col_w - theme.px(8), bold=True) for name in labels]
        head_h = max(len(lines) * theme.line_height(s, True) for lines, s in heads)
        for i, (lines, head_size) in enumerate(heads):
            cx = area.left + label_w + col_w * i + col_w // 2
            colour = theme.SEAT_COLOURS[i % len(theme.SEAT_COLOURS)]
            for k, text in enumerate(lines):
                theme.draw_text(surface, text, (cx, y + k * theme.line_height(head_size, True)),
                                head_size, colour, bold=True, anchor="midtop", shadow=False)
        y += max(rh, head_h + theme.px(8))
        pygame.draw.line(surface, (96, 110, 102), (area.left, y - theme.px(6)),
                         (area.right, y - theme.px(6)))
        strong_keys = strong_rows(self.game_id)
        for n, (key, label, cells) in enumerate(rows):
            strong = key in strong_keys
            if n % 2 == 0:
                theme.rounded(surface, pygame.Rect(area.left, y - theme.px(3), area.width,
                                                   rh - theme.px(2)), (255, 255, 255, 12),
                              theme.px(6))
            if strong:
                theme.rounded(surface, pygame.Rect(area.left, y - theme.px(3), area.width,
                                                   rh - theme.px(2)), (*theme.ACCENT, 34),
                              theme.px(6))
            theme.draw_text(surface, label, (area.left + theme.px(10), y + rh // 2 - theme.px(3)),
                            size, theme.TEXT if strong else theme.TEXT_DIM, bold=strong,
                            anchor="midleft", shadow=False)
            for i, cell in enumerate(cells):
                cx = area.left + label_w + col_w * i + col_w // 2
                theme.draw_text(surface, cell, (cx, y + rh // 2 - theme.px(3)), size,
                                theme.TEXT, bold=strong, anchor="center", shadow=False)
            y += rh
        return y

    def draw_sheet(self, surface: pygame.Surface, area: pygame.Rect) -> int:
        """The running score sheet: one line per finished deal, and the totals; how far
        down it went."""
        n = len(self.seat_names)
        per = [deal_scores(r, n, self.game_id) for r in self.sheet]
        per = [p for p in per if p is not None]
        if not per:
            return area.top
        width = len(per[0])
        label_w, col_w = self._grid(area, width)
        size = theme.px(theme.SMALL + 1)
        rh = int(size * 1.6)
        theme.draw_text(surface, "SCORE SHEET", (area.left, area.top), theme.px(theme.SMALL),
                        theme.ACCENT_LIGHT, bold=True, shadow=False)
        y = area.top + rh
        room = max(1, (area.bottom - y) // rh - 1)
        #: what the sheet shows, row by row (label, scores): every deal is in it, the first
        #: ones folded into one row when they do not all fit, so the rows add up to the total
        self.sheet_shown = sheet_lines(per, room, self.game_id)
        for label, scores in self.sheet_shown:
            theme.draw_text(surface, label, (area.left + theme.px(10), y), size,
                            theme.TEXT_MUTED, shadow=False)
            for i, v in enumerate(scores):
                cx = area.left + label_w + col_w * i + col_w // 2
                # a nought is written as one: a dot read as a deal not played
                theme.draw_text(surface, str(v), (cx, y), size, theme.TEXT_DIM,
                                anchor="midtop", shadow=False)
            y += rh
        totals = [sum(s[i] for s in per) for i in range(width)]
        pygame.draw.line(surface, (200, 196, 180), (area.left, y), (area.right, y))
        y += theme.px(4)
        total = Msg("Total (to {n})", n=self.target) if self.target else N_("Total")
        theme.draw_text(surface, total, (area.left + theme.px(10), y), size,
                        theme.TEXT, bold=True, shadow=False)
        for i, v in enumerate(totals):
            cx = area.left + label_w + col_w * i + col_w // 2
            theme.draw_text(surface, str(v), (cx, y), size, theme.ACCENT_LIGHT, bold=True,
                            anchor="midtop", shadow=False)
        return y + rh
