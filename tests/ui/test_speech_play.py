"""Spoken play: the narrator (cardtable/ui/narrator.py) and the table's speech
(cardtable/ui/scenes/table/listen.py), heard through the recording back end.

Each of the five games is played with posted key events alone on a known deal (the seeds
of tests/ui/test_keyboard.py), and the sentences a screen reader would have said are
checked: the focused card, a trick won or a move, a score, what the keys H, B, R, W and L
say; in French no English text is said; a key cuts off what is being said; the screens
say their focused widget; the table waits for an event's sentence to be said.
"""

from __future__ import annotations

import pygame
import pytest

from cardtable import i18n
from cardtable.ai import make_bot
from cardtable.engine import registry
from cardtable.speech import RecordingBackend
from cardtable.ui.app import App
from cardtable.ui.scenes.menu import MenuScene
from cardtable.ui.scenes.settings import SettingsScene

from .conftest import DT, frames, press
from .test_keyboard import (
    K,
    applied,
    button_name,
    card_name,
    go_to,
    key,
    play_card,
    stage,
    start,
    wait_turn,
)


def listen(app, instant: bool = True) -> RecordingBackend:
    """Speak through a recording back end (``instant``: each sentence takes no time, so a
    whole game is played in few frames; the pace has its own test)."""
    rec = RecordingBackend()
    app.narrator.use(rec)
    if instant:
        app.narrator.speaker.rate = 1e9
        app.narrator.speaker.seconds = lambda text: 0.0
    return rec


def move(app, table, action, n: int) -> None:
    """Make ``action`` with the keys (alternating the two ways each kind has)."""
    kind = action.kind
    if kind == "play":
        play_card(app, table, action.card, n)
    elif kind == "draw":
        if n % 2:
            key(app, K.K_d if action.source == "stock" else K.K_t)
        else:
            go_to(app, table, "stock" if action.source == "stock" else "pile")
            key(app, K.K_RETURN)
    elif kind in ("discard", "give"):
        go_to(app, table, card_name(table, action.card))
        key(app, K.K_RETURN)
    elif kind == "marriage":
        go_to(app, table, button_name(table, action))
        key(app, K.K_RETURN)
    elif kind == "exchange":
        key(app, K.K_e)
    elif kind == "close":
        key(app, K.K_s)
    elif kind == "claim":
        before = len(table.match.moves)
        key(app, K.K_c)
        if len(table.match.moves) == before:
            key(app, K.K_c)
    elif kind == "pair":
        for code in action.cards:
            go_to(app, table, card_name(table, code))
            if not any(s.code == code for s in table.game.selection()):
                key(app, K.K_SPACE)
        key(app, K.K_p)
    elif kind == "swap":
        go_to(app, table, card_name(table, action.card))
        key(app, K.K_SPACE)
        go_to(app, table, f"seat{action.target}")
        key(app, K.K_RETURN)
    elif kind == "done":
        key(app, K.K_e)
    elif kind in ("go_out", "lay"):
        stage(app, table, action.melds, use_hold=False)
        key(app, K.K_g)
    else:
        raise AssertionError(f"no keys for {action}")


GAMES = {
    # game: (players, seed, deals to play: None for the whole match)
    "japanese65": (4, 3, 1),
    "sixtysix": (2, 5, None),
    "pairs65": (3, 4, 1),
    "rummy65": (registry.get("rummy65").min_players, 3, 1),
    "quebec65": (registry.get("quebec65").min_players, 4, 1),
}


def play(game: str, language: str = "en"):
    """Play ``game`` with the keys; return (app, table, recording, first focus sentence,
    what H, B, R, W and L said on the first turn)."""
    n, seed, deals = GAMES[game]
    app, table = start(game, n, seed=seed)
    app.set_setting("language", language)
    rec = listen(app)
    frames(app, 2)
    match, state = table.match, table.match.state
    bot = make_bot(game, "easy", 7)
    first = None
    asked = {}
    counts: dict[str, int] = {}
    while wait_turn(app, table):
        if deals is not None and state.deal_no > deals:
            break
        if first is None:
            key(app, K.K_RIGHT)                 # shows the focus: said
            first = rec.current
            for name, k in (("hand", K.K_h), ("table", K.K_b), ("scores", K.K_r),
                            ("turn", K.K_w), ("last", K.K_l)):
                key(app, k)
                asked[name] = rec.current
                app.step([pygame.event.Event(pygame.KEYUP, key=k, mod=0)], DT)
        action = bot.choose(state.clone(), 0)
        before = len(match.moves)
        n_kind = counts.get(action.kind, 0)
        move(app, table, action, n_kind)
        applied(table, before, action)
        counts[action.kind] = n_kind + 1
        assert sum(counts.values()) < 700
    return app, table, rec, first, asked


