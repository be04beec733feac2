"""Join links that work from another device: the host's LAN address and a QR code for it.

A page opened on the host as ``localhost`` would otherwise print links that
point every phone back at itself. The LAN address is found with the UDP
socket trick: ``connect`` on a UDP socket picks the outgoing interface without
sending a packet.
"""

from __future__ import annotations

import base64
import io
import socket
from functools import lru_cache
from urllib.parse import quote

import qrcode
import qrcode.image.svg

LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1", "0.0.0.0", "test", ""}


@lru_cache(maxsize=1)
def lan_address() -> str:
    """This machine's address on the local network (falls back to the host name)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.254.254.254", 1))  # UDP: no traffic is sent, the kernel only picks a route
            address = s.getsockname()[0]
            if address and not address.startswith("127."):
                return address
    except OSError:
        pass
    try:
        address = socket.gethostbyname(socket.gethostname())
        if address and not address.startswith("127."):
            return address
    except OSError:
        pass
    return socket.gethostname()


def public_base(scheme: str, host: str, port: int | None) -> str:
    """The base URL another device should use: the request's host unless it is local to this machine."""
    if host.strip("[]") in LOCAL_HOSTS:
        host = lan_address()
    default = {"http": 80, "https": 443}.get(scheme)
    port_part = f":{port}" if port and port != default else ""
    return f"{scheme}://{host}{port_part}"


def join_url(base: str, game_id: str, faction: str, invite: str | None = None) -> str:
    """A seat's join link; a private game's carries its invite code (the secret that lets one take the seat)."""
    return f"{base}/join/{game_id}/{faction}" + (f"?invite={quote(invite, safe='')}" if invite else "")


def qr_data_url(text: str) -> str:
    """An SVG QR code of ``text`` as a data URL (no file, no network)."""
    img = qrcode.make(text, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    buf = io.BytesIO()
    img.save(buf)
    return "data:image/svg+xml;base64," + base64.b64encode(buf.getvalue()).decode("ascii")
