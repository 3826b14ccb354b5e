"""`cardtable --smoke-test`: a quick whole-program check, from source or in the frozen build.

It imports every module of the package (a frozen build that forgot one fails here), loads
every bundled asset and draws the code-drawn ones (icon, every card face, the sounds), opens
the window (the SDL dummy video driver will do), draws every scene of the shell, plays a
deal on every game's table (taken from the table registry, so tables added later are
checked without touching this file), and lets hard computer players play a short match of
every game through :class:`cardtable.match.Match` with their search in the worker process,
and hosts a table on loopback that a friend's copy joins over a WebSocket to play a move.

It prints one line per step and exits 0, or exits 1 with a last line naming the step and
the reason. Every game of the registry has a table: one without fails the test.

The test touches none of the player's files: the window gets default settings and no
settings path, and ``CARDTABLE_DATA_DIR`` points at a temporary folder (removed at the end)
while it runs, so an autosave or statistics written by a table, and the log file (set up
as the program sets it up, and checked to hold what is written to it), land there.
"""

from __future__ import annotations

import gettext
import importlib
import json
import logging
import os
import pkgutil
import random
import shutil
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path

from cardtable import logs


def short_options(game_id: str) -> dict | None:
    """Options that make a whole match of ``game_id`` short (its spec's ``quick_options``;
    None: a game of fixed length, stopped after its first deal)."""
    from cardtable.engine import registry

    return dict(registry.get(game_id).quick_options) or None


#: hard level's think time per decision in the smoke matches, seconds
BUDGET = 0.02
#: decisions per game at most, and seconds per game at most, in the hard matches
MAX_DECISIONS = 120
MATCH_SECONDS = 20.0
#: moves per game at most on the tables
TABLE_MOVES = 160
NAMES = ("You", "Margot", "Hana", "Theo", "Ines", "Kofi", "Lena", "Milo")
MAGENTA = (255, 0, 255)


class SmokeFailure(Exception):
    """A check failed; the message is the one-line reason."""


class Report:
    """Lines to stdout (when the program has one) and to an optional log file."""

    def __init__(self, log_path: str | os.PathLike | None = None):
        self.log = open(log_path, "w", encoding="utf-8") if log_path else None  # noqa: SIM115

    def line(self, text: str) -> None:
        for stream in (sys.stdout, self.log):
            if stream is None:
                continue
            try:
                stream.write(text + "\n")
                stream.flush()
            except (OSError, ValueError):  # a closed or missing console
                pass

    def close(self) -> None:
        if self.log is not None:
            self.log.close()


# --------------------------------------------------------------------------- steps


def check_modules() -> str:
    """Import every module of the package (the registry and bots import some by name)."""
    import cardtable

    names = sorted(
        info.name for info in pkgutil.walk_packages(cardtable.__path__, "cardtable.")
        if info.name != "cardtable.__main__"
    )
    if len(names) < 20:
        raise SmokeFailure(f"only {len(names)} modules of the package were found")
    for name in names:
        try:
            importlib.import_module(name)
        except Exception as exc:  # a border: a module's code runs; its failure, traceback
            # and all (printed under the reason), is the test's answer
            raise SmokeFailure(f"cannot import {name}: {type(exc).__name__}: {exc}") from exc
    return f"{len(names)} modules"


def check_log() -> str:
    """The log file is written where the program keeps it (the scratch data folder here),
    one line a record."""
    path = logs.log_file()
    if path is None:
        raise SmokeFailure(f"no log file could be written in {logs.default_path().parent}")
    logging.getLogger(__name__).info("the smoke test writes to the log")
    for handler in logging.getLogger().handlers:
        handler.flush()
    lines = path.read_text(encoding="utf-8").splitlines()
    if not lines or not lines[-1].endswith("cardtable.smoke: the smoke test writes to the log"):
        raise SmokeFailure(f"the log file {path} does not hold the record written to it")
    return f"{path.name} in the data folder, {len(lines)} lines"


