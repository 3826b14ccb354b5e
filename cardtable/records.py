"""Finished deals kept for review, the codes that deal them again, and the daily deal.

No pygame here. These live in this module:

* **Deal records**: a finished deal as a plain JSON object (the game, its options, the seats'
  names, which seats were people, the state at the deal's start exactly as a saved match's
  ``checkpoint`` holds it, and every move of the deal). :func:`deal_record` builds one,
  :func:`check_record` checks one read from a file (a bad one raises ``ConfigError``, never
  anything else) and :func:`replay` gives the state before each move.
* **Deal codes**: a short code (letters and digits without the ambiguous ones, a check
  character at the end) that names a game, its options, the number of players, a seed and a
  first dealer, and in a game whose deals change with their number (a match of a fixed
  count of deals) the deal's number: :func:`encode` / :func:`decode`. A code deals its deal
  as the first deal of a new match (:meth:`DealCode.new_state`; a later deal's code starts
  the match at that deal), the same cards on every copy of the program. A match deals each
  later deal from a seed of its own (:func:`deal_seed`, see ``Match``), so every deal has a
  code (:func:`code_for` checks that the code deals it again exactly).
* **The daily deal**: one code per game and date (:func:`daily_code`), the same everywhere.

The file that keeps the records of the last matches is :mod:`cardtable.recent`.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from cardtable.engine import registry
from cardtable.engine.core import Action, ConfigError, GameState, IllegalAction
from cardtable.i18n import Msg

RECORD_VERSION = 1
#: seeds of matches and deals are below this (``Match`` draws ``randrange(2**31)``)
SEED_SPACE = 2**31
#: the most moves a deal record may hold, and the longest name or text in one
MAX_MOVES = 5000
MAX_TEXT = 80


# --------------------------------------------------------------------------- deal records


def now_iso() -> str:
    """The time now, to the second, in UTC (ISO 8601)."""
    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat()


def deal_record(game: str, options: dict, names: list[str], humans: Iterable[int],
                start: dict, moves: Iterable[tuple[int, Any]], deal: int,
                code: str | None = None, when: str | None = None,
                people: Iterable[int] | None = None) -> dict:
    """A finished deal as the recent-matches file holds it (the shared record format).

    ``moves`` are (seat, Action or its JSON) in the order they were made. ``humans`` are
    the seats of the people at this computer (the review analyses their moves);
    ``people``, when others played from other computers, every seat a person played
    (the review's plates say so rather than "Computer")."""
    record = {
        "version": RECORD_VERSION,
        "game": game,
        "options": dict(options or {}),
        "names": [str(n) for n in names],
        "humans": sorted(int(s) for s in humans),
        "start": start,
        "moves": [[seat, a.to_json() if isinstance(a, Action) else a] for seat, a in moves],
        "deal": deal,
        "code": code,
        "when": when or now_iso(),
    }
    if people is not None and sorted(set(people)) != record["humans"]:
        record["people"] = sorted(int(s) for s in set(people))
    return record


def _bad(detail: str) -> ConfigError:
    return ConfigError("bad_record", detail)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def short_text(value: Any, empty: bool = False) -> bool:
    return isinstance(value, str) and len(value) <= MAX_TEXT and value.isprintable() and (
        empty or bool(value))


def check_shape(data: Any) -> dict:
    """The quick checks of a deal record (no replay): its fields have the right types.

    Returns ``data``; raises ConfigError ``bad_record``."""
    if not isinstance(data, dict):
        raise _bad("a deal record must be an object")
    if data.get("version") != RECORD_VERSION:
        raise _bad("a deal record of an unknown version")
    game = data.get("game")
    if not isinstance(game, str) or game not in registry.ids():
        raise _bad("a deal record of an unknown game")
    names = data.get("names")
    if not isinstance(names, list) or not names or not all(short_text(n) for n in names):
        raise _bad("a deal record's names are damaged")
    humans = data.get("humans")
    if not isinstance(humans, list) or not all(
            _is_int(s) and 0 <= s < len(names) for s in humans) or len(set(humans)) != len(
            humans):
        raise _bad("a deal record's people are damaged")
    people = data.get("people", humans)
    if not isinstance(people, list) or not all(
            _is_int(s) and 0 <= s < len(names) for s in people) or len(set(people)) != len(
            people) or not set(humans) <= set(people):
        raise _bad("a deal record's people are damaged")
    if not isinstance(data.get("options"), dict) or not isinstance(data.get("start"), dict):
        raise _bad("a deal record's options or start are damaged")
    moves = data.get("moves")
    if not isinstance(moves, list) or len(moves) > MAX_MOVES or not all(
            isinstance(m, list) and len(m) == 2 and _is_int(m[0]) and isinstance(m[1], dict)
            for m in moves):
        raise _bad("a deal record's moves are damaged")
    deal = data.get("deal")
    if not _is_int(deal) or not 1 <= deal <= 10**6:
        raise _bad("a deal record's deal number is damaged")
    code = data.get("code")
    if code is not None and not short_text(code):
        raise _bad("a deal record's code is damaged")
    if not short_text(data.get("when")):
        raise _bad("a deal record's date is damaged")
    return data


def check_record(data: Any) -> dict:
    """Check a deal record read from a file: its shape, its options under the game's rules,
    its start as the engine loads a saved match, and every move replayed in turn under the
    rules. Returns ``data``; anything wrong raises ConfigError (never another error)."""
    replay(data)
    return data


def start_state(record: dict) -> GameState:
    """The state at the start of the record's deal (a fresh copy)."""
    state = registry.from_json(record["start"])
    if state.GAME_ID != record["game"] or state.n_players != len(record["names"]):
        raise _bad("a deal record's start is of another game")
    return state


def replay(record: Any, events: list | None = None) -> list[GameState]:
    """The state before each move of the deal and after the last one (``len(moves) + 1``
    states); ``events``, if given, gets each move's events (a list per move). Checks the
    record as it goes: ConfigError for anything wrong."""
    check_shape(record)
    try:
        registry.get(record["game"]).check_options(record["options"])
        state = start_state(record)
        states = [state.clone()]
        for seat, data in record["moves"]:
            if seat != state.current_player:
                raise _bad("a recorded move was made out of turn")
            happened = state.apply(Action.from_json(data))
            if events is not None:
                events.append(happened)
            states.append(state.clone())
    except IllegalAction as exc:
        raise _bad(f"a recorded move breaks the rules ({exc.code})") from exc
    except ConfigError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError,
            RecursionError, ArithmeticError) as exc:
        raise _bad(f"a deal record is inconsistent ({exc.__class__.__name__})") from exc
    return states


