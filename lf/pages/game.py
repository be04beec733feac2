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
import dataclasses
import json
import logging
import weakref
from collections.abc import Callable
from typing import Any

from nicegui import Client, ui

from lf.components import board, table_board
from lf.components.faction_panel import faction_parts, show_faction
from lf.components.hand_strip import strip_box, strip_pieces
from lf.components.icons import q_icon
from lf.components.log_panel import LogPanel
from lf.components.part import Drawn, HtmlPart, Part
from lf.components.pieces import Pieces, by_key
from lf.components.prompt import PromptInput, computers_deciding, confirm_text, idle, idle_prompt_html, render_prompt
from lf.components.since_last import Digest, recap_turns
from lf.components.table_frame import panel_buttons, panel_close, table_box
from lf.components.theme import FACTIONS, faction_label

from . import browser_seats, net, thinking_figure
from . import session_port as port
from .end_screen import carry_seat, show_end
from .frame import APP_TITLE, page_body, top_bar
from .in_thread import in_thread
from .live import LiveGame
from .not_found import game_error
from .offline_taps import answer_offline_tap
from .outdated_clicks import OUTDATED_MESSAGE, OutdatedClicks
from .presence_link import AbsentNotice, SeatLink
from .rules_reference import open_rule, open_rules_dialog
from .saving import saved
from .seat_notice import SeatNotice, keep_seat_in_url
from .spectating import watch
from .suggest import Suggestion, choices_of
from .seats import open_seats_dialog
from .shared_fetch import shared_call, ticket

log = logging.getLogger("lf.pages")

#: The live screens by client id (diagnostics and tests); entries vanish with their page.
SCREENS: weakref.WeakValueDictionary[str, GameScreen] = weakref.WeakValueDictionary()
TURN_TITLE = f"● Your turn — {APP_TITLE}"
BUSY_MESSAGE = "Your last click is still being handled: this one was ignored (nothing was applied twice)."


def fetch_view(game_id: str, token: str | None, names: bool) -> tuple[dict[str, Any], dict[str, str] | None, bool]:
    """A seat's view (the spectator's when the seat was released elsewhere), the seat names when asked, and whether
    the token still holds the seat. Runs in a worker thread; shared by the pages that ask the same."""
    try:
        view, seated = port.view(game_id, token), True
    except port.NotSeated:
        view, seated = port.view(game_id, None), False
    return port.recapped(game_id, view), port.seat_names(game_id) if names else None, seated


def with_recap(game_id: str, res: port.ActResult) -> port.ActResult:
    """An answer to a move or an undo, its view with the seat's recap ("while you waited": its move ends it)."""
    return res if res.view is None else dataclasses.replace(res, view=port.recapped(game_id, res.view))


