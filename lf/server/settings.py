"""The server's settings, read from the environment once, with defaults that suit a small public server.

Every number is a limit a visitor can meet, so each has a plain name and a documented default
(docs/server.md). A value that is not a whole number stops the server at start with a message naming it,
rather than running with a limit nobody chose.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field


def _int(env: dict[str, str], name: str, default: int, minimum: int = 0) -> int:
    text = env.get(name, "").strip()
    if not text:
        return default
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"{name} must be a whole number, not {text!r}") from None
    if value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, not {value}")
    return value


def _one_of(env: dict[str, str], name: str, default: str, allowed: tuple[str, ...]) -> str:
    text = env.get(name, "").strip().lower() or default
    if text not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(allowed)}, not {text!r}")
    return text


def _names(env: dict[str, str], name: str) -> tuple[str, ...]:
    return tuple(n.strip().lower() for n in env.get(name, "").split(",") if n.strip())


@dataclass(frozen=True)
class Settings:
    #: New games one visitor (one address) may create per hour.
    games_per_hour: int = 20
    #: Games being played (status active) on this server at once; beyond, "Create" and "Play now" wait.
    live_games: int = 200
    #: Seats one browser may hold at once (over all games).
    seats_per_visitor: int = 12
    #: Spectators watching one game at once (players do not count).
    spectators_per_game: int = 50
    #: Spectator pages one visitor address may keep open at once (over all games).
    spectators_per_address: int = 10
    #: Lobby pages one visitor address may keep open (connected) at once; beyond, a plain page says so.
    lobby_pages_per_address: int = 8
    #: Pages one visitor address may ask for per minute (beyond the burst); more are answered 429.
    pages_per_minute: int = 60
    #: Pages one visitor address may ask for at once before the per-minute rate applies.
    page_burst: int = 20
    #: Pages built at once by this process; a request waits up to 2 s for its turn, then is answered 503.
    page_builds: int = 2
    #: Seconds a built page may wait for its socket before it is let go (NiceGUI's own wait is 60 s; a phone on a
    #: slow network may take this long to fetch the page's scripts the first time).
    page_connect_s: int = 30
    #: Seconds a game may sit unused in memory before it is unloaded (reloaded from the database on demand).
    idle_unload_s: int = 900
    #: Days a finished quick game ("Play now", mode demo) is kept before the clean-up deletes it.
    demo_retention_days: int = 7
    #: Days a browser's storage file may go unused before the clean-up deletes it.
    storage_retention_days: int = 30
    #: Seconds between two runs of the clean-up (unloading, retention).
    cleanup_every_s: int = 600
    #: The turn timer's default for public games, in seconds (0: public games have no timer unless asked).
    turn_seconds: int = 0
    #: Host names this server answers to, besides this machine's own addresses (DNS rebinding guard).
    allowed_hosts: tuple[str, ...] = field(default_factory=tuple)
    #: Addresses of reverse proxies whose X-Forwarded-For / X-Forwarded-Proto headers are believed.
    trusted_proxies: tuple[str, ...] = field(default_factory=tuple)
    #: Worker threads for database calls made by pages (a slow database never blocks the event loop).
    db_threads: int = 32
    #: How hard the coach thinks for "Suggest a move" and the teaching table (the computer player's levels).
    coach_level: str = "normal"
    #: The coach's searches ("Suggest a move") one visitor address may have in flight at once (a browser: one).
    suggestions_per_address: int = 3
    #: The coach's searches the whole process may have in flight at once, every visitor together (a teaching
    #: screen holds up to 8): beyond it a press is refused, so the coach's queue stays bounded however many
    #: addresses ask.
    suggestions_in_flight: int = 24

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Settings:
        env = dict(os.environ if env is None else env)
        return cls(
            games_per_hour=_int(env, "LF_GAMES_PER_HOUR", cls.games_per_hour, 1),
            live_games=_int(env, "LF_LIVE_GAMES", cls.live_games, 1),
            seats_per_visitor=_int(env, "LF_SEATS_PER_VISITOR", cls.seats_per_visitor, 1),
            spectators_per_game=_int(env, "LF_SPECTATORS_PER_GAME", cls.spectators_per_game, 0),
            spectators_per_address=_int(env, "LF_SPECTATORS_PER_ADDRESS", cls.spectators_per_address, 0),
            lobby_pages_per_address=_int(env, "LF_LOBBY_PAGES_PER_ADDRESS", cls.lobby_pages_per_address, 1),
            pages_per_minute=_int(env, "LF_PAGES_PER_MINUTE", cls.pages_per_minute, 1),
            page_burst=_int(env, "LF_PAGE_BURST", cls.page_burst, 1),
            page_builds=_int(env, "LF_PAGE_BUILDS", cls.page_builds, 1),
            page_connect_s=_int(env, "LF_PAGE_CONNECT_S", cls.page_connect_s, 3),
            idle_unload_s=_int(env, "LF_IDLE_UNLOAD_S", cls.idle_unload_s, 1),
            demo_retention_days=_int(env, "LF_DEMO_RETENTION_DAYS", cls.demo_retention_days, 0),
            storage_retention_days=_int(env, "LF_STORAGE_RETENTION_DAYS", cls.storage_retention_days, 1),
            cleanup_every_s=_int(env, "LF_CLEANUP_EVERY_S", cls.cleanup_every_s, 1),
            turn_seconds=_int(env, "LF_TURN_SECONDS", cls.turn_seconds, 0),
            allowed_hosts=_names(env, "LF_ALLOWED_HOSTS"),
            trusted_proxies=_names(env, "LF_TRUSTED_PROXIES"),
            db_threads=_int(env, "LF_DB_THREADS", cls.db_threads, 2),
            coach_level=_one_of(env, "LF_COACH_LEVEL", cls.coach_level, ("quick", "normal", "strong")),
            suggestions_per_address=_int(env, "LF_SUGGESTIONS_PER_ADDRESS", cls.suggestions_per_address, 1),
            suggestions_in_flight=_int(env, "LF_SUGGESTIONS_IN_FLIGHT", cls.suggestions_in_flight, 1),
        )


_current: Settings | None = None


def settings() -> Settings:
    """The process's settings (read from the environment on first use)."""
    global _current
    if _current is None:
        _current = Settings.from_env()
    return _current


def set_settings(value: Settings | None) -> None:
    """Replace the settings (tests; None: read the environment again on next use)."""
    global _current
    _current = value
