"""The hand-over screen shows the public facts a player needs before looking at their
hand: a last turn after somebody went out, the rummies' laid melds and totals, Sixty-Six's
trump card; never a card of anyone's hand (issue 32, 6.7)."""

from __future__ import annotations

from cardtable.i18n import tr
from cardtable.ui.scenes.handoff import HandoffScene
from tests.ui.test_hotseat import start

DT = 1 / 60


def handoff_for(app, table, seat):
    scene = app.push(HandoffScene(table, seat))
    app.step([], DT)
    return scene


def texts_drawn(monkeypatch, app, scene) -> list[str]:
    from cardtable.ui.scenes import handoff as mod
    seen: list[str] = []
    real = mod.theme.draw_text

    def spy(surface, text, *a, **k):
        seen.append(tr(text))
        return real(surface, text, *a, **k)
    monkeypatch.setattr(mod.theme, "draw_text", spy)
    scene.draw(app.screen)
    return seen


def test_a_rummy_hand_over_says_it_is_a_last_turn_and_shows_melds_and_totals(monkeypatch):
    app, table = start("rummy65", humans=(0, 1), n=3)
    try:
        state = table.match.state
        meld = ["7H", "8H", "9H"]
        state.laid[2] = [list(meld)]
        state.out_seat = 2
        table.scores = [12, 30, 0]
        scene = handoff_for(app, table, 0)
        rows = scene.facts()
        facts = [tr(f) for f, _, _ in rows]
        name2 = tr(table.game.name(2))
        assert facts[0] == f"Last turn: {name2} went out."
        assert any(tr(line).startswith(f"{name2}: total 0") and melds == [meld]
                   for line, _, melds in rows)
        assert any(line.startswith(f"{tr(table.game.name(1))}: total 30") for line in facts)
        drawn = texts_drawn(monkeypatch, app, scene)
        assert facts[0] in drawn
        # nothing from anyone's hand
        hands = {c for h in state.hands for c in h}
        from tests.ui.test_hotseat import codes
        assert not codes(scene.public_view(), hands) - {c for m in state.laid for g in m
                                                         for c in g}
        assert facts[0] in scene.spoken_heading()
        assert "seven of hearts" in scene.spoken_heading()
    finally:
        table.match.close()


def test_a_sixtysix_hand_over_shows_the_trump_card():
    app, table = start("sixtysix", humans=(0, 1), n=2)
    try:
        view = table.match.view(0)
        scene = handoff_for(app, table, 0)
        facts = [tr(f) for f, _, _ in scene.facts()]
        assert view["trump_card"] is not None
        assert scene.public_cards()[1] == [(view["trump_card"],
                                            scene.public_cards()[1][0][1])]
        from cardtable.ui.tables import card_words
        assert f"Trump card: {tr(card_words(view['trump_card']))}" in facts
        assert not any("Last turn" in f for f in facts)
        assert set(scene.public_view()) <= {"trump", "trump_card", "closed"}
    finally:
        table.match.close()


def test_the_facts_fit_at_800x600():
    app, table = start("rummy65", humans=(0, 1), n=3)
    try:
        app.resize((800, 600))
        state = table.match.state
        state.laid[1] = [["7H", "8H", "9H"], ["QC", "QD", "QS"]]
        state.out_seat = 1
        scene = handoff_for(app, table, 0)
        scene.draw(app.screen)
        show = scene.widget("Show my hand")
        assert show.rect.bottom <= 600
    finally:
        table.match.close()


def test_a_japanese65_hand_over_names_the_trumps_and_reads_only_them():
    """The facts are the game's table's words, from the public keys it names and nothing
    else of the view."""
    app, table = start("japanese65", humans=(0, 1, 2, 3), n=4)
    try:
        scene = handoff_for(app, table, 1)
        assert [tr(f) for f, _, _ in scene.facts()] == ["Trumps: spades"]
        assert set(scene.public_view()) == {"trump"} <= set(table.game.PUBLIC_KEYS)
        assert scene.public_cards() == ("", [])
    finally:
        table.match.close()


def test_a_pairs_hand_over_shows_the_last_discard():
    app, table = start("pairs65", humans=(0, 1, 2), n=3)
    try:
        match = table.match
        for _ in range(60):
            if any(e.kind == "discarded" for e in match.log):
                break
            match.apply(match.legal_actions()[-1])
        discarded = [e.data["card"] for e in match.log if e.kind == "discarded"]
        assert discarded, "a card was discarded"
        scene = handoff_for(app, table, match.to_act)
        heading, cards = scene.public_cards()
        assert tr(heading) == "Last discard" and [c for c, _ in cards] == [discarded[-1]]
        assert scene.facts() == [] and scene.public_view() == {}
    finally:
        table.match.close()


def test_the_last_moves_never_begin_with_the_tail_of_an_entry(monkeypatch):
    """"carreau" alone at the top of Last moves: the panel kept its last rows, cutting the
    oldest entry it showed in two. It shows whole entries (the newest always)."""
    app, table = start("rummy65", humans=(0, 1), n=3)
    try:
        long = "Theo takes the six of diamonds from the discard pile and lays a run of " \
               "hearts from the four to the nine"
        table.log.extend([long] * 3 + ["Hana draws", "Hana discards the queen of spades"])
        scene = handoff_for(app, table, 0)
        drawn = texts_drawn(monkeypatch, app, scene)
        start_at = drawn.index("Last moves") + 1
        shown = drawn[start_at:]
        assert shown and shown[0].startswith(("Theo", "Hana")), shown
        assert any(line.startswith("Hana discards") for line in shown)
        # the panel had no room for all three long entries (else nothing was cut, and this
        # test would pass whatever the panel did)
        assert sum(line.startswith("Theo") for line in shown) < 3, shown
    finally:
        table.match.close()


def test_the_facts_panel_has_its_heading_drawn_and_spoken(monkeypatch):
    """Its two neighbours are titled ("Last moves", "On the table"); the panel of facts was
    not (seen at a Québec hand-over): it is, and a screen reader hears it before them."""
    from cardtable.ui.scenes.handoff import FACTS
    app, table = start("quebec65", humans=(0, 1), n=3)
    try:
        scene = handoff_for(app, table, 0)
        assert scene.facts()
        drawn = texts_drawn(monkeypatch, app, scene)
        assert tr(FACTS) in drawn
        assert drawn.index(tr(FACTS)) < drawn.index(tr(scene.facts()[0][0]))
        assert tr(FACTS) in scene.spoken_heading()
    finally:
        table.match.close()
