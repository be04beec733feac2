"""Schema creation and upgrades: a fresh database, a database made by lf 0.1 (schema 1), refusals."""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path

import pytest
from sqlalchemy import Engine, inspect, text

from lf.engine import apply, new_game, to_json
from lf.engine.game import ENGINE_VERSION
from lf.session import Registry, SeatUnavailable
from lf.session.tokens import token_hash
from lf.store import migrations
from lf.store.db import database_url, make_engine, sqlite_url
from lf.store.migrations import LATEST, MIGRATIONS, Migration, SchemaError, current_version, migrate
from lf.store.models import ActionRow, ClaimRow, CoachMarkRow, GameRow, HealthRow, SchemaVersion, SeatRow, SnapshotRow
from lf.store.repository import Repository
from session_helpers import pick, reference_game

FIXTURE_V1 = Path(__file__).parent / "fixtures" / "schema_v1.sql"
MODELS = (SchemaVersion, GameRow, SeatRow, ActionRow, SnapshotRow, HealthRow, ClaimRow, CoachMarkRow)
HUMANS = {"anarchists": "human", "communists": "human", "moderates": "human"}


def run_sql_file(engine: Engine, path: Path) -> None:
    statements = [s.strip() for s in re.sub(r"--[^\n]*", "", path.read_text()).split(";") if s.strip()]
    with engine.begin() as conn:
        for statement in statements:
            conn.exec_driver_sql(statement)


def columns(engine: Engine) -> dict[str, dict[str, bool]]:
    insp = inspect(engine)
    return {t: {c["name"]: c["nullable"] for c in insp.get_columns(t)} for t in insp.get_table_names()}


def model_columns() -> dict[str, dict[str, bool]]:
    return {m.__table__.name: {c.name: c.nullable for c in m.__table__.columns} for m in MODELS}


def test_a_fresh_database_is_created_at_the_current_schema_matching_the_models(db_url: str) -> None:
    engine = make_engine(db_url)
    try:
        assert current_version(engine) == 0
        assert migrate(engine) == LATEST
        assert columns(engine) == model_columns()
        assert "ix_games_status_updated" in {i["name"] for i in inspect(engine).get_indexes("games")}
        with engine.begin() as conn:
            assert [r[0] for r in conn.execute(text("SELECT version FROM schema_version ORDER BY version"))] == \
                list(range(1, LATEST + 1))
    finally:
        engine.dispose()


def test_migrations_are_idempotent(db_url: str) -> None:
    engine = make_engine(db_url)
    try:
        migrate(engine)
        before = columns(engine)
        for m in MIGRATIONS:  # applying each one again on an up-to-date database changes nothing
            with engine.begin() as conn:
                m.apply(conn)
        assert migrate(engine) == LATEST
        assert columns(engine) == before
        with engine.begin() as conn:
            assert conn.execute(text("SELECT COUNT(*) FROM schema_version")).scalar() == LATEST
    finally:
        engine.dispose()


def test_the_v1_fixture_is_what_migration_1_creates(new_db) -> None:
    a, b = make_engine(new_db()), make_engine(new_db())
    try:
        run_sql_file(a, FIXTURE_V1)
        assert migrate(b, target=1) == 1
        assert columns(a) == columns(b)
        assert current_version(a) == 1
    finally:
        a.dispose()
        b.dispose()


def _fill_like_lf_0_1(engine: Engine, game_id: str, token: str) -> tuple[str, int]:
    """A 3-human game 25 steps in, stored as lf 0.1 did: log rows without kind, a snapshot without checksum."""
    # lf 0.1 dealt with SplitMix64, and its games were replayed with the cards lf had at schema 5 (lf-original-3, its
    # cards lf-original-0 not kept): the migration to schema 5 records both
    old_generator = {"generator": 1, "content": "lf-original-3"}
    # a game still going 25 steps in (searched with the engine: the content decides which seeds last)
    seed, state = next((s, g) for s in range(18, 200)
                       if (g := reference_game(s, HUMANS, s, steps=25, options=old_generator)).result is None)
    at_20 = new_game(seed, HUMANS, old_generator)
    for e in state.actions[:20]:
        apply(at_20, e["faction"], e["action"])
    now = "2024-05-01 12:00:00"
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO games VALUES (:id, 'Old game', 'standard', :seed, '{}', :seats, "
                          "'lf-original-0', '0', 'active', :v, :t, :t, NULL)"),
                     {"id": game_id, "seed": seed, "seats": json.dumps(HUMANS), "v": len(state.actions), "t": now})
        for f in HUMANS:
            conn.execute(text("INSERT INTO seats VALUES (:g, :f, 'human', :n, :h, :t)"),
                         {"g": game_id, "f": f, "n": f.title(), "t": now,
                          "h": token_hash(token) if f == "anarchists" else None})
        for i, e in enumerate(state.actions, start=1):
            conn.execute(text("INSERT INTO actions VALUES (:g, :s, :f, :a, NULL, :t)"),
                         {"g": game_id, "s": i, "f": e["faction"], "a": json.dumps(e["action"]), "t": now})
        conn.execute(text("INSERT INTO snapshots VALUES (:g, 20, :st, :t)"),
                     {"g": game_id, "st": to_json(at_20), "t": now})
    return to_json(state), len(state.actions)


