"""The lobby (/): play now, create a game, your games, and the public games to join or watch.

"Your games" comes from this browser's own records (the seats and host rights it holds), so a flood of new
games can never hide them; the public lists are paged, newest first, with their dates. Private games are
listed only to the browsers that hold a seat in them or host them. The host can end or delete a game from
its line.

Why the lists are live without polling: the lobby listens to the session port (a game created, a seat
claimed or left) and to each running game it shows, and re-draws the lists once per burst of events.
Every session call runs in a worker thread.
"""

from __future__ import annotations

import asyncio
from datetime import datetime

from nicegui import Client, storage, ui

from lf.components.theme import FACTIONS, esc, faction_label, phase_words
from lf.store.models import utcnow

from . import browser_seats, game_files, teaching, visitor
from . import session_port as port
from .confirm import ask
from .frame import page_body, top_bar
from .in_thread import in_thread
from .quick_play import play_now_choices
from .rules_reference import open_rules_dialog
from .seats import claim_seat
from .setup_form import COMPUTER_LEVELS, read_setup, seat_toggles

SEAT_KINDS = {"human": "Human", "nonplayer": "Non-player", "computer": "Computer"}
LIVE_DELAY_S = 0.3
PER_PAGE = 10
MAX_TURN_SECONDS = 3600


class CreateForm:
    """Name, seed, a human/Non-player/computer switch per faction (and the computer's level), private or public,
    and which seat the host takes."""

    def __init__(self) -> None:
        self.name = ui.input("Game name", placeholder="Friday night").props("outlined dense data-testid=new-name") \
            .classes("w-full").mark("new-name")
        self.seed = ui.input("Seed (optional)") \
            .props('outlined dense inputmode=numeric hint="Same seed, same shuffles: whoever knows it can know every '
                   'hand, so the other players are told. Leave it empty for a secret one." '
                   'data-testid=new-seed') \
            .classes("w-full").mark("new-seed")
        self.kinds = seat_toggles(SEAT_KINDS, "kind", on_change=self._kinds_changed)
        self.level = ui.select(COMPUTER_LEVELS, value="normal", label="The computer's level") \
            .props("outlined dense data-testid=new-level").classes("w-full").mark("new-level")
        self.public = ui.switch("Public: listed in the lobby, anyone may take a free seat") \
            .props("data-testid=new-public").classes("lf-switch").mark("new-public")
        default = port.default_turn_seconds()
        self.timer = ui.input("Turn timer in seconds (public games; empty: none)", value=str(default or "")) \
            .props("outlined dense inputmode=numeric data-testid=new-timer").classes("w-full").mark("new-timer")
        self.timer.bind_visibility_from(self.public, "value")
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
        self.level.set_visibility(any(t.value == "computer" for t in self.kinds.values()))
        options = {"": "None: I only host or watch"}
        options.update({f: faction_label(f) for f in FACTIONS if self.kinds[f].value == "human"})
        keep = self.mine.value if self.mine.value in options else next((k for k in options if k), "")
        self.mine.set_options(options, value=keep)

    def _turn_seconds(self) -> tuple[bool, int | None]:
        text = (self.timer.value or "").strip()
        if not self.public.value or not text:
            return True, None
        if not text.isdigit() or not 10 <= int(text) <= MAX_TURN_SECONDS:
            ui.notify(f"The turn timer is a whole number of seconds from 10 to {MAX_TURN_SECONDS} (or empty).",
                      type="warning")
            return False, None
        return True, int(text)

    async def create(self) -> None:
        setup = read_setup(self.kinds, self.seed.value, "At least one faction must be played by a human.")
        ok, turn_seconds = self._turn_seconds()
        if setup is None or not ok:
            return
        seats, seed = setup
        seats = {f: f"computer:{self.level.value}" if k == "computer" else k for f, k in seats.items()}
        try:
            new = await in_thread(port.create_game, seats, creator=visitor.key(), name=self.name.value or None,
                                  seed=seed, private=not self.public.value, turn_seconds=turn_seconds)
        except port.SessionError as exc:
            ui.notify(str(exc), type="negative", multi_line=True)
            return
        browser_seats.remember_host(new.id, new.host_token)
        seat = ""
        if self.mine.value:
            error = await claim_seat(new.id, self.mine.value, self.player.value, new.invites.get(self.mine.value))
            if error:
                ui.notify(error, type="negative")
            else:
                seat = f"&seat={self.mine.value}"
        ui.navigate.to(f"/game/{new.id}?invite=1{seat}")