def actions(record: dict) -> list[tuple[int, Action]]:
    """The record's moves as (seat, Action) (the record must have been checked)."""
    return [(seat, Action.from_json(data)) for seat, data in record["moves"]]


# --------------------------------------------------------------------------- deal codes

#: the symbols of a code: digits and capitals, without 0 1 I L O U V (read alike); 29 of
#: them, a prime, so the check character catches any one wrong symbol and any two
#: neighbours swapped
ALPHABET = "23456789ABCDEFGHJKMNPQRSTWXYZ"
BASE = len(ALPHABET)
CODE_VERSION = 1
#: room in a code for versions and games (a code of a later version is refused)
VERSIONS = 4
GAMES = 16
#: the longest code's symbols before the check character (the check's weights stay distinct)
MAX_SYMBOLS = BASE - 2
#: the shortest (leading zeros are written)
MIN_SYMBOLS = 5


class CodeError(ValueError):
    """A code that cannot be used; ``message`` is the one sentence for the player."""

    def __init__(self, message: Msg):
        super().__init__(str(message))
        self.message = message


@dataclass(frozen=True)
class DealCode:
    """What a code names: a game, its players and options, a seed, the first dealer
    (None: the seed draws the dealer as a new match does) and the deal the match starts at."""

    game: str
    players: int
    options: tuple[tuple[str, Any], ...]
    seed: int
    dealer: int | None = None
    deal: int = 1

    @property
    def spec(self):
        return registry.get(self.game)

    def setup(self) -> dict:
        """What the setup screen adds to its config to start this deal."""
        return {"game": self.game, "players": self.players, "options": dict(self.options),
                "seed": self.seed, "first_dealer": self.dealer, "first_deal": self.deal}

    def new_state(self) -> GameState:
        """A new match whose first deal is this code's deal."""
        return self.spec.new_match(players=self.players, seed=self.seed,
                                   options=dict(self.options), first_dealer=self.dealer,
                                   first_deal=self.deal)

    def text(self) -> str:
        return encode(self)


