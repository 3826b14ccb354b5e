"""The three kinds of match the screens play satisfy one protocol, :class:`TableMatch`.

mypy checks this file (``make typecheck``, run by ``make test``): the functions below give a
:class:`Match`, a :class:`HostedMatch` and a :class:`RemoteMatch` where a ``TableMatch`` is
wanted, so a member one of them lacks, or types differently, fails the check. The tests
check the same at run time on live matches (a table hosted on loopback and a friend at it),
and that every member of the protocol says what it is for."""

from __future__ import annotations

import inspect

from cardtable.match import Match, Seat
from cardtable.net.hosted import HostedMatch
from cardtable.net.remote import RemoteMatch
from cardtable.tablematch import MatchFacts, TableMatch
from tests.net_helpers import host_table, join


def played_here(match: Match) -> TableMatch:
    """A match at this computer is a TableMatch (checked by mypy)."""
    return match


def hosted_here(match: HostedMatch) -> TableMatch:
    """A match hosted here for other computers is a TableMatch (checked by mypy)."""
    return match


def joined_there(match: RemoteMatch) -> TableMatch:
    """A seat at a table hosted elsewhere is a TableMatch (checked by mypy)."""
    return match


def facts_of(match: TableMatch) -> MatchFacts:
    """What every screen may read of ``match.state`` (checked by mypy)."""
    return match.state


def members(protocol: type) -> dict[str, object]:
    return {name: value for name, value in vars(protocol).items()
            if not name.startswith("_")}


def test_every_member_of_the_protocol_says_what_it_is_for():
    from cardtable import tablematch
    for protocol in (tablematch.TableMatch, tablematch.MatchFacts, tablematch.SeatInfo,
                     tablematch.NoticeInfo, tablematch.TableService):
        for name, member in members(protocol).items():
            getter = member.fget if isinstance(member, property) else member
            assert inspect.getdoc(getter), f"{protocol.__name__}.{name} has no docstring"


def test_the_three_matches_have_every_member_the_screens_use():
    seats = [Seat("Ann", "human"), Seat("Bot", "computer")]
    here = Match("sixtysix", seats, seed=3, pace=0.0, threaded=False)
    hosted, server = host_table("sixtysix", 2, remote=[1])
    hosted.server = server          # as the window's netplay keeps it
    friend = join(server, "Friend")
    try:
        for match in (played_here(here), hosted_here(hosted), joined_there(friend)):
            kind = type(match).__name__
            for name in members(TableMatch):
                assert hasattr(match, name), f"{kind} has no {name}"
            for name in members(MatchFacts):
                assert hasattr(match.state, name), f"{kind}.state has no {name}"
            assert match.game_id == "sixtysix" and match.n_players == 2
            assert match.state.deal_no == 1 and len(match.state.match_scores) == 2
            # the game's rules answer alike everywhere (a friend's from a rules-only copy)
            assert sorted(match.rules.all_cards()) == sorted(here.rules.all_cards())
            assert match.server is (server if match is hosted else None)
        assert friend.state.deal_results() == [] and friend.state.rules.deal_no == 1
    finally:
        friend.close()
        hosted.close()              # (and its server)
        here.close()
