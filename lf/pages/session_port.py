"""The pages' one door into the session layer (lf.session): everything they need, in their words.

Every function here may touch the database (a game is loaded on first use, a claim commits): pages call
them in a worker thread (``lf.pages.in_thread``), never on the event loop, so a slow or locked database
never freezes a page.

Why an adapter: the session layer was written at the same time as the pages.
Keeping every call in this module means a change of its API touches one file,
and the pages stay free of registry details (loading, errors, summaries). The
port never decides legality: it forwards actions and returns the session's
answer (an ``ActResult``) unchanged.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from lf.engine.constants import FACTIONS, faction_label
from lf.engine.content import STANDARD
from lf.engine.machine import LEVEL
from lf.server import limits
from lf.store.models import utcnow
from lf.server.settings import settings
from lf.session import (
    ActResult,
    BadRequest,
    GameBroken,
    GameSession,
    GameSummary,
    LimitReached,
    NotSeated,
    SeatInfo,
    SessionError,
    SessionEvent,
    StoreUnavailable,
    Subscription,
    UnknownGame,
    default_registry,
    host,
)
from lf.session.presence import PresenceBoard
from lf.session.registry import opened_registry
from lf.session.rematch import rematch as rematch_game
from lf.session.rematch import rematch_id as find_rematch
from lf.session.rematch import host_of_rematch as rematch_host
from lf.session.rematch import seat_in_rematch as rematch_seat
from lf.session import coach_marks, glances
from lf.session.recap import recap as recap_of
from lf.session.replay import SPECTATOR_ONLY, GameReplay

log = logging.getLogger("lf.pages")

__all__ = [
    "SPECTATOR_ONLY", "ActResult", "BadRequest", "GameBroken", "GameList", "GameReplay", "LimitReached", "LobbyGame",
    "NewGame", "NotSeated", "Opening", "SeatInfo", "SeatsInfo", "SessionError", "SessionEvent", "StoreUnavailable",
    "Subscription", "UnknownGame",
    "act", "claim", "create_game", "export", "game", "held_seats", "host_delete", "host_end", "host_of_rematch",
    "host_release", "host_to_nonplayer", "host_to_person", "import_game", "leave", "list_games", "my_games",
    "opening", "recapped", "rematch", "rematch_id", "replay", "running_seats", "seat_in_rematch", "seat_names",
    "seat_of", "seats", "seats_info", "subscribe", "take_back", "undo", "view", "watch_lobby",
]


@dataclass(frozen=True)
class LobbyGame:
    """One line of the lobby: what a visitor needs to choose to join, watch or resume."""

    id: str
    name: str
    mode: str
    status: str
    public: bool = True
    created_at: datetime | None = None
    updated_at: datetime | None = None
    turn_seconds: int | None = None
    year: int = 0
    turn: int = 0
    phase: str = ""
    #: Factions whose decision the game waits for, with the seat's display name.
    waiting: list[tuple[str, str]] = field(default_factory=list)
    seats: list[SeatInfo] = field(default_factory=list)
    result: dict[str, Any] | None = None
    problem: str | None = None
    #: A move holds the game right now and the lobby has not seen it before: its line says so, and updates later.
    busy: bool = False
    #: The Fascists' strength it is played at (an id of its content version's levels; older games: Standard).
    level: str = STANDARD
    content_version: str | None = None

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
        try:
            registry = default_registry()  # opened already by the page's first read (in a worker thread)
        except SessionError:  # the database cannot be reached: the page says so; the next lobby tries again
            registry = None
        if registry is not None and id(registry) not in _elsewhere_followed:
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
    """The live session (raises UnknownGame with a plain message). Loads it from the database: call it in a
    worker thread (``in_thread``), like every function here."""
    return default_registry().get(game_id)


_creating = threading.Lock()


@dataclass(frozen=True)
class NewGame:
    """A game this browser just created or opened from a file: it hosts it (``host_token``); a private game's
    join links carry each seat's own invitation (``invites``, {faction: code})."""

    id: str
    host_token: str
    invites: dict[str, str]
    status: str = "active"


