"""The per-process map of live games: create, look up (loading from the database), import, export.

A page never builds a GameSession itself: it asks the registry, which loads
the game on first use (after a restart too) and keeps one session per game,
so every page of a game shares one state, one lock and one subscriber list.
A game that fails to load is kept as a ``broken`` session with its reason;
it never affects the other games.
"""

from __future__ import annotations

import json
import logging
import re
import secrets
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from lf.engine import new_game
from lf.engine.computers import LEVELS, OPTION as COMPUTERS, arg_level, computer_seats, level_label
from lf.engine.constants import FACTIONS
from lf.engine.game import ENGINE_VERSION
from lf.store import Repository, SchemaError, StoreError, open_repository
from lf.store.claims import ClaimStore
from lf.store.models import MAX_SEED, GameRow, SeatRow, seed_columns, utcnow

from . import game_file, invites
from .bus import Change, LocalBus, bus_for
from .claims import Claims
from .computers import FAILED_STEP
from .computers import movers as computer_movers
from .errors import BadRequest, SessionError, StoreUnavailable, UnknownGame, plain_database_error
from .events import SessionEvent
from .exports import ReplayReport, export_document, import_rows, replay_document
from .game_session import MODES, GameSession, clean_name, label
from .presence import HERE, RECONNECTING, PresenceBoard
from .tokens import new_token, token_hash

log = logging.getLogger("lf.session")

GAME_ID = re.compile(r"[0-9a-f]{12}")


@dataclass(frozen=True)
class GameSummary:
    """A lobby line, read from the games table without loading the game."""

    id: str
    name: str
    mode: str
    status: str
    status_message: str | None
    version: int
    seats: dict[str, str]
    created_at: datetime
    updated_at: datetime
    public: bool = True
    turn_seconds: int | None = None


@dataclass(frozen=True)
class PreparedImport:
    """A game file checked and replayed, not stored yet (the replay is the slow part: no lock is held for it)."""

    doc: dict[str, Any]
    report: ReplayReport


@dataclass(frozen=True)
class HostedGame:
    """A game just created with a host: the host token is given once, to its creator; a private game's
    invitations ({faction: code}, one per seat; empty for a public game) are the host's join links."""

    session: GameSession
    host_token: str
    invites: dict[str, str]


