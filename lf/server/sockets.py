"""Socket events reach only the page of the socket that sent them; browser log lines are sanitised.

NiceGUI 3.18 (``nicegui/nicegui.py``: ``_on_event``, ``_on_javascript_response``, ``_on_ack``, ``_on_log``)
routes each socket message by the ``client_id`` written *inside* the message, whatever socket sent it: any
socket that knows (or guesses) another page's client id can click in that page, answer its JavaScript
calls or acknowledge its messages, and its ``log`` event writes any line, newlines included, into the server
log. lf registers its own handlers for those four events on NiceGUI's socket.io server (no change to
site-packages): a message is handled only if the sending socket is in the room of that client, which
NiceGUI's handshake puts it in; a browser's log line is logged as one escaped, shortened line, marked as
coming from a browser, and at most ``LOG_BURST`` per socket and minute. A malformed message (a missing field,
a wrong type, arguments that are not JSON) is dropped and counted, never a traceback (lf/server/malformed.py).
"""

from __future__ import annotations

import logging
import time
from collections import defaultdict, deque
from collections.abc import Awaitable, Callable
from typing import Any

import nicegui.nicegui as nicegui_module
from nicegui import Client, core

from . import idle_gc, malformed

log = logging.getLogger("lf.browser")
guard_log = logging.getLogger("lf.server")

LOG_BURST = 20
LOG_LENGTH = 300
LEVELS = {"debug": logging.DEBUG, "info": logging.INFO, "warning": logging.WARNING, "error": logging.ERROR}
_log_times: dict[str, deque[float]] = defaultdict(deque)


def owned_client(sid: str, msg: dict) -> Client | None:
    """The client the message names, if the socket ``sid`` belongs to it (joined its room at the handshake)."""
    client = Client.instances.get(msg["client_id"])
    if client is None:
        return None
    if client.id not in core.sio.rooms(sid):
        guard_log.warning("dropped a socket message for a page that is not the socket's own")
        return None
    return client


def checked(event: str, handler: Callable[[str, dict], Any]) -> Callable[..., Any]:
    """``handler(sid, msg)`` for well-formed messages only; anything else, or anything that fails in NiceGUI's
    handling of it, is dropped and counted (lf/server/malformed.py), never a traceback in the log."""

    def on(sid: str, msg: Any = None, *_: Any) -> Any:
        why = malformed.shaped(event, msg)
        if why is not None:
            malformed.drop(sid, event, why)
            return None
        try:
            return handler(sid, msg)
        except Exception as exc:  # noqa: BLE001 - a message NiceGUI cannot handle: the sender's problem, not ours
            malformed.drop(sid, event, f"{type(exc).__name__}: {exc}")
            return None

    return on


def _on_event(sid: str, msg: dict) -> None:
    client = owned_client(sid, msg)
    if client is None or not client.has_socket_connection:
        return
    sender = client.elements.get(msg["id"])  # None: a re-draw removed it (lf's game page answers that itself)
    if sender is not None and msg["listener_id"] not in sender._event_listeners:  # noqa: SLF001
        raise ValueError("an event for no listener of that element")
    if not all(a is None or isinstance(a, str) for a in msg["args"]):
        raise ValueError("arguments that are not JSON text")
    idle_gc.acted()  # an update is on its way: no full collection now
    client.handle_event(msg)


def _on_javascript_response(sid: str, msg: dict) -> None:
    if (client := owned_client(sid, msg)) is not None:
        client.handle_javascript_response(msg)


def _on_ack(sid: str, msg: dict) -> None:
    if (client := owned_client(sid, msg)) is not None:
        client.outbox.prune_history(msg["next_message_id"])


def clean_line(text: object) -> str:
    """One printable line: control characters (newlines too) escaped, at most ``LOG_LENGTH`` characters."""
    raw = str(text)[:LOG_LENGTH]
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in raw)


def _on_log(sid: str, msg: dict) -> None:
    if owned_client(sid, msg) is None:
        return
    now = time.monotonic()
    if len(_log_times) > 10_000:  # forget the sockets long gone
        _log_times.clear()
    times = _log_times[sid]
    while times and now - times[0] > 60:
        times.popleft()
    if len(times) >= LOG_BURST:
        return
    times.append(now)
    level = LEVELS.get(str(msg.get("level")), logging.INFO)
    log.log(level, "a browser says: %s", clean_line(msg.get("message", "")))


def install() -> None:
    """Replace NiceGUI's handlers of the socket's events (called by lf.server.install on every start).

    The handshake keeps NiceGUI's own handler, after the same check: ``_on_connect`` (the implicit handshake,
    from the socket's query) calls it by its module-level name, which is replaced too.
    """
    sio = core.sio
    for event, handler in (("event", _on_event), ("javascript_response", _on_javascript_response),
                           ("ack", _on_ack), ("log", _on_log)):
        sio.on(event, handler=checked(event, handler))
    handshake = getattr(nicegui_module._on_handshake, "lf_original", nicegui_module._on_handshake)  # noqa: SLF001
    safe = checked_handshake(handshake)
    nicegui_module._on_handshake = safe  # noqa: SLF001
    sio.on("handshake", handler=safe)


def checked_handshake(handshake: Callable[[str, dict], Awaitable[bool]]) -> Callable[..., Awaitable[bool]]:
    """NiceGUI's handshake for well-formed handshakes only (a refused handshake answers False, as NiceGUI's does)."""

    async def on(sid: str, data: Any = None, *_: Any) -> bool:
        why = malformed.shaped("handshake", data)
        if why is not None:
            malformed.drop(sid, "handshake", why)
            return False
        try:
            return await handshake(sid, data)
        except Exception as exc:  # noqa: BLE001
            malformed.drop(sid, "handshake", f"{type(exc).__name__}: {exc}")
            return False

    on.lf_original = handshake  # type: ignore[attr-defined]
    return on
