"""French typography: the catalogue writes one apostrophe, the typographic ’, everywhere
(it mixed "l'atout" and "l’atout", sometimes within one screen)."""

from __future__ import annotations

import gettext
from pathlib import Path

import pytest

babel = pytest.importorskip("babel")
from babel.messages.pofile import read_po  # noqa: E402

PO = (Path(__file__).resolve().parent.parent / "cardtable" / "assets" / "locale" / "fr"
      / "LC_MESSAGES" / "cardtable.po")


def test_the_french_catalogue_uses_only_the_typographic_apostrophe():
    with PO.open("rb") as f:
        catalogue = read_po(f)
    straight = []
    for msg in catalogue:
        if not msg.id:
            continue
        texts = msg.string if isinstance(msg.string, tuple) else (msg.string,)
        straight += [t for t in texts if t and "'" in t]
    assert not straight, straight[:5]


def test_the_compiled_french_catalogue_has_no_straight_apostrophe():
    with PO.with_suffix(".mo").open("rb") as f:
        translations = gettext.GNUTranslations(f)
    texts = [t for key, t in translations._catalog.items() if key]  # type: ignore[attr-defined]
    assert not [t for t in texts if isinstance(t, str) and "'" in t]
