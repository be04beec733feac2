"""The game page's end screen: the outcome, the viewer's own result, the Final Bid, Rematch and the replay.

Rematch makes one new game per finished game (``lf.session.rematch``) with the
same seats; every page of the finished game follows to it (``live.LiveGame``
hears the "rematch" event), and a browser that held a seat holds the same seat
there without claiming it again (``carry_seat``, when the new game's page opens).
"""

from __future__ import annotations

from nicegui import storage, ui

from lf.components.outcome import outcome_html

from . import browser_seats, game_files, visitor
from . import session_port as port
from .in_thread import in_thread
from .live import go_once


def show_end(game_id: str, view: dict, names: dict[str, str]) -> None:
    """The banner of a finished game (drawn once when the result arrives)."""
    ui.html(outcome_html(view, names), sanitize=False).mark("outcome")
    with ui.element("div").classes("lf-end-actions"):
        if (view["result"] or {}).get("war") != "ended":  # a game its host ended has no rematch
            _rematch_button(game_id, *_rights(game_id))
        ui.button("Watch the replay", icon="history", on_click=lambda: ui.navigate.to(f"/replay/{game_id}")) \
            .props("unelevated no-caps color=secondary data-testid=watch-replay").mark("watch-replay")
        game_files.download_link(game_id, finished=True)
        ui.button("Back to the lobby", icon="home", on_click=lambda: ui.navigate.to("/")) \
            .props("flat no-caps data-testid=to-lobby").mark("to-lobby")


def _rights(game_id: str) -> tuple[list[str], str | None]:
    """The seat tokens and the host token this browser holds for the game: a player or the host may start the
    rematch (lf/session/rematch.py checks them). Read when the banner is drawn, which may be in a task of its own
    (a re-draw): there, and in the handlers of what it draws, the browser's storage needs its request named."""
    storage.request_contextvar.set(ui.context.client.request)
    return list(browser_seats.seats_in(game_id).values()), browser_seats.host_token(game_id)


def _rematch_button(game_id: str, held: list[str], host_token: str | None) -> None:
    try:
        session = port.game(game_id)
        made = port.rematch_id(game_id)
    except port.SessionError:
        return
    if session.mode == "teaching":  # the teaching table starts its games from the lobby's teaching box
        return
    if made:
        ui.button("Go to the rematch", icon="replay", on_click=lambda: ui.navigate.to(f"/game/{made}")) \
            .props("unelevated no-caps color=primary data-testid=rematch").mark("rematch")
        return
    if not held and not host_token:
        return  # only a player of the game or its host starts a rematch
    button = ui.button("Rematch", icon="replay") \
        .props("unelevated no-caps color=primary data-testid=rematch").mark("rematch")
    button.on_click(lambda: start_rematch(game_id, button, held, host_token))


async def start_rematch(game_id: str, button: ui.button, held: list[str], host_token: str | None) -> None:
    """Make (or find) the rematch and go there; the other pages of the game follow by themselves. A new rematch
    counts as a game this visitor started: beyond the server's limits the page says which, and nothing changes."""
    button.disable()  # a second click on this device sends nothing; one on another device finds the same game
    try:
        new_id = await in_thread(port.rematch, game_id, held, host_token, creator=visitor.key())
    except port.SessionError as exc:
        ui.notify(f"No rematch: {exc}", type="negative", multi_line=True)
        button.enable()
        return
    go_once(ui.context.client, f"/game/{new_id}")  # unless the page already followed the "rematch" event


async def carry_seat(game_id: str) -> None:
    """Before the game page reads this browser's seats: the seats (and host rights) it held in the game this
    one replays are its seats here too."""
    kept, hosted = browser_seats.all_held(), browser_seats.hosted()
    if not kept and not hosted or browser_seats.seats_in(game_id):
        return
    try:
        found = await in_thread(port.seat_in_rematch, game_id, kept)
        host = await in_thread(port.host_of_rematch, game_id, hosted) if hosted else None
    except port.SessionError:
        return
    for faction, token in found.items():
        browser_seats.remember(game_id, faction, token)
    if host and not browser_seats.host_token(game_id):
        browser_seats.remember_host(game_id, host)
