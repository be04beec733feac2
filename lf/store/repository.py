"""All of lf's SQL: games, seats, the action log and snapshots.

The session layer never writes SQL; it calls these methods, each of which is
one transaction. ``append`` is the heart of it: the step, the game's new
version and (every so often) a snapshot are committed together, and only if
the game is still at the version the caller built on. That compare-and-set on
``games.version``, plus the (game_id, seq) primary key of the log, is what
makes a second application of a step impossible even if two processes share
a database.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, String, and_, cast, delete, func, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session

from .db import read_only
from .models import ActionRow, ClaimRow, CoachMarkRow, GameRow, HealthRow, SchemaVersion, SeatRow, SnapshotRow, utcnow

try:
    import resource
except ImportError:  # not a Unix: no file-size limit to read
    resource = None  # type: ignore[assignment]

log = logging.getLogger("lf.store")

#: How many snapshots a game keeps (the newest ones); older ones are pruned when a new one is written.
KEEP_SNAPSHOTS = 3


class StoreError(RuntimeError):
    """The database refused a write lf expected to succeed."""


class VersionConflict(StoreError):
    """The game moved on in the database (another writer appended first); nothing was written."""


@dataclass(frozen=True)
class NewRow:
    """An action log row to append (the repository numbers it and stamps the time)."""

    faction: str
    kind: str
    action: str
    note: str | None = None


@dataclass(frozen=True)
class NewSnapshot:
    state: str
    content_version: str
    engine_version: str
    sha256: str


@dataclass(frozen=True)
class SnapshotHead:
    """A snapshot's metadata, without its (large) state text."""

    seq: int
    content_version: str | None
    engine_version: str | None
    sha256: str | None


