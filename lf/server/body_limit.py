"""No request body larger than a game file may be: refused before it is read.

Why (issue 18): the import's size limit lived only in the browser (Quasar's uploader); files of 6, 20 and 60 MB
posted directly to the upload's address were read whole and imported (60 MB: +235 MB of server memory, a 60 MB
game page). Here a body is refused with HTTP 413 and a plain sentence:

* when its ``Content-Length`` says it is larger than ``MAX_BODY_BYTES``, before a byte of it is read;
* when it comes in chunks without a length, as soon as the chunks read so far pass the limit (at most
  ``MAX_BODY_BYTES`` are ever held; a body within the limit is handed to the page as it came).

``MAX_BODY_BYTES`` is the largest game file (lf/session/game_file.py) plus room for the upload's form fields.
"""

from __future__ import annotations

import logging
from typing import Any

from lf.session.game_file import MAX_FILE_BYTES

from .visitors import header

log = logging.getLogger("lf.server")

MAX_BODY_BYTES = MAX_FILE_BYTES + 64_000
TOO_LARGE = (f"That request is larger than {MAX_FILE_BYTES // 1_000_000} MB: a game file is never so large "
             "(a whole game's file is about 45 KB). Nothing was read or imported.")


class BodyLimit:
    """ASGI middleware: HTTP bodies over ``MAX_BODY_BYTES`` are refused with 413."""

    def __init__(self, app: Any, limit: int = MAX_BODY_BYTES) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope.get("method") in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        length = header(scope, b"content-length")
        if length:
            if not length.isdigit() or int(length) > self.limit:
                await _too_large(scope, send)
                return
            await self.app(scope, receive, send)
            return
        if header(scope, b"transfer-encoding").lower() != "chunked":
            await self.app(scope, receive, send)
            return
        body = await _read_at_most(receive, self.limit)
        if body is None:
            await _too_large(scope, send)
            return
        await self.app(scope, _replay(body, receive), send)


async def _read_at_most(receive: Any, limit: int) -> bytes | None:
    """The whole body, or None as soon as more than ``limit`` bytes came (the rest is never read)."""
    chunks, size = [], 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return b"".join(chunks)
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body"):
            return b"".join(chunks)


def _replay(body: bytes, receive: Any) -> Any:
    sent = False

    async def again() -> dict[str, Any]:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()  # after the body: the disconnect, when it comes

    return again


async def _too_large(scope: dict[str, Any], send: Any) -> None:
    log.warning("refused a request body over %d bytes (%s %s)", MAX_BODY_BYTES, scope.get("method"),
                str(scope.get("path", ""))[:80])
    body = (TOO_LARGE + "\n").encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(body)).encode()), (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})
