"""The names this server answers to: this machine's own names and addresses, and LF_ALLOWED_HOSTS.

Why: a page from any web site can make a visitor's browser talk to a server on their network if it only has
to guess the address; DNS rebinding even lets that page read the answers, under the attacker's own host
name. A request whose Host (or Origin) is not one of ours is refused before any page or socket sees it.
"""

from __future__ import annotations

import os
import socket
from functools import lru_cache
from urllib.parse import urlsplit

from lf.pages.net import lan_address

from .settings import settings

LOOPBACK = ("localhost", "127.0.0.1", "::1")


@lru_cache(maxsize=1)
def own_names() -> frozenset[str]:
    """Loopback, this machine's host names and every address they resolve to, and its LAN address."""
    names = set(LOOPBACK)
    for name in {socket.gethostname(), socket.getfqdn()}:
        if name:
            names.add(name.lower())
            try:
                names.update(info[4][0] for info in socket.getaddrinfo(name, None))
            except OSError:
                pass
    names.add(lan_address().lower())
    if os.environ.get("NICEGUI_USER_SIMULATION"):  # NiceGUI's simulated browsers ask for http://test
        names.add("test")
    return frozenset(names)


def allowed(host: str) -> bool:
    """Whether a host name (no port) is ours; a configured ".example.org" allows its sub-domains too."""
    host = host.strip().lower().rstrip(".")
    if not host:
        return False
    if host in own_names():
        return True
    for name in settings().allowed_hosts:
        if host == name.lstrip(".") or (name.startswith(".") and host.endswith(name)):
            return True
    return False


def host_of_header(value: str) -> str:
    """The host name of a Host header ("name:port", "[::1]:port")."""
    value = value.strip()
    if value.startswith("["):
        return value[1:value.find("]")] if "]" in value else ""
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


def host_of_origin(value: str) -> str:
    """The host name of an Origin header ("" for "null" or anything unreadable)."""
    try:
        return urlsplit(value.strip()).hostname or ""
    except ValueError:
        return ""
