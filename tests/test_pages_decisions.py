"""The rarer decisions on the page: keeping cards at the End of the Year and the Final Bid for Glory.

A game is advanced through the session by the tests' position-hashed policy
(session_helpers.next_move) while the seat holder's page follows live; the
decision itself is then made by clicking, as a player would.
"""

from __future__ import annotations

from nicegui.testing import User
from pages_helpers import join, markers, port, reg, screen_of, see, wait_for  # noqa: F401
from session_helpers import next_move

SOLO = {"anarchists": "human", "communists": "nonplayer", "moderates": "nonplayer"}


async def _advance_to(reg, user: User, seed: int, kind: str, limit: int = 400) -> str:
    session = reg.create_game(SOLO, name=f"To {kind}", seed=seed)
    await join(user, session.id, "anarchists", "Ana")
    tokens = {"anarchists": screen_of(user).token}
    for _ in range(limit):
        view = session.view(tokens["anarchists"])
        if view["decisions"] and view["decisions"][0]["kind"] == kind:
            break
        assert session.status == "active", f"the game ended before any {kind} decision"
        faction, action, version = next_move(session, tokens, seed)
        assert session.act(tokens[faction], version, action).ok
    else:
        raise AssertionError(f"no {kind} decision within {limit} steps")
    await wait_for(lambda: screen_of(user).view["version"] == session.version, why="the page follows live")
    return session.id


async def _confirm(user: User, marker: str) -> None:
    user.find(marker=marker).click()
    await see(user, "Please confirm")
    user.find(marker="confirm-yes").click()


async def test_keep_cards_at_the_end_of_year_one(reg, user: User) -> None:
    game_id = await _advance_to(reg, user, seed=1, kind="keep")
    await see(user, "End of Year 1: keep up to 1 card in hand")
    keeps = [m for m in markers(user, "act:keep:")]
    assert keeps, markers(user, "act:")
    version = screen_of(user).view["version"]
    user.find(marker=keeps[0]).click()
    await wait_for(lambda: screen_of(user).view["version"] > version)
    await see(user, "Stop keeping")
    await _confirm(user, "act:keep_done")
    await wait_for(lambda: not any(d["kind"] == "keep" for d in screen_of(user).view["decisions"]))
    assert port().game(game_id).status == "active"


async def test_final_bid_for_glory(reg, user: User) -> None:
    await _advance_to(reg, user, seed=38, kind="bid", limit=600)
    await see(user, "Final Bid for Glory")
    bids = markers(user, "act:bid:")
    assert bids, markers(user, "act:")
    version = screen_of(user).view["version"]
    user.find(marker=bids[0]).click()
    await wait_for(lambda: screen_of(user).view["version"] > version)
    await see(user, "Your Final Bid")
    await _confirm(user, "act:bid_done")
    await wait_for(lambda: not any(d["kind"] == "bid" for d in screen_of(user).view["decisions"]))
