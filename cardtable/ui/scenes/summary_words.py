"""What a deal's summary says, apart from how it is drawn: the rows of a deal's breakdown
and their words, the headline, the score sheet's lines, the names of the seats as the
person at the screen reads them, and the fitting of a title into two even lines. The
summary (:mod:`~cardtable.ui.scenes.summary`), the match's end, the review and the recent
matches read them.

Each game's ``deal_scored`` event has its own keys, so the breakdown is rendered generically:
values given per seat or per side (lists) become rows of a table with one column per seat
or side; single values (dealer, trumps, who went out) become a line above it. What each
key is called, and which are left to the table (every laid meld), is the game's table's to
say (:class:`~cardtable.ui.tables.game_words.GameWords`): nothing here knows a game's keys.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Sequence
from typing import Any

import pygame

from cardtable import i18n
from cardtable.engine import registry
from cardtable.engine.core import DealResult
from cardtable.i18n import N_, Msg, NMsg, and_list, tr
from cardtable.names import YOU, fair_names
from cardtable.ui import theme
from cardtable.ui.tables import table_class
from cardtable.ui.tables.game_words import GameWords, words_of

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
