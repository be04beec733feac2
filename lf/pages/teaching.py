"""The teaching page (/teach/{id}): one shared screen that teaches a table of new players a real game.

Why it is built this way: the whole table sits around one device, so this one
page holds the seat tokens of every human faction (claimed when the game is
started, kept in ``app.storage.user``) and acts for whichever faction must
decide. The board is drawn from the *public* view, so no hand is ever on it.
A secret choice (the card to play, the Final Bid, the cards kept) goes through
a hand-off screen: every hand stays hidden until a player taps "I am the
Anarchists", and hides again as soon as that faction has chosen. Around that,
the teaching aids: a lesson docked to the screen's edge that marks the part of
the board it explains (the first time each rule comes into play; "Got it"
remembers it per game; a switch turns the guide off), what every option would do, why each closed option is
closed, free undo and redo, and a step-by-step replay of the last turn.

Like the game page it never decides legality: buttons come from the engine's
decisions, an action is sent with the version it was drawn at, and the page
re-draws from the session's views after every change (its own or a Non-player's).
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from nicegui import Client, app, background_tasks, ui

from lf.components import board
from lf.components.faction_panel import faction_parts, show_faction
from lf.components.factions import factions_html
from lf.components.levels import gentlest
from lf.components.log_panel import LogPanel
from lf.components.outcome import outcome_html
from lf.components.part import Drawn, HtmlPart, Part
from lf.components.pieces import Piece, Pieces
from lf.components.prompt import computers_deciding, thinking_html
from lf.components.teaching_board import render_peek, teaching_status_html
from lf.components.teaching_handoff import private_banner, render_handoff
from lf.components.teaching_lessons import area_of, render_lesson
from lf.components.teaching_prompt import Options, is_secret, public_cards, render_options
from lf.components.teaching_replay import Replay
from lf.components.theme import FACTIONS, faction_label
from lf.teaching import Lesson, next_lesson

from . import browser_seats, thinking_figure, visitor
from . import session_port as port
from .frame import APP_TITLE, lobby_link, message_page, page_body, top_bar
from .in_thread import in_thread
from .live import LiveGame
from .not_found import game_error
from .outdated_clicks import OUTDATED_MESSAGE, OutdatedClicks
from .rules_reference import open_rules_dialog
from .setup_form import COMPUTER_LEVELS, read_setup, seat_toggles, strength_select
from .teaching_coach import TeachingCoach, tally_counts, tally_html

log = logging.getLogger("lf.pages")

#: The live teaching screens by client id (diagnostics and tests).
SCREENS: weakref.WeakValueDictionary[str, TeachingScreen] = weakref.WeakValueDictionary()
#: app.storage.user: {game_id: {"tokens": {faction: token}, "seen": [ids], "guide": bool, "compare": bool,
#: "coach": {faction: {step: matched}}}}
TEACH = "lf_teach"
THEME = '<link rel="stylesheet" href="/assets/teaching.css">'
SEAT_KINDS = {"human": "Player", "nonplayer": "Non-player", "computer": "Computer"}


# -- what this browser remembers about its teaching games ----------------------------------------

def _user() -> Any:
    """This browser's ``app.storage.user``. A screen keeps the object it got while its page was built: its
    handlers may be created later, in a re-draw that runs outside the page's request."""
    return app.storage.user


def _entry(game_id: str, store: Any = None) -> dict[str, Any]:
    entry = (store if store is not None else _user()).get(TEACH, {}).get(game_id)
    return dict(entry) if isinstance(entry, dict) else {}


def _save(game_id: str, store: Any = None, **changes: Any) -> None:
    store = store if store is not None else _user()
    games = dict(store.get(TEACH, {}))
    games[game_id] = {**_entry(game_id, store), **changes}
    store[TEACH] = games


def held_tokens(game_id: str) -> dict[str, str]:
    tokens = _entry(game_id).get("tokens")
    return {f: t for f, t in tokens.items() if f in FACTIONS and isinstance(t, str)} if isinstance(tokens, dict) else {}


def seen_lessons(game_id: str, store: Any = None) -> set[str]:
    return set(_entry(game_id, store).get("seen", []))


def guide_on(game_id: str, store: Any = None) -> bool:
    return bool(_entry(game_id, store).get("guide", True))


def compare_on(game_id: str, store: Any = None) -> bool:
    """The coach's notes after each person's move (on unless the table turned them off)."""
    return bool(_entry(game_id, store).get("compare", True))


async def start_teaching_game(seats: dict[str, str], name: str | None = None, seed: int | None = None,
                              compare: bool = True, level: str | None = None) -> str:
    """Create a teaching game hosted by this browser, claim every human seat for it, remember the tokens.
    ``seats``: "human", "nonplayer" or "computer:<level>" per faction; ``compare``: the coach's notes; ``level``:
    the Fascists' strength (None: Standard)."""
    new = await in_thread(port.create_game, seats, creator=visitor.key(), name=name or "Teaching game", seed=seed,
                          mode="teaching", level=level)
    browser_seats.remember_host(new.id, new.host_token)
    _save(new.id, compare=compare)
    await claim_free_seats(new.id, new.invites)
    return new.id


