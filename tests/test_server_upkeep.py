"""A long-running public server's upkeep: idle games unloaded and reloaded on demand, old quick games and
browser storage files cleaned up, the turn timer of public games, and the settings (issue 13)."""

from __future__ import annotations

import asyncio
import os
import time
from datetime import timedelta
from pathlib import Path

import pytest
from pages_helpers import wait_for
from session_helpers import claim_humans

from sqlalchemy import text

from lf.server.cleanup import CleanupTask, run_once
from lf.server.settings import Settings
from lf.server.turn_timer import TurnTimer
from lf.session import Registry
from lf.session.unload import unload_idle
from lf.store.models import utcnow

SOLO = {"anarchists": "human", "communists": "nonplayer", "moderates": "nonplayer"}


def _age(registry: Registry, game_id: str, days: float) -> None:
    with registry.repo.engine.begin() as conn:
        conn.execute(text("UPDATE games SET updated_at = :t WHERE id = :g"),
                     {"t": utcnow() - timedelta(days=days), "g": game_id})


def test_an_idle_unwatched_game_leaves_memory_and_comes_back_on_demand(registry: Registry) -> None:
    watched = registry.create_game(SOLO, name="Watched")
    idle = registry.create_game(SOLO, name="Idle")
    token = idle.claim("anarchists", "Ana")
    state = idle.state_json()
    sub = watched.subscribe(lambda _e: None)
    later = time.monotonic() + 3600
    assert unload_idle(registry, idle_s=600, now=later) == [idle.id]
    assert set(registry.loaded) == {watched.id}  # a game a page watches stays
    again = registry.get(idle.id)  # transparently reloaded from the database
    assert again is not idle and again.state_json() == state and again.seat_of(token) == "anarchists"
    assert unload_idle(registry, idle_s=600) == []  # just used: not idle
    sub.close()


def test_the_cleanup_deletes_old_quick_games_and_unused_storage_files(registry: Registry, tmp_path: Path) -> None:
    finished_demo = registry.create_game({f: "nonplayer" for f in ("communists", "moderates")}, mode="demo")
    finished_demo.end("test: over")
    abandoned_demo = registry.create_game(SOLO, mode="demo")
    recent_demo = registry.create_game(SOLO, mode="demo")
    old_private = registry.create_game(SOLO, mode="standard")
    for g in (finished_demo, abandoned_demo, old_private):
        _age(registry, g.id, days=10)
    folder = tmp_path / "storage"
    folder.mkdir()
    old_file, new_file, loaded_file = (folder / f"storage-user-{n}.json" for n in ("old", "new", "loaded"))
    for f in (old_file, new_file, loaded_file):
        f.write_text("{}")
        f.chmod(0o644)
    month_ago = time.time() - 40 * 86400
    os.utime(old_file, (month_ago, month_ago))
    os.utime(loaded_file, (month_ago, month_ago))
    report = run_once(registry, Settings(demo_retention_days=7, storage_retention_days=30), folder, {"loaded"})
    assert sorted(report.deleted_games) == sorted([finished_demo.id, abandoned_demo.id])
    assert {g.id for g in registry.games()} == {recent_demo.id, old_private.id}
    assert report.deleted_files == [old_file.name]
    assert new_file.exists() and loaded_file.exists()
    assert all(f.stat().st_mode & 0o777 == 0o600 for f in folder.iterdir())


async def test_the_cleanup_runs_by_itself_every_period(registry: Registry, tmp_path: Path) -> None:
    demo = registry.create_game({f: "nonplayer" for f in ("communists", "moderates")}, mode="demo")
    demo.end("test: over")
    _age(registry, demo.id, days=10)
    task = CleanupTask(lambda: registry, Settings(cleanup_every_s=1, demo_retention_days=7), tmp_path, list)
    running = asyncio.get_running_loop().create_task(task.run())
    try:
        await wait_for(lambda: task.runs >= 1, why="the clean-up ran once, a period after it started")
        assert registry.games() == []
    finally:
        running.cancel()


def test_the_turn_timer_hands_an_idle_person_to_a_nonplayer_who_can_come_back(registry: Registry) -> None:
    two = {"anarchists": "human", "communists": "human", "moderates": "nonplayer"}
    game = registry.host_game(two, private=False, turn_seconds=60, seed=5).session
    tokens = claim_humans(game)
    untimed = registry.create_game(SOLO, seed=5)
    claim_humans(untimed)
    timer, now = TurnTimer(), time.monotonic()
    # Until only the Anarchists keep the game waiting (the Communists play at once, whenever they must decide).
    for _ in range(200):
        waiting = {w["faction"] for w in game.view()["waiting"]}
        if waiting == {"anarchists"}:
            break
        mover = "communists" if "communists" in waiting else "anarchists"
        view = game.view(tokens[mover])
        assert game.act(tokens[mover], view["version"], view["decisions"][0]["choices"][0]["action"]).ok
    assert timer.check(registry, now) == []  # the clock starts when the timer first sees the decision
    assert timer.check(registry, now + 59) == []
    assert timer.check(registry, now + 61) == [(game.id, "anarchists")]
    assert {s.faction: s.kind for s in game.seats()}["anarchists"] == "nonplayer"
    notes = [r.note or "" for r in registry.repo.log(game.id)]
    assert any("did not act within 60 seconds" in n for n in notes)
    assert game.verify() is None
    assert {s.faction: s.kind for s in untimed.seats()}["anarchists"] == "human"  # no timer, no hand-over
    game.take_back(tokens["anarchists"], "Ana is back")
    assert {s.faction: s.kind for s in game.seats()}["anarchists"] == "human"


def test_settings_come_from_the_environment_and_refuse_nonsense() -> None:
    s = Settings.from_env({"LF_GAMES_PER_HOUR": "3", "LF_ALLOWED_HOSTS": "Lf.Example.org, .x.net",
                           "LF_TRUSTED_PROXIES": "127.0.0.1"})
    assert s.games_per_hour == 3 and s.allowed_hosts == ("lf.example.org", ".x.net")
    assert s.trusted_proxies == ("127.0.0.1",) and s.live_games == Settings.live_games
    with pytest.raises(ValueError, match="LF_LIVE_GAMES must be a whole number"):
        Settings.from_env({"LF_LIVE_GAMES": "many"})
    with pytest.raises(ValueError, match="LF_GAMES_PER_HOUR must be at least 1"):
        Settings.from_env({"LF_GAMES_PER_HOUR": "0"})
