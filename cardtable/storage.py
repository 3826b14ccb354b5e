"""What the program keeps between runs. For now: the settings file.

JSON only, with a ``version`` field, written atomically (a temporary file in the same folder,
then ``os.replace``). A file that cannot be read is set aside under a new name with a time
stamp and the defaults are used, with a message the window can show. No pygame here.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

SETTINGS_VERSION = 1
APP_NAME = "cardtable"

DEFAULT_SETTINGS: dict[str, Any] = {
    "version": SETTINGS_VERSION,
    "window_size": [1280, 720],
    "fullscreen": False,
    "animation_speed": "normal",      # off | fast | normal | slow
    "sound": True,
    "card_back": "blue",              # blue | red | green | purple
    "felt": "green",                  # green | blue | red | grey
    "four_colour_suits": False,
    "show_card_points": False,        # running card points in Sixty-Six
    "hint_button": True,
    "last_setup": {},                 # game id -> the last setup used for it
}

#: the values each enumerated setting may take
CHOICES: dict[str, tuple[str, ...]] = {
    "animation_speed": ("off", "fast", "normal", "slow"),
    "card_back": ("blue", "red", "green", "purple"),
    "felt": ("green", "blue", "red", "grey"),
}


def config_dir() -> Path:
    from platformdirs import user_config_dir

    return Path(user_config_dir(APP_NAME, appauthor=False))


def settings_path() -> Path:
    return config_dir() / "settings.json"


def defaults() -> dict[str, Any]:
    return json.loads(json.dumps(DEFAULT_SETTINGS))


def _clean(data: dict) -> dict[str, Any]:
    """Merge a loaded mapping over the defaults, dropping values of the wrong type."""
    out = defaults()
    for key, default in DEFAULT_SETTINGS.items():
        if key == "version" or key not in data:
            continue
        value = data[key]
        if isinstance(default, bool):
            if isinstance(value, bool):
                out[key] = value
        elif key in CHOICES:
            if value in CHOICES[key]:
                out[key] = value
        elif key == "window_size":
            if (
                isinstance(value, list)
                and len(value) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            ):
                out[key] = [max(640, min(7680, value[0])), max(400, min(4320, value[1]))]
        elif isinstance(default, dict):
            if isinstance(value, dict):
                out[key] = value
    return out


def _set_aside(path: Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.damaged-{stamp}{path.suffix}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.stem}.damaged-{stamp}-{n}{path.suffix}")
        n += 1
    os.replace(path, target)
    return target


def load_settings(path: str | os.PathLike | None = None) -> tuple[dict[str, Any], str | None]:
    """The saved settings (defaults for anything missing) and a message, or None if all is well.

    A damaged file (not JSON, not an object, or a version we do not know) is renamed to
    ``settings.damaged-<time>.json`` and the defaults are returned with a message saying so.
    """
    path = Path(path) if path is not None else settings_path()
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return defaults(), None
    except OSError as exc:
        return defaults(), f"Could not read the settings ({exc.strerror or exc}); using defaults."
    problem = None
    try:
        data = json.loads(raw)
    except ValueError:
        data, problem = None, "it is not valid JSON"
    if problem is None and not isinstance(data, dict):
        problem = "it does not hold a settings object"
    if problem is None and data.get("version") != SETTINGS_VERSION:
        problem = f"its version {data.get('version')!r} is unknown"
    if problem is not None:
        try:
            moved = _set_aside(path)
        except OSError:
            return defaults(), f"The settings file is damaged ({problem}); using defaults."
        return defaults(), (
            f"The settings file was damaged ({problem}). It was kept as {moved.name}; "
            "default settings are used."
        )
    return _clean(data), None


def save_settings(settings: dict[str, Any], path: str | os.PathLike | None = None) -> None:
    """Write ``settings`` atomically: a temporary file next to the target, then os.replace."""
    path = Path(path) if path is not None else settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    data = dict(settings)
    data["version"] = SETTINGS_VERSION
    text = json.dumps(data, indent=2, sort_keys=True)
    fd, tmp = tempfile.mkstemp(prefix=".settings-", suffix=".tmp", dir=str(path.parent))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