def open_window():
    import pygame

    from cardtable.ui import sdl
    from cardtable.ui.app import App

    sdl.init()
    app = App(size=(1280, 720), settings={"sound": True, "animation_speed": "off"},
              settings_path=None)
    if app.screen.get_size() != (1280, 720):
        raise SmokeFailure(f"the window is {app.screen.get_size()}, not 1280x720")
    return app, f"1280x720, video driver {pygame.display.get_driver()}"


def load_assets() -> str:
    """Every file under assets/, then the drawn icon, card faces and synthesised sounds."""
    from cardtable import paths
    from cardtable.ui.cardart import CardArt
    from cardtable.ui.icon import draw_icon
    from cardtable.ui.sound import NAMES as SOUND_NAMES
    from cardtable.ui.sound import Sounds

    root = paths.assets_dir()
    if not root.is_dir():
        raise SmokeFailure(f"the assets folder is missing: {root}")
    needed = [paths.font_path(False), paths.font_path(True), paths.asset("ratings.json"),
              paths.asset("locale", "fr", "LC_MESSAGES", "cardtable.mo")]
    for path in needed:
        if not path.is_file():
            raise SmokeFailure(f"a bundled file is missing: {path}")
    files = sorted(p for p in root.rglob("*") if p.is_file())
    for path in files:
        _load_asset(path)
    icon = draw_icon(64)
    if icon.get_size() != (64, 64):
        raise SmokeFailure("the icon is drawn at the wrong size")
    art = CardArt()
    codes = [r + s for s in "SHDC" for r in "AKQJT98765432"] + ["JK"]
    for code in codes:
        face = art.face(code, 90)
        if face.get_width() != 90:
            raise SmokeFailure(f"the face of {code} is {face.get_width()} px wide, not 90")
    art.back(90)
    sounds = Sounds(enabled=True, background=False)
    made = 0
    if sounds.available:
        for name in SOUND_NAMES:
            if sounds._sound(name) is None:
                raise SmokeFailure(f"the sound {name!r} could not be made")
            made += 1
    audio = f"{made} sounds" if sounds.available else "no audio device, sounds skipped"
    return f"{len(files)} files in {root.name}/, icon, {len(codes)} card faces, {audio}"


def _load_asset(path: Path) -> None:
    import pygame

    suffix = path.suffix.lower()
    try:
        if suffix in (".ttf", ".otf"):
            font = pygame.font.Font(str(path), 24)
            if font.render("Ag 65", True, (255, 255, 255)).get_width() <= 0:
                raise SmokeFailure(f"the font {path.name} renders nothing")
        elif suffix in (".png", ".jpg", ".jpeg", ".bmp"):
            pygame.image.load(str(path))
        elif suffix in (".wav", ".ogg"):
            if pygame.mixer.get_init():
                pygame.mixer.Sound(str(path))
            else:
                path.read_bytes()
        elif suffix == ".json":
            json.loads(path.read_text(encoding="utf-8"))
        elif suffix == ".mo":
            with path.open("rb") as fp:
                gettext.GNUTranslations(fp)
        elif suffix in (".po", ".pot", ".txt"):
            if not path.read_text(encoding="utf-8").strip():
                raise SmokeFailure(f"the asset {path.name} is empty")
        elif not path.read_bytes():
            raise SmokeFailure(f"the asset {path.name} is empty")
    except (OSError, ValueError, pygame.error) as exc:  # unreadable, malformed, not loadable
        raise SmokeFailure(f"cannot load the asset {path.name}: {exc}") from exc


def draw(app, scene, what: str, frames: int = 2) -> None:
    """Show ``scene`` on top for a few frames and check it drew over a magenta screen."""
    import pygame

    if scene is not None and app.top is not scene:
        app.push(scene)
    app.screen.fill(MAGENTA)
    for _ in range(frames):
        app.step([], 1 / 60)
    if app.top is None:
        raise SmokeFailure(f"{what}: the scene stack is empty after drawing")
    small = pygame.transform.smoothscale(app.screen, (16, 9))
    left = sum(1 for x in range(16) for y in range(9) if small.get_at((x, y))[:3] == MAGENTA)
    if left > 16 * 9 // 2:
        raise SmokeFailure(f"{what}: the scene left most of the window undrawn")


