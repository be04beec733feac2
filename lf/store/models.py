"""The tables (schema version 8, see ``migrations.py``), as SQLModel classes.

JSON values (options, seats, actions, results, states) are stored as TEXT, not
as a JSON column type: the bytes we wrote are the bytes we read back (snapshots
are verified by their SHA-256), the same schema works on SQLite and
PostgreSQL, and a damaged row can still be read and reported instead of being
rejected by the driver before lf can say which game and row is wrong.

Times are naive UTC (``TIMESTAMP`` without time zone on both databases). The
action log's primary key (game_id, seq) is what makes a second application
of the same step impossible, even across processes.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import BigInteger, Column, DateTime, ForeignKey, Index, String, Text
from sqlmodel import Field, SQLModel

#: Game lifecycle: ``active`` (being played), ``finished`` (has a result), ``broken`` (no longer replays).
STATUSES = ("active", "finished", "broken")
#: Action log row kinds: a move, or an explicit undo of the same faction's last move.
ROW_KINDS = ("action", "undo")


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def _game_fk() -> Column:
    return Column(String(32), ForeignKey("games.id"), primary_key=True)


class SchemaVersion(SQLModel, table=True):
    """One row per applied migration; the database's schema version is the highest."""

    __tablename__ = "schema_version"
    version: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    applied_at: datetime = Field(sa_type=DateTime)
    description: str = Field(max_length=200)


class GameRow(SQLModel, table=True):
    """A game: what replaying needs (seed, seats, options) and what the lobby lists."""

    __tablename__ = "games"
    __table_args__ = (Index("ix_games_status_updated", "status", "updated_at"),
                      Index("ux_games_rematch_of", "rematch_of", unique=True),
                      Index("ix_games_creator_created", "creator", "created_at"))
    id: str = Field(primary_key=True, max_length=32)
    name: str = Field(max_length=80)
    mode: str = Field(max_length=16)
    #: Schema 1-4's seed column: a seed of 128 bits does not fit a BIGINT, so since schema 5 it holds 0 and the seed
    #: is ``seed_text``; read the seed with ``game_seed``, write it with ``seed_columns``.
    seed: int = Field(sa_type=BigInteger)
    #: The seed in decimal digits (schema 5): the secret every shuffle of the game comes from.
    seed_text: str | None = Field(default=None, max_length=80)
    #: Who could know the shuffle (schema 5): None (a secret seed), "host" (the host typed the seed) or "file" (the
    #: game was opened from a file in mid-game): the table tells every seat.
    shuffle_known_by: str | None = Field(default=None, max_length=8)
    #: JSON: the engine options.
    options: str = Field(sa_type=Text)
    #: JSON: {faction: "human" | "nonplayer"}, the engine's seat map.
    seats: str = Field(sa_type=Text)
    content_version: str = Field(max_length=40)
    engine_version: str = Field(max_length=40)
    status: str = Field(max_length=16)
    #: Why a game is ``broken`` (where its log stops replaying); None otherwise.
    status_message: str | None = Field(default=None, sa_type=Text)
    #: The number of rows in the action log (the session's version number).
    version: int
    created_at: datetime = Field(sa_type=DateTime)
    updated_at: datetime = Field(sa_type=DateTime)
    #: JSON: the engine's result once the game is over.
    result: str | None = Field(default=None, sa_type=Text)
    #: The finished game this one is the rematch of (at most one rematch per game: a unique index).
    rematch_of: str | None = Field(default=None, max_length=32)
    #: SHA-256 of the host token (the browser that created the game keeps the token); None: no host.
    host_hash: str | None = Field(default=None, max_length=64)
    #: The secret of a private game's join links; None: a public game (anyone may take a free seat).
    invite_code: str | None = Field(default=None, max_length=32)
    #: Public games: seconds a person may stay idle before a Non-player takes their turn; None: no timer.
    turn_seconds: int | None = Field(default=None)
    #: A hash of the creating visitor's address (the games-per-hour limit); never the address itself.
    creator: str | None = Field(default=None, max_length=64)
    #: Whether a seat may ask the coach for a move (schema 7; the host's "hints allowed"; teaching games always may).
    hints: bool = Field(default=True)