class Repository:
    """One database (SQLite file or PostgreSQL); thread-safe (each call uses its own connection)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._reader = read_only(engine)

    def _session(self) -> Session:
        return Session(self.engine, expire_on_commit=False)

    def _reading(self) -> Session:
        """A transaction that only reads: on SQLite it never waits for a writer (lf.store.db)."""
        return Session(self._reader, expire_on_commit=False)

    # -- games -----------------------------------------------------------------------------

    def create_game(self, game: GameRow, seats: Sequence[SeatRow], log: Sequence[ActionRow] = (),
                    snapshot: NewSnapshot | None = None) -> None:
        """Insert a new game with its seats (and, for an import, its whole log) in one transaction."""
        try:
            with self._session() as s, s.begin():
                s.add(game)
                s.flush()
                s.add_all(seats)
                s.add_all(log)
                s.flush()
                if snapshot is not None:
                    s.add(_snapshot_row(game.id, game.version, snapshot))
        except IntegrityError as exc:
            raise StoreError(f"game {game.id!r} could not be created: {exc.orig}") from exc

    def get_game(self, game_id: str) -> GameRow | None:
        with self._reading() as s, s.begin():
            return s.get(GameRow, game_id)

    def list_games(self, status: str | None = None, limit: int = 100, *, offset: int = 0,
                   public: bool | None = None, ids: Sequence[str] | None = None,
                   stalled_before: datetime | None = None) -> list[GameRow]:
        """The most recently updated games first (``public``: only games without an invite code, or only with;
        ``stalled_before``: leave out the games stalled on a free seat since before then, see ``_game_filter``).

        Each row is read on its own terms: a row whose dates cannot be read (a damaged ``updated_at``) is
        logged and left out, so one bad row never stops the lobby from listing the others.
        """
        columns = [c for c in GameRow.__table__.columns if c.name not in _DATES]
        dates = [cast(GameRow.__table__.c[d], String).label(d) for d in _DATES]
        with self._reading() as s, s.begin():
            q = select(*columns, *dates).order_by(GameRow.updated_at.desc(), GameRow.id).offset(offset).limit(limit)
            rows = s.execute(_game_filter(q, status, public, ids, stalled_before)).mappings().all()
        out = []
        for r in rows:
            try:
                out.append(GameRow(**{k: v for k, v in r.items() if k not in _DATES},
                                   **{d: _read_date(r[d]) for d in _DATES}))
            except (TypeError, ValueError) as exc:
                log.warning("game %s left out of the list: its row cannot be read (%s)", r.get("id"), exc)
        return out

    def count_games(self, status: str | None = None, *, public: bool | None = None, since: datetime | None = None,
                    since_update: datetime | None = None, creator: str | None = None,
                    stalled_before: datetime | None = None) -> int:
        """How many games match (``since``, ``since_update``, ``creator``: created or played after a time,
        created by that visitor; ``stalled_before``: as in ``list_games``)."""
        with self._reading() as s, s.begin():
            q = _game_filter(select(func.count()).select_from(GameRow), status, public, None, stalled_before)
            if since is not None:
                q = q.where(GameRow.created_at >= since)
            if since_update is not None:
                q = q.where(GameRow.updated_at >= since_update)
            if creator is not None:
                q = q.where(GameRow.creator == creator)
            return s.exec(q).scalar_one()

    def stale_games(self, mode: str, status: str, before: datetime, limit: int = 100) -> list[str]:
        """Ids of ``mode`` games in ``status`` not updated since ``before`` (the clean-up's candidates)."""
        with self._reading() as s, s.begin():
            q = (select(GameRow.id).where(GameRow.mode == mode, GameRow.status == status, GameRow.updated_at < before)
                 .order_by(GameRow.updated_at).limit(limit))
            return list(s.exec(q).scalars())

    def games_with_seat(self, kind: str, status: str = "active", limit: int = 1000,
                        message_has: str | None = None) -> list[str]:
        """Ids of games in ``status`` with a seat of ``kind`` (at start: the games whose computer may owe a move),
        only those whose status message holds ``message_has`` if given (why a game was marked broken)."""
        with self._reading() as s, s.begin():
            q = (select(GameRow.id).join(SeatRow, SeatRow.game_id == GameRow.id)
                 .where(SeatRow.kind == kind, GameRow.status == status).distinct().limit(limit))
            if message_has is not None:
                q = q.where(GameRow.status_message.contains(message_has, autoescape=True))
            return list(s.exec(q).scalars())

    def ping(self) -> None:
        """One read of the schema version: raises if the database cannot be read."""
        with self._reading() as s, s.begin():
            s.exec(select(func.max(SchemaVersion.version))).scalar_one()

    def _sqlite_file(self) -> Path | None:
        if self.engine.dialect.name != "sqlite" or not self.engine.url.database:
            return None
        return Path(self.engine.url.database)

    def free_bytes(self) -> int | None:
        """Bytes free on the disk of a SQLite file (for the server's user); None for a database server."""
        if (path := self._sqlite_file()) is None:
            return None
        stat = os.statvfs(path.parent)
        return stat.f_bavail * stat.f_frsize

    def file_room(self) -> int | None:
        """Bytes this process may still add to its SQLite file and to its write-ahead log under its file-size limit
        (RLIMIT_FSIZE: ``ulimit -f``, systemd's ``LimitFSIZE``), the smaller of the two; None without a limit, or
        for a database server (its own processes write its files).

        Why: beyond the limit each write that makes a file larger fails ("disk I/O error") though the disk has room,
        and the health row's write (4 KB to the write-ahead log) may still fit where a move's (16-190 KB) does not."""
        if (path := self._sqlite_file()) is None or resource is None:
            return None
        limit = resource.getrlimit(resource.RLIMIT_FSIZE)[0]
        if limit == resource.RLIM_INFINITY:
            return None
        sizes = [f.stat().st_size for f in (path, path.with_name(path.name + "-wal")) if f.exists()]
        return limit - max(sizes, default=0)

    def probe_write(self, node: str) -> None:
        """Write this process's row of ``health`` and commit: raises if the database takes no write now."""
        try:
            with self._session() as s, s.begin():
                now = utcnow()
                if s.exec(update(HealthRow).where(HealthRow.node == node).values(checked_at=now)).rowcount == 0:
                    s.exec(insert(HealthRow).values(node=node, checked_at=now))
        except IntegrityError:
            pass  # a process of the same name inserted the row at the same moment: writes do commit

    def set_status(self, game_id: str, status: str, message: str | None, result: str | None = None) -> None:
        with self._session() as s, s.begin():
            values = {"status": status, "status_message": message, "updated_at": utcnow()}
            if result is not None:
                values["result"] = result
            s.exec(update(GameRow).where(GameRow.id == game_id).values(**values))

    def rematch_id(self, game_id: str) -> str | None:
        """The id of the rematch of ``game_id``, if one was made."""
        with self._reading() as s, s.begin():
            return s.exec(select(GameRow.id).where(GameRow.rematch_of == game_id)).scalar_one_or_none()

    def delete_game(self, game_id: str) -> bool:
        with self._session() as s, s.begin():
            for table in (SnapshotRow, ActionRow, SeatRow, ClaimRow, CoachMarkRow):
                s.exec(delete(table).where(table.game_id == game_id))
            return s.exec(delete(GameRow).where(GameRow.id == game_id)).rowcount == 1

    # -- the coach's marks at a teaching table ----------------------------------------------

    def mark_coach(self, game_id: str, faction: str, step: str, matched: bool) -> None:
        """Record (or record again: the same position once) whether a move matched the coach's."""
        dialect = postgresql if self.engine.dialect.name == "postgresql" else sqlite
        with self._session() as s, s.begin():
            s.exec(dialect.insert(CoachMarkRow).values(game_id=game_id, faction=faction, step=step, matched=matched)
                   .on_conflict_do_update(index_elements=["game_id", "faction", "step"], set_={"matched": matched}))

    def coach_marks(self, game_id: str) -> dict[str, dict[str, bool]]:
        """{faction: {step: matched}} of a teaching game."""
        with self._reading() as s, s.begin():
            rows = s.exec(select(CoachMarkRow).where(CoachMarkRow.game_id == game_id)).scalars()
            out: dict[str, dict[str, bool]] = {}
            for r in rows:
                out.setdefault(r.faction, {})[r.step] = r.matched
            return out

    # -- seats -----------------------------------------------------------------------------

    def seats(self, game_id: str) -> list[SeatRow]:
        with self._reading() as s, s.begin():
            return list(s.exec(select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.faction)).scalars())

    def set_seat_kind(self, game_id: str, faction: str, kind: str) -> None:
        """Repair a seat's kind to what the log says (a load found them apart)."""
        with self._session() as s, s.begin():
            s.exec(update(SeatRow).where(SeatRow.game_id == game_id, SeatRow.faction == faction).values(kind=kind))

    def claim_seat(self, game_id: str, faction: str, token_hash: str, display_name: str,
                   claimed_by: str | None = None) -> bool:
        """Give a free human seat to the holder of ``token_hash`` (taken from the address ``claimed_by``, a keyed
        hash); False if it is taken or not human."""
        with self._session() as s, s.begin():
            res = s.exec(update(SeatRow)
                         .where(SeatRow.game_id == game_id, SeatRow.faction == faction,
                                SeatRow.kind == "human", SeatRow.token_hash.is_(None))
                         .values(token_hash=token_hash, display_name=display_name, claimed_at=utcnow(),
                                 claimed_by=claimed_by))
            return res.rowcount == 1

    def release_seat(self, game_id: str, faction: str, token_hash: str | None = None,
                     invite_code: str | None = None) -> bool:
        """Free a seat (only if it is held by ``token_hash``, when given); its token stops working. A private
        game's seat gets ``invite_code``, a new invitation, in the same transaction."""
        with self._session() as s, s.begin():
            q = update(SeatRow).where(SeatRow.game_id == game_id, SeatRow.faction == faction,
                                      SeatRow.token_hash.is_not(None))
            if token_hash is not None:
                q = q.where(SeatRow.token_hash == token_hash)
            values: dict[str, Any] = {"token_hash": None, "claimed_at": None, "claimed_by": None}
            if invite_code is not None:
                values["invite_code"] = invite_code
            return s.exec(q.values(**values)).rowcount == 1

    def seats_held_by(self, claimed_by: str) -> int:
        """How many seats of running games the address ``claimed_by`` (a keyed hash) holds now."""
        with self._reading() as s, s.begin():
            q = (select(func.count()).select_from(SeatRow).join(GameRow, GameRow.id == SeatRow.game_id)
                 .where(SeatRow.claimed_by == claimed_by, SeatRow.token_hash.is_not(None), GameRow.status == "active"))
            return s.exec(q).scalar_one()

    # -- the action log --------------------------------------------------------------------

    def log(self, game_id: str, after: int = 0) -> list[ActionRow]:
        """The action log rows with seq > ``after``, in order."""
        with self._reading() as s, s.begin():
            q = select(ActionRow).where(ActionRow.game_id == game_id, ActionRow.seq > after).order_by(ActionRow.seq)
            return list(s.exec(q).scalars())

    def append(self, game_id: str, expected_version: int, row: NewRow, *, status: str, result: str | None,
               snapshot: NewSnapshot | None = None, seat_kind: str | None = None) -> int:
        """Append one step as log row ``expected_version + 1``; return the new version.

        One transaction: the games row moves from ``expected_version`` to the next (or
        VersionConflict is raised and nothing is written), the log row is inserted, the
        optional snapshot is stored with old snapshots pruned, and with ``seat_kind`` (a hand-over
        row) the row's faction's seat gets that kind.
        """
        seq = expected_version + 1
        now = utcnow()
        try:
            with self._session() as s, s.begin():
                moved = s.exec(update(GameRow)
                               .where(GameRow.id == game_id, GameRow.version == expected_version)
                               .values(version=seq, updated_at=now, status=status, status_message=None,
                                       result=result))
                if moved.rowcount != 1:
                    raise VersionConflict(f"game {game_id!r} is no longer at version {expected_version}")
                s.exec(insert(ActionRow).values(game_id=game_id, seq=seq, faction=row.faction, kind=row.kind,
                                                action=row.action, note=row.note, created_at=now))
                if snapshot is not None:
                    _write_snapshot(s, game_id, seq, snapshot)
                if seat_kind is not None:
                    s.exec(update(SeatRow).where(SeatRow.game_id == game_id, SeatRow.faction == row.faction)
                           .values(kind=seat_kind))
        except IntegrityError as exc:
            raise VersionConflict(f"log row {seq} of game {game_id!r} already exists") from exc
        return seq

    # -- snapshots -------------------------------------------------------------------------

    def snapshot_heads(self, game_id: str, upto: int) -> list[SnapshotHead]:
        """Snapshots at or before log row ``upto``, newest first (metadata only)."""
        with self._reading() as s, s.begin():
            q = (select(SnapshotRow.seq, SnapshotRow.content_version, SnapshotRow.engine_version, SnapshotRow.sha256)
                 .where(SnapshotRow.game_id == game_id, SnapshotRow.seq <= upto).order_by(SnapshotRow.seq.desc()))
            return [SnapshotHead(*r) for r in s.exec(q)]

    def snapshot_state(self, game_id: str, seq: int) -> str | None:
        with self._reading() as s, s.begin():
            q = select(SnapshotRow.state).where(SnapshotRow.game_id == game_id, SnapshotRow.seq == seq)
            return s.exec(q).scalar_one_or_none()

    def put_snapshot(self, game_id: str, seq: int, snapshot: NewSnapshot) -> None:
        """Store (or replace) the snapshot after log row ``seq`` (used when a load had to replay far)."""
        with self._session() as s, s.begin():
            _write_snapshot(s, game_id, seq, snapshot)

    def count_rows(self, game_id: str) -> int:
        with self._reading() as s, s.begin():
            return s.exec(select(func.count()).select_from(ActionRow).where(ActionRow.game_id == game_id)).scalar_one()


