"""The rarer decisions on the page: keeping cards at the End of the Year and the Final Bid for Glory.

A game is advanced through the session by the tests' position-hashed policy
(session_helpers.next_move) while the seat holder's page follows live; the
decision itself is then made by clicking, as a player would.
"""

from __future__ import annotations

from nicegui.testing import User
from pages_helpers import join, offered, port, reg, screen_of, see, take, wait_for  # noqa: F401
from session_helpers import next_move, seed_reaching

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


def _one_step(user: User, marker: str) -> None:
    """A button that says what it does is the step itself: no "Please confirm" after it (docs/pages.md); the
    caller then waits for the decision to be gone, which a question would have held back."""
    user.find(marker=marker).click()


async def test_keep_cards_at_the_end_of_year_one(reg, user: User) -> None:
    """Rulebook pg. 10 (End of the Year): keep up to 1 card in hand and 1 in the tableau after Year 1; the strip
    shows the two groups, each with its counter, and a card is kept with a tap."""
    game_id = await _advance_to(reg, user, seed=seed_reaching(SOLO, "keep"), kind="keep")
    await see(user, "End of Year 1: keep up to 1 card in hand")
    await see(user, "Hand: kept 0 of 1")
    await see(user, "Tableau: kept 0 of 1")
    fv = screen_of(user).view["factions"]["anarchists"]
    keeps = [k for k in offered(user) if k.startswith("keep:") and k[5:] in fv["hand"]]
    assert keeps, offered(user)
    version = screen_of(user).view["version"]
    take(user, keeps[0])  # a tap on the card in the strip
    await wait_for(lambda: screen_of(user).view["version"] > version)
    await see(user, "Hand: kept 1 of 1")
    await see(user, "Stop keeping")
    assert f"unkeep:{keeps[0][5:]}" in offered(user)
    _one_step(user, "act:keep_done")
    await wait_for(lambda: not any(d["kind"] == "keep" for d in screen_of(user).view["decisions"]))
    assert port().game(game_id).status == "active"


async def test_final_bid_for_glory(reg, user: User) -> None:
    """Rulebook pg. 10 (Final Bid for Glory): cards are bid from the hand with a tap, and shown as the bid."""
    await _advance_to(reg, user, seed=seed_reaching(SOLO, "bid"), kind="bid", limit=600)
    await see(user, "Final Bid for Glory")
    bids = [k for k in offered(user) if k.startswith("bid:")]
    assert bids, offered(user)
    version = screen_of(user).view["version"]
    take(user, bids[0])
    await wait_for(lambda: screen_of(user).view["version"] > version)
    await see(user, "Final Bid: ")
    assert f"unbid:{bids[0][4:]}" in offered(user)
    await see(user, "your bid is final once confirmed")  # the prompt says so before: the button is one step
    _one_step(user, "act:bid_done")
    await wait_for(lambda: not any(d["kind"] == "bid" for d in screen_of(user).view["decisions"]))