def _option_radix(opt) -> int | None:
    if opt.kind == "bool":
        return 2
    if opt.kind == "int":
        if opt.minimum is None or opt.maximum is None:
            return None
        return opt.maximum - opt.minimum + 1
    return len(opt.choices) or None


def _option_index(opt, value) -> int:
    if opt.kind == "bool":
        return int(bool(value))
    if opt.kind == "int":
        return value - opt.minimum
    return list(opt.choices).index(value)


def _option_value(opt, index: int) -> Any:
    if opt.kind == "bool":
        return bool(index)
    if opt.kind == "int":
        return opt.minimum + index
    return opt.choices[index]


def _deals(spec) -> int:
    """How many deal numbers a code of ``spec``'s game tells apart: the deals of a match of a
    fixed count of deals each deal their own way; in the other games any deal is dealt as a
    first deal is, so a code has no number."""
    return spec.state_class.LAST_DEAL or 1


def make_code(game: str, players: int, options: dict | None, seed: int,
              dealer: int | None = None, deal: int = 1) -> DealCode:
    """A DealCode with its options checked and complete (ConfigError when it cannot be)."""
    spec = registry.get(game)
    opts = spec.check_options(options)
    if isinstance(deal, bool) or not isinstance(deal, int) or not 1 <= deal <= _deals(spec):
        raise ConfigError("bad_code", "this deal's number cannot be put in a code")
    return DealCode(game, players, tuple(sorted(opts.items())), seed, dealer, deal)


def encode(code: DealCode) -> str:
    """The code as a person reads it: groups of four symbols, the last one the check."""
    spec = code.spec
    ids = registry.ids()
    if ids.index(code.game) >= GAMES or not 0 <= code.seed < SEED_SPACE:
        raise ConfigError("bad_code", "this deal cannot be given a code")
    value = code.seed
    value = value * _deals(spec) + code.deal - 1
    value = value * (spec.max_players + 1) + (0 if code.dealer is None else code.dealer + 1)
    value = value * (spec.max_players - spec.min_players + 1) + code.players - spec.min_players
    options = dict(code.options)
    for opt in spec.options:
        radix = _option_radix(opt)
        if radix is None:
            raise ConfigError("bad_code", "this game's options cannot be put in a code")
        value = value * radix + _option_index(opt, options.get(opt.key, opt.default))
    value = (value * GAMES + ids.index(code.game)) * VERSIONS + CODE_VERSION
    digits = []
    while value:
        value, d = divmod(value, BASE)
        digits.append(d)
    digits += [0] * (MIN_SYMBOLS - len(digits))
    digits.reverse()
    symbols = [ALPHABET[d] for d in digits] + [ALPHABET[_check(digits)]]
    text = "".join(symbols)
    return "-".join(text[i:i + 4] for i in range(0, len(text), 4))


def _check(digits: list[int]) -> int:
    return sum((i + 2) * d for i, d in enumerate(digits)) % BASE


def normal_code(text: str) -> str:
    """A typed or pasted code without spaces, dashes or dots, in capitals."""
    return "".join(ch for ch in str(text).upper() if not ch.isspace() and ch not in "-.·_")


