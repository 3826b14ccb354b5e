"""Languages: the French catalogue is complete and compiled, and switching works at run time."""

from __future__ import annotations

import gettext
import importlib.util
import io
from pathlib import Path

import pytest

from cardtable import i18n

babel = pytest.importorskip("babel")
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PO = ROOT / "cardtable" / "assets" / "locale" / "fr" / "LC_MESSAGES" / "cardtable.po"
MO = PO.with_suffix(".mo")


def _locale_tool():
    spec = importlib.util.spec_from_file_location("locale_tool", ROOT / "build" / "catalogues.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def source_messages() -> set[tuple[str | None, str]]:
    """(context, msgid) of every text marked in the program's code, extracted afresh."""
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0])
            for m in _locale_tool().extract() if m.id}


def french_catalogue():
    with PO.open("rb") as f:
        return read_po(f)


def test_every_text_has_a_french_translation():
    cat = french_catalogue()
    missing = []
    for context, msgid in sorted(source_messages(), key=lambda m: (m[0] or "", m[1])):
        msg = cat.get(msgid, context=context)
        if msg is None or msg.fuzzy or not (
            all(msg.string) if isinstance(msg.string, tuple) else msg.string
        ):
            missing.append(msgid if context is None else f"{context}|{msgid}")
    assert not missing, (
        f"{len(missing)} texts lack a French translation (run `make locale`, then translate "
        f"them in {PO.relative_to(ROOT)}): {missing[:10]}"
    )


def messages(t: gettext.GNUTranslations) -> dict:
    """A compiled catalogue's messages and translations, without its header ("" key), which
    names the tool and the version of it that wrote the file: no part of what is shown."""
    return {k: v for k, v in t._catalog.items() if k != ""}


def test_compiled_catalogue_is_current():
    buf = io.BytesIO()
    write_mo(buf, french_catalogue())
    fresh = gettext.GNUTranslations(io.BytesIO(buf.getvalue()))
    with MO.open("rb") as f:
        shipped = gettext.GNUTranslations(f)
    assert messages(shipped), "the compiled catalogue holds no message"
    assert messages(shipped) == messages(fresh), "cardtable.mo is stale: run `make locale`"
    # the plural rule (from the header's Plural-Forms) chooses the same forms
    assert [shipped.plural(n) for n in range(30)] == [fresh.plural(n) for n in range(30)]


def test_the_catalogue_check_ignores_the_writers_version():
    """The same messages written by another release of the tool are not 'stale'."""
    cat = french_catalogue()
    buf = io.BytesIO()
    write_mo(buf, cat)
    cat.version = "9.9"
    cat._set_mime_headers([("Generated-By", "Some Tool 99.0.0")] + [
        h for h in cat.mime_headers if h[0] != "Generated-By"])
    other = io.BytesIO()
    write_mo(other, cat)
    assert buf.getvalue() != other.getvalue()
    a = gettext.GNUTranslations(io.BytesIO(buf.getvalue()))
    b = gettext.GNUTranslations(io.BytesIO(other.getvalue()))
    assert messages(a) == messages(b)


def test_switching_language_changes_the_text_and_tells_listeners(monkeypatch):
    heard = []
    stop = i18n.on_change(heard.append)
    try:
        assert i18n.set_language("fr") == "fr"
        assert i18n._("New game") == "Nouvelle partie"
        assert i18n.set_language("en") == "en"
        assert i18n._("New game") == "New game"
        assert heard == ["fr", "en"]
    finally:
        stop()
        i18n.set_language("en")


@pytest.mark.parametrize("env,expected", [
    ({"LANG": "fr_CA.UTF-8"}, "fr"),
    ({"LANGUAGE": "fr:en", "LANG": "en_US.UTF-8"}, "fr"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LANG": "C"}, "en"),
])
def test_automatic_language_follows_the_system(monkeypatch, env, expected):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: (None, None))
    assert i18n.resolve("auto") == expected
    assert i18n.resolve("fr") == "fr"


def test_a_missing_catalogue_falls_back_to_english(monkeypatch, tmp_path):
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    try:
        assert i18n.set_language("fr") == "en"
        assert i18n._("New game") == "New game"
    finally:
        monkeypatch.undo()
        i18n.set_language("en")


