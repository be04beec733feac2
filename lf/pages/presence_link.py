"""The game page's part in presence: it reports its own socket to the table's presence board, and says above the
board when the game waits for a seat with no device connected, with the host's hand-over one tap away.

Why here and not in game.py: the board page only wires it (a ``SeatLink`` per page, an ``AbsentNotice`` in the top
area); what is reported and when lives in one place (lf/session/presence.py holds the counts).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from nicegui import Client, ui

from lf.components.part import Part
from lf.components.presence import NOT_SEEN, absent_html, waited_for_absent
from lf.components.theme import faction_label
from lf.session.presence import SeatPresence

from . import browser_seats
from . import session_port as port
from .in_thread import in_thread


class SeatLink:
    """One page's presence: registered with its seat while the page lives, connected while its socket is.

    ``changed()`` runs on the page's event loop after each change of any seat's presence in the game."""

    def __init__(self, game_id: str, client: Client, faction: str | None, changed: Callable[[], None]) -> None:
        self.game_id, self.client = game_id, client
        self.board = port.presence_board()
        self.board.page(client.id, game_id, faction, connected=client.has_socket_connection)
        self._stop = self.board.watch(game_id, changed, asyncio.get_running_loop())
        client.on_connect(lambda: self.board.connected(client.id))
        client.on_disconnect(lambda: self.board.disconnected(client.id))
        client.on_delete(self.close)

    def seat(self, faction: str | None) -> None:
        """The page plays another seat now (or only watches: its seat was released elsewhere)."""
        self.board.page(self.client.id, self.game_id, faction)

    def seats(self) -> dict[str, SeatPresence]:
        return self.board.seats(self.game_id)

    def close(self) -> None:
        self._stop()
        self.board.gone(self.client.id)


class AbsentNotice(Part):
    """"The game waits for Ana (Communists), who has no device connected since 14:02." above the board, for each
    seat the game waits for whose person has no page connected; the host gets "Let a Non-player play them" (the
    Seats dialog gives the faction back)."""

    def __init__(self, game_id: str, presence: Callable[[], dict[str, SeatPresence]],
                 names: Callable[[], dict[str, str]]) -> None:
        self.game_id = game_id
        self.presence, self.names = presence, names
        #: Read while the page is built (the browser's storage is only there then): this browser hosts the game.
        self.host_token = browser_seats.host_token(game_id)
        super().__init__("absent", self._select, self._render)

    def _select(self, v: dict) -> tuple:
        presence, names = self.presence(), self.names()
        absent = waited_for_absent(v, names, presence)
        return tuple((f, names.get(f, ""), presence.get(f, NOT_SEEN)) for f in absent)

    def _render(self, v: dict) -> None:
        absent = self._select(v)
        if not absent:
            return
        host = bool(self.host_token)
        with ui.element("div").classes("lf-seatnote lf-absent").props("role=status").mark("absent"):
            for faction, name, p in absent:
                with ui.element("div").classes("lf-absent-line"):
                    ui.html(absent_html(faction, name, p), sanitize=False).classes("lf-absent-words")
                    if host:
                        ui.button(f"Let a Non-player play the {faction_label(faction)}", icon="smart_toy",
                                  on_click=lambda f=faction: self._hand_over(f)) \
                            .props(f"unelevated no-caps color=primary data-testid=hand-over-{faction}") \
                            .mark(f"hand-over-{faction}")
                        ui.button("Let the computer play them", icon="memory",
                                  on_click=lambda f=faction: self._hand_over(f, computer=True)) \
                            .props(f"outline no-caps color=primary data-testid=hand-over-computer-{faction}") \
                            .mark(f"hand-over-computer-{faction}")
            if not host:
                ui.label("The host can let a Non-player or the computer play for them until they are back (Seats).") \
                    .classes("lf-muted")

    async def _hand_over(self, faction: str, computer: bool = False) -> None:
        try:
            await in_thread(port.host_to_computer if computer else port.host_to_nonplayer, self.game_id,
                            self.host_token, faction)
        except port.SessionError as exc:
            ui.notify(str(exc), type="negative", multi_line=True)
            return
        who = "The computer" if computer else "A Non-player"
        ui.notify(f"{who} plays the {faction_label(faction)} until their player takes the seat back "
                  "(the Seats dialog gives it back too).", type="positive", multi_line=True)
