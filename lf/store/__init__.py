"""Persistence: SQLModel tables, engines for SQLite and PostgreSQL, migrations, and all SQL.

``open_repository()`` is the one entry point: it picks the database from the
environment (``DATABASE_URL``, else the ``LF_DB`` SQLite file, default
``lf.db``), creates or upgrades its schema, and returns the Repository the
session layer writes through. See docs/persistence.md.
"""

from __future__ import annotations

from .db import database_url, make_engine
from .migrations import LATEST as SCHEMA_VERSION
from .migrations import SchemaError, migrate
from .repository import Repository, StoreError, VersionConflict


def open_repository(url: str | None = None) -> Repository:
    """A ready database: created on first use, upgraded to the current schema."""
    engine = make_engine(url)
    try:
        migrate(engine)
    except BaseException:
        engine.dispose()
        raise
    return Repository(engine)


__all__ = ["SCHEMA_VERSION", "Repository", "SchemaError", "StoreError", "VersionConflict",
           "database_url", "make_engine", "migrate", "open_repository"]
