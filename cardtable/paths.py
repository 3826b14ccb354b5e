"""Where the program's files are: bundled assets (source tree or frozen build)."""

from __future__ import annotations

import sys
from pathlib import Path


def assets_dir() -> Path:
    """The assets folder: next to the package in a source tree, or in the frozen bundle."""
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        return Path(frozen_root) / "assets"
    return Path(__file__).resolve().parent.parent / "assets"


def asset(*parts: str) -> Path:
    return assets_dir().joinpath(*parts)


def font_path(bold: bool = False) -> Path:
    return asset("fonts", "Lato-Bold.ttf" if bold else "Lato-Regular.ttf")


APP_NAME = "cardtable"


def user_data_dir() -> Path:
    """Where the program keeps the match in progress and the statistics (platformdirs).

    ``CARDTABLE_DATA_DIR`` overrides it (tests, portable installs).
    """
    import os

    override = os.environ.get("CARDTABLE_DATA_DIR")
    if override:
        return Path(override)
    from platformdirs import user_data_dir as _user_data_dir

    return Path(_user_data_dir(APP_NAME, appauthor=False))
