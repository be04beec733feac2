"""Private games, the host's tools and the lobby's own lists, through the pages (simulated browsers, issue 13
and issue 12's lobby points)."""

from __future__ import annotations

from datetime import timedelta

from nicegui.testing import User
from pages_helpers import join, live, page_text, port, reg, screen_of, screens, see, wait_for  # noqa: F401

from lf.engine.constants import faction_label
from lf.server.settings import Settings, set_settings
from lf.store.models import utcnow


async def _host_a_private_game(user: User, name: str = "Private table") -> str:
    """The lobby's form: three humans, private, the host takes the Anarchists."""
    await user.open("/")
    user.find(marker="new-name").type(name)
    user.find(marker="new-player").type("Host")
    user.find(marker="create").click()
    await see(user, "Seats and invitations")
    return screen_of(user).game_id


async def test_a_private_games_seats_need_the_invitation(reg, user: User, create_user) -> None:
    game_id = await _host_a_private_game(user)
    session = reg.get(game_id)
    assert not session.public and screen_of(user).faction == "anarchists"
    invites = session.seat_invites()
    link = user.find(marker="join-link-moderates").elements.pop().content
    assert f"/join/{game_id}/moderates?invite={invites['moderates']}" in link
    assert invites["communists"] in user.find(marker="join-link-communists").elements.pop().content
    # A visitor without the invitation: no "Join as" in the lobby, and the bare link is refused.
    stranger = create_user()
    await stranger.open("/")
    assert f"join-{game_id}-moderates" not in str([m for m in page_text(stranger).split()])
    assert game_id not in page_text(stranger)  # a private game is not listed to others
    await stranger.open(f"/join/{game_id}/moderates")
    await see(stranger, "This game is private")
    await stranger.open(f"/join/{game_id}/moderates?invite=wrong")
    await see(stranger, "This game is private")
    assert not {s.faction: s.claimed for s in session.seats()}["moderates"]
    # Issue 18: the Moderates' link with another faction in the URL takes no seat (one invitation per seat).
    await stranger.open(f"/join/{game_id}/communists?invite={invites['moderates']}")
    await see(stranger, "This game is private")
    # With the host's link, the seat is taken.
    await join(stranger, game_id, "moderates", "Mo", invite=invites["moderates"])
    # A seated player who is not the host sees no other seat's link: each invitation is the host's to send.
    await stranger.open(f"/game/{game_id}?invite=1")
    await see(stranger, "Seats and invitations")
    await see(stranger, "ask the host for its join link")
    assert invites["communists"] not in page_text(stranger)


async def test_the_host_replaces_an_absent_player_and_ends_the_game(reg, user: User, create_user) -> None:
    game_id = await _host_a_private_game(user, "Host tools")
    session = reg.get(game_id)
    mo = create_user()
    await join(mo, game_id, "moderates", "Mo", invite=session.seat_invites()["moderates"])
    # The host's Seats dialog: replace Mo by a Non-player.
    await user.open(f"/game/{game_id}?invite=1")
    await see(user, "You host this game.")
    user.find(marker="host-replace-moderates").click()
    await wait_for(lambda: {s.faction: s.kind for s in session.seats()}["moderates"] == "nonplayer",
                   why="the seat is handed over")
    assert any("hands the Moderates to a Non-player" in e["text"] for e in session.view()["log"])
    # Mo's page offers the seat back; taking it makes Mo a person again.
    await see(mo, "A Non-player is playing your Moderates")
    mo.find(marker="take-back").click()
    await wait_for(lambda: {s.faction: s.kind for s in session.seats()}["moderates"] == "human")
    # A player is not the host: their dialog has no host tools.
    await mo.open(f"/game/{game_id}?invite=1")
    await see(mo, "Seats and invitations")
    assert "You host this game." not in page_text(mo)
    # The host ends the game.
    await user.open(f"/game/{game_id}?invite=1")
    await see(user, "You host this game.")
    user.find(marker="host-end").click()
    await see(user, "End the game now, without a result?")
    user.find(marker="host-confirm").click()
    await wait_for(lambda: session.status == "finished", why="the game is ended")
    assert session.result["war"] == "ended"


