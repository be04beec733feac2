"""Whether other devices can reach the join links the Seats dialog shows, and what to do when they cannot.

Why: the links name this machine's LAN address (``net.public_base``), but a server started with
``LF_HOST=127.0.0.1`` listens on this machine only: every phone that scans the code gets no answer, and nothing
said why. Behind a reverse proxy (docs/server.md) the links name the proxy's host instead, which the devices do
reach: no warning then.
"""

from __future__ import annotations

import ipaddress
import os
from urllib.parse import urlsplit

from . import net


def listen_host() -> str:
    """The address the server listens on (main.py reads ``LF_HOST``; 0.0.0.0 by default)."""
    return os.environ.get("LF_HOST", "0.0.0.0").strip() or "0.0.0.0"


def loopback_only(host: str) -> bool:
    """Whether a server listening on ``host`` answers this machine only."""
    host = host.strip("[]")
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def unreachable_words(base_url: str, host: str | None = None) -> str | None:
    """Why the join links (on ``base_url``) cannot be opened from another device, and the fix; None if they can."""
    host = listen_host() if host is None else host
    if not loopback_only(host) or urlsplit(base_url).hostname != net.lan_address():
        return None
    return (f"This server listens on this machine only (LF_HOST={host}): other devices cannot open these links or "
            "codes. To play from phones, tablets or other computers, stop it and start it again with "
            "LF_HOST=0.0.0.0 bash scripts/play.sh (or leave LF_HOST unset).")
