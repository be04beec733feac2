"""Who is asking: the visitor's address (believing X-Forwarded-For only from a trusted proxy) and its key.

A visitor is an address, not a browser: a script can throw its cookies away at every request, it cannot
change its address as easily. The database keeps only a keyed hash of it (``games.creator``), for the
games-per-hour limit, never the address itself.
"""

from __future__ import annotations

import hashlib
from typing import Any

from .settings import settings


def peer_address(scope: dict[str, Any]) -> str:
    """The address of the machine that opened the connection (a proxy's, behind one)."""
    client = scope.get("client")
    return str(client[0]) if client else ""


def header(scope: dict[str, Any], name: bytes) -> str:
    for key, value in scope.get("headers") or ():
        if key.lower() == name:
            return value.decode("latin-1")
    return ""


def from_trusted_proxy(scope: dict[str, Any]) -> bool:
    return peer_address(scope) in settings().trusted_proxies


def visitor_address(scope: dict[str, Any]) -> str:
    """The visitor's address: the first X-Forwarded-For entry when a trusted proxy sent it, else the peer's."""
    if from_trusted_proxy(scope):
        forwarded = header(scope, b"x-forwarded-for").split(",")[0].strip()
        if forwarded:
            return forwarded
    return peer_address(scope)


def visitor_key(scope: dict[str, Any]) -> str:
    return hashlib.sha256(b"lf visitor\0" + visitor_address(scope).encode()).hexdigest()
