"""The game page's word on seats: a Non-player standing in for you (take your seat back), the turn timer,
and the tab's seat kept in its URL.

Kept out of game.py (the board's page) so the seat and host entry points stay in one place.
"""

from __future__ import annotations

from collections.abc import Callable

from nicegui import ui

from lf.components.part import Part
from lf.components.theme import faction_label

from . import session_port as port
from .in_thread import in_thread


def keep_seat_in_url(game_id: str, faction: str | None) -> None:
    """The tab's URL names its seat (``?seat=``), so a reload plays the same seat; ``?invite=1`` is dropped
    once the Seats dialog opened (it re-opened at every reload)."""
    path = f"/game/{game_id}" + (f"?seat={faction}" if faction else "")
    ui.run_javascript(f"history.replaceState(history.state, '', {path!r})")



class SeatNotice(Part):
    """A line above the board: the turn timer of a public game, and "Take my seat back" when a Non-player or the
    computer plays this browser's faction (the host handed it over, or the timer did)."""

    def __init__(self, game_id: str, token: Callable[[], str | None], turn_seconds: int | None) -> None:
        self.game_id = game_id
        self.token = token
        self.turn_seconds = turn_seconds
        super().__init__("seatnote", self._select, self._render)

    @staticmethod
    def _select(v: dict) -> tuple:
        me = v["viewer"]
        if not me:
            return me, "", v["result"] is None
        fv = v["factions"][me]
        stand_in = "A Non-player is" if fv["seat"] == "nonplayer" else "The computer is" if fv.get("computer") else ""
        return me, stand_in, v["result"] is None

    def _render(self, v: dict) -> None:
        me, stood_in, running = self._select(v)
        if not running:
            return
        if stood_in:
            with ui.element("div").classes("lf-seatnote lf-standin").mark("stand-in"):
                ui.label(f"{stood_in} playing your {faction_label(me)} while you were away.")
                ui.button("Take my seat back", icon="front_hand", on_click=self._take_back) \
                    .props("unelevated no-caps color=primary data-testid=take-back").mark("take-back")
        if self.turn_seconds:
            ui.label(f"Turn timer: a player who does not act within {self.turn_seconds} seconds is replaced by a "
                     "Non-player until they take their seat back.").classes("lf-seatnote lf-muted").mark("turn-timer")

    async def _take_back(self) -> None:
        token = self.token()
        if not token:
            return
        try:
            await in_thread(port.take_back, self.game_id, token)
        except port.SessionError as exc:
            ui.notify(str(exc), type="negative")
            return
        ui.notify("You play your faction again.", type="positive")