def finished_match(game_id: str, seed: int = 3):
    """Random legal moves to the end of a short match: (state, public deal_scored events)."""
    from cardtable.engine import registry

    spec = registry.get(game_id)
    state = spec.new_match(players=spec.min_players, seed=seed,
                           options=short_options(game_id))
    rng = random.Random(seed)
    events = []
    moves = 0
    while not state.is_over:
        for ev in state.apply(rng.choice(state.legal_actions())):
            if ev.kind == "deal_scored":
                events.append(ev.public())
        moves += 1
        if moves > 50_000:
            raise SmokeFailure(f"a random {game_id} match did not end in 50,000 moves")
    return state, events


def draw_scenes(app) -> str:
    from cardtable.engine import registry
    from cardtable.ui.scenes.matchend import MatchEndScene
    from cardtable.ui.scenes.menu import MenuScene
    from cardtable.ui.scenes.picker import PickerScene
    from cardtable.ui.scenes.rules import RulesScene
    from cardtable.ui.scenes.settings import SettingsScene
    from cardtable.ui.scenes.setup import SetupScene
    from cardtable.ui.scenes.stats import StatsScene
    from cardtable.ui.scenes.summary import SummaryScene

    drawn = 0
    app.reset(MenuScene())
    draw(app, None, "menu")
    for name, make in (("picker", PickerScene), ("rules", RulesScene),
                       ("settings", SettingsScene)):
        draw(app, make(), name)
        app.pop()
        drawn += 1
    app.stats = {g: {"played": 3, "won": 2, "lost": 1, "streak": 1, "best_streak": 2}
                 for g in registry.ids()}
    draw(app, StatsScene(), "statistics")
    app.pop()
    app.stats = {}
    drawn += 2
    for game_id in registry.ids():
        spec = registry.get(game_id)
        for name, make in (("setup", SetupScene), ("rules", RulesScene)):
            draw(app, make(game_id), f"{name} of {game_id}")
            app.pop()
            drawn += 1
        state, events = finished_match(game_id)
        if not events:
            raise SmokeFailure(f"a finished {game_id} match scored no deal")
        names = list(NAMES[:spec.min_players])
        target = (state.options or {}).get("target")
        draw(app, SummaryScene(events[-1], state.score_sheet, names, game_id, target=target),
             f"summary of {game_id}")
        app.pop()
        draw(app, MatchEndScene(state.score_sheet, names, state.winners, game_id,
                                state.match_scores, target=target), f"match end of {game_id}")
        app.pop()
        drawn += 2
    app.resize((800, 500))
    draw(app, PickerScene(), "picker at 800x500")
    app.pop()
    app.resize((1280, 720))
    languages = draw_languages(app)
    return f"{drawn + 2} scenes; menu and rules in {languages}"


def draw_languages(app) -> str:
    """Every language's catalogue loads (no silent fall-back to English) and draws."""
    from cardtable import i18n
    from cardtable.ui.scenes.menu import MenuScene
    from cardtable.ui.scenes.rules import RulesScene

    before = i18n.language()
    codes = list(i18n.LANGUAGES)
    try:
        for code in codes:
            if i18n.set_language(code) != code:
                raise SmokeFailure(f"the catalogue of the language {code!r} did not load "
                                   f"from {i18n.locale_dir()}")
            app.reset(MenuScene())
            draw(app, None, f"menu in {code}")
            draw(app, RulesScene(), f"rules in {code}")
            app.pop()
    finally:
        i18n.set_language(before)
    return ", ".join(codes)


def check_speech(app) -> str:
    """Speech loads or is cleanly absent: the library, where it is installed (or bundled),
    imports and lists its back ends; the setting On gives a back end (silent, with a reason,
    where nothing speaks) without an exception; and the menu is said through a recording
    back end."""
    from importlib import metadata

    from cardtable import speech
    from cardtable.ui.scenes.menu import MenuScene

    try:
        version = metadata.version("prismatoid")
    except metadata.PackageNotFoundError:
        version = None
    loaded = None
    if version is not None:
        try:
            import prism  # noqa: F401

            loaded = f"prismatoid {version} loads"
        except Exception as exc:  # the speech library's border: a native library fails anyhow
            raise SmokeFailure(f"the speech library prismatoid {version} is installed but "
                               f"does not load: {type(exc).__name__}: {exc}") from exc
    backend, reason = speech.open_backend("on")
    rec = speech.RecordingBackend()
    app.narrator.use(rec)
    try:
        app.reset(MenuScene())
        draw(app, None, "menu said aloud")
        if not rec.said or not rec.said[0].startswith("cardtable."):
            raise SmokeFailure(f"the menu was not said: {rec.said!r}")
    finally:
        app.narrator.use(speech.SilentBackend())
    where = f"speaks through {backend.name}" if not isinstance(
        backend, speech.SilentBackend) else f"silent here ({reason})"
    return f"{loaded or 'no speech library (cleanly absent)'}; {where}; the menu is said"


