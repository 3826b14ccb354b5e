"""The program's version: pyproject.toml's, read from the installed package's metadata
(a frozen build carries that metadata too; see installer.spec)."""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=1)
def version() -> str:
    """"0.1.0", or "" when the package is not installed (a bare source tree)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as _version

    try:
        return _version("cardtable")
    except PackageNotFoundError:
        return ""


def about_line() -> str:
    """The line naming the program and its version, e.g. "cardtable 0.1.0"."""
    return f"cardtable {version()}".rstrip()