def _claim_all(game_id: str, invites: dict[str, str], seats_held: dict[str, dict[str, str]],
               visitor_key: str) -> dict[str, str]:
    """Claim every free human seat of the game (in a worker thread); {faction: token}. ``seats_held``: the seats
    this browser keeps, of which those of running games count toward the limit."""
    held = port.running_seats(seats_held)
    tokens = {}
    for s in port.seats(game_id):
        if s.kind == "human" and not s.claimed:
            tokens[s.faction] = port.claim(game_id, s.faction, "Player at the table", invites.get(s.faction),
                                           held + len(tokens), visitor_key)
    return tokens


async def claim_free_seats(game_id: str, invites: dict[str, str]) -> dict[str, str]:
    """Claim every free human seat of the game for this screen (adds to the tokens it already holds); a private
    game's seats with their invitations (``invites``: the host's)."""
    tokens = held_tokens(game_id)
    tokens.update(await in_thread(_claim_all, game_id, invites, browser_seats.all_held(), visitor.key()))
    _save(game_id, tokens=tokens)
    if tokens and not browser_seats.seats_in(game_id):  # so the lobby lists it under "Your games on this device"
        first = next(f for f in FACTIONS if f in tokens)
        browser_seats.remember(game_id, first, tokens[first])
    return tokens


# -- one snapshot of the game, as the shared screen needs it -------------------------------------

@dataclass
class Snap:
    board: dict[str, Any]  # the public (spectator) view: what the whole table may see
    views: dict[str, dict[str, Any]]  # each held seat's own view (its hand, its decisions)
    public: list[tuple[str, dict]] = field(default_factory=list)  # decisions the table may watch being made
    secret: list[tuple[str, dict]] = field(default_factory=list)  # decisions only their faction may see
    focus: str | None = None  # the faction whose public decision the screen shows
    previews: dict[str, str] = field(default_factory=dict)
    can_redo: bool = False

    @property
    def version(self) -> int:
        return self.board["version"]

    @property
    def secret_factions(self) -> list[str]:
        return list(dict.fromkeys(f for f, _ in self.secret))

    def secret_kinds(self, faction: str) -> set[str]:
        return {d["kind"] for f, d in self.secret if f == faction}


def fetch(game_id: str, tokens: dict[str, str]) -> Snap:
    """Read everything the screen shows (runs in a worker thread; the session calls are thread-safe)."""
    board_view = port.view(game_id, None)
    views = {f: port.view(game_id, t) for f, t in tokens.items()}
    shared = public_cards(board_view)
    order = list(dict.fromkeys(w["faction"] for w in board_view["waiting"]))
    snap = Snap(board_view, views)
    for f in order:
        for d in views.get(f, {}).get("decisions", []):
            (snap.secret if is_secret(d, shared) else snap.public).append((f, d))
    if snap.public:
        snap.focus = snap.public[0][0]
        snap.previews = port.previews(game_id, tokens[snap.focus])
    snap.can_redo = port.can_redo(game_id)
    return snap