def play_tables(app) -> str:
    """A deal (or TABLE_MOVES moves) on every game's table, one human seat and easy bots."""
    from cardtable.engine import registry
    from cardtable.ui import tables

    done = []
    for game_id in registry.ids():
        try:
            if tables.table_class(game_id) is None:
                raise SmokeFailure(f"{game_id} brings no table")
        except SmokeFailure:
            raise
        except Exception as exc:  # a border: a game's table is its registration's plug-in
            raise SmokeFailure(f"the table of {game_id} does not load: "
                               f"{type(exc).__name__}: {exc}") from exc
        spec = registry.get(game_id)
        counts = sorted({spec.min_players, spec.max_players})
        for n in counts:
            detail = play_table(app, game_id, n, moves=TABLE_MOVES if n == counts[0] else 30)
            done.append(f"{game_id} x{n} ({detail})")
    if not done:
        raise SmokeFailure("no game has a table")
    return ", ".join(done)


def play_table(app, game_id: str, n: int, moves: int) -> str:
    """One human seat and easy bots on the table of ``game_id``: a deal, or ``moves`` moves."""
    import pygame

    from cardtable.match import Match, Seat, make_bot
    from cardtable.ui.scenes.menu import MenuScene
    from cardtable.ui.scenes.table import TableScene

    seats = [Seat(NAMES[i], "human" if i == 0 else "computer", "easy") for i in range(n)]
    match = Match(game_id, seats, options=short_options(game_id), seed=11, pace=0.0,
                  threaded=False)
    table = TableScene(match, speed="off", pace=0.0, sound=False)
    app.reset(MenuScene())
    app.push(table)
    bot = make_bot(game_id, "easy", 5)
    frames = 0
    overlays = []
    while len(match.moves) < moves and not match.is_over and app.top is table:
        frames += 1
        if frames > moves * 8:
            raise SmokeFailure(f"the {game_id} table stopped moving after "
                               f"{len(match.moves)} moves")
        if table.my_turn():
            action = bot.choose(match.state.clone(), table.viewer)
            if not table.try_action(action):
                raise SmokeFailure(f"the {game_id} table refused the legal move {action}")
        if frames % 6 == 0:
            app.step([], 1 / 60)
        else:
            app.update(1 / 60)
    draw(app, None, f"{game_id} table")
    # the end-of-deal summary and the match end, built by the table itself
    for _ in range(4):
        if app.top is table:
            break
        name = type(app.top).__name__
        draw(app, None, f"{name} over the {game_id} table")
        overlays.append(name)
        app.pop()
        app.step([], 1 / 60)
    if app.top is table:
        for size in ((800, 500), (1920, 1080), (1280, 720)):
            app.step([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0],
                                         h=size[1])], 1 / 60)
            draw(app, None, f"{game_id} table at {size[0]}x{size[1]}", frames=1)
    match.close()
    app.reset(MenuScene())
    return ", ".join([f"{len(match.moves)} moves"] + overlays)