def test_translations_keep_the_markup_and_the_blanks():
    """A French text starts with the same markup as its English (``# ``, ``## ``, ``- ``),
    has as many ``**`` and the same ``{blanks}``."""
    import re

    blanks = re.compile(r"{(\w*)}")
    wrong = []
    for msg in french_catalogue():
        if not msg.id or not msg.string:
            continue
        ids = msg.id if isinstance(msg.id, tuple) else (msg.id,)
        strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
        for text in strings:
            if not text:
                continue
            source = ids[-1] if len(ids) > 1 else ids[0]
            lead = next((m for m in ("# ", "## ", "- ") if source.startswith(m)), "")
            if (not text.startswith(lead) or text.startswith(("# ", "## ", "- ")) != bool(lead)
                    or text.count("**") != source.count("**")
                    or set(blanks.findall(text)) != set(blanks.findall(source))):
                wrong.append(ids[0])
    assert not wrong, f"translations that lose markup or blanks: {wrong[:10]}"


def test_french_puts_a_space_before_two_part_punctuation():
    """French writes 'font 13 ; cinq', 'à zéro ?': a ; ? or ! glued to the word before it
    (a digit or a blank's brace included) is a typo in the catalogue."""
    import re

    glued = []
    for msg in french_catalogue():
        texts = msg.string if isinstance(msg.string, tuple) else (msg.string,)
        for text in texts:
            if msg.id and text and re.search(r"[^\s(\[][;?!](\s|$|\))", text):
                glued.append(text)
    assert not glued, glued[:5]


def test_texts_marked_inside_other_calls_are_extracted():
    """A text marked inside the call of another keyword (a caption's said(..., N_(...)),
    Msg(reasons.get(code, N_(...)))) was missed by the extractor and shown in English in
    French; the syntax tree finds them wherever they are nested."""
    ids = {msgid for _, msgid in source_messages()}
    assert "Not a meld" in ids                                  # Msg(d.get(k, N_(...)))
    assert "{name} went out: everybody else takes one last turn" in ids  # show_caption(said())
    assert "Click or Esc to close" in ids


def test_the_syntax_tree_finds_nested_marks(tmp_path):
    folder = tmp_path / "pkg"
    (folder / "engine").mkdir(parents=True)
    (folder / "a.py").write_text('show_caption(said(1, N_("One"), N_("Two")))\n'
                                 'x = Msg(table.get(k, N_("Three " "joined")))\n')
    (folder / "engine" / "b.py").write_text('N_("Never: the engine does not translate")\n')
    tool = _locale_tool()
    tool.ROOT = tmp_path
    found = sorted(text for _, _, text in tool.marked_texts(folder))
    assert found == ["One", "Three joined", "Two"]


#: what French never writes: "de" or "à" before an article it joins ("du", "des", "au")
CLASHES = ("de Le ", "de Les ", "à Le ", "à Les ", "de le ", "de les ", "à le ", "à les ",
           "de du ", "de de ", "de des ")


def test_french_sentences_that_name_a_game_read_correctly():
    """"Ce code est une donne de Le jeu de 65 (rami)": every French sentence with a game's
    name, rendered with every game, joins its "de" to the name's article."""
    import re
    import string

    from cardtable.engine import registry

    blanks = re.compile(r"{(\w+)}")
    sentences = []
    for msg in french_catalogue():
        ids = msg.id if isinstance(msg.id, tuple) else (msg.id,)
        if msg.id and any({"game", "of_game", "of_here"} & set(blanks.findall(i)) for i in ids):
            strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
            sentences += [s for s in strings if s]
    assert len(sentences) >= 10, sentences
    i18n.set_language("fr")
    try:
        names = {spec.id: (i18n.tr(spec.name), i18n.tr(i18n.of_game(spec.name)))
                 for spec in registry.specs()}
        assert names["rummy65"] == ("Le jeu de 65 (rami)", "du Jeu de 65 (rami)")
        wrong = []
        for text in sentences:
            for name, of_name in names.values():
                for _here, of_here in names.values():
                    values = {b: "x" for b in blanks.findall(text)}
                    values.update(game=name, of_game=of_name, of_here=of_here)
                    shown = string.Formatter().vformat(text, (), values)
                    wrong += [shown for c in CLASHES if c in shown]
        assert not wrong, sorted(set(wrong))[:5]
        # the program passes the joined form where the sentence leaves its "de" out
        code_text = i18n.Msg("This code is a deal of {of_game}, not of {of_here}: it starts a "
                             "match of {of_game}.", of_game=i18n.of_game("The Game of 65 (rummy)"),
                             of_here=i18n.of_game("Sixty-Six"))
        assert i18n.tr(code_text) == ("Ce code est une donne du Jeu de 65 (rami), pas de "
                                      "Soixante-six : il commence une partie du Jeu de 65 (rami).")
    finally:
        i18n.set_language("en")
    # in English the name alone, after the sentence's own "of"
    assert i18n.tr(i18n.Msg("Start a match of {of_game}?", of_game=i18n.of_game(
        "The Game of 65 (rummy)"))) == "Start a match of The Game of 65 (rummy)?"