@dataclass
class _Loading:
    """A game being loaded from the database: callers of the same game wait on ``lock``; ``deleted`` is set when
    the game is deleted meanwhile, so the load is dropped instead of bringing a deleted game back to life."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    deleted: bool = False


class Registry:
    """All live games of this process, over one Repository. Thread-safe."""

    def __init__(self, repo: Repository, bus: LocalBus | None = None) -> None:
        self.repo = repo
        self._sessions: dict[str, GameSession] = {}
        #: When each loaded game was last asked for (time.monotonic()): lf/session/unload.py unloads idle ones.
        self.last_used: dict[str, float] = {}
        self._lock = threading.Lock()
        #: The games being loaded now (``get``), each with the lock its other callers wait on.
        self._loading: dict[str, _Loading] = {}
        self._watchers: list[Callable[[Change], None]] = []
        self.bus = bus if bus is not None else bus_for(repo.engine)
        #: Which process thinks each computer's decision (lf/session/claims.py).
        self.claims = Claims(ClaimStore(repo.engine), computer_movers.submit)
        self.bus.listen(self._elsewhere, self._resync)
        #: Who is at the table (lf/session/presence.py); told to the other processes when there are some.
        self.presence = PresenceBoard(publish=None if type(self.bus) is LocalBus else self._publish_presence)

    @classmethod
    def open(cls, url: str | None = None) -> Registry:
        """A registry over ``url`` (default: DATABASE_URL, else the LF_DB SQLite file), schema upgraded."""
        return cls(open_repository(url))

    def close(self) -> None:
        self.presence.close()
        self.bus.close()
        with self._lock:
            sessions = list(self._sessions.values())
            self._sessions.clear()
        for session in sessions:
            session.let_go()  # no computer's move lands after the database is let go of
        self.claims.close()  # its claims given back: another process thinks at once
        self.repo.engine.dispose()

    # -- other processes (bus.py) ------------------------------------------------------------

    def watch_elsewhere(self, callback: Callable[[Change], None]) -> Callable[[], None]:
        """``callback(change)`` after a game was created, deleted or had a seat changed by another process."""
        self._watchers.append(callback)
        return lambda: self._watchers.remove(callback) if callback in self._watchers else None

    def _publish(self, event: SessionEvent) -> None:
        # a rematch names the new game (its pages on every process follow it); other notes stay here
        self.bus.publish(Change(event.game_id, event.version, event.kind,
                                note=event.note if event.kind == "rematch" else None))

    def _publish_presence(self, game_id: str, note: str) -> None:
        self.bus.publish(Change(game_id, 0, "presence", note=note))

    def _elsewhere(self, change: Change) -> None:
        if change.kind == "presence":  # who is at the table: not a change of the game
            self.presence.received(change.game_id, change.origin, change.note)
            return
        with self._lock:
            session = self._forget(change.game_id) if change.kind == "deleted" else \
                self._sessions.get(change.game_id)
        if session is not None and change.kind != "deleted":
            session.changed_elsewhere(change.version, change.kind, change.note)
        if change.kind in ("created", "deleted", "seat"):
            for callback in list(self._watchers):
                callback(change)

    def _resync(self) -> None:
        self.presence.forget_remote()
        with self._lock:
            sessions = list(self._sessions.values())
        for session in sessions:
            session.changed_elsewhere(session.version, "status")
        for callback in list(self._watchers):
            callback(Change("", 0, "created"))

    # -- games -----------------------------------------------------------------------------

    def create_game(self, seats: Mapping[str, str] | None = None, *, name: str | None = None,
                    mode: str = "standard", seed: int | None = None, options: Mapping[str, Any] | None = None,
                    names: Mapping[str, str] | None = None) -> GameSession:
        """Start a public game without a host. ``seats`` maps factions to "human", "nonplayer" or the computer at
        a level, "computer:quick", "computer:normal" or "computer:strong" (missing: human).

        ``names`` gives display names for seats (claims can set them too); ``seed`` defaults to a
        random one. Non-player seats take their first steps before this returns.
        """
        return self._create(seats, name=name, mode=mode, seed=seed, options=options, names=names)

    def host_game(self, seats: Mapping[str, str] | None = None, *, private: bool = True,
                  turn_seconds: int | None = None, creator: str | None = None, **kwargs: Any) -> HostedGame:
        """Start a game whose creator is its host (see ``create_game`` for the other arguments).

        A private game's seats are taken with its invite code (in the join links); a public game's by
        anyone, and it may have a turn timer (``turn_seconds``). ``creator`` is the visitor's key, kept
        for the games-per-hour limit.
        """
        if turn_seconds is not None and (type(turn_seconds) is not int or turn_seconds < 10):
            raise BadRequest("a turn timer is a whole number of seconds, at least 10")
        host_token = new_token()
        invite = invites.new_code() if private else None
        session = self._create(seats, host_hash=token_hash(host_token), invite_code=invite,
                               turn_seconds=None if private else turn_seconds, creator=creator, **kwargs)
        return HostedGame(session, host_token, session.seat_invites())

    def _create(self, seats: Mapping[str, str] | None = None, **kwargs: Any) -> GameSession:
        row, seat_rows = new_game_rows(seats, **kwargs)
        self._store(lambda: self.repo.create_game(row, seat_rows))
        session = self.get(row.id)
        self.bus.publish(Change(row.id, session.version, "created"))
        return session

    def resume_computers(self) -> int:
        """Load the running games with a seat the computer plays, so a decision of theirs left open by a restart
        (or a killed process) is thought again now, not when someone opens the game. Returns how many.

        Also the games marked broken because a computer's step failed (an lf before issue 27 did so when its
        thinking process died three times): their log is whole (the failed step was never stored), so loading
        them rebuilds them and stores them running again, and the decision is thought again (a failure that
        persists marks the game broken again)."""
        self.claims.clear_earlier_runs()  # this node's claims from before a restart: its games go on at once
        ids = self._store(lambda: self.repo.games_with_seat("computer")
                          + self.repo.games_with_seat("computer", "broken", message_has=FAILED_STEP))
        for game_id in ids:
            try:
                self.get(game_id)
            except SessionError:
                log.exception("game %s: could not be loaded to let its computer play", game_id)
        return len(ids)

    def get(self, game_id: str) -> GameSession:
        """The live session of ``game_id``, loaded from the database on first use. Raises UnknownGame.

        The load (a database read and a replay check) runs outside the registry's lock, under a lock of its own
        game: a slow load delays only the pages of that game, never another game's first open or the lobby."""
        if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
            raise UnknownGame(f"there is no game {game_id!r}")
        with self._lock:
            if (session := self._touch(game_id)) is not None:
                return session
            loading = self._loading.setdefault(game_id, _Loading())
        with loading.lock:
            with self._lock:
                if (session := self._touch(game_id)) is not None:
                    return session
            try:
                session = self._store(lambda: GameSession.load(self.repo, game_id, self.claims,
                                                                       self.someone_here))
            except BaseException:
                with self._lock:
                    self._loaded(game_id, loading)
                raise
            session.publish = self._publish  # every change made here is told to the other processes
            with self._lock:
                self._loaded(game_id, loading)
                if not loading.deleted:
                    self._sessions[game_id] = session
                    self.last_used[game_id] = time.monotonic()
                    return session
            session.let_go()
            raise UnknownGame(f"there is no game {game_id!r}")

    def someone_here(self, game_id: str) -> bool:
        """Whether a person holding a seat of ``game_id`` has a page of it connected (or reconnecting) now."""
        return any(p.state in (HERE, RECONNECTING) for p in self.presence.seats(game_id).values())

    def _touch(self, game_id: str) -> GameSession | None:
        """The loaded session, marked as just used (hold the lock)."""
        session = self._sessions.get(game_id)
        if session is not None:
            self.last_used[game_id] = time.monotonic()
        return session

    def _loaded(self, game_id: str, loading: _Loading) -> None:
        """The load is over: later callers look in the sessions again (hold the lock)."""
        if self._loading.get(game_id) is loading:
            del self._loading[game_id]

    def _forget(self, game_id: str) -> GameSession | None:
        """Unload a deleted game, and tell a load under way that its game is gone (hold the lock)."""
        if (loading := self._loading.get(game_id)) is not None:
            loading.deleted = True
        self.last_used.pop(game_id, None)
        return self._sessions.pop(game_id, None)

    def games(self, status: str | None = None, limit: int = 100, *, offset: int = 0, public: bool | None = None,
              ids: list[str] | None = None, stalled_before: datetime | None = None) -> list[GameSummary]:
        """The most recently played games (optionally only ``active``, ``finished`` or ``broken`` ones, only
        public or private ones, only those ``ids``, without those stalled on a free seat since ``stalled_before``);
        a row that cannot be read is logged and left out."""
        rows = self._store(lambda: self.repo.list_games(status, limit, offset=offset, public=public, ids=ids,
                                                        stalled_before=stalled_before))
        return [GameSummary(r.id, r.name, r.mode, r.status, r.status_message, r.version, _loads_seats(r.seats),
                            r.created_at, r.updated_at, r.invite_code is None, r.turn_seconds) for r in rows]

    def count_games(self, status: str | None = None, **kwargs: Any) -> int:
        """How many games match (``public``, ``since``, ``creator``: see Repository.count_games)."""
        return self._store(lambda: self.repo.count_games(status, **kwargs))

    def peek(self, game_id: str) -> GameSession | None:
        """The session of ``game_id`` if it is in memory, without waiting for the registry's lock (which a load
        holds): for a figure read on the event loop."""
        return self._sessions.get(game_id)

    @property
    def clustered(self) -> bool:
        """Other lf processes share the database (their changes and claims concern this one)."""
        return type(self.bus) is not LocalBus

    @property
    def loaded(self) -> dict[str, GameSession]:
        """The sessions in memory now (a copy), by game id."""
        with self._lock:
            return dict(self._sessions)

    def delete_game(self, game_id: str) -> None:
        with self._lock:
            gone = self._forget(game_id)
            if gone is not None:
                gone.let_go()
            if not self._store(lambda: self.repo.delete_game(game_id)):
                raise UnknownGame(f"there is no game {game_id!r}")
        self.bus.publish(Change(game_id, 0, "deleted"))

    def evict(self, game_id: str, only_if_unwatched: bool = False) -> bool:
        """Forget the in-memory session (its subscribers too); the next ``get`` reloads it from the database.

        With ``only_if_unwatched``, a session that still has subscribers (an open page), or whose computer is
        thinking or waiting for another process's claim (to take over if it dies), is kept. Returns whether it was
        unloaded.
        """
        with self._lock:
            session = self._sessions.get(game_id)
            watched = session is not None and (session.subscriber_count or session.thinking()
                                               or session.computer_waits())
            if session is None or (only_if_unwatched and watched):
                return False
            del self._sessions[game_id]
            self.last_used.pop(game_id, None)
        session.let_go()
        return True

    # -- export and import -----------------------------------------------------------------

    def export_game(self, game_id: str) -> dict[str, Any]:
        """The game as one JSON-ready document (no seat secrets); see exports.py."""
        return self._store(lambda: export_document(self.get(game_id)))

    def import_game(self, document: Mapping[str, Any] | str | bytes) -> GameSession:
        """Store an export as a new public game without a host (new id, seats unclaimed) after checking and
        replaying it: for tools and tests. The pages import with ``prepare_import`` and ``host_import``."""
        return self._store_import(self.prepare_import(document), {})

    def prepare_import(self, document: Mapping[str, Any] | str | bytes) -> PreparedImport:
        """Check a game file (lf/session/game_file.py) and replay it; nothing is stored. BadRequest says what is
        wrong, in one sentence."""
        doc = game_file.parse(document) if isinstance(document, (str, bytes)) else dict(document)
        report = replay_document(doc)
        if not report.ok:
            raise BadRequest(f"the export cannot be imported: {report.error}")
        assert report.state is not None
        game_file.check_claims(doc["game"], report.state)
        return PreparedImport(doc, report)

    def host_import(self, prepared: PreparedImport, *, private: bool = True, creator: str | None = None) -> HostedGame:
        """Store a prepared file as a new game hosted by its importer: private (an invitation per seat) unless
        ``private`` is False, counted for ``creator`` (the visitor's key) like a created game."""
        host_token = new_token()
        session = self._store_import(prepared, {"host_hash": token_hash(host_token), "creator": creator,
                                                "invite_code": invites.new_code() if private else None})
        return HostedGame(session, host_token, session.seat_invites())

    def _store_import(self, prepared: PreparedImport, columns: dict[str, Any]) -> GameSession:
        game_id = secrets.token_hex(6)
        row, seats, rows, snapshot = import_rows(prepared.doc, game_id, prepared.report)
        for name, value in columns.items():
            setattr(row, name, value)
        codes = invites.seat_codes([s.faction for s in seats], private=row.invite_code is not None)
        for seat in seats:
            seat.invite_code = codes[seat.faction]
        self._store(lambda: self.repo.create_game(row, seats, rows, snapshot))
        session = self.get(game_id)
        self.bus.publish(Change(game_id, session.version, "created"))
        return session

    def _store(self, call: Any) -> Any:
        """Run a database call; turn a database failure into StoreUnavailable with a plain message."""
        try:
            return call()
        except SessionError:
            raise
        except (SQLAlchemyError, StoreError) as exc:
            log.exception("database failure")
            raise StoreUnavailable(f"{plain_database_error(exc)}; nothing was changed") from exc


