"""The SQL of computer claims: which lf process thinks a computer seat's decision (table ``computer_claims``).

Why in the database: two lf processes behind a proxy may both hold a game in memory (both load the running games
with a computer seat at start), and only the database is shared. A claim is taken in one transaction, only while
the game is still at the version the claimant holds, and only if nobody else holds a live claim on the game: an
``UPDATE ... WHERE`` (the row has lapsed, or is already ours) or else an ``INSERT`` that does nothing on a conflict.
A claim is not voided by a newer version of the game: a person's move during a simultaneous choice changes the
version while the computer's search for its own choice goes on, and that search stays the only one. Its owner
gives the claim back when the decision closes, or stops renewing it, and it lapses. Two processes racing both run
these statements; the database lets one of them in (PostgreSQL re-checks the ``WHERE`` of a row another transaction changed meanwhile; SQLite runs one writer at a
time). Times are naive UTC from the claimant's clock (the processes of one lf share a machine or a time source).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Engine, delete, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Session

from .db import read_only
from .models import ClaimRow, GameRow

#: ``take``'s answer when the game is not (or no longer) at the claimant's version: its copy is behind.
STALE = "stale"
#: ``take``'s answer when the claim is the claimant's.
CLAIMED = "claimed"


@dataclass(frozen=True)
class Held:
    """Another process holds the game's claim: until when (unless renewed) and how far its search got."""

    owner: str
    until: datetime
    share: float


class ClaimStore:
    """One database's computer claims; each method is one transaction. Thread-safe."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._reader = read_only(engine)

    def take(self, game_id: str, faction: str, version: int, owner: str, until: datetime,
             now: datetime) -> str | Held:
        """Claim ``game_id``'s decision at ``version`` for ``owner`` until ``until``: CLAIMED, STALE (the game is
        at another version: reload it), or who holds it."""
        values = {"faction": faction, "version": version, "owner": owner, "expires_at": until, "share": 0.0}
        with Session(self.engine) as s, s.begin():
            current = s.execute(select(GameRow.version).where(GameRow.id == game_id)).scalar()
            if current != version:
                return STALE
            taken = s.execute(update(ClaimRow).where(
                ClaimRow.game_id == game_id,
                or_(ClaimRow.owner == owner, ClaimRow.expires_at < now),
            ).values(**values)).rowcount
            if taken:
                return CLAIMED
            dialect = postgresql if self.engine.dialect.name == "postgresql" else sqlite
            inserted = s.execute(dialect.insert(ClaimRow).values(game_id=game_id, **values)
                                 .on_conflict_do_nothing().returning(ClaimRow.game_id)).first()
            if inserted is not None:
                return CLAIMED
            row = s.execute(select(ClaimRow).where(ClaimRow.game_id == game_id)).scalar_one()
            return Held(row.owner, row.expires_at, row.share)

    def renew(self, game_id: str, owner: str, version: int, until: datetime, share: float) -> bool:
        """Extend ``owner``'s claim and record its search's share done; False if the claim is no longer its."""
        with Session(self.engine) as s, s.begin():
            return bool(s.execute(update(ClaimRow).where(
                ClaimRow.game_id == game_id, ClaimRow.owner == owner, ClaimRow.version == version,
            ).values(expires_at=until, share=share)).rowcount)

    def release(self, game_id: str, owner: str, version: int) -> None:
        """Give back ``owner``'s claim for ``version`` (a newer claim of the same owner stays)."""
        with Session(self.engine) as s, s.begin():
            s.execute(delete(ClaimRow).where(ClaimRow.game_id == game_id, ClaimRow.owner == owner,
                                             ClaimRow.version == version))

    def read(self, game_id: str) -> ClaimRow | None:
        with Session(self._reader) as s:
            return s.execute(select(ClaimRow).where(ClaimRow.game_id == game_id)).scalar_one_or_none()

    def sweep(self, node_prefix: str, owner: str) -> int:
        """Delete the claims of earlier runs of this node (owners starting with ``node_prefix``, not ``owner``): a
        process that starts again under its node's name takes back its games at once, not after the lease."""
        with Session(self.engine) as s, s.begin():
            return s.execute(delete(ClaimRow).where(ClaimRow.owner.startswith(node_prefix, autoescape=True),
                                                    ClaimRow.owner != owner)).rowcount
