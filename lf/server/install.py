"""Wire lf's server concerns into NiceGUI's app (called by main.py before ``ui.run``)."""

from __future__ import annotations

import os

from nicegui import app, background_tasks
from nicegui.storage import Storage
from starlette.middleware.sessions import SessionMiddleware

from lf.session.registry import opened_registry

from . import idle_gc, page_gate, sockets
from .cleanup import CleanupTask
from .computer_seats import resume_computers
from .body_limit import BodyLimit
from .guard import Guard
from .lobby_pages import lobby_pages
from .page_gate import PageGate, let_go_of_unopened_pages
from .settings import Settings, set_settings
from .spectators import spectators
from .suggestions import suggestions
from .turn_timer import TurnTimer


def install(storage_secret: str) -> None:
    """Settings checked, files private, the guard outermost, socket events checked, background tasks started.

    NiceGUI's session middleware is added here (with the storage secret ``ui.run`` gets too: NiceGUI then
    keeps it and adds only its request tracking), so that the guard is outside it and sees the cookie it sets.
    """
    set_settings(Settings.from_env())  # a bad value stops the server here, with the variable's name
    if not os.environ.get("NICEGUI_USER_SIMULATION"):  # (not in the test process that simulates browsers)
        os.umask(0o077)  # the database, the storage files, the secret: readable by the server's user only
    app.add_middleware(SessionMiddleware, secret_key=storage_secret)
    page_gate.reset()  # a start forgets what the last one counted (the test process starts lf once per test)
    spectators.clear()
    lobby_pages.clear()
    suggestions.clear()
    app.add_middleware(PageGate)  # inside the guard: a refused host never spends a visitor's page budget
    app.add_middleware(BodyLimit)
    app.add_middleware(Guard)
    sockets.install()
    app.on_startup(_start_tasks)


def _start_tasks() -> None:
    from .settings import settings

    s = settings()
    cleanup = CleanupTask(opened_registry, s, Storage.path, lambda: list(app.storage._users))  # noqa: SLF001
    background_tasks.create(cleanup.run(), name="lf clean-up")
    background_tasks.create(TurnTimer().run(opened_registry), name="lf turn timer")
    background_tasks.create(let_go_of_unopened_pages(), name="lf pages that never connected let go")
    background_tasks.create(resume_computers(opened_registry), name="lf computer seats resumed")
    if not os.environ.get("NICEGUI_USER_SIMULATION"):
        background_tasks.create(idle_gc.collector.run(), name="lf full garbage collection when idle")
