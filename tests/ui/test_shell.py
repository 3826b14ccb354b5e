"""The App (scene stack, frame, window, settings hooks) and the widget set, driven by events."""

from __future__ import annotations

import json

import pygame
import pytest

from cardtable import storage
from cardtable.ui import theme
from cardtable.ui.app import App
from cardtable.ui.scene import Scene
from cardtable.ui.widgets import (
    Button,
    Choice,
    Form,
    ScrollText,
    Slider,
    TextInput,
    Toggle,
)
from tests.ui.conftest import DT, click, frames, press, type_text


class Recorder(Scene):
    """A scene that writes down every hook and event it receives."""

    def __init__(self, name: str, log: list, overlay: bool = False):
        super().__init__()
        self.name = name
        self.log = log
        self.overlay = overlay
        self.updates = 0
        self.drawn = 0

    def on_enter(self):
        self.log.append((self.name, "enter"))

    def on_exit(self):
        self.log.append((self.name, "exit"))

    def on_pause(self):
        self.log.append((self.name, "pause"))

    def on_resume(self):
        self.log.append((self.name, "resume"))

    def on_resize(self, size):
        self.log.append((self.name, "resize", size))

    def handle_event(self, event):
        self.log.append((self.name, "event", event.type))
        return True

    def update(self, dt):
        self.updates += 1

    def draw(self, surface):
        self.drawn += 1
        surface.fill((10, 20, 30))


# --------------------------------------------------------------------------- the App


def test_push_pop_replace_call_the_hooks_in_order(app):
    log = []
    a, b, c = Recorder("a", log), Recorder("b", log), Recorder("c", log)
    app.push(a)
    assert a.app is app and app.top is a
    app.push(b)
    app.replace(c)
    assert app.stack == [a, c]
    app.pop()
    assert app.top is a
    assert log == [("a", "enter"), ("a", "pause"), ("b", "enter"), ("b", "exit"),
                   ("c", "enter"), ("c", "exit"), ("a", "resume")]


def test_events_go_to_the_top_scene_only_and_frames_update_and_draw(app):
    log = []
    a, b = Recorder("a", log), Recorder("b", log)
    app.push(a)
    app.push(b)
    log.clear()
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1)], DT)
    assert log == [("b", "event", pygame.MOUSEBUTTONDOWN)]
    assert b.updates == 1 and a.updates == 0
    assert b.drawn == 1 and a.drawn == 0   # b covers a


def test_an_overlay_is_drawn_over_the_scene_below(app):
    log = []
    base, over = Recorder("base", log), Recorder("over", log, overlay=True)
    app.push(base)
    app.push(over)
    app.step([], DT)
    assert base.drawn == 1 and over.drawn == 1


def test_resize_reaches_every_scene_rescales_and_is_remembered(app, settings_file):
    log = []
    a, b = Recorder("a", log), Recorder("b", log)
    app.push(a)
    app.push(b)
    assert theme.scale() == pytest.approx(1.0)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080)], DT)
    assert app.size == (1920, 1080)
    assert app.screen.get_size() == (1920, 1080)
    assert ("a", "resize", (1920, 1080)) in log and ("b", "resize", (1920, 1080)) in log
    assert theme.scale() == pytest.approx(1.5)
    assert app.settings["window_size"] == [1920, 1080]
    app.step([pygame.event.Event(pygame.QUIT)], DT)
    assert not app.running
    saved = json.loads(settings_file.read_text())
    assert saved["window_size"] == [1920, 1080]


def test_window_never_smaller_than_the_minimum(app):
    app.resize((300, 200))
    assert app.size[0] >= 800 and app.size[1] >= 500


def test_f11_toggles_fullscreen_and_back(app):
    app.push(Recorder("a", []))
    assert not app.fullscreen
    press(app, pygame.K_F11)
    assert app.fullscreen
    assert app.settings["fullscreen"] is True
    press(app, pygame.K_F11)
    assert not app.fullscreen
    assert app.size == (1280, 720)


