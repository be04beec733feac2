"""The join link of a seat (/join/{game}/{faction}?invite=...): take the seat on this device, then play.

The page a QR code opens on a phone. A private game's link carries its seat's own invitation; without it (or
with a wrong one, or another seat's) the seat cannot be taken, whatever the visitor tries. A browser that
already holds this seat goes straight to it; a taken seat offers to watch instead. The session is read in a
worker thread.
"""

from __future__ import annotations

from dataclasses import dataclass

from nicegui import ui

from lf.components.theme import esc, faction_label

from . import browser_seats
from . import session_port as port
from .frame import page_body, top_bar
from .in_thread import in_thread
from .seats import claim_seat


@dataclass(frozen=True)
class JoinFacts:
    name: str
    seat: port.SeatInfo | None
    holds_it: bool
    invited: bool


def _facts(game_id: str, faction: str, invite: str, token: str | None) -> JoinFacts:
    session = port.game(game_id)
    seat = next((s for s in session.seats() if s.faction == faction), None)
    return JoinFacts(session.name, seat, bool(token) and session.seat_of(token) == faction,
                     session.invite_matches(faction, invite or None))


def _refused(title: str, why: str, game_id: str | None = None) -> None:
    if title:
        ui.label(title).classes("lf-h2")
    ui.label(why).mark("join-error")
    with ui.row().classes("gap-2 mt-2"):
        if game_id:
            ui.button("Watch the game", on_click=lambda: ui.navigate.to(f"/game/{game_id}")).props("no-caps")
        ui.link("Back to the lobby", "/")


async def join_page(game_id: str, faction: str, invite: str = "") -> None:
    with top_bar("Join a game"):
        pass
    with page_body(), ui.element("div").classes("lf-box").style("max-width: 560px; margin: 0 auto"):
        token = browser_seats.seats_in(game_id).get(faction)
        try:
            facts = await in_thread(_facts, game_id, faction, invite, token)
        except port.SessionError as exc:
            _refused("This game can't be joined", str(exc))
            return
        if facts.holds_it:
            ui.navigate.to(f"/game/{game_id}?seat={faction}")
            return
        seat = facts.seat
        ui.html(f'<div class="lf-h2">{esc(facts.name)}</div>', sanitize=False)
        if seat is None or (seat.kind != "human" and not seat.claimed):
            by = "the computer" if seat is not None and seat.kind == "computer" else "the Non-player rules"
            _refused("", f"The {faction_label(faction) if seat else faction} seat can't be joined: it is played by "
                         f"{by} or does not exist.", game_id)
            return
        if seat.claimed:
            _refused("", f"The {faction_label(faction)}' seat is already taken by {seat.display_name}.", game_id)
            return
        if not facts.invited:
            _refused("", "This game is private: its seats are taken with the join links its host shares, and this "
                         "link has no valid invitation. Ask the host for the link of your seat.", game_id)
            return
        ui.html(f'<p>Play the <b><span class="lf-dot lf-f-{faction}"></span> {esc(faction_label(faction))}</b> on '
                'this device. The seat is kept in this browser: come back any time with the same link.</p>',
                sanitize=False)
        name = ui.input("Your name", value=browser_seats.display_name()).props("outlined data-testid=join-name") \
            .classes("w-full").mark("join-name")

        async def take() -> None:
            error = await claim_seat(game_id, faction, name.value, invite or None)
            if error:  # a sentence that stays on the page (e.g. a limit reached), not a toast that goes
                said.set_text(error)
                said.set_visibility(True)
                return
            ui.navigate.to(f"/game/{game_id}?seat={faction}")

        ui.button(f"Take the {faction_label(faction)}' seat", icon="event_seat", on_click=take) \
            .props("unelevated no-caps color=primary size=lg data-testid=join-take").classes("w-full mt-2").mark("join-take")
        said = ui.label("").classes("lf-join-refused").props('role=alert data-testid=join-refused') \
            .mark("join-refused")
        said.set_visibility(False)


def register() -> None:
    ui.page("/join/{game_id}/{faction}", title="Join — lf")(join_page)