def play_hard_matches(report: Report) -> str:
    """Hard bots only, through Match, thinking in the worker process."""
    from cardtable.ai.worker import shared_service
    from cardtable.engine import registry
    from cardtable.match import Match, Seat

    service = shared_service()
    ping = service.warm_up().result(timeout=60)
    if service.mode != "process" or ping.get("pid") == os.getpid():
        raise SmokeFailure(f"the worker process did not start ({service.fallback_reason})")
    parts = []
    for game_id in registry.ids():
        spec = registry.get(game_id)
        n = spec.min_players
        seats = [Seat(f"Bot {i + 1}", "computer", "hard") for i in range(n)]
        match = Match(game_id, seats, options=short_options(game_id), seed=21, pace=0.0,
                      budget=BUDGET, executor="process")
        # one decision straight from the worker, so a bot's error is not hidden by the
        # Match's fallback to a legal move
        seat = match.to_act
        action = service.choose(game_id, "hard", 1, match.state, seat,
                                budget_s=BUDGET).result(timeout=MATCH_SECONDS)
        if action not in match.legal_actions():
            raise SmokeFailure(f"the hard {game_id} bot chose an illegal move: {action}")
        start = time.perf_counter()
        decisions, deals = 0, 0
        while not match.is_over and decisions < MAX_DECISIONS:
            if time.perf_counter() - start > MATCH_SECONDS:
                raise SmokeFailure(f"the hard {game_id} match took over {MATCH_SECONDS:.0f} s")
            events = match.wait(timeout=MATCH_SECONDS)
            decisions += 1
            deals += sum(1 for e in events if e.kind == "deal_scored")
            if deals and short_options(game_id) is None:
                break
        match.close()
        if decisions == 0:
            raise SmokeFailure(f"the hard {game_id} bots made no move")
        end = "match over" if match.is_over else f"{deals} deal{'s' * (deals != 1)} scored"
        parts.append(f"{game_id} {decisions} moves, {end}")
        if service.mode != "process":
            raise SmokeFailure(f"the worker process failed during {game_id} "
                               f"({service.fallback_reason})")
    report.line(f"smoke:   worker process pid {ping.get('pid')}, this process {os.getpid()}")
    service.shutdown(wait=True)
    return "; ".join(parts)


# --------------------------------------------------------------------------- driver


def play_over_network(app) -> str:
    """Host a table on loopback, sit a friend at it through a real WebSocket, and play one
    of the friend's moves through the host's engine to the friend's copy; the mDNS library
    (bundled for finding tables) describes the table as it would announce it."""
    import socket as socketlib

    from zeroconf import ServiceInfo

    from cardtable.net import protocol
    from cardtable.net.host import HostedMatch, TableServer
    from cardtable.net.remote import connect
    from cardtable.ui.scenes.table import TableScene, show_table

    ServiceInfo(protocol.SERVICE_TYPE, f"smoke.{protocol.SERVICE_TYPE}",
                addresses=[socketlib.inet_aton("127.0.0.1")], port=1, properties={"v": "1"})
    from cardtable.engine import registry

    game = next(spec.id for spec in registry.specs() if spec.min_players <= 2)
    seats = [{"name": "Host", "kind": "computer", "level": "easy"},
             {"name": "Friend", "kind": "human"}]
    host = HostedMatch.from_config({"game": game, "players": 2, "seed": 5, "seats": seats},
                                   remote=[1], pace=0.0, threaded=False)
    server = TableServer(host, port=0, host="127.0.0.1")
    server.start()
    friend = None
    try:
        friend, error, _ = connect("127.0.0.1", server.port, "Friend", code=server.code)
        if friend is None:
            raise SmokeFailure(f"a friend could not join the table on loopback: {error}")
        table = show_table(app, TableScene(friend, speed="off", sound=False))
        deadline = time.monotonic() + 15
        played = None
        while played is None or not any(s == 1 for s, _ in host.moves):
            if time.monotonic() > deadline:
                raise SmokeFailure("no move went through the table over loopback in 15 s")
            host.poll(now=float("inf"))
            draw(app, app.top, "the friend's table", frames=1)
            if played is None and table.my_turn() and table.legal:
                played = time.perf_counter()
                if not table.try_action(table.legal[0]):
                    raise SmokeFailure("the friend's table refused its own legal move")
            time.sleep(0.002)
        back = time.perf_counter() - played
        while friend.pending and time.monotonic() < deadline:
            draw(app, app.top, "the friend's table", frames=1)
            time.sleep(0.002)
        if friend.pending:
            raise SmokeFailure("the host's answer to the friend's move never arrived")
    finally:
        if friend is not None:
            friend.close()
        server.close()
        app.table = None
        app.reset(app.build("menu"))
    return f"{game} on port {server.port}, a move to the host and back in {back * 1000:.0f} ms"


