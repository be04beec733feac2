"""The game page (/game/{id}): board, prompt, faction tabs and log, live on every device.

Why it is built this way: the page holds the last view the session gave it and
a set of Parts (one refreshable per concern). The session calls us after every
accepted change; we fetch the view for our seat once (coalescing bursts of
Non-player steps) and each Part re-draws only if its slice changed. A page
that reconnects asks for the view again, so it catches up. The page never
decides legality: buttons come from the view's decisions and a click sends the
action with the version it was drawn at, so a stale click is refused by the
session and answered with the current position.
"""

from __future__ import annotations

import asyncio
import json
import logging
import weakref
from collections.abc import Callable
from typing import Any

from nicegui import Client, ui

from lf.components import board
from lf.components.faction_panel import faction_parts, show_faction
from lf.components.factions import factions_html
from lf.components.log_panel import LogPanel
from lf.components.outcome import outcome_html
from lf.components.part import Drawn, HtmlPart, Part
from lf.components.pieces import Pieces
from lf.components.prompt import PromptInput, confirm_text, idle, idle_prompt_html, render_prompt
from lf.components.theme import FACTIONS, faction_label

from . import browser_seats, net
from . import session_port as port
from .frame import APP_TITLE, page_body, top_bar
from .in_thread import in_thread
from .live import LiveGame
from .rules_reference import open_rules_dialog
from .seats import open_seats_dialog

log = logging.getLogger("lf.pages")

#: The live screens by client id (diagnostics and tests); entries vanish with their page.
SCREENS: weakref.WeakValueDictionary[str, GameScreen] = weakref.WeakValueDictionary()
TURN_TITLE = f"● Your turn — {APP_TITLE}"
BUSY_MESSAGE = "Your last click is still being handled: this one was ignored (nothing was applied twice)."
OUTDATED_MESSAGE = ("That option was on an outdated picture of the game: the game has moved on. "
                    "Nothing was applied; here is the current position.")
#: How many buttons a page remembers, to answer a click that comes from an outdated picture.
BUTTONS_KEPT = 2000


