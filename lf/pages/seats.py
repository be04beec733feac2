"""Seats and invitations: who plays what, a join link (copy, share, QR code) per free seat, take or leave a
seat, and the host's tools (free a seat, hand an absent player's faction to a Non-player and back, end or
delete the game).

The links use the host's LAN address (``net.public_base``), so a phone on the same network can scan the
code on the host's screen and land on the seat. A private game's links carry each seat's own invitation: only
the host sees them (freeing a seat gives it a new one). Every session call is made in a worker thread.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable

from nicegui import ui

from lf.components.theme import esc, faction_label

from . import browser_seats, net, visitor
from . import session_port as port
from .confirm import ask
from .frame import icon_button
from .in_thread import in_thread
from .reach import unreachable_words


async def claim_seat(game_id: str, faction: str, name: str, invite: str | None = None) -> str | None:
    """Claim the seat for this browser and remember its token; returns an error sentence or None."""
    try:
        token = await in_thread(_claim, game_id, faction, name or None, invite, browser_seats.all_held(), visitor.key())
    except port.SessionError as exc:
        return str(exc)
    if name:
        browser_seats.set_display_name(name)
    browser_seats.remember(game_id, faction, token)
    return None


def _claim(game_id: str, faction: str, name: str | None, invite: str | None, held: dict[str, dict[str, str]],
           visitor_key: str) -> str:
    """In a worker thread: the claim, counting this browser's seats (``held``) of running games only."""
    return port.claim(game_id, faction, name, invite, port.running_seats(held), visitor_key)