def create_game(seats: dict[str, str], *, creator: str, name: str | None = None, seed: int | None = None,
                mode: str = "standard", private: bool = True, turn_seconds: int | None = None,
                hints: bool = True, level: str | None = None) -> NewGame:
    """Start a game hosted by this browser, within the server's limits (LimitReached says which); ``hints``: the
    seats may ask the coach for a move; ``level``: the Fascists' strength (None: Standard), passed on unchecked:
    the engine refuses a level its content does not offer (BadRequest, nothing made)."""
    reg = default_registry()
    options = None if level is None else {"level": level}
    with _creating:  # the count and the new game together: clicks sent in a burst cannot all pass the check
        limits.check_new_game(reg, creator)
        hosted = reg.host_game(seats, name=name, seed=seed, mode=mode, private=private, turn_seconds=turn_seconds,
                               creator=creator, hints=hints, options=options)
    _lobby_changed()
    return NewGame(hosted.session.id, hosted.host_token, hosted.invites)


@dataclass(frozen=True)
class GameList:
    """One page of a lobby list, and how many games the whole list holds."""

    games: list[LobbyGame]
    total: int


#: How long a running public game waiting on a free seat (never taken, or freed) stays in the public list with no
#: move: then it has waited long enough for a player who is not coming, and only "Your games" lists it.
FREE_SEAT_LISTED_FOR = timedelta(minutes=30)


def list_games(status: str, page: int = 0, per_page: int = 10) -> GameList:
    """The public games in ``status`` ("active" or "finished"), newest first, one page of them (without the games
    stalled on a free seat for ``FREE_SEAT_LISTED_FOR``)."""
    reg = default_registry()
    stalled = utcnow() - FREE_SEAT_LISTED_FOR
    total = reg.count_games(status, public=True, stalled_before=stalled)
    summaries = reg.games(status, limit=per_page, offset=page * per_page, public=True, stalled_before=stalled)
    return GameList([_lobby_line(s) for s in summaries], total)


def my_games(game_ids: list[str]) -> list[LobbyGame]:
    """The games this browser holds a seat in or hosts (from its own records), newest first."""
    if not game_ids:
        return []
    return [_lobby_line(s) for s in default_registry().games(limit=len(game_ids), ids=game_ids)]


def _lobby_line(summary: GameSummary) -> LobbyGame:
    base = dict(id=summary.id, name=summary.name, mode=summary.mode, public=summary.public,
                created_at=summary.created_at, updated_at=summary.updated_at, turn_seconds=summary.turn_seconds)
    try:
        session = game(summary.id)
        seen = glances.look(session)
    except SessionError as exc:
        return LobbyGame(status="broken", problem=summary.status_message or str(exc), **base)
    base.update(level=session.options.get(LEVEL) or STANDARD, content_version=session.content_version)
    if seen is None:  # a move holds the game (its database is slow) and this process never listed it yet
        return LobbyGame(status=summary.status, busy=True, **base)
    v, seats_now = seen
    names = names_of(seats_now)
    waiting = list(dict.fromkeys((w["faction"], names.get(w["faction"], "")) for w in v["waiting"]))
    return LobbyGame(status=session.status, year=v["year"], turn=v["turn"], phase=v["phase"], waiting=waiting,
                     seats=seats_now, result=v["result"], **base)


def default_turn_seconds() -> int:
    """The turn timer the create form proposes for a public game (LF_TURN_SECONDS; 0: none)."""
    return settings().turn_seconds


# -- seats -------------------------------------------------------------------------------------

def seats(game_id: str) -> list[SeatInfo]:
    return game(game_id).seats()


def seat_of(game_id: str, token: str | None) -> str | None:
    """The faction ``token`` holds in the game, or None (wrong, released, or no token)."""
    if not token:
        return None
    return game(game_id).seat_of(token)


