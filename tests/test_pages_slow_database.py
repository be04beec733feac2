"""A locked database never freezes the pages and never loses a move (issue 13).

A real SQLite file, locked by a second connection in ``BEGIN EXCLUSIVE`` (what a backup, the sqlite3 shell
or a second server does), while the pages of two games act: a move on one, "Play now" on the other. The
event loop keeps running (a heartbeat on it keeps counting while the calls wait), the player is told that
saving is slow, and once the lock is gone the move is saved, not lost.
"""

from __future__ import annotations

import asyncio
import sqlite3

from nicegui.testing import User
from pages_helpers import join, offered, reg, screens, see, take, wait_for  # noqa: F401

from lf.pages.saving import SLOW

SOLO = {"anarchists": "human", "communists": "nonplayer", "moderates": "nonplayer"}


class Heartbeat:
    """Counts on the event loop every 10 ms: it stops counting if anything blocks the loop."""

    def __init__(self) -> None:
        self.ticks = 0
        self.task = asyncio.get_running_loop().create_task(self._beat())

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(0.01)
            self.ticks += 1


def _a_move(user: User) -> str:
    keys = [k for k in offered(user) if k.startswith("choose:")] or offered(user)
    assert keys, "the page offers no move"
    return keys[0]


async def test_a_locked_database_freezes_no_page_and_loses_no_move(reg, user: User, create_user) -> None:
    game_a = reg.create_game(SOLO, name="Game A", seed=12)
    await join(user, game_a.id, "anarchists", "Ana")
    other = create_user()
    await other.open("/")
    version = game_a.version
    move = _a_move(user)
    db_file = reg.repo.engine.url.database
    lock = sqlite3.connect(db_file, isolation_level=None, timeout=30)
    lock.execute("BEGIN EXCLUSIVE")
    heart = Heartbeat()
    try:
        take(user, move)  # game A: a move, which must wait for the lock
        other.find(marker="play-now").click()  # another visitor: a new game, which must wait too
        start = heart.ticks
        await wait_for(lambda: user.notify.contains(SLOW) or other.notify.contains(SLOW), timeout=20,
                       why="the player is told that saving is slow")
        # The loop kept running while both calls waited (a frozen loop would not have counted).
        await wait_for(lambda: heart.ticks >= start + 20, why="the event loop keeps running")
        assert game_a.version == version, "nothing can be saved while the file is locked"
    finally:
        lock.execute("ROLLBACK")
        lock.close()
    await wait_for(lambda: game_a.version > version, timeout=30, why="the move is saved once the lock is gone")
    await wait_for(lambda: len(reg.games()) == 2, timeout=30, why="the new game is created too")
    await wait_for(lambda: other.client.id in screens(), timeout=30, why="the other visitor lands in their game")
    heart.task.cancel()


async def test_the_lobby_never_waits_for_a_game_whose_move_waits_for_the_database(reg, user: User,
                                                                                  create_user) -> None:
    """Issue 18: during a 45 s lock the lobby answered HTTP 500 after 3 s (NiceGUI's response timeout), because
    a move waiting for the database held its game's lock and the lobby read that game under it."""
    game_a = reg.create_game(SOLO, name="Game A", seed=12)
    await join(user, game_a.id, "anarchists", "Ana")
    version = game_a.version
    lock = sqlite3.connect(reg.repo.engine.url.database, isolation_level=None, timeout=30)
    lock.execute("BEGIN EXCLUSIVE")
    try:
        take(user, _a_move(user))  # waits for the lock, holding game A's
        await wait_for(lambda: user.notify.contains(SLOW), timeout=20, why="the move waits for the database")
        visitor = create_user()
        answer = await visitor.http_client.get("/")
        assert answer.status_code == 200 and "took longer than the response_timeout" not in answer.text
        await visitor.open("/")
        await see(visitor, "Game A")
        await see(visitor, "A move is being saved")
        assert game_a.version == version
    finally:
        lock.execute("ROLLBACK")
        lock.close()
    await wait_for(lambda: game_a.version > version, timeout=30, why="the move is saved once the lock is gone")