async def test_your_games_come_from_this_browsers_records_whatever_the_flood(reg, user: User) -> None:
    user_game = await _host_a_private_game(user, "Mine")
    for n in range(25):  # a flood of other people's public games
        reg.create_game({"communists": "nonplayer", "moderates": "nonplayer"}, name=f"Flood {n}", mode="demo")
    await user.open("/")
    await see(user, "Your games on this device")
    await see(user, "Resume as the Anarchists")
    mine = user.find(marker="mine").elements.pop()
    assert "Mine" in str([getattr(e, "content", "") for e in mine.descendants()])
    await see(user, "Public games (25)")
    await see(user, "Page 1 of 3")
    user.find(marker="older-active").click()
    await see(user, "Page 2 of 3")
    assert user_game not in [g.id for g in port().list_games("active").games]
    await see(user, "Started just now · last move just now · you host it")


async def test_a_bad_row_never_breaks_the_lobby(reg, user: User) -> None:
    good = reg.create_game({}, name="Good one")
    bad = reg.create_game({}, name="Bad one")
    with reg.repo.engine.begin() as conn:
        conn.exec_driver_sql("UPDATE games SET updated_at = 'not a time' WHERE id = ?", (bad.id,))
    await user.open("/")
    await see(user, "Good one")
    assert "Bad one" not in page_text(user)
    assert good.id in [g.id for g in reg.games()]


async def test_play_now_gives_no_fake_name_and_a_nameless_player_is_shown_once(reg, user: User, create_user) -> None:
    await user.open("/")
    user.find(marker="play-as-anarchists").click()
    await wait_for(lambda: user.client.id in screens(), timeout=20, why="the game opens")
    game_id = screen_of(user).game_id
    seat = {s.faction: s for s in reg.get(game_id).seats()}["anarchists"]
    assert seat.display_name != "You"
    watcher = create_user()
    await watcher.open("/")
    await see(watcher, "Quick game as the Anarchists")
    text = page_text(watcher)
    assert "Anarchists: Anarchists" not in text and "Anarchists: You" not in text


async def test_limits_refuse_with_a_clear_message(reg, user: User, create_user) -> None:
    set_settings(Settings(seats_per_visitor=1, spectators_per_game=1, live_games=1))
    try:
        session = reg.create_game({}, name="Limits")
        await user.open(f"/join/{session.id}/anarchists")
        user.find(marker="join-name").type("Ana")
        user.find(marker="join-take").click()
        await wait_for(lambda: user.client.id in screens(), timeout=20)
        await user.open(f"/join/{session.id}/moderates")
        user.find(marker="join-take").click()
        await see(user, "already holds 1 seats in running games, the most this server allows")
        # One spectator fits; the second is told why not.
        first, second = create_user(), create_user()
        await first.open(f"/game/{session.id}")
        await see(first, "You are watching this game.")
        answer = await second.http_client.get(f"/game/{session.id}")
        assert answer.status_code == 429 and "This game is full right now" in answer.text
        assert "spectators, the most this server allows" in answer.text
        # One live game on this server: "Play now" is refused, and says why.
        await second.open("/")
        second.find(marker="play-now").click()
        await see(second, "running as many games as it can")
        assert len(reg.games()) == 1
    finally:
        set_settings(None)


async def test_live_games_count_only_games_played_recently(reg) -> None:
    from lf.server import limits

    set_settings(Settings(live_games=1))
    try:
        old = reg.create_game({}, name="Abandoned")
        with reg.repo.engine.begin() as conn:
            conn.exec_driver_sql("UPDATE games SET updated_at = ? WHERE id = ?", (utcnow() - timedelta(days=3), old.id))
        limits.check_new_game(reg, "someone")  # the abandoned game does not count
    finally:
        set_settings(None)


async def _host_a_public_game(user: User, name: str) -> str:
    """The lobby's form, public, three humans: the host takes the Anarchists; the other two seats stay free."""
    await user.open("/")
    user.find(marker="new-name").type(name)
    user.find(marker="new-player").type("Host")
    with user:
        user.find(marker="new-public").elements.pop().value = True
    user.find(marker="create").click()
    await see(user, "Seats and invitations")
    return screen_of(user).game_id


