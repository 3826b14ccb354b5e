"""Text widgets: a one-line text field and a scrolling block of paragraphs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from cardtable import letters
from cardtable.i18n import N_, Msg, NMsg, language, paragraphs, tr
from cardtable.names import printable
from cardtable.ui import theme
from cardtable.ui.widgets.base import (
    BLINK_FOR,
    BLINK_ON,
    Widget,
    approach,
)

#: the mark at an end of a scrolled field where more of its text lies out of view
OUT_OF_VIEW = "\u2026"
#: what a field says of letters typed or pasted that the typeface cannot show (dropped)
NO_SUCH_LETTERS = N_("This table's letters do not include {letters}: Latin, Greek and "
                     "Cyrillic letters only.")


def _without(text: str, dropped: list[str]) -> str:
    """``text`` without the characters ``dropped``, and without the second of two spaces
    their going brought together ("Zoë 🃏 Ann" is "Zoë Ann")."""
    out: list[str] = []
    gap = False
    for ch in text:
        if ch in dropped:
            gap = True
            continue
        if not (gap and ch.isspace() and out and out[-1].isspace()):
            out.append(ch)
        gap = gap and ch.isspace()
    return "".join(out)


def refusal_note(dropped: list[str]) -> Msg:
    """The sentence a field says for the letters it dropped: ``ש, 🃏`` (a screen reader's
    voice may read them; the screen cannot draw them: :func:`shown_note`)."""
    return Msg(NO_SUCH_LETTERS, letters=letters.named(dropped))


def shown_note(dropped: list[str]) -> NMsg:
    """The sentence a field shows for the letters it dropped: how many (drawn, they
    would be boxes)."""
    return NMsg("This table's letters do not include {n} letter you typed: Latin, Greek "
                "and Cyrillic letters only.",
                "This table's letters do not include {n} letters you typed: Latin, Greek "
                "and Cyrillic letters only.", len(dropped), n=len(dropped))


class TextInput(Widget):
    """A one-line text field. Typing arrives as TEXTINPUT events.

    A text longer than the field scrolls while the field has the focus, so the caret and
    what is being typed are always in view (a mark at either end says more is there);
    without the focus the field shows the text's beginning, cut with "…". ``label`` is what
    speech calls the field ("Address: 192.168.1.20"); without one it is a name field.

    Letters the typeface cannot show (:mod:`cardtable.letters`: Hebrew, Arabic, emoji...)
    are dropped as they are typed or pasted, the rest kept; while the field keeps the focus
    one sentence over it (or under it, at the window's top) names what was dropped
    (:attr:`dropped`)."""

    def __init__(self, text: str = "", on_change: Callable[[str], Any] | None = None,
                 max_length: int = 18, hint: str | Msg = "", enabled: bool = True, rect=None,
                 label: str | Msg | None = None):
        super().__init__(rect, enabled)
        self.text = text[:max_length]
        self.on_change = on_change
        self.max_length = max_length
        self.hint = hint
        self.label = label
        self.cursor = len(self.text)
        #: the first character shown while the text is scrolled (the focus on a long text)
        self.first = 0
        self.blink = 0.0
        #: seconds since the caret last moved (it blinks for :data:`BLINK_FOR` seconds)
        self.still = 0.0
        #: Ctrl+A selected the whole text: what is typed next, Backspace or Delete replace it
        self.all_selected = False
        #: the letters last typed or pasted that the typeface lacks (dropped; said while
        #: the field keeps the focus)
        self.dropped: list[str] = []

    def spoken(self) -> str:
        """'Name field: Margot' (empty, the name it stands for: its hint); a field with a
        ``label``, 'Deal code: F4AW-938W' or 'Deal code: empty'."""
        if self.label is not None:
            if not self.text:
                said = tr(Msg("{label}: empty", label=self.label))
            else:
                said = tr(Msg("{label}: {value}", label=self.label, value=self.text))
            return f"{said} {self.note()}" if self.dropped else said
        value = self.text or tr(self.hint)
        if not value:
            said = tr(Msg("Name field: empty"))
        else:
            said = tr(Msg("Name field: {value}", value=value))
        return f"{said} {self.note()}" if self.dropped else said

    def note(self) -> str:
        """The sentence the field shows for the letters it dropped ('' when none)."""
        return tr(refusal_note(self.dropped)) if self.dropped else ""

    def restart_blink(self) -> None:
        """The caret moved: it shows at once and blinks again."""
        self.blink = 0.0
        self.still = 0.0

    def _changed(self) -> None:
        self.restart_blink()
        if self.on_change is not None:
            self.on_change(self.text)

    def set_text(self, text: str, notify: bool = False) -> None:
        self.text = text[: self.max_length]
        self.cursor = len(self.text)
        self.all_selected = False
        if notify:
            self._changed()

    def mouse_down(self, pos: tuple[int, int]) -> None:
        self.all_selected = False
        size = theme.px(theme.BODY)
        first, shown = self.window(size, self._room(size))
        x = pos[0] - (self.rect.left + theme.px(12) + self._lead(first, size))
        fnt = theme.font(size)
        best = first + len(shown)
        for i in range(len(shown) + 1):
            if fnt.size(shown[:i])[0] >= x:
                best = first + i
                break
        self.cursor = best
        self.restart_blink()

    def _room(self, size: int) -> int:
        """The width the text may take (less the "18/18" of a full field with the focus)."""
        room = self.rect.width - theme.px(24)
        if self.focused and self.enabled and len(self.text) >= self.max_length:
            count = f"{len(self.text)}/{self.max_length}"
            room -= theme.text_size(count, theme.px(theme.SMALL - 2))[0] + theme.px(6)
        return max(theme.px(20), room)

    @staticmethod
    def _lead(first: int, size: int) -> int:
        """The room the mark before a scrolled text takes (none at its beginning)."""
        return theme.font(size).size(OUT_OF_VIEW)[0] if first > 0 else 0

    def window(self, size: int, room: int) -> tuple[int, str]:
        """The part of the text the field shows, and where it begins: all of it when it
        fits; with the focus, a part that holds the caret, scrolled no more than it must
        (a mark "…" before it takes its room when it does not begin the text); without the
        focus, the beginning (drawn cut with "…")."""
        fnt = theme.font(size)
        text = self.text
        if not (self.focused and self.enabled) or fnt.size(text)[0] <= room:
            self.first = 0
            return 0, text
        first = min(self.first, self.cursor)

        mark = fnt.size(OUT_OF_VIEW)[0]

        def fits(a: int, b: int) -> bool:     # with the marks of what lies out of view
            after = mark if b < len(text) else 0
            return self._lead(a, size) + fnt.size(text[a:b])[0] + after <= room

        while first < self.cursor and not fits(first, self.cursor):
            first += 1
        end = self.cursor
        while end < len(text) and fits(first, end + 1):
            end += 1
        while first > 0 and fits(first - 1, end):      # room left: show more before
            first -= 1
        self.first = first
        return first, text[first:end]

    def mouse_up(self, pos: tuple[int, int], inside: bool) -> None:
        pass

    def text_input(self, text: str) -> bool:
        if not self.enabled:
            return False
        text = printable(text)
        dropped = letters.unshowable(text)
        if dropped:
            self.dropped = dropped
            self.eased = True           # (the note shows at the next frame)
            text = _without(text, dropped)
        if text and self.all_selected:
            self._clear_selected()
        room = self.max_length - len(self.text)
        if room <= 0 or not text:
            return True
        text = text[:room]
        self.text = self.text[: self.cursor] + text + self.text[self.cursor:]
        self.cursor += len(text)
        self._changed()
        return True

    def _clear_selected(self) -> None:
        self.all_selected = False
        self.text, self.cursor = "", 0

    def key(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        k = event.key
        if k == pygame.K_a and getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.all_selected = bool(self.text)
            self.cursor = len(self.text)
            return True
        if k in (pygame.K_BACKSPACE, pygame.K_DELETE) and self.all_selected:
            self._clear_selected()
            self._changed()
            return True
        if k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            self.all_selected = False       # the caret moves: nothing is selected any more
        if k == pygame.K_BACKSPACE:
            if self.cursor > 0:
                self.text = self.text[: self.cursor - 1] + self.text[self.cursor:]
                self.cursor -= 1
                self._changed()
            return True
        if k == pygame.K_DELETE:
            if self.cursor < len(self.text):
                self.text = self.text[: self.cursor] + self.text[self.cursor + 1:]
                self._changed()
            return True
        if k == pygame.K_LEFT:
            self.cursor = max(0, self.cursor - 1)
            self.restart_blink()
            return True
        if k == pygame.K_RIGHT:
            self.cursor = min(len(self.text), self.cursor + 1)
            self.restart_blink()
            return True
        if k == pygame.K_HOME:
            self.cursor = 0
            self.restart_blink()
            return True
        if k == pygame.K_END:
            self.cursor = len(self.text)
            self.restart_blink()
            return True
        # printable keys arrive again as TEXTINPUT; keep them from the form's shortcuts
        uni = getattr(event, "unicode", "")
        return bool(uni) and uni.isprintable() and k not in (pygame.K_RETURN, pygame.K_TAB)

    def activate(self) -> None:
        pass

    @property
    def blinking(self) -> bool:
        """The caret blinks now (focused, and moved less than :data:`BLINK_FOR` ago)."""
        return self.focused and self.visible and self.enabled and self.still < BLINK_FOR

    def update(self, dt: float) -> None:
        super().update(dt)
        shown = self.blink < BLINK_ON
        if not self.focused:
            self.restart_blink()         # the focus coming back starts it blinking
            self.dropped = []            # the note was said while the field had the focus
            return
        self.still += dt
        # after BLINK_FOR seconds it rests shown (blink 0: the start of its shown part)
        self.blink = (self.blink + dt) % 1.0 if self.still < BLINK_FOR else 0.0
        self.eased = self.eased or shown != (self.blink < BLINK_ON)

    def next_frame_in(self) -> float | None:
        if not self.blinking:
            return None
        # the caret shows for the first 0.55 s of every second, and rests at BLINK_FOR
        toggle = (BLINK_ON - self.blink) if self.blink < BLINK_ON else (1.0 - self.blink)
        return min(toggle, BLINK_FOR - self.still)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        radius = theme.px(8)
        active = self.focused and self.enabled
        bg = (0, 0, 0, 110 if active else 70) if self.enabled else (0, 0, 0, 40)
        edge = (*theme.ACCENT, 200) if active else (255, 255, 255, int(40 + 50 * self.hover_t))
        theme.rounded(surface, self.rect, bg, radius, edge=edge, edge_width=max(1, theme.px(1)))
        size = theme.px(theme.BODY)
        x = self.rect.left + theme.px(12)
        room = self._room(size)
        if active and len(self.text) >= self.max_length:
            # full: it takes no more letters, and says so ("18/18" at its right end)
            # instead of ignoring the keys without a word
            small = theme.px(theme.SMALL - 2)
            count = f"{len(self.text)}/{self.max_length}"
            theme.draw_text(surface, count, (self.rect.right - theme.px(10),
                                             self.rect.centery), small,
                            theme.ACCENT_LIGHT, anchor="midright", shadow=False)
        first, shown = self.window(size, room)
        lead = self._lead(first, size)
        if self.text:
            colour = theme.TEXT if self.enabled else theme.TEXT_MUTED
            scrolled = active and (first > 0 or first + len(shown) < len(self.text))
            if scrolled:
                # a mark at each end where more of the text lies out of view
                if first > 0:
                    theme.draw_text(surface, OUT_OF_VIEW, (x, self.rect.centery), size,
                                    theme.TEXT_MUTED, anchor="midleft", shadow=False)
                if first + len(shown) < len(self.text):
                    end = x + lead + theme.font(size).size(shown)[0]
                    theme.draw_text(surface, OUT_OF_VIEW, (end, self.rect.centery), size,
                                    theme.TEXT_MUTED, anchor="midleft", shadow=False)
            else:
                shown = theme.ellipsize(shown, size, room)
            if self.all_selected and active:
                w, h = theme.font(size).size(shown)
                mark = pygame.Rect(x + lead - theme.px(2), self.rect.centery - h // 2,
                                   w + theme.px(4), h)
                theme.rounded(surface, mark, (*theme.ACCENT, 110), theme.px(3))
            theme.draw_text(surface, shown, (x + lead, self.rect.centery), size, colour,
                            anchor="midleft", shadow=False)
        elif self.hint:   # stays (behind the cursor) until something is typed
            hint_size = theme.fit_size(self.hint, size, room)
            theme.draw_text(surface, theme.ellipsize(self.hint, hint_size, room),
                            (x, self.rect.centery), hint_size, theme.TEXT_MUTED,
                            anchor="midleft", shadow=False)
        if active and self.blink < BLINK_ON:
            cx = x + lead + min(room - lead,
                                theme.font(size).size(self.text[first: self.cursor])[0])
            h = int(size * 1.1)
            pygame.draw.line(surface, theme.ACCENT_LIGHT, (cx, self.rect.centery - h // 2),
                             (cx, self.rect.centery + h // 2), max(1, theme.px(2)))
        if self.show_focus and active:
            theme.focus_ring(surface, self.rect, radius)
        if active and self.dropped:
            self.draw_note(surface)

    def note_rect(self, surface_size: tuple[int, int]) -> tuple[pygame.Rect, list[str], int]:
        """Where the note goes on a surface of ``surface_size``: its plate (over the field,
        or under it where the window's top leaves no room), its lines (the sentence wrapped
        to the window's width less a margin) and their type size."""
        width, height = surface_size
        margin, pad = theme.px(8), theme.px(8)
        size = theme.px(theme.SMALL)
        fnt = theme.font(size)
        text = tr(shown_note(self.dropped))
        room = min(width - 2 * (margin + pad), max(self.rect.width, theme.px(520)))
        lines = theme.wrap(text, fnt, max(theme.px(40), room))
        w = max(fnt.size(line)[0] for line in lines) + 2 * pad
        h = fnt.get_linesize() * len(lines) + pad
        left = min(max(margin, self.rect.centerx - w // 2), max(margin, width - margin - w))
        top = self.rect.top - theme.px(6) - h
        if top < margin:
            top = min(self.rect.bottom + theme.px(6), height - margin - h)
        return pygame.Rect(left, top, w, h), lines, size

    def draw_note(self, surface: pygame.Surface) -> None:
        plate, lines, size = self.note_rect(surface.get_size())
        theme.rounded(surface, plate, (20, 16, 12, 235), theme.px(6),
                      edge=(*theme.ACCENT, 200), edge_width=max(1, theme.px(1)))
        line_h = theme.font(size).get_linesize()
        y = plate.top + theme.px(4)
        for line in lines:
            theme.draw_text(surface, line, (plate.centerx, y), size, theme.ACCENT_LIGHT,
                            anchor="midtop", shadow=False)
            y += line_h


# --------------------------------------------------------------------------- ScrollText


class ScrollText(Widget):
    """Scrolling text with light markup, for the rules.

    Markup, line by line: ``# heading``, ``## subheading``, ``- bullet``, a blank line between
    paragraphs, and ``**bold**`` inside any line. Scroll with the wheel, the arrow keys,
    Page Up / Page Down, Home / End, or by dragging the scroll bar.
    """

    wants_wheel = True

    def __init__(self, markup: str = "", rect=None):
        super().__init__(rect)
        self.markup = markup
        self.offset = 0.0
        self.target = 0.0
        self._content: pygame.Surface | None = None
        self._layout_key: tuple | None = None
        self.content_height = 0
        self._thumb_grab: int | None = None

    def spoken(self) -> str:
        """The whole text, its marks taken off (a screen reader reads it on; the next key
        stops it)."""
        out = []
        for line in self.logical_lines():
            line = line.lstrip("#").strip()
            if line.startswith("- "):
                line = line[2:]
            line = line.replace("**", "")
            if line:       # a heading or an item said as a sentence of its own
                out.append(line if line[-1] in ".!?:;…" else line + ".")
        return " ".join(out)

    # ---- layout -------------------------------------------------------------------
    def logical_lines(self) -> list[str]:
        """The markup's paragraphs (:func:`cardtable.i18n.paragraphs`), each translated."""
        return [tr(line) if line else line for line in paragraphs(self.markup)]

    def _inner_width(self) -> int:
        return max(50, self.rect.width - theme.px(44))

    def _layout(self) -> None:
        key = (self.markup, self._inner_width(), theme.scale(), language())
        if key == self._layout_key:
            return
        self._layout_key = key
        width = self._inner_width()
        pieces: list[tuple[pygame.Surface, int, int]] = []
        y = 0
        body = theme.px(theme.BODY)
        gap = int(body * 0.55)
        for line in self.logical_lines():
            if not line.strip():
                y += gap
                continue
            if line.startswith("## "):
                y += gap // 2 if y else 0
                y = self._flow(pieces, line[3:], 0, y, width, theme.px(theme.SUBHEADING),
                               theme.ACCENT_LIGHT, True)
                y += gap // 3
            elif line.startswith("# "):
                y = self._flow(pieces, line[2:], 0, y, width, theme.px(theme.HEADING),
                               theme.ACCENT, True)
                y += gap // 2
            elif line.lstrip().startswith("- "):
                indent = theme.px(26)
                dot = theme.px(4)
                dot_surf = pygame.Surface((dot * 2, dot * 2), pygame.SRCALPHA)
                pygame.draw.circle(dot_surf, theme.ACCENT, (dot, dot), dot - 1)
                pieces.append((dot_surf, theme.px(8), y + int(body * 0.62) - dot))
                y = self._flow(pieces, line.lstrip()[2:], indent, y, width, body, theme.TEXT,
                               False)
                y += theme.px(4)
            else:
                y = self._flow(pieces, line, 0, y, width, body, theme.TEXT, False)
        self.content_height = y + theme.px(8)
        surf = pygame.Surface((width, max(1, self.content_height)), pygame.SRCALPHA)
        for img, x, yy in pieces:
            surf.blit(img, (x, yy))
        self._content = surf
        self._clamp()

    @staticmethod
    def _flow(pieces: list, text: str, indent: int, y: int, width: int, size: int,
              colour, bold: bool) -> int:
        """Lay out one paragraph with **bold** runs; returns the y below it."""
        # (word, strong, glued): a glued word follows the one before it with no space, as the
        # full stop after "**3**." does
        words: list[tuple[str, bool, bool]] = []
        before = ""
        for i, part in enumerate(text.split("**")):
            strong = bold or i % 2 == 1
            glue = (bool(words) and bool(part) and not part[0].isspace()
                    and bool(before) and not before[-1].isspace())
            before = part or before
            for w in part.split():
                if words and theme.clings(w) and words[-1][1] == strong:
                    # "points :" stays together
                    words[-1] = (f"{words[-1][0]} {w}", strong, words[-1][2])
                else:
                    words.append((w, strong, glue))
                glue = False
        line_h = int(theme.font(size).get_linesize() * 1.08)
        space = theme.font(size).size(" ")[0]
        # a word and the words glued to it ("**3**.") break as one
        groups: list[list[pygame.Surface]] = []
        for word, strong, glued in words:
            c = theme.ACCENT_LIGHT if strong and not bold else colour
            img = theme.render(word, size, c, strong)
            if glued and groups:
                groups[-1].append(img)
            else:
                groups.append([img])
        widths = [sum(img.get_width() for img in g) for g in groups]
        lines: list[list[int]] = [[]]
        x = indent
        for i, w in enumerate(widths):
            if lines[-1] and x + w > width:
                lines.append([])
                x = indent
            lines[-1].append(i)
            x += w + space
        if len(lines) > 1 and len(lines[-1]) == 1 and len(lines[-2]) > 2:
            # no lone word on a paragraph's last line when the one before can spare one
            moved, last = lines[-2][-1], lines[-1][0]
            if indent + widths[moved] + space + widths[last] <= width:
                lines[-1].insert(0, lines[-2].pop())
        for row in lines:
            x = indent
            for i in row:
                for img in groups[i]:
                    pieces.append((img, x, y))
                    x += img.get_width()
                x += space
            y += line_h
        return y

    # ---- scrolling ------------------------------------------------------------------
    def max_offset(self) -> int:
        return max(0, self.content_height - self.view_rect().height)

    def view_rect(self) -> pygame.Rect:
        return self.rect.inflate(-theme.px(16), -theme.px(16))

    def _clamp(self) -> None:
        m = self.max_offset()
        self.target = max(0.0, min(float(m), self.target))
        self.offset = max(0.0, min(float(m), self.offset))

    def scroll_by(self, dy: float) -> None:
        self._layout()
        self.target += dy
        self._clamp()

    def wheel(self, dy: int) -> bool:
        self.scroll_by(-dy * theme.px(64))
        return True

    def key(self, event: pygame.event.Event) -> bool:
        page = self.view_rect().height * 0.85
        moves = {
            pygame.K_DOWN: theme.px(48), pygame.K_UP: -theme.px(48),
            pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page,
            pygame.K_SPACE: page,
        }
        if event.key in moves:
            self.scroll_by(moves[event.key])
            return True
        if event.key == pygame.K_HOME:
            self.scroll_by(-1e9)
            return True
        if event.key == pygame.K_END:
            self.scroll_by(1e9)
            return True
        return False

    def _bar(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        self._layout()
        m = self.max_offset()
        if m <= 0:
            return None
        view = self.view_rect()
        track = pygame.Rect(self.rect.right - theme.px(14), view.top, theme.px(6), view.height)
        h = max(theme.px(36), int(track.height * view.height / self.content_height))
        y = track.top + int((track.height - h) * (self.offset / m))
        return track, pygame.Rect(track.left, y, track.width, h)

    def mouse_down(self, pos: tuple[int, int]) -> None:
        bar = self._bar()
        self._thumb_grab = None
        if bar is None:
            return
        track, thumb = bar
        hit = track.inflate(theme.px(16), 0)
        if thumb.inflate(theme.px(16), 0).collidepoint(pos):
            self._thumb_grab = pos[1] - thumb.top
        elif hit.collidepoint(pos):
            page = self.view_rect().height * 0.85
            self.scroll_by(page if pos[1] > thumb.centery else -page)

    def drag(self, pos: tuple[int, int]) -> None:
        bar = self._bar()
        if bar is None or self._thumb_grab is None:
            return
        track, thumb = bar
        free = track.height - thumb.height
        if free <= 0:
            return
        frac = (pos[1] - self._thumb_grab - track.top) / free
        self.target = self.offset = max(0.0, min(1.0, frac)) * self.max_offset()

    def mouse_up(self, pos: tuple[int, int], inside: bool) -> None:
        self._thumb_grab = None

    def update(self, dt: float) -> None:
        super().update(dt)
        before = self.offset
        self.offset = approach(self.offset, self.target, dt, 18.0)
        if abs(self.offset - self.target) < 0.5:
            self.offset = self.target
        self.eased = self.eased or self.offset != before

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.width <= 0:
            return
        self._layout()
        view = self.view_rect()
        if self._content is not None:
            area = pygame.Rect(0, int(self.offset), view.width, view.height)
            surface.blit(self._content, (view.left, view.top), area)
        # soft fade at the edges hints that there is more
        if self.offset > 1:
            self._fade(surface, pygame.Rect(view.left, view.top, view.width, theme.px(18)), True)
        if self.offset < self.max_offset() - 1:
            self._fade(surface, pygame.Rect(view.left, view.bottom - theme.px(18), view.width,
                                            theme.px(18)), False)
        bar = self._bar()
        if bar is not None:
            track, thumb = bar
            theme.rounded(surface, track, (255, 255, 255, 26), track.width // 2)
            colour = theme.ACCENT if self._thumb_grab is not None else (200, 196, 180)
            pygame.draw.rect(surface, colour, thumb, border_radius=thumb.width // 2)
        if self.focused and self.show_focus:
            theme.focus_ring(surface, self.rect, theme.px(12))

    @staticmethod
    def _fade(surface: pygame.Surface, rect: pygame.Rect, top: bool) -> None:
        band = pygame.Surface(rect.size, pygame.SRCALPHA)
        for i in range(rect.height):
            t = i / max(1, rect.height - 1)
            a = int(150 * (1 - t if top else t))
            pygame.draw.line(band, (12, 20, 16, a), (0, i), (rect.width, i))
        surface.blit(band, rect)


# --------------------------------------------------------------------------- Form
