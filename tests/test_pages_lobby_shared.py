"""Issue 27: the lobby costs the server the same whether one page or many watch it, and stays live.

Each lobby page used to read the game lists from the database and re-draw them at every change (a game created,
a move in a listed game), so N pages cost N reads per change. The reads are counted here by wrapping the real
repository's method (the database is the real one, SQLite), with several simulated browsers (NiceGUI's ``user``
fixture) on the lobby.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter

from nicegui.testing import User
from pages_helpers import live, page_text, port, reg, see, wait_for  # noqa: F401
from session_helpers import claim_humans, play

from lf.session.bus import Change

PAGES = 6


def _count_list_reads(registry) -> Counter:
    """Count the repository's reads of the public lists (their pages and their totals), the real calls made."""
    reads: Counter = Counter()
    repo = registry.repo
    real_list, real_count = repo.list_games, repo.count_games

    def list_games(*args, **kwargs):
        if kwargs.get("public") is True:
            reads["lists"] += 1
        return real_list(*args, **kwargs)

    def count_games(*args, **kwargs):
        if kwargs.get("public") is True:
            reads["totals"] += 1
        return real_count(*args, **kwargs)

    repo.list_games, repo.count_games = list_games, count_games
    return reads


async def _quiet(reads: Counter, for_s: float = 1.5, timeout: float = 20.0) -> None:
    """Until no list was read for ``for_s`` seconds (the lobby's re-draws after a change are over)."""
    deadline = time.monotonic() + timeout
    seen, since = dict(reads), time.monotonic()
    while time.monotonic() < deadline:
        await asyncio.sleep(0.1)
        if dict(reads) != seen:
            seen, since = dict(reads), time.monotonic()
        elif time.monotonic() - since >= for_s:
            return
    raise AssertionError(f"the lobby kept reading the lists: {reads}")


def _status_of(user: User, game_id: str) -> str:
    with user:
        return " ".join(el.text for el in user.find(marker=f"status-{game_id}").elements)


async def test_lobby_pages_share_one_read_of_the_lists_per_change(reg, user: User, create_user) -> None:
    session = reg.create_game({"anarchists": "human", "communists": "nonplayer", "moderates": "nonplayer"},
                              name="Watched", seed=5)
    tokens = claim_humans(session)
    reads = _count_list_reads(reg)
    pages = [user, *(create_user() for _ in range(PAGES - 1))]
    for page in pages:
        await page.open("/")
        await see(page, "Public games (1)")
    await _quiet(reads)

    # a game created by another visitor: the lists are read once, for every page
    reads.clear()
    await asyncio.to_thread(port().create_game, {"anarchists": "human"}, creator="another visitor", name="Created",
                            private=False)
    for page in pages:
        await see(page, "Public games (2)")
        await see(page, "Created")
    await _quiet(reads)
    assert reads == {"lists": 2, "totals": 2}, reads  # the running and the finished games, once for all the pages

    # a move in a listed game: read once, and every page shows the game's new state
    reads.clear()
    await asyncio.to_thread(play, session, tokens, 5, 1)
    listed = await asyncio.to_thread(port().list_games, "active")
    reads.clear()  # (the test's own read)
    words = live("lf.pages.lobby")._status_words(next(g for g in listed.games if g.id == session.id))
    for page in pages:
        await wait_for(lambda page=page: _status_of(page, session.id) == words, why="the line shows the move")
    await _quiet(reads)
    assert reads["lists"] <= 2 and reads["totals"] <= 2, reads


async def test_a_lobby_page_updates_live_when_a_game_ends_or_another_process_creates_one(reg, user: User,
                                                                                         create_user) -> None:
    watcher = create_user()
    await watcher.open("/")
    await see(watcher, "Public games (0)")
    new = await asyncio.to_thread(port().create_game, {"anarchists": "human", "communists": "nonplayer",
                                                       "moderates": "nonplayer"},
                                  creator="a host", name="Short one", private=False)
    await see(watcher, "Public games (1)")
    await see(watcher, "Short one")
    # the host ends it (from their own lobby or game page): it moves to the finished games, without a reload
    await asyncio.to_thread(port().host_end, new.id, new.host_token)
    await see(watcher, "Public games (0)")
    await see(watcher, "Finished public games (1)")
    await see(watcher, "Ended by the host")
    # a game created by another lf process on the same database: heard through the bus, not by this process
    other = reg.create_game({"anarchists": "human"}, name="From elsewhere")
    reg.bus._deliver(Change(other.id, 0, "created", origin="another process"))  # noqa: SLF001
    await see(watcher, "Public games (1)")
    await see(watcher, "From elsewhere")


async def test_your_games_stay_each_browsers_own_and_live(reg, user: User, create_user) -> None:
    """The lines are shared; which games a page lists under "Your games" is its browser's own."""
    await user.open("/")
    user.find(marker="play-as-communists").click()
    await wait_for(lambda: user.client.id in live("lf.pages.game").SCREENS, why="the quick game opens")
    game_id = live("lf.pages.game").SCREENS[user.client.id].game_id
    await user.open("/")
    await see(user, "Your games on this device")
    await see(user, "Resume as the Communists")
    stranger = create_user()
    await stranger.open("/")
    await see(stranger, "Quick game as the Communists")  # listed publicly ...
    assert "Your games on this device" not in page_text(stranger)  # ... but not among the stranger's own games
    # the host ends it: both pages follow, the host's under "Your games" too
    await asyncio.to_thread(port().host_end, game_id, _host_token(user, game_id))
    await see(user, "Ended by the host")
    await see(stranger, "Finished public games (1)")
    assert "Your games on this device" in page_text(user)  # still the host's own game
    assert "Your games on this device" not in page_text(stranger)


def _host_token(user: User, game_id: str) -> str | None:
    """The host token the user's browser keeps for the game (its storage, read as its page reads it)."""
    from nicegui import storage

    storage.request_contextvar.set(user.client.request)
    return live("lf.pages.browser_seats").host_token(game_id)