#: The largest seed a game stores: 128 bits, what ``lf.session.registry`` draws with ``secrets``.
MAX_SEED = 2**128 - 1


def seed_columns(seed: int) -> dict[str, int | str]:
    """The columns that store ``seed`` (schema 5: the digits in ``seed_text``)."""
    return {"seed": 0, "seed_text": str(seed)}


def game_seed(row: GameRow) -> int:
    """A game's seed: ``seed_text`` since schema 5; the BIGINT column for a row the migration has not filled."""
    return int(row.seed_text) if row.seed_text else row.seed


class SeatRow(SQLModel, table=True):
    """A faction's seat: who plays it, and the SHA-256 of its secret token (never the token)."""

    __tablename__ = "seats"
    game_id: str = Field(sa_column=_game_fk())
    faction: str = Field(primary_key=True, max_length=16)
    kind: str = Field(max_length=16)
    display_name: str = Field(max_length=40)
    token_hash: str | None = Field(default=None, max_length=64)
    claimed_at: datetime | None = Field(default=None, sa_type=DateTime)
    #: A private game's invitation for this seat (its join link's secret); None in a public game.
    invite_code: str | None = Field(default=None, max_length=32)
    #: A keyed hash of the address that took the seat (the seats-per-address limit); never the address.
    claimed_by: str | None = Field(default=None, max_length=64, index=True)


class HealthRow(SQLModel, table=True):
    """The row ``/healthz`` writes (one per lf process): a write that commits proves the database takes writes."""

    __tablename__ = "health"
    node: str = Field(primary_key=True, max_length=64)
    checked_at: datetime = Field(sa_type=DateTime)


class ActionRow(SQLModel, table=True):
    """The append-only action log: one row per accepted step, numbered 1, 2, 3, ... per game."""

    __tablename__ = "actions"
    game_id: str = Field(sa_column=_game_fk())
    seq: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    faction: str = Field(max_length=16)
    kind: str = Field(default="action", max_length=8, sa_column_kwargs={"server_default": "action"})
    #: JSON: the engine action ({"kind", "arg"?, "n"?}); for an undo row, the action it took back.
    action: str = Field(sa_type=Text)
    note: str | None = Field(default=None, sa_type=Text)
    created_at: datetime = Field(sa_type=DateTime)


class SnapshotRow(SQLModel, table=True):
    """A cached state after log row ``seq``, so loading replays only the tail; never the truth."""

    __tablename__ = "snapshots"
    game_id: str = Field(sa_column=_game_fk())
    seq: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    state: str = Field(sa_type=Text)
    created_at: datetime = Field(sa_type=DateTime)
    content_version: str | None = Field(default=None, max_length=40)
    engine_version: str | None = Field(default=None, max_length=40)
    #: SHA-256 of ``state``; a snapshot without one (made by schema 1) is never trusted.
    sha256: str | None = Field(default=None, max_length=64)


class ClaimRow(SQLModel, table=True):
    """Which lf process thinks a computer seat's open decision of a game (schema 8; lf/session/claims.py).

    A claim was taken at the game's ``version`` and holds until ``expires_at``: its owner renews it while it
    thinks, so a process that died lets another take over once it has lapsed. ``share`` is
    the search's share done, for the pages of the other processes."""

    __tablename__ = "computer_claims"
    game_id: str = Field(primary_key=True, max_length=32)
    faction: str = Field(max_length=16)
    version: int
    owner: str = Field(max_length=80)
    expires_at: datetime = Field(sa_type=DateTime)
    share: float = Field(default=0.0)


class CoachMarkRow(SQLModel, table=True):
    """One move of a person at a teaching table, compared with the coach's (schema 9; lf/session/coach_marks.py).

    ``step`` names the position the move was made in (the same after an undo and a redo), so a move taken back and
    made again is counted once; ``matched``: the coach would have played the same."""

    __tablename__ = "coach_marks"
    game_id: str = Field(sa_column=_game_fk())
    faction: str = Field(primary_key=True, max_length=16)
    step: str = Field(primary_key=True, max_length=64)
    matched: bool
