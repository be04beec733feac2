"""Who is asking: the visitor's address (believing X-Forwarded-For only from a trusted proxy) and its key.

A visitor is an address, not a browser: a script can throw its cookies away at every request, it cannot
change its address as easily. Every per-visitor limit counts the address (lf/server/limits.py,
lf/server/page_gate.py, lf/server/spectators.py, lf/server/lobby_pages.py).

Behind a proxy, the proxy's own address opens every connection; the visitor's is the one the proxy appended to
``X-Forwarded-For``. A client may send its own ``X-Forwarded-For`` to the proxy, which keeps it in front, so the
list is read from the right: the first address that is not one of ``LF_TRUSTED_PROXIES`` is the visitor's
(the proxy set-up of docs/server.md). From anyone but a trusted proxy, the header is ignored.

The database keeps only the visitor's key: an HMAC-SHA256 of the address keyed with a secret derived from the
server's storage secret. A plain SHA-256 of an address can be reversed by trying all 2^32 IPv4 addresses;
without the secret, the key cannot.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

from nicegui.storage import Storage

from .settings import settings

_keys: dict[str, bytes] = {}


def peer_address(scope: dict[str, Any]) -> str:
    """The address of the machine that opened the connection (a proxy's, behind one)."""
    client = scope.get("client")
    return str(client[0]) if client else ""


def header(scope: dict[str, Any], name: bytes) -> str:
    """The first value of a header ("" if absent)."""
    for key, value in scope.get("headers") or ():
        if key.lower() == name:
            return value.decode("latin-1")
    return ""


def header_list(scope: dict[str, Any], name: bytes) -> list[str]:
    """Every comma-separated entry of every line of a header, in order (several lines are one list, RFC 9110)."""
    return [part.strip() for key, value in scope.get("headers") or () if key.lower() == name
            for part in value.decode("latin-1").split(",")]


def from_trusted_proxy(scope: dict[str, Any]) -> bool:
    return peer_address(scope) in settings().trusted_proxies


def visitor_address(scope: dict[str, Any]) -> str:
    """The visitor's address: behind a trusted proxy, the right-most X-Forwarded-For entry that is not a trusted
    proxy itself; otherwise the peer's."""
    if not from_trusted_proxy(scope):
        return peer_address(scope)
    trusted = settings().trusted_proxies
    for address in reversed(header_list(scope, b"x-forwarded-for")):
        if address and address not in trusted:
            return address
    return peer_address(scope)


def _key() -> bytes:
    secret = Storage.secret or ""
    if secret not in _keys:
        _keys[secret] = hashlib.sha256(b"lf visitor key\0" + secret.encode()).digest()
    return _keys[secret]


def address_key(address: str) -> str:
    """The keyed hash of an address (HMAC-SHA256 with the server's secret): what the database keeps."""
    return hmac.new(_key(), address.encode(), hashlib.sha256).hexdigest()


def visitor_key(scope: dict[str, Any]) -> str:
    return address_key(visitor_address(scope))