class GameScreen:
    """One browser tab showing one game, for one seat (or a spectator)."""

    def __init__(self, game_id: str, token: str | None, client: Client, base_url: str) -> None:
        self.game_id = game_id
        self.token = token
        self.client = client
        self.base_url = base_url
        self.game_name = port.game(game_id).name
        self.view: dict[str, Any] = port.view(game_id, token)
        self.faction: str | None = self.view["viewer"]
        self.names = port.seat_names(game_id)
        self.sound = browser_seats.sound_on()
        self.parts: list[Drawn] = []
        self.busy = False
        self.syncs = 0
        self.live: LiveGame | None = None
        self._sync_scheduled = False
        self.my_turn = bool(self.view["decisions"])
        self.dialog_host: ui.element | None = None
        self.sound_button: ui.button
        self.prompt_area: ui.element | None = None
        self.root: ui.element | None = None
        #: Click listeners of the buttons drawn so far (ordered, newest last): see ``_guard``.
        self.buttons: dict[str, None] = {}
        SCREENS[client.id] = self

    # -- layout ----------------------------------------------------------------------------

    def build(self) -> None:
        with top_bar(self.game_name):
            ui.button("Rules", icon="menu_book", on_click=open_rules_dialog) \
                .props("flat dense no-caps color=white data-testid=rules") \
                .mark("rules")
            ui.button("Seats", icon="group", on_click=self.open_seats) \
                .props("flat dense no-caps color=white data-testid=seats") \
                .mark("seats")
            self.sound_button = ui.button(on_click=lambda: self._set_sound(not self.sound)) \
                .props("flat dense no-caps color=white data-testid=sound").mark("sound")
            self._show_sound()
        self.dialog_host = ui.element("div")
        names = lambda: self.names  # noqa: E731 - read at draw time: seats change
        with page_body(), ui.element("div").classes("lf-game") as self.root:
            self._stamp()
            with ui.element("div").classes("lf-col lf-main"):
                self._area("banner", lambda v: (v["result"], names()), self._banner)
                self._keep(HtmlPart("status", lambda v: _slice(v, "year", "turn", "phase", "direction", "initiative",
                                                               "government", "hero_supply", "viewer"),
                                    lambda v: board.status_html(v, self.faction), mark="status"))
                # A button or a board piece sends the version the browser shows (the root's data-version), and
                # the session refuses it if this seat's decision changed since: so the prompt re-draws only when
                # what it shows changes, and the Fronts and tracks are Pieces, changed in place.
                # An idle viewer's prompt (a spectator, a seat waiting for others) is HTML rewritten in place.
                self.prompt_area = self._area(
                    "prompt", lambda v: (_slice(v, "decisions", "can_undo", "result", "viewer"),
                                         None if idle(v) else (v["waiting"], names())), self._prompt)
                with self.prompt_area:
                    self._keep(HtmlPart("idle", lambda v: (_slice(v, "decisions", "waiting", "result", "viewer"),
                                                           names()), lambda v: idle_prompt_html(v, names())))
                self._keep(Pieces("fronts", "front", board.front_pieces, self._tap), board.fronts_box)
                self._keep(Pieces("tracks", "track", board.track_pieces, self._tap), board.tracks_box)
                with ui.element("div").classes("lf-a-tabs"):
                    self._tabs()
            with ui.element("div").classes("lf-col lf-side"):
                self._keep(HtmlPart("fascist", lambda v: _slice(v, "fascist_card", "fascist_deck_size", "test_result",
                                                                "year", "fronts"), board.fascist_html, mark="fascist"))
                self._keep(HtmlPart("facs", lambda v: (_slice(v, "factions", "initiative", "government", "active",
                                                              "waiting", "phase", "tracks"), names()),
                                    lambda v: factions_html(v, names()), mark="factions"), board.boxed("hero", "Factions"))
                self._keep(HtmlPart("glory", lambda v: _slice(v, "bag", "bag_size", "glory", "bid_winner"),
                                    board.glory_box_html, mark="glory"), board.boxed())
                self._keep(HtmlPart("meds", lambda v: v["medallions"], board.medallions_box_html, mark="medallions"),
                           board.boxed("medallion", "Medallions on the board"))
                self._keep(LogPanel(lambda v: v["log"]))
        self._mark_prompt()
        self._set_title()

    def _area(self, name: str, select: Callable[[dict], Any], render: Callable[[dict], None]) -> ui.element:
        return self._keep(Part(name, select, render))

    def _keep(self, part: Drawn, draw: Callable[[Any, dict], None] | None = None) -> ui.element:
        """Draw ``part`` in its own area (``draw(part, view)`` builds the box around it) and keep it updated."""
        with ui.element("div").classes(f"lf-a-{part.name}") as area:
            if draw is None:
                part.show(self.view)
            else:
                draw(part, self.view)
            self.parts.append(part)
        return area

    def _tabs(self) -> None:
        order = ([self.faction] if self.faction else []) + [f for f in FACTIONS if f != self.faction]
        with ui.element("div").classes("lf-box"):
            with ui.tabs().classes("lf-tabs").props("dense align=left outside-arrows mobile-arrows") as tabs:
                tab = {f: ui.tab(f, label=faction_label(f) + (" (you)" if f == self.faction else ""))
                       .classes(f"lf-f-{f}").mark(f"tab-{f}") for f in order}
            with ui.tab_panels(tabs, value=tab[order[0]]).classes("lf-tabpanels w-full"):
                for f in order:
                    with ui.tab_panel(tab[f]):
                        parts = faction_parts(lambda v: v, f, lambda f=f: self.names.get(f, ""))
                        show_faction(parts, self.view, f)
                        self.parts += parts

    # -- the parts -------------------------------------------------------------------------

    def _banner(self, v: dict) -> None:
        if v["result"]:
            ui.html(outcome_html(v, self.names), sanitize=False).mark("outcome")
            with ui.row().classes("mt-2"):
                ui.button("Back to the lobby", icon="home", on_click=lambda: ui.navigate.to("/")) \
                    .props("unelevated no-caps color=primary")

    def _prompt(self, v: dict) -> None:
        render_prompt(PromptInput(v, self.names, self.send, self.undo))

    async def _tap(self, choice: dict | None, shown: int | None) -> None:
        """A tap on a Front or a track: the choice it makes, at the version the browser showed (see Pieces)."""
        if choice is None:
            ui.notify(OUTDATED_MESSAGE, type="warning", multi_line=True)
            return
        await self.send(choice, shown)

    # -- acting ----------------------------------------------------------------------------

    async def send(self, choice: dict, version: int | None) -> None:
        """Send one of the listed choices (after confirmation when it is irreversible).

        ``version`` is the one the browser showed when pressed (None: unknown, the page's own is used); the
        session refuses it if this seat's decision changed since. A second click while the first is being
        confirmed or sent (a double click) is refused with a message.
        """
        version = self.view["version"] if version is None else version
        if self.busy:
            ui.notify(BUSY_MESSAGE, type="warning")
            return
        if not self.token:
            ui.notify("You are watching: take a seat to play.", type="warning")
            return
        self.busy = True
        try:
            question = confirm_text(choice)
            if question and not await self.confirm(question):
                return
            res = await in_thread(port.act, self.game_id, self.token, version, choice["action"], self.faction)
        finally:
            self.busy = False
        self._answer(res)

    async def undo(self) -> None:
        if self.busy:
            ui.notify(BUSY_MESSAGE, type="warning")
            return
        if not self.token:
            return
        self.busy = True
        try:
            res = await in_thread(port.undo, self.game_id, self.token, self.view["version"])
        finally:
            self.busy = False
        self._answer(res, show_ok=True)

    def _answer(self, res: port.ActResult, show_ok: bool = False) -> None:
        if res.ok:
            if show_ok and res.message:
                ui.notify(res.message, type="positive")
        elif res.code == "stale":
            ui.notify(res.message, type="warning", multi_line=True)
        else:
            ui.notify(res.message, type="negative", multi_line=True)
            if res.code == "token":  # the seat was released elsewhere: this browser only watches now
                browser_seats.forget(self.game_id)
                ui.navigate.to(f"/game/{self.game_id}")
                return
        if res.view is not None:
            self.apply(res.view, force=not res.ok)

    async def confirm(self, question: str) -> bool:
        assert self.dialog_host is not None
        with self.dialog_host, ui.dialog() as dialog, ui.card().classes("lf-box").style("max-width: 460px"):
            ui.label("Please confirm").classes("lf-h2")
            ui.label(question).mark("confirm-text")
            with ui.row().classes("w-full justify-end"):
                ui.button("Cancel", on_click=lambda: dialog.submit(False)) \
                    .props("flat no-caps data-testid=confirm-no").mark("confirm-no")
                ui.button("Yes, do it", on_click=lambda: dialog.submit(True)) \
                    .props("unelevated no-caps color=primary data-testid=confirm-yes").mark("confirm-yes")
        answer = await dialog
        dialog.delete()
        return bool(answer)

    def open_seats(self) -> None:
        open_seats_dialog(self.game_id, self.base_url, self.faction)

    def _set_sound(self, on: bool) -> None:
        self.sound = bool(on)
        browser_seats.set_sound(on)
        self._show_sound()

    def _show_sound(self) -> None:
        """The turn cue's sound switch: a speaker icon that says what it is in words too."""
        self.sound_button.props(f"icon={'volume_up' if self.sound else 'volume_off'}")
        self.sound_button.text = "Sound on" if self.sound else "Sound off"

    # -- live updates ----------------------------------------------------------------------

    def start_live(self) -> None:
        """Subscribe to the game; stop when the page is gone; catch up whenever the browser reconnects."""
        self.live = LiveGame(self.game_id, self.client, self._on_event, self.sync, self._reload_names)
        self._remember_buttons()
        self._guard()

    def _guard(self) -> None:
        """Answer a click on a button that a re-draw already removed, instead of dropping it silently.

        NiceGUI ignores events for elements that no longer exist. Such a click comes from a browser that
        still showed an older picture (a double tap, a slow or frozen connection, an old tab): the player
        is told that nothing was applied, and the browser receives the current position.
        """
        handle = self.client.handle_event

        def guarded(msg: dict) -> None:
            if msg.get("listener_id") in self.buttons and msg.get("id") not in self.client.elements:
                with self.client:
                    ui.notify(OUTDATED_MESSAGE, type="warning", multi_line=True)
                return
            handle(msg)

        self.client.handle_event = guarded  # type: ignore[method-assign]

    def _remember_buttons(self) -> None:
        """Note the click listeners of the prompt's buttons before they are re-drawn (the board's pieces persist).

        A re-draw runs in a background task after ``apply``, so the buttons of the previous draw are
        still there when the next ``apply`` starts: that is when they are collected.
        """
        if self.prompt_area is None:
            return
        for el in self.prompt_area.descendants():
            for listener in el._event_listeners.values():  # noqa: SLF001
                if listener.type in ("click", "keydown"):
                    self.buttons[listener.id] = None
        if len(self.buttons) > BUTTONS_KEPT:
            self.buttons = dict.fromkeys(list(self.buttons)[-BUTTONS_KEPT // 2:])

    def _stamp(self) -> None:
        """The version this page shows, as ``data-version`` on the game's root (tests and tools wait on it)."""
        if self.root is not None:
            self.root.props(f"data-testid=game data-version={self.view['version']}")

    def stop_live(self) -> None:
        if self.live is not None:
            self.live.close()

    def _reload_names(self) -> None:
        self.names = port.seat_names(self.game_id)

    def _on_event(self) -> None:
        """Runs on our loop after each accepted change; many events in a row give one sync."""
        if not self._sync_scheduled:
            self._sync_scheduled = True
            asyncio.get_running_loop().call_soon(self.sync)

    def sync(self) -> None:
        """Fetch our view once and re-draw what changed."""
        self._sync_scheduled = False
        if self.client.is_deleted:
            self.stop_live()
            return
        try:
            view = port.view(self.game_id, self.token)
        except port.SessionError as exc:
            if self.token is None:
                log.warning("game %s: cannot refresh: %s", self.game_id, exc)
                return
            self.token, self.faction = None, None  # our seat was released elsewhere: watch instead
            view = port.view(self.game_id, None)
        self.syncs += 1
        self.apply(view)

    def apply(self, view: dict, force: bool = False) -> None:
        if view["version"] < self.view["version"] and not force:
            return  # an older answer arriving late
        self.view = view
        self._remember_buttons()
        for part in self.parts:
            part.update(view, force=force)
        # The parts re-draw in background tasks (NiceGUI's refresh); stamping after them means a browser that
        # sees the new data-version also has the new parts (they leave in the same update or an earlier one).
        asyncio.get_running_loop().call_soon(self._stamp)
        self._mark_prompt()
        now = bool(view["decisions"])
        if now and not self.my_turn:
            self.client.run_javascript(f"lfTurnCue({'true' if self.sound else 'false'})")
        self.my_turn = now
        self._set_title()

    def _mark_prompt(self) -> None:
        if self.prompt_area is not None:
            if self.view["decisions"]:
                self.prompt_area.classes(add="mine")
            else:
                self.prompt_area.classes(remove="mine")

    def _set_title(self) -> None:
        title = TURN_TITLE if self.view["decisions"] else f"{self.game_name} — {APP_TITLE}"
        if self.client.title != title:
            self.client.title = title
            self.client.run_javascript(f"document.title = {json.dumps(title)}")


def _slice(view: dict, *keys: str) -> list[Any]:
    """The part of a view one Part shows: it re-draws only when this changes."""
    return [view[k] for k in keys]


def _not_found(game_id: str, why: str) -> None:
    with top_bar():
        pass
    with page_body(), ui.element("div").classes("lf-box"):
        ui.label("This game can't be shown").classes("lf-h2")
        ui.label(why).mark("game-error")
        ui.link("Back to the lobby", "/")


def game_page(game_id: str, invite: str = "") -> None:
    client = ui.context.client
    try:
        port.game(game_id)
        held = browser_seats.held(game_id)
        token = held["token"] if held else None
        if token and port.seat_of(game_id, token) is None:
            browser_seats.forget(game_id)  # the seat was released: this browser only watches now
            token = None
        url = client.request.url
        screen = GameScreen(game_id, token, client, net.public_base(url.scheme, url.hostname or "", url.port))
    except port.SessionError as exc:
        _not_found(game_id, str(exc))
        return
    screen.build()
    screen.start_live()
    if invite:
        screen.open_seats()


def register() -> None:
    ui.page("/game/{game_id}", title=f"Game — {APP_TITLE}")(game_page)
