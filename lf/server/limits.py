"""The server's limits on games and seats (lf/server/settings.py), each refused with a plain message that names it.

Why: a public server must survive a script that creates (or imports) games in a loop (games per visitor per
hour, live games per server) and a visitor who squats seats (seats per visitor). A visitor is counted per
browser and per address (lf/server/visitors.py): a fresh cookie jar does not start the count over. Games and
seats are counted in the database, so the limits hold across restarts and processes. Spectators, lobby pages and
page requests are limited in lf/server/spectators.py, lf/server/lobby_pages.py and lf/server/page_gate.py.
"""

from __future__ import annotations

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


#: What a refused visitor can do: which seats count, and where one is left.
SEATS_THAT_COUNT = ("Only seats of running games count (a finished or ended game's do not): leave one with "
                    "\"Leave\" in the lobby's \"Your games\", or end a game you host.")


def check_new_seat(held: int, by_address: int = 0) -> None:
    """Refuse a seat beyond the seats-per-visitor limit: ``held`` by this browser, ``by_address`` by its address,
    both counting only the seats of running games."""
    s = settings()
    if held >= s.seats_per_visitor:
        raise LimitReached(f"This browser already holds {held} seats in running games, the most this server allows "
                           f"({s.seats_per_visitor}). {SEATS_THAT_COUNT}")
    if by_address >= s.seats_per_visitor:
        raise LimitReached(f"Browsers at your address already hold {by_address} seats in running games, the most "
                           f"this server allows one visitor ({s.seats_per_visitor}). {SEATS_THAT_COUNT}")