class TeachingScreen:
    """The one device of a teaching table: every human seat of one game."""

    def __init__(self, game_id: str, tokens: dict[str, str], client: Client, opening: Opening) -> None:
        self.game_id = game_id
        self.tokens = tokens
        self.client = client
        self.game_name = opening.name
        self.names = opening.names
        self.store = _user()
        self.seen = seen_lessons(game_id, self.store)
        self.guide = guide_on(game_id, self.store)
        self.revealed: str | None = None  # the faction whose hand is shown on the hand-off screen
        self.revealed_for: set[str] = set()  # ...for its secret decision of these kinds (then it hides again)
        self.peek = False  # the acting faction asked to see its hand during its (public) turn
        self.inflight = 0  # taps being handled (each is judged by the session at the version it was drawn at)
        self.undoing = False
        self.syncs = 0
        self.snap = opening.snap
        self.parts: list[Drawn] = []
        self.areas: dict[str, ui.element] = {}  # the board's areas by name (a lesson marks the one it explains)
        self.lesson: Part | None = None
        self.lesson_target: str | None = None
        self.read_at: int | None = None  # the version at which the last lesson was read: one lesson per decision
        self.live: LiveGame | None = None
        self._syncing = False
        self._again = False
        self.tabs: ui.tabs | None = None
        self.tab_of: dict[str, ui.tab] = {}
        self.undo_button: ui.button
        self.redo_button: ui.button
        self.dialog_host: ui.element | None = None
        self.root: ui.element | None = None
        self.now_box: ui.element | None = None
        #: A tap on a button that a re-draw removed (the panel drawn anew for another seat's move) is answered.
        self.clicks = OutdatedClicks(lambda: self.root)
        #: The coach: "Suggest a move" for the seat in focus, and its notes after each person's move.
        self.coach = TeachingCoach(game_id, tokens, self.coach_faction, lambda f: self.snap.views.get(f, {}),
                                   self._coach_shown, self.send, self._redraw_now,
                                   lambda js: self.client.run_javascript(js), self._record_match, self._show_lines)
        #: {faction: {position: matched}}: the table's moves compared with the coach's (kept with the game,
        #: lf/session/coach_marks.py; read when the screen goes live, each new one written as it comes).
        self.marks: dict[str, dict[str, bool]] = {}
        self.coach.compare_on = compare_on(game_id, self.store)
        self.coach.seen(self.snap.views, self.snap.board)
        SCREENS[client.id] = self

    # -- layout ----------------------------------------------------------------------------

    def build(self) -> None:
        ui.add_head_html(THEME)
        with top_bar(f"Teaching · {self.game_name}"):
            ui.button("Rules", icon="menu_book", on_click=open_rules_dialog) \
                .props("flat no-caps color=white data-testid=rules").mark("rules")
        ui.query("body").classes("lf-teach")
        self.dialog_host = ui.element("div")
        with page_body(), ui.element("div").classes("lf-game lf-tgame") as self.root:
            self._mark_version()
            self._mark_choosing()
            with ui.element("div").classes("lf-col lf-main"):
                with ui.element("div").classes("lf-a-tools"):
                    self._tools()
                self._keep(HtmlPart("status", lambda s: (_slice(s.board, "year", "turn", "phase", "direction",
                                                                "initiative", "government", "hero_supply"), s.focus),
                                    lambda s: teaching_status_html(s.board, s.focus), mark="status"))
                self._keep(Part("coachsays", self._notes_key, lambda s: self.coach.render_lines(self._counts())),
                           cls="lf-a-now")
                self._keep(Part("now", self._now_key, self._now), cls="lf-a-prompt")
                self._keep(Pieces("fronts", "front", lambda s: self._pieces(s, board.front_pieces), self._tap,
                                  version=lambda s: s.version), board.fronts_box)
                self._keep(Pieces("tracks", "track", lambda s: self._pieces(s, board.track_pieces), self._tap,
                                  version=lambda s: s.version), board.tracks_box)
                with ui.element("div").classes("lf-a-tabs"):
                    self._tabs()
            with ui.element("div").classes("lf-col lf-side"):
                self._keep(HtmlPart("fascist", lambda s: _slice(s.board, "fascist_card", "fascist_deck_size",
                                                                "test_result", "year", "fronts", "attacks_now",
                                                                "content_version", "level"),
                                    lambda s: board.fascist_html(s.board), mark="fascist"))
                self._keep(HtmlPart("facs", lambda s: _slice(s.board, "factions", "initiative", "government", "active",
                                                             "waiting", "phase", "tracks"),
                                    lambda s: factions_html(s.board, self.names), mark="factions"),
                           board.boxed("hero", "Factions"))
                self._keep(HtmlPart("glory", lambda s: _slice(s.board, "bag", "bag_size", "glory", "bid_winner"),
                                    lambda s: board.glory_box_html(s.board), mark="glory"), board.boxed())
                self._keep(HtmlPart("meds", lambda s: s.board["medallions"],
                                    lambda s: board.medallions_box_html(s.board), mark="medallions"),
                           board.boxed("medallion", "Medallions on the board"))
                self._keep(LogPanel(lambda s: s.board["log"], view_of=lambda s: s.board))
        # The lesson is docked to the screen's edge, so it is on screen whatever the table has scrolled to.
        self.lesson = Part("lesson", self._lesson_key, self._lesson)
        with ui.element("div").classes("lf-lesson-dock").props('role=region aria-label="Lesson" aria-live=polite'):
            self.lesson.show(self.snap)
        self._mark_lesson_target()
        self._set_tools()

    def _keep(self, part: Drawn, draw: Callable[[Any, Snap], None] | None = None, cls: str = "") -> None:
        """Draw ``part`` in its area (``draw(part, snap)`` builds the box around it)."""
        name = part.name
        with ui.element("div").classes(f"lf-a-{name} lf-ta {cls}").props(f"data-testid=area-{name}") as area:
            self.areas[name] = area
            if draw is None:
                part.show(self.snap)
            else:
                draw(part, self.snap)
            self.parts.append(part)

    def _tools(self) -> None:
        with ui.element("div").classes("lf-ttools"):
            self.undo_button = ui.button("Undo", icon="undo", on_click=self.undo) \
                .props("unelevated no-caps color=black data-testid=t-undo").mark("t-undo")
            self.redo_button = ui.button("Redo", icon="redo", on_click=self.redo) \
                .props("unelevated no-caps color=black data-testid=t-redo").mark("t-redo")
            ui.button("What happened?", icon="history", on_click=self.open_replay) \
                .props("unelevated no-caps color=black data-testid=t-replay").mark("t-replay")
            ui.switch("Guide", value=self.guide, on_change=lambda e: self.set_guide(bool(e.value))) \
                .classes("lf-tguide").props("data-testid=t-guide color=amber-8 keep-color").mark("t-guide")
            ui.switch("Coach's notes", value=self.coach.compare_on,
                      on_change=lambda e: self.set_compare(bool(e.value))) \
                .classes("lf-tguide").props("data-testid=t-compare color=amber-8 keep-color").mark("t-compare")

    def _tabs(self) -> None:
        first = self._tab_faction(self.snap)
        with ui.element("div").classes("lf-box"):
            with ui.tabs().classes("lf-tabs").props("align=left outside-arrows mobile-arrows") as tabs:
                self.tab_of = {f: ui.tab(f, label=faction_label(f)).classes(f"lf-f-{f}").mark(f"tab-{f}")
                               for f in FACTIONS}
            self.tabs = tabs
            with ui.tab_panels(tabs, value=first).classes("lf-tabpanels w-full"):
                for f in FACTIONS:
                    with ui.tab_panel(self.tab_of[f]):
                        parts = faction_parts(lambda s: s.board, f, lambda f=f: self.names.get(f, ""))
                        show_faction(parts, self.snap, f)
                        self.parts += parts

    @staticmethod
    def _tab_faction(s: Snap) -> str:
        return s.focus or s.board["active"] or s.board["initiative"]

    # -- the "now" panel: the decision, the hand-off, or the end ---------------------------

    def _now_key(self, s: Snap) -> Any:
        tally = self._counts() if s.board["result"] else None
        return (s.version, s.focus, self.revealed, self.peek, sorted(s.previews.items()), bool(s.board["result"]),
                self.coach.stamp(), tally)

    def _now(self, s: Snap) -> None:
        with ui.element("div").classes("lf-box lf-now") as self.now_box:
            if s.board["result"]:
                ui.html(outcome_html(s.board, self.names), sanitize=False).mark("outcome")
                self._tally(s)
                with ui.row().classes("mt-2 gap-2"):
                    ui.button("Back to the lobby", icon="home", on_click=lambda: ui.navigate.to("/")) \
                        .props("unelevated no-caps color=primary data-testid=t-lobby").classes("lf-tbtn-s") \
                        .mark("t-lobby")
                    ui.button("What happened?", icon="history", on_click=self.open_replay) \
                        .props("outline no-caps data-testid=t-replay-end").classes("lf-tbtn-s").mark("t-replay-end")
                return
            if s.focus:
                decision = next(d for f, d in s.public if f == s.focus)
                coach = ui.element("div").classes("lf-tcoach")  # above the question: in sight on a phone too
                render_options(Options(s.focus, decision, self.send, s.views[s.focus]["version"], s.previews))
                with coach:
                    self.coach.render_tools(self.now_box)
                self._peek_button(s)
                return
            if s.secret:
                if self.revealed in s.secret_factions:
                    f = self.revealed
                    private_banner(f, self.hide)
                    coach = ui.element("div").classes("lf-tcoach")
                    for d in (d for g, d in s.secret if g == f):
                        render_options(Options(f, d, self.send, s.views[f]["version"]))
                    with coach:
                        self.coach.render_tools(self.now_box)
                    return
                waiting = list(dict.fromkeys((f, d["kind"]) for f, d in s.secret))
                kind = waiting[0][1]
                done = [(f, kind) for f in self.tokens if f not in s.secret_factions and _done(s.board, f, kind)]
                render_handoff(waiting, done, self.reveal)
                self._thinking(s)
                return
            if self._thinking(s):
                return
            ui.label("The Non-players are playing…" if s.board["waiting"] else "Nothing is pending.") \
                .classes("lf-prompt-h").mark("waiting")

    @staticmethod
    def _thinking(s: Snap) -> bool:
        """"Communists (computer) are thinking …" while a Computer seat decides (the same words as the game page)."""
        words = thinking_html(s.board)
        if words:
            ui.html(words, sanitize=False).mark("thinking")
        return bool(words)

    def _tally(self, s: Snap) -> None:
        """At the end: per faction a person played, how many of its moves matched the coach."""
        counts = self._counts()
        if counts or self.coach.compare_on:
            ui.html(tally_html(counts, list(self.tokens)), sanitize=False).mark("coach-tally")

    # -- the coach ---------------------------------------------------------------------------

    def coach_faction(self) -> str | None:
        """The seat whose turn it is on the screen: the public decision's faction, or the one whose hand is shown."""
        s = self.snap
        if s.board["result"]:
            return None
        if s.focus:
            return s.focus
        return self.revealed if self.revealed in s.secret_factions else None

    def _coach_shown(self) -> dict:
        """The view whose cards the coach may name: a hand shown for its secret choice; else the public board with
        the decision of the seat whose turn the screen shows (its buttons name its cards: "Play Soviet T-26 Tanks
        for its Event", so the suggestion above them does too)."""
        s = self.snap
        if not s.focus and self.revealed in s.secret_factions:
            return s.views[self.revealed]
        if s.focus and s.focus in s.views:
            return {**s.board, "decisions": [d for d in s.views[s.focus]["decisions"] if d["faction"] == s.focus]}
        return s.board

    def _counts(self) -> dict[str, tuple[int, int]]:
        """{faction: (moves that matched the coach, moves compared)}, as the game keeps them."""
        return tally_counts(self.marks)

    def _notes_key(self, s: Snap) -> Any:
        return list(self.coach.lines), self._counts(), self.coach.compare_on

    def _record_match(self, faction: str, step: str, matched: bool) -> None:
        """A move compared: counted here at once, kept with the game in a worker thread (a failure is logged; the
        count on this screen stays)."""
        self.marks.setdefault(faction, {})[step] = matched
        token = self.tokens.get(faction)
        if token is not None:
            background_tasks.create(self._keep_mark(token, faction, step, matched), name="lf coach mark")

    async def _keep_mark(self, token: str, faction: str, step: str, matched: bool) -> None:
        try:
            await in_thread(lambda: port.mark_coach(self.game_id, token, faction, step, matched))
        except Exception:  # the database is away: this screen keeps its count; a reload would miss this move
            log.exception("game %s: the coach's count could not be kept", self.game_id)

    async def _load_marks(self) -> None:
        try:
            marks = await in_thread(lambda: port.coach_marks_of(self.game_id))
        except Exception:
            log.exception("game %s: the coach's count could not be read", self.game_id)
            return
        for faction, steps in marks.items():  # a move compared meanwhile stays
            self.marks[faction] = {**steps, **self.marks.get(faction, {})}
        self._show_lines()

    def _show_lines(self) -> None:
        self._redraw({"coachsays", "now"})  # the end screen's counts are in "now"

    def set_compare(self, on: bool) -> None:
        self.coach.compare_on = on
        _save(self.game_id, self.store, compare=on)
        if not on:
            self.coach.lines = []
            self._show_lines()
        self.coach.seen(self.snap.views, self.snap.board)
        ui.notify("The coach's notes are on: after each move, what the coach would have played." if on else
                  "The coach's notes are off. Turn them on again at any time.", type="info")

    def _peek_button(self, s: Snap) -> None:
        f = s.focus
        assert f is not None
        cards = s.views[f]["factions"][f].get("hand", [])
        with ui.element("div").classes("lf-peek-row"):
            label = f"Hide the {faction_label(f)}' hand" if self.peek else \
                f"Show the {faction_label(f)}' hand ({len(cards)} card{'s' * (len(cards) != 1)})"
            ui.button(label, icon="visibility_off" if self.peek else "visibility", on_click=self.toggle_peek) \
                .props("outline no-caps data-testid=t-peek").classes("lf-tbtn-s").mark("t-peek")
        if self.peek:
            render_peek(f, cards)

    def _focus_decisions(self, s: Snap) -> list[dict]:
        return [d for f, d in s.public if f == s.focus]

    def _board_with_focus(self, s: Snap) -> dict:
        """The public view plus the acting faction's public decision, so a Front or track can be tapped."""
        return {**s.board, "decisions": self._focus_decisions(s)}

    def _pieces(self, s: Snap, select: Callable[[dict], dict[str, Piece]]) -> dict[str, Piece]:
        """The board's pieces, each tap's choice tagged with the faction that makes it (the one in focus)."""
        return {k: (html, {**c, "faction": s.focus} if c else None)
                for k, (html, c) in select(self._board_with_focus(s)).items()}

    async def _tap(self, choice: dict | None, shown: int | None) -> None:
        """A tap on a Front or a track, at the version the screen showed (see Pieces)."""
        if choice is None:
            ui.notify(OUTDATED_MESSAGE, type="warning", multi_line=True)
            return
        await self.send(choice["faction"], choice, self.snap.version if shown is None else shown)

    # -- lessons -----------------------------------------------------------------------------

    def due_lessons(self, s: Snap | None = None) -> list[Lesson]:
        """The one lesson to show (or none): the first that explains the decision in front of the table, and none
        other at a decision where one was already read (lf.teaching.next_lesson)."""
        lesson = next_lesson((s or self.snap).board, self.seen, self.read_at) if self.guide else None
        return [lesson] if lesson else []

    def _lesson_key(self, s: Snap) -> Any:
        return [lesson.id for lesson in self.due_lessons(s)]

    def _lesson(self, s: Snap) -> None:
        due_now = self.due_lessons(s)
        if due_now:
            render_lesson(due_now[0], self.mark_seen, self.show_area)

    def _mark_lesson_target(self) -> None:
        """Outline the board area the lesson on screen explains (and no other)."""
        due_now = self.due_lessons()
        target = area_of(due_now[0]) if due_now else None
        if target == self.lesson_target:
            return
        if self.lesson_target in self.areas:
            self.areas[self.lesson_target].classes(remove="lf-lesson-target")
        if target in self.areas:
            self.areas[target].classes(add="lf-lesson-target")
        self.lesson_target = target

    def show_area(self, area: str) -> None:
        """Bring the area a lesson explains into view (above the docked lesson) and flash it."""
        self.client.run_javascript(
            f"const el = document.querySelector('[data-testid=area-{area}]'); if (el) {{ "
            "el.scrollIntoView({block: 'start', behavior: 'smooth'}); el.classList.remove('lf-flash'); "
            "void el.offsetWidth; el.classList.add('lf-flash'); }")

    def mark_seen(self, lesson_id: str) -> None:
        self.seen.add(lesson_id)
        self.read_at = self.snap.version
        _save(self.game_id, self.store, seen=sorted(self.seen))
        self._update_lessons()

    def set_guide(self, on: bool) -> None:
        self.guide = on
        _save(self.game_id, self.store, guide=on)
        self._update_lessons()
        ui.notify("The guide is on: lessons appear beside the board." if on else
                  "The guide is off. Turn it on again at any time.", type="info")

    def _update_lessons(self) -> None:
        self.clicks.remember()
        if self.lesson is not None:
            self.lesson.update(self.snap)
        self._mark_lesson_target()

    # -- the hand-off ------------------------------------------------------------------------

    def reveal(self, faction: str) -> None:
        self.revealed, self.revealed_for = faction, self.snap.secret_kinds(faction)
        self.coach.seen(self.snap.views, self.snap.board)
        self._redraw_now()
        self._scroll_to_now()

    def hide(self) -> None:
        self.revealed = None
        self.coach.seen(self.snap.views, self.snap.board)
        self._redraw_now()
        self._scroll_to_now()

    def _scroll_to_now(self) -> None:
        """After a hand-off change, show the top of the decision panel (the next player starts there)."""
        self.client.run_javascript(
            "const el = document.querySelector('[data-testid=area-now]'); "
            "if (el && el.getBoundingClientRect().top < 0) el.scrollIntoView({block: 'start'});")

    def toggle_peek(self) -> None:
        self.peek = not self.peek
        self._redraw_now()

    def _redraw_now(self) -> None:
        self._redraw({"now"})

    def _redraw(self, names: set[str] | None = None) -> None:
        """Re-draw the parts named (every one: None) from the snapshot; the buttons a re-draw removes are noted
        first, so a tap that reaches one is answered (OutdatedClicks)."""
        self.clicks.remember()
        for part in self.parts:
            if names is None or part.name in names:
                part.update(self.snap)

    # -- acting ------------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self.inflight > 0 or self.undoing

    async def send(self, faction: str, choice: dict, version: int) -> None:
        """Act for ``faction`` at the version the button was drawn at.

        No tap is dropped: a second tap on a button of an older picture (a double tap) reaches the session,
        which refuses it as stale because that faction's decision has changed since (nothing applied twice).
        """
        if faction not in self.tokens:
            return
        self.inflight += 1
        watch = self.coach.moving(faction, self.snap.views[faction], choice) if faction in self.snap.views else None
        try:
            res = await in_thread(port.act, self.game_id, self.tokens[faction], version, choice["action"], faction)
        except BaseException:
            self.coach.moved(watch, False)
            raise
        finally:
            self.inflight -= 1
        self.coach.moved(watch, res.ok)
        if not res.ok:
            ui.notify(res.message, type="warning" if res.code == "stale" else "negative", multi_line=True)
        await self.sync()

    async def undo(self) -> None:
        await self._free("undo")

    async def redo(self) -> None:
        await self._free("redo")

    async def _free(self, which: str) -> None:
        if self.undoing:
            ui.notify("The last Undo or Redo is still being handled.", type="warning")
            return
        if not self.tokens:
            return
        call = port.teaching_undo if which == "undo" else port.teaching_redo
        self.undoing = True
        try:
            res = await in_thread(call, self.game_id, next(iter(self.tokens.values())), self.snap.version)
        finally:
            self.undoing = False
        ui.notify(res.message, type="positive" if res.ok else "warning", multi_line=True)
        if res.ok:
            self.revealed, self.peek = None, False
        await self.sync()

    async def open_replay(self) -> None:
        try:
            frames = await in_thread(port.history, self.game_id)
        except port.SessionError as exc:
            ui.notify(str(exc), type="negative")
            return
        assert self.dialog_host is not None
        with self.dialog_host:
            Replay(frames).open()

    # -- live updates ------------------------------------------------------------------------

    async def start_live(self) -> None:
        self.live = await LiveGame.open(self.game_id, self.client, self._on_event, self.sync, self._reload_names)
        self.client.on_delete(self.coach.stop)  # a screen closed while the coach thinks stops its searches
        self.clicks.guard(self.client)
        await self._load_marks()
        self._follow_thinking(self.snap)

    def _follow_thinking(self, snap: Snap) -> None:
        """While a Computer seat thinks, the screen gets the measured share of its search (as the game page)."""
        thinking_figure.follow(self.game_id, self.client, bool(computers_deciding(snap.board)))

    def stop_live(self) -> None:
        if self.live is not None:
            self.live.close()

    def _reload_names(self) -> None:
        async def reload() -> None:
            try:
                self.names = await in_thread(port.seat_names, self.game_id)
            except port.SessionError as exc:
                log.warning("teaching game %s: cannot read the seats: %s", self.game_id, exc)
        asyncio.get_running_loop().create_task(reload())

    def _on_event(self) -> None:
        asyncio.get_running_loop().create_task(self.sync())  # a sync under way only notes that it must go again

    async def sync(self) -> None:
        """Fetch the snapshot again (once per burst of changes) and re-draw what changed."""
        if self._syncing:
            self._again = True
            return
        self._syncing = True
        try:
            while True:
                self._again = False
                if self.client.is_deleted:
                    self.stop_live()
                    return
                try:
                    snap = await in_thread(fetch, self.game_id, self.tokens)
                except port.SessionError as exc:
                    log.warning("teaching %s: cannot refresh: %s", self.game_id, exc)
                    ui.notify(f"This screen cannot follow the game any more: {exc}", type="negative")
                    return
                self.apply(snap)
                if not self._again:
                    return
        finally:
            self._syncing = False

    def apply(self, snap: Snap) -> None:
        old = self.snap
        if snap.version < old.version:
            return
        if self.revealed is not None and not snap.secret_kinds(self.revealed) & self.revealed_for:
            # That faction has made its choice: every hand is hidden again, even when the same faction has
            # the next secret choice too (a new Year's card after keeping): back to the hand-off.
            self.revealed = None
            self._scroll_to_now()
        if snap.focus != old.focus or snap.version != old.version:
            self.peek = False
        self.snap = snap
        self.syncs += 1
        self.coach.seen(snap.views, snap.board)  # new decisions get the coach's search; gone ones drop theirs
        self._follow_thinking(snap)
        self._mark_choosing()
        self._redraw()
        self._update_lessons()
        self._set_tools()
        # NiceGUI re-draws a refreshable in a task of its own; the version goes on the page after them, so a
        # page that shows version v shows everything of version v.
        asyncio.get_running_loop().call_soon(self._mark_version)
        tab = self._tab_faction(snap)
        if self.tabs is not None and tab != self._tab_faction(old):
            self.tabs.set_value(tab)

    def _mark_choosing(self) -> None:
        """A class on the root while the table chooses in secret (the layout keeps the Fronts in sight then)."""
        if self.root is None:
            return
        if self.snap.secret and not self.snap.focus and not self.snap.board["result"]:
            self.root.classes(add="lf-choosing")
        else:
            self.root.classes(remove="lf-choosing")

    def _mark_version(self) -> None:
        """The version drawn, on the page's root (browser tests wait for it, as on the game page)."""
        if self.root is not None:
            self.root.props(f"data-testid=teach data-version={self.snap.version}")

    def _set_tools(self) -> None:
        over = bool(self.snap.board["result"])
        self.undo_button.set_enabled(not over and any(v["can_undo"] for v in self.snap.views.values()))
        self.redo_button.set_enabled(not over and self.snap.can_redo)


