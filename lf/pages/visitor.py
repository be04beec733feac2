"""The visitor behind the current page, as the server's limits count them (lf/server/visitors.py)."""

from __future__ import annotations

from nicegui import ui

from lf.server.visitors import visitor_key


def key() -> str:
    """The keyed hash of the address that opened this page (a trusted proxy's X-Forwarded-For is believed)."""
    request = ui.context.client.request
    return visitor_key(request.scope if request is not None else {})
