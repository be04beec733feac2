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
