"""The replay viewer (/replay/{game_id}): every step of a game from its start, with the board as it was.

Why it is built this way: the positions come from replaying the action log
through the engine (``lf.session.replay``, a timeline shared by the pages of a
game), and every view from ``lf.engine.view`` for the seat chosen, so a step
shows exactly what that seat could see at the time; while the game runs only
the spectator's view is offered. The board is the game page's own pieces drawn
without taps (``lf.components.still_board``), kept on the page and rewritten in
place at each step, like the game page after a move: a step sends what changed.

Stepping: first / back / forward / last, a slider, a jump to any turn, the
keyboard's arrows, Home and End (assets/history.js), and ``?step=N&seat=F`` in
the address, kept up to date so a step can be shared.
"""

from __future__ import annotations

import json
import weakref
from typing import Any

from nicegui import Client, background_tasks, ui

from lf.components.log_panel import LogPanel, turn_title
from lf.components.part import HtmlPart
from lf.components.still_board import StillBoard, still_board
from lf.components.theme import FACTIONS, esc, faction_label
from lf.engine.step_words import action_words

from . import game_files
from . import session_port as port
from .frame import APP_TITLE, page_body, top_bar
from .in_thread import in_thread
from .live import LiveGame
from .rules_reference import open_rules_dialog

SPECTATOR = ""
#: The live replay screens by client id (tests); entries vanish with their page.
SCREENS: weakref.WeakValueDictionary[str, ReplayScreen] = weakref.WeakValueDictionary()


