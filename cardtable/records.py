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

A code typed or pasted with words around it (the end screen's whole line "Deal code: …", a
chat's message) is picked out of them by :mod:`cardtable.codetext` (:func:`code_in`).

A code means the same deal for ever. It names its game by the game's own number
(``GameSpec.code``, never its place in the menu) and each option by its key through a table
written once in the game's spec (``GameSpec.code_layout``), never by the order of a spec or
a dict; it carries its version, and every version ever written is still read to the deal it
named (version 1, the first, numbered games by their menu position then, which are the
numbers the games keep). See :func:`_fields` for how a code's number is laid out.
``tests/test_dealcode_golden.py`` holds codes of both versions with the cards they deal.

The same code deals the same cards on every supported Python (3.10 to 3.13) and system
because the deal uses only these calls, whose results are fixed:

* ``random.Random(seed)`` with an ``int`` seed below 2**31: a Mersenne Twister seeded by
  ``init_by_array`` from the integer's 32-bit words, unchanged through Python 3 (a seed of
  another type is hashed: ``str``/``bytes`` by SHA-512 only since 3.2, others by ``hash()``
  and refused since 3.11; no seed here is anything but an ``int``);
* ``Random.randrange(n)`` (the first dealer, when the code leaves it to the seed) and
  ``Random.shuffle(list)`` (the deck, a list built in a fixed order): both draw through
  ``_randbelow`` (``getrandbits`` with rejection), unchanged since 3.2; ``shuffle`` is a
  Fisher-Yates walk from the end. Python promises only ``random()`` in its reproducibility
  notes, so the golden codes' test is what holds these two to it.