class GameScreen:
    """One browser tab showing one game, for one seat (or a spectator)."""

    def __init__(self, game_id: str, token: str | None, client: Client, base_url: str, opening: port.Opening) -> None:
        self.game_id = game_id
        self.token = token
        self.client = client
        self.base_url = base_url
        self.game_name = opening.name
        self.view: dict[str, Any] = opening.view
        self.faction: str | None = self.view["viewer"]
        self.names = opening.names
        self.turn_seconds = opening.turn_seconds
        self.sound = browser_seats.sound_on()
        self.parts: list[Drawn] = []
        self.busy = False
        self.syncs = 0
        self.live: LiveGame | None = None
        #: This page's presence at the table, and every seat's (lf/pages/presence_link.py).
        self.link: SeatLink | None = None
        self.presence: dict[str, Any] = {}
        self._sync_scheduled = False
        self._names_stale = False
        #: When this page last heard of a change (``shared_fetch.ticket``): its next view must be at least that new.
        self._heard = ticket()
        self.my_turn = bool(self.view["decisions"])
        self.dialog_host: ui.element | None = None
        self.all_open = False
        #: The questions the page shows (kind, prompt): when they change, the board brings their targets into view.
        self.asked: list[tuple[str, str]] = [(d["kind"], d["prompt"]) for d in self.view["decisions"]]
        self.sound_button: ui.button
        self.prompt_area: ui.element | None = None
        self.root: ui.element | None = None
        #: "Suggest a move" (lf/pages/suggest.py), for a seated page when the host allows hints.
        self.suggestion: Suggestion | None = None
        if opening.hints and token:
            self.suggestion = Suggestion(game_id, lambda: self.token, lambda: self.faction, self.send,
                                         self._redraw_prompt, lambda js: self.client.run_javascript(js))
            self.suggestion.seen(self.view)
        #: A click on a prompt button a re-draw removed is answered (lf/pages/outdated_clicks.py).
        self.clicks = OutdatedClicks(lambda: self.prompt_area)
        SCREENS[client.id] = self

    # -- layout ----------------------------------------------------------------------------

    def build(self) -> None:
        """The table (docs/pages.md): the board and a side column, the prompt bar and the hand strip at the foot (a
        bottom sheet on a phone), the log and the factions' tabs in side panels.

        A button or a board target sends the version the browser shows (the root's data-version), and the session
        refuses it if this seat's decision changed since: so the prompt re-draws only when what it shows changes,
        and the board's pieces (Fronts, tracks, medallions, factions, the hand's cards) are changed in place.
        """
        ui.query("body").classes("lf-table-page")
        self._top_bar()
        self.dialog_host = ui.element("div")
        with page_body(), ui.element("div").classes("lf-game lf-table") as self.root:
            self._stamp()
            with ui.element("div").classes("lf-t-main"):
                with ui.element("div").classes("lf-t-top"):
                    self._keep(SeatNotice(self.game_id, lambda: self.token, self.turn_seconds))
                    self._keep(AbsentNotice(self.game_id, lambda: self.presence, lambda: self.names))
                    self._area("banner", lambda v: (v["result"], self.names), self._banner)
                with ui.element("div").classes("lf-t-bar"):
                    self._keep(HtmlPart("status", lambda v: _slice(v, "year", "turn", "phase", "direction",
                                                                   "initiative", "government", "hero_supply",
                                                                   "viewer"),
                                        lambda v: board.status_html(v, self.faction), mark="status"))
                    ui.html(panel_buttons(), sanitize=False).classes("lf-t-toggles")
                with ui.element("div").classes("lf-t-board"):
                    self._board()
                with ui.element("div").classes("lf-t-side"):
                    self._side()
            with ui.element("div").classes("lf-t-dock").props("data-testid=dock"):
                self._dock()
            with ui.element("aside").classes("lf-t-log lf-panel-side").props('aria-label="Game log"'):
                ui.html(panel_close("log"), sanitize=False)
                self._keep(LogPanel(lambda v: v["log"], replay=f"/replay/{self.game_id}", keep_open=recap_turns))
            with ui.element("aside").classes("lf-t-tabs lf-panel-side") \
                    .props('aria-label="Factions: tableaux and piles"'):
                ui.html(panel_close("tabs"), sanitize=False)
                with ui.element("div").classes("lf-a-tabs"):
                    self._tabs()
        self._mark_prompt()
        self._set_title()
        ui.on("lf_rule", lambda e: open_rule(e.args))  # a rule cited in a reason (assets/since.js)

    def _top_bar(self) -> None:
        with top_bar(self.game_name):
            ui.button("Rules", icon=q_icon("book"), on_click=open_rules_dialog) \
                .props("flat dense no-caps color=white data-testid=rules") \
                .mark("rules")
            ui.button("Seats", icon=q_icon("seats"), on_click=self.open_seats) \
                .props("flat dense no-caps color=white data-testid=seats") \
                .mark("seats")
            self.sound_button = ui.button(on_click=lambda: self._set_sound(not self.sound)) \
                .props("flat dense no-caps color=white data-testid=sound").mark("sound")
            self._show_sound()

    def _pieces(self, name: str, kind: str, select: Callable[[dict], dict], share: bool = True) -> Pieces:
        """Board pieces that carry the seat's targets (a new decision makes an older picture outdated)."""
        return Pieces(name, kind, select, self._tap, role=False, epoch=self._decision, share=share)

    def _board(self) -> None:
        self._keep(self._pieces("fronts", "front", table_board.front_pieces), board.fronts_box)
        self._keep(self._pieces("tracks", "track", table_board.track_pieces), board.tracks_box)
        with ui.element("div").classes("lf-t-row"):
            self._keep(self._pieces("meds", "meds", table_board.medallion_pieces))
            self._keep(HtmlPart("glory", lambda v: _slice(v, "bag", "bag_size", "glory", "bid_winner"),
                                board.glory_box_html, mark="glory"))

    def _side(self) -> None:
        self._keep(HtmlPart("fascist", lambda v: _slice(v, "fascist_card", "fascist_deck_size", "test_result", "year",
                                                        "fronts", "result", "attacks_now", "content_version", "level"),
                                   board.fascist_html, mark="fascist"))
        self._keep(self._pieces("facs", "fac", lambda v: table_board.faction_pieces(v, self.names, self.presence),
                                 share=False),
                   table_box("hero", "Factions", "lf-facs"))
        # "Since your last move" (lf/components/since_last.py): its steps are played by assets/since.js.
        self._keep(Digest(lambda: self.names))

    def _dock(self) -> None:
        # The bar offers what the board does not carry, which depends on the tracks and medallions too.
        # An idle viewer's words (a spectator, a seat waiting for others) are HTML rewritten in place, rendered once
        # for all the spectators of the game (lf/components/shared_render.py); the bar re-draws for them only
        # when their Undo comes or goes. Above them, "while you waited" plays its steps on a phone (its slot is
        # never re-drawn; on a laptop the steps float over the board: assets/since.js).
        ui.element("div").classes("lf-seq-slot").props("data-testid=seq-slot")
        self.prompt_area = self._area(
            "prompt", lambda v: (_slice(v, "decisions", "can_undo", "result", "viewer"),
                                 None if idle(v) else (_slice(v, "waiting", "tracks", "medallions"), self.names,
                                                       self.all_open, self._coach_stamp())), self._prompt)
        with self.prompt_area:
            self._keep(HtmlPart("idle", lambda v: (_slice(v, "decisions", "waiting", "result", "viewer"), self.names),
                                lambda v: idle_prompt_html(v, self.names)))
        self._keep(self._pieces("hand", "hcard", strip_pieces), strip_box)

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
            with ui.tabs().classes("lf-tabs").props(f'align=left left-icon="{q_icon("chevron_left")}" '
                                                    f'right-icon="{q_icon("chevron_right")}"') as tabs:
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
            show_end(self.game_id, v, self.names)

    def _prompt(self, v: dict) -> None:
        coach = self.suggestion if self.token else None
        render_prompt(PromptInput(
            v, self.names, self.send, self.undo, self.all_open, self.toggle_all,
            coach_button=coach.render_button if coach else None,
            coach_advice=(lambda area: coach.render_advice(choices_of(v, self.faction), area)) if coach else None))

    def _coach_stamp(self) -> tuple | None:
        return self.suggestion.stamp() if self.suggestion is not None else None

    def _redraw_prompt(self) -> None:
        """The coach's state changed (thinking, a suggestion): the prompt bar shows it."""
        self.clicks.remember()
        for part in self.parts:
            if part.name == "prompt":
                part.update(self.view)
        if self.suggestion is not None:
            asyncio.get_running_loop().call_soon(self.suggestion.outline)

    @staticmethod
    def _decision(v: dict) -> list[Any]:
        """What the seat decides and who else is deciding: a change makes every board target's picture new (a tap
        on an older picture is outdated, as a click on a button the prompt drew again)."""
        return _slice(v, "decisions", "waiting", "can_undo", "result", "viewer")

    def toggle_all(self) -> None:
        """Open or close "All options", the engine's whole list as buttons (drawn only while it is open)."""
        self.all_open = not self.all_open
        self._redraw_prompt()

    def offered(self) -> list[str]:
        """Every option this page offers now, on the board and in the prompt bar (tests and tools read it)."""
        keys: set[str] = set()
        for part in self.parts:
            if isinstance(part, Pieces):
                for _, choices in part.shown.values():
                    keys.update(by_key(choices))
        assert self.prompt_area is not None
        for el in self.prompt_area.descendants():
            keys.update(m[4:] for m in el._markers if m.startswith("act:"))  # noqa: SLF001
        return sorted(keys)

    async def _tap(self, choice: dict | None, shown: int | None) -> None:
        """A tap on a board target: the choice it makes, at the version the browser showed (see Pieces)."""
        if choice is None:
            ui.notify(OUTDATED_MESSAGE, type="warning", multi_line=True)
            return
        await self.send(choice, shown)

    # -- acting ----------------------------------------------------------------------------

    async def send(self, choice: dict, version: int | None) -> None:
        """Send one of the listed choices (after a question when ending the turn gives something up).

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
            mine = next((d for d in self.view["decisions"] if d["faction"] == self.faction), None)
            question = confirm_text(choice, mine)
            if question and not await self.confirm(question):
                return
            token, faction = self.token, self.faction
            res = await saved(lambda: with_recap(self.game_id, port.act(self.game_id, token, version, choice["action"],
                                                                         faction)), self.client)
            self._answer(res)
        finally:
            self._not_busy_after_redraw()

    async def undo(self) -> None:
        if self.busy:
            ui.notify(BUSY_MESSAGE, type="warning")
            return
        if not self.token:
            return
        self.busy = True
        try:
            token, version = self.token, self.view["version"]
            res = await saved(lambda: with_recap(self.game_id, port.undo(self.game_id, token, version)), self.client)
            self._answer(res, show_ok=True)
        finally:
            self._not_busy_after_redraw()

    def _not_busy_after_redraw(self) -> None:
        """Free the page for the next click once the re-draw the answer scheduled has run: a second click of a
        double click then finds its button busy or gone (outdated), never free on a picture being replaced."""
        def free() -> None:
            self.busy = False

        asyncio.get_running_loop().call_soon(free)

    def _answer(self, res: port.ActResult, show_ok: bool = False) -> None:
        with self.client:  # the pressed button may have been re-drawn away while the answer came
            self._tell(res, show_ok)

    def _tell(self, res: port.ActResult, show_ok: bool) -> None:
        if res.ok:
            if show_ok and res.message:
                ui.notify(res.message, type="positive")
        elif res.code == "stale":
            ui.notify(res.message, type="warning", multi_line=True)
        else:
            ui.notify(res.message, type="negative", multi_line=True)
            if res.code == "token":  # the seat was released elsewhere: this browser only watches now
                if self.faction:
                    browser_seats.forget(self.game_id, self.faction)
                ui.navigate.to(f"/game/{self.game_id}")
                return
        if res.view is not None:
            self.apply(res.view, force=not res.ok)

    async def confirm(self, question: str) -> bool:
        assert self.dialog_host is not None
        with self.dialog_host, ui.dialog().props('aria-label="Please confirm"') as dialog, ui.card().classes("lf-box lf-confirm").style("max-width: 460px"):
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

    async def open_seats(self) -> None:
        await open_seats_dialog(self.game_id, self.base_url, self.faction)

    def _set_sound(self, on: bool) -> None:
        self.sound = bool(on)
        browser_seats.set_sound(on)
        self._show_sound()

    def _show_sound(self) -> None:
        """The turn cue's sound switch: a speaker icon that says what it is in words too."""
        self.sound_button.props(f'icon="{q_icon("sound_on" if self.sound else "sound_off")}"')
        self.sound_button.text = "Sound on" if self.sound else "Sound off"

    # -- live updates ----------------------------------------------------------------------

    async def start_live(self) -> None:
        """Subscribe to the game; stop when the page is gone; catch up whenever the browser reconnects."""
        self.live = await LiveGame.open(self.game_id, self.client, self._on_event, self._catch_up, self._reload_names)
        self.link = SeatLink(self.game_id, self.client, self.faction, self._presence_changed)
        self._presence_changed()
        self.client.on_connect(self._show_targets)
        self.client.on_connect(lambda: answer_offline_tap(self.client, self.sync, lambda: self.view["version"]))
        self.clicks.guard(self.client)
        self._follow_thinking()
        if self.suggestion is not None:
            self.client.on_delete(self.suggestion.stop)  # a page closed while the coach thinks stops its search

    def _show_targets(self) -> None:
        """Bring the current question's targets into view on the board (a phone's board scrolls)."""
        if self.view["decisions"]:
            self.client.run_javascript("lfShowTargets()")

    def _stamp(self) -> None:
        """The version this page shows, as ``data-version`` on the game's root (tests and tools wait on it);
        ``data-rule-links``: a rule a reason cites opens the rules dialog here (assets/since.js)."""
        if self.root is not None:
            self.root.props(f"data-testid=game data-rule-links data-version={self.view['version']}")

    def _presence_changed(self) -> None:
        """A seat's device came or went: the factions' lines and the notice of an absent player follow."""
        if self.link is None or self.client.is_deleted:
            return
        self.presence = self.link.seats()
        for part in self.parts:
            if part.name in ("facs", "absent"):
                part.update(self.view)

    def stop_live(self) -> None:
        if self.live is not None:
            self.live.close()
        if self.suggestion is not None:
            self.suggestion.stop()

    def _reload_names(self) -> None:
        """A seat changed: the next sync reads the seat names too (in its worker thread)."""
        self._names_stale = True

    def _on_event(self) -> None:
        """Runs on our loop after each accepted change; many events in a row give one sync."""
        self._heard = ticket()
        if not self.client.has_socket_connection:
            return  # nobody sees this page now (never opened, or reconnecting): it catches up when its socket comes
        if not self._sync_scheduled:
            self._sync_scheduled = True
            asyncio.get_running_loop().create_task(self.sync())

    async def _catch_up(self) -> None:
        """The browser (re)connected: whatever it missed, the next view is fetched anew."""
        self._heard = ticket()
        await self.sync()

    async def sync(self) -> None:
        """Fetch our view once (in a worker thread: it waits for the game's lock) and re-draw what changed.

        The pages of this game that look from the same seat (every spectator) share one fetch (``shared_fetch``)."""
        self._sync_scheduled = False
        if self.client.is_deleted:
            self.stop_live()
            return
        stale, self._names_stale = self._names_stale, False
        token = self.token
        try:
            view, names, seated = await shared_call(("view", self.game_id, token, stale), self._heard,
                                                    lambda: fetch_view(self.game_id, token, stale))
        except port.SessionError as exc:
            self._names_stale |= stale
            log.warning("game %s: cannot refresh: %s", self.game_id, exc)
            return
        if self.client.is_deleted:
            return
        if not seated and self.token == token:  # our seat was released elsewhere: we watch instead
            self.token, self.faction = None, None
            if self.link is not None:
                self.link.seat(None)
        self.syncs += 1
        if names is None:
            self.apply(view)
            return
        self.names = names  # a seat changed: re-draw with the new names, and never with an older view
        self.apply(view if view["version"] >= self.view["version"] else self.view, force=True)

    def apply(self, view: dict, force: bool = False) -> None:
        if view["version"] < self.view["version"] and not force:
            return  # an older answer arriving late
        if view["result"] and not self.view["result"]:  # the end: the result at the top comes into view
            asyncio.get_running_loop().call_soon(lambda: self.client.run_javascript("lfShowResult()"))
        self.view = view
        if self.suggestion is not None:
            self.suggestion.seen(view)  # a move made meanwhile cancels the coach's search for the old question
        self.clicks.remember()
        decisions = [(d["kind"], d["prompt"]) for d in view["decisions"]]
        if decisions != self.asked:  # its question answered, "All options" closes (the next one starts closed)
            self.all_open = False
        for part in self.parts:
            part.update(view, force=force)
        # The parts re-draw in background tasks (NiceGUI's refresh); stamping after them means a browser that
        # sees the new data-version also has the new parts (they leave in the same update or an earlier one).
        asyncio.get_running_loop().call_soon(self._stamp)
        if self.suggestion is not None and self.suggestion.suggested():  # a re-drawn piece keeps its outline
            asyncio.get_running_loop().call_soon(self.suggestion.outline)
        self._mark_prompt()
        now = bool(view["decisions"])
        if now and not self.my_turn:
            self.client.run_javascript(f"lfTurnCue({'true' if self.sound else 'false'})")
        if decisions and decisions != self.asked:  # a new question: its targets come into view (a phone scrolls)
            asyncio.get_running_loop().call_soon(self._show_targets)
        self.asked = decisions
        self.my_turn = now
        self._set_title()
        self._follow_thinking()

    def _follow_thinking(self) -> None:
        """While the computer thinks, this page gets the measured share of its search (lf/pages/thinking_figure.py)."""
        thinking_figure.follow(self.game_id, self.client, bool(computers_deciding(self.view)))

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