def test_toasts_fade_and_disappear(app):
    app.toast("hello", seconds=2.0)
    assert len(app.toasts) == 1
    frames(app, 20)
    assert app.toasts[0].alpha() == 255
    for _ in range(40):
        app.step([], 0.05)
    assert app.toasts == []


def test_start_match_without_a_table_toasts_and_remembers_the_setup(app):
    config = {"game": "sixtysix", "players": 2, "seats": [], "options": {}, "first_dealer": None}
    assert app.start_match(config) is False
    assert app.toasts and "not available" in app.toasts[-1].text
    assert app.settings["last_setup"]["sixtysix"] == config
    got = []
    app.on_start_match = got.append
    assert app.start_match(config) is True
    assert got == [config]
    assert app.last_match_config == config


def test_match_in_progress_hook(app):
    assert app.has_match_in_progress() is False
    app.match_in_progress = lambda: True
    assert app.has_match_in_progress() is True

    def broken():
        raise RuntimeError("a bug in the hook")

    # the hook reads what the table holds (a damaged autosave was set aside when it was
    # loaded): its own error is a bug, never taken for "no match"
    app.match_in_progress = broken
    with pytest.raises(RuntimeError, match="a bug in the hook"):
        app.has_match_in_progress()


def test_set_setting_saves_and_tells_listeners(app, settings_file):
    heard = []
    app.settings_listeners.append(lambda k, v: heard.append((k, v)))
    app.set_setting("felt", "blue")
    assert heard == [("felt", "blue")]
    loaded, message = storage.load_settings(settings_file)
    assert message is None and loaded["felt"] == "blue"
    app.set_setting("felt", "blue")
    assert heard == [("felt", "blue")]   # unchanged values are not announced


def test_app_without_a_settings_path_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    a = App(size=(1280, 720))
    a.set_setting("sound", False)
    a.quit()
    assert list(tmp_path.iterdir()) == []


# --------------------------------------------------------------------------- widgets


class Host(Scene):
    """A scene holding one form, for widget tests."""

    def __init__(self, widgets, on_cancel=None):
        super().__init__()
        self.form = Form(widgets, on_cancel=on_cancel)

    def handle_event(self, event):
        return self.form.handle_event(event)

    def update(self, dt):
        self.form.update(dt)

    def draw(self, surface):
        surface.fill((0, 60, 30))
        self.form.draw(surface)


def host(app, *widgets, on_cancel=None):
    y = 20
    for w in widgets:
        if w.rect.width == 0:
            w.rect = pygame.Rect(40, y, 500, 46)
            y += 60
    scene = Host(list(widgets), on_cancel)
    app.push(scene)
    app.step([], DT)
    return scene


def test_button_clicks_only_when_released_inside(app):
    hits = []
    b = Button("Go", lambda: hits.append(1))
    host(app, b)
    click(app, b)
    assert hits == [1]
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=b.rect.center, button=1)], DT)
    assert b.pressed
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(900, 600), button=1)], DT)
    assert hits == [1] and not b.pressed
    click(app, (b.rect.right + 50, b.rect.centery))
    assert hits == [1]


def test_disabled_button_does_nothing_and_is_skipped_by_tab(app):
    hits = []
    a = Button("A", lambda: hits.append("a"))
    b = Button("B", lambda: hits.append("b"), enabled=False)
    c = Button("C", lambda: hits.append("c"))
    scene = host(app, a, b, c)
    click(app, b)
    assert hits == []
    press(app, pygame.K_TAB)          # the first key only shows the focus ring
    assert scene.form.focused is a and a.show_focus
    press(app, pygame.K_TAB)
    assert scene.form.focused is c
    press(app, pygame.K_RETURN)
    assert hits == ["c"]
    press(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert scene.form.focused is a
    press(app, pygame.K_SPACE)
    assert hits == ["c", "a"]


def test_hover_from_motion_events(app):
    b = Button("Hover me")
    host(app, b)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=b.rect.center, rel=(0, 0),
                                 buttons=(0, 0, 0))], DT)
    assert b.hovered
    for _ in range(30):
        app.step([], DT)
    assert b.hover_t > 0.9
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(1200, 700), rel=(0, 0),
                                 buttons=(0, 0, 0))], DT)
    assert not b.hovered


