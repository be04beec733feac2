"""Malformed socket messages: dropped, and counted in one log line per socket at most once a minute.

Why (issue 18): NiceGUI's handlers read a socket message's fields without checking them, so every malformed
message (a missing field, a list where a text belongs, arguments that are not JSON) raised in the handler and
wrote a traceback of about 1 KB to the server log, with no limit: 200 messages wrote 216 KiB in 2 s. lf's
handlers (lf/server/sockets.py) check each message's shape first (``shaped``) and catch what still fails;
either way the message is dropped here. The first one of a socket is logged at once, with what was wrong; the
next ones are counted and reported in the socket's next line, at most one a minute.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Any

log = logging.getLogger("lf.server")

#: Seconds between two lines about one socket's malformed messages.
EVERY_S = 60.0
#: Sockets remembered at most (forgotten all at once beyond it: a new line per socket, nothing worse).
KEEP = 10_000
#: The fields each event's message must carry, with their types (``handshake``: also its implicit form).
FIELDS: dict[str, dict[str, type | tuple[type, ...]]] = {
    "event": {"client_id": str, "id": int, "listener_id": str, "args": list},
    "javascript_response": {"client_id": str, "request_id": str},
    "ack": {"client_id": str, "next_message_id": int},
    "log": {"client_id": str},
    "handshake": {"client_id": str, "tab_id": str, "document_id": str},
}


@dataclass
class _Tally:
    dropped: int = 0
    unlogged: int = 0
    last_line: float = -1e9


_tallies: dict[str, _Tally] = {}


def shaped(event: str, msg: Any) -> str | None:
    """Why ``msg`` is not a well-formed ``event`` message (None if it is)."""
    if not isinstance(msg, dict):
        return f"not an object ({type(msg).__name__})"
    for name, kind in FIELDS[event].items():
        value = msg.get(name)
        if not isinstance(value, kind) or isinstance(value, bool):
            return f"{name} missing or not {getattr(kind, '__name__', 'valid')}"
    return None


def drop(sid: str, event: str, why: str, now: float | None = None) -> bool:
    """Count one dropped message of socket ``sid``; log a line if the socket's last was ``EVERY_S`` ago.
    Returns whether a line was written."""
    now = time.monotonic() if now is None else now
    if len(_tallies) > KEEP:
        _tallies.clear()
    tally = _tallies.setdefault(sid, _Tally())
    tally.dropped += 1
    tally.unlogged += 1
    if now - tally.last_line < EVERY_S:
        return False
    log.warning("dropped %d malformed socket message%s from socket %s (%d in all; the latest: %s, %s)",
                tally.unlogged, "" if tally.unlogged == 1 else "s", sid[:12], tally.dropped, event, why[:120])
    tally.unlogged, tally.last_line = 0, now
    return True


def dropped(sid: str) -> int:
    """How many messages of socket ``sid`` were dropped (tests)."""
    tally = _tallies.get(sid)
    return 0 if tally is None else tally.dropped
