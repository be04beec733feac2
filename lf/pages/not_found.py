"""What a visitor sees where there is nothing: an unknown address, or a game that does not exist.

Both answer HTTP 404 with a page in lf's frame that says what happened and leads back to the lobby
(NiceGUI's own 404 page is unstyled and says only "This page doesn't exist"). A game that cannot be
loaded for another reason (the database is down, its log no longer replays) answers 503 or 500.
"""

from __future__ import annotations

from fastapi import Request, Response
from fastapi.exception_handlers import http_exception_handler
from nicegui import Client, app
from nicegui.page import page
from starlette.exceptions import HTTPException

from . import session_port as port
from .frame import lobby_link, message_page

NO_PAGE = "There is nothing at this address. The link may be mistyped, or the page has moved."


def game_error(exc: port.SessionError, subtitle: str = "") -> None:
    """The page for a game address that shows no game, with the HTTP status that says why."""
    if isinstance(exc, port.UnknownGame):
        title, status = "This game doesn't exist", 404
        why = ("There is no game at this address: it may have been deleted, or the link is mistyped or cut short. "
               "The lobby lists the games on this server.")
    elif isinstance(exc, port.LimitReached):  # e.g. the game has as many spectators as the server allows
        title, status, why = "This game is full right now", 429, f"{exc}"
    elif isinstance(exc, port.StoreUnavailable):
        title, status, why = "This game can't be shown right now", 503, f"{exc} Try again in a moment."
    else:
        title, status = "This game can't be shown", 500
        why = f"The game {exc.reason}." if isinstance(exc, port.GameBroken) else str(exc)
    with message_page(title, why, status, subtitle):
        lobby_link()


async def _not_found(request: Request, exc: Exception) -> Response:
    """Replaces NiceGUI's 404 handler: the same split (an API endpoint's own 404 stays JSON), lf's page."""
    endpoint = request.scope.get("endpoint")
    if endpoint is not None and endpoint is not app and not request.scope.get("nicegui_page_path") \
            and isinstance(exc, HTTPException):
        return await http_exception_handler(request, exc)
    with Client(page(""), request=request) as client:
        with message_page("Page not found", NO_PAGE, 404):
            lobby_link()
    return client.build_response(request, 404)


def register() -> None:
    """Answer unknown addresses with lf's page (called once per run, like the pages' ``register``)."""
    app.add_exception_handler(404, _not_found)
