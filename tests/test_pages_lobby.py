"""The lobby, the join links and the rules page, with simulated browsers (NiceGUI's `user` fixture)."""

from __future__ import annotations

from nicegui import ui
from nicegui.testing import User
from pages_helpers import live, page_text, port, reg, screen_of, screens, see, wait_for  # noqa: F401


async def test_lobby_offers_play_now_create_and_lists(reg, user: User) -> None:
    await user.open("/")
    await see(user, "Play now")
    await see(user, "Create a game")
    await see(user, "Public games (0)")
    await see(user, "Finished public games (0)")
    assert "Original card set" in page_text(user)


async def test_play_now_is_one_click_against_two_nonplayers(reg, user: User) -> None:
    await user.open("/")
    user.find(marker="play-as-communists").click()
    await wait_for(lambda: user.client.id in screens(), why="the game page opens")
    screen = screen_of(user)
    assert screen.faction == "communists"
    kinds = reg.get(screen.game_id).seat_kinds
    assert kinds == {"anarchists": "nonplayer", "communists": "human", "moderates": "nonplayer"}
    await see(user, "You: Communists")
    await user.open("/")
    await see(user, "Your games on this device")
    await see(user, "Resume as the Communists")


async def test_play_now_lets_the_visitor_choose_a_faction_or_be_surprised(reg, user: User) -> None:
    """Issue 20: Play now silently picked a faction. Each faction is offered with what it fights for, and "Surprise
    me" says it picks at random; the game it starts says which."""
    await user.open("/")
    await see(user, "Play now, as:")
    for words in ("Liberty and Collectivization; Aragon", "Soviet Support and the Government",
                  "Foreign Aid and the Government", "Surprise me", "a faction picked at random"):
        await see(user, words)
    user.find(marker="play-now").click()
    await wait_for(lambda: user.client.id in screens(), why="the game page opens")
    screen = screen_of(user)
    session = reg.get(screen.game_id)
    assert [f for f, k in session.seat_kinds.items() if k == "human"] == [screen.faction]
    assert session.name == f"Quick game as the {screen.faction.capitalize()}"


async def test_create_a_game_with_seed_name_and_seats(reg, user: User) -> None:
    await user.open("/")
    user.find(marker="new-name").type("Friday night")
    user.find(marker="new-seed").type("4242")
    with user:
        user.find(marker="kind-communists").elements.pop().value = "nonplayer"
    user.find(marker="new-player").type("Host")
    user.find(marker="create").click()
    await see(user, "Seats and invitations")  # the game page opens with the invitations
    screen = screen_of(user)
    session = reg.get(screen.game_id)
    assert session.name == "Friday night" and session.seed == 4242
    assert session.seat_kinds["communists"] == "nonplayer"
    assert screen.faction == "anarchists"  # the host took the first human seat
    seats = {s.faction: s for s in session.seats()}
    assert seats["anarchists"].display_name == "Host" and not seats["moderates"].claimed
    await see(user, "Free seat: open this link on the player's device")


async def test_create_refuses_no_human_and_a_bad_seed(reg, user: User) -> None:
    await user.open("/")
    user.find(marker="new-seed").type("abc")
    user.find(marker="create").click()
    await see(user, "The seed must be a whole number")
    with user:
        user.find(marker="new-seed").elements.pop().value = ""
        for f in ("anarchists", "communists", "moderates"):
            user.find(marker=f"kind-{f}").elements.pop().value = "nonplayer"
    user.find(marker="create").click()
    await see(user, "At least one faction must be played by a human.")
    assert reg.games() == []


async def test_lobby_shows_status_and_updates_live(reg, user: User, create_user) -> None:
    await user.open("/")
    await see(user, "Public games (0)")
    other = create_user()
    await other.open("/")
    other.find(marker="play-as-moderates").click()
    # (the simulated browsers share one ui.navigate, patched for the user last touched: wait for this one first)
    await wait_for(lambda: other.client.id in screens(), timeout=20, why="the quick game opens")
    await see(user, "Public games (1)")  # no reload: the lobby heard of the new game
    await see(user, "Quick game as the Moderates")
    await see(user, "Year 1, turn 1")
    await see(user, "waiting for Moderates")


async def test_join_link_claims_once_and_refuses_taken_or_nonplayer_seats(reg, user: User, create_user) -> None:
    session = reg.create_game({"anarchists": "human", "communists": "nonplayer", "moderates": "human"}, name="Join")
    await user.open(f"/join/{session.id}/moderates")
    user.find(marker="join-name").type("Mo")
    user.find(marker="join-take").click()
    await wait_for(lambda: user.client.id in screens() and screen_of(user).faction == "moderates")
    # Coming back with the same link lands in the same seat.
    await user.open(f"/join/{session.id}/moderates")
    await wait_for(lambda: user.client.id in screens() and screen_of(user).faction == "moderates")
    second = create_user()
    await second.open(f"/join/{session.id}/moderates")
    await see(second, "already taken by Mo")
    await second.open(f"/join/{session.id}/communists")
    await see(second, "played by the Non-player rules")
    await second.open("/join/000000000000/anarchists")
    await see(second, "This game can't be joined")


async def test_finished_games_are_listed_with_their_outcome(reg, user: User) -> None:
    from session_helpers import claim_humans, play

    session = reg.create_game({"anarchists": "human", "communists": "nonplayer", "moderates": "nonplayer"},
                              name="Finished one", seed=11)
    play(session, claim_humans(session), seed=11)
    await user.open("/")
    await see(user, "Finished public games (1)")
    await see(user, "War won" if session.result["war"] == "won" else "War lost")


async def test_rules_reference_is_one_click_away(reg, user: User) -> None:
    await user.open("/rules")
    await see(user, "Player aid")
    text = page_text(user)
    for words in ("Turn sequence", "Hero points: prices", "Move Government one step", "Symbol key", "End of the Year",
                  "Final Bid", "Medallions"):
        assert words in text, words
    session = reg.create_game({"anarchists": "human"}, name="Rules in game")
    await user.open(f"/game/{session.id}")
    user.find(marker="rules").click()
    await see(user, "Open as a page")
    assert any(isinstance(e, ui.dialog) for e in user.current_layout.descendants())
    live("lf.pages.rules_reference")  # the module serving the page is loaded
