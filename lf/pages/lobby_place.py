"""A lobby page's place among its address's lobby pages: checked when the page is asked for, held while connected.

Why (issue 27): one address kept about a hundred lobby pages open (one a second, as its page budget allowed), and
every change of the games' lists reached each of them. An address may now keep ``LF_LOBBY_PAGES_PER_ADDRESS``
lobby pages open (lf/server/lobby_pages.py); the next one gets HTTP 429 and a plain sentence ("This address has 8
lobby pages open; close one to open another."), built from nothing: no lobby, no socket. As for spectators
(lf/pages/spectating.py), the place is taken when the page's socket connects and given back as soon as it goes.
"""

from __future__ import annotations

import asyncio

from fastapi import Response
from fastapi.responses import HTMLResponse
from nicegui import Client, ui

from lf.server.lobby_pages import lobby_pages
from lf.server.page_gate import plain_page
from lf.server.visitors import visitor_key
from lf.session import LimitReached

TITLE = "Too many lobby pages"
#: Seconds a refused browser is told to wait (``Retry-After``): a closed page frees its place at once.
RETRY_S = 5
#: Seconds a page refused when its socket came has to reload before it is let go.
LET_GO_S = 2.0


class Place:
    """One lobby page's place: held while its socket is connected."""

    def __init__(self, visitor: str, client: Client) -> None:
        self.visitor, self.client = visitor, client
        self.held = False

    def take(self) -> None:
        if self.held:
            return
        try:
            lobby_pages.enter(self.visitor)
        except LimitReached:  # taken by its other pages since this one was built: the reload answers with the reason
            ui.navigate.reload()
            # a script that ignores the reload keeps no lobby: the page is let go once the reload had time to leave
            asyncio.get_running_loop().call_later(LET_GO_S, self._let_go)
            return
        self.held = True

    def _let_go(self) -> None:
        if not self.client.is_deleted:
            self.client.delete()

    def free(self) -> None:
        if self.held:
            self.held = False
            lobby_pages.leave(self.visitor)


def hold(client: Client) -> Response | None:
    """For the lobby page being built: the plain 429 page if its address has as many lobby pages open as it may
    (the page is dropped), else None and the page holds a place while its socket is connected."""
    request = client.request
    visitor = visitor_key(request.scope if request is not None else {})
    try:
        lobby_pages.check(visitor)
    except LimitReached as exc:
        client.delete()
        return HTMLResponse(plain_page(TITLE, str(exc), back=False), status_code=429,
                            headers={"Retry-After": str(RETRY_S), "Cache-Control": "no-store"})
    place = Place(visitor, client)
    client.on_connect(place.take)
    client.on_disconnect(place.free)
    client.on_delete(place.free)
    return None
