"""Starting SDL quietly: the window's parts only, and what C code writes to descriptor 2
while the audio device opens goes to the log, not the terminal."""

from __future__ import annotations

import logging
import os
import subprocess
import sys

import pygame

from cardtable.ui import sdl


def test_what_c_code_writes_to_descriptor_2_is_logged_not_shown(capfd, caplog):
    caplog.set_level(logging.DEBUG, logger=sdl.__name__)
    with sdl.native_stderr_logged("a noisy library"):
        os.write(2, b"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\n")
    assert capfd.readouterr().err == ""
    assert any("a noisy library said" in r.getMessage() and "cannot find card" in r.getMessage()
               for r in caplog.records)
    os.write(2, b"after\n")                 # descriptor 2 is the terminal's again
    assert capfd.readouterr().err == "after\n"


def test_nothing_is_logged_when_nothing_was_said(caplog):
    caplog.set_level(logging.DEBUG, logger=sdl.__name__)
    with sdl.native_stderr_logged("a quiet library"):
        pass
    assert not caplog.records


def test_no_sound_device_is_none_with_its_reason(monkeypatch, caplog):
    caplog.set_level(logging.INFO, logger=sdl.__name__)

    def fails(**_kwargs):
        raise pygame.error("ALSA: Couldn't open audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", fails)
    assert sdl.open_mixer(44100, 512) is None
    assert any("no sound" in r.getMessage() for r in caplog.records)


def test_the_program_starts_without_a_banner_or_the_mixer():
    """Importing the window's package hides pygame's banner; init() opens no audio."""
    code = ("import cardtable.ui.app, pygame; from cardtable.ui import sdl; sdl.init(); "
            "print(pygame.display.get_init(), pygame.font.get_init(), "
            "bool(pygame.mixer.get_init()))")
    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "True True False"
    assert "pygame-ce" not in done.stdout + done.stderr     # the banner names it
