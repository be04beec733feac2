"""Schema versions and the upgrade path: numbered, idempotent migrations, each in one transaction.

Why not Alembic: lf has five small tables and must upgrade a player's SQLite
file on start with nothing to configure. Each migration here is a function
that checks what is already there before changing it (so a half-applied
upgrade, or one run twice, is harmless), runs inside one transaction with the
row that records it in ``schema_version`` (DDL is transactional on PostgreSQL
and, with ``db.py``'s transaction handling, on SQLite too), and is never
edited once released: a change to the schema is a new migration at the end of
``MIGRATIONS`` plus the matching change to ``models.py``.

History:
1. the first schema (lf 0.1): games, seats, the action log, snapshots. Undo
   truncated the log and snapshots carried no checksum.
2. undo becomes an explicit log row (``actions.kind``), so the log is truly
   append-only and the version number never goes back; snapshots record the
   rules they were made under and their SHA-256, so one made by other rules or
   damaged on disk is never trusted; games record why they are ``broken``; the
   lobby's listing gets an index. Snapshots made by schema 1 stay in place but
   are ignored (no checksum) and replaced the next time the game is loaded.
3. a game can be the rematch of a finished one (``games.rematch_of``); a unique
   index allows one rematch per game, so two devices pressing Rematch at once
   (even on two servers sharing the database) make one new game, not two.
4. a server facing the internet: games get a host (the hash of the creator's
   host token), a private game's invite code, a public game's turn timer and
   a hash of the creating visitor (the games-per-hour limit, with its index).
   Games made before have no host and no invite code: they stay public.
5. secrets that can't be computed: seeds of 128 bits (``games.seed_text``, their decimal digits; the BIGINT
   ``seed`` column holds 0 for new games), what a game was dealt with recorded in its options (every older game's
   options get ``"generator": 1``, so its log replays with SplitMix64, see lf/engine/rng.py, and ``"content"``,
   its ``content_version``, whose cards lf/engine/content keeps), and ``games.shuffle_known_by`` for a game whose
   shuffle someone chose or holds.
6. one invitation per seat, and who holds a seat: each seat of a private game has its own invite code
   (``seats.invite_code``; a join link for one faction cannot take another seat, and a freed seat gets a new
   one), ``seats.claimed_by`` keeps a keyed hash of the address that took the seat (the seats-per-address
   limit), and ``health`` is the row ``/healthz`` writes to prove a write can commit. The seats of private
   games made before get their game's invite code, so the links their hosts already sent keep working (until
   a seat is freed, which gives it a code of its own).
7. hints: ``games.hints`` says whether the host allows the coach's "Suggest a move" (issue 21). Games made before
   allow it, as a game created now does unless its host switches it off.
8. computer claims: ``computer_claims`` holds, per game, which lf process thinks a computer seat's decision (its
   owner, the game's version it was taken at, until when the claim holds, and the share of the search
   done), so two processes on one database never both think (lf/session/claims.py). Empty at the upgrade.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import json

from sqlalchemy import Connection, Engine, inspect, text

from .models import utcnow

#: Frozen: exactly what lf 0.1 created (kept portable: it runs on SQLite and PostgreSQL).
SCHEMA_V1 = (
    """CREATE TABLE IF NOT EXISTS schema_version (
        version INTEGER NOT NULL PRIMARY KEY,
        applied_at TIMESTAMP NOT NULL,
        description VARCHAR(200) NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS games (
        id VARCHAR(32) NOT NULL PRIMARY KEY,
        name VARCHAR(80) NOT NULL,
        mode VARCHAR(16) NOT NULL,
        seed BIGINT NOT NULL,
        options TEXT NOT NULL,
        seats TEXT NOT NULL,
        content_version VARCHAR(40) NOT NULL,
        engine_version VARCHAR(40) NOT NULL,
        status VARCHAR(16) NOT NULL,
        version INTEGER NOT NULL,
        created_at TIMESTAMP NOT NULL,
        updated_at TIMESTAMP NOT NULL,
        result TEXT)""",
    """CREATE TABLE IF NOT EXISTS seats (
        game_id VARCHAR(32) NOT NULL REFERENCES games (id),
        faction VARCHAR(16) NOT NULL,
        kind VARCHAR(16) NOT NULL,
        display_name VARCHAR(40) NOT NULL,
        token_hash VARCHAR(64),
        claimed_at TIMESTAMP,
        PRIMARY KEY (game_id, faction))""",
    """CREATE TABLE IF NOT EXISTS actions (
        game_id VARCHAR(32) NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        faction VARCHAR(16) NOT NULL,
        action TEXT NOT NULL,
        note TEXT,
        created_at TIMESTAMP NOT NULL,
        PRIMARY KEY (game_id, seq))""",
    """CREATE TABLE IF NOT EXISTS snapshots (
        game_id VARCHAR(32) NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        state TEXT NOT NULL,
        created_at TIMESTAMP NOT NULL,
        PRIMARY KEY (game_id, seq))""",
)

PG_MIGRATION_LOCK = 74_203_101  # any constant: serializes two lf processes upgrading the same PostgreSQL database


class SchemaError(RuntimeError):
    """The database cannot be used by this lf (made by a newer lf, or an upgrade failed)."""


@dataclass(frozen=True)
class Migration:
    version: int
    description: str
    apply: Callable[[Connection], None]


def _initial_schema(conn: Connection) -> None:
    for statement in SCHEMA_V1:
        conn.exec_driver_sql(statement)


def _add_column(conn: Connection, table: str, column: str, ddl: str) -> None:
    if column not in {c["name"] for c in inspect(conn).get_columns(table)}:
        conn.exec_driver_sql(f"ALTER TABLE {table} ADD COLUMN {column} {ddl}")


def _undo_rows_and_verified_snapshots(conn: Connection) -> None:
    _add_column(conn, "actions", "kind", "VARCHAR(8) NOT NULL DEFAULT 'action'")
    _add_column(conn, "games", "status_message", "TEXT")
    _add_column(conn, "snapshots", "content_version", "VARCHAR(40)")
    _add_column(conn, "snapshots", "engine_version", "VARCHAR(40)")
    _add_column(conn, "snapshots", "sha256", "VARCHAR(64)")
    conn.exec_driver_sql("CREATE INDEX IF NOT EXISTS ix_games_status_updated ON games (status, updated_at)")


def _rematch_link(conn: Connection) -> None:
    _add_column(conn, "games", "rematch_of", "VARCHAR(32)")
    conn.exec_driver_sql("CREATE UNIQUE INDEX IF NOT EXISTS ux_games_rematch_of ON games (rematch_of)")


def _hosts_invites_and_limits(conn: Connection) -> None:
    _add_column(conn, "games", "host_hash", "VARCHAR(64)")
    _add_column(conn, "games", "invite_code", "VARCHAR(32)")
    _add_column(conn, "games", "turn_seconds", "INTEGER")
    _add_column(conn, "games", "creator", "VARCHAR(64)")
    conn.exec_driver_sql("CREATE INDEX IF NOT EXISTS ix_games_creator_created ON games (creator, created_at)")


def _secret_seeds(conn: Connection) -> None:
    _add_column(conn, "games", "seed_text", "VARCHAR(80)")
    _add_column(conn, "games", "shuffle_known_by", "VARCHAR(8)")
    rows = conn.execute(text("SELECT id, seed, options, content_version FROM games WHERE seed_text IS NULL")).all()
    for game_id, seed, options, content in rows:
        conn.execute(text("UPDATE games SET seed_text = :s, options = :o WHERE id = :i"),
                     {"s": str(seed), "o": _dealt_as_before(options, content), "i": game_id})


#: The content versions whose cards lf keeps at schema 5 (lf/engine/content: the current one and archive/). Games of
#: older versions were already replayed with the current cards before schema 5, and stay with them.
_KEPT_AT_SCHEMA_5 = ("lf-original-2", "lf-original-3")


def _dealt_as_before(options: str, content: str) -> str:
    """Options that name what a game before schema 5 was dealt with: generator 1 (SplitMix64) and its content
    version (the one it was created with when lf keeps it, else the cards it was already replayed with)."""
    try:
        value = json.loads(options)
    except json.JSONDecodeError:
        return options  # a damaged row stays as it is: loading it reports where it is damaged
    if not isinstance(value, dict):
        return options
    value.setdefault("generator", 1)
    value.setdefault("content", content if content in _KEPT_AT_SCHEMA_5 else _KEPT_AT_SCHEMA_5[-1])
    return json.dumps(value, sort_keys=True)


def _seat_invitations_and_holders(conn: Connection) -> None:
    _add_column(conn, "seats", "invite_code", "VARCHAR(32)")
    _add_column(conn, "seats", "claimed_by", "VARCHAR(64)")
    conn.exec_driver_sql("UPDATE seats SET invite_code = (SELECT games.invite_code FROM games "
                         "WHERE games.id = seats.game_id) WHERE invite_code IS NULL")
    conn.exec_driver_sql("CREATE INDEX IF NOT EXISTS ix_seats_claimed_by ON seats (claimed_by)")
    conn.exec_driver_sql("""CREATE TABLE IF NOT EXISTS health (
        node VARCHAR(64) NOT NULL PRIMARY KEY,
        checked_at TIMESTAMP NOT NULL)""")


def _hints(conn: Connection) -> None:
    _add_column(conn, "games", "hints", "BOOLEAN NOT NULL DEFAULT TRUE")


def _computer_claims(conn: Connection) -> None:
    conn.exec_driver_sql("""CREATE TABLE IF NOT EXISTS computer_claims (
        game_id VARCHAR(32) NOT NULL PRIMARY KEY,
        faction VARCHAR(16) NOT NULL,
        version INTEGER NOT NULL,
        owner VARCHAR(80) NOT NULL,
        expires_at TIMESTAMP NOT NULL,
        share FLOAT NOT NULL DEFAULT 0)""")


def _coach_marks(conn: Connection) -> None:
    conn.exec_driver_sql("""CREATE TABLE IF NOT EXISTS coach_marks (
        game_id VARCHAR(32) NOT NULL REFERENCES games (id),
        faction VARCHAR(16) NOT NULL,
        step VARCHAR(64) NOT NULL,
        matched BOOLEAN NOT NULL,
        PRIMARY KEY (game_id, faction, step))""")


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "initial schema: games, seats, action log, snapshots", _initial_schema),
    Migration(2, "explicit undo rows, verified snapshots, broken-game reasons", _undo_rows_and_verified_snapshots),
    Migration(3, "rematches: a game can name the finished game it replays (one rematch per game)", _rematch_link),
    Migration(4, "hosts, invite codes, turn timers, game creators", _hosts_invites_and_limits),
    Migration(5, "128-bit seeds, each game's generator and content, shuffles known to someone", _secret_seeds),
    Migration(6, "an invitation per seat, who took each seat, the health check's row", _seat_invitations_and_holders),
    Migration(7, "hints: whether the host allows the coach's suggestions", _hints),
    Migration(8, "computer claims: one process thinks each computer seat's decision", _computer_claims),
    Migration(9, "coach marks: which moves of a teaching table matched the coach", _coach_marks),
)
LATEST = MIGRATIONS[-1].version


def schema_version(conn: Connection) -> int:
    """The highest applied migration (0 for an empty database)."""
    if not inspect(conn).has_table("schema_version"):
        return 0
    return conn.execute(text("SELECT MAX(version) FROM schema_version")).scalar() or 0


def current_version(engine: Engine) -> int:
    with engine.begin() as conn:
        return schema_version(conn)


def migrate(engine: Engine, target: int = LATEST) -> int:
    """Bring the database up to ``target`` (default: the newest schema); return the version reached.

    Each migration runs in its own transaction together with its ``schema_version`` row, after
    re-reading the version under a lock, so two processes starting at once upgrade exactly once.
    """
    if not 0 <= target <= LATEST:
        raise ValueError(f"target schema version must be between 0 and {LATEST}")
    for migration in MIGRATIONS:
        if migration.version > target:
            break
        with engine.begin() as conn:
            if conn.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": PG_MIGRATION_LOCK})
            found = schema_version(conn)
            if found > LATEST:
                raise SchemaError(f"this database has schema version {found}, made by a newer lf; "
                                  f"this lf knows versions up to {LATEST}. Upgrade lf, or use another database.")
            if found >= migration.version:
                continue
            if found != migration.version - 1:
                raise SchemaError(f"schema version {found} cannot be upgraded by migration {migration.version}")
            try:
                migration.apply(conn)
            except Exception as exc:
                raise SchemaError(f"upgrading the database to schema version {migration.version} "
                                  f"({migration.description}) failed, nothing was changed: {exc}") from exc
            conn.execute(text("INSERT INTO schema_version (version, applied_at, description) VALUES (:v, :t, :d)"),
                         {"v": migration.version, "t": utcnow(), "d": migration.description})
    with engine.begin() as conn:
        found = schema_version(conn)
    if found > LATEST:
        raise SchemaError(f"this database has schema version {found}, made by a newer lf; "
                          f"this lf knows versions up to {LATEST}. Upgrade lf, or use another database.")
    return found
