"""One invitation per seat (issue 18), through the session layer, on SQLite and PostgreSQL.

A private game's join links used to carry one code for the whole game: an invited player could change the faction
in the URL and take another free seat, and a freed seat kept its code, so the removed player's link took the seat
back at once.
"""

from __future__ import annotations

import pytest

from lf.session import Registry, SeatUnavailable, host

THREE_HUMANS = {"anarchists": "human", "communists": "human", "moderates": "human"}


def test_each_seat_has_its_own_invitation_and_a_link_takes_only_its_seat(registry: Registry) -> None:
    hosted = registry.host_game(THREE_HUMANS, name="Friday")
    game = hosted.session
    assert len(set(hosted.invites.values())) == 3
    moderates_link = hosted.invites["moderates"]
    for other in ("anarchists", "communists"):  # the Moderates' link, with another faction in the URL
        with pytest.raises(SeatUnavailable, match="private"):
            game.claim(other, "Mo", invite=moderates_link)
    assert not any(s.claimed for s in game.seats())
    assert game.seat_of(game.claim("moderates", "Mo", invite=moderates_link)) == "moderates"
    assert game.invite_matches("moderates", moderates_link) and not game.invite_matches("anarchists", moderates_link)


def test_a_freed_seat_gets_a_new_invitation_and_the_old_link_no_longer_takes_it(registry: Registry) -> None:
    hosted = registry.host_game(THREE_HUMANS, name="Friday")
    game = hosted.session
    old = hosted.invites["communists"]
    token = game.claim("communists", "Carme", invite=old)
    host.release_seat(game, hosted.host_token, "communists")  # the host frees the seat of a player who left
    new = game.seat_invites()["communists"]
    assert new != old and game.seat_of(token) is None
    with pytest.raises(SeatUnavailable, match="private"):
        game.claim("communists", "Carme again", invite=old)
    again = game.claim("communists", "Cristina", invite=new)
    game.leave(again)  # a player who leaves frees the seat too: it gets another invitation
    newest = game.seat_invites()["communists"]
    assert newest not in (old, new)
    with pytest.raises(SeatUnavailable, match="private"):
        game.claim("communists", "Cristina", invite=new)
    registry.evict(game.id)  # the invitations are stored with the seats
    assert registry.get(game.id).seat_invites()["communists"] == newest
    # the other seats' invitations did not change
    assert {f: c for f, c in registry.get(game.id).seat_invites().items() if f != "communists"} == \
        {f: c for f, c in hosted.invites.items() if f != "communists"}


def test_a_public_game_has_no_invitations(registry: Registry) -> None:
    hosted = registry.host_game(THREE_HUMANS, private=False)
    assert hosted.invites == {} and hosted.session.seat_invites() == {}
    token = hosted.session.claim("anarchists", "Ana")
    hosted.session.release_seat("anarchists")
    assert hosted.session.seat_invites() == {} and hosted.session.seat_of(token) is None
