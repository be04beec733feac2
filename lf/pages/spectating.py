"""A spectator's place in a game: checked when the page is asked for, taken while its socket is connected.

Why (issue 18): the place used to be taken when the page was built, so page requests that never opened a socket
held places for a minute (49 requests filled a game's 50). Now the page request is only checked (the game page
answers 429 when the game, or this address, has as many spectators as the server allows); the place is taken
when the socket connects, and given back when it goes (lf/server/spectators.py).
"""

from __future__ import annotations

from nicegui import Client, ui

from lf.server.spectators import spectators
from lf.server.visitors import visitor_key
from lf.session import LimitReached


class Place:
    """One spectator page's place: held while its socket is connected."""

    def __init__(self, game_id: str, visitor: str, client: Client) -> None:
        self.game_id, self.visitor, self.client = game_id, visitor, client
        self.held = False

    def take(self) -> None:
        if self.held:
            return
        try:
            spectators.enter(self.game_id, self.visitor)
        except LimitReached:  # taken by others since the page was built: the reload answers with the reason
            ui.navigate.reload()
            return
        self.held = True

    def free(self) -> None:
        if self.held:
            self.held = False
            spectators.leave(self.game_id, self.visitor)


def watch(game_id: str, client: Client) -> None:
    """This page watches the game: LimitReached now if there is no place for it, else a place while connected."""
    request = client.request
    visitor = visitor_key(request.scope if request is not None else {})
    spectators.check(game_id, visitor)
    place = Place(game_id, visitor, client)
    client.on_connect(place.take)
    client.on_disconnect(place.free)
    client.on_delete(place.free)