# -- the lists -----------------------------------------------------------------------------------------

def ago(when: datetime | None, now: datetime | None = None) -> str:
    """"5 min ago", "3 h ago", "2 May": how long ago a (naive UTC) time was, in a few characters."""
    if when is None:
        return "?"
    seconds = ((now or utcnow()) - when).total_seconds()
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        return f"{int(seconds // 60)} min ago"
    if seconds < 86400:
        return f"{int(seconds // 3600)} h ago"
    return f"{when.day} {when:%b %Y}" if seconds > 300 * 86400 else f"{when.day} {when:%b}"


def _seat_line(line: port.LobbyGame) -> str:
    out = []
    for s in line.seats:
        name = port.player_name(s)
        if s.kind == "nonplayer":
            who = f"Non-player (for {name or 'its player'})" if s.claimed else "Non-player"
        elif s.kind == "computer":
            who = f"Computer (for {name or 'its player'})" if s.claimed else s.display_name
        else:
            who = name if s.claimed else "free"
        label = esc(faction_label(s.faction)) + (f": <b>{esc(who)}</b>" if who else "")
        out.append(f'<span><span class="lf-dot lf-f-{s.faction}"></span> {label}</span>')
    return f'<div class="lf-seatline">{"".join(out)}</div>'


def _listed_minutes() -> int:
    return int(port.FREE_SEAT_LISTED_FOR.total_seconds() // 60)


def _free_waited(line: port.LobbyGame) -> list[str]:
    """The factions the game waits for whose human seat nobody holds: it cannot go on until someone takes it."""
    free = {s.faction for s in line.seats if s.kind == "human" and not s.claimed}
    return [f for f, _ in line.waiting if f in free]


def _status_words(line: port.LobbyGame) -> str:
    if line.busy:
        return "A move is being saved (the database is slow); this line updates when it is done"
    if line.status == "broken":
        return f"Can't be played: {line.problem or 'it no longer replays'}"
    if line.result:
        r = line.result
        if r.get("war") == "won":
            glory = r.get("glory") or {}
            score = ", ".join(f"{faction_label(f)} {glory.get(f, 0)}" for f in FACTIONS)
            return f"War won: the {faction_label(r.get('winner') or '')} win (Glory: {score})"
        if r.get("war") == "ended":
            return f"Ended by the host (Year {r.get('year')}, turn {r.get('turn')})"
        return f"War lost: {r.get('how', '')} (Year {r.get('year')}, turn {r.get('turn')})"
    free = _free_waited(line)
    waiting = ", ".join(faction_label(f) + (" (a free seat: nobody has taken it)" if f in free else
                                            f" ({n})" if n and n != faction_label(f) else "") for f, n in line.waiting)
    turn = f"turn {line.turn}" if line.turn else "setup"
    return f"Year {line.year}, {turn} · {phase_words(line.phase)} · waiting for {waiting or 'nobody'}"


class GameLists:
    """Your games, the public running and finished games (paged), re-drawn when a game changes (never polled)."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.subs: dict[str, port.Subscription] = {}
        self.loop = asyncio.get_running_loop()
        self._scheduled = False
        self.held: dict[str, dict[str, str]] = {}
        self.hosted: dict[str, str] = {}
        self.pages = {"active": 0, "finished": 0}
        self.mine: list[port.LobbyGame] = []
        self.lists: dict[str, port.GameList] = {}
        self.running: list[str] = []
        #: A change came while the page had no socket (before it opened, or while it reconnects): re-draw on connect.
        self.missed = False
        self.error = ""
        self.draw_mine = ui.refreshable(self._draw_mine)
        self.draw = ui.refreshable(self._draw)

    async def start(self, mine_box: ui.element, lists_box: ui.element) -> None:
        await self._load()
        with mine_box:
            self.draw_mine()
        with lists_box:
            self.draw()
        stop = port.watch_lobby(self._changed)
        self.client.on_delete(lambda: (stop(), self._close()))
        self.client.on_connect(self._connected)

    async def _load(self) -> None:
        self.held, self.hosted = browser_seats.all_held(), browser_seats.hosted()
        ids = list(dict.fromkeys([*self.held, *self.hosted]))
        try:
            self.mine, active, finished = await in_thread(self._read, ids, dict(self.pages))
            self.lists = {"active": active, "finished": finished}
            self.error = ""
        except port.SessionError as exc:
            self.mine, self.lists, self.error = [], {}, str(exc)
        self.running = [g.id for g in [*self.mine, *self.lists.get("active", port.GameList([], 0)).games]
                        if g.status == "active"]
        if self.client.has_socket_connection:  # a page nobody opened follows no game (a flood of requests)
            await self._follow(self.running)

    async def _connected(self) -> None:
        """The page's socket came (or came back): follow the games it lists, and catch up on what it missed."""
        await self._follow(self.running)
        if self.missed:
            self.missed = False
            self._changed()

    @staticmethod
    def _read(ids: list[str], pages: dict[str, int]) -> tuple[list[port.LobbyGame], port.GameList, port.GameList]:
        return (port.my_games(ids), port.list_games("active", pages["active"], PER_PAGE),
                port.list_games("finished", pages["finished"], PER_PAGE))

    def _draw_mine(self) -> None:
        """The games this browser plays or hosts, first on the page: a returning player resumes in one tap."""
        if self.mine:
            with ui.element("div").classes("lf-box").mark("mine").props("data-testid=mine"):
                ui.label("Your games on this device").classes("lf-box-h")
                for g in self.mine:
                    self._game_line(g)

    def _draw(self) -> None:
        if self.error:
            ui.label(f"The games can't be listed: {self.error}").classes("text-red-800").mark("lobby-error")
            return
        titles = {"active": ("Public games", "No public game is running: press Play now, or create one."),
                  "finished": ("Finished public games", "None yet.")}
        for status, (title, empty) in titles.items():
            listed = self.lists[status]
            mark = "running" if status == "active" else "finished"
            with ui.element("div").classes("lf-box").mark(mark).props(f"data-testid={mark}"):
                ui.label(f"{title} ({listed.total})").classes("lf-box-h")
                if not listed.games:
                    ui.label(empty).classes("lf-muted")
                for g in listed.games:
                    self._game_line(g)
                self._pager(status, listed.total)

    def _pager(self, status: str, total: int) -> None:
        pages = max(1, -(-total // PER_PAGE))
        if pages == 1:
            return
        page = self.pages[status]
        with ui.row().classes("items-center gap-2 lf-pager").mark(f"pager-{status}"):
            ui.button("Newer", icon="chevron_left", on_click=lambda: self._turn(status, -1)) \
                .props(f"flat dense no-caps {'disable' if page == 0 else ''}").mark(f"newer-{status}")
            ui.label(f"Page {page + 1} of {pages}").classes("lf-muted")
            ui.button("Older", icon="chevron_right", on_click=lambda: self._turn(status, 1)) \
                .props(f"flat dense no-caps {'disable' if page + 1 >= pages else ''}").mark(f"older-{status}")

    async def _turn(self, status: str, step: int) -> None:
        self.pages[status] = max(0, self.pages[status] + step)
        await self._load()
        self.draw.refresh()

    def _game_line(self, line: port.LobbyGame) -> None:
        mine = self.held.get(line.id, {})
        hosting = line.id in self.hosted
        with ui.element("div").classes("lf-game-line").props(f"data-testid=game-{line.id}").mark(f"game-{line.id}"):
            mode = {"demo": " · quick game", "teaching": " · teaching"}.get(line.mode, "")
            kind = "" if line.public else " · private"
            ui.html(f'<div class="lf-game-title">{esc(line.name)}<span class="lf-muted">{mode}{kind}</span></div>',
                    sanitize=False)
            ui.label(_status_words(line)).classes("text-sm").mark(f"status-{line.id}")
            ui.label(f"Started {ago(line.created_at)} · last move {ago(line.updated_at)}"
                     + (" · you host it" if hosting else "")).classes("lf-dates").mark(f"dates-{line.id}")
            ui.html(_seat_line(line), sanitize=False)
            free = _free_waited(line) if line.status == "active" else []
            if hosting and free:
                seats = " and ".join(f"the {faction_label(f)}'" for f in free) + (" seats" if len(free) > 1 else " seat")
                ui.label(f"Nobody has taken {seats}: send the link from the game's Seats dialog, or end the "
                         f"game here. The public list drops a game that waits this way for {_listed_minutes()} minutes.") \
                    .classes("lf-free-hint text-sm").mark(f"free-hint-{line.id}")
            with ui.row().classes("gap-2"):
                self._buttons(line, mine, hosting)

    def _buttons(self, line: port.LobbyGame, mine: dict[str, str], hosting: bool) -> None:
        if mine and line.mode == "teaching":  # one shared screen holds every seat: resume the lesson
            ui.button("Resume the teaching game", icon="school",
                      on_click=lambda g=line.id: ui.navigate.to(f"/teach/{g}")) \
                .props("unelevated dense no-caps color=primary").mark(f"resume-{line.id}")
        else:
            for f in (f for f in FACTIONS if f in mine):
                ui.button(f"Resume as the {faction_label(f)}", icon="play_arrow",
                          on_click=lambda g=line.id, f=f: ui.navigate.to(f"/game/{g}?seat={f}")) \
                    .props("unelevated dense no-caps color=primary").mark(f"resume-{line.id}-{f}")
        if line.status == "active" and line.public and not mine:
            for f in line.free_seats:
                ui.button(f"Join as the {faction_label(f)}", icon="event_seat",
                          on_click=lambda g=line.id, f=f: ui.navigate.to(f"/join/{g}/{f}")) \
                    .props("outline dense no-caps").mark(f"join-{line.id}-{f}")
        ui.button("View" if line.status != "active" else "Watch", icon="visibility",
                  on_click=lambda g=line.id: ui.navigate.to(f"/game/{g}")) \
            .props("flat dense no-caps").mark(f"watch-{line.id}")
        game_files.replay_button(line)
        if hosting:
            if line.status == "active":
                ui.button("End", icon="flag", on_click=lambda g=line.id: self._host(g, "end")) \
                    .props("flat dense no-caps").mark(f"end-{line.id}")
            ui.button("Delete", icon="delete", on_click=lambda g=line.id: self._host(g, "delete")) \
                .props("flat dense no-caps color=negative").mark(f"delete-{line.id}")

    async def _host(self, game_id: str, what: str) -> None:
        question = ("End this game now, without a result?" if what == "end" else
                    "Delete this game and its whole history? This cannot be undone.")
        if not await ask(question):
            return
        call = port.host_end if what == "end" else port.host_delete
        try:
            await in_thread(call, game_id, self.hosted.get(game_id))
        except port.SessionError as exc:
            ui.notify(str(exc), type="negative")
            return
        if what == "delete":
            browser_seats.forget(game_id)
            browser_seats.forget_host(game_id)
        await self._redraw()

    async def _follow(self, game_ids: list[str]) -> None:
        for gid in list(self.subs):
            if gid not in game_ids:
                self.subs.pop(gid).close()
        for gid in game_ids:
            if gid not in self.subs:
                try:
                    self.subs[gid] = await in_thread(port.subscribe, gid, lambda _e: self._changed(), self.loop)
                except port.SessionError:
                    continue

    def _changed(self) -> None:
        """Called from any thread; one re-draw per burst, and none for a page without its socket (see ``missed``)."""
        if self._scheduled or self.client.is_deleted or self.loop.is_closed():
            return
        if not self.client.has_socket_connection:
            self.missed = True
            return
        self._scheduled = True
        self.loop.call_soon_threadsafe(self.loop.call_later, LIVE_DELAY_S,
                                       lambda: self.loop.create_task(self._redraw()))

    async def _redraw(self) -> None:
        self._scheduled = False
        if self.client.is_deleted:
            self._close()
            return
        storage.request_contextvar.set(self.client.request)  # a task of its own: this browser's storage again
        await self._load()
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
        play_now_choices()


async def lobby_page() -> None:
    browser_seats.reseal()
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
        await GameLists(ui.context.client).start(mine, lists)


def register() -> None:
    ui.page("/", title="Land and Freedom — lf")(lobby_page)
