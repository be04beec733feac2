"""The periodic clean-up of a long-running public server: idle games out of memory, old quick games and
abandoned browser storage files off the disk.

- Games idle for LF_IDLE_UNLOAD_S and watched by no page are unloaded (lf/session/unload.py).
- Quick games ("Play now", mode ``demo``) finished, or abandoned unfinished, for LF_DEMO_RETENTION_DAYS days
  are deleted with their log. Other games are the players' and are kept until their host deletes them.
- NiceGUI writes one ``storage-user-<browser>.json`` per browser, including every cookieless visit, and
  never removes it: a file unused for LF_STORAGE_RETENTION_DAYS days (and not loaded now) is deleted. Every
  storage file is made readable by the server's user only (0600).

``run_once`` does one pass; ``CleanupTask`` runs it every LF_CLEANUP_EVERY_S seconds in a worker thread.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

from lf.session import Registry, SessionError
from lf.session.unload import unload_idle
from lf.store.models import utcnow

from .settings import Settings

log = logging.getLogger("lf.server")

USER_FILES = "storage-user-*.json"


@dataclass
class CleanupReport:
    unloaded: list[str] = field(default_factory=list)
    deleted_games: list[str] = field(default_factory=list)
    deleted_files: list[str] = field(default_factory=list)


def old_demo_games(registry: Registry, days: float) -> list[str]:
    before = utcnow() - timedelta(days=days)
    return [g for status in ("finished", "active") for g in registry.repo.stale_games("demo", status, before)]


def old_storage_files(folder: Path, days: float, in_use: set[str], now: float | None = None) -> list[Path]:
    """The browser storage files in ``folder`` unused for ``days`` days and not loaded (``in_use``: browser ids)."""
    now = time.time() if now is None else now
    out = []
    for path in folder.glob(USER_FILES):
        browser = path.name[len("storage-user-"):-len(".json")]
        try:
            idle = now - path.stat().st_mtime
        except FileNotFoundError:
            continue
        if browser not in in_use and idle >= days * 86400:
            out.append(path)
    return out


def run_once(registry: Registry, settings: Settings, storage_folder: Path | None, in_use: set[str]) -> CleanupReport:
    report = CleanupReport(unloaded=unload_idle(registry, settings.idle_unload_s))
    try:
        for game_id in old_demo_games(registry, settings.demo_retention_days):
            if registry.loaded.get(game_id) is not None and registry.loaded[game_id].subscriber_count:
                continue  # somebody is looking at it right now
            registry.delete_game(game_id)
            report.deleted_games.append(game_id)
    except SessionError as exc:
        log.warning("clean-up: old quick games not deleted: %s", exc)
    if storage_folder is not None and storage_folder.is_dir():
        for path in old_storage_files(storage_folder, settings.storage_retention_days, in_use):
            path.unlink(missing_ok=True)
            report.deleted_files.append(path.name)
        for path in storage_folder.glob("storage-*.json"):
            try:
                path.chmod(0o600)
            except OSError:
                pass
    if report.unloaded or report.deleted_games or report.deleted_files:
        log.info("clean-up: %d games unloaded, %d old quick games deleted, %d storage files deleted",
                 len(report.unloaded), len(report.deleted_games), len(report.deleted_files))
    return report


class CleanupTask:
    """Runs ``run_once`` every ``settings.cleanup_every_s`` seconds until cancelled."""

    def __init__(self, registry_of, settings: Settings, storage_folder: Path | None, in_use) -> None:
        self.registry_of, self.settings, self.storage_folder, self.in_use = registry_of, settings, storage_folder, in_use
        self.runs = 0

    async def run(self) -> None:
        while True:
            await asyncio.sleep(self.settings.cleanup_every_s)
            registry = self.registry_of()
            if registry is None:
                continue
            try:
                await asyncio.to_thread(run_once, registry, self.settings, self.storage_folder, set(self.in_use()))
            except SessionError as exc:
                log.warning("clean-up skipped: %s", exc)
            except Exception:
                log.exception("clean-up failed; it runs again later")
            self.runs += 1
