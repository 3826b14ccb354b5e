"""Where the program's files are: its assets travel inside the package (package data), so a
source tree, an installed wheel and the frozen build all find them the same way."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def assets_dir() -> Path:
    """The assets folder: ``cardtable/assets``, found through ``importlib.resources`` (in a
    wheel's site-packages, the source tree, or the frozen build's bundle)."""
    return Path(str(resources.files("cardtable").joinpath("assets")))


def asset(*parts: str) -> Path:
    return assets_dir().joinpath(*parts)


def font_path(bold: bool = False) -> Path:
    """The program's typeface: Lato cut down to the letters it can show (build/fonts.py)."""
    return asset("fonts", "CardtableSans-Bold.ttf" if bold else "CardtableSans-Regular.ttf")


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