_DATES = ("created_at", "updated_at")


def _read_date(value: object) -> datetime:
    """A stored time as text (SQLite) or a datetime (PostgreSQL); ValueError if it is not one."""
    if isinstance(value, datetime):
        return value
    if not isinstance(value, str):
        raise ValueError(f"not a time: {value!r}")
    return datetime.fromisoformat(value)


def _game_filter(q: Any, status: str | None, public: bool | None, ids: Sequence[str] | None,
                 stalled_before: datetime | None = None) -> Any:
    """``stalled_before``: leave out the running games with a human seat nobody holds (never taken, or freed) and
    no move since that time: they wait for a player who is not coming (issue 20: "waiting for Communists"
    forever in the lobby). Their host and seated players still find them under "Your games"."""
    if stalled_before is not None:
        free_seat = (select(SeatRow.game_id).where(SeatRow.game_id == GameRow.id, SeatRow.kind == "human",
                                                   SeatRow.token_hash.is_(None)).exists())
        q = q.where(~(and_(GameRow.status == "active", GameRow.updated_at < stalled_before, free_seat)))
    if status is not None:
        q = q.where(GameRow.status == status)
    if public is True:
        q = q.where(GameRow.invite_code.is_(None))
    elif public is False:
        q = q.where(GameRow.invite_code.is_not(None))
    if ids is not None:
        q = q.where(GameRow.id.in_(list(ids)))
    return q


def _snapshot_row(game_id: str, seq: int, snap: NewSnapshot) -> SnapshotRow:
    return SnapshotRow(game_id=game_id, seq=seq, state=snap.state, created_at=utcnow(),
                       content_version=snap.content_version, engine_version=snap.engine_version, sha256=snap.sha256)


def _write_snapshot(s: Session, game_id: str, seq: int, snap: NewSnapshot) -> None:
    s.exec(delete(SnapshotRow).where(SnapshotRow.game_id == game_id, SnapshotRow.seq == seq))
    s.exec(insert(SnapshotRow).values(game_id=game_id, seq=seq, state=snap.state, created_at=utcnow(),
                                      content_version=snap.content_version, engine_version=snap.engine_version,
                                      sha256=snap.sha256))
    keep = (select(SnapshotRow.seq).where(SnapshotRow.game_id == game_id)
            .order_by(SnapshotRow.seq.desc()).limit(KEEP_SNAPSHOTS))
    s.exec(delete(SnapshotRow).where(SnapshotRow.game_id == game_id, SnapshotRow.seq.not_in(keep)))

