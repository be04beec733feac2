"""Errors the session layer raises: each message is a plain sentence a page can show as is.

``act`` and ``undo`` never raise for anything a browser can send (they answer
with an ActResult); these are for the lobby operations (create, claim, leave,
view, import) and for looking up a game.
"""

from __future__ import annotations


class SessionError(Exception):
    """A refused request; nothing was changed. ``str(error)`` is meant for the player."""


class UnknownGame(SessionError):
    """No game has this id."""


class BadRequest(SessionError):
    """The request itself is invalid (an unknown faction or mode, a bad seed, a bad export...)."""


class SeatUnavailable(SessionError):
    """The seat cannot be claimed: it is taken, it is a Non-player's, or it does not exist."""


class NotSeated(SessionError):
    """The token does not hold a seat in this game (wrong, or the seat was released)."""


class GameBroken(SessionError):
    """The game's stored log no longer replays under the current rules; ``reason`` says where."""

    def __init__(self, game_id: str, reason: str) -> None:
        super().__init__(f"game {game_id} cannot be played: {reason}")
        self.game_id = game_id
        self.reason = reason


class StoreUnavailable(SessionError):
    """The database could not be reached or refused a write; the game in memory was not changed."""


class NotHost(SessionError):
    """The request needs the game's host rights, and this browser does not hold them."""


class LimitReached(SessionError):
    """A server limit (games per hour, live games, seats, spectators) refuses the request; the message says which."""


def plain_database_error(exc: BaseException) -> str:
    """What went wrong with the database, in words a player can read: never a traceback, a query or a
    connection string (which may hold a password)."""
    text = str(getattr(exc, "orig", None) or exc).lower()
    if "disk is full" in text or "no space left" in text or "disk full" in text or "could not extend" in text:
        return "the disk the database is on is full, so nothing can be saved"
    if "locked" in text or "busy" in text:
        return "the database is busy (another program holds a lock on it)"
    if "not a database" in text or "malformed" in text or "corrupt" in text or "disk image" in text:
        return "the database file is damaged or is not a database"
    if "readonly" in text or "read-only" in text or "read only" in text:
        return "the database is read-only, so nothing can be saved"
    if "disk i/o error" in text:  # SQLite's words for a failed write: a disk error, or the file-size limit
        return "the database file could not be written (a disk error, or a limit on the file's size), so nothing " \
               "can be saved"
    if "unable to open" in text or "permission" in text:
        return "the database file cannot be opened for writing"
    if "connect" in text or "connection" in text or "server closed" in text:
        return "the database server cannot be reached"
    return f"the database failed ({type(exc).__name__})"
