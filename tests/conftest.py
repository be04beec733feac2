"""Shared pytest fixtures (the database fixtures live in db_fixtures.py)."""

from db_fixtures import db_url, new_db, pg_cluster, registry  # noqa: F401  (fixtures for tests/test_store_*, test_session_*)

# NiceGUI's `user` fixture (simulated browsers, no real browser) for tests/test_pages_*.
pytest_plugins = ["nicegui.testing.user_plugin"]

# Test-only cards for the rule tests (tests/test_rules_*, test_effects).
from engine_fixtures import card, fascist, plain_fascist  # noqa: E402,F401