def _done(board_view: dict, faction: str, kind: str) -> bool:
    fv = board_view["factions"][faction]
    return {"choose": fv["has_chosen"], "bid": fv["bid_done"], "keep": fv["keep_done"]}.get(kind, False)


def _slice(view: dict, *keys: str) -> list[Any]:
    return [view[k] for k in keys]


# -- the lobby's "Start a teaching game" box ------------------------------------------------------

class TeachingForm:
    """1 to 3 factions played at the table on one shared screen; the rest by the Non-player rules or the computer."""

    def __init__(self) -> None:
        ui.label("Teach a table").classes("lf-box-h")
        ui.label("New players around one screen (a projector, a laptop, a tablet passed around): a real game "
                 "with a lesson the first time each rule comes into play, previews of every option, free undo, "
                 "a coach that suggests a move, and a hand-off screen for secret choices.").classes("text-sm")
        self.kinds = seat_toggles(SEAT_KINDS, "teach-kind", on_change=self._kinds_changed)
        self.level = ui.select(COMPUTER_LEVELS, value="normal", label="The computer's level") \
            .props("outlined dense data-testid=teach-level").classes("w-full").mark("teach-level")
        self.strength = strength_select("teach-strength", gentlest())  # newcomers start against the gentlest
        self.compare = ui.switch("Coach's notes: after each move, what the coach would have played", value=True) \
            .props("data-testid=teach-compare").classes("lf-switch").mark("teach-compare")
        self._kinds_changed()
        self.seed = ui.input("Seed (optional)").props("outlined dense inputmode=numeric data-testid=teach-seed") \
            .classes("w-full") \
            .mark("teach-seed")
        ui.button("Start a teaching game", icon="school", on_click=self.start) \
            .props("unelevated no-caps color=primary data-testid=teach-start").classes("w-full").mark("teach-start")

    async def start(self) -> None:
        setup = read_setup(self.kinds, self.seed.value, "At least one faction must be played by someone at the table.")
        if setup is None:
            return
        seats, seed = setup
        seats = {f: f"computer:{self.level.value}" if k == "computer" else k for f, k in seats.items()}
        try:
            game_id = await start_teaching_game(seats, seed=seed, compare=bool(self.compare.value),
                                                level=self.strength.value)
        except port.SessionError as exc:
            ui.notify(str(exc), type="negative")
            return
        ui.navigate.to(f"/teach/{game_id}")

    def _kinds_changed(self) -> None:
        self.level.set_visibility(any(t.value == "computer" for t in self.kinds.values()))