def test_cents_are_written_one_way_in_each_language():
    """French had "65 ¢" in one place and "0¢" or "net -65 ¢" in another."""
    assert i18n.tr(i18n.cents(65)) == "65¢"
    assert i18n.tr(i18n.cents(60, signed=True)) == "+60¢"
    assert i18n.tr(i18n.cents(-5, signed=True)) == "\u22125¢"
    i18n.set_language("fr")
    try:
        assert i18n.tr(i18n.cents(65)) == "65\u202f¢"
        assert i18n.tr(i18n.cents(-65, signed=True)) == "\u221265\u202f¢"
        assert i18n.tr(i18n.cents(0, signed=True)) == "0\u202f¢"
        assert i18n.tr(i18n.cents(1500)) == "1\u202f500\u202f¢"
    finally:
        i18n.set_language("en")
    # every French text with cents puts the same narrow no-break space before them
    loose = []
    for msg in french_catalogue():
        strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
        loose += [s for s in strings if s and "¢" in s
                  and any(s[i - 1] != "\u202f" for i, c in enumerate(s) if c == "¢")]
    assert not loose, loose


def test_a_game_from_another_package_brings_its_own_translations(tmp_path):
    """A registered game whose ``locale`` folder holds ``fr/LC_MESSAGES/<id>.mo`` has its
    own words in French, looked up after the program's own catalogue; once it leaves,
    its words are English again."""
    import dataclasses

    from babel.messages.catalog import Catalog

    from cardtable.engine import registry

    catalog = Catalog(locale="fr", domain="pairs65_words")
    catalog.add("Knock twice", "Frapper deux fois")
    catalog.add("Close", "Fermer la fenêtre")        # the program's own wins
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with open(folder / "pairs65_words.mo", "wb") as out:
        write_mo(out, catalog)
    game = registry.game("pairs65")
    words = dataclasses.replace(game, spec=dataclasses.replace(game.spec, id="pairs65_words",
                                                               code=904),
                                locale=str(tmp_path))
    try:
        i18n.set_language("fr")
        assert i18n._("Knock twice") == "Knock twice"
        registry.register(words)
        assert i18n._("Knock twice") == "Frapper deux fois"
        assert i18n._("Close") == gettext.translation(
            i18n.DOMAIN, str(i18n.locale_dir()), languages=["fr"]).gettext("Close")
        registry.unregister("pairs65_words")
        assert i18n._("Knock twice") == "Knock twice"
    finally:
        registry.unregister("pairs65_words")
        i18n.set_language("en")


def test_french_before_the_games_are_found_does_not_find_them(monkeypatch):
    """Until something has asked the registry for its games (generation 0), French comes
    from the program's own catalogue alone: translating does not import every game (the
    first frame needs none). Once the games are found, their catalogues are added."""
    from cardtable.engine import registry

    asked = []
    real_games = registry.games
    monkeypatch.setattr(registry, "games", lambda: asked.append(1) or real_games())
    try:
        monkeypatch.setattr(registry, "generation", lambda: 0)
        i18n.set_language("fr")
        assert i18n._("Close") != "Close" and asked == []
        monkeypatch.setattr(registry, "generation", lambda: 7)
        assert i18n._("Close") != "Close" and asked == [1]
        i18n._("Close")
        assert asked == [1]                  # made once for each set of games
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("name,french", [("You", "Vous"), ("Player 3", "Joueur 3"),
                                         ("Friend 2", "Ami 2"), ("Hana", "Hana"),
                                         ("Friend 2b", "Friend 2b")])
def test_a_default_seat_name_is_shown_in_the_language_a_typed_one_as_typed(name, french):
    """Setup showed the friend's seat as "Ami 2" and the table as "Friend 2": the default
    names are data in English and every screen shows them in the current language."""
    i18n.set_language("fr")
    try:
        assert i18n.tr(i18n.seat_name(name)) == french
    finally:
        i18n.set_language("en")
    assert i18n.tr(i18n.seat_name(name)) == name