def spoken_events(table, rec) -> None:
    """Every line of the log that the table still shows was said."""
    said = " | ".join(rec.said)
    for line in table.log:
        assert i18n.tr(line) in said, f"the log's {i18n.tr(line)!r} was never said"


@pytest.fixture(autouse=True)
def english():
    yield
    i18n.set_language("en")


def test_japanese65_spoken_with_keys_only():
    app, table, rec, first, asked = play("japanese65")
    # Cleo led diamonds: the focus the keys first show is on a card that may be played,
    # the eight of diamonds, not on the first card (the seven of spades, which cannot be)
    assert first == "Eight of diamonds, playable"
    assert asked["hand"] == ("Your hand, 12 cards. Spades: seven and three. Hearts: king, "
                             "queen, eight and seven. Clubs: seven and six. Diamonds: eight, "
                             "seven, five and four.")
    assert asked["table"] == "Trick: Cleo: ten of diamonds and Dan: nine of diamonds."
    assert asked["scores"] == ("Ann & Cleo: 0. Bert & Dan: 0. Game points to win: 5. "
                               "Tricks this deal: 0 – 0. Points this deal: 0 – 0. "
                               "Trumps: Spades.")
    assert asked["turn"] == ("Your turn. You may play the eight of diamonds, the seven of "
                             "diamonds, the five of diamonds and the four of diamonds.")
    assert asked["last"] == "No trick has been played yet."
    assert ("Cleo wins trick 1: Cleo: ten of diamonds, Dan: nine of diamonds, You: four of "
            "diamonds and Bert: three of diamonds") in rec.said
    assert "Deal 1: 34 to 31 points" in rec.said
    assert ("Deal 1: You & Cleo score 1 game point. Dealer: Bert. Tricks won: Ann & Cleo 5, "
            "Bert & Dan 7. Trick points: Ann & Cleo 10, Bert & Dan 14. Last trick: Ann & Cleo "
            "0, Bert & Dan 1. Card points: Ann & Cleo 24, Bert & Dan 16. Deal points: Ann & "
            "Cleo 34, Bert & Dan 31. Game points: Ann & Cleo 1, Bert & Dan 0. Continue."
            ) in rec.said
    spoken_events(table, rec)


def test_sixtysix_match_spoken_with_keys_only():
    app, table, rec, first, asked = play("sixtysix")
    assert first == "King of spades, playable"
    assert asked["hand"] == ("Your hand, 6 cards. Spades: king and jack. Hearts: jack. "
                             "Clubs: ace, ten and jack.")
    assert asked["table"] == ("No card in the trick. The stock: 11 cards. "
                              "The trump card: the nine of diamonds.")
    assert asked["scores"] == "Ann: 0. Bert: 0. Game points to win: 10. Trumps: Diamonds."
    assert asked["turn"] == ("Your turn. You may play the king of spades, the jack of spades, "
                             "the jack of hearts, the ace of clubs, the ten of clubs and the "
                             "jack of clubs. Buttons: Close the stock and Claim 66.")
    assert "You win the trick (6): You: jack of clubs and Bert: king of hearts" in rec.said
    assert "Bert scores 1 game point" in rec.said
    assert ("Deal 1: Bert scores 1 game point. Dealer: Bert. Trumps: diamonds. Played out to "
            "the last trick. Winner: Bert. Tricks won: Ann 6, Bert 6. Last trick: Ann 0, Bert "
            "10. Card points: Ann 59, Bert 61. Marriages: Ann 0, Bert 0. Deal points: Ann 59, "
            "Bert 71. Game points: Ann 0, Bert 1. Continue.") in rec.said
    assert table.match.is_over and table.finished
    # the match end screen says who won and the final scores
    assert rec.said[-1] == "Bert wins the match. Ann: 5, Bert: 10. Play again."
    spoken_events(table, rec)