def teaching_box() -> None:
    with ui.element("div").classes("lf-box").props("data-testid=teach-box").mark("teach-box"):
        TeachingForm()


# -- the page ------------------------------------------------------------------------------------

def _message(title: str, why: str, game_id: str | None = None, claim: bool = False) -> None:
    with message_page(title, why, subtitle="Teaching"):
        with ui.row().classes("gap-2 mt-2 items-center"):
            if claim and game_id:
                async def take() -> None:
                    try:
                        info = await in_thread(port.seats_info, game_id, browser_seats.host_token(game_id))
                        await claim_free_seats(game_id, info.invites)
                    except port.SessionError as exc:
                        ui.notify(str(exc), type="negative")
                        return
                    ui.navigate.to(f"/teach/{game_id}")

                ui.button("Run the lesson on this screen", icon="school", on_click=take) \
                    .props("unelevated no-caps color=primary").mark("teach-claim")
            if game_id:
                ui.button("Watch the game", icon="visibility", on_click=lambda: ui.navigate.to(f"/game/{game_id}")) \
                    .props("outline no-caps")
            lobby_link()


@dataclass
class Opening:
    """What the teaching page reads (in a worker thread) before it draws."""

    mode: str
    name: str = ""
    tokens: dict[str, str] = field(default_factory=dict)
    free: bool = False
    names: dict[str, str] = field(default_factory=dict)
    snap: Snap | None = None


