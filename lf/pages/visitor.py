"""The visitor behind the current page, as the server's limits count them (lf/server/visitors.py)."""

from __future__ import annotations

from collections.abc import Callable

from nicegui import app, ui

from lf.server.suggestions import suggestions
from lf.server.visitors import visitor_key


def key() -> str:
    """The keyed hash of the address that opened this page (a trusted proxy's X-Forwarded-For is believed)."""
    request = ui.context.client.request
    return visitor_key(request.scope if request is not None else {})


def suggestion_gate(per_browser: int = 1) -> Callable[[], Callable[[], None]]:
    """For this page (call while it is built): take a place for one coach search of its browser and address
    (lf/server/suggestions.py; LimitReached in words when there is none), returning how to give it back."""
    browser, address = str(app.storage.browser.get("id", "")), key()
    return lambda: suggestions.take(browser or address, address, per_browser)
