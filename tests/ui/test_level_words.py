"""The computer levels' ratings invite no comparison between games: each game is measured
on its own scale, so "Medium" was "beginner (805)" in Sixty-Six and "strong (1,597)" in 65.
The setup screen shows no word of strength with a rating, and says the numbers compare the
levels of that game only."""

from __future__ import annotations

from cardtable import ratings
from cardtable.engine import registry
from cardtable.i18n import tr
from cardtable.ui.scenes.setup import SetupScene

from .conftest import click, frames

STRENGTH_WORDS = ("beginner", "club player", "strong", "weak", "expert player")


def test_no_game_s_levels_carry_a_word_of_strength(app):
    measured = ratings.load()
    assert measured, "the shipped ratings are read"
    seen = 0
    for game in registry.ids():
        setup = app.push(SetupScene(game))
        frames(app)
        notes = [tr(n) for n in setup.notes()]
        rows = setup.rating_notes()
        if game in measured:
            seen += 1
            # the heading says the scale is the game's own
            assert any("this game only" in n for n in notes), notes
        for n in map(tr, rows):
            assert not any(w in n.lower() for w in STRENGTH_WORDS), n
        app.pop()
    assert seen >= 2


def test_the_same_level_is_shown_only_with_its_number():
    """The Medium of Sixty-Six and the Medium of 65: a number each, nothing that reads as
    the same scale of strength."""
    measured = ratings.load()
    for game in ("sixtysix", "rummy65"):
        r = measured[game]["medium"]
        assert not hasattr(r, "word")


def test_the_ratings_note_goes_when_every_seat_is_a_person(app):
    """People alone at the table choose no level: the note on the levels was still shown."""
    setup = app.push(SetupScene("sixtysix"))
    frames(app)
    assert any("this game only" in tr(n) for n in setup.notes())
    kind = setup.widget("seat1.kind")
    click(app, kind)                           # the computer's seat becomes a person's
    frames(app)
    assert [s["kind"] for s in setup.seats[:setup.players]] == ["human", "human"]
    assert not any("this game only" in tr(n) for n in setup.notes())
    click(app, setup.widget("seat1.kind"))     # a computer again: the note is back
    frames(app)
    assert setup.seats[1]["kind"] == "computer"
    assert any("this game only" in tr(n) for n in setup.notes())


def test_the_note_on_the_levels_is_in_plain_words(app):
    """A newcomer read "rated from games between them: random play is 0 ... Each game has its
    own scale" as jargon. The note says what the numbers are about and how to read them in
    everyday words, and keeps its numbers: 0 for random play, 200 more for about 3 games in
    4."""
    from cardtable import i18n

    setup = app.push(SetupScene("sixtysix"))
    frames(app)
    note = setup.rating_notes()[0]
    english, french = tr(note), None
    i18n.set_language("fr")
    try:
        french = tr(note)
    finally:
        i18n.set_language("en")
    for jargon in ("rated", "rating", "scale"):
        assert jargon not in english.lower(), jargon
    for plain in ("how well each computer level plays this game", "at random would be 0",
                  "the higher the number, the better the level plays", "200 higher",
                  "3 games in 4", "this game only"):
        assert plain in english.lower(), plain
    for jargon in ("noté", "échelle"):
        assert jargon not in french.lower(), jargon
    for plain in ("joue bien à ce jeu", "au hasard serait à 0", "mieux le niveau joue",
                  "200 de plus", "3 parties sur 4"):
        assert plain in french.lower(), plain