def decode(text: str) -> DealCode:
    """The deal a code names; CodeError (with one sentence) for a code that is not one."""
    raw = normal_code(text)
    if not raw:
        raise CodeError(Msg("Type or paste a deal code first."))
    for ch in raw:
        if ch not in ALPHABET:
            raise CodeError(Msg("A deal code has no “{char}”: check the letters and digits.",
                                char=ch))
    if len(raw) < 4 or len(raw) - 1 > MAX_SYMBOLS:
        raise CodeError(Msg("This is not a deal code: it is too short or too long."))
    digits = [ALPHABET.index(ch) for ch in raw[:-1]]
    if _check(digits) != ALPHABET.index(raw[-1]):
        raise CodeError(Msg("This deal code has a typing mistake: check it and try again."))
    value = 0
    for d in digits:
        value = value * BASE + d
    value, version = divmod(value, VERSIONS)
    if version != CODE_VERSION:
        raise CodeError(Msg("This deal code was made by another version of the program."))
    value, index = divmod(value, GAMES)
    ids = registry.ids()
    if index >= len(ids):
        raise CodeError(Msg("This deal code is of a game this program does not have."))
    spec = registry.get(ids[index])
    options = {}
    for opt in reversed(spec.options):
        radix = _option_radix(opt) or 1
        value, i = divmod(value, radix)
        options[opt.key] = _option_value(opt, i)
    value, players = divmod(value, spec.max_players - spec.min_players + 1)
    value, dealer = divmod(value, spec.max_players + 1)
    value, deal = divmod(value, _deals(spec))
    players += spec.min_players
    if value >= SEED_SPACE or dealer > players:
        raise CodeError(Msg("This deal code has a typing mistake: check it and try again."))
    try:
        return make_code(spec.id, players, options, value, None if dealer == 0 else dealer - 1,
                         deal + 1)
    except ConfigError:
        raise CodeError(Msg("This deal code has a typing mistake: check it and try again.")
                        ) from None


def deal_seed(match_seed: int, deal: int) -> int:
    """The seed a match deals its ``deal``-th deal from (the first: the match's own; a match
    started by a later deal's code counts from that deal)."""
    if deal <= 1:
        return match_seed
    digest = hashlib.sha256(f"cardtable deal {match_seed} {deal}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % SEED_SPACE


def secret_deal_seed(secret: bytes, deal: int) -> int:
    """The seed of a match's ``deal``-th deal drawn from a ``secret`` of its own (a table
    over the network: every player gets each finished deal's record, its code and its
    generator; from a seed of 31 bits the match's seed could be found by trying them all,
    and with it the deals to come. A secret of 128 bits that never leaves the host makes
    each deal's seed tell nothing of the others')."""
    digest = hashlib.sha256(b"cardtable table deal %d " % deal + secret).digest()
    return int.from_bytes(digest[:8], "big") % SEED_SPACE


def same_deal(a: GameState, b: GameState) -> bool:
    """True when two states at a deal's start hold the same cards in every hand, and their
    random generators stand at the same point (the same shuffle dealt them)."""
    if a.GAME_ID != b.GAME_ID or a.n_players != b.n_players:
        return False
    if a.rng.getstate() != b.rng.getstate():
        return False
    return all(sorted(a.hand(s)) == sorted(b.hand(s)) for s in range(a.n_players))


def code_for(start: GameState, match_seed: int) -> str | None:
    """The code of the deal that begins with ``start`` in a match seeded ``match_seed``, or
    None when no code deals it again exactly."""
    if not _is_int(match_seed) or not 0 <= match_seed < SEED_SPACE:
        return None
    return code_with_seed(start, deal_seed(match_seed, start.deal_no - start.first_deal + 1))


def code_with_seed(start: GameState, seed: int) -> str | None:
    """The code of the deal that begins with ``start``, dealt from ``seed``, or None when
    no code deals it again exactly."""
    first = start.deal_no == start.first_deal
    dealers = [None, start.dealer] if first else [start.dealer]
    number = start.deal_no if _deals(registry.get(start.GAME_ID)) > 1 else 1
    for dealer in dealers:
        try:
            code = make_code(start.GAME_ID, start.n_players, start.options, seed, dealer,
                             number)
            if same_deal(code.new_state(), start):
                return encode(code)
        except (ConfigError, ValueError):
            continue
    return None


# --------------------------------------------------------------------------- the daily deal


def today() -> str:
    """Today's date in UTC (the same day everywhere at the same moment)."""
    return _dt.datetime.now(_dt.timezone.utc).date().isoformat()


def daily_code(game: str, date: str | None = None) -> DealCode:
    """The daily deal of ``game`` on ``date`` (YYYY-MM-DD; today by default): its players are
    the fewest the game takes, its options the defaults, its seed from the date alone."""
    date = date or today()
    digest = hashlib.sha256(f"cardtable daily {date} {game}".encode()).digest()
    seed = int.from_bytes(digest[:8], "big") % SEED_SPACE
    spec = registry.get(game)
    return make_code(game, spec.min_players, None, seed, None)