def new_game_rows(seats: Mapping[str, str] | None = None, *, name: str | None = None, mode: str = "standard",
                  seed: int | None = None, options: Mapping[str, Any] | None = None,
                  names: Mapping[str, str] | None = None, **extra: Any) -> tuple[GameRow, list[SeatRow]]:
    """The rows of a new game (a new id, seats free), checked by setting the game up; see ``create_game``
    (``extra``: more columns of the game's row, e.g. a hosted game's host and invite code)."""
    kinds, computers = _seat_kinds(seats)
    if mode not in MODES:
        raise BadRequest(f"unknown mode {mode!r}; the modes are {', '.join(MODES)}")
    if seed is None:
        seed = secrets.randbits(128)  # a secret nobody can search (lf/engine/rng.py)
    else:
        extra.setdefault("shuffle_known_by", "host")  # whoever chose it can deal every hand: the table is told
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise BadRequest(f"the seed must be a whole number from 0 to 2^128 - 1, not {seed!r}")
    options = dict(options or {})
    if computers:
        options[COMPUTERS] = {**(options.get(COMPUTERS) or {}), **computers}
    if mode == "teaching":
        options["free_undo"] = True  # the table shares one screen: undo may cross hidden information
    try:
        options_json = json.dumps(options, sort_keys=True)
        state = new_game(seed, kinds, json.loads(options_json))
        options_json = json.dumps(state.options, sort_keys=True)  # with the generator the game was dealt with
    except (TypeError, ValueError) as exc:
        raise BadRequest(f"the game cannot be set up: {exc}") from exc
    names = dict(names or {})
    game_id = secrets.token_hex(6)
    now = utcnow()
    row = GameRow(id=game_id, name=clean_name(name, f"Game {game_id}")[:80], mode=mode, **seed_columns(seed),
                  options=options_json, seats=json.dumps(kinds, sort_keys=True),
                  content_version=state.content_version, engine_version=ENGINE_VERSION, status="active",
                  version=0, created_at=now, updated_at=now, **extra)
    computers = computer_seats(state)
    kinds = {f: "computer" if f in computers else k for f, k in kinds.items()}
    codes = invites.seat_codes(kinds, private=row.invite_code is not None)
    seat_rows = [SeatRow(game_id=game_id, faction=f, kind=k, invite_code=codes[f],
                         display_name=clean_name(names.get(f), _seat_name(f, k, computers)))
                 for f, k in kinds.items()]
    return row, seat_rows


