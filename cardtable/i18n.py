"""The program's languages: English (the source text) and French.

Every text the program shows is written in English in the code and goes through ``_()``
(or ``ngettext()`` where a number decides the form). The catalogues live in
``assets/locale/<lang>/LC_MESSAGES/cardtable.mo`` and are built at development time with
Babel (``make locale``); at run time only the standard library's :mod:`gettext` reads them.

Text that is defined once at import time (labels in a table, option names) is marked with
``N_()``, which only marks it for extraction; the code that shows it calls ``_()`` on it then,
so a change of language takes effect at the next frame without a restart.

The engine never translates: it speaks in codes (``IllegalAction.code``) and the user
interface turns them into sentences.
"""

from __future__ import annotations

import gettext as _gettext
import locale
import math
import os
import re
from collections.abc import Callable, Sequence

from cardtable.engine import registry
from cardtable.paths import asset

DOMAIN = "cardtable"
#: the languages offered in Settings, in their own words
LANGUAGES = {"en": "English", "fr": "Français"}
SOURCE_LANGUAGE = "en"

_translations: _gettext.NullTranslations = _gettext.NullTranslations()
_current = SOURCE_LANGUAGE
#: the registry's generation the games' catalogues were added for (see :func:`_now`)
_games_seen: list[int | None] = [None]
_listeners: list[Callable[[str], None]] = []


def locale_dir():
    return asset("locale")


def system_language() -> str:
    """The system's language if we have it, else English (``LANGUAGE``/``LC_ALL``/``LANG``
    first, then the platform's own locale)."""
    candidates: list[str] = []
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            candidates.extend(value.split(":"))
    try:
        loc = locale.getlocale()[0]
    except (ValueError, TypeError):
        loc = None
    if loc:
        candidates.append(loc)
    for c in candidates:
        code = c.split(".")[0].split("_")[0].split("-")[0].lower()
        if code in LANGUAGES:
            return code
        if code and code not in ("c", "posix"):
            break  # the system asks for a language we do not have: English
    return SOURCE_LANGUAGE


def resolve(setting: str | None) -> str:
    """The language a setting means: ``"auto"`` (or anything unknown) follows the system."""
    if setting in LANGUAGES:
        return setting
    return system_language()


def set_language(setting: str | None) -> str:
    """Switch every later ``_()`` to ``setting`` ("en", "fr" or "auto"); returns the code used.

    A missing or damaged catalogue falls back to English rather than failing.
    """
    global _translations, _current
    code = resolve(setting)
    if code == SOURCE_LANGUAGE:
        trans: _gettext.NullTranslations = _gettext.NullTranslations()
    else:
        try:
            trans = _gettext.translation(DOMAIN, str(locale_dir()), languages=[code])
        except (OSError, ValueError):
            trans, code = _gettext.NullTranslations(), SOURCE_LANGUAGE
    changed = code != _current
    _translations, _current = trans, code
    _games_seen[0] = None
    if changed:
        for fn in list(_listeners):
            fn(code)
    return code


def language() -> str:
    return _current


def on_change(fn: Callable[[str], None]) -> Callable[[], None]:
    """Call ``fn(code)`` whenever the language changes; returns a function that stops it."""
    _listeners.append(fn)
    return lambda: _listeners.remove(fn) if fn in _listeners else None


def _now() -> _gettext.NullTranslations:
    """The current language's translations, with the catalogues the registered games bring
    (``Game.locale``) looked in after the program's own; made again when the set of games
    changes. Before anything has asked the registry for its games (generation 0), only the
    program's own: finding the games imports every one of them, which the first frame does
    not need, and a game's words are shown only after something has found it."""
    global _translations
    generation = registry.generation()
    if _games_seen[0] != generation:
        _games_seen[0] = generation
        if _current != SOURCE_LANGUAGE:
            own = _gettext.translation(DOMAIN, str(locale_dir()), languages=[_current],
                                       fallback=True)
            for game in registry.games() if generation else ():
                if game.locale:
                    own.add_fallback(_gettext.translation(
                        game.id, game.locale, languages=[_current], fallback=True))
            _translations = own
    return _translations


