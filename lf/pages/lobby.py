"""The lobby (/): play now, create a game, and the running and finished games to join, watch or resume.

Why the lists are live without polling: the lobby listens to the session port
(a game created, a seat claimed or left) and to each running game it lists, and
re-draws the lists once per burst of events.
"""

from __future__ import annotations

import asyncio
import secrets

from nicegui import Client, ui

from lf.components.theme import FACTIONS, esc, faction_label, phase_words

from . import browser_seats, game_files
from . import session_port as port
from . import teaching
from .frame import page_body, top_bar
from .rules_reference import open_rules_dialog
from .seats import claim_seat
from .setup_form import read_setup, seat_toggles

SEAT_KINDS = {"human": "Human", "nonplayer": "Non-player"}
LIVE_DELAY_S = 0.3


def play_now(faction: str | None = None) -> None:
    """One click: a game for this visitor against two Non-players (the quick demo)."""
    faction = faction or secrets.choice(FACTIONS)
    seats = {f: ("human" if f == faction else "nonplayer") for f in FACTIONS}
    try:
        game_id = port.create_game(seats, name=f"Quick game as the {faction_label(faction)}", mode="demo")
    except port.SessionError as exc:
        ui.notify(str(exc), type="negative")
        return
    error = claim_seat(game_id, faction, browser_seats.display_name() or "You")
    if error:
        ui.notify(error, type="negative")
        return
    ui.navigate.to(f"/game/{game_id}")


class CreateForm:
    """Name, seed, a human/Non-player switch per faction, and which seat the host takes."""

    def __init__(self) -> None:
        self.name = ui.input("Game name", placeholder="Friday night").props("outlined dense data-testid=new-name") \
            .classes("w-full").mark("new-name")
        self.seed = ui.input("Seed (optional)") \
            .props('outlined dense inputmode=numeric hint="A whole number: same seed, same shuffles" '
                   'data-testid=new-seed') \
            .classes("w-full").mark("new-seed")
        self.kinds = seat_toggles(SEAT_KINDS, "kind", on_change=self._kinds_changed)
        self.mine = ui.select({}, label="Your seat on this device").props("outlined dense data-testid=new-mine") \
            .classes("w-full") \
            .mark("new-mine")
        self.player = ui.input("Your name", value=browser_seats.display_name()).props("outlined dense") \
            .classes("w-full").mark("new-player")
        self._kinds_changed()
        ui.button("Create the game", icon="add", on_click=self.create) \
            .props("unelevated no-caps color=primary data-testid=create") \
            .classes("w-full").mark("create")

    def _kinds_changed(self) -> None:
        options = {"": "None: I only host or watch"}
        options.update({f: faction_label(f) for f in FACTIONS if self.kinds[f].value == "human"})
        keep = self.mine.value if self.mine.value in options else next((k for k in options if k), "")
        self.mine.set_options(options, value=keep)

    def create(self) -> None:
        setup = read_setup(self.kinds, self.seed.value, "At least one faction must be played by a human.")
        if setup is None:
            return
        seats, seed = setup
        try:
            game_id = port.create_game(seats, name=self.name.value or None, seed=seed)
        except port.SessionError as exc:
            ui.notify(str(exc), type="negative")
            return
        if self.mine.value:
            error = claim_seat(game_id, self.mine.value, self.player.value)
            if error:
                ui.notify(error, type="negative")
        ui.navigate.to(f"/game/{game_id}?invite=1")


def _seat_line(line: port.LobbyGame) -> str:
    out = []
    for s in line.seats:
        who = "Non-player" if s.kind == "nonplayer" else (s.display_name if s.claimed else "free")
        out.append(f'<span><span class="lf-dot lf-f-{s.faction}"></span> {esc(faction_label(s.faction))}: '
                   f'<b>{esc(who)}</b></span>')
    return f'<div class="lf-seatline">{"".join(out)}</div>'


def _status_words(line: port.LobbyGame) -> str:
    if line.status == "broken":
        return f"Can't be played: {line.problem or 'it no longer replays'}"
    if line.result:
        r = line.result
        if r.get("war") == "won":
            glory = r.get("glory") or {}
            score = ", ".join(f"{faction_label(f)} {glory.get(f, 0)}" for f in FACTIONS)
            return f"War won: the {faction_label(r.get('winner') or '')} win (Glory: {score})"
        return f"War lost: {r.get('how', '')} (Year {r.get('year')}, turn {r.get('turn')})"
    waiting = ", ".join(f"{faction_label(f)}" + (f" ({n})" if n else "")
                        for f, n in line.waiting)
    turn = f"turn {line.turn}" if line.turn else "setup"
    return f"Year {line.year}, {turn} · {phase_words(line.phase)} · waiting for {waiting or 'nobody'}"


def _game_line(line: port.LobbyGame, held: dict[str, dict[str, str]]) -> None:
    with ui.element("div").classes("lf-game-line").props(f"data-testid=game-{line.id}").mark(f"game-{line.id}"):
        mode = {"demo": " · quick game", "teaching": " · teaching"}.get(line.mode, "")
        ui.html(f'<div class="lf-game-title">{esc(line.name)}<span class="lf-muted">{mode}</span></div>',
                sanitize=False)
        ui.label(_status_words(line)).classes("text-sm").mark(f"status-{line.id}")
        ui.html(_seat_line(line), sanitize=False)
        with ui.row().classes("gap-2"):
            mine = held.get(line.id)
            if mine and line.mode == "teaching":  # one shared screen holds every seat: resume the lesson
                ui.button("Resume the teaching game", icon="school",
                          on_click=lambda g=line.id: ui.navigate.to(f"/teach/{g}")) \
                    .props("unelevated dense no-caps color=primary").mark(f"resume-{line.id}")
            elif mine:
                ui.button(f"Resume as the {faction_label(mine['faction'])}", icon="play_arrow",
                          on_click=lambda g=line.id: ui.navigate.to(f"/game/{g}")) \
                    .props("unelevated dense no-caps color=primary").mark(f"resume-{line.id}")
            elif line.status == "active":
                for f in line.free_seats:
                    ui.button(f"Join as the {faction_label(f)}", icon="event_seat",
                              on_click=lambda g=line.id, f=f: ui.navigate.to(f"/join/{g}/{f}")) \
                        .props("outline dense no-caps").mark(f"join-{line.id}-{f}")
            ui.button("View" if line.status == "finished" else "Watch", icon="visibility",
                      on_click=lambda g=line.id: ui.navigate.to(f"/game/{g}")) \
                .props("flat dense no-caps").mark(f"watch-{line.id}")
            game_files.replay_button(line)


