"""The outermost layer of every HTTP request and websocket: who may ask, and what every answer carries.

- Host allow-list: a request for a host name that is not ours (lf/server/hosts.py) is refused with 403 (DNS
  rebinding); the websocket of NiceGUI's pages is an HTTP request too, so it is refused the same way.
- Origin allow-list: a browser request sent by a page of another site (its Origin header) is refused with
  403, so no other site can drive a visitor's browser into our pages or sockets with their cookies.
- Frame protection: ``X-Frame-Options: DENY`` and ``frame-ancestors 'none'`` (no click-jacking in a frame),
  plus ``nosniff`` and ``no-referrer`` (a private game's invite code never leaves in a Referer).
- ``Secure`` cookies when the request came over HTTPS: directly, or through a trusted proxy that says so in
  ``X-Forwarded-Proto`` (LF_TRUSTED_PROXIES).
"""

from __future__ import annotations

import logging
from typing import Any

from .hosts import allowed, host_of_header, host_of_origin
from .visitors import from_trusted_proxy, header

log = logging.getLogger("lf.server")

HEADERS = (
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy", b"frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)


def refusal(scope: dict[str, Any]) -> str | None:
    """Why this request is refused, or None."""
    host = host_of_header(header(scope, b"host"))
    if from_trusted_proxy(scope) and (forwarded := header(scope, b"x-forwarded-host")):
        host = host_of_header(forwarded.split(",")[0])
    if not allowed(host):
        return "this server does not answer to that host name"
    origin = header(scope, b"origin")
    if origin and not allowed(host_of_origin(origin)):
        return "requests from pages of other sites are refused"
    return None


def is_https(scope: dict[str, Any]) -> bool:
    if scope.get("scheme") in ("https", "wss"):
        return True
    return from_trusted_proxy(scope) and header(scope, b"x-forwarded-proto").split(",")[0].strip() == "https"


class Guard:
    """ASGI middleware (installed outermost by lf.server.install)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        why = refusal(scope)
        if why is not None:
            log.warning("refused %s %s: %s", scope["type"], scope.get("path", "")[:80], why)
            await _refuse(scope, send, why)
            return
        secure = is_https(scope)

        async def send_with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() not in dict(HEADERS)]
                headers += HEADERS
                if secure:
                    headers = [(k, _secure(v) if k.lower() == b"set-cookie" else v) for k, v in headers]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _secure(cookie: bytes) -> bytes:
    return cookie if b"; secure" in cookie.lower() else cookie + b"; Secure"


async def _refuse(scope: dict[str, Any], send: Any, why: str) -> None:
    if scope["type"] == "websocket":  # closing before accepting answers the upgrade with 403
        await send({"type": "websocket.close", "code": 1008, "reason": why})
        return
    body = f"Forbidden: {why}.\n".encode()
    await send({"type": "http.response.start", "status": 403,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(body)).encode()), *HEADERS]})
    await send({"type": "http.response.body", "body": body})