def _seat_name(faction: str, kind: str, computers: Mapping[str, str]) -> str:
    if kind == "computer":
        return f"Computer ({level_label(computers[faction])})"
    return "Non-player" if kind == "nonplayer" else label(faction)


def _seat_kinds(seats: Mapping[str, str] | None) -> tuple[dict[str, str], dict[str, str]]:
    """The engine's seat kinds, and {faction: level} of the seats the computer plays (a person's for the rules)."""
    seats = dict(seats or {})
    unknown = sorted(set(seats) - set(FACTIONS))
    if unknown:
        raise BadRequest(f"unknown faction {unknown[0]!r}; the factions are {', '.join(FACTIONS)}")
    computers = {f: level for f, k in seats.items() if (level := arg_level(k)) is not None}
    bad = {f: k for f, k in seats.items() if k not in ("human", "nonplayer") and computers.get(f) not in LEVELS}
    if bad:
        raise BadRequest(f"a seat is 'human', 'nonplayer' or 'computer:<level>' (levels: {', '.join(LEVELS)}), "
                         f"not {next(iter(bad.values()))!r}")
    return {f: "human" if f in computers else seats.get(f, "human") for f in FACTIONS}, computers


def _loads_seats(text: str) -> dict[str, str]:
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        return {}
    return value if isinstance(value, dict) else {}


_default: Registry | None = None
_default_lock = threading.Lock()


def default_registry() -> Registry:
    """The process's registry, opened from the environment on first use (what main.py and the pages use)."""
    global _default
    with _default_lock:
        if _default is None:
            try:
                _default = Registry.open()
            except (SQLAlchemyError, StoreError, SchemaError, OSError) as exc:  # tried again at the next request
                log.exception("the database cannot be opened")
                message = str(exc) if "newer lf" in str(exc) else plain_database_error(exc)
                raise StoreUnavailable(f"The games cannot be reached: {message}.") from exc
        return _default


def opened_registry() -> Registry | None:
    """The process's registry if a page already opened it (background tasks never open the database first)."""
    return _default


def set_default_registry(registry: Registry | None) -> None:
    """Replace the process's registry (tests; a server that opens its database itself)."""
    global _default
    with _default_lock:
        _default = registry
