"""Presence at the table (issue 20): every seat says whether its person has a device connected, and the table says
when the game waits for someone who has none, with the host's hand-over one tap away. Simulated browsers over the
real session layer; the presence board itself is tested with a clock of its own.
"""

from __future__ import annotations

import json

from nicegui.testing import User
from pages_helpers import join, page_text, reg, screen_of, screens, see, wait_for  # noqa: F401
from test_pages_game import settle_picks
from test_pages_host import _host_a_private_game as _hosted

from lf.session.presence import AWAY, HERE, RECONNECTING, UNSEEN, PresenceBoard, SeatPresence


class Clock:
    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


def test_a_seat_is_here_while_a_page_is_connected_then_reconnecting_then_away_since_its_last_page_went():
    clock = Clock()
    board = PresenceBoard(clock=clock)
    told = []
    board.watch("g", lambda: told.append(1))
    assert board.seats("g") == {}
    board.page("p1", "g", "communists", connected=True)
    board.page("p2", "g", "communists", connected=True)  # a second tab of the same seat
    board.page("s1", "g", None, connected=True)  # a spectator counts for nobody
    assert board.seats("g") == {"communists": SeatPresence(HERE)}
    clock.now = 1_010.0
    board.gone("p2")
    assert board.seats("g")["communists"] == SeatPresence(HERE)
    clock.now = 1_020.0
    board.disconnected("p1")
    assert board.seats("g")["communists"] == SeatPresence(RECONNECTING, 1_020.0)
    board.connected("p1")
    assert board.seats("g")["communists"] == SeatPresence(HERE)
    clock.now = 1_030.0
    board.disconnected("p1")
    clock.now = 1_033.0
    board.gone("p1")
    assert board.seats("g")["communists"] == SeatPresence(AWAY, 1_033.0)
    n = len(told)
    board.gone("s1")
    assert len(told) == n, "a spectator's page going changed nobody's presence"
    # a page whose seat was released elsewhere watches from then on: its seat is away
    board.page("p3", "g", "moderates", connected=True)
    clock.now = 1_040.0
    board.page("p3", "g", None)
    assert board.seats("g")["moderates"] == SeatPresence(AWAY, 1_040.0)


def test_another_process_vouches_for_its_pages_until_its_word_expires():
    """Two lf processes behind HAProxy (docs/server.md): each sends its counts over the bus; a process that stops
    sending (it died) stops counting after ``REMOTE_TTL_S``."""
    from lf.session import presence

    clock = Clock()
    sent: list[tuple[str, str]] = []
    here = PresenceBoard(clock=clock)
    there = PresenceBoard(clock=clock, publish=lambda game_id, note: sent.append((game_id, note)))
    try:
        there.page("p1", "g", "anarchists", connected=True)
        note = there.summary("g")
        here.received("g", "node-2", note)
        assert here.seats("g") == {"anarchists": SeatPresence(HERE)}
        here.page("p2", "g", "moderates", connected=False)
        assert here.seats("g")["moderates"].state == RECONNECTING
        clock.now += presence.REMOTE_TTL_S + 1
        assert "anarchists" not in here.seats("g") or here.seats("g")["anarchists"].state != HERE
        here.received("g", "node-2", "not json")  # ignored
        here.received("g", "node-2", json.dumps({"anarchists": [0, 0, clock.now - 5]}))
        assert here.seats("g")["anarchists"] == SeatPresence(AWAY, clock.now - 5)
        here.forget_remote()
        assert "anarchists" not in here.seats("g")
        assert here.seats("g")["moderates"].state == RECONNECTING
        assert SeatPresence(UNSEEN).state == UNSEEN
    finally:
        here.close()
        there.close()


async def test_the_table_says_who_is_away_and_the_host_hands_their_faction_over(reg, user: User, create_user) -> None:
    """A player whose page is gone is "away since HH:MM" on every other device; while the game waits for them, the
    table says so, and the host lets a Non-player play their faction with one tap."""
    game_id = await _hosted(user)
    session = reg.get(game_id)
    mo = create_user()
    await join(mo, game_id, "moderates", "Mo", invite=session.seat_invites()["moderates"])
    await settle_picks(game_id, mo)  # the first Attacks' ties are the Initiative player's (the Moderates)
    await user.open(f"/game/{game_id}")
    host = screen_of(user)
    await wait_for(lambda: host.presence.get("moderates") == SeatPresence(HERE), why="Mo is connected")
    await see(user, "connected")
    # the communists' seat was never taken, and the game waits for it (everyone chooses a card at once)
    await see(user, "The game waits for the Communists, whose seat nobody has taken yet.")
    # Mo's page goes (the phone closed its tab): Mo is away, and the game waits for Mo
    await mo.open("/")
    for screen in [s for s in screens().values() if s.faction == "moderates"]:
        screen.client.delete()  # a simulated browser keeps the pages it left; a real one's go 3 s after
    await wait_for(lambda: host.presence["moderates"].state == AWAY, why="Mo is away")
    await see(user, "The game waits for Mo (Moderates), who has no device connected since")
    assert "away since" in page_text(user)
    user.find(marker="hand-over-moderates").click()
    await wait_for(lambda: {s.faction: s.kind for s in session.seats()}["moderates"] == "nonplayer",
                   why="the host hands the Moderates over")
    await wait_for(lambda: "The game waits for Mo" not in page_text(user), why="the notice goes")
    assert any("hands the Moderates to a Non-player" in e["text"] for e in session.view()["log"])


async def test_only_the_host_gets_the_hand_over(reg, user: User, create_user) -> None:
    game_id = await _hosted(user)
    session = reg.get(game_id)
    mo = create_user()
    await join(mo, game_id, "moderates", "Mo", invite=session.seat_invites()["moderates"])
    await settle_picks(game_id, mo)
    await see(mo, "The game waits for the Communists, whose seat nobody has taken yet.")
    await see(mo, "The host can let a Non-player or the computer play for them")
    assert "Let a Non-player play" not in page_text(mo)