def test_a_database_made_at_schema_1_upgrades_and_its_games_play_on(db_url: str) -> None:
    engine = make_engine(db_url)
    run_sql_file(engine, FIXTURE_V1)
    token = "kept-by-the-browser-since-lf-0.1"
    old_state, rows = _fill_like_lf_0_1(engine, "0123456789ab", token)

    assert migrate(engine) == LATEST
    assert columns(engine) == model_columns()
    with engine.begin() as conn:
        assert {r[0] for r in conn.execute(text("SELECT DISTINCT kind FROM actions"))} == {"action"}
        assert conn.execute(text("SELECT sha256 FROM snapshots")).scalar() is None
        # schema 5: the seed's digits, and the generator the game was dealt with, so its log replays as it was
        seed, seed_text, options = conn.execute(text("SELECT seed, seed_text, options FROM games")).one()
        # (an lf 0.1 game's cards, lf-original-0, were not kept: it plays on with the cards it was replayed with)
        assert (seed_text, options) == (str(seed), '{"content": "lf-original-3", "generator": 1}')

    reg = Registry(Repository(engine))
    try:
        game = reg.get("0123456789ab")
        assert game.status == "active" and game.version == rows
        assert game.hints is True  # schema 7: a game made before the host's switch allows the coach's hints
        assert game.state_json() == old_state
        assert any("no checksum" in n for n in game.load_notes)  # the v1 snapshot is not trusted...
        assert game.verify() is None
        assert game.seat_of(token) == "anarchists"              # ...but seat tokens still work
        # the game continues: every human plays, the Anarchists take a step back with the new undo rows
        tokens = {"anarchists": token, "communists": game.claim("communists"), "moderates": game.claim("moderates")}
        undone = 0
        for _ in range(10):
            if game.status != "active":
                break
            f = game.view()["waiting"][0]["faction"]
            view = game.view(tokens[f])
            choices = view["decisions"][0]["choices"]
            res = game.act(tokens[f], view["version"], choices[pick(1, view["version"], f, len(choices))]["action"])
            assert res.ok, res.message
            if f == "anarchists" and res.view["can_undo"]:
                assert game.undo(token, res.version).ok
                undone += 1
                res = game.act(tokens[f], game.version, choices[0]["action"])
                assert res.ok
        assert undone > 0
        after = game.state_json()
        reg.evict(game.id)
        again = reg.get(game.id)
        assert again.state_json() == after and again.verify() is None
        assert not any("no checksum" in n for n in again.load_notes)  # replaced by a checked snapshot
    finally:
        reg.close()


def test_a_database_from_a_newer_lf_is_refused(db_url: str) -> None:
    engine = make_engine(db_url)
    try:
        migrate(engine)
        with engine.begin() as conn:
            conn.execute(text("INSERT INTO schema_version VALUES (99, CURRENT_TIMESTAMP, 'from the future')"))
        with pytest.raises(SchemaError, match="newer lf"):
            migrate(engine)
    finally:
        engine.dispose()


