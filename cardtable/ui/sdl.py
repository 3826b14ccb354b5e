"""Starting SDL quietly: only the parts the program uses, and the C libraries' complaints
about a missing sound card kept out of the terminal (they go to the log).

``pygame.init()`` opens every subsystem, the audio device included, and on a machine with no
sound card ALSA's library writes a dozen "ALSA lib ... cannot find card" lines straight to
file descriptor 2, where Python cannot catch them. The window needs only the display and
the fonts; the sounds open the mixer themselves through :func:`open_mixer`.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import tempfile
from collections.abc import Iterator

import pygame

log = logging.getLogger(__name__)


#: SDL's hint: a window's pixels go to the screen through the X server's shared memory,
#: not through an OpenGL texture (which loads the GL driver: on Mesa, LLVM with it)
FRAMEBUFFER_HINT = "SDL_FRAMEBUFFER_ACCELERATION"


def init() -> None:
    """The display and the fonts (what a window and its text need), nothing else."""
    if not pygame.display.get_init():
        pygame.display.init()
        # on X11 a software window needs no GPU driver: SDL would otherwise load OpenGL
        # to show each frame (about 36 MB of anonymous memory and 95 MB resident with
        # Mesa). Read when the first window is made; the person's own value wins
        if pygame.display.get_driver() == "x11":
            os.environ.setdefault(FRAMEBUFFER_HINT, "0")
    if not pygame.font.get_init():
        pygame.font.init()


@contextlib.contextmanager
def native_stderr_logged(what: str) -> Iterator[None]:
    """Point file descriptor 2 at a temporary file while C code runs; what it wrote there
    is logged (debug) as said by ``what`` rather than shown in the terminal."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):  # no descriptor 2 (a windowed program)
        yield
        return
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            said = sink.read().decode("utf-8", "replace").strip()
            if said:
                log.debug("%s said:\n%s", what, said)


def open_mixer(frequency: int, buffer: int) -> tuple[int, int, int] | None:
    """Open the audio device (16-bit stereo); its format, or None when there is none (the
    reason is logged)."""
    try:
        if not pygame.mixer.get_init():
            with native_stderr_logged("the audio device"):
                pygame.mixer.init(frequency=frequency, size=-16, channels=2, buffer=buffer)
        return pygame.mixer.get_init() or None
    except pygame.error as exc:
        log.info("no sound: %s", exc)
        return None