class SeatsDialog:
    """The dialog's content, re-drawn after each change made from it."""

    def __init__(self, game_id: str, base_url: str, my_faction: str | None, dialog: ui.dialog) -> None:
        self.game_id, self.base_url, self.my_faction, self.dialog = game_id, base_url, my_faction, dialog
        self.host_token = browser_seats.host_token(game_id)
        self.info: port.SeatsInfo | None = None
        self.draw = ui.refreshable(self._draw)

    async def load(self) -> None:
        try:
            self.info = await in_thread(port.seats_info, self.game_id, self.host_token)
        except port.SessionError as exc:
            ui.notify(str(exc), type="negative")
            self.info = None

    async def reload(self) -> None:
        await self.load()
        self.draw.refresh()

    def _draw(self) -> None:
        info = self.info
        if info is None:
            ui.label("The seats cannot be read now.").classes("lf-muted")
            return
        running = info.status == "active"
        if info.public:
            words = "Public game: anyone may take a free seat from the lobby."
            if info.turn_seconds:
                words += (f" Turn timer: a player idle for {info.turn_seconds} seconds is replaced by a Non-player "
                          "until they take their seat back.")
        elif info.is_host:
            words = ("Private game: each seat is taken only with its own join link. Send each player their link, or "
                     "let them scan its code.")
        else:
            words = "Private game: each seat is taken only with its own join link, which the host sends."
        ui.label(words).classes("lf-muted").mark("seats-privacy")
        held = browser_seats.seats_in(self.game_id)
        for s in info.seats:
            self._seat_row(s, info, held, running)
        if info.is_host:
            self._host_footer(running)

    def _seat_row(self, s: port.SeatInfo, info: port.SeatsInfo, held: dict[str, str], running: bool) -> None:
        host = info.is_host and running
        with ui.element("div").classes("lf-seat-row").props(f"data-testid=seat-{s.faction}"):
            with ui.column().classes("gap-1 lf-seat-main"):
                ui.html(f'<div class="lf-h3"><span class="lf-dot lf-f-{s.faction}"></span>'
                        f'{esc(faction_label(s.faction))}</div>', sanitize=False)
                if s.kind == "nonplayer" and not s.claimed:
                    ui.label("Played by the Non-player rules (Appendix 3)").classes("lf-muted")
                    if host:
                        self._host_button("Give it to a person", "person_add", port.host_to_person, s.faction)
                elif s.kind == "computer" and not s.claimed:
                    ui.label(f"Played by the computer ({(s.level or 'normal').capitalize()})").classes("lf-muted")
                    if host:
                        self._host_button("Give it to a person", "person_add", port.host_to_person, s.faction)
                elif s.kind == "computer":
                    name = port.player_name(s) or "its player"
                    ui.label(f"The computer ({(s.level or 'normal').capitalize()}) stands in for {name}") \
                        .classes("font-bold")
                    if host:
                        with ui.row().classes("gap-2"):
                            self._host_button(f"Give it back to {name}", "person", port.host_to_person, s.faction)
                            self._host_button("Free the seat", "person_remove", port.host_release, s.faction)
                elif s.kind == "nonplayer":
                    name = port.player_name(s) or "its player"
                    ui.label(f"A Non-player stands in for {name}").classes("font-bold")
                    if host:
                        with ui.row().classes("gap-2"):
                            self._host_button(f"Give it back to {name}", "person", port.host_to_person, s.faction)
                            self._host_button("Free the seat", "person_remove", port.host_release, s.faction)
                elif s.claimed:
                    mine = s.faction in held
                    name = port.player_name(s)
                    who = (f"{name} (you, in this browser)" if name else "You, in this browser") if mine else \
                        (name or "Taken by a player without a name")
                    ui.label(who).classes("font-bold")
                    with ui.row().classes("gap-2"):
                        if mine:
                            ui.button("Leave this seat", icon="logout", on_click=lambda f=s.faction: self._leave(f)) \
                                .props("flat dense no-caps color=primary").mark(f"leave-{s.faction}")
                        if host and not mine:
                            self._host_button("Replace by a Non-player", "smart_toy", port.host_to_nonplayer, s.faction)
                            self._host_button("Let the computer play them", "memory", port.host_to_computer, s.faction)
                            self._host_button("Free the seat", "person_remove", port.host_release, s.faction)
                elif running:
                    self._free_seat(s.faction, info)
                else:
                    ui.label("Nobody took this seat.").classes("lf-muted")
            if s.kind == "human" and not s.claimed and running and (info.public or s.faction in info.invites):
                url = net.join_url(self.base_url, self.game_id, s.faction, info.invites.get(s.faction))
                ui.image(net.qr_data_url(url)).classes("lf-qr") \
                    .props(f'alt="QR code for the {faction_label(s.faction)} seat"').mark(f"qr-{s.faction}")

    def _free_seat(self, faction: str, info: port.SeatsInfo) -> None:
        invite = info.invites.get(faction)  # this seat's own invitation: only the host sees it
        if not info.public and not invite:
            ui.label("Free seat: ask the host for its join link.").classes("lf-muted")
            return
        url = net.join_url(self.base_url, self.game_id, faction, invite)
        ui.label("Free seat: open this link on the player's device").classes("lf-muted")
        ui.html(f'<a class="lf-link" href="{esc(url)}">{esc(url)}</a>', sanitize=False).mark(f"join-link-{faction}")
        with ui.row().classes("gap-2 lf-link-tools"):
            ui.button("Copy link", icon="content_copy", on_click=lambda u=url: self._copy(u)) \
                .props(f"outline dense no-caps data-testid=copy-{faction}").mark(f"copy-{faction}")
            ui.button("Share", icon="share", on_click=lambda u=url, f=faction: self._share(f, u)) \
                .props(f"outline dense no-caps data-testid=share-{faction}").classes("lf-share-btn") \
                .mark(f"share-{faction}")
        name = ui.input("Your name", value=browser_seats.display_name()).props("dense outlined") \
            .classes("w-full").mark(f"name-{faction}")
        ui.button(f"Take the {faction_label(faction)}' seat in this browser", icon="event_seat",
                  on_click=lambda: self._take(faction, name.value, invite)) \
            .props("unelevated no-caps color=primary").mark(f"take-{faction}")

    def _host_button(self, text: str, icon: str, call: Callable[..., object], faction: str) -> None:
        async def run() -> None:
            await self._host_call(call, faction)
        slug = text.split()[0].lower()
        ui.button(text, icon=icon, on_click=run).props(f"outline dense no-caps data-testid=host-{slug}-{faction}") \
            .mark(f"host-{slug}-{faction}")

    async def _host_call(self, call: Callable[..., object], *args: object) -> bool:
        try:
            await in_thread(call, self.game_id, self.host_token, *args)
        except port.SessionError as exc:
            ui.notify(str(exc), type="negative", multi_line=True)
            return False
        await self.reload()
        return True

    def _host_footer(self, running: bool) -> None:
        with ui.row().classes("w-full gap-2 mt-3 lf-host-tools").mark("host-tools"):
            ui.label("You host this game.").classes("lf-muted self-center")
            ui.space()
            if running:
                ui.button("End the game", icon="flag", on_click=lambda: self._confirm(
                    "End the game now, without a result? Nobody can play it any more; it stays listed as ended.",
                    self._end)).props("outline dense no-caps color=primary data-testid=host-end").mark("host-end")
            ui.button("Delete the game", icon="delete", on_click=lambda: self._confirm(
                "Delete the game and its whole history? This cannot be undone.", self._delete)) \
                .props("outline dense no-caps color=negative data-testid=host-delete").mark("host-delete")

    async def _confirm(self, question: str, then: Callable[[], Awaitable[None]]) -> None:
        if await ask(question):
            await then()

    async def _end(self) -> None:
        if await self._host_call(port.host_end):
            ui.notify("The game was ended.", type="positive")

    async def _delete(self) -> None:
        try:
            await in_thread(port.host_delete, self.game_id, self.host_token)
        except port.SessionError as exc:
            ui.notify(str(exc), type="negative")
            return
        browser_seats.forget(self.game_id)
        browser_seats.forget_host(self.game_id)
        ui.navigate.to("/")

    async def _take(self, faction: str, name: str, invite: str | None) -> None:
        error = await claim_seat(self.game_id, faction, name, invite)
        if error:
            ui.notify(error, type="negative")
            return
        ui.navigate.to(f"/game/{self.game_id}?seat={faction}")

    async def _leave(self, faction: str) -> None:
        token = browser_seats.seats_in(self.game_id).get(faction)
        if token:
            try:
                await in_thread(port.leave, self.game_id, token)
            except port.SessionError as exc:
                ui.notify(str(exc), type="warning")
            browser_seats.forget(self.game_id, faction)
        ui.navigate.to(f"/game/{self.game_id}")

    def _copy(self, url: str) -> None:
        ui.run_javascript(f"lfCopy({json.dumps(url)})")
        ui.notify("Link copied.", type="positive")

    def _share(self, faction: str, url: str) -> None:
        ui.run_javascript(f"lfShare({json.dumps(f'Land and Freedom: the {faction_label(faction)} seat')}, "
                          f"{json.dumps(url)})")


async def open_seats_dialog(game_id: str, base_url: str, my_faction: str | None) -> None:
    with ui.dialog().props('data-testid=seats-dialog aria-label="Seats and invitations"') \
            .classes("lf-seats-dialog") as dialog, \
            ui.card().classes("w-full max-w-2xl lf-box lf-dialog-card lf-seats-card"):
        with ui.row().classes("w-full items-center no-wrap"):
            ui.label("Seats and invitations").classes("lf-h2")
            ui.space()
            icon_button("close", "Close", dialog.close, "dense").mark("close-seats")
        ui.label(f"Players on the same network scan a code or open a link. This host: {net.lan_address()}") \
            .classes("lf-muted")
        if warning := unreachable_words(base_url):
            ui.label(warning).classes("lf-seatnote lf-standin").mark("loopback-only")
        content = SeatsDialog(game_id, base_url, my_faction, dialog)
        await content.load()
        content.draw()
    dialog.on("hide", dialog.delete)
    dialog.open()
