"""Spectator places: counted while a spectator's page is connected, limited per game and per address.

Why (issue 18): a place was taken when the page was built, so 49 page requests that never opened a socket filled
all 50 places of a game for a minute, and one address could take them all. Now a page request is only checked
(refused with 429 when the game, or the visitor's address, has as many as allowed); the place is taken when the
page's socket connects and given back as soon as it goes (a lost connection, a closed tab). Counted in memory,
per process: spectators are connections to this process.
"""

from __future__ import annotations

import threading
from collections import Counter

from lf.session import LimitReached

from .settings import settings


class Spectators:
    """How many spectators watch each game, and how many places each address holds, in this process."""

    def __init__(self) -> None:
        self._games: Counter[str] = Counter()
        self._visitors: Counter[str] = Counter()
        self._lock = threading.Lock()

    def check(self, game_id: str, visitor: str) -> None:
        """LimitReached, naming the limit, if one more spectator of ``game_id`` from ``visitor`` would be too many."""
        with self._lock:
            self._check(game_id, visitor)

    def _check(self, game_id: str, visitor: str) -> None:
        s = settings()
        if self._games[game_id] >= s.spectators_per_game:
            raise LimitReached(f"This game already has {self._games[game_id]} spectators, the most this server "
                               "allows. Try again later.")
        if self._visitors[visitor] >= s.spectators_per_address:
            raise LimitReached(f"Your address already watches {self._visitors[visitor]} pages of games, the most "
                               f"this server allows ({s.spectators_per_address}). Close one of them first.")

    def enter(self, game_id: str, visitor: str) -> None:
        """Take a place (LimitReached when the game or the address has as many as allowed)."""
        with self._lock:
            self._check(game_id, visitor)
            self._games[game_id] += 1
            self._visitors[visitor] += 1

    def leave(self, game_id: str, visitor: str) -> None:
        with self._lock:
            for counter, key in ((self._games, game_id), (self._visitors, visitor)):
                counter[key] -= 1
                if counter[key] <= 0:
                    del counter[key]

    def clear(self) -> None:
        """Forget every place (a server starting: lf.server.install; the test process starts lf once per test)."""
        with self._lock:
            self._games.clear()
            self._visitors.clear()

    def count(self, game_id: str) -> int:
        with self._lock:
            return self._games[game_id]

    def held_by(self, visitor: str) -> int:
        with self._lock:
            return self._visitors[visitor]


spectators = Spectators()