def _(message: str) -> str:
    """``message`` in the current language."""
    return _now().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _now().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """A message whose translation depends on where it is used ("Close" a stock / a window)."""
    return _now().pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it now."""
    return message


class Msg:
    """A sentence with blanks, translated each time it is shown (so a change of language
    reaches texts already on screen: log lines, toasts, captions).

        Msg("{name} wins the trick.", name=seat_name)

    The values may be Msgs themselves (translated in turn) or plain values (``str()``).
    """

    __slots__ = ("msgid", "values")

    def __init__(self, msgid: str, /, **values) -> None:
        self.msgid = msgid
        self.values = values

    def __str__(self) -> str:
        text = _(self.msgid)
        if not self.values:
            return text
        return text.format(**{k: tr(v) if isinstance(v, Msg) else v
                              for k, v in self.values.items()})

    def __repr__(self) -> str:
        return f"Msg({self.msgid!r}, {self.values!r})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Msg) and (self.msgid, self.values) == (other.msgid, other.values)

    def __hash__(self) -> int:
        return hash((self.msgid, tuple(sorted((k, str(v)) for k, v in self.values.items()))))

    def __contains__(self, part: str) -> bool:  # tests ask `"again" in toast`
        return part in str(self)


class NMsg(Msg):
    """A sentence whose form depends on a number: ``NMsg("{n} trick", "{n} tricks", n, n=n)``."""

    __slots__ = ("plural", "n")

    def __init__(self, singular: str, plural: str, n: int, /, **values) -> None:
        super().__init__(singular, **values)
        self.plural = plural
        self.n = n

    def __str__(self) -> str:
        text = ngettext(self.msgid, self.plural, self.n)
        return text.format(**{k: tr(v) if isinstance(v, Msg) else v
                              for k, v in self.values.items()})

    def __eq__(self, other) -> bool:
        return isinstance(other, NMsg) and (self.msgid, self.n, self.values) == (
            other.msgid, other.n, other.values)

    def __hash__(self) -> int:
        return hash((super().__hash__(), self.n))


class PMsg(Msg):
    """A sentence whose translation depends on where it is used (``pgettext``): the same
    English for two games whose French words differ, ``PMsg(game_id, "WILD CARDS")``."""

    __slots__ = ("context",)

    def __init__(self, context: str, msgid: str, /, **values) -> None:
        super().__init__(msgid, **values)
        self.context = context

    def __str__(self) -> str:
        text = pgettext(self.context, self.msgid)
        if text == self.msgid and _current != SOURCE_LANGUAGE:
            text = _(self.msgid)      # no word of its own for this context: the common one
        if not self.values:
            return text
        return text.format(**{k: tr(v) if isinstance(v, Msg) else v
                              for k, v in self.values.items()})

    def __eq__(self, other) -> bool:
        return isinstance(other, PMsg) and (self.context, self.msgid, self.values) == (
            other.context, other.msgid, other.values)

    def __hash__(self) -> int:
        return hash((super().__hash__(), self.context))


#: the context of a game's name where a sentence says "of <game>" (:func:`of_game`)
OF_GAME = "of the game"


def of_game(name: str) -> PMsg:
    """A game's name (its English, as the registry has it) where a sentence says "of
    <game>", for the field ``{of_game}`` of a sentence: in English the name alone, after the
    sentence's own "of"; a language whose "of" joins the name's article gives the joined
    form, and its sentences leave their own "of" out (French "du Jeu de 65 (rami)", "de
    Soixante-six": never "de Le jeu de 65")."""
    return PMsg(OF_GAME, name)


#: the default names setup gives people ("You", "Player 2", "Friend 2"): data kept in
#: English in the match and the statistics, shown in the current language
_PLAYER_N = re.compile(r"^Player (\d+)$")
_FRIEND_N = re.compile(r"^Friend (\d+)$")


def seat_name(name: str) -> Msg | str:
    """A seat's name as the screen shows it: a default name in the current language, a
    typed or computer name as it is."""
    if name == "You":
        return Msg("You")
    if name == "Host":           # the person at the host's table, as a friend's copy says it
        return Msg("Host")
    m = _PLAYER_N.match(name)
    if m:
        return Msg("Player {n}", n=int(m.group(1)))
    m = _FRIEND_N.match(name)
    if m:
        return Msg("Friend {n}", n=int(m.group(1)))
    return name


#: how each language writes a number: (decimal mark, thousands separator, percent pattern).
#: French: a decimal comma, a narrow no-break space between thousands and before "%".
NUMBER_STYLES = {
    "en": (".", ",", "{n}%"),
    "fr": (",", "\u202f", "{n}\u202f%"),
}


def number(value, decimals: int = 0) -> str:
    """``value`` as the current language writes it, with ``decimals`` digits after the mark:
    ``number(2.5, 1)`` is "2.5" in English and "2,5" in French; thousands are grouped
    ("12,345" / "12 345"). Anything that is not a finite number is shown as it is."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    mark, group, _ = NUMBER_STYLES.get(_current, NUMBER_STYLES[SOURCE_LANGUAGE])
    if isinstance(value, int) and decimals <= 0:
        text = f"{value:,d}"
    else:
        text = f"{value:,.{max(0, decimals)}f}"
    return text.replace(",", "\0").replace(".", mark).replace("\0", group)


def percent(fraction: float, decimals: int = 0) -> str:
    """``fraction`` (0.5) as a percentage in the current language: "50%" / "50 %"."""
    pattern = NUMBER_STYLES.get(_current, NUMBER_STYLES[SOURCE_LANGUAGE])[2]
    return pattern.format(n=number(fraction * 100, decimals))


def cents(value: int, signed: bool = False) -> Msg:
    """An amount of money in cents as the language writes it: "65¢" in English, "65 ¢" in
    French (a narrow no-break space, as before "%"); with ``signed`` a gain or a loss,
    "+60¢" or "−5¢" (a true minus sign, never a hyphen)."""
    sign = "+" if signed and value > 0 else "\u2212" if value < 0 else ""
    return Msg("{n}¢", n=sign + number(abs(value)))


def paragraphs(markup: str) -> list[str]:
    """Source lines joined into paragraphs (the unit of translation of long texts such as the
    rules): a line that starts no heading (``#``), bullet (``-``) or paragraph continues the
    one before it; a blank line is kept as ``""``."""
    out: list[str] = []
    blank = True
    for raw in markup.strip("\n").split("\n"):
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            out.append("")
            blank = True
            continue
        starts = stripped.startswith(("# ", "## ", "- "))
        if out and not blank and not starts and not out[-1].startswith("#"):
            out[-1] = f"{out[-1]} {stripped}"
        else:
            out.append(line)
        blank = False
    return out


def tr(text) -> str:
    """What the screen shows for ``text``: a Msg filled in, a marked text in the current
    language, anything else as it is (names, numbers)."""
    if isinstance(text, Msg):
        return str(text)
    if isinstance(text, str):
        return _translations.gettext(text) if text else text
    return str(text)


#: the functions whose literal text arguments are extracted into the catalogue
#: (Babel keyword specifications; ``make locale`` and the catalogue test both use them)
EXTRACT_KEYWORDS = {
    "_": None, "N_": None, "Msg": None, "NMsg": (1, 2), "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2), "PMsg": ((1, "c"), 2),
    # widgets and drawing calls whose text argument is a literal (translated when drawn)
    "Button": None, "draw_text": (2,), "show_toast": None, "show_caption": None,
}


def and_list(parts: Sequence) -> Msg | str:
    """'Margot and Theo', 'Margot, Hana and Theo' (each part translated when shown)."""
    if not parts:
        return ""
    text = parts[-1]
    if len(parts) > 1:
        text = Msg("{a} and {b}", a=parts[-2], b=parts[-1])
        for p in reversed(parts[:-2]):
            text = Msg("{a}, {b}", a=p, b=text)
    return text