async def game_page(game_id: str, invite: str = "", seat: str = "") -> None:
    """The game for the seat this tab plays (``?seat=``, else the browser's first seat in the game), or to watch.

    Everything that touches the session is read in a worker thread before the page is drawn.
    """
    client = ui.context.client
    try:
        await carry_seat(game_id)  # a rematch: the seats this browser held in the game before are its seats here
        kept = browser_seats.seats_in(game_id)
        valid = await in_thread(port.held_seats, game_id, kept) if kept else {}
        for faction in set(kept) - set(valid):
            browser_seats.forget(game_id, faction)  # released elsewhere: this browser no longer holds it
        faction = seat if seat in valid else next((f for f in FACTIONS if f in valid), None)
        token = valid.get(faction) if faction else None
        if token is None:
            watch(game_id, client)
        opening = await in_thread(port.opening, game_id, token)
    except port.SessionError as exc:
        game_error(exc)  # an unknown or malformed id answers 404, in lf's frame
        return
    url = client.request.url
    screen = GameScreen(game_id, token, client, net.public_base(url.scheme, url.hostname or "", url.port), opening)
    screen.build()
    await screen.start_live()
    if invite:
        keep_seat_in_url(game_id, faction)  # the dialog opens once: a reload no longer carries ?invite=1
        await screen.open_seats()
    elif token and seat != faction:
        keep_seat_in_url(game_id, faction)


def register() -> None:
    ui.page("/game/{game_id}", title=f"Game — {APP_TITLE}")(game_page)
