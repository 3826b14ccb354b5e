"""Test setup: pygame runs headless (no window, no sound device) in every test."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# the language setting defaults to the system's: the tests read English whatever the machine
os.environ["LANGUAGE"] = "en"