def test_pairs65_game_spoken_with_keys_only():
    app, table, rec, first, asked = play("pairs65")
    assert first == "Queen of spades"           # a card is drawn before any is played
    assert asked["hand"] == ("Your hand, 9 cards. Spades: queen and ten. Clubs: jack, five "
                             "and eight. Diamonds: queen and two. Hearts: jack and nine.")
    assert asked["table"] == (
        "The draw pile: 19 cards. The discard pile: the five of spades on top. Pairs of Bert: "
        "the five of diamonds, the eight of diamonds, the six of clubs and the seven of clubs. "
        "Pairs of Cleo: the four of hearts, the nine of diamonds, the four of spades and the "
        "nine of clubs.")
    assert asked["scores"] == ("Ann: 0 / 5 pairs. Bert: 2 / 5 pairs. Cleo: 2 / 5 pairs. "
                               "First to five pairs wins.")
    assert asked["turn"] == ("Your turn. You may draw from the draw pile. You may take the "
                             "top card of the discard pile.")
    assert asked["last"] is None or not asked["last"].startswith("No trick")   # no tricks
    assert "Bert: pair five of diamonds + eight of diamonds" in rec.said
    assert "You: pair five of spades + eight of spades" in rec.said
    assert "Game 1: you win with five pairs." in rec.said
    assert ("Game 1: you win with five pairs. Started: Bert. Won by Ann. Five pairs laid. "
            "Pairs laid: Ann 5, Bert 4, Cleo 3. Games won: Ann 1, Bert 0, Cleo 0. Continue."
            ) in rec.said
    assert rec.said[-1] == "You win the match! Ann: 1, Bert: 0, Cleo: 0. Play again."
    spoken_events(table, rec)


RUMMY = {
    "rummy65": ("Ace of clubs",
                "Your hand, 3 cards. No meld yet: ace of clubs, seven of clubs and eight of "
                "clubs.",
                "The stock: 96 cards. The discard pile: the ace of hearts on top.",
                "Hand: 1 of 12. Cards dealt: 3. Wild: Jokers, 3s. Pot: 195¢. Stock: 96 cards.",
                "You meld every card too: the seven of clubs, the eight of clubs and the three "
                "of spades",
                "Hand 1: Cleo went out. Dealer: Ann. Wild: 3. Went out: Cleo. Cards left: Ann 0, "
                "Bert 0, Cleo 0. Penalty points: Ann 0, Bert 0, Cleo 0. Laid every card: Ann "
                "yes, Bert yes, Cleo yes. Running total: Ann 0, Bert 0, Cleo 0. Continue."),
    "quebec65": ("Six of spades",
                 "Your hand, 3 cards. No meld yet: six of spades, queen of spades and queen of "
                 "clubs.",
                 "The stock: 100 cards. The discard pile: the seven of hearts on top.",
                 "Round: 1 of 11. Cards dealt: 3. Wild: Jokers, 2s, 3s. Stock: 100 cards.",
                 "You lay down 1 meld: the four of hearts, the four of diamonds and the three "
                 "of spades",
                 "Round 1: Bert went out. Dealer: Ann. Wild: 2, 3. Went out: Bert. "),
}


@pytest.mark.parametrize("game", ["rummy65", "quebec65"])
def test_rummy_hand_spoken_with_keys_only(game):
    app, table, rec, first, asked = play(game)
    focus, hand, on_table, scores, melds, summary = RUMMY[game]
    assert first == focus
    assert asked["hand"] == hand
    assert asked["table"] == on_table
    assert asked["scores"] == scores
    assert asked["turn"] == ("Your turn. You may draw from the stock. You may take the top card "
                             "of the discard pile. Buttons: Arrange for me.")
    assert asked["last"] is None or not asked["last"].startswith("No trick")   # no tricks
    assert melds in rec.said                     # melds laid, said with their cards
    assert any(s.startswith(summary) and "Penalty points: " in s for s in rec.said)
    spoken_events(table, rec)


def test_the_rummy_hand_is_said_by_meld():
    app, table = start("rummy65", registry.get("rummy65").min_players, seed=3)
    listen(app)
    frames(app, 2)
    wait_turn(app, table)
    game = table.game
    hand = ["7C", "8C", "9C", "KH", "KS", "KD", "2D", "JK"]
    groups = game.hand_groups(hand)
    words = [(i18n.tr(head), cards) for head, cards in groups]
    assert [h for h, _ in words].count("Meld") >= 2
    assert sorted(c for _, cards in words for c in cards) == sorted(hand)
    assert all(game.check(list(cards))[0] for head, cards in words if head == "Meld")


# --------------------------------------------------------------------------- French


