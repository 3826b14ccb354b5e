"""Playing at the table without a mouse: a focus cursor, the keys, and the F1 help overlay.

The scene owns one :class:`Keyboard`. It sees every key first and keeps a *focus*: one
target among rows of targets, drawn as a bright cyan outline with a dark edge (visible on
the felt and on a white card, and unlike the gold glow of a playable card or the lift of
the card under the pointer).

Rows, top to bottom: what the game declares with :meth:`GameTable.key_rows` (other
players' seats, the piles, a place of the game's own...), then the row of buttons (the
scene's form, in screen order), then the player's hand. Left/Right move within a row,
Up/Down to the nearest target of the row above or below; Tab / Shift+Tab go round the
buttons (the form's own focus order). Space acts on the focused thing as a click does;
Enter does the same, except on a card of the hand, where it makes the card's move (a
double-click: what the game's ``drop_action`` says). A game may add direct keys
(:meth:`GameTable.key_shortcuts`), listed by F1.

A game whose cards are moved about before a move is made (where melds are built) sets
``KEY_HOLD``: Space on a card picks it up, and Space or Enter on a target of its rows or a
place in the hand puts it down there exactly as a drop of the mouse would.

The focus shows from the first key press on and hides at a mouse click, like the focus
rings of the buttons.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from cardtable.i18n import N_, Msg, of_game
from cardtable.ui import theme
from cardtable.ui.held_keys import KEYS

FOCUS = (70, 228, 255)       # bright cyan: the keyboard focus
FOCUS_EDGE = (6, 20, 30)     # dark edge around it, for white cards and pale buttons
HELD = (255, 138, 60)        # orange: a card picked up to be put down elsewhere

#: the keys every table knows, for the help overlay
GENERAL_KEYS = [
    (N_("Left / Right"), N_("Move between the cards of your hand, or along a row")),
    (N_("Up / Down"), N_("Move between rows: hand, buttons, piles, other players")),
    (N_("Home / End"), N_("First / last of the row")),
    (N_("Space"), N_("Act on the focused thing, as a click would (pick, select, take)")),
    (N_("Enter"), N_("Play the focused card (a double-click); on anything else, as Space")),
    (N_("Tab / Shift+Tab"), N_("Go round the buttons")),
    (N_("L (hold)"), N_("Show the last trick")),
    (N_("Esc"), N_("Cancel (put a card back, clear a selection or a hint); "
                   "else ask to go back to the menu")),
    (N_("?"), N_("A hint: what the computer would play here (when hints are on)")),
    (N_("Ctrl+Z"), N_("Take your last move back (when the table allows it)")),
    (N_("F1"), N_("Show or hide these keys")),
    (N_("F2"), N_("The rules of this game")),
]

#: the keys that say something while speech is on (scenes/table/listen.py), listed by F1
#: then (and in every game's rules)
LISTEN_KEYS = [
    (N_("H"), N_("Hear your hand")),
    (N_("B"), N_("Hear the table: the trick, the piles, the melds laid")),
    (N_("R"), N_("Hear the scores")),
    (N_("W"), N_("Hear whose turn it is and what you may do")),
    (N_("L"), N_("Hear the last trick (and see it while held)")),
]

ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
          pygame.K_DOWN: (0, 1)}
ACTIVATE = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


@dataclass
class KeyTarget:
    """One thing the focus can rest on.

    ``activate`` is what Space (and Enter) does; ``sprite`` marks a card (Enter plays a card
    of the hand; with ``KEY_HOLD`` Space picks it up); ``drop`` is where a picked-up card
    is put down when this target is chosen (None: not a place for a card).
    """

    name: str
    rect: pygame.Rect
    activate: Callable[[], object] | None = None
    sprite: object = None
    drop: tuple[int, int] | None = None
    widget: object = None
    extra: dict = field(default_factory=dict)


Row = tuple[str, list[KeyTarget]]


class Keyboard:
    """The focus cursor and the keys of one table scene."""

    def __init__(self, scene) -> None:
        self.t = scene
        self.shown = False            # a key was pressed since the last mouse click
        self.help = False             # the F1 overlay is up
        self.focus: str | None = None  # name of the focused target
        self.row = "hand"             # its row (to stay near it when it goes away)
        self.index = 0                # its place in the row
        self.held = None              # a card picked up to be put down (KEY_HOLD games)
        #: the row the focus stands in for while that row is gone (the hand between deals):
        #: when it comes back the focus returns to it, rather than staying on the button it
        #: fell to (Enter on "Menu" left the table at the next turn)
        self.stand_in: str | None = None
        #: the focus was put on a card by the keyboard itself (its own card went, a button
        #: used went away), not by the person: until they move it, it goes on to a card that
        #: may be played once the cards that may be are known (after announcing a marriage
        #: the focus fell on the first card, which the rules then refused)
        self.provisional = False
        #: the focus was put where it is by the table (:meth:`focus_on`), not moved there
        #: by keys since
        self.placed = False

    @property
    def game(self):
        return self.t.game

    def reset(self) -> None:
        """Back to the hand, on a playable card (a new deal, another person at the screen:
        where the last person left the focus means nothing now)."""
        self.focus = None
        self.row = "hand"
        self.index = 0
        self.held = None
        self.stand_in = None
        self.provisional = False
        self.placed = False
        if self.t.form.focused is not None:
            self.t.form.focus(None)

    # ---- targets ---------------------------------------------------------------------------
    def rows(self) -> list[Row]:
        """Every row of targets, top to bottom (empty rows left out)."""
        out: list[Row] = []
        for name, targets in self.game.key_rows():
            if targets:
                out.append((name, list(targets)))
        buttons = self.button_targets()
        if buttons:
            out.append(("buttons", buttons))
        hand = self.hand_targets()
        if hand:
            out.append(("hand", hand))
        return out

    def hand_targets(self) -> list[KeyTarget]:
        t = self.t
        out = []
        for s in t.zones.get(f"hand{t.viewer}", []):
            if s.code is None:
                continue
            out.append(KeyTarget(f"card{s.id}", s.rect(), None, sprite=s,
                                 drop=s.rect().center))
        return out

    def button_targets(self) -> list[KeyTarget]:
        out = []
        for w in self.t.form.widgets:
            if not getattr(w, "visible", True) or not w.focusable or not w.interactive:
                continue
            out.append(KeyTarget(f"button:{w.name}", pygame.Rect(w.rect), w.activate,
                                 widget=w))
        # in reading order: row by row (buttons whose middles are within half a button's
        # height share a row: a game's row that wraps in two), each row left to right
        out.sort(key=lambda k: k.rect.centery)
        rows: list[list[KeyTarget]] = []
        for k in out:
            if rows and abs(k.rect.centery - rows[-1][0].rect.centery) < k.rect.height / 2:
                rows[-1].append(k)
            else:
                rows.append([k])
        return [k for row in rows for k in sorted(row, key=lambda k: k.rect.centerx)]

    def current(self, rows: list[Row] | None = None) -> KeyTarget | None:
        """The focused target. When it goes away the focus moves to a neighbour in its row,
        or to the hand (from a button, or from a row that is gone); with no hand, to a
        button until the hand is back."""
        rows = self.rows() if rows is None else rows
        if not rows:
            return None
        names = [r[0] for r in rows]
        waiting_for = self.stand_in
        if self.stand_in is not None and self.stand_in in names:
            targets = rows[names.index(self.stand_in)][1]
            k = targets[self._first_choice(targets)]
            self._set(rows, k)
            self.provisional = k.sprite is not None
            return k
        for name, targets in rows:
            for i, k in enumerate(targets):
                if k.name == self.focus:
                    if self.provisional and k.sprite is not None and \
                            not getattr(k.sprite, "glow", False):
                        better = targets[self._first_choice(targets)]
                        if better is not k and getattr(better.sprite, "glow", False):
                            self._set(rows, better)
                            self.provisional = True
                            return better
                    self.row, self.index = name, i
                    return k
        gone = None
        row = rows[names.index(self.row)][1] if self.row in names else []
        # a card that went (laid down, played) leaves the focus to the next card of its
        # row; with no card left there (only "New meld"), to the hand
        cards_gone = (self.focus or "").startswith("card") and \
            not any(k.sprite is not None for k in row)
        if row and not (self.row == "buttons" and "hand" in names) and \
                not (cards_gone and "hand" in names):
            targets = row
        else:
            # its row is gone, or it was a button that went away once used (Swap, Lay):
            # back to the hand rather than onto the button beside it ("Rules", "Menu")
            if "hand" in names:
                targets = rows[names.index("hand")][1]
            else:
                targets, gone = rows[-1][1], "hand"
            self.index = self._first_choice(targets)
        i = max(0, min(self.index, len(targets) - 1))
        k = targets[i]
        self._set(rows, k)
        self.provisional = k.sprite is not None
        # still waiting for the hand when the button it fell to went away in turn
        self.stand_in = gone if gone is not None or "hand" in names else waiting_for
        return k

    def _first_choice(self, targets: list[KeyTarget]) -> int:
        """A playable card if there is one (the glowing cards), else the first."""
        for i, k in enumerate(targets):
            if k.sprite is not None and getattr(k.sprite, "glow", False):
                return i
        return 0

    def _set(self, rows: list[Row], k: KeyTarget) -> None:
        self.stand_in = None           # a place chosen: nothing to return to
        self.provisional = False
        self.placed = False
        for name, targets in rows:
            if k in targets:
                self.row, self.index = name, targets.index(k)
        self.focus = k.name
        form = self.t.form
        if k.widget is not None:
            if form.focused is not k.widget:
                form.focus(k.widget)
        elif form.focused is not None:
            form.focus(None)

    def focus_on(self, name: str) -> bool:
        """Put the focus on the target called ``name`` (False if there is none): the
        table's choice, shown by what it lights (a card raised by a click, a hint's card),
        so Enter acts on it even while the ring is hidden."""
        rows = self.rows()
        for _, targets in rows:
            for k in targets:
                if k.name == name:
                    self._set(rows, k)
                    self.placed = True
                    return True
        return False

    def follow_pointer(self) -> None:
        """After a click on a card: one choice, whoever made it. The card the person chose
        with the mouse (the game's :meth:`key_chosen`) becomes the focus too, so Enter acts
        on it; with no card chosen (put back, played) the focus is cleared, and the next key
        only shows where it is rather than acting on a place the pointer left behind."""
        self.held = None
        chosen = self.game.key_chosen()
        if chosen is not None and self.focus_on(f"card{chosen.id}"):
            return
        self.focus = None
        self.placed = False
        if self.t.form.focused is not None:
            self.t.form.focus(None)

    def target(self, name: str) -> KeyTarget | None:
        for _, targets in self.rows():
            for k in targets:
                if k.name == name:
                    return k
        return None

    # ---- moving --------------------------------------------------------------------------------
    def move(self, dx: int, dy: int) -> None:
        rows = self.rows()
        k = self.current(rows)
        if k is None:
            return
        names = [r[0] for r in rows]
        r = names.index(self.row)
        if dx:
            targets = rows[r][1]
            i = max(0, min(len(targets) - 1, self.index + dx))
            self._set(rows, targets[i])
            return
        r2 = max(0, min(len(rows) - 1, r + dy))
        if r2 == r:
            return
        x = k.rect.centerx
        targets = rows[r2][1]
        best = min(targets, key=lambda o: (abs(o.rect.centerx - x), o.rect.centerx))
        self._set(rows, best)

    def edge(self, last: bool) -> None:
        rows = self.rows()
        if self.current(rows) is None:
            return
        targets = dict(rows)[self.row]
        self._set(rows, targets[-1 if last else 0])

    def tab(self, back: bool) -> None:
        """Tab / Shift+Tab: round the buttons in the order they are seen (the row of the
        arrow keys), not in the order they were made: a game's own button ("Arrange for
        me") comes between the top bar's and "Rules" in the corner."""
        self.t.form.keyboard = True
        rows = self.rows()
        buttons = dict(rows).get("buttons", [])
        if not buttons:
            return
        names = [k.name for k in buttons]
        if self.focus in names:
            i = (names.index(self.focus) + (-1 if back else 1)) % len(buttons)
        else:
            i = -1 if back else 0
        self._set(rows, buttons[i])

    # ---- acting --------------------------------------------------------------------------------
    def activate(self, enter: bool) -> None:
        t = self.t
        k = self.current()
        if k is None:
            return
        game = self.game
        hand = f"hand{t.viewer}"
        if self.held is not None:
            held = self.held
            if k.sprite is held:
                self.release()
                return
            if k.drop is not None:
                self.release()
                self.drop(held, k.drop)
                return
            self.release()
        s = k.sprite
        if s is not None and getattr(s, "zone", None) is not None:
            if game.KEY_HOLD and not enter and s.code is not None and \
                    (s.zone == hand or game.draggable(s)):
                self.hold(s)
                return
            if s.zone == hand or (enter and game.draggable(s)):
                if enter:
                    game.key_play(s)
                else:
                    game.key_card(s)
                return
        if k.activate is not None:
            k.activate()

    def hold(self, sprite) -> None:
        self.held = sprite

    def release(self) -> None:
        self.held = None

    def drop(self, sprite, pos) -> None:
        """Put ``sprite`` down at ``pos`` as the mouse would (the scene's drop rules)."""
        t = self.t
        if sprite.zone is None or sprite not in t.zones.get(sprite.zone, []):
            return
        pos = (int(pos[0]), int(pos[1]))
        t.drag = {"sprite": sprite, "start": pos, "offset": (0, 0), "moved": True}
        sprite.dragging = True
        t.release(pos)

    def click(self, pos) -> None:
        """A click of the mouse at ``pos`` (on a pile, a seat...), as the scene handles it."""
        t = self.t
        pos = (int(pos[0]), int(pos[1]))
        s = t.hand_sprite_at(pos)
        if s is not None and s.zone != f"hand{t.viewer}":
            self.game.card_clicked(s)
            return
        action = self.game.click_action(pos)
        if action is not None:
            t.try_action(action)

    def focused_card(self):
        """The card of the hand (or of a game's rows) under the focus, if any."""
        k = self.current() if self.focus is not None else None
        return k.sprite if k is not None else None

    # ---- events --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if not KEYS.admits(event, self):
            return True     # a key held since before the table came up (Enter through
            #                 the match's end played the new deal's first card)
        et = event.type
        if et == pygame.MOUSEBUTTONDOWN:
            self.shown = False
            self.held = None
            return False
        if et != pygame.KEYDOWN or self.t.drag is not None:
            return False
        k = event.key
        mod = getattr(event, "mod", 0)
        if mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return False
        if k == pygame.K_F1:
            self.help = not self.help
            return True
        if self.help:
            if k in (pygame.K_ESCAPE,) + ACTIVATE:
                self.help = False
            return True
        was_shown = self.shown
        self.shown = True
        if k in ARROWS:
            if was_shown or self.focus is not None:
                self.move(*ARROWS[k])
            else:
                self.current()
            return True
        if k in (pygame.K_HOME, pygame.K_END):
            self.edge(k == pygame.K_END)
            return True
        if k == pygame.K_TAB:
            self.tab(bool(mod & pygame.KMOD_SHIFT))
            return True
        if k in ACTIVATE:
            if not self.t.idle or self.t.sprites.busy and self.t.cards_flying():
                self.t.skip()
                if not self.t.my_turn():
                    return True
                self.t.refresh_legal()     # caught up: the key acts as well
            if not was_shown and not self.placed:
                # the first press shows where the focus is; it acts at once only where the
                # table put the focus in sight (the card a click raised, a hint's card): a
                # focus left on a button before a click elsewhere was pressed unseen
                self.current()
                return True
            self.activate(enter=k != pygame.K_SPACE)
            return True
        if k == pygame.K_ESCAPE:
            # Esc undoes the smallest thing first: a card picked up, a selection, a hint;
            # only then does it ask to leave (the scene's part). The focus ring is no
            # thing to undo: hiding it cost a press that players took for a dead key.
            if self.held is not None:
                self.release()
                return True
            if self.game.key_cancel() or self.t.clear_hint():
                return True
            self.shown = was_shown
            return False
        for key, _label, _text, fn in self.game.key_shortcuts():
            if key == k:
                if self.t.idle:
                    fn()
                return True
        return False

    def update(self, dt: float) -> None:
        """After the scene marked the hand: lift a picked-up card of the hand."""
        card = self.focused_hand_card() if not self.help and self.focus is not None else None
        if card is not None and not card.dragging:     # lifted clear of its neighbours
            card.lift_target = max(card.lift_target, 0.7)
        s = self.held
        if s is None:
            return
        if s.zone is None or s not in self.t.zones.get(s.zone, []):
            self.held = None
            return
        if s.zone.startswith("hand"):
            s.lift_target = 1.0

    # ---- drawing -------------------------------------------------------------------------------
    def shown_target(self) -> KeyTarget | None:
        """The focused target while the focus is shown (None: not shown)."""
        if not self.shown or self.t.waiting:
            return None
        return self.current()

    def focused_hand_card(self):
        """The card of the viewer's hand the shown focus rests on, or None."""
        k = self.shown_target()
        card = k.sprite if k is not None else None
        return card if card is not None and card.zone == f"hand{self.t.viewer}" else None

    def focus_rect(self) -> pygame.Rect | None:
        """Where the focus outline is drawn now (None: not shown)."""
        k = self.shown_target()
        if k is None:
            return None
        if k.sprite is not None:
            return k.sprite.rect()
        return pygame.Rect(k.rect)

    def picked(self) -> list:
        """The cards drawn as picked up: the one the keys carry (a game of ``KEY_HOLD``),
        else, while the keys are in use, the game's picked or selected cards (Space lifted
        a card at Sixty-Six and nothing showed it)."""
        if self.held is not None:
            return [self.held] if self.held.zone is not None else []
        if not self.shown or self.help or self.t.waiting:
            return []
        return [s for s in self.game.key_picked() if s is not None and s.zone is not None]

    def draw(self, surface: pygame.Surface) -> None:
        for card in self.picked():
            r = card.rect().inflate(theme.px(8), theme.px(8))
            pygame.draw.rect(surface, HELD, r, width=max(3, theme.px(3)),
                             border_radius=theme.px(10))
            tip = (r.centerx, r.top - theme.px(4))
            s = theme.px(9)
            pygame.draw.polygon(surface, HELD, [tip, (tip[0] - s, tip[1] - s),
                                                (tip[0] + s, tip[1] - s)])
        k = self.shown_target()
        if k is not None:
            card = k.sprite
            in_hand = card is not None and card.zone == f"hand{self.t.viewer}"
            if not in_hand or card.moving:
                # a card of the hand has its ring drawn with the fan (the scene's draw), under
                # the cards to its right, so no neighbour's index is hidden
                self.outline(surface, card.rect() if card is not None else pygame.Rect(k.rect))
        if self.help:
            self.draw_help(surface)
        elif self.t.match.is_human(self.t.viewer) and not self.t.waiting:
            self.draw_hint(surface)

    def outline(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        gap = theme.px(4)
        w = max(3, theme.px(3))
        r = rect.inflate(gap * 2, gap * 2)
        pulse = self.t.pulse(5.0, r.inflate(w * 2 + 4, w * 2 + 4))
        radius = theme.px(10)
        pygame.draw.rect(surface, FOCUS_EDGE, r.inflate(w * 2, w * 2), width=w + 2,
                         border_radius=radius + w)
        colour = theme.lerp_colour(FOCUS, (225, 250, 255), 0.45 * pulse)
        pygame.draw.rect(surface, colour, r, width=w, border_radius=radius)
        pygame.draw.rect(surface, FOCUS_EDGE, r.inflate(-w * 2, -w * 2), width=1,
                         border_radius=max(0, radius - w))

    def draw_hint(self, surface: pygame.Surface) -> None:
        """A small 'F1: keys' tag in the bottom left corner (and what to do with a card
        picked up)."""
        h = surface.get_height()
        theme.draw_text(surface, N_("F1: keys"), (theme.px(14), h - theme.px(10)),
                        theme.px(13), theme.TEXT_MUTED, anchor="bottomleft")
        if self.held is not None:
            words = (N_("Moving a card: Space puts it down here"),
                     N_("Esc leaves it where it was"))
        elif self.picked():
            words = self.game.key_picked_words()
        else:
            return
        for text, bold, pos in self.hint_lines(surface.get_rect(), words):
            theme.draw_text(surface, text, pos, theme.px(14), HELD, bold=bold,
                            anchor="bottomleft")

    def hint_lines(self, screen: pygame.Rect, words) -> list[tuple[str, bool, tuple]]:
        """Where the two lines on a card picked up go: (line, bold, its bottom left), the
        lines wrapped. Above the 'F1: keys' tag, or where a name plate is there (the
        person's own, at the foot of the table), above the plate, as wide as it reaches:
        over a plate the words could not be read."""
        size = theme.px(14)
        x = theme.px(14)
        bottom = screen.bottom - theme.px(30)
        room = screen.width - 2 * x
        plate_rect = getattr(self.t, "plate_rect", None)
        plates = [plate_rect(seat, screen) for seat in range(self.t.match.n_players)] \
            if plate_rect is not None else []
        for _ in range(2):
            parts = [(part, i == 0) for i, text in enumerate(words)
                     for part in theme.wrap(text, theme.font(size, i == 0), room)]
            height = sum(theme.line_height(size, bold) for _, bold in parts)
            width = max(theme.text_size(part, size, bold)[0] for part, bold in parts)
            block = pygame.Rect(x, bottom - height, width, height)
            hit = next((p for p in plates if p.colliderect(block.inflate(0, theme.px(4)))),
                       None)
            if hit is None:
                break
            bottom = hit.top - theme.px(6)
            room = max(theme.px(220), hit.right - x)
        out = []
        y = bottom
        for part, bold in reversed(parts):
            out.append((part, bold, (x, y)))
            y -= theme.line_height(size, bold)
        return list(reversed(out))

    def general_lines(self) -> list[tuple[str, str]]:
        """The keys every table knows, less those this game words its own way (its Space
        and Enter) and the last trick where there are no tricks."""
        own = {label for label, _ in self.help_lines()}
        lines = [(label, text) for label, text in GENERAL_KEYS
                 if label not in own and (label != "L (hold)" or self.game.REVIEW)]
        if self.t.speaking:
            lines += [(label, text) for label, text in LISTEN_KEYS
                      if label != "L" or self.game.REVIEW]
        return lines

    def help_lines(self) -> list[tuple[str, str]]:
        game_keys = [(label, text) for _k, label, text, _fn in self.game.key_shortcuts()
                     if label]     # keys sharing one line (1 - 9) label only the first
        return list(game_keys) + list(self.game.key_help())

    def draw_help(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, (0, 0))
        general = self.general_lines()
        game = self.help_lines()
        pad = theme.px(24)
        gap = theme.px(18)
        # the panel fits the window: long lines wrap (French runs longer than English), and
        # the type gets smaller until every line is in
        for size in range(theme.px(16), theme.px(11) - 1, -1):
            row = int(size * 1.5)
            head = int(size * 1.3)
            fnt = theme.font(size)
            key_w = max(theme.text_size(k, size, bold=True)[0] for k, _ in general + game)
            text_w = max(theme.text_size(v, size)[0] for _, v in general + game)
            pw = min(w - theme.px(40), key_w + gap + text_w + 2 * pad)
            room = pw - 2 * pad - key_w - gap
            wrapped = [[(k, theme.wrap(v, fnt, room)) for k, v in part]
                       for part in (general, game)]
            lines = [sum(len(t) for _, t in part) for part in wrapped]
            ph = pad * 2 + head + theme.px(12) + row * lines[0] + \
                (theme.px(18) + head + theme.px(6) + row * lines[1] if game else 0) + theme.px(26)
            if ph <= h - theme.px(20):
                break
        panel = pygame.Rect(0, 0, pw, min(ph, h - theme.px(20)))
        panel.center = (w // 2, h // 2)
        theme.panel(surface, panel, alpha=232, radius=theme.px(16))
        x = panel.x + pad
        y = panel.y + pad
        theme.draw_text(surface, N_("Keys"), (x, y), head, theme.ACCENT_LIGHT, bold=True)
        y += head + theme.px(12)
        y = self._help_rows(surface, wrapped[0], x, y, key_w, gap, size, row)
        if game:
            y += theme.px(18)
            theme.draw_text(surface, Msg("Keys in {of_game}",
                                                of_game=of_game(self.t.match.spec.name)),
                            (x, y), head, theme.ACCENT_LIGHT, bold=True)
            y += head + theme.px(6)
            y = self._help_rows(surface, wrapped[1], x, y, key_w, gap, size, row)
        theme.draw_text(surface, N_("F1 or Esc closes this panel"),
                        (panel.centerx, panel.bottom - theme.px(12)), theme.px(14),
                        theme.TEXT_DIM, anchor="midbottom")
        self.help_rect = panel

    @staticmethod
    def _help_rows(surface, lines, x, y, key_w, gap, size, row) -> int:
        """Each key with what it does (already wrapped to the panel: a list of lines)."""
        for key, parts in lines:
            theme.draw_text(surface, key, (x, y), size, FOCUS, bold=True)
            for part in parts:
                theme.draw_text(surface, part, (x + key_w + gap, y), size, theme.TEXT)
                y += row
        return y


__all__ = ["Keyboard", "KeyTarget", "GENERAL_KEYS", "LISTEN_KEYS"]