def _opening(game_id: str, kept: dict[str, str]) -> Opening:
    session = port.game(game_id)
    if session.mode != "teaching":
        return Opening(session.mode)
    tokens = {f: t for f, t in kept.items() if session.seat_of(t) == f}
    if not tokens:
        return Opening(session.mode, session.name, free=any(s.kind == "human" and not s.claimed for s in session.seats()))
    return Opening(session.mode, session.name, tokens, names=port.seat_names(game_id), snap=fetch(game_id, tokens))


async def teaching_page(game_id: str) -> None:
    client = ui.context.client
    try:
        opening = await in_thread(_opening, game_id, held_tokens(game_id))
    except port.SessionError as exc:
        game_error(exc, "Teaching")  # an unknown or malformed id answers 404
        return
    if opening.mode != "teaching":
        _message("This is not a teaching game", "It is played on the ordinary game page.", game_id)
        return
    if not opening.tokens:
        _message("This lesson runs on another screen",
                 "Its seats are held by the screen that started it." if not opening.free else
                 "Nobody holds its seats now: this screen can take them and run the lesson.",
                 game_id, claim=opening.free)
        return
    screen = TeachingScreen(game_id, opening.tokens, client, opening)
    screen.build()
    await screen.start_live()


def register() -> None:
    ui.page("/teach/{game_id}", title=f"Teaching — {APP_TITLE}")(teaching_page)


__all__ = ["SCREENS", "TeachingForm", "TeachingScreen", "claim_free_seats", "fetch", "register",
           "start_teaching_game", "teaching_box", "teaching_page"]
