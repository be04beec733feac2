"""What the lobby shows of a running game, read without ever waiting for the game.

Why: a move waiting for a locked database (a backup, the ``sqlite3`` shell, a second server) holds its game's
lock for as long as the database makes it wait (up to 30 s); the lobby read each listed game under that lock,
so its page was not built within NiceGUI's 3 s and the visitor got HTTP 500 (issue 18). The lobby now asks
for a glance that waits at most ``WAIT_S``; when the game is held, it shows the last glance this process had
of it (the line updates when the move is saved: the lobby hears every change).
"""

from __future__ import annotations

import threading
from typing import Any

from .game_session import GameSession, SeatInfo

#: How long the lobby waits for a game held by a change (a move usually takes a few milliseconds).
WAIT_S = 0.2
_last: dict[str, tuple[dict[str, Any], list[SeatInfo]]] = {}
_lock = threading.Lock()
#: Games remembered at most (the lobby lists a few dozen; a process holds a few hundred).
KEEP = 5_000


def look(session: GameSession) -> tuple[dict[str, Any], list[SeatInfo]] | None:
    """(spectator view, seats) of the game now, or as last seen when a change holds it; None if never seen."""
    seen = session.glance(WAIT_S)
    with _lock:
        if seen is None:
            return _last.get(session.id)
        if len(_last) >= KEEP:
            _last.clear()
        _last[session.id] = seen
    return seen
