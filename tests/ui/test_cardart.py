"""Card art: every card drawn at three sizes, with sane pixels, and cached."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from cardtable import i18n
from cardtable.ui import cardart, theme
from cardtable.ui.cardart import CardArt, card_height
from cardtable.ui.felt import Felt
from cardtable.ui.sound import NAMES, Sounds, synthesise
from cardtable.ui.tween import Tween, ease_out_cubic, speed_factor

CODES = [r + s for s in "SHDC" for r in "AKQJT98765432"] + ["JK"]
WIDTHS = (48, 90, 150)


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((64, 64))
    yield


def non_white(surf: pygame.Surface, rect: pygame.Rect) -> int:
    count = 0
    for y in range(rect.top, rect.bottom):
        for x in range(rect.left, rect.right):
            r, g, b, a = surf.get_at((x, y))
            if a > 200 and (r < 200 or g < 200 or b < 200):
                count += 1
    return count


@pytest.mark.parametrize("width", WIDTHS)
def test_every_face_renders(width):
    art = CardArt()
    h = card_height(width)
    seen = set()
    for code in CODES:
        surf = art.face(code, width)
        assert surf.get_size() == (width, h)
        # corners are rounded: the very corner pixel is transparent, the middle opaque
        assert surf.get_at((0, 0)).a < 60
        assert surf.get_at((width // 2, h // 2)).a == 255
        # the corner index (top-left) and its turned copy (bottom-right) hold ink
        corner = pygame.Rect(0, 0, int(width * 0.22), int(width * 0.5))
        assert non_white(surf, corner) > width // 4, code
        turned = pygame.Rect(width - corner.w, h - corner.h, corner.w, corner.h)
        assert non_white(surf, turned) > width // 4, code
        # the picture area is not blank (pips, court panel or joker star)
        middle = pygame.Rect(int(width * 0.24), int(h * 0.12), int(width * 0.52), int(h * 0.76))
        assert non_white(surf, middle) > 0, code
        seen.add(pygame.image.tobytes(surf, "RGBA"))
    assert len(seen) == len(CODES)  # every card looks different


@pytest.mark.parametrize("width", WIDTHS)
def test_backs_shadows_and_slots(width):
    art = CardArt(back_colour="red")
    back = art.back(width)
    assert back.get_size() == (width, card_height(width))
    r, g, b, _ = back.get_at((width // 2, int(width * 0.2)))
    assert r > g and r > b  # the chosen colour shows
    # a white border around the pattern
    edge = back.get_at((max(2, int(width * 0.03)), card_height(width) // 2))
    assert min(edge[:3]) > 200
    for lifted in (False, True):
        sh = art.shadow(width, lifted)
        assert sh.get_width() > width
        assert sh.get_at((sh.get_width() // 2, sh.get_height() // 2)).a > 20
    assert art.shadow(width, True).get_width() > art.shadow(width, False).get_width()
    slot = art.slot(width)
    assert 0 < slot.get_at((width // 2, 3)).a < 200


def test_cache_reuses_surfaces():
    art = CardArt()
    assert art.face("QS", 90) is art.face("QS", 90)
    assert art.back(90) is art.back(90)
    assert art.face("QS", 90) is not art.face("QS", 91)
    assert art.face("QS", 90, wild=True) is art.face("QS", 90, wild=True)
    assert art.face("QS", 90, wild=True) is not art.face("QS", 90)
    assert art.rotated(art.back(90), 90) is art.rotated(art.back(90), 90)


def test_four_colour_suits():
    two, four = CardArt(), CardArt(four_colour=True)
    assert two.suit_colour("D") == two.suit_colour("H")
    assert four.suit_colour("D") != four.suit_colour("H")
    assert four.suit_colour("C") != four.suit_colour("S")
    assert pygame.image.tobytes(two.face("5D", 80), "RGBA") != \
        pygame.image.tobytes(four.face("5D", 80), "RGBA")


def test_wild_badge_marks_the_card():
    art = CardArt()
    plain, wild = art.face("7C", 90), art.face("7C", 90, wild=True)
    assert pygame.image.tobytes(plain, "RGBA") != pygame.image.tobytes(wild, "RGBA")


def test_felt_is_cached_per_size():
    felt = Felt("green")
    a = felt.surface((320, 180))
    assert felt.surface((320, 180)) is a
    centre, corner = a.get_at((160, 90)), a.get_at((2, 2))
    assert centre.g > centre.r and sum(centre[:3]) > sum(corner[:3])  # light in the middle
    b = felt.surface((400, 200))
    assert b is not a and b.get_size() == (400, 200)
    felt.set_colour("blue")
    c = felt.surface((400, 200))
    assert c.get_at((200, 100)).b > c.get_at((200, 100)).g


def test_sounds_are_silent_without_a_device_and_never_fail():
    for name in NAMES:
        samples = synthesise(name)
        assert samples and max(abs(v) for v in samples) <= 1.0
    sounds = Sounds(enabled=True, background=False)
    for name in NAMES:
        sounds.play(name)  # a dummy device or none: no exception either way
    sounds.set_enabled(False)
    assert sounds.play("play") is False


def test_a_lost_audio_device_silences_the_sounds_and_is_logged(caplog):
    import pygame

    sounds = Sounds(enabled=True, background=False)
    sounds._ok = True                   # as if a device had opened

    class Lost:
        def play(self):
            raise pygame.error("audio device lost")

    sounds._sounds = {name: Lost() for name in NAMES}
    with caplog.at_level("WARNING", logger="cardtable.ui.sound"):
        assert sounds.play("deal") is False
    assert "audio device lost" in caplog.text
    assert not sounds.available and sounds.play("deal") is False


def test_tween_eases_out_and_speed():
    t = Tween((0, 0), (100, 50), 0.3)
    x, _ = t.advance(0.15)
    assert x > 50  # ease-out: more than half way at half time
    assert t.advance(1.0) == (100.0, 50.0) and t.done
    assert ease_out_cubic(0) == 0 and ease_out_cubic(1) == 1
    assert speed_factor("off") == 0 and speed_factor("fast") > 1 > speed_factor("slow")
    late = Tween((0, 0), (10, 10), 0.2, delay=0.5)
    late.retarget((20, 20))
    assert late.advance(1.0) == (20.0, 20.0)


def test_cache_forgets_old_widths():
    art = CardArt()
    first = art.face("AS", 40)
    for w in range(41, 41 + CardArt.KEEP_WIDTHS + 2):
        art.face("AS", w)
        art.back(w)
    widths = {k[2] for k in art._cache if k[0] == "face"}
    assert len(widths) <= CardArt.KEEP_WIDTHS
    assert art.face("AS", 40) is not first  # drawn again on demand


def test_a_slot_s_name_is_readable_or_left_out():
    # a name fits inside its place at 11 px or more where the place allows; a place too
    # narrow for the word at 8 px shows no name rather than a clipped one
    art = CardArt()

    def lit_columns(surf):
        mid = surf.get_height() // 2
        bare = art.slot(surf.get_width())
        return [x for x in range(surf.get_width())
                if surf.get_at((x, mid)) != bare.get_at((x, mid))]

    wide = art.slot(52, "tricks")
    cols = lit_columns(wide)
    assert cols and min(cols) >= 3 and max(cols) <= 52 - 3        # inside, not clipped
    rows = [y for y in range(wide.get_height())
            if any(wide.get_at((x, y)) != art.slot(52).get_at((x, y)) for x in cols)]
    assert max(rows) - min(rows) + 1 >= 7                           # about 11 px type
    assert lit_columns(art.slot(14, "tricks")) == []                # no room: no name


def test_card_images_kept_are_bounded_in_bytes():
    """A rummy match shows a new wild rank each hand: the wild and dimmed faces of every
    hand were all kept to the match's end. The images kept now stay within room for
    KEEP_FACES faces of the widest card in use, the latest still at hand."""
    art = CardArt()
    codes = [r + s for r in "23456789TJQKA" for s in "SHDC"] + ["JK"]
    for width in (93, 56):
        for code in codes:
            art.face(code, width)
            art.face(code, width, wild=True)
            art.face(code, width, dim=True)
    held = sum(s.get_bytesize() * s.get_width() * s.get_height() for s in art._cache.values())
    assert held <= CardArt._bound(93) < 3 * 53 * 4 * 93 * CardArt.height(93)
    last = art.face("JK", 56, dim=True)
    assert art.face("JK", 56, dim=True) is last


@pytest.mark.parametrize("game,four", [("sixtysix", True), ("pairs65", False)])
def test_four_colour_suits_at_the_table_except_where_colour_is_the_rule(game, four):
    """Sixty-Five (pairs) pairs red with red and black with black: four colours would hide
    which cards match, so its table keeps two whatever the setting."""
    from cardtable.engine import registry
    from cardtable.match import Match, Seat
    from cardtable.ui.app import App
    from cardtable.ui.scenes import table as table_mod
    from cardtable.ui.scenes.table import TableScene

    app = App(size=(1280, 720), settings={"animation_speed": "off", "sound": False,
                                          "four_colour_suits": True})
    table_mod.install(app)
    n = registry.get(game).min_players
    seats = [Seat("Ann", "human")] + [Seat(f"P{i}", "computer", "easy") for i in range(1, n)]
    table = table_mod.show_table(app, TableScene(Match(game, seats, seed=1, pace=0),
                                                 pace=0.0, sound=False))
    assert table.art.four_colour is four
    app.set_setting("four_colour_suits", False)
    assert table.art.four_colour is False
    app.set_setting("four_colour_suits", True)
    assert table.art.four_colour is four
    table.match.close()


class _Host:
    """What a rummy table's drawing asks of the scene to make a wild card's tag."""

    def __init__(self):
        self.art = CardArt()
        self.panel_cache: dict = {}
        self.texts: list[str] = []

    def text(self, surface, text, *args, **kwargs):
        self.texts.append(text)


@pytest.fixture
def french_by_language():
    cardart.set_court_letters("auto")
    i18n.set_language("fr")
    yield
    i18n.set_language("en")
    cardart.set_court_letters("auto")


def test_a_wild_cards_tag_writes_the_court_letter_of_the_faces(french_by_language):
    """A wild 4 standing for the king of diamonds was tagged "K♦" in French ("R♦")."""
    from cardtable.ui.tables.rummy_draw import RummyDrawing

    host = _Host()
    RummyDrawing._tag_image(SimpleNamespace(t=host), "KD")
    assert host.texts == ["R"]
    cardart.set_court_letters("kqj")            # the setting says K Q J: the tag follows
    RummyDrawing._tag_image(SimpleNamespace(t=host), "KD")
    assert host.texts == ["R", "K"]


def test_the_summarys_cards_left_write_the_court_letter_of_the_faces(
        french_by_language, monkeypatch):
    """The queen of diamonds left in hand was "Q♦" under "Cartes restantes" ("D♦")."""
    from cardtable.ui.tables import rummy_sheet
    from cardtable.ui.tables.rummy_words import wild_words

    drawn: list[str] = []
    real = theme.draw_text
    monkeypatch.setattr(theme, "draw_text", lambda surface, text, *a, **k: (
        drawn.append(i18n.tr(text)), real(surface, text, *a, **k))[1])
    table = SimpleNamespace(t=SimpleNamespace(art=CardArt()))
    surface = pygame.Surface((200, 200), pygame.SRCALPHA)
    for code in ("QD", "KS", "JH", "TC"):
        rummy_sheet._mini(table, surface, code, 10, 10, 10, 40, 60, False, False)
    assert drawn == ["D", "R", "V", "10"]
    # the wild cards of a hand, named in the summary's facts: kings are "R" too
    assert "R" in i18n.tr(wild_words(["K"])) and "K" not in i18n.tr(wild_words(["K"]))


def darkened(plain: pygame.Surface, shaded: pygame.Surface) -> pygame.Rect | None:
    """The box of the pixels ``shaded`` draws darker than ``plain`` (by more than a shade)."""
    diff = plain.copy()
    diff.blit(shaded, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    mask = pygame.mask.from_threshold(diff, (0, 0, 0, 255), (4, 4, 4, 255))
    mask.invert()
    rects = mask.get_bounding_rects()
    return rects[0].unionall(rects[1:]) if rects else None


@pytest.mark.parametrize("lift", [0.0, 1.0])
def test_a_card_in_flight_casts_the_shadow_of_its_drawn_size(lift):
    """A side hand's small card flying to the discard pile (its resting width a full
    card's) trailed a full card's dark shadow: the shadow, found as the pixels a draw with
    it darkens, is the size of the card drawn, at the start of the flight and half way,
    small to large and large to small, resting and lifted."""
    from cardtable.ui.sprites import CardSprite

    art = CardArt()
    for small, big in ((40, 120), (120, 40)):
        s = CardSprite("QS", pos=(150, 150), width=small, face_up=True)
        s.move_to(160, 150, width=big, duration=1.0)
        s.lift = s.lift_target = lift
        for step in (0.0, 0.5):
            s.update(step)
            assert s.tween is not None and abs(s.w - big) > 1
            plain, shaded = pygame.Surface((300, 300)), pygame.Surface((300, 300))
            for surf in (plain, shaded):
                surf.fill((30, 110, 60))
            s.draw(plain, art, shadow=False)
            s.draw(shaded, art, shadow=True)
            shadow, card = darkened(plain, shaded), s.rect()
            assert shadow is not None, "a shadow is cast"
            # its soft edge and the fall of the light: a fifth of the card's width about it
            room = card.inflate(int(s.w * 0.4), int(s.w * 0.4))
            assert room.contains(shadow), (small, big, step, tuple(shadow), tuple(card))
            assert shadow.width >= card.width, (small, big, step, tuple(shadow), tuple(card))


def test_felts_share_their_cloth_and_keep_only_the_last_few():
    import gc
    import weakref

    from cardtable.ui import felt as felt_mod

    felt_mod.forget_cloths()
    menu, table = Felt("green"), Felt("green")
    cloth = menu.surface((300, 200))
    assert table.surface((300, 200)) is cloth          # one window's size of pixels, not two
    old = weakref.ref(cloth)
    del cloth
    for i in range(felt_mod.KEEP_CLOTHS + 3):          # a window resized by dragging
        table.surface((310 + i, 200))
    gc.collect()
    assert old() is None and len(felt_mod._CLOTHS) == felt_mod.KEEP_CLOTHS
    assert menu.surface((300, 200)).get_size() == (300, 200)   # drawn again when asked


def test_card_art_is_shared_by_look_and_bounded():
    from cardtable.ui import cardart

    a = cardart.card_art_for({"card_back": "red"})
    assert cardart.card_art_for({"card_back": "red", "felt": "blue"}) is a
    assert cardart.card_art_for({"card_back": (158, 34, 46)}) is a    # the same colour
    four = cardart.card_art_for({"card_back": "red", "four_colour_suits": True})
    assert four is not a and four.four_colour and not a.four_colour
    # a game whose rule is two colours gets the two-colour art whatever the setting
    assert cardart.card_art_for({"card_back": "red", "four_colour_suits": True}, False) is a
    for back in ("blue", "green", "purple", "black", "teal"):
        cardart.card_art_for({"card_back": back})
    assert len(cardart._SHARED) <= 3


def test_card_art_caches_stay_within_their_bounds_over_many_faces_and_tilts():
    art = CardArt()
    codes = [r + s for r in "A23456789TJQK" for s in "SHDC"]
    for i, code in enumerate(codes * 3):
        face = art.face(code, 90, wild=i % 5 == 0, dim=i % 7 == 0)
        art.rotated(face, i % 40 - 20)
    assert art._cache.bytes <= art._cache.max_bytes == CardArt._bound(90)
    assert len(art._rot) <= CardArt.KEEP_TURNED