ENGLISH_WORDS = (" the ", " of ", "You ", " wins", "playable", "Your ", " trick", " card",
                 " and ", "Deal ", " hand")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_in_french_every_sentence_said_is_translated(game):
    app, table, rec, first, asked = play(game, "fr")
    assert rec.said and first is not None
    for sentence in rec.said:
        padded = f" {sentence} "
        assert not any(w in padded for w in ENGLISH_WORDS), sentence
    if game == "sixtysix":
        assert first == "Le roi de pique, jouable"
        assert asked["table"].startswith("Aucune carte dans le pli. La pioche : 11 cartes.")
        assert "Vous remportez le pli (6) : Vous : valet de trèfle et Bert : roi de cœur" in \
            rec.said
        assert rec.said[-1] == "Bert gagne la partie. Ann : 5, Bert : 10. Rejouer."


# --------------------------------------------------------------------------- interruption


def test_a_key_cuts_off_what_is_being_said():
    app, table = start("sixtysix", 2, seed=5)
    rec = listen(app, instant=False)
    frames(app, 2)
    wait_turn(app, table)
    key(app, K.K_h)                      # the whole hand: a long sentence
    hand = rec.current
    assert hand.startswith("Your hand, 6 cards.")
    assert app.narrator.speaker.busy()
    key(app, K.K_RIGHT)                  # the next key: the hand is cut off
    assert rec.log[-2:] == [("stop",), ("speak", "King of spades, playable", True)]
    assert rec.current == "King of spades, playable"
    key(app, K.K_RIGHT)
    assert rec.log[-2:] == [("stop",), ("speak", "Jack of spades, playable", True)]


def test_the_table_waits_for_an_event_to_be_said():
    app, table = start("sixtysix", 2, seed=5)
    rec = listen(app, instant=False)
    frames(app, 2)
    wait_turn(app, table)
    action = next(a for a in table.legal if a.kind == "play")
    move(app, table, action, 0)
    speaker = app.narrator.speaker
    # the move is said, then where the focus went, neither cutting off the other
    assert rec.log[-2:] == [("speak", "You: king of spades", False),
                            ("speak", "Jack of spades", False)]
    for _ in range(100):                 # the computer answers while the sentence is said
        app.step([], DT)
        if table.timeline.queue:
            break
    queued = len(table.timeline.queue)
    assert queued and speaker.busy()
    said = len(rec.said)
    app.step([], 0.05)
    assert len(table.timeline.queue) == queued and len(rec.said) == said   # it waits
    app.step([], speaker.remaining() + 0.01)
    app.step([], DT)
    assert len(table.timeline.queue) < queued                             # then goes on
    assert rec.said[said] == "Bert: queen of hearts"


def test_no_speech_changes_nothing_at_the_table():
    app, table = start("sixtysix", 2, seed=5)
    assert not app.narrator.active and not table.speaking
    wait_turn(app, table)
    before = list(table.keys.general_lines())
    rec = listen(app)
    assert table.speaking
    assert len(table.keys.general_lines()) == len(before) + 5   # F1 lists H, B, R, W, L
    assert rec.said == [] or rec.said[0] == "Sixty-Six."


# --------------------------------------------------------------------------- the screens


def test_every_screen_says_its_focus():
    app = App(size=(1280, 720), settings={"sound": False})
    rec = listen(app)
    app.push(MenuScene())
    frames(app, 2)
    assert rec.said[-1].startswith("cardtable.")
    assert rec.current == "cardtable. New game."
    press(app, pygame.K_DOWN)           # the first key shows the focus where it is
    press(app, pygame.K_DOWN)
    focused = app.top.form.focused
    assert rec.current == i18n.tr(focused.text)
    app.push(SettingsScene())
    frames(app, 2)
    assert rec.said[-1].startswith("Settings. Changes are saved as you make them. Language: ")
    speech_row = app.top.widget("speech")
    app.top.form.focus(speech_row)
    app.top.form.keyboard = True
    press(app, pygame.K_RIGHT)          # Automatic -> On
    assert app.settings["speech"] == "on"
    assert rec.current == "Speech: On"
    press(app, pygame.K_UP)
    assert rec.current == "Text size: Normal"
    sound = app.top.widget("sound")
    assert sound.spoken() == "Sound: off" and app.top.widget("fullscreen").spoken().endswith(
        ": off")


def test_a_disabled_button_says_so():
    from cardtable.ui.widgets import Button

    b = Button("Continue", None, enabled=False)
    assert b.spoken() == "Continue, unavailable"
    i18n.set_language("fr")
    assert b.spoken() == "Continuer, indisponible"


def test_registry_games_all_have_a_spoken_test():
    assert set(GAMES) == set(registry.ids())