def _age(reg, game_id: str, minutes: int) -> None:
    with reg.repo.engine.begin() as conn:
        conn.exec_driver_sql("UPDATE games SET updated_at = ? WHERE id = ?",
                             (utcnow() - timedelta(minutes=minutes), game_id))


async def test_a_game_waiting_on_a_seat_nobody_took_leaves_the_public_list_and_its_host_ends_it(
        reg, user: User, create_user) -> None:
    """Issue 20: a public game whose seat nobody ever took stayed "waiting for Communists" in the lobby forever.
    After 30 minutes without a move it leaves the public list; its host still has it under "Your games", is told
    why it waits, and ends it there."""
    game_id = await _host_a_public_game(user, "Nobody came")
    stranger = create_user()
    await stranger.open("/")
    await see(stranger, "Nobody came")
    await see(stranger, "a free seat: nobody has taken it")
    _age(reg, game_id, 31)
    assert game_id not in {g.id for g in port().list_games("active").games}
    assert port().list_games("active").total == 0
    await stranger.open("/")
    await see(stranger, "Public games (0)")
    assert "Nobody came" not in page_text(stranger)
    await user.open("/")
    await see(user, "Your games on this device")
    line = port().my_games([game_id])[0]
    free = {s.faction for s in line.seats if s.kind == "human" and not s.claimed}
    waited = [faction_label(f) for f, _ in line.waiting if f in free]  # not the host's own seat (the seed decides)
    await see(user, f"Nobody has taken the {waited[0]}'")
    await see(user, "send the link from the game's Seats dialog, or end the game here")
    user.find(marker=f"end-{game_id}").click()
    await see(user, "End this game now, without a result?")
    user.find(marker="host-confirm").click()
    await wait_for(lambda: reg.get(game_id).status == "finished", why="the host ended it from Your games")


async def test_a_game_whose_seats_are_all_taken_stays_listed_however_quiet(reg, user: User, create_user) -> None:
    game_id = await _host_a_public_game(user, "Slow but seated")
    session = reg.get(game_id)
    for f, name in (("communists", "Co"), ("moderates", "Mo")):
        await join(create_user(), game_id, f, name)
    _age(reg, game_id, 600)
    assert session.status == "active" and game_id in {g.id for g in port().list_games("active").games}


async def test_seats_are_counted_per_address_too_a_new_cookie_jar_does_not_start_over(reg, user: User,
                                                                                       create_user) -> None:
    """Issue 18: the seats-per-visitor limit was counted per browser, so a script dropping its cookies started over.
    (The simulated browsers all come from one address, as a script's fresh cookie jars do.)"""
    set_settings(Settings(seats_per_visitor=1))
    try:
        session = reg.create_game({}, name="Squatted")
        await join(user, session.id, "anarchists", "Ana")
        fresh = create_user()  # another browser (no cookie in common), same address
        await fresh.open(f"/join/{session.id}/moderates")
        fresh.find(marker="join-name").type("Mo")
        fresh.find(marker="join-take").click()
        await see(fresh, "Browsers at your address already hold 1 seats")
        assert {s.faction: s.claimed for s in session.seats()} == {"anarchists": True, "communists": False,
                                                                   "moderates": False}
    finally:
        set_settings(None)


async def test_freeing_a_seat_gives_it_a_new_link_which_the_host_sees(reg, user: User, create_user) -> None:
    """Issue 18: a freed seat kept its invitation, so the removed player's link took the seat back at once."""
    game_id = await _host_a_private_game(user, "Freed")
    session = reg.get(game_id)
    old = session.seat_invites()["moderates"]
    mo = create_user()
    await join(mo, game_id, "moderates", "Mo", invite=old)
    await user.open(f"/game/{game_id}?invite=1")
    await see(user, "You host this game.")
    user.find(marker="host-free-moderates").click()
    await wait_for(lambda: not {s.faction: s.claimed for s in session.seats()}["moderates"], why="the seat is freed")
    new = session.seat_invites()["moderates"]
    assert new != old
    await wait_for(lambda: any(new in (el.content if hasattr(el, "content") else "")
                               for el in user.find(marker="join-link-moderates").elements), why="the new link is shown")
    back = create_user()  # the removed player's old link
    await back.open(f"/join/{game_id}/moderates?invite={old}")
    await see(back, "This game is private")
