"""Changes told to the other lf processes on the same database: PostgreSQL LISTEN/NOTIFY, or nothing.

Why: several lf processes can serve one PostgreSQL database behind a proxy (docs/server.md, "More than one
process"). Each keeps the games it serves in memory, and a lobby lists games from any of them. When process
A changes a game, process B must learn it: its lobby pages re-draw, and a copy of that game B holds (a lobby
listed it, or B served the game before A took it over) is stale and must be read again before anyone sees it.

A ``Change`` is published after each committed change (the registry subscribes to every session it loads);
other processes receive it and the registry marks its copy of the game stale (read again from the database,
the action log being the truth, at the next look) and tells its subscribers, so their pages re-draw. The
version check of ``Repository.append`` stays the guard: a process that writes from a stale copy is refused
and reloads, whatever the bus did or did not deliver.

``LocalBus`` (one process, SQLite or PostgreSQL) delivers nothing elsewhere. ``PgBus`` (``LF_NODE`` set, on
PostgreSQL) sends ``NOTIFY lf_changes`` and listens on a connection of its own in a thread, reconnecting
after a failure; after a reconnection every copy is marked stale, since notifications may have been missed.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import threading
from collections.abc import Callable
from dataclasses import asdict, dataclass

from sqlalchemy import Engine, text

log = logging.getLogger("lf.session")

CHANNEL = "lf_changes"
#: How long the listener waits for a notification before it checks whether it should stop (s).
POLL_S = 1.0
RETRY_S = 1.0


@dataclass(frozen=True)
class Change:
    """A committed change: ``kind`` is a SessionEvent kind, or "created"/"deleted" for the list of games."""

    game_id: str
    version: int
    kind: str
    origin: str = ""
    #: The new game's id of a "rematch" (else None).
    note: str | None = None


Listener = Callable[[Change], None]


class LocalBus:
    """One process: publishing tells nobody else; ``listen`` callbacks only hear other processes (never here)."""

    def __init__(self) -> None:
        self.origin = f"{os.getpid()}-{secrets.token_hex(4)}"
        self._listeners: list[Listener] = []
        self._resync: list[Callable[[], None]] = []

    def publish(self, change: Change) -> None:
        """Tell the other processes (nothing to do in one process)."""

    def listen(self, on_change: Listener, on_resync: Callable[[], None]) -> None:
        """``on_change(change)`` for each change made elsewhere; ``on_resync()`` when some may have been missed."""
        self._listeners.append(on_change)
        self._resync.append(on_resync)

    def close(self) -> None:
        self._listeners.clear()

    def _deliver(self, change: Change) -> None:
        for listener in list(self._listeners):
            try:
                listener(change)
            except Exception:  # one failing listener must not stop the bus
                log.exception("bus listener failed on %s", change)

    def _resynced(self) -> None:
        for call in list(self._resync):
            try:
                call()
            except Exception:
                log.exception("bus resync failed")


class PgBus(LocalBus):
    """LISTEN/NOTIFY on the database of ``engine`` (PostgreSQL)."""

    def __init__(self, engine: Engine) -> None:
        super().__init__()
        self.engine = engine
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="lf-bus", daemon=True)
        self._thread.start()
        self._ready.wait(10)

    def publish(self, change: Change) -> None:
        payload = json.dumps(asdict(Change(change.game_id, change.version, change.kind, self.origin, change.note)))
        try:
            with self.engine.begin() as c:
                c.execute(text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload})
        except Exception:  # the change is committed; the others see it at their next read of the game
            log.exception("could not tell the other processes about %s", change)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        super().close()

    def _conninfo(self) -> str:
        return self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)

    def _run(self) -> None:
        import psycopg

        first = True
        while not self._stop.is_set():
            try:
                with psycopg.connect(self._conninfo(), autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self._ready.set()
                    if not first:
                        self._resynced()  # notifications sent while we were away are lost: read everything again
                    first = False
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=POLL_S):
                            self._received(note.payload)
            except Exception as exc:
                if self._stop.is_set():
                    return
                log.warning("bus: listening failed (%s); retrying", exc)
                self._ready.set()
                self._stop.wait(RETRY_S)

    def _received(self, payload: str) -> None:
        try:
            change = Change(**json.loads(payload))
        except (TypeError, ValueError):
            log.warning("bus: ignoring a malformed notification %r", payload[:200])
            return
        if change.origin != self.origin:
            self._deliver(change)


def bus_for(engine: Engine) -> LocalBus:
    """The bus a registry over ``engine`` uses: PostgreSQL's when this process is one of several (``LF_NODE``)."""
    if os.environ.get("LF_NODE") and engine.dialect.name == "postgresql":
        return PgBus(engine)
    return LocalBus()