def held_seats(game_id: str, tokens: dict[str, str]) -> dict[str, str]:
    """Of ``tokens`` ({faction: token} a browser keeps), those that still hold their seat."""
    session = game(game_id)
    return {f: t for f, t in tokens.items() if session.seat_of(t) == f}


def claim(game_id: str, faction: str, display_name: str | None = None, invite: str | None = None,
          held: int = 0, visitor: str | None = None) -> str:
    """Claim a free human seat; returns the secret token for the browser to keep. ``held``: how many seats
    the browser holds already; ``visitor``: the key of its address (the seats-per-visitor limit counts both)."""
    limits.check_new_seat(held, default_registry().repo.seats_held_by(visitor) if visitor else 0)
    token = game(game_id).claim(faction, display_name, invite, claimed_by=visitor)
    _lobby_changed()
    return token


def running_seats(held: Mapping[str, Mapping[str, str]]) -> int:
    """How many of a browser's seats ({game id: {faction: token}}) are in running games: only those count toward
    the seats-per-visitor limit, as they do for its address (Repository.seats_held_by)."""
    if not held:
        return 0
    running = {g.id for g in default_registry().games("active", limit=len(held), ids=list(held))}
    return sum(len(seats) for game_id, seats in held.items() if game_id in running)


def leave(game_id: str, token: str) -> str:
    faction = game(game_id).leave(token)
    _lobby_changed()
    return faction


def take_back(game_id: str, token: str) -> str:
    """The seat's person takes it back from the Non-player standing in for them."""
    session = game(game_id)
    faction = session.seat_of(token) or ""
    out = session.take_back(token, f"The {faction_label(faction)}' player is back and plays again")
    _lobby_changed()
    return out


def player_name(seat: SeatInfo) -> str:
    """The name a player gave, or "" for one who gave none (the seat then keeps its faction's name: showing it
    again beside the faction read "Anarchists: Anarchists")."""
    return "" if seat.display_name == faction_label(seat.faction) else seat.display_name


def seat_names(game_id: str) -> dict[str, str]:
    """A label per faction: the player's name ("" if they gave none), "Non-player", "Computer (level)", or
    "free seat"."""
    return names_of(seats(game_id))


def names_of(seat_list: list[SeatInfo]) -> dict[str, str]:
    out = {}
    for s in seat_list:
        if s.kind == "nonplayer":
            who = player_name(s) or "its player"
            out[s.faction] = f"Non-player (for {who})" if s.claimed else "Non-player"
        elif s.kind == "computer":  # "Computer (Normal)" from the start, "Computer (for Ana)" handed over
            out[s.faction] = f"Computer (for {player_name(s) or 'its player'})" if s.claimed else s.display_name
        else:
            out[s.faction] = player_name(s) if s.claimed else "free seat"
    return {f: out.get(f, faction_label(f)) for f in FACTIONS}


@dataclass(frozen=True)
class SeatsInfo:
    """What the Seats dialog shows: the seats, whether this browser hosts, each seat's invitation (private games)."""

    name: str
    status: str
    seats: list[SeatInfo]
    is_host: bool
    invites: dict[str, str]
    public: bool
    turn_seconds: int | None


def seats_info(game_id: str, host_token: str | None) -> SeatsInfo:
    """The Seats dialog's content; a private game's invitations only for its host (an invitation is one seat's:
    a seated player who saw the others' could take them too)."""
    session = game(game_id)
    is_host = session.is_host(host_token)
    return SeatsInfo(session.name, session.status, session.seats(), is_host,
                     session.seat_invites() if is_host else {}, session.public, session.turn_seconds)


# -- the host's tools (lf/session/host.py checks the host token) --------------------------------

def host_release(game_id: str, host_token: str | None, faction: str) -> str:
    out = host.release_seat(game(game_id), host_token, faction)
    _lobby_changed()
    return out


def host_to_nonplayer(game_id: str, host_token: str | None, faction: str) -> int:
    return host.to_nonplayer(game(game_id), host_token, faction)