def test_a_failing_migration_changes_nothing(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    engine = make_engine(db_url)
    try:
        migrate(engine, target=1)

        def half_done(conn) -> None:
            conn.exec_driver_sql("ALTER TABLE games ADD COLUMN half_done TEXT")
            raise RuntimeError("disk full")

        monkeypatch.setattr(migrations, "MIGRATIONS", (MIGRATIONS[0], Migration(2, "broken", half_done)))
        with pytest.raises(SchemaError, match="failed, nothing was changed: disk full"):
            migrations.migrate(engine, target=2)
        assert "half_done" not in columns(engine)["games"]   # DDL rolled back, on SQLite too
        assert current_version(engine) == 1
        monkeypatch.undo()
        assert migrate(engine) == LATEST
    finally:
        engine.dispose()


def start_servers_at_once(db_url: str, servers: int = 4) -> None:
    """``servers`` engines (stand-ins for lf processes) migrate one database at the same moment."""
    engines = [make_engine(db_url) for _ in range(servers)]
    errors: list[BaseException] = []

    def start(engine: Engine) -> None:
        try:
            migrate(engine)
        except BaseException as exc:  # noqa: BLE001  (reported below)
            errors.append(exc)

    threads = [threading.Thread(target=start, args=(e,)) for e in engines]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    try:
        assert errors == []
        with engines[0].begin() as conn:
            assert conn.execute(text("SELECT COUNT(*) FROM schema_version")).scalar() == LATEST
    finally:
        for e in engines:
            e.dispose()


def test_two_servers_starting_at_once_upgrade_once(db_url: str) -> None:
    start_servers_at_once(db_url)


def test_servers_opening_a_new_sqlite_file_at_once_all_start(tmp_path: Path) -> None:
    """A new file's switch to WAL, raced by several connections, used to fail one in ~10 races with
    "database is locked" (SQLite does not wait on that lock); forty races make a regression show."""
    for attempt in range(40):
        path = tmp_path / f"race{attempt}.db"
        start_servers_at_once(sqlite_url(path))
        engine = make_engine(sqlite_url(path))
        try:
            with engine.connect() as conn:
                assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        finally:
            engine.dispose()


def test_sqlite_file_settings(tmp_path: Path) -> None:
    engine = make_engine(sqlite_url(tmp_path / "a" / "lf.db"))
    try:
        with engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert (tmp_path / "a" / "lf.db").exists()
    finally:
        engine.dispose()


def test_database_url_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert database_url({}) == f"sqlite:///{tmp_path / 'lf.db'}"
    assert database_url({"LF_DB": "games/x.db"}) == f"sqlite:///{tmp_path / 'games' / 'x.db'}"
    assert database_url({"DATABASE_URL": "postgres://u@h/db", "LF_DB": "x.db"}) == "postgresql+psycopg://u@h/db"
    assert database_url({"DATABASE_URL": "postgresql://u@h:5/db"}) == "postgresql+psycopg://u@h:5/db"
    with pytest.raises(ValueError, match="LF_DB"):
        make_engine("sqlite://")


def test_first_start_creates_the_sqlite_file_with_nothing_to_install(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("LF_DB", str(tmp_path / "fresh" / "lf.db"))
    reg = Registry.open()
    try:
        game = reg.create_game(seed=3)
        assert (tmp_path / "fresh" / "lf.db").exists()
        assert current_version(reg.repo.engine) == LATEST
        assert reg.get(game.id) is game
        assert game.engine_version == ENGINE_VERSION
    finally:
        reg.close()


def test_private_games_made_before_seat_invitations_keep_the_links_already_sent(db_url: str) -> None:
    """Issue 18: one invitation per seat (a new one when a seat is freed). A private game stored before has one
    code for the game, already in the links its host sent: after the upgrade those links still take their
    seats; a seat freed afterwards gets a code of its own, and the old link no longer takes it."""
    upgrade = next(m for m in MIGRATIONS if m.apply is migrations._seat_invitations_and_holders)
    engine = make_engine(db_url)
    migrate(engine, target=upgrade.version - 1)
    held = "kept-by-the-anarchists-browser"
    now = "2025-05-01 12:00:00"
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO games (id, name, mode, seed, options, seats, content_version, engine_version, "
                          "status, version, created_at, updated_at, invite_code) VALUES ('00000000000a', 'Before', "
                          "'standard', 7, '{}', :seats, 'lf-original-2', '2', 'active', 0, :t, :t, 'OLD-CODE')"),
                     {"seats": json.dumps(HUMANS), "t": now})
        for f in HUMANS:
            conn.execute(text("INSERT INTO seats (game_id, faction, kind, display_name, token_hash, claimed_at) "
                              "VALUES ('00000000000a', :f, 'human', :n, :h, :c)"),
                         {"f": f, "n": f.title(), "h": token_hash(held) if f == "anarchists" else None,
                          "c": now if f == "anarchists" else None})
    assert migrate(engine) == LATEST
    assert columns(engine) == model_columns()
    reg = Registry(Repository(engine))
    try:
        game = reg.get("00000000000a")
        assert not game.public and game.seat_of(held) == "anarchists"
        assert game.seat_invites() == {f: "OLD-CODE" for f in HUMANS}
        assert game.claim("communists", "Carme", invite="OLD-CODE")  # the link the host sent still works
        game.release_seat("anarchists")  # freed: a new invitation, which the host's dialog shows
        fresh = game.seat_invites()["anarchists"]
        assert fresh != "OLD-CODE"
        with pytest.raises(SeatUnavailable, match="private"):
            game.claim("anarchists", "Back", invite="OLD-CODE")
        reg.evict(game.id)  # the new invitation is stored, not only in memory
        assert reg.get(game.id).claim("anarchists", "Ana", invite=fresh)
        new = reg.host_game(HUMANS, name="After").invites  # a game made now: a code of its own per seat
        assert set(new) == set(HUMANS) and len(set(new.values())) == 3
    finally:
        reg.close()
