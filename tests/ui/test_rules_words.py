"""The rules screens say what the engine does, in both languages."""

from __future__ import annotations

import re

import pytest

from cardtable import i18n
from cardtable.engine import registry
from cardtable.engine.core import Action
from cardtable.ui.scenes.rules_text import RULES


@pytest.fixture
def french():
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


def _paragraph(game_id: str, start: str) -> str:
    """The rules paragraph of ``game_id`` that starts with ``start`` (English source)."""
    found = [p for p in i18n.paragraphs(RULES[game_id][1]) if p.startswith(start)]
    assert len(found) == 1, (game_id, start, found)
    return found[0]


def _after_first_trick():
    """A Sixty-Six deal after its first trick: the winner leads with one trick, the other
    player has none."""
    state = registry.new_match("sixtysix", players=2, seed=5)
    lead = next(a for a in state.legal_actions() if a.kind == "play")
    state.apply(lead)
    follow = next(a for a in state.legal_actions() if a.kind == "play")
    state.apply(follow)
    winner = state.current_player
    assert state.tricks[winner] == 1 and state.tricks[1 - winner] == 0
    return state, winner


def test_sixtysix_wrong_claim_gives_three_when_the_opponent_has_no_trick():
    """The engine: a wrong claim gives the claimant's opponent 3 game points exactly when
    that opponent has not won a trick (whatever the claimant has won)."""
    state, winner = _after_first_trick()
    events = state.apply(Action("claim"))          # the trick winner claims, far from 66
    scored = next(e for e in events if e.kind == "deal_scored").data
    assert scored["reason"] == "wrong_claim"
    assert scored["game_points"][1 - winner] == 3  # the opponent had no trick

    state, winner = _after_first_trick()
    state.apply(next(a for a in state.legal_actions() if a.kind == "play"))
    assert state.current_player == 1 - winner      # the trickless player, following
    events = state.apply(Action("claim"))
    scored = next(e for e in events if e.kind == "deal_scored").data
    assert scored["game_points"][winner] == 2      # the opponent had a trick


def test_sixtysix_rules_name_the_side_whose_tricks_decide_a_wrong_claim(french):
    """The rules screen once said 3 'if you have not won a trick' (the claimant): the engine
    (above) and the rule file look at the opponent. Both languages must say so."""
    line = _paragraph("sixtysix", "- **Wrong claim:**")
    english = line.split("or 3 if", 1)[1]
    assert re.match(r"\s*your opponent has not won", english), line
    assert "you have not" not in english
    french_line = i18n._(line)
    assert french_line != line, "the wrong-claim rule has no French"
    condition = french_line.split("ou 3 si", 1)[1]
    assert re.match(r"\s*votre adversaire n’a remporté aucun pli", condition), french_line


def test_sixtysix_closing_rule_counts_the_opponents_tricks_at_the_close(french):
    line = _paragraph("sixtysix", "- Closing is a promise")
    assert "3 if your opponent had not won a trick when you closed" in " ".join(line.split())
    assert "ou 3 si votre adversaire n’avait remporté aucun pli" in i18n._(line)


@pytest.mark.parametrize("game_id", list(RULES))
def test_every_setup_option_is_explained_under_its_own_name_in_both_languages(game_id):
    """A setup row's label is the name its rules screen explains it by, in English and in
    French (the rules and the setup are translated separately and could drift apart)."""
    from cardtable.ui.scenes.setup import SetupScene

    spec = registry.get(game_id)
    labels = [o.label for o in spec.options]
    if "first_player" in spec.notes:
        labels.append("Who starts")
    setup_offers = SetupScene(game_id).offers_first_player
    assert setup_offers == ("Who starts" in labels)
    for language in ("en", "fr"):
        i18n.set_language(language)
        try:
            text = " ".join(i18n.tr(p) for p in i18n.paragraphs(RULES[game_id][1]) if p)
            for label in labels:
                assert f"**{i18n._(label)}" in text, (language, game_id, label)
        finally:
            i18n.set_language("en")


def test_the_screen_reader_keys_fit_each_game():
    """The keys said in every game's rules: L (the last trick) and "the trick in progress"
    only where there are tricks; the rummies and pairs65 name what is laid down instead."""
    from cardtable.ui.scenes.rules_text import RULES
    from cardtable.ui.tables import table_class

    for game_id, (_, markup) in RULES.items():
        speech = markup[markup.index("## Playing with a screen reader"):]
        tricks = table_class(game_id).REVIEW
        assert ("**L**" in speech) == tricks, game_id
        assert ("trick" in speech) == tricks, game_id
        assert "**B**" in speech and "**H**" in speech and "**W**" in speech
    assert not table_class("pairs65").REVIEW and table_class("sixtysix").REVIEW
