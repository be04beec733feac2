"""Seats and invitations: who plays what, a join link and QR code per free seat, take or leave a seat.

The links use the host's LAN address (``net.public_base``), so a phone on the
same network can scan the code on the host's screen and land on the seat.
"""

from __future__ import annotations

from nicegui import ui

from lf.components.theme import esc, faction_label

from . import browser_seats, net
from . import session_port as port


def claim_seat(game_id: str, faction: str, name: str) -> str | None:
    """Claim the seat for this browser and remember its token; returns an error sentence or None."""
    try:
        token = port.claim(game_id, faction, name or None)
    except port.SessionError as exc:
        return str(exc)
    if name:
        browser_seats.set_display_name(name)
    browser_seats.remember(game_id, faction, token)
    return None


def render_seats(game_id: str, base_url: str, my_faction: str | None, on_change) -> None:
    """The seat list with links, QR codes and buttons (inside a dialog or a page)."""
    held = browser_seats.held(game_id)
    for s in port.seats(game_id):
        with ui.element("div").classes("lf-seat-row").props(f"data-testid=seat-{s.faction}"):
            with ui.column().classes("gap-1").style("min-width: 190px; flex: 1"):
                ui.html(f'<div class="lf-h3"><span class="lf-dot lf-f-{s.faction}"></span>'
                        f'{esc(faction_label(s.faction))}</div>', sanitize=False)
                if s.kind == "nonplayer":
                    ui.label("Played by the Non-player rules (Appendix 3)").classes("lf-muted")
                elif s.claimed:
                    mine = s.faction == my_faction
                    ui.label(f"{s.display_name}{' (you, in this browser)' if mine else ''}").classes("font-bold")
                    if mine:
                        ui.button("Leave this seat", icon="logout",
                                  on_click=lambda: _leave(game_id, on_change)).props("flat dense no-caps color=primary")
                else:
                    url = net.join_url(base_url, game_id, s.faction)
                    ui.label("Free seat: open this link on the player's device").classes("lf-muted")
                    ui.html(f'<a class="lf-link" href="{esc(url)}">{esc(url)}</a>', sanitize=False) \
                        .mark(f"join-link-{s.faction}")
                    if held is None:
                        name = ui.input("Your name", value=browser_seats.display_name()).props("dense outlined") \
                            .classes("w-full").mark(f"name-{s.faction}")
                        ui.button(f"Take the {faction_label(s.faction)}' seat here", icon="event_seat",
                                  on_click=lambda f=s.faction, n=name: _take(game_id, f, n.value, on_change)) \
                            .props("unelevated no-caps color=primary").mark(f"take-{s.faction}")
            if s.kind == "human" and not s.claimed:
                ui.image(net.qr_data_url(net.join_url(base_url, game_id, s.faction))).classes("lf-qr") \
                    .props(f'alt="QR code for the {faction_label(s.faction)} seat"').mark(f"qr-{s.faction}")


def _take(game_id: str, faction: str, name: str, on_change) -> None:
    error = claim_seat(game_id, faction, name)
    if error:
        ui.notify(error, type="negative")
        return
    on_change()


def _leave(game_id: str, on_change) -> None:
    held = browser_seats.held(game_id)
    if held:
        try:
            port.leave(game_id, held["token"])
        except port.SessionError as exc:
            ui.notify(str(exc), type="warning")
        browser_seats.forget(game_id)
    on_change()


def open_seats_dialog(game_id: str, base_url: str, my_faction: str | None) -> None:
    def reload() -> None:
        ui.navigate.to(f"/game/{game_id}")

    with ui.dialog().props("maximized-on-mobile") as dialog, ui.card().classes("w-full max-w-2xl lf-box lf-dialog-card"):
        with ui.row().classes("w-full items-center no-wrap"):
            ui.label("Seats and invitations").classes("lf-h2")
            ui.space()
            ui.button(icon="close", on_click=dialog.close).props("flat round dense").mark("close-seats")
        ui.label(f"Players on the same network scan a code or open a link. This host: {net.lan_address()}") \
            .classes("lf-muted")
        render_seats(game_id, base_url, my_faction, reload)
    dialog.on("hide", dialog.delete)
    dialog.open()
