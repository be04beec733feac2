"""``python -m lf.tools.trace_server``: the lf server (``main.py``) with timing probes, for ``bench-browsers``.

Why: a click's latency on the other devices mixes four delays (the acting browser sending, the server
handling the move and drawing every page, the network and the receiving browser's busy main thread, then
that browser drawing). The browsers can stamp the click and the moment they draw; only the server knows
when the event reached it and when each page's update left. This wrapper writes those two moments, one
JSON line each, to ``LF_TRACE_FILE``, so the benchmark can split the latency. Nothing else changes: the
same pages, the same NiceGUI. Times are wall-clock milliseconds (``time.time()``), the scale the browsers'
``performance.timeOrigin + performance.now()`` uses on the same machine.

Lines: ``{"t": ms, "c": client id, "k": "event"}`` when a browser event reaches the server (before it is
handled), ``{"t": ms, "c": client id, "k": "emit", "v": version, "n": bytes}`` when an update that carries a
game page's new ``data-version`` has been handed to the websocket; ``{"t": start, "k": "act", "g": game,
"ms": duration}`` for each move's session call (worker thread) and ``{"t": start, "k": "sync", "c": client,
"v": version, "ms": duration}`` for each page's re-draw after a change (event loop).
"""

from __future__ import annotations

import json
import os
import runpy
import time
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parents[2]


def _version_in(update: dict[str, Any]) -> int | None:
    """The ``data-version`` an update message gives a game page's root, if it does."""
    for element in update.values():
        if isinstance(element, dict):
            version = (element.get("props") or {}).get("data-version")
            if version is not None:
                return int(version)
    return None


def install(out: IO[str]) -> None:
    """Wrap NiceGUI's event intake and outbox emit to note when events arrive and versions leave."""
    from nicegui import Client
    from nicegui.outbox import Outbox

    def write(record: dict[str, Any]) -> None:
        out.write(json.dumps(record) + "\n")

    handle_event = Client.handle_event

    def traced_handle_event(self: Client, msg: dict) -> None:
        write({"t": time.time() * 1000, "c": self.id, "k": "event"})
        handle_event(self, msg)

    emit = Outbox._emit  # noqa: SLF001

    async def traced_emit(self: Outbox, message: tuple) -> None:
        client_id, kind, data = message
        version = _version_in(data) if kind == "update" else None
        await emit(self, message)
        if version is not None:
            write({"t": time.time() * 1000, "c": client_id, "k": "emit", "v": version,
                   "n": len(json.dumps(data, default=str))})

    Client.handle_event = traced_handle_event  # type: ignore[method-assign]
    Outbox._emit = traced_emit  # type: ignore[method-assign]  # noqa: SLF001
    _probe_pages(write)


def _probe_pages(write: Any) -> None:
    """The session call a move makes (in a worker thread) and each page's sync (its view fetched in a worker
    thread, drawn on the loop), start and end."""
    from lf.pages import game
    from lf.pages import session_port as port

    act = port.act

    def traced_act(game_id: str, *args: Any, **kwargs: Any) -> Any:
        t0 = time.time() * 1000
        try:
            return act(game_id, *args, **kwargs)
        finally:
            write({"t": t0, "k": "act", "g": game_id, "ms": time.time() * 1000 - t0})

    sync = game.GameScreen.sync

    async def traced_sync(self: game.GameScreen) -> None:
        t0 = time.time() * 1000
        await sync(self)
        write({"t": t0, "k": "sync", "c": self.client.id, "v": self.view["version"], "ms": time.time() * 1000 - t0})

    port.act = traced_act
    game.GameScreen.sync = traced_sync  # type: ignore[method-assign]


def main() -> None:
    path = os.environ.get("LF_TRACE_FILE")
    if not path:
        raise SystemExit("trace_server: set LF_TRACE_FILE to the file the probes write to")
    out = open(path, "a", buffering=1, encoding="utf-8")  # noqa: SIM115 - open for the server's whole life
    install(out)
    runpy.run_path(str(ROOT / "main.py"), run_name="__main__")


if __name__ == "__main__":
    main()
