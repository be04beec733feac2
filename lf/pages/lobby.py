"""The lobby (/): play now, create a game, your games, and the public games to join or watch.

"Your games" comes from this browser's own records (the seats and host rights it holds), so a flood of new
games can never hide them; the public lists are paged, newest first, with their dates. Private games are
listed only to the browsers that hold a seat in them or host them. The host can end or delete a game from
its line.

Why the lists are live without polling, and cost the same for one page or a hundred (issue 27): what every
visitor sees alike is one model for all the lobby pages of the process (lf/pages/lobby_feed.py), which hears of
every change (a game created, a seat claimed or left, a move in a game it shows), reads the lists once per burst
of changes in a worker thread and hands them to every page; a page keeps only its own part (its browser's games)
and re-draws only the lines that changed. An address keeps at most ``LF_LOBBY_PAGES_PER_ADDRESS`` lobby pages
open (lf/server/lobby_pages.py, lf/pages/lobby_place.py): beyond, a plain sentence instead of a lobby.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable
from datetime import datetime

from fastapi import Response
from nicegui import Client, storage, ui

from lf.components import levels
from lf.components.theme import FACTIONS, esc, faction_label, phase_words
from lf.store.models import utcnow

from . import browser_seats, game_files, lobby_feed, lobby_place, teaching, visitor
from . import session_port as port
from .confirm import ask
from .frame import page_body, top_bar
from .in_thread import in_thread
from .quick_play import play_now_choices
from .rules_reference import open_rules_dialog
from .seats import claim_seat
from .setup_form import COMPUTER_LEVELS, read_setup, seat_toggles, strength_select

SEAT_KINDS = {"human": "Human", "nonplayer": "Non-player", "computer": "Computer"}
PER_PAGE = lobby_feed.PER_PAGE
MAX_TURN_SECONDS = 3600


class CreateForm:
    """Name, seed, a human/Non-player/computer switch per faction (and the computer's level), the Fascists'
    strength (Standard unless changed), private or public, and which seat the host takes."""

    def __init__(self) -> None:
        self.name = ui.input("Game name", placeholder="Friday night").props("outlined dense data-testid=new-name") \
            .classes("w-full").mark("new-name")
        self.seed = ui.input("Seed (optional)").props("outlined dense inputmode=numeric data-testid=new-seed") \
            .classes("w-full").mark("new-seed")
        # Under the box in the page's flow, not as the field's hint: Quasar keeps one line of room for a hint and
        # draws the rest over what follows (on a phone, three lines over the Anarchists' icon).
        ui.label("Same seed, same shuffles: whoever knows it can know every hand, so the other players are told. "
                 "Leave it empty for a secret one.").classes("lf-field-note").props("data-testid=new-seed-note")
        self.kinds = seat_toggles(SEAT_KINDS, "kind", on_change=self._kinds_changed)
        self.level = ui.select(COMPUTER_LEVELS, value="normal", label="The computer's level") \
            .props("outlined dense data-testid=new-level").classes("w-full").mark("new-level")
        self.strength = strength_select("new-strength")
        self.public = ui.switch("Public: listed in the lobby, anyone may take a free seat") \
            .props("data-testid=new-public").classes("lf-switch").mark("new-public")
        self.hints = ui.switch("Hints allowed: each player may ask the coach to suggest a move", value=True) \
            .props("data-testid=new-hints").classes("lf-switch").mark("new-hints")
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
                                  seed=seed, private=not self.public.value, turn_seconds=turn_seconds,
                                  hints=bool(self.hints.value), level=self.strength.value)
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


def _level_words(line: port.LobbyGame) -> str:
    """" · Fascists' strength: Veteran" for a game not played at Standard (the default needs no word: most games
    are), in the line's title; its summary on hover."""
    if line.level == levels.STANDARD:
        return ""
    lv = levels.level_named(line.level, line.content_version)
    return (f' · <span class="lf-level-tag" title="{esc(lv.summary)}" data-testid="level-{esc(line.id)}">'
            f'{esc(levels.TITLE)}: {esc(lv.name)}</span>')


class Box:
    """One box of game lines ("Your games", the public running or finished games): its heading, its sentence when it
    lists nothing, its lines and its pager, each changed only when it changes. A line is drawn again when its game
    (or this browser's part in it) changed; the others are only put in their new order (a move puts its game first)."""

    def __init__(self, parent: ui.element, mark: str, draw: Callable[[port.LobbyGame], None]) -> None:
        with parent:
            self.box = ui.element("div").classes("lf-box").mark(mark).props(f"data-testid={mark}")
        with self.box:
            self.heading = ui.label("").classes("lf-box-h")
        self.draw = draw
        self.empty: ui.label | None = None
        self.pager: ui.element | None = None
        self.pager_key: object = None
        #: {game id: (what the line was drawn from, its element)}
        self.lines: dict[str, tuple[object, ui.element]] = {}

    def show(self, heading: str, games: list[port.LobbyGame], key: Callable[[port.LobbyGame], object],
             empty: str | None = None, pager: tuple[object, Callable[[], None]] | None = None) -> None:
        if self.heading.text != heading:
            self.heading.set_text(heading)
        for gone in set(self.lines) - {g.id for g in games}:
            self.lines.pop(gone)[1].delete()
        lines = [self._line(g, key(g)) for g in games]
        empty = empty if not games else None
        if empty and self.empty is None:
            with self.box:
                self.empty = ui.label(empty).classes("lf-muted")
        elif not empty and self.empty is not None:
            self.empty.delete()
            self.empty = None
        if (pager[0] if pager else None) != self.pager_key:
            if self.pager is not None:
                self.pager.delete()
                self.pager = None
            self.pager_key = pager[0] if pager else None
            if pager:
                with self.box:
                    self.pager = ui.row().classes("items-center gap-2 lf-pager")
                with self.pager:
                    pager[1]()
        order = [self.heading, *([self.empty] if self.empty else []), *lines, *([self.pager] if self.pager else [])]
        children = self.box.default_slot.children
        for i, element in enumerate(order):
            if i >= len(children) or children[i] is not element:
                element.move(target_index=i)

    def _line(self, line: port.LobbyGame, key: object) -> ui.element:
        drawn = self.lines.get(line.id)
        if drawn is not None and drawn[0] == key:
            return drawn[1]
        if drawn is None:
            with self.box:
                element = ui.element("div").classes("lf-game-line").props(f"data-testid=game-{line.id}") \
                    .mark(f"game-{line.id}")
        else:
            element = drawn[1]
            element.clear()
        with element:
            self.draw(line)
        self.lines[line.id] = (key, element)
        return element

    def delete(self) -> None:
        self.box.delete()


class GameLists:
    """This page's part of the lobby's lists: which games its browser plays or hosts ("Your games"), which page of
    each public list it shows, and what it drew. What every visitor sees alike is one model for all the lobby pages
    (lf/pages/lobby_feed.py), read once per change; at each change this page re-draws only the lines that changed."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.feed = lobby_feed.feed()
        self.pages = {"active": 0, "finished": 0}
        self.held: dict[str, dict[str, str]] = {}
        self.hosted: dict[str, str] = {}
        #: A change came while the page had no socket (before it opened, or while it reconnects): drawn on connect.
        self.missed = False
        self._mine_parent: ui.element | None = None
        self._lists_parent: ui.element | None = None
        self._mine: Box | None = None
        self._lists: dict[str, Box] | None = None
        self._error = ""

    async def start(self, mine_box: ui.element, lists_box: ui.element) -> None:
        self.held, self.hosted = browser_seats.all_held(), browser_seats.hosted()
        await self.feed.ready()
        await self.feed.lines_of(self.ids())
        self._mine_parent, self._lists_parent = mine_box, lists_box
        self._draw()
        self.feed.join(self)
        self.client.on_delete(lambda: self.feed.leave(self))
        self.client.on_connect(self._connected)

    # -- what the model asks of a page (lobby_feed.Viewer) ----------------------------------------------

    @property
    def connected(self) -> bool:
        return self.client.has_socket_connection and not self.client.is_deleted

    def keys(self) -> set[tuple[str, int]]:
        return set(self.pages.items())

    def ids(self) -> set[str]:
        return set(self.held) | set(self.hosted)

    def reread(self) -> None:
        """This browser's seats and hosted games, read again from its storage (a task of the model's: the storage
        is this page's request's)."""
        if not self.client.is_deleted:
            contextvars.copy_context().run(self._read_own)

    def _read_own(self) -> None:
        storage.request_contextvar.set(self.client.request)
        try:
            self.held, self.hosted = browser_seats.all_held(), browser_seats.hosted()
        except (RuntimeError, KeyError, AssertionError):  # its storage is gone with its browser's session: keep
            pass

    def show(self) -> None:
        if self.client.is_deleted:
            self.feed.leave(self)
        elif not self.client.has_socket_connection:  # a page nobody opened (yet) draws nothing
            self.missed = True
        else:
            self._draw()

    def _connected(self) -> None:
        """The page's socket came (or came back): catch up on what it missed."""
        self.feed.connected(self)
        if self.missed:
            self.missed = False
            self._draw()

    # -- drawing -----------------------------------------------------------------------------------------

    def _key(self, line: port.LobbyGame) -> object:
        """What a line is drawn from: the game's line, this browser's part in it, and its dates in words."""
        return (line, tuple(sorted(self.held.get(line.id, {}))), line.id in self.hosted, ago(line.created_at),
                ago(line.updated_at))

    def _mine_lines(self) -> list[port.LobbyGame]:
        lines = sorted((self.feed.lines[i] for i in self.ids() if i in self.feed.lines), key=lambda g: g.id)
        return sorted(lines, key=lambda g: g.updated_at or datetime.min, reverse=True)  # newest first, as listed

    def _draw(self) -> None:
        if self._mine_parent is None or self._lists_parent is None or self.client.is_deleted:
            return
        self._draw_mine()
        self._draw_lists()

    def _draw_mine(self) -> None:
        """The games this browser plays or hosts, first on the page: a returning player resumes in one tap."""
        mine = self._mine_lines()
        if not mine:
            if self._mine is not None:
                self._mine.delete()
                self._mine = None
            return
        if self._mine is None:
            self._mine = Box(self._mine_parent, "mine", self._game_line)
        self._mine.show("Your games on this device", mine, self._key)

    def _draw_lists(self) -> None:
        error = self.feed.error
        if error:
            if error != self._error:
                self._lists_parent.clear()
                self._lists = None
                with self._lists_parent:
                    ui.label(f"The games can't be listed: {error}").classes("text-red-800").mark("lobby-error")
                self._error = error
            return
        if self._lists is None or self._error:
            self._lists_parent.clear()
            self._error = ""
            self._lists = {status: Box(self._lists_parent, "running" if status == "active" else "finished",
                                       self._game_line) for status in ("active", "finished")}
        titles = {"active": ("Public games", "No public game is running: press Play now, or create one."),
                  "finished": ("Finished public games", "None yet.")}
        for status, (title, empty) in titles.items():
            listed = self.feed.lists.get((status, self.pages[status])) or port.GameList([], 0)
            self._lists[status].show(f"{title} ({listed.total})", listed.games, self._key, empty,
                                     self._pager(status, listed.total))

    def _pager(self, status: str, total: int) -> tuple[object, Callable[[], None]] | None:
        pages = max(1, -(-total // PER_PAGE))
        if pages == 1:
            return None
        page = self.pages[status]

        def draw() -> None:
            ui.button("Newer", icon="chevron_left", on_click=lambda: self._turn(status, -1)) \
                .props(f"flat dense no-caps {'disable' if page == 0 else ''}").mark(f"newer-{status}")
            ui.label(f"Page {page + 1} of {pages}").classes("lf-muted")
            ui.button("Older", icon="chevron_right", on_click=lambda: self._turn(status, 1)) \
                .props(f"flat dense no-caps {'disable' if page + 1 >= pages else ''}").mark(f"older-{status}")

        return (page, pages), draw

    async def _turn(self, status: str, step: int) -> None:
        self.pages[status] = max(0, self.pages[status] + step)
        await self.feed.list_page(status, self.pages[status])
        self._draw()

    def _game_line(self, line: port.LobbyGame) -> None:
        mine = self.held.get(line.id, {})
        hosting = line.id in self.hosted
        mode = {"demo": " · quick game", "teaching": " · teaching"}.get(line.mode, "")
        kind = "" if line.public else " · private"
        ui.html(f'<div class="lf-game-title">{esc(line.name)}<span class="lf-muted">{mode}{kind}'
                f'{_level_words(line)}</span></div>', sanitize=False)
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
        if line.status == "active" and line.mode != "teaching":  # a running game's seat counts toward the limit
            for f in (f for f in FACTIONS if f in mine):
                ui.button(f"Leave the {faction_label(f)}' seat", icon="logout",
                          on_click=lambda g=line.id, f=f: self._leave(g, f)) \
                    .props("flat dense no-caps").mark(f"leave-{line.id}-{f}")
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

    async def _leave(self, game_id: str, faction: str) -> None:
        """Give up this browser's seat in a running game (the session frees it for someone else to take)."""
        token = self.held.get(game_id, {}).get(faction)
        if not token or not await ask(f"Leave the {faction_label(faction)}' seat? It is freed for someone else to "
                                      "take, and this browser can no longer play it."):
            return
        try:
            await in_thread(port.leave, game_id, token)
        except port.NotSeated:
            pass  # already freed (by the host, or from another tab): only this browser's record is left to forget
        except port.SessionError as exc:
            ui.notify(str(exc), type="negative")
            return
        browser_seats.forget(game_id, faction)
        ui.notify(f"You left the {faction_label(faction)}' seat.", type="positive")
        self.reread()
        self._draw()

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
        self.reread()  # its own part at once; the lines' new state comes with the model (the change was announced)
        self._draw()


def _hero() -> None:
    with ui.element("div").classes("lf-hero"):
        ui.html("<h1>Land and Freedom</h1><p>The Spanish Civil War, 1936–1939: Anarchists, Communists and Moderates "
                "must win the war together, while each fights for its own revolution. A digital edition for "
                "1 to 3 players on any device. <b>Original card set.</b></p>", sanitize=False)
        play_now_choices()


async def lobby_page() -> Response | None:
    client = ui.context.client
    refused = lobby_place.hold(client)
    if refused is not None:  # this address has as many lobby pages open as it may: a sentence, no lobby
        return refused
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
        await GameLists(client).start(mine, lists)
    return None


def register() -> None:
    ui.page("/", title="Land and Freedom — lf")(lobby_page)