def test_focus_ring_shows_after_keys_and_hides_after_a_click(app):
    a, b = Button("A"), Button("B")
    scene = host(app, a, b)
    assert scene.form.keyboard is False
    press(app, pygame.K_DOWN)
    assert a.show_focus and a.focused
    press(app, pygame.K_DOWN)
    assert b.focused and not a.focused
    click(app, a)
    assert a.focused and not a.show_focus


def test_escape_calls_cancel(app):
    cancelled = []
    host(app, Button("A"), on_cancel=lambda: cancelled.append(True))
    press(app, pygame.K_ESCAPE)
    assert cancelled == [True]


def test_toggle_by_click_and_keys(app):
    seen = []
    t = Toggle("Sound", False, seen.append)
    host(app, t)
    click(app, t)
    assert t.value is True and seen == [True]
    press(app, pygame.K_SPACE)
    assert t.value is False
    press(app, pygame.K_RIGHT)
    assert t.value is True
    assert seen == [True, False, True]


def test_choice_cycles_by_arrows_and_clicks(app):
    seen = []
    c = Choice("Speed", [("off", "Off"), ("fast", "Fast"), ("normal", "Normal")], "fast",
               seen.append)
    host(app, c)
    left, right = c._arrows()
    click(app, right)
    assert c.value == "normal"
    click(app, right)
    assert c.value == "off"          # wraps round
    click(app, left)
    assert c.value == "normal"
    press(app, pygame.K_LEFT)
    assert c.value == "fast"
    assert seen == ["normal", "off", "normal", "fast"]


def test_choice_without_wrap_stops_at_the_ends(app):
    c = Choice("", [(1, "one"), (2, "two")], 2, wrap=False)
    host(app, c)
    press(app, pygame.K_RIGHT)
    assert c.value == 2
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)
    assert c.value == 1


def test_slider_by_drag_and_keys(app):
    seen = []
    s = Slider("Target", 1, 20, 5, seen.append)
    host(app, s)
    track = s.track_rect()
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(track.left, track.centery),
                                 button=1)], DT)
    assert s.value == 1
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(track.right + 40, track.centery),
                                 rel=(1, 0), buttons=(1, 0, 0))], DT)
    assert s.value == 20
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(track.right, track.centery),
                                 button=1)], DT)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(track.left, track.centery),
                                 rel=(1, 0), buttons=(0, 0, 0))], DT)
    assert s.value == 20             # released: moving no longer drags
    press(app, pygame.K_LEFT)
    assert s.value == 19
    press(app, pygame.K_HOME)
    assert s.value == 1
    assert seen[:2] == [1, 20]


def test_text_input_typing_editing_and_limit(app):
    seen = []
    t = TextInput("Yo", seen.append, max_length=6)
    host(app, t)
    click(app, t)
    type_text(app, "u ok")
    assert t.text == "You ok"
    t.set_text("")
    type_text(app, "Ann")
    press(app, pygame.K_BACKSPACE)
    assert t.text == "An"
    press(app, pygame.K_HOME)
    type_text(app, "J")
    assert t.text == "JAn"
    type_text(app, "abcdefgh")
    assert len(t.text) == 6
    assert seen[-1] == t.text


def test_ctrl_a_selects_the_field_and_what_is_typed_replaces_it(app):
    """In the join screen's full Port field, Ctrl+A, Backspace and "47699" left "47654"
    (Ctrl+A did nothing, Backspace took one figure, the field had room for one). Ctrl+A
    selects the whole text now; typing, Backspace or Delete replace it; the caret keys
    drop the selection."""
    seen = []
    t = TextInput("47650", seen.append, max_length=5)
    host(app, t)
    click(app, t)
    press(app, pygame.K_a, mod=pygame.KMOD_CTRL)
    assert t.all_selected
    app.draw()                                    # drawn with its selection
    type_text(app, "47699")
    assert t.text == "47699" and seen[-1] == "47699" and not t.all_selected
    press(app, pygame.K_a, mod=pygame.KMOD_CTRL)
    press(app, pygame.K_BACKSPACE)
    assert t.text == "" and seen[-1] == ""
    type_text(app, "123")
    press(app, pygame.K_a, mod=pygame.KMOD_CTRL)
    press(app, pygame.K_END)                      # the caret moves: the selection goes
    type_text(app, "4")
    assert t.text == "1234"
    press(app, pygame.K_a, mod=pygame.KMOD_CTRL)
    press(app, pygame.K_DELETE)
    assert t.text == ""


