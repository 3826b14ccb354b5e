"""Play a deal code: a field to type or paste a code, and the deal it names is dealt.

    app.open("deal_code", on_play)     # on_play(DealCode) starts the match

A code that is not one gets one sentence under the field (``records.decode``); Ctrl+V
pastes. The field takes a whole line copied with the code in it (the end screen's "Deal
code: F4AW-938W", a chat's message): the code is picked out of it, and a pasted text
holding a code puts just the code in the field. Esc or Cancel closes the panel.

    app.open("deal_code", on_play, game_id)   # opened from a game's setup

A code that reads as one says under the field which game it deals, before anything starts;
a code of another game than the setup's says that it is not this game's. The field's hint
is a real code of that game (:func:`example_code`).

The system clipboard is reached in one place: :func:`put_on_clipboard` (the summary's and the
review's Copy) and :func:`clipboard_text` (Ctrl+V here).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from cardtable import records
from cardtable.engine import registry
from cardtable.i18n import N_, Msg, NMsg, of_game
from cardtable.ui import theme
from cardtable.ui.scenes.modal import ModalScene
from cardtable.ui.widgets import BUTTON_HEIGHT, Button, Form
from cardtable.ui.widgets.text import TextInput

#: the longest text the field takes: a line pasted or typed with the code among its words
#: (the end screen's "Deal code: …", a chat's message) is read whole, not cut before its code
FIELD_LENGTH = 200
#: the most of a pasted text searched for a code (a page pasted by mistake is not searched
#: whole at every key)
PASTE_SEARCHED = 10_000
#: the deal the field's hint names: any fixed seed does
EXAMPLE_SEED = 20260415


def put_on_clipboard(text: str) -> bool:
    """Put ``text`` on the system clipboard (pygame-ce's SDL clipboard); False where there
    is none to be had."""
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError):
        return False
    return True


def clipboard_text() -> str:
    """The text on the system clipboard ("" when there is none, or no clipboard)."""
    try:
        return pygame.scrap.get_text() or ""
    except (pygame.error, AttributeError):
        return ""


def copy_code(app, code: str | None) -> bool:
    """Copy a deal's code to the clipboard and say so in a toast (the summary's and the
    review's Copy button and Ctrl+C); False when there was nothing copied."""
    if not code:
        return False
    if not put_on_clipboard(code):
        if app is not None:
            app.toast(Msg("The code could not be copied: this system gives no clipboard."),
                      kind="bad")
        return False
    if app is not None:
        app.toast(Msg("Copied: {code}", code=code), kind="good")
    return True


def example_code(game: str | None = None) -> str:
    """A real code (its shape and check symbol as made by ``records``) of ``game`` with its
    usual options, or of the first game: the field's hint shows what to type."""
    ids = registry.ids()
    game = game if game in ids else ids[0]
    spec = registry.get(game)
    players = max(spec.min_players, min(spec.max_players, 4))
    return records.encode(records.make_code(game, players, spec.default_options(),
                                            EXAMPLE_SEED))


def game_name(game: str) -> Msg:
    return Msg(registry.get(game).name)


def of_game_name(game: str) -> Msg:
    """The game's name after "of" (see :func:`cardtable.i18n.of_game`)."""
    return of_game(registry.get(game).name)


NOTE = N_("The same cards on every copy of the program; the computers play at the levels "
          "chosen for their seats.")


class DealCodeScene(ModalScene):
    PANEL = (640, 300)
    DIM = 150

    def __init__(self, on_play: Callable[[records.DealCode], Any],
                 game: str | None = None) -> None:
        super().__init__()
        self.on_play = on_play
        #: the game whose setup opened the panel (None: opened from elsewhere)
        self.game = game
        self.text = ""
        self.problem: Msg | None = None
        #: the deal the text names, once it reads as a code (None while it does not)
        self.code: records.DealCode | None = None
        #: the code as the text writes it, when the text has more than the code in it
        #: (a line pasted or typed whole): said under the field, to show what was read
        self.found: str | None = None
        self.form = Form(on_cancel=self.cancel)

    def set_text(self, text: str) -> None:
        self.text = text
        self.problem = None
        try:
            code = records.decode(text)
        except records.CodeError:
            code = None
        before, self.code = self.code, code
        found = None if code is None else records.code_in(text)
        self.found = found if found is not None and found != text.strip() else None
        if code is not None and (before is None or before.game != code.game) and \
                self.app is not None:
            self.app.narrator.say(self.code_words(), interrupt=False)

    def other_game(self) -> bool:
        """Is the code typed one of another game than the setup's?"""
        return self.code is not None and self.game is not None and self.code.game != self.game

    def code_words(self) -> Msg | NMsg | None:
        """What the typed code is, in a sentence: its game (and that it is not the setup's)
        and its players."""
        code = self.code
        if code is None:
            return None
        # a later deal of a match (the rummies' codes may name one): said, since the match
        # then starts there ("Hand 5 of 12"), not at its first
        later = code.deal > 1
        if self.other_game():
            if later:
                return Msg("This code is a deal of {of_game}, not of {of_here}: it starts a "
                           "match of {of_game} at its deal {deal}.",
                           of_game=of_game_name(code.game), of_here=of_game_name(self.game),
                           deal=code.deal)
            return Msg("This code is a deal of {of_game}, not of {of_here}: it starts a match "
                       "of {of_game}.", of_game=of_game_name(code.game),
                       of_here=of_game_name(self.game))
        if later:
            return NMsg("Deal {deal} of a match of {of_game} for {n} player.",
                        "Deal {deal} of a match of {of_game} for {n} players.", code.players,
                        of_game=of_game_name(code.game), n=code.players, deal=code.deal)
        return NMsg("A deal of {of_game} for {n} player.", "A deal of {of_game} for {n} players.",
                    code.players, of_game=of_game_name(code.game), n=code.players)

    def play(self) -> None:
        try:
            code = records.decode(self.text)
        except records.CodeError as err:
            self.problem = err.message
            field = self.field()
            if field is not None:           # back to the field, to correct the code
                self.form.focus(field)
            return
        if self.app is not None and self.app.top is self:
            self.app.pop()
        self.on_play(code)

    def cancel(self) -> None:
        if self.app is not None and self.app.top is self:
            self.app.pop()

    def paste(self) -> None:
        """Ctrl+V: a pasted text holding a code puts that code in the field (in place of
        what it held); any other text goes in at the caret, its lines and spaces run
        together, up to the field's length."""
        text = clipboard_text()[:PASTE_SEARCHED]
        field = self.field()
        if field is None:
            return
        code = records.code_in(text)
        if code is not None:
            field.set_text(code, notify=True)
        else:
            field.text_input(" ".join(text.split())[:FIELD_LENGTH])

    def field(self) -> TextInput | None:
        return next((w for w in self.form.widgets if isinstance(w, TextInput)), None)

    # ---- layout ---------------------------------------------------------------------------
    #: lines kept of the note under the title, and of what is said of the code typed (the
    #: code found in a line typed whole, then up to three of what it deals)
    NOTE_LINES, FEEDBACK_LINES = 2, 4

    def _places(self, p: pygame.Rect) -> tuple[int, int, int]:
        """Where the note, the field and the words under it begin (from the panel's top),
        measured from the text as it is drawn: a longer language or a larger text size
        pushes the field down rather than letting the note run into it."""
        size = theme.px(theme.SMALL)
        title = theme.px(26) + theme.line_height(theme.px(theme.SUBHEADING + 2), True)
        note = max(theme.px(66), title + theme.px(6))
        lines = len(theme.wrap(NOTE, theme.font(size), p.width - theme.px(80))[:self.NOTE_LINES])
        field = max(theme.px(110), note + lines * theme.line_height(size) + theme.px(10))
        return note, field, field + theme.px(BUTTON_HEIGHT) + theme.px(8)

    def panel_rect(self) -> pygame.Rect:
        """The panel, taller where its words need it (within the window)."""
        p = super().panel_rect()
        feedback = self._places(p)[2] + self.FEEDBACK_LINES * theme.line_height(
            theme.px(theme.SMALL))
        need = feedback + theme.px(12) + theme.px(BUTTON_HEIGHT) + theme.px(self.BUTTON_MARGIN)
        if need > p.height:
            centre = p.center
            p.height = min(need, self.size[1] - theme.px(20))
            p.center = centre
        return p

    def buttons(self) -> tuple[list[Button], Button]:
        cancel = Button(N_("Cancel"), self.cancel)
        play = Button(N_("Play this deal"), self.play, style="primary")
        cancel.name, play.name = "Cancel", "Play"
        return [cancel, play], play

    def layout(self) -> None:
        super().layout()
        p = self.panel_rect()
        field = TextInput(self.text, on_change=self.set_text, max_length=FIELD_LENGTH,
                          hint=Msg("For example {code}", code=example_code(self.game)),
                          label=N_("Deal code"))
        field.name = "code"
        field.rect = pygame.Rect(p.left + theme.px(40), p.top + self._places(p)[1],
                                 p.width - theme.px(80), theme.px(BUTTON_HEIGHT))
        self.form.add(field)
        self.form.focus(field)

    # ---- frame ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL:
                self.paste()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and \
                    isinstance(self.form.focused, TextInput):
                self.play()
                return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        p = self.draw_frame(surface)
        theme.draw_text(surface, N_("Play a deal code"), (p.centerx, p.top + theme.px(26)),
                        theme.px(theme.SUBHEADING + 2), theme.TEXT, bold=True, anchor="midtop")
        size = theme.px(theme.SMALL)
        width = p.width - theme.px(80)
        note_top, _, top = self._places(p)
        y = p.top + note_top
        for line in theme.wrap(NOTE, theme.font(size), width)[:self.NOTE_LINES]:
            theme.draw_text(surface, line, (p.centerx, y), size, theme.TEXT_DIM,
                            anchor="midtop", shadow=False)
            y += theme.line_height(size)
        top += p.top
        words = self.code_words()
        if self.problem is not None:
            said, colour = self.problem, theme.BAD
        else:
            said = words
            colour = theme.ACCENT_LIGHT if self.other_game() else theme.TEXT_DIM
        if said is not None:
            lines = theme.wrap(said, theme.font(size), width)
            if self.problem is None and self.found is not None:
                lines = [*theme.wrap(Msg("The code in this text: {code}", code=self.found),
                                     theme.font(size), width), *lines]
            # wrapped inside the panel (a refusal in French ran past both its edges)
            for line in lines[:self.FEEDBACK_LINES]:
                theme.draw_text(surface, line, (p.centerx, top), size, colour,
                                anchor="midtop", shadow=False)
                top += theme.line_height(size)
        self.form.draw(surface)