def test_a_staged_card_says_its_meld_and_the_new_meld_place_is_named():
    app, table = start("rummy65", registry.get("rummy65").min_players, seed=3)
    rec = listen(app)
    frames(app, 2)
    wait_turn(app, table)
    key(app, K.K_d)                                   # draw: now cards may be staged
    wait_turn(app, table)
    code = table.zone(f"hand{table.viewer}")[0].code
    go_to(app, table, card_name(table, code))
    key(app, K.K_n)                                   # into a new meld
    zone = table.game.stage_zones()[0]
    sprite = table.zone(zone)[0]
    assert sprite.code == code
    go_to(app, table, f"card{sprite.id}")
    assert rec.current.endswith(", meld 1") and " of " in rec.current
    go_to(app, table, "new group")
    assert rec.current == "A new meld"
    go_to(app, table, "pile")
    assert rec.current.startswith("The discard pile")


def test_the_hand_over_screen_says_who_plays_next():
    from cardtable.ui.scenes.handoff import HandoffScene

    from .test_table import make_app
    from .test_table import start as start_table

    app = make_app()
    rec = listen(app)
    table = start_table(app, "sixtysix", seed=5, humans=(0, 1))
    for _ in range(200):
        app.step([], DT)
        if isinstance(app.top, HandoffScene):
            break
    assert isinstance(app.top, HandoffScene)
    frames(app, 2)
    name = table.match.seats[app.top.seat].name
    said = [s for s in rec.said if s.startswith(f"Pass to {name}.")]
    assert said, rec.said
    # who plays, then the facts everybody may know under their panel's heading (Sixty-Six:
    # the trump card), then the button
    assert said[-1].startswith(f"Pass to {name}. {name} plays next. Everyone else, please "
                               "look away. Where the game stands. Trump card: ")
    assert said[-1].endswith(". Show my hand.")


def test_a_toast_while_the_window_opens_is_said_without_a_crash(monkeypatch):
    """Full screen refused at start-up shows (and says) a toast before the first frame."""
    real = pygame.display.set_mode

    def set_mode(size, flags=0, *args, **kwargs):
        if flags & pygame.FULLSCREEN:
            raise pygame.error("no full screen here")
        return real(size, flags, *args, **kwargs)

    monkeypatch.setattr(pygame.display, "set_mode", set_mode)
    app = App(size=(1280, 720), settings={"sound": False, "fullscreen": True})
    assert any("no full screen here" in str(t.text) for t in app.toasts)
    rec = listen(app)
    app.toast("Saved.")
    assert rec.said == ["Saved."]


def test_the_picker_the_setup_and_the_statistics_say_what_they_show():
    from cardtable.ui.scenes.picker import PickerScene
    from cardtable.ui.scenes.setup import SetupScene
    from cardtable.ui.scenes.stats import StatsScene
    from cardtable.ui.widgets import TextInput

    app = App(size=(1280, 720), settings={"sound": False})
    rec = listen(app)
    app.push(PickerScene())
    frames(app, 2)
    assert rec.said[-1].startswith("New game. Choose a game to play. 65 (Japanese "
                                   "partnership). 4 players in two partnerships. ")
    app.pop()
    setup = app.push(SetupScene("rummy65"))
    frames(app, 2)
    names = [w.spoken() for w in setup.form.widgets if isinstance(w, TextInput)]
    assert names[:2] == ["Name field: You", "Name field: Margot"]
    app.pop()
    app.stats = {"sixtysix": {"played": 3, "won": 2, "lost": 1, "streak": 1, "best_streak": 2}}
    app.push(StatsScene())
    frames(app, 2)
    said = rec.said[-1]
    assert said.startswith("Statistics. Sixty-Six")
    assert "Played: 3, Won: 2, Lost: 1, Win rate: 67%" in said
    app.stats = {}
    app.top.rebuild()
    assert app.top.spoken_heading() == ("Statistics. No games finished yet. Finish a match and "
                                        "your results will be kept here.")


def test_a_screen_readers_own_keys_leave_speech_alone_and_control_silences_it():
    app = App(size=(1280, 720), settings={"sound": False})
    rec = listen(app, instant=False)
    app.push(MenuScene())
    frames(app, 2)
    app.narrator.say("A long sentence about the cards on the table.")
    for k in (pygame.K_CAPSLOCK, pygame.K_INSERT, pygame.K_LALT):
        press(app, k)
    assert rec.log[-1] == ("speak", "A long sentence about the cards on the table.", True)
    press(app, pygame.K_LCTRL)
    assert rec.log[-1] == ("stop",)
