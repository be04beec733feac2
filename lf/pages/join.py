"""The join link of a seat (/join/{game}/{faction}): take the seat on this device, then play.

The page a QR code opens on a phone. A browser that already holds a seat in
the game goes straight to it; a taken seat offers to watch instead.
"""

from __future__ import annotations

from nicegui import ui

from lf.components.theme import esc, faction_label

from . import browser_seats
from . import session_port as port
from .frame import page_body, top_bar
from .seats import claim_seat


def join_page(game_id: str, faction: str) -> None:
    with top_bar("Join a game"):
        pass
    with page_body(), ui.element("div").classes("lf-box").style("max-width: 560px; margin: 0 auto"):
        try:
            session = port.game(game_id)
            seats = {s.faction: s for s in session.seats()}
        except port.SessionError as exc:
            ui.label("This game can't be joined").classes("lf-h2")
            ui.label(str(exc)).mark("join-error")
            ui.link("Back to the lobby", "/")
            return
        held = browser_seats.held(game_id)
        if held and port.seat_of(game_id, held["token"]):
            ui.navigate.to(f"/game/{game_id}")
            return
        seat = seats.get(faction)
        ui.html(f'<div class="lf-h2">{esc(session.name)}</div>', sanitize=False)
        if seat is None or seat.kind != "human":
            ui.label(f"The {faction_label(faction) if faction in seats else faction} seat can't be joined: "
                     "it is played by the Non-player rules or does not exist.").mark("join-error")
            ui.button("Watch the game", on_click=lambda: ui.navigate.to(f"/game/{game_id}")).props("no-caps")
            return
        if seat.claimed:
            ui.label(f"The {faction_label(faction)}' seat is already taken by {seat.display_name}.").mark("join-error")
            ui.button("Watch the game", on_click=lambda: ui.navigate.to(f"/game/{game_id}")).props("no-caps")
            return
        ui.html(f'<p>Play the <b><span class="lf-dot lf-f-{faction}"></span> {esc(faction_label(faction))}</b> on '
                'this device. The seat is kept in this browser: come back any time with the same link.</p>',
                sanitize=False)
        name = ui.input("Your name", value=browser_seats.display_name()).props("outlined data-testid=join-name") \
            .classes("w-full").mark("join-name")

        def take() -> None:
            error = claim_seat(game_id, faction, name.value)
            if error:
                ui.notify(error, type="negative")
                return
            ui.navigate.to(f"/game/{game_id}")

        ui.button(f"Take the {faction_label(faction)}' seat", icon="event_seat", on_click=take) \
            .props("unelevated no-caps color=primary size=lg data-testid=join-take").classes("w-full mt-2").mark("join-take")


def register() -> None:
    ui.page("/join/{game_id}/{faction}", title="Join — lf")(join_page)