def host_to_computer(game_id: str, host_token: str | None, faction: str) -> int:
    return host.to_computer(game(game_id), host_token, faction)


def host_to_person(game_id: str, host_token: str | None, faction: str) -> int:
    return host.to_person(game(game_id), host_token, faction)


def host_end(game_id: str, host_token: str | None) -> int:
    out = host.end_game(game(game_id), host_token)
    _lobby_changed()
    return out


def host_delete(game_id: str, host_token: str | None) -> None:
    host.delete_game(default_registry(), game(game_id), host_token)
    _lobby_changed()


# -- a page's first look at a game --------------------------------------------------------------

@dataclass(frozen=True)
class Opening:
    """What a game page needs before it draws: the game's name and mode, the seat's view, the seat names."""

    name: str
    mode: str
    view: dict[str, Any]
    names: dict[str, str]
    turn_seconds: int | None = None
    #: Whether the seats may ask the coach for a move (the host's "hints allowed").
    hints: bool = True


def opening(game_id: str, token: str | None) -> Opening:
    session = game(game_id)
    return Opening(session.name, session.mode, recapped(game_id, session.view(token)), seat_names(game_id),
                   session.turn_seconds, session.hints)


# -- playing -----------------------------------------------------------------------------------

def view(game_id: str, token: str | None) -> dict[str, Any]:
    """The seat's view (the spectator view when ``token`` is None)."""
    return game(game_id).view(token)


def recapped(game_id: str, view: dict[str, Any]) -> dict[str, Any]:
    """``view`` with its recap ("while you waited", lf.session.recap) under ``"recap"``: a new dict, the view
    itself is shared and read-only."""
    return {**view, "recap": recap_of(game(game_id), view)}


def act(game_id: str, token: str, version: int, action: dict[str, Any] | str, faction: str | None = None) -> ActResult:
    return game(game_id).act(token, version, action, faction)


def undo(game_id: str, token: str, version: int) -> ActResult:
    return game(game_id).undo(token, version)


def subscribe(game_id: str, callback: Callable[[SessionEvent], Any], loop: Any = None) -> Subscription:
    return game(game_id).subscribe(callback, loop)


def presence_board() -> PresenceBoard:
    """Who is at the table (lf.session.presence). Its calls are quick: a page makes them on its event loop (the
    registry is open by then, the page having read its game)."""
    return default_registry().presence


# -- teaching games (issue 7) ------------------------------------------------------------------

def teaching_undo(game_id: str, token: str, version: int) -> ActResult:
    """Free undo: the last human step, whoever took it (teaching games only)."""
    return game(game_id).teaching_undo(token, version)


def teaching_redo(game_id: str, token: str, version: int) -> ActResult:
    return game(game_id).teaching_redo(token, version)


def mark_coach(game_id: str, token: str, faction: str, step: str, matched: bool) -> None:
    """A teaching table's move compared with the coach's (lf/session/coach_marks.py): kept with the game."""
    coach_marks.mark(game(game_id), token, faction, step, matched)


def coach_marks_of(game_id: str) -> dict[str, dict[str, bool]]:
    """{faction: {position: matched}} of a teaching game's compared moves."""
    return coach_marks.marks(game(game_id))


def can_redo(game_id: str) -> bool:
    return game(game_id).can_redo


def previews(game_id: str, token: str) -> dict[str, str]:
    """What each option of the seat's decision would do (action key -> words), public facts only."""
    return game(game_id).previews(token)


def thinking_here(game_id: str) -> dict[str, float] | None:
    """{faction: share done} of the computer's search for ``game_id`` in this process, None when this process
    thinks nothing for it. Safe on the event loop: no database, no game lock, no registry lock."""
    registry = opened_registry()
    session = registry.peek(game_id) if registry is not None else None
    return (session.thinking() or None) if session is not None else None


def clustered() -> bool:
    """Other lf processes share this one's database (one of them may think for a game this one shows)."""
    registry = opened_registry()
    return registry is not None and registry.clustered