* Seeds made from text (the daily deal's from the date, a match's later deals'): SHA-256
  (``hashlib``) of an ASCII string of integers, never ``hash()``, whose str hashes change
  with each run.

Not used for dealing, because their results may change between versions or runs:
``random.sample`` of a set (set order is hash order; 3.11 refuses sets), seeds of any type
but ``int``, ``hash()``, and any iteration over a set. The golden deals were checked on
Python 3.10.13, 3.11.7, 3.12.1 and 3.13.0, and a test checks that dealing calls nothing
of the generator but ``shuffle`` and ``randrange``.

The file that keeps the records of the last matches is :mod:`cardtable.recent`.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from cardtable import codetext
from cardtable.engine import registry
from cardtable.engine.core import Action, ConfigError, GameState, IllegalAction
from cardtable.i18n import N_, Msg

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


def check_shape(data: Any, any_game: bool = False) -> dict:
    """The quick checks of a deal record (no replay): its fields have the right types.

    ``any_game``: the record's game need not be installed now (it is only kept, as the
    recent matches keep one of a game whose package was removed, for when it is back).
    Returns ``data``; raises ConfigError ``bad_record``."""
    if not isinstance(data, dict):
        raise _bad("a deal record must be an object")
    if data.get("version") != RECORD_VERSION:
        raise _bad("a deal record of an unknown version")
    game = data.get("game")
    if not short_text(game) or not (any_game or game in registry.ids()):
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
            # a record from elsewhere (or written before moves were kept in their normal
            # form) may hold a pair in the other order: the engine's apply is strict
            happened = state.apply(state.normalise(Action.from_json(data)))
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
#: the version new codes are written in; codes of version 1 are still read (see decode)
CODE_VERSION = 2
#: room in a code for versions (the code's lowest digit; a code of a later one is refused)
VERSIONS = 4
#: room for game numbers (``GameSpec.code``): 16 in version 1, 32 from version 2
GAMES_V1 = 16
GAMES = 32
#: version 1 codes were made for the first five games only (numbers 0 to 4)
V1_GAME_NUMBERS = 5
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


def _deals(spec) -> int:
    """How many deal numbers a code of ``spec``'s game tells apart: the deals of a match of a
    fixed count of deals each deal their own way; in the other games any deal is dealt as a
    first deal is, so a code has no number."""
    return spec.state_class.LAST_DEAL or 1


def _fields(version: int, layout: registry.CodeLayout) -> list[tuple[str, int]]:
    """The fields of a code above its version and game, lowest first: (name, how many
    values).

    A code's number is, lowest digit first: the version (``VERSIONS`` values), the game's
    number (its spec's ``code``; ``GAMES`` values, ``GAMES_V1`` in version 1), then these
    fields, sized by the game's ``code_layout`` (written once and never changed, so neither
    the menu's order nor the order a spec lists its options in changes what a code means):

    * version 2: players less the fewest; the first dealer (0: drawn from the seed as a new
      match draws it, else seat + 1, so most players + 1 values); the deal's number less 1;
      the seed (``SEED_SPACE`` values); then each option in its layout's order, the last
      highest, each as its layout digit (0 for the value written as its zero), so an option
      appended later leaves every earlier code as it was;
    * version 1: the options first, in the same order (the specs' order then) but the last
      lowest, each as its plain position in its values; then players, dealer, deal and
      seed as in version 2.
    """
    low, high = layout.players
    shape = [("players", high - low + 1), ("dealer", high + 1), ("deal", layout.deals),
             ("seed", SEED_SPACE)]
    options = [(key, len(values)) for key, values, _ in layout.options]
    if version == 1:
        return options[::-1] + shape
    return shape + options


def make_code(game: str, players: int, options: dict | None, seed: int,
              dealer: int | None = None, deal: int = 1) -> DealCode:
    """A DealCode with its options checked and complete (ConfigError when it cannot be)."""
    spec = registry.get(game)
    opts = spec.check_options(options)
    if isinstance(deal, bool) or not isinstance(deal, int) or not 1 <= deal <= _deals(spec):
        raise ConfigError("bad_code", "this deal's number cannot be put in a code")
    return DealCode(game, players, tuple(sorted(opts.items())), seed, dealer, deal)


def _digits_of(code: DealCode, layout: registry.CodeLayout) -> dict[str, int]:
    """Each field's value in a code of ``code`` in the current version (ConfigError when
    the layout cannot hold it: an option or value the table was not written for)."""
    options = code.spec.check_options(dict(code.options))
    keys = [key for key, _, _ in layout.options]
    if any(key not in keys for key in options):
        raise ConfigError("bad_code", "this game's options cannot be put in a code")
    digits = {"players": code.players - layout.players[0],
              "dealer": 0 if code.dealer is None else code.dealer + 1,
              "deal": code.deal - 1, "seed": code.seed}
    for key, _, _ in layout.options:
        digits[key] = layout.digit(key, options.get(key))
        if digits[key] is None:
            raise ConfigError("bad_code", f"option {key!r} cannot be put in a code")
    return digits


def encode(code: DealCode) -> str:
    """The code as a person reads it (in the current version): groups of four symbols, the
    last one the check."""
    spec = code.spec
    layout = spec.code_layout
    if layout is None or not 0 <= spec.code < GAMES or not 0 <= code.seed < SEED_SPACE:
        raise ConfigError("bad_code", "this deal cannot be given a code")
    digits = _digits_of(code, layout)
    value = 0
    for name, radix in reversed(_fields(CODE_VERSION, layout)):
        if not 0 <= digits[name] < radix:
            raise ConfigError("bad_code", f"this deal's {name} cannot be put in a code")
        value = value * radix + digits[name]
    value = (value * GAMES + spec.code) * VERSIONS + CODE_VERSION
    return _text(value)


def _text(value: int) -> str:
    """A code's number in symbols, the check after them, grouped by four."""
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
    """A typed or pasted code without spaces, dashes or dots, in capitals. Text pasted from
    a chat or a word processor may carry their look-alikes: full-width letters and digits
    are read as the plain ones (NFKC), and every kind of dash (en, em, minus, hyphen) and
    space as the plain ones."""
    text = unicodedata.normalize("NFKC", str(text)).upper()
    return "".join(ch for ch in text
                   if not ch.isspace() and ch not in "-.·_\u2212"
                   and unicodedata.category(ch) != "Pd")


def _shown(ch: str) -> str:
    """A character of a refused code as a person can read it in a sentence: itself when it
    prints as a visible sign, else its code point (a control, a joiner, a lone accent)."""
    visible = ch.isprintable() and unicodedata.category(ch)[0] not in "CMZ"
    return ch if visible else f"U+{ord(ch):04X}"


#: what may stand before a code in a line copied whole: the end screen's "Deal code: …" and
#: its French "Code de la donne : …"
LABELS = ("deal code", "code de la donne", "code de donne", "code")
#: a typing mistake, said of any code whose check fails or that a symbol more or less
#: makes a code of this program
TYPO = N_("This deal code has a typing mistake: check it and try again.")


class _Later(CodeError):
    """A code whose check holds but that this program cannot read: of a later version, or of
    a game it does not have (said only when no typing mistake makes it so). ``options``: of
    this version and a game it has, with options of a later program."""

    def __init__(self, message: Msg, options: bool = False):
        super().__init__(message)
        self.options = options


def decode(text: str) -> DealCode:
    """The deal a code names; CodeError (with one sentence) for a text that holds none.

    The code may be typed in any case, with spaces or dashes or none, or pasted with words
    around it (the end screen's whole line "Deal code: F4AW-938W", a chat's line): the code
    is picked out of it (:func:`code_in`). Reads codes of version 2 and of version 1 (the
    first, whose game number was the game's menu position then: the same numbers, frozen
    as ``GameSpec.code``), each to exactly the deal it named when it was made."""
    text = unicodedata.normalize("NFKC", str(text))
    if not normal_code(text):
        raise CodeError(Msg("Type or paste a deal code first."))
    found = _found(text)
    if found is not None:
        return found[1]
    target = codetext.refused_part(text, LABELS)
    if target is None:
        raise CodeError(Msg("This text holds no deal code: a deal code is letters and digits "
                            "in groups of four."))
    return _read_symbols(normal_code(target))


def code_in(text: str) -> str | None:
    """The part of ``text`` that is a deal code this program reads (as it is written there),
    or None: the text itself when it is one, else the longest code among its words (the
    program's own groups, in capitals or with a digit, before any other)."""
    found = _found(unicodedata.normalize("NFKC", str(text)))
    return None if found is None else found[0]


def _found(text: str) -> tuple[str, DealCode] | None:
    whole = _or_none(normal_code(text))
    if whole is not None:
        return codetext.trimmed(text), whole
    return codetext.best_span(text, _or_none, ALPHABET, MIN_SYMBOLS + 1, MAX_SYMBOLS + 1)


def _or_none(raw: str) -> DealCode | None:
    try:
        return _read(raw)
    except CodeError:
        return None


def _read_symbols(raw: str) -> DealCode:
    """A code's symbols read (:func:`_read`), a later program's code told from one with a
    symbol left out or one too many whose check holds by chance (one time in 29)."""
    try:
        return _read(raw)
    except _Later as later:
        if _near_miss(raw, later.options):
            raise CodeError(Msg(TYPO)) from None
        raise


def _near_miss(raw: str, options: bool) -> bool:
    """Is ``raw`` a code of this program with one symbol left out, or (unless ``options``)
    one too many? A wrong symbol or two swapped the check always catches; a symbol left
    out or added, one time in 29 it does not, and the code then reads as one of an unknown
    version or game. ``options``: the code reads as this version's, of a game this program
    has, with digits above its fields: options a later program added (one symbol too many
    makes that too, but so may a later program's code: it is believed)."""
    if any(_reads(raw[:i] + symbol + raw[i:])
           for i in range(len(raw) + 1) for symbol in ALPHABET):
        return True
    return not options and any(_reads(raw[:i] + raw[i + 1:]) for i in range(len(raw)))


def _reads(raw: str) -> bool:
    """Does ``raw`` read as a code of the current version? (Those of version 1 are not
    counted: it would make one more later program's code in nine a typing mistake.)"""
    try:
        _read(raw)
    except CodeError:
        return False
    return _version(raw) == CODE_VERSION


def _version(raw: str) -> int:
    """The version of a code's symbols that read as a code."""
    value = 0
    for ch in raw[:-1]:
        value = value * BASE + ALPHABET.index(ch)
    return value % VERSIONS


def _read(raw: str) -> DealCode:
    """The deal named by a code's symbols (capitals, no separators); CodeError, or _Later
    for a code whose check holds but that names what this program does not know."""
    typo = Msg(TYPO)
    for ch in raw:
        if ch not in ALPHABET:
            raise CodeError(Msg("A deal code has no “{char}”: check the letters and digits.",
                                char=_shown(ch)))
    if len(raw) < MIN_SYMBOLS + 1:
        raise CodeError(Msg("This deal code is too short: a deal code has at least {n} "
                            "letters and digits.", n=MIN_SYMBOLS + 1))
    if len(raw) > MAX_SYMBOLS + 1:
        raise CodeError(Msg("This is too long for a deal code: check it and try again."))
    digits = [ALPHABET.index(ch) for ch in raw[:-1]]
    if _check(digits) != ALPHABET.index(raw[-1]):
        raise CodeError(typo)
    value = 0
    for d in digits:
        value = value * BASE + d
    value, version = divmod(value, VERSIONS)
    if version not in (1, CODE_VERSION):
        raise _Later(Msg("This deal code was made by another version of the program."))
    value, number = divmod(value, GAMES_V1 if version == 1 else GAMES)
    spec = next((s for s in registry.specs() if s.code == number), None)
    if spec is None or spec.code_layout is None or (version == 1
                                                    and number >= V1_GAME_NUMBERS):
        raise _Later(Msg("This deal code is of a game this program does not have."))
    layout = spec.code_layout
    fields = {}
    for name, radix in _fields(version, layout):
        value, fields[name] = divmod(value, radix)
    if value:
        # digits above the last field: options of a later program (version 2), or a typo
        if version == 1:
            raise CodeError(typo)
        raise _Later(Msg("This deal code was made by another version of the program."),
                     options=True)
    players = fields["players"] + layout.players[0]
    dealer = fields["dealer"]
    if dealer > players:
        raise CodeError(typo)
    if version == 1:
        options = {key: values[fields[key]] for key, values, _ in layout.options}
    else:
        options = {key: layout.value(key, fields[key]) for key, _, _ in layout.options}
    try:
        return make_code(spec.id, players, options, fields["seed"],
                         None if dealer == 0 else dealer - 1, fields["deal"] + 1)
    except ConfigError:
        raise CodeError(typo) from None


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