def run(log_path: str | os.PathLike | None = None) -> int:
    """Run every step; 0 when all pass, 1 (with a one-line reason last) otherwise."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    scratch = tempfile.mkdtemp(prefix="cardtable-smoke-")
    saved = os.environ.get("CARDTABLE_DATA_DIR")
    os.environ["CARDTABLE_DATA_DIR"] = scratch
    logs.setup()            # in the scratch folder, as the program sets it up
    try:
        return _run(log_path)
    finally:
        logs.shutdown()
        if saved is None:
            os.environ.pop("CARDTABLE_DATA_DIR", None)
        else:
            os.environ["CARDTABLE_DATA_DIR"] = saved
        shutil.rmtree(scratch, ignore_errors=True)


def where_from() -> str:
    """Which copy of the program runs: the frozen build, an installed package (a wheel in
    site-packages, pipx...) or a source tree (an editable install or a checkout)."""
    if getattr(sys, "frozen", False):
        return "the frozen build"
    package = Path(__file__).resolve().parent
    if package.parent.name in ("site-packages", "dist-packages"):
        return f"the package installed in {package.parent}"
    return f"the source tree at {package.parent}"


def _run(log_path: str | os.PathLike | None) -> int:
    report = Report(log_path)
    started = time.perf_counter()
    report.line(f"smoke: cardtable {_version()} from {where_from()}, Python "
                f"{sys.version.split()[0]} on {sys.platform}")
    state: dict = {}
    steps: list[tuple[str, Callable[[], str]]] = [
        ("modules", check_modules),
        ("log", check_log),
        ("window", lambda: _open(state)),
        ("assets", load_assets),
        ("scenes", lambda: draw_scenes(state["app"])),
        ("speech", lambda: check_speech(state["app"])),
        ("tables", lambda: play_tables(state["app"])),
        ("network", lambda: play_over_network(state["app"])),
        ("matches", lambda: play_hard_matches(report)),
    ]
    try:
        for name, step in steps:
            t = time.perf_counter()
            try:
                detail = step()
            except SmokeFailure:
                raise
            except Exception as exc:  # the top of a step: any failure is the test's answer
                _traceback(report, exc)
                raise SmokeFailure(f"{_kind(exc)}: {exc}") from None
            report.line(f"smoke: {name:8} ok  {time.perf_counter() - t:5.2f} s  {detail}")
            state["step"] = name
    except SmokeFailure as exc:
        if exc.__cause__ is not None:       # what went wrong beneath the reason
            _traceback(report, exc.__cause__)
        failed = _failed_step(steps, state)
        reason = " ".join(str(exc).split())
        report.line(f"smoke test FAILED in step {failed}: {reason}")
        report.close()
        _quit()
        return 1
    report.line(f"smoke test passed in {time.perf_counter() - started:.1f} s")
    report.close()
    _quit()
    return 0


def _open(state: dict) -> str:
    app, detail = open_window()
    state["app"] = app
    return detail


def _failed_step(steps, state: dict) -> str:
    names = [s[0] for s in steps]
    last = state.get("step")
    if last is None:
        return names[0]
    i = names.index(last) + 1
    return names[i] if i < len(names) else last


def _kind(exc: BaseException) -> str:
    module = type(exc).__module__
    name = type(exc).__name__
    return name if module == "builtins" else f"{module.split('.')[0]}.{name}"


def _traceback(report: Report, exc: BaseException) -> None:
    text = "".join(traceback.format_exception(exc)).rstrip()
    if sys.stderr is not None:
        try:
            sys.stderr.write(text + "\n")
        except (OSError, ValueError):
            pass
    if report.log is not None:
        report.log.write(text + "\n")


def _version() -> str:
    from cardtable.about import version

    return version() or ("(frozen)" if getattr(sys, "frozen", False) else "(source)")


def _quit() -> None:
    pygame = sys.modules.get("pygame")
    if pygame is not None:      # else no step got as far as the window: nothing to close
        pygame.quit()