def thinking_elsewhere(game_id: str) -> dict[str, float]:
    """{faction: share done} that another lf process thinking for ``game_id`` recorded with its claim ({} alone on
    the database, or when nobody thinks). One read of the database: call it in a worker thread."""
    registry = opened_registry()
    if registry is None or not registry.clustered:
        return {}
    return registry.claims.share_elsewhere(game_id)


def seat_position(game_id: str, token: str) -> tuple[Any, dict[str, Any]]:
    """A copy of the game's state and the seat's view, for the coach to think for that seat (lf/pages/coach.py).
    The state stays on the server: only the coach's words, computed from the view, reach a page."""
    return game(game_id).seat_position(token)


def history(game_id: str) -> list[Any]:
    """The "what happened" frames since the previous turn began (public view)."""
    return game(game_id).history()


# -- history: replays, game files, rematches (issue 12) -----------------------------------------

EXPORT_WHILE_RUNNING = ("The game file can be downloaded once the game is over: it holds the game's seed, from "
                        "which every hand and every deck could be read.")


def replay(game_id: str) -> GameReplay:
    """A page's own replay of the game (spectator's view only while it runs). Raises UnknownGame, GameBroken."""
    return GameReplay(game(game_id))


def export(game_id: str) -> dict[str, Any]:
    """The game file (lf.session.exports) of a finished game; BadRequest while it runs (see EXPORT_WHILE_RUNNING)."""
    if game(game_id).status != "finished":
        raise BadRequest(EXPORT_WHILE_RUNNING)
    return default_registry().export_game(game_id)


def import_game(data: bytes | str, *, creator: str, private: bool = True) -> NewGame:
    """Store a game file as a new game hosted by this browser (seats free; private unless ``private`` is False),
    within the server's limits like a created game. BadRequest, naming what is wrong, and nothing stored if it
    is not an lf game file or does not replay; LimitReached beyond the limits."""
    reg = default_registry()
    with _creating:  # a visitor over the limit is refused before the file is read
        limits.check_new_game(reg, creator)
    try:
        prepared = reg.prepare_import(data)  # the replay: the slow part, outside the lock
        with _creating:
            limits.check_new_game(reg, creator)
            hosted = reg.host_import(prepared, private=private, creator=creator)
    except SessionError:
        raise
    except Exception as exc:  # never a silent failure: the visitor reads a sentence, the log keeps the cause
        log.exception("opening a game file failed")
        raise BadRequest(f"this file could not be opened: the server failed on it ({type(exc).__name__}); nothing "
                         "was stored") from exc
    _lobby_changed()
    return NewGame(hosted.session.id, hosted.host_token, hosted.invites, hosted.session.status)


def rematch(game_id: str, held: list[str], host_token: str | None, *, creator: str) -> str:
    """The rematch of a finished game (made by the first press; every later press gets the same game), for a
    browser holding a seat in it (``held``: its seat tokens) or hosting it. A new game like a created one: made
    for ``creator`` (the visitor's key) within the server's limits (LimitReached says which, nothing made)."""
    reg = default_registry()
    with _creating:  # the count and the new game together, as for a created game
        new = rematch_game(reg, game_id, held, host_token, creator=creator,
                           check=lambda: limits.check_new_game(reg, creator))
    _lobby_changed()
    return new.id


def rematch_id(game_id: str) -> str | None:
    return find_rematch(default_registry(), game_id)


def seat_in_rematch(game_id: str, held: dict[str, dict[str, str]]) -> dict[str, str]:
    """{faction: token} of the seats a browser holds in the rematch ``game_id`` through the game it replays."""
    return rematch_seat(default_registry(), game_id, held)


def host_of_rematch(game_id: str, hosted: dict[str, str]) -> str | None:
    """The browser's host token for the game the rematch ``game_id`` replays, if it hosts the rematch too."""
    return rematch_host(default_registry(), game_id, hosted)
