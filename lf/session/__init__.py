"""The live session layer between the engine and the pages (see docs/persistence.md).

    from lf.session import default_registry
    reg = default_registry()                       # the database from LF_DB / DATABASE_URL
    game = reg.create_game({"communists": "nonplayer"}, name="Friday", mode="teaching")
    token = game.claim("anarchists", "Ana")        # the browser keeps the token
    v = game.view(token)                           # the Anarchists' view; game.view() for spectators
    res = game.act(token, v["version"], "choose:A03")   # ActResult(ok, code, message, version, view)
    sub = game.subscribe(lambda event: ...)        # told after every accepted change
"""

from .errors import (BadRequest, GameBroken, LimitReached, NotHost, NotSeated, SeatUnavailable, SessionError,
                     StoreUnavailable, UnknownGame)
from .events import SessionEvent, Subscription
from .game_session import MODES, ActResult, GameSession, SeatInfo
from .registry import GameSummary, HostedGame, Registry, default_registry, set_default_registry

__all__ = [
    "MODES",
    "ActResult",
    "BadRequest",
    "GameBroken",
    "GameSession",
    "GameSummary",
    "HostedGame",
    "LimitReached",
    "NotHost",
    "NotSeated",
    "Registry",
    "SeatInfo",
    "SeatUnavailable",
    "SessionError",
    "SessionEvent",
    "StoreUnavailable",
    "Subscription",
    "UnknownGame",
    "default_registry",
    "set_default_registry",
]
