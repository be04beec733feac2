"""The PostgreSQL half of the suite skips without server binaries, with its reason, except on CI where it fails."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).parent


def run_without_postgresql(tmp_path: Path, ci: str) -> str:
    (tmp_path / "conftest.py").write_text(
        "import db_fixtures\n"
        "db_fixtures.find_bindir = lambda: None  # as on a machine without Debian's postgresql package\n"
        "from db_fixtures import db_url, new_db, pg_cluster  # noqa: F401\n")
    (tmp_path / "test_backends.py").write_text("def test_backend(db_url):\n    assert db_url\n")
    env = {**os.environ, "CI": ci, "PYTHONPATH": os.pathsep.join([str(TESTS), str(TESTS.parent)])}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-rsE", "-p", "no:cacheprovider", str(tmp_path)],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    return done.stdout


@pytest.mark.parametrize("ci", ["", "false"])
def test_skips_with_a_reason_off_ci(tmp_path: Path, ci: str) -> None:
    out = run_without_postgresql(tmp_path, ci)
    assert "1 passed, 1 skipped" in out and "PostgreSQL server binaries (initdb, pg_ctl) not found" in out


def test_fails_on_ci(tmp_path: Path) -> None:
    out = run_without_postgresql(tmp_path, "true")
    assert "1 passed, 1 error" in out and "CI=true: PostgreSQL server binaries" in out
