"""The pages' one door into the session layer (lf.session): everything they need, in their words.

Why an adapter: the session layer was written at the same time as the pages.
Keeping every call in this module means a change of its API touches one file,
and the pages stay free of registry details (loading, errors, summaries). The
port never decides legality: it forwards actions and returns the session's
answer (an ``ActResult``) unchanged.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from lf.engine.constants import FACTIONS, faction_label
from lf.session import (
    ActResult,
    GameSession,
    SeatInfo,
    SessionError,
    SessionEvent,
    Subscription,
    default_registry,
)

log = logging.getLogger("lf.pages")

__all__ = [
    "ActResult", "LobbyGame", "SeatInfo", "SessionError", "SessionEvent", "Subscription",
    "act", "claim", "create_game", "game", "leave", "list_games", "seats", "seat_of", "subscribe",
    "undo", "view", "watch_lobby",
]


@dataclass(frozen=True)
class LobbyGame:
    """One line of the lobby: what a visitor needs to choose to join, watch or resume."""

    id: str
    name: str
    mode: str
    status: str
    year: int = 0
    turn: int = 0
    phase: str = ""
    #: Factions whose decision the game waits for, with the seat's display name.
    waiting: list[tuple[str, str]] = field(default_factory=list)
    seats: list[SeatInfo] = field(default_factory=list)
    result: dict[str, Any] | None = None
    problem: str | None = None

    @property
    def free_seats(self) -> list[str]:
        return [s.faction for s in self.seats if s.kind == "human" and not s.claimed]


# -- lobby listeners: the lobby re-draws its lists when a game is created or a seat changes ------

_listeners: list[Callable[[], None]] = []
_listeners_lock = threading.Lock()


_elsewhere_followed: set[int] = set()


def watch_lobby(callback: Callable[[], None]) -> Callable[[], None]:
    """Call ``callback()`` when the list of games may have changed (here or in another process: see
    lf.session.bus); returns the function that stops it."""
    with _listeners_lock:
        _listeners.append(callback)
        registry = default_registry()
        if id(registry) not in _elsewhere_followed:
            _elsewhere_followed.add(id(registry))
            registry.watch_elsewhere(lambda _change: _lobby_changed())

    def stop() -> None:
        with _listeners_lock:
            if callback in _listeners:
                _listeners.remove(callback)

    return stop


def _lobby_changed() -> None:
    for cb in list(_listeners):
        try:
            cb()
        except Exception as exc:  # a closed page must never stop a game from being created: drop it
            log.warning("dropping a lobby listener that failed: %r", exc)
            with _listeners_lock:
                if cb in _listeners:
                    _listeners.remove(cb)


# -- games -------------------------------------------------------------------------------------

def game(game_id: str) -> GameSession:
    """The live session (raises UnknownGame with a plain message)."""
    return default_registry().get(game_id)


def create_game(seats: dict[str, str], *, name: str | None = None, seed: int | None = None,
                mode: str = "standard") -> str:
    """Start a game; ``seats`` maps each faction to "human" or "nonplayer". Returns its id."""
    session = default_registry().create_game(seats, name=name, seed=seed, mode=mode)
    _lobby_changed()
    return session.id


def list_games(limit: int = 30) -> tuple[list[LobbyGame], list[LobbyGame]]:
    """(running, finished) games, most recent first, each with Year, turn and whose move."""
    reg = default_registry()
    running: list[LobbyGame] = []
    finished: list[LobbyGame] = []
    for summary in reg.games(limit=limit):
        line = _lobby_line(summary.id, summary.name, summary.mode, summary.status, summary.status_message)
        (finished if line.status == "finished" else running).append(line)
    return running, finished


def _lobby_line(game_id: str, name: str, mode: str, status: str, problem: str | None) -> LobbyGame:
    try:
        session = game(game_id)
        v = session.view()
        names = seat_names(game_id)
        waiting = list(dict.fromkeys((w["faction"], names.get(w["faction"], "")) for w in v["waiting"]))
        return LobbyGame(game_id, name, mode, session.status, v["year"], v["turn"], v["phase"], waiting,
                         session.seats(), v["result"])
    except SessionError as exc:
        return LobbyGame(game_id, name, mode, "broken", problem=problem or str(exc))


# -- seats -------------------------------------------------------------------------------------

def seats(game_id: str) -> list[SeatInfo]:
    return game(game_id).seats()


def seat_of(game_id: str, token: str | None) -> str | None:
    """The faction ``token`` holds in the game, or None (wrong, released, or no token)."""
    if not token:
        return None
    return game(game_id).seat_of(token)


def claim(game_id: str, faction: str, display_name: str | None = None) -> str:
    """Claim a free human seat; returns the secret token for the browser to keep."""
    token = game(game_id).claim(faction, display_name)
    _lobby_changed()
    return token


def leave(game_id: str, token: str) -> str:
    faction = game(game_id).leave(token)
    _lobby_changed()
    return faction


def seat_names(game_id: str) -> dict[str, str]:
    """A label per faction: the player's name, "Non-player", or "free seat"."""
    out = {}
    for s in seats(game_id):
        if s.kind == "nonplayer":
            out[s.faction] = "Non-player"
        else:
            out[s.faction] = s.display_name if s.claimed else "free seat"
    return {f: out.get(f, faction_label(f)) for f in FACTIONS}


# -- playing -----------------------------------------------------------------------------------

def view(game_id: str, token: str | None) -> dict[str, Any]:
    """The seat's view (the spectator view when ``token`` is None)."""
    return game(game_id).view(token)


def act(game_id: str, token: str, version: int, action: dict[str, Any] | str, faction: str | None = None) -> ActResult:
    return game(game_id).act(token, version, action, faction)


def undo(game_id: str, token: str, version: int) -> ActResult:
    return game(game_id).undo(token, version)


def subscribe(game_id: str, callback: Callable[[SessionEvent], Any], loop: Any = None) -> Subscription:
    return game(game_id).subscribe(callback, loop)


# -- teaching games (issue 7) ------------------------------------------------------------------

def teaching_undo(game_id: str, token: str, version: int) -> ActResult:
    """Free undo: the last human step, whoever took it (teaching games only)."""
    return game(game_id).teaching_undo(token, version)


def teaching_redo(game_id: str, token: str, version: int) -> ActResult:
    return game(game_id).teaching_redo(token, version)


def can_redo(game_id: str) -> bool:
    return game(game_id).can_redo


def previews(game_id: str, token: str) -> dict[str, str]:
    """What each option of the seat's decision would do (action key -> words), public facts only."""
    return game(game_id).previews(token)


def history(game_id: str) -> list[Any]:
    """The "what happened" frames since the previous turn began (public view)."""
    return game(game_id).history()
