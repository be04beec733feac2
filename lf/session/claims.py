"""Claims: only one lf process thinks a computer seat's decision, and another takes over if it dies.

Why: behind HAProxy, two processes may hold the same game in memory (each loads the running games with a computer
seat at start, and a game's pages may meet in either). Without a claim both would think the same decision, and
the log's version check would refuse the second move only after a wasted search. So before thinking, a process
claims the decision in the database (lf/store/claims.py: one transaction, only at the game's current version,
only if no live claim of another process holds it), renews the claim every ``RENEW_S`` while it thinks (with
its search's share done, which the other processes' pages show), and gives it back when the decision closes.
A process that died stops renewing: its claim lapses after ``LEASE_S`` and a process waiting for it claims and
thinks the decision again, so a SIGKILL still loses nothing. A process started again under the same node name
(``LF_NODE``, or one process without it) deletes the claims of its earlier run when it resumes its computers at
start, and goes on at once.

One ``Claims`` per registry. Its keeper thread does every database call of the renewals, the releases and the
retries' timing, never the event loop or a caller holding a game's lock (the claim itself is taken by the
session under its lock, in the worker thread that changed the game: one short transaction per computer decision).
"""

from __future__ import annotations

import logging
import os
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from lf.store.claims import CLAIMED, STALE, ClaimStore, Held
from lf.store.models import utcnow

log = logging.getLogger("lf.session")

#: Seconds a claim holds without being renewed: how long a dead process's decision waits before another thinks it.
LEASE_S = 10.0
#: Seconds between two renewals of a claim being thought (each also records the search's share done).
RENEW_S = 1.0


def node_name() -> str:
    """This process's node (``LF_NODE`` in a cluster), or "local" for a server alone on its database."""
    return (os.environ.get("LF_NODE") or "local")[:40]


@dataclass
class _Holding:
    version: int
    share: Callable[[], float]
    lost: Callable[[], None]


class Claims:
    """This process's claims on one database, and the keeper thread that renews them and retries the waits."""

    def __init__(self, store: ClaimStore, run: Callable[[Callable[[], None]], object], node: str | None = None) -> None:
        """``run(f)`` runs ``f`` in a worker thread (a retry takes a game's lock and may read the database)."""
        self.store = store
        self._run = run
        self._prefix = f"{node or node_name()}/"
        self.owner = f"{self._prefix}{os.getpid()}/{secrets.token_hex(4)}"
        self._holding: dict[str, _Holding] = {}
        self._waiting: dict[str, tuple[datetime, Callable[[], None]]] = {}
        self._releases: list[tuple[str, int]] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def clear_earlier_runs(self) -> int:
        """Delete the claims this node's earlier run left (a server starting: ``Registry.resume_computers``), so its
        games go on at once rather than after the lease. Not for tools opening the database beside a server."""
        try:
            swept = self.store.sweep(self._prefix, self.owner)
        except Exception:  # the database is not reachable: the earlier run's claims lapse by themselves
            log.exception("the claims of this node's earlier run could not be cleared; they lapse in %d s", LEASE_S)
            return 0
        if swept:
            log.info("%d computer claims of this node's earlier run cleared: their decisions are thought again", swept)
        return swept

    # -- taking ------------------------------------------------------------------------------

    def take(self, game_id: str, faction: str, version: int) -> str | Held:
        """Claim the decision (CLAIMED), or say why not: STALE (the game is past ``version``) or who holds it."""
        now = utcnow()
        got = self.store.take(game_id, faction, version, self.owner, now + timedelta(seconds=LEASE_S), now)
        with self._lock:
            self._waiting.pop(game_id, None)
        return got

    def hold(self, game_id: str, version: int, share: Callable[[], float], lost: Callable[[], None]) -> None:
        """Keep renewing the claim while the decision is thought; ``lost()`` if another process took it over."""
        with self._lock:
            self._holding[game_id] = _Holding(version, share, lost)
        self._start()

    def drop(self, game_id: str, version: int | None = None) -> None:
        """The decision closed or is no longer thought here: stop renewing, give the claim back, stop waiting."""
        with self._lock:
            held = self._holding.pop(game_id, None)
            self._waiting.pop(game_id, None)
            version = held.version if held is not None and version is None else version
            if version is not None:
                self._releases.append((game_id, version))
        if version is not None:
            self._start()

    def forget(self, game_id: str) -> None:
        """Stop renewing the claim but keep it (its move is being played; the next claim supersedes it)."""
        with self._lock:
            self._holding.pop(game_id, None)

    def wait(self, game_id: str, until: datetime, retry: Callable[[], None]) -> None:
        """Another process holds the claim (or the game moved on): ``retry()`` once ``until`` has passed."""
        with self._lock:
            self._waiting[game_id] = (until, retry)
        self._start()

    def waits(self, game_id: str) -> bool:
        with self._lock:
            return game_id in self._waiting

    def share_elsewhere(self, game_id: str) -> dict[str, float]:
        """{faction: share done} of a live claim another process holds on ``game_id`` ({}: none)."""
        row = self.store.read(game_id)
        if row is None or row.owner == self.owner or row.expires_at < utcnow():
            return {}
        return {row.faction: row.share}

    # -- the keeper --------------------------------------------------------------------------

    def _start(self) -> None:
        with self._lock:
            if self._thread is None and not self._stop.is_set():
                self._thread = threading.Thread(target=self._keep, name="lf-claims", daemon=True)
                self._thread.start()

    def _keep(self) -> None:
        while not self._stop.wait(RENEW_S):
            try:
                self._tick()
            except Exception:  # the database went away: the next tick tries again (a claim may lapse meanwhile)
                log.exception("computer claims: renewal failed")

    def _tick(self) -> None:
        with self._lock:
            holding = dict(self._holding)
            releases, self._releases = self._releases, []
            now = utcnow()
            due = [(g, retry) for g, (until, retry) in self._waiting.items() if until <= now]
            for g, _ in due:
                del self._waiting[g]
        for game_id, version in releases:
            self.store.release(game_id, self.owner, version)
        until = utcnow() + timedelta(seconds=LEASE_S)
        for game_id, held in holding.items():
            if not self.store.renew(game_id, self.owner, held.version, until, held.share()):
                log.warning("game %s: another process took over the computer's claim; this one stops", game_id)
                with self._lock:
                    if self._holding.get(game_id) is held:
                        del self._holding[game_id]
                self._run(held.lost)
        for _, retry in due:
            self._run(retry)

    def close(self) -> None:
        """Stop the keeper and give back every claim held (a stopping server: another process goes on at once)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        with self._lock:
            gone = [(g, h.version) for g, h in self._holding.items()] + self._releases
            self._holding.clear()
            self._waiting.clear()
            self._releases = []
        for game_id, version in gone:
            try:
                self.store.release(game_id, self.owner, version)
            except Exception:  # lapses by itself
                log.exception("game %s: the computer's claim could not be given back", game_id)


__all__ = ["CLAIMED", "LEASE_S", "RENEW_S", "STALE", "Claims", "Held", "node_name"]