class ReplayScreen:
    """One browser tab stepping through one game, as one seat (or a spectator)."""

    def __init__(self, game_id: str, client: Client, step: int | None, seat: str | None) -> None:
        """Reads the game (its timeline, its seats): made in a worker thread (``open``)."""
        self.game_id = game_id
        self.client = client
        self.game_name = port.game(game_id).name
        self.replay = port.replay(game_id)
        self.names = self._player_names()
        self.seat = seat if seat in self.replay.seats() else None
        self.k = 0 if step is None else max(0, min(self.replay.steps, step))
        self.view: dict[str, Any] = self.replay.view(self.k, self.seat)
        self.board: StillBoard
        self.step_part: HtmlPart
        self.log: LogPanel
        self.root: ui.element
        self.buttons: dict[str, ui.button] = {}
        self.slider: ui.slider
        self.turns: ui.select
        self.turn_steps: dict[int, str] = {}
        self.label: ui.label
        self.seats: ui.element
        self.download: ui.element
        self._quiet = False  # set while the page moves its own controls (their change events are not steps)
        SCREENS[client.id] = self

    # -- layout ----------------------------------------------------------------------------

    def build(self) -> None:
        with top_bar(f"Replay · {self.game_name}"):
            ui.button("Game", icon="sports_esports", on_click=lambda: ui.navigate.to(f"/game/{self.game_id}")) \
                .props("flat dense no-caps color=white data-testid=to-game").mark("to-game")
            ui.button("Rules", icon="menu_book", on_click=open_rules_dialog) \
                .props("flat dense no-caps color=white data-testid=rules")
        with page_body(), ui.element("div").classes("lf-replay") as self.root:
            self._controls()
            with ui.element("div").classes("lf-replay-grid"):
                main = ui.element("div").classes("lf-col lf-main")
                side = ui.element("div").classes("lf-col lf-side")
            with main, ui.element("div").classes("lf-a-step"):
                self.step_part = HtmlPart("step", lambda v: (v["step"], v["viewer"]), self._step_html, mark="replay-step")
                self.step_part.show(self.view)
            self.board = still_board(self.view, self._lead, lambda: self.names, main, side)
            with side, ui.element("div").classes("lf-a-log"):
                self.log = LogPanel(lambda v: v["log"])
                self.log.show(self.view)
        self._nav()

    async def follow(self) -> None:
        """A running game goes on under the replay: hear its moves (the subscription is made in a worker)."""
        if not self.replay.finished:
            await LiveGame.open(self.game_id, self.client, self._game_moved, self._game_moved, self._seats_changed,
                                follow=None)

    def _controls(self) -> None:
        with ui.element("div").classes("lf-box lf-replay-bar"):
            with ui.element("div").classes("lf-replay-nav"):
                self._button("first", "first_page", "First step", lambda: self.go(0))
                self._button("back", "chevron_left", "Step back", lambda: self.go(self.k - 1))
                with ui.element("div").classes("lf-replay-mid"):
                    self.label = ui.label("").classes("lf-replay-k").props("data-testid=replay-where aria-live=polite")
                    self.slider = ui.slider(min=0, max=max(1, self.replay.steps), value=self.k) \
                        .props('snap aria-label="Step" data-testid=replay-slider') \
                        .classes("lf-replay-slider").mark("replay-slider")
                    self.slider.on("change", lambda e: self._picked(e.args))
                self._button("forward", "chevron_right", "Step forward", lambda: self.go(self.k + 1))
                self._button("last", "last_page", "Last step", lambda: self.go(self.replay.steps))
        with ui.element("div").classes("lf-box lf-replay-opts"):
            self.turns = ui.select(self._turn_options(), label="Jump to", value=None,
                                   on_change=lambda e: self._picked(e.value)) \
                .props("outlined dense options-dense data-testid=replay-turn").classes("lf-replay-turn") \
                .mark("replay-turn")
            self.seats = ui.element("div").classes("lf-replay-seat")
            with ui.element("div").classes("lf-replay-files"):
                self.download = ui.element("div")
                game_files.import_button(lambda new: f"/replay/{new.id}")
            self._by_status()

    def _button(self, name: str, icon: str, label: str, go: Any) -> None:
        self.buttons[name] = ui.button(icon=icon, on_click=go) \
            .props(f'flat round aria-label="{label}" title="{label}" data-testid=replay-{name}') \
            .classes("lf-replay-btn").mark(f"replay-{name}")

    def _by_status(self) -> None:
        """What depends on the game being over: whose view may be chosen, and the game file."""
        self.download.clear()
        with self.download:
            game_files.download_link(self.game_id, self.replay.finished)
        self.seats.clear()
        with self.seats:
            if not self.replay.finished:
                ui.label("Seen as a spectator: every seat's view opens when the game is over.") \
                    .classes("lf-muted text-sm").mark("replay-spectator-only")
                return
            options = {SPECTATOR: "Spectator (the public board)"}
            options.update({f: self._who(f) for f in FACTIONS})
            ui.select(options, label="Seen by", value=self.seat or SPECTATOR,
                      on_change=lambda e: self.set_seat(e.value or None)) \
                .props("outlined dense data-testid=replay-seat").classes("lf-replay-seatsel").mark("replay-seat")

    def _turn_options(self) -> dict[int, str]:
        """The first step of each turn, by its title (kept until the game has new steps)."""
        self.turn_steps = {k: turn_title((year, turn)) for year, turn, k in self.replay.turn_starts()}
        return self.turn_steps

    # -- what a step shows -----------------------------------------------------------------

    def _lead(self, v: dict) -> str:
        who = v["viewer"]
        text = f"Seen by: {faction_label(who)}" if who else "Seen by: a spectator"
        return f'<span class="lf-chip{f" lf-f-{who}" if who else ""}">{esc(text)}</span>'

    def _step_html(self, v: dict) -> str:
        k = v["step"]
        st = self.replay.step(k)
        if st is None:
            title = "The game as it was set up"
        else:
            title = f"{self._who(st.faction)}: {action_words(st.key)}"
        a, b = self.replay.log_range(k)
        lines = "".join(f'<li class="{"np" if e.get("kind") == "nonplayer" else ""}">{esc(e.get("text", ""))}</li>'
                        for e in v["log"][a:b]) or '<li class="lf-muted">(nothing written in the log)</li>'
        return (f'<div class="lf-box lf-replay-now"><div class="lf-replay-h">This step</div>'
                f'<div class="lf-replay-title" data-testid="replay-title">{esc(title)}</div>'
                f'<ul class="lf-replay-lines" data-testid="replay-lines">{lines}</ul></div>')

    # -- stepping --------------------------------------------------------------------------

    def go(self, k: int) -> None:
        """Show the position after step ``k`` (clamped to the game's steps)."""
        self.k = max(0, min(self.replay.steps, int(k)))
        self.view = self.replay.view(self.k, self.seat)
        self.step_part.update(self.view)
        self.board.update(self.view)
        self.log.update(self.view)
        self._nav()

    def set_seat(self, seat: str | None) -> None:
        if seat not in self.replay.seats():
            ui.notify(f"{port.SPECTATOR_ONLY[0].upper()}{port.SPECTATOR_ONLY[1:]}.", type="warning")
            return
        self.seat = seat
        self.view = self.replay.view(self.k, seat)
        self.step_part.update(self.view, force=True)
        self.board.update(self.view, force=True)
        self.log.update(self.view, force=True)
        if seat:
            self.board.show_tab(seat)
        self._nav()

    def _picked(self, value: Any) -> None:
        if self._quiet or type(value) is not int:
            return
        self.go(value)

    def _nav(self) -> None:
        last = self.replay.steps
        for name, on in (("first", self.k > 0), ("back", self.k > 0), ("forward", self.k < last), ("last", self.k < last)):
            self.buttons[name].set_enabled(on)
        v = self.view
        self.label.set_text(f"Step {self.k} of {last} · Year {v['year']}, "
                            f"{'turn ' + str(v['turn']) if v['turn'] else 'setup'}")
        starts = [k for k in self.turn_steps if k <= self.k]
        self._quiet = True
        try:
            self.slider.props(f"max={max(1, last)}")
            self.slider.set_value(self.k)
            self.turns.set_value(starts[-1] if starts else None)
        finally:
            self._quiet = False
        self.root.props(f'data-testid=replay-root data-step={self.k} data-steps={last} '
                        f'data-seat={self.seat or "spectator"}')
        query = f"?step={self.k}" + (f"&seat={self.seat}" if self.seat else "")
        self.client.run_javascript(f'history.replaceState(null, "", {json.dumps(f"/replay/{self.game_id}{query}")})')

    # -- a running game goes on ------------------------------------------------------------

    def _game_moved(self) -> None:
        background_tasks.create(self._moved())

    async def _moved(self) -> None:
        """New steps (or the end): follow them if the page shows the last step, else only extend the slider."""
        if self.client.is_deleted:
            return
        at_end = self.k == self.replay.steps
        was_finished = self.replay.finished
        if not await in_thread(self.replay.refresh):
            return
        with self.client:
            self.turns.set_options(self._turn_options())
            if self.replay.finished and not was_finished:
                self._by_status()
            self.go(self.replay.steps if at_end else self.k)

    def _seats_changed(self) -> None:
        background_tasks.create(self._names_changed())

    async def _names_changed(self) -> None:
        self.names = await in_thread(self._player_names)

    def _player_names(self) -> dict[str, str]:
        """Who played each seat, as the game recorded it (a seat freed since keeps its player's name)."""
        return {s.faction: "Non-player" if s.kind == "nonplayer" else s.display_name for s in port.seats(self.game_id)}

    def _who(self, faction: str) -> str:
        """"Anarchists (Ana)", or only the faction when its player had no name of their own."""
        name = self.names.get(faction, "")
        return faction_label(faction) + (f" ({name})" if name and name != faction_label(faction) else "")


def _cannot_show(why: str) -> None:
    with top_bar("Replay"):
        pass
    with page_body(), ui.element("div").classes("lf-box"):
        ui.label("This replay can't be shown").classes("lf-h2")
        ui.label(why).mark("replay-error")
        ui.link("Back to the lobby", "/")


async def replay_page(game_id: str, step: int | None = None, seat: str | None = None) -> None:
    """The game's replay; everything that reads the database is read in a worker thread."""
    try:
        screen = await in_thread(ReplayScreen, game_id, ui.context.client, step, seat or None)
    except port.SessionError as exc:
        _cannot_show(str(exc))
        return
    screen.build()
    await screen.follow()


def register() -> None:
    ui.page("/replay/{game_id}", title=f"Replay — {APP_TITLE}")(replay_page)