def test_text_input_keeps_space_from_activating_the_form(app):
    hits = []
    t = TextInput("")
    b = Button("B", lambda: hits.append(1))
    scene = host(app, t, b)
    scene.form.focus(t)
    type_text(app, "a b")
    assert t.text == "a b" and hits == []
    press(app, pygame.K_RETURN)        # Enter in a text field moves on
    assert scene.form.focused is b and hits == []


def test_scroll_text_scrolls_and_clamps(app):
    markup = "# Title\n" + "\n".join(f"- line number {i} with **bold** words" for i in range(80))
    st = ScrollText(markup)
    st.rect = pygame.Rect(40, 40, 600, 300)
    host(app, st)
    assert st.content_height > st.rect.height
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=st.rect.center, rel=(0, 0),
                                 buttons=(0, 0, 0))], DT)
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False,
                                 precise_x=0.0, precise_y=-3.0)], DT)
    assert st.target > 0
    press(app, pygame.K_END)
    assert st.target == st.max_offset()
    for _ in range(60):
        app.step([], DT)
    assert st.offset == pytest.approx(st.max_offset())
    press(app, pygame.K_PAGEDOWN)
    assert st.target == st.max_offset()
    press(app, pygame.K_HOME)
    assert st.target == 0


def test_scroll_text_joins_wrapped_source_lines():
    st = ScrollText("- one\n  two\n\nthree\nfour\n## Head\n- five")
    assert st.logical_lines() == ["- one two", "", "three four", "## Head", "- five"]


def _flowed_lines(text: str, width: int) -> list[list[int]]:
    """The x of every piece ScrollText lays out for ``text``, line by line."""
    from cardtable.ui import theme

    pieces: list = []
    ScrollText._flow(pieces, text, 0, 0, width, theme.px(theme.BODY), theme.TEXT, False)
    rows: dict[int, list[int]] = {}
    for _img, x, y in pieces:
        rows.setdefault(y, []).append(x)
    return [rows[y] for y in sorted(rows)]


def test_scroll_text_leaves_no_lone_word_on_a_last_line(app):
    from cardtable.ui import theme

    words = "alpha beta gamma delta epsilon zeta eta theta".split()
    size = theme.px(theme.BODY)
    space = theme.font(size).size(" ")[0]
    wide = [theme.render(w, size, theme.TEXT, False).get_width() for w in words]
    # room for every word but the last on one line: greedy wrapping would leave "theta" alone
    width = sum(wide[:-1]) + space * (len(words) - 2) + 2
    rows = _flowed_lines(" ".join(words), width)
    assert [len(r) for r in rows] == [6, 2]
    # a glued full stop travels with its word and is no word of its own
    rows = _flowed_lines(" ".join(words[:-1]) + " **theta**.", width)
    assert [len(r) for r in rows] == [6, 3]
    # a paragraph that fits stays on one line
    assert [len(r) for r in _flowed_lines(" ".join(words), width * 2)] == [8]


def test_a_line_never_breaks_at_a_no_break_space():
    """French writes '65 ¢' and '50 %' with a narrow no-break space: a wrapped line keeps
    the number with its sign, and the other spaces still break."""
    assert theme.words_of("a  b\u202f¢ c\nd\u00a0e\t f") == ["a", "b\u202f¢", "c", "d\u00a0e", "f"]
    fnt = theme.font(20)
    text = "Le pot vaut 65\u202f¢ et 12\u202f¢ de plus"
    for width in range(fnt.size("65\u202f¢")[0], fnt.size(text)[0] + 1, 7):
        lines = theme.wrap(text, fnt, width)
        assert "".join(lines).count("\u202f") == 2, (width, lines)
        assert all(not line.endswith(("65", "12")) for line in lines), (width, lines)
