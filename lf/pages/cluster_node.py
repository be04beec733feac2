"""What an lf process needs when it is one of several behind the proxy (``LF_NODE`` set; docs/server.md).

Two things, both about a browser reaching a process other than the one it saw last:

* **The page's socket goes back to the process that built the page.** NiceGUI keeps a page (its client)
  in the memory of the process that answered the page's GET, and the page's socket.io connection names it
  by ``client_id`` in its query. Each page answer carries that id in an ``X-LF-Client`` header; the proxy
  (deploy/haproxy.cfg.in) stores which process answered it and sends the socket, and every reconnection of
  it, to that process. Game pages themselves are routed by game id, so a game's pages and sockets all meet
  in one process; the lobby can be anywhere. If that process has died, the proxy sends the socket to
  another one, which does not know the page: the browser then reloads it, and lands on a live process.
* **Every process serves every component script** (``load_every_component``), since a page's scripts are
  fetched through the proxy from any process.
* **What a browser keeps (its seats) is read from the shared storage folder at each page request.** NiceGUI
  keeps ``app.storage.user`` in memory per process, loaded once and written back later. A seat taken in the
  lobby of process A must be known to process B, which serves the game page next: here the browser's
  storage is read again from its file for every page, and each change is written at once (not later, in a
  background task), so the next page, wherever it is served, finds it. The processes share
  ``NICEGUI_STORAGE_PATH``. Two tabs of one browser writing at the same instant in two processes can
  still overwrite each other (the last write wins).
"""

from __future__ import annotations

import contextlib
import os
from typing import Any

from nicegui import Client, app, core
from nicegui.persistence import FilePersistentDict
from nicegui.persistence.serialization import dumps

HEADER = b"x-lf-client"
#: Which process answered (tests and operators: ``curl -I``).
NODE_HEADER = b"x-lf-node"


def node() -> str | None:
    """This process's name in the cluster (``LF_NODE``), or None when it runs alone."""
    return os.environ.get("LF_NODE") or None


class ClientHeader:
    """ASGI middleware: a NiceGUI page's answer names its client (``X-LF-Client``) for the proxy's stick table;
    and the browser's user storage is read afresh before each page is built."""

    def __init__(self, app_: Any) -> None:
        self.app = app_

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        _fresh_user_storage(scope)
        name = (node() or "").encode()

        async def send_with_client(message: dict) -> None:
            if message["type"] == "http.response.start":
                headers = [*message.get("headers", []), (NODE_HEADER, name)]
                if (b"x-nicegui-content", b"page") in headers and (client_id := _client_of(scope)):
                    headers.append((HEADER, client_id.encode()))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_client)


def _client_of(scope: dict) -> str | None:
    """The NiceGUI client built for this request (the newest clients are last)."""
    for client in reversed(list(Client.instances.values())):
        request = client._request  # noqa: SLF001
        if request is not None and request.scope is scope:
            return client.id
    return None


class SharedFileDict(FilePersistentDict):
    """A browser's storage file written at once on each change (the next page may be served by another process)."""

    def backup(self) -> None:
        if not self and not self.filepath.exists():
            return
        self.filepath.parent.mkdir(exist_ok=True)
        tmp = self.filepath.with_name(f"{self.filepath.name}.{os.getpid()}.tmp")
        tmp.write_text(dumps(self, str(self.filepath), indent=self.indent), encoding=self.encoding)
        tmp.replace(self.filepath)


def _fresh_user_storage(scope: dict) -> None:
    """Replace this browser's storage in memory by what its file holds now (another process may have written)."""
    with contextlib.suppress(AssertionError, KeyError, TypeError):
        session_id = scope["session"]["id"]
        users = core.app.storage._users  # noqa: SLF001
        if session_id in users:
            fresh = SharedFileDict(core.app.storage.path / f"storage-user-{session_id}.json", encoding="utf-8")
            fresh.initialize_sync()
            users[session_id] = fresh


def load_every_component() -> None:
    """Import every NiceGUI element now, so this process serves every component script any page may ask for.

    Why: NiceGUI imports its elements on first use, and registers each one's script (``/_nicegui/<version>/
    components/<key>/select.js``) only then. A page's scripts may be fetched from any process behind the proxy,
    and one that never drew a select answered 404 for it (the page stayed blank). ``ui.refreshable`` is a function
    with a component of its own (``refreshable.js``): imported too, or the lobby stayed blank whenever the proxy
    sent that script to the process that had not yet drawn a refreshable.
    """
    from nicegui import ui

    for name, (module, _attr) in ui._LAZY_IMPORTS.items():  # noqa: SLF001
        if module.startswith(".elements.") or module == ".functions.refreshable":
            with contextlib.suppress(Exception):  # an element whose optional package is missing is never drawn
                getattr(ui, name)


def install() -> None:
    """Set this process up as a cluster node when ``LF_NODE`` is set (call from main.py before ``ui.run``)."""
    if node():
        load_every_component()
        app.add_middleware(ClientHeader)
