"""The server's limits (lf/server/settings.py), each refused with a plain message that names it.

Why these four: a public server must survive a script that creates games in a loop (games per visitor per
hour, live games per server), a visitor who squats seats (seats per visitor) and a crowd watching one game
(spectators per game). Games are counted in the database, so the limits hold across restarts and
processes; spectators are counted in memory, per process (they are connections to this process).
"""

from __future__ import annotations

import threading
from collections import Counter
from datetime import timedelta

from lf.session import LimitReached, Registry
from lf.store.models import utcnow

from .settings import settings

#: A game counts as live while it is active and was played in this window.
LIVE_WINDOW = timedelta(hours=24)


def check_new_game(registry: Registry, creator: str) -> None:
    """Refuse a new game beyond the games-per-hour limit of its creator or the server's live games."""
    s = settings()
    made = registry.count_games(creator=creator, since=utcnow() - timedelta(hours=1))
    if made >= s.games_per_hour:
        raise LimitReached(f"You have started {made} games in the last hour, the most this server allows "
                           f"({s.games_per_hour}). Resume one of your games, or try again later.")
    live = registry.count_games("active", since_update=utcnow() - LIVE_WINDOW)
    if live >= s.live_games:
        raise LimitReached(f"This server is running as many games as it can ({s.live_games}). Try again when "
                           "one has finished, or watch one.")


def check_new_seat(held: int) -> None:
    s = settings()
    if held >= s.seats_per_visitor:
        raise LimitReached(f"This browser already holds {held} seats, the most this server allows "
                           f"({s.seats_per_visitor}). Leave a seat of a finished game first.")


class Spectators:
    """How many spectators watch each game in this process."""

    def __init__(self) -> None:
        self._count: Counter[str] = Counter()
        self._lock = threading.Lock()

    def enter(self, game_id: str) -> None:
        """Count one more spectator, or raise LimitReached when the game has as many as allowed."""
        limit = settings().spectators_per_game
        with self._lock:
            if self._count[game_id] >= limit:
                raise LimitReached(f"This game already has {self._count[game_id]} spectators, the most this server "
                                   "allows. Try again later.")
            self._count[game_id] += 1

    def leave(self, game_id: str) -> None:
        with self._lock:
            self._count[game_id] -= 1
            if self._count[game_id] <= 0:
                del self._count[game_id]

    def count(self, game_id: str) -> int:
        with self._lock:
            return self._count[game_id]


spectators = Spectators()
