"""The program's version: pyproject.toml's, read from the installed package's metadata
(a frozen build carries that metadata too; see installer.spec); and where its log file is,
for a bug report."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from cardtable.i18n import Msg


@lru_cache(maxsize=1)
def version() -> str:
    """"0.1.0", or "" when the package is not installed (a bare source tree). Read from the
    installed package's own ``METADATA`` file where it is found on the path (the menu shows
    the version in its first frame, and the standard library's metadata reader brings an
    e-mail parser with it: some 25 ms), else by that reader."""
    quick = _version_from_dist_info()
    if quick:
        return quick
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as _version

    try:
        return _version("cardtable")
    except PackageNotFoundError:
        return ""


def _version_from_dist_info() -> str:
    """The ``Version:`` of the first ``cardtable-*.dist-info/METADATA`` on ``sys.path``, ''
    when there is none or it cannot be read."""
    import sys

    for entry in sys.path:
        try:
            found = sorted(Path(entry or ".").glob("cardtable-*.dist-info/METADATA"))
        except OSError:
            continue
        for path in found:
            try:
                with path.open(encoding="utf-8") as lines:
                    for line in lines:
                        if line.startswith("Version:"):
                            return line.split(":", 1)[1].strip()
                        if not line.strip():
                            break           # the headers end at the first empty line
            except OSError:
                continue
    return ""


def about_line() -> str:
    """The line naming the program and its version, e.g. "cardtable 0.1.0"."""
    return f"cardtable {version()}".rstrip()


def shown_path(path: Path) -> str:
    """``path`` as a person reads it: the home folder written ``~`` where that is the custom
    (not on Windows, whose users do not know the sign)."""
    text = str(path)
    if os.name != "nt":
        home = str(Path.home())
        if home not in ("", "/") and (text == home or text.startswith(home + os.sep)):
            return "~" + text[len(home):]
    return text


def log_line(file: Path | None) -> Msg | None:
    """The sentence saying where the log file ``file`` is, for a bug report; None when the
    program keeps no log file (it could not be written, or was never set up)."""
    if file is None:
        return None
    return Msg("Log file for bug reports: {file}", file=shown_path(file))
