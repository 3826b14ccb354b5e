"""Magpie is registered for the tests of this package only, and removed after them, so
every other test still sees the program's own games alone."""

from __future__ import annotations

import pytest

from cardtable.engine import registry
from tests.ui.conftest import app, settings_file  # noqa: F401  (the window's fixtures)

from .game.registration import GAME


@pytest.fixture(scope="package", autouse=True)
def magpie():
    """Magpie in the registry while this package's tests run."""
    registry.register(GAME)
    yield GAME
    registry.unregister(GAME.id)