class GameLists:
    """The running and finished games, re-drawn when a game changes (coalesced, never polled)."""

    def __init__(self, client: Client, mine_box: ui.element, lists_box: ui.element) -> None:
        self.client = client
        self.subs: dict[str, port.Subscription] = {}
        self.loop = asyncio.get_running_loop()
        self._scheduled = False
        self.held = browser_seats.all_held()
        self.running: list[port.LobbyGame] = []
        self.finished: list[port.LobbyGame] = []
        self.error = ""
        self._load()
        self.draw_mine = ui.refreshable(self._draw_mine)
        self.draw = ui.refreshable(self._draw)
        with mine_box:
            self.draw_mine()
        with lists_box:
            self.draw()
        stop = port.watch_lobby(self._changed)
        client.on_delete(lambda: (stop(), self._close()))

    def _load(self) -> None:
        try:
            self.running, self.finished = port.list_games()
            self.error = ""
        except port.SessionError as exc:
            self.running, self.finished, self.error = [], [], str(exc)
        self._follow([g.id for g in self.running if g.status == "active"])

    def _draw_mine(self) -> None:
        """The seats this browser holds, first on the page: a returning player resumes in one tap."""
        mine = [g for g in self.running if g.id in self.held]
        if mine:
            with ui.element("div").classes("lf-box").mark("mine"):
                ui.label("Your games on this device").classes("lf-box-h")
                for g in mine:
                    _game_line(g, self.held)

    def _draw(self) -> None:
        if self.error:
            ui.label(f"The games can't be listed: {self.error}").classes("text-red-800")
            return
        running, finished = self.running, self.finished
        with ui.element("div").classes("lf-box").mark("running"):
            ui.label(f"Running games ({len(running)})").classes("lf-box-h")
            if not running:
                ui.label("No game yet: press Play now, or create one.").classes("lf-muted")
            for g in running:
                _game_line(g, self.held)
        with ui.element("div").classes("lf-box").mark("finished"):
            ui.label(f"Finished games ({len(finished)})").classes("lf-box-h")
            if not finished:
                ui.label("None yet.").classes("lf-muted")
            for g in finished:
                _game_line(g, self.held)

    def _follow(self, game_ids: list[str]) -> None:
        for gid in list(self.subs):
            if gid not in game_ids:
                self.subs.pop(gid).close()
        for gid in game_ids:
            if gid not in self.subs:
                try:
                    self.subs[gid] = port.subscribe(gid, lambda _e: self._changed(), loop=self.loop)
                except port.SessionError:
                    continue

    def _changed(self) -> None:
        """Called from any thread; one re-draw per burst."""
        if self._scheduled or self.client.is_deleted or self.loop.is_closed():
            return
        self._scheduled = True
        self.loop.call_soon_threadsafe(self.loop.call_later, LIVE_DELAY_S, self._redraw)

    def _redraw(self) -> None:
        self._scheduled = False
        if self.client.is_deleted:
            self._close()
            return
        self._load()
        self.draw_mine.refresh()
        self.draw.refresh()

    def _close(self) -> None:
        for sub in self.subs.values():
            sub.close()
        self.subs.clear()


def _hero() -> None:
    with ui.element("div").classes("lf-hero"):
        ui.html("<h1>Land and Freedom</h1><p>The Spanish Civil War, 1936–1939: Anarchists, Communists and Moderates "
                "must win the war together, while each fights for its own revolution. A digital edition for "
                "1 to 3 players on any device. <b>Original card set.</b></p>", sanitize=False)
        with ui.row().classes("items-center gap-2 mt-3"):
            ui.button("Play now", icon="bolt", on_click=lambda: play_now()) \
                .props("unelevated no-caps size=lg color=primary data-testid=play-now").mark("play-now")
            ui.label("against two Non-players, or as:").classes("text-sm opacity-80")
            for f in FACTIONS:
                ui.button(faction_label(f), on_click=lambda f=f: play_now(f)) \
                    .props(f"outline dense no-caps color=white data-testid=play-as-{f}").mark(f"play-as-{f}")


def lobby_page() -> None:
    with top_bar("Lobby"):
        ui.button("Rules", icon="menu_book", on_click=open_rules_dialog).props("flat dense no-caps color=white")
    with page_body().classes("flex flex-col gap-3"):
        _hero()
        mine = ui.element("div").classes("lf-lists")
        with ui.element("div").classes("lf-lobby-grid"):
            with ui.element("div").classes("lf-lists"):
                with ui.element("div").classes("lf-box").mark("create-box"):
                    ui.label("Create a game").classes("lf-box-h")
                    CreateForm()
                teaching.teaching_box()
                game_files.import_box()
            lists = ui.element("div").classes("lf-lists")
        GameLists(ui.context.client, mine, lists)


def register() -> None:
    ui.page("/", title="Land and Freedom — lf")(lobby_page)

