"""The App's voice: it says what the screen shows to a person who cannot see it.

The App owns one :class:`Narrator`. After every frame's events and update it looks at the
scene on top: a new screen says its heading and then its focus (``Scene.spoken_heading``
and ``Scene.spoken_focus``); on the same screen, a focus that changed (moved, or a value
that changed under it) is said again. Every key first silences what is being said, so the
sentence a key brings replaces the old one and nothing is said minutes late. The table
adds the game's events, one after another (:meth:`event`), and the sentences its keys ask
for (:meth:`say`).

The "speech" setting chooses the back end (:func:`cardtable.speech.open_backend`); the
library is opened after the first frame is on screen, so a start-up never waits for it,
and only when the setting is not Off.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from cardtable import speech
from cardtable.i18n import N_, tr
from cardtable.ui.tween import speed_factor

if TYPE_CHECKING:
    from cardtable.ui.app import App


#: keys that leave speech alone: a screen reader's own modifiers (NVDA's Caps Lock and
#: Insert, VoiceOver's Control+Option go through Alt) and the lock keys. Control, as in
#: every screen reader, silences it.
QUIET_KEYS = frozenset({pygame.K_CAPSLOCK, pygame.K_INSERT, pygame.K_NUMLOCKCLEAR,
                        pygame.K_SCROLLLOCK, pygame.K_LALT, pygame.K_RALT, pygame.K_LGUI,
                        pygame.K_RGUI, pygame.K_MODE})


class Narrator:
    """What the App says aloud; see the module docstring."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.speaker = speech.Speaker(clock=lambda: app.time)
        self.mode = str(app.settings.get("speech", "auto"))
        #: the back end is chosen (the library opened, or speech off)
        self.opened = False
        #: a back end given by a test or the smoke test: the setting does not replace it
        self.fixed = False
        self._scene: Any = None
        self._focus: str | None = None
        self._keyed = False
        self._told = False       # an event was said since the last frame
        #: why speech asked for ("On") is silent was shown (once a run)
        self._silence_shown = False
        self.apply_speed()

    # ---- back end ----------------------------------------------------------------------
    @property
    def active(self) -> bool:
        """Something listens (a screen reader, the system's voice, a test)."""
        return self.speaker.active

    def use(self, backend: speech.Backend) -> None:
        """Speak through ``backend`` whatever the setting (tests, the smoke test)."""
        self.fixed = True
        self.opened = True
        self.speaker.use(backend)
        self.apply_speed()
        self._scene = None

    def open(self) -> None:
        """Choose the back end for the setting (the library is opened at most once a mode)."""
        self.opened = True
        if self.fixed:
            return
        backend, reason = speech.open_backend(self.mode)
        self.speaker.use(backend, reason)
        self.apply_speed()
        self._scene = None      # say where we are
        why = self.silence()
        if why is not None and not self._silence_shown:
            # speech was asked for and nothing speaks: say so once (the Settings screen
            # shows it beside the setting as long as it holds)
            self._silence_shown = True
            self.app.toast(why, 6.0, kind="error")

    def silence(self) -> str | None:
        """Why speech set to On stays silent (no screen reader or system voice to speak
        with), in a sentence for the screen; None when it speaks, is not asked for (Off,
        or Automatic without a screen reader: silence is what that asks for), or is not
        opened yet."""
        if self.fixed or not self.opened or self.mode != "on" or self.active:
            return None
        return N_("Speech is on, but no screen reader or system voice was found, so "
                  "nothing is said.")

    def setting_changed(self, key: str, value: Any) -> None:
        if key == "speech" and value != self.mode:
            self.mode = str(value)
            if self.opened:
                self.open()
        elif key in ("animation_speed", "reduced_motion"):
            self.apply_speed()

    def apply_speed(self) -> None:
        st = self.app.settings
        speed = "off" if st.get("reduced_motion") else st.get("animation_speed", "normal")
        self.speaker.set_speed(speed_factor(speed))

    # ---- what is said --------------------------------------------------------------------
    def key(self, event: pygame.event.Event) -> None:
        """A key was pressed: silence what is being said; what it brings replaces it."""
        if event.type == pygame.KEYDOWN and self.active and \
                getattr(event, "key", None) not in QUIET_KEYS:
            self.speaker.cancel()
            self._keyed = True

    def say(self, text, interrupt: bool = True) -> None:
        """Say ``text`` (a marked text or a Msg, translated here) at once."""
        if self.active:
            self.speaker.say(spoken(text), interrupt)

    def event(self, text) -> None:
        """Say a game event's sentence after what is being said; on a screen not yet
        named, after its name (a table's first deal was said before the table's title)."""
        if self.active:
            self._name_new_screen()
            self.speaker.say(spoken(text), interrupt=False)
            self._told = True

    def _name_new_screen(self) -> None:
        top = self.app.top
        if top is None or top is self._scene:
            return
        self._scene = top
        self._focus = top.spoken_focus()
        text = spoken(sentences([top.spoken_heading(), self._focus or ""]))
        if text:
            self.speaker.say(text, interrupt=False)

    def busy(self) -> bool:
        """An event's sentence is still being said (the table waits for it)."""
        return self.speaker.busy()

    def follow(self) -> None:
        """After a frame: say the new screen, or the focus that changed."""
        if not self.opened:
            if self.app.frames_shown == 0 and not self.fixed:
                return
            self.open()
        if not self.active:
            self._scene = None
            return
        top = self.app.top
        # what a key brought replaces what was being said, but not the move it made (a card
        # played with Enter is said, then where the focus went)
        interrupt = self._keyed and not self._told
        keyed = self._keyed
        self._keyed = self._told = False
        if top is None:
            return
        focus = top.spoken_focus()
        if top is not self._scene:
            self._scene = top
            self._focus = focus
            text = spoken(sentences([top.spoken_heading(), focus or ""]))
            if text:
                self.speaker.say(text, interrupt)
            return
        if focus != self._focus:
            # said when a key moved it or changed its value; a focus that changes by itself
            # (a card becomes playable as the turn comes) waits for the next key
            self._focus = focus
            if focus and keyed:
                self.speaker.say(spoken(focus), interrupt)


def spoken(text) -> str:
    """``text`` translated, the screen's separating dots said as commas, and every
    sentence begun with a capital letter (a line made of a word list, "clubs: king,
    queen", "the stock: 11 cards", is a sentence when it is said)."""
    return capitalised(tr(text).replace("  ·  ", ", ").replace(" · ", ", "))


#: names written in lower case wherever they stand (the program's)
OWN_CASE = ("cardtable",)


def capitalised(text: str) -> str:
    """``text`` with the first letter of each sentence in upper case (at the start, and
    after a full stop, a question or exclamation mark or an ellipsis and a space)."""
    out = []
    start = True
    for i, ch in enumerate(text):
        if start and ch.isalpha() and text.startswith(OWN_CASE, i):
            start = False
        elif start and ch.isalpha():
            ch = ch.upper()
            start = False
        elif start and not ch.isspace() and ch not in "\"'“«(":
            start = False
        if ch in ".!?…" and (i + 1 == len(text) or text[i + 1].isspace()):
            start = True
        out.append(ch)
    return "".join(out)


def sentences(parts) -> str:
    """Texts said one after another, each ending as a sentence ("Sixty-Six. Your turn.")."""
    out = []
    for part in parts:
        part = str(part).strip()
        if part:
            out.append(part if part[-1] in ".!?:;…" else part + ".")
    return " ".join(out)


__all__ = ["Narrator", "capitalised", "sentences", "spoken"]
