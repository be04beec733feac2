"""Database fixtures for the store and session tests: every test runs on SQLite and on PostgreSQL.

PostgreSQL is a throwaway cluster from Debian's packages (lf.store.pg_cluster),
started once per test session and removed at its end; each test gets its own
database. Without the server binaries the PostgreSQL half is skipped, with the
reason, except on CI (CI=true), where that is a failure.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator

import pytest

from lf.session import Registry
from lf.store.db import sqlite_url
from lf.store.pg_cluster import TempCluster, find_bindir

BACKENDS = ("sqlite", "postgresql")


def _on_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[TempCluster]:
    if find_bindir() is None:
        reason = ("PostgreSQL server binaries (initdb, pg_ctl) not found: install Debian's postgresql "
                  "package (scripts/test.sh does, as root) to run the PostgreSQL half of the suite")
        if _on_ci():
            pytest.fail(f"CI=true: {reason}")
        pytest.skip(reason)
    cluster = TempCluster(fast=True).start()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(params=BACKENDS)
def new_db(request: pytest.FixtureRequest, tmp_path) -> Iterator[Callable[[], str]]:
    """A factory of fresh, empty database URLs on the test's backend (all removed at its end)."""
    made: list[str] = []
    cluster: TempCluster | None = request.getfixturevalue("pg_cluster") if request.param == "postgresql" else None

    def make() -> str:
        name = f"lf_test_{uuid.uuid4().hex[:12]}"
        made.append(name)
        return sqlite_url(tmp_path / f"{name}.db") if cluster is None else cluster.create_database(name)

    make.backend = request.param  # type: ignore[attr-defined]
    yield make
    if cluster is not None:
        for name in made:
            cluster.drop_database(name)


@pytest.fixture
def db_url(new_db: Callable[[], str]) -> str:
    """A fresh, empty database URL on each backend."""
    return new_db()


@pytest.fixture
def registry(db_url: str) -> Iterator[Registry]:
    reg = Registry.open(db_url)
    try:
        yield reg
    finally:
        reg.close()
