"""The coach at a teaching table: "Suggest a move" for the seat whose turn it is, and after each move of a person
"The coach would have played …, because …" with a count of the moves that matched it.

Why one controller with one set of searches (``coach.Thoughts``): the comparison needs the coach's move for the
decision the person answered, so its search starts when the decision opens (in the thinking pool, never on the
event loop; the person never waits for it). A press on "Suggest a move" for that decision is the same search, so
the suggestion is often there at once, and its move is the one the comparison then names. A search the table
compares is pinned: the move made closes its decision, yet it runs on to its end for that decision, and its line
arrives when it is done.

What the shared screen may name: a suggestion for a secret choice (the hand shown after "I am the …") may name the
faction's own cards, which the screen shows then; a suggestion during a seat's public turn may name the cards its
option buttons name ("Play Soviet T-26 Tanks for its Event"); every comparison line is told from the public view
of the moment it is written (``lf.coach`` names no other card), because the hands are hidden again when it
arrives: the card the person played is named once it is public, the coach's other choice from the hand never.

The count of matches is kept with the game (lf/session/coach_marks.py, table ``coach_marks``: another screen that
takes over the lesson, a reload and a restart keep it), per faction and per position of the game (``Watch.step``),
so a move taken back and made again is counted once.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from nicegui import ui

from lf.coach import compare
from lf.components.theme import FACTIONS, esc, faction_label
from lf.server.suggestions import TEACHING_PER_BROWSER
from lf.session import LimitReached

from .coach import Key, Thoughts, decision_key, decision_of
from .suggest import Suggestion, choices_of
from .visitor import key as visitor_key
from .visitor import suggestion_gate

log = logging.getLogger("lf.pages")

#: How many comparison lines the screen keeps in sight (the newest first).
LINES = 3
#: Moves whose note is still being thought, at most: a table that moves faster than the coach thinks (a test, a
#: table replaying its moves) drops the oldest note rather than queue searches in the pool without end.
PENDING = 4


@dataclass
class Watch:
    """A person's decision the coach thinks about, to compare it with the move made."""

    faction: str
    key: Key
    step: str  #: the position of the game it belongs to (the same after an undo and a redo)
    taken: str | None = None  #: the action key the person chose (set when the move is sent)


def step_of(view: dict, key: Key) -> str:
    """A decision's place in the game: the seat's log length there and its question, stable across processes."""
    digest = hashlib.sha256(repr(key).encode()).hexdigest()[:12]
    return f"{len(view['log'])}:{digest}"


def counted(decision: dict) -> bool:
    """A decision worth comparing: more than one option to choose from."""
    return len(decision["choices"]) > 1


def tally_counts(tally: dict[str, dict[str, bool]]) -> dict[str, tuple[int, int]]:
    """{faction: (moves that matched the coach, moves compared)} from the stored record."""
    return {f: (sum(1 for m in steps.values() if m), len(steps)) for f, steps in tally.items() if steps}


def tally_html(counts: dict[str, tuple[int, int]], factions: list[str]) -> str:
    """The end screen's lines: per faction a person played, how many of its moves matched the coach."""
    rows = []
    for f in (f for f in FACTIONS if f in factions):
        matched, compared = counts.get(f, (0, 0))
        words = (f"{matched} of {compared} move{'s' * (compared != 1)} compared matched the coach" if compared else
                 "no move compared with the coach")
        rows.append(f'<li data-faction="{f}"><span class="lf-dot lf-f-{f}"></span> '
                    f'<b>{esc(faction_label(f))}</b>: {esc(words)}</li>')
    return ('<div class="lf-coach-tally" data-testid="coach-tally"><div class="lf-coach-h">The coach and the table'
            f'</div><ul>{"".join(rows)}</ul></div>')


class TeachingCoach:
    """The coach of one teaching screen (every person's seat it holds)."""

    def __init__(self, game_id: str, tokens: dict[str, str], faction: Callable[[], str | None],
                 view_of: Callable[[str], dict], shown: Callable[[], dict],
                 send: Callable[[str, dict, int], Awaitable[None]], redraw: Callable[[], None],
                 run_js: Callable[[str], None], record: Callable[[str, str, bool], None],
                 on_line: Callable[[], None]) -> None:
        self.tokens, self._faction, self._view_of, self._send_as = tokens, faction, view_of, send
        self._record, self._on_line = record, on_line
        self.thoughts = Thoughts(game_id, gate=suggestion_gate(TEACHING_PER_BROWSER), owner=visitor_key())
        self.suggestion = Suggestion(game_id, lambda: self._token(), faction, self._play_it, redraw, run_js,
                                     thoughts=self.thoughts, shown=shown)
        self.compare_on = True
        self.watch: dict[Key, Watch] = {}
        #: (faction, line) of the latest comparisons, newest first.
        self.lines: list[tuple[str, str]] = []
        #: The public view of the latest snapshot: a comparison names only its cards (the card a person played is
        #: public by the time its note is written; the rest of the hand never is).
        self.board: dict = {}
        self._tasks: set[asyncio.Task] = set()

    def _token(self) -> str | None:
        f = self._faction()
        return self.tokens.get(f) if f else None

    async def _play_it(self, choice: dict, _version: int | None) -> None:
        """"Play it": the suggested option, for the faction it was suggested to, at the version it was drawn at."""
        f = self._faction()
        if f is not None:
            await self._send_as(f, choice, self.suggestion.view.get("version", 0))

    # -- following the game ----------------------------------------------------------------------------

    def seen(self, views: dict[str, dict], board: dict) -> None:
        """A new snapshot: the suggestion follows the seat in focus; each person's new decision gets its search."""
        self.board = board
        open_now: dict[Key, tuple[str, dict]] = {}
        for g, view in views.items():
            d = decision_of(view, g)
            if d is not None and counted(d) and not board["result"]:
                open_now[decision_key(view, g)] = (g, view)  # type: ignore[index]
        for key, watch in list(self.watch.items()):
            if key not in open_now and watch.taken is None:  # closed without a move of ours (an undo, a hand-over)
                self._drop(key)
            elif not self.compare_on and watch.taken is None:  # notes off: a suggestion may still use the search
                self.watch.pop(key)
                self.thoughts.pinned.discard(key)
        if self.compare_on:
            for key, (g, view) in open_now.items():
                if key not in self.watch and g in self.tokens:
                    self._watch(Watch(g, key, step_of(view, key)))
        f = self._faction()
        self.suggestion.seen(views.get(f, {}) if f else {})  # last: it stops the searches nobody needs now

    def _watch(self, watch: Watch) -> None:
        """Think the coach's move for a decision as it opens; none (and no note) when the visitor's searches are
        at the server's limit (lf/server/suggestions.py): the game goes on, the next decision tries again."""
        self.watch[watch.key] = watch
        self.thoughts.pin(watch.key)
        try:
            self.thoughts.ask(self.tokens[watch.faction], watch.faction, watch.key)
        except LimitReached:
            self.watch.pop(watch.key, None)
            self.thoughts.pinned.discard(watch.key)

    def _drop(self, key: Key) -> None:
        self.watch.pop(key, None)
        self.thoughts.forget(key)

    def moving(self, faction: str, view: dict, choice: dict) -> Watch | None:
        """The person of ``faction`` sends ``choice`` now: note it, so the coach's move for it can be compared."""
        if not self.compare_on:
            return None
        key = decision_key(view, faction)
        watch = self.watch.get(key) if key is not None else None
        if watch is not None and watch.taken is None:
            watch.taken = choice["key"]
            return watch
        return None

    def moved(self, watch: Watch | None, ok: bool) -> None:
        """The session's answer to that move: refused, the decision is still open; taken, its line is awaited."""
        if watch is None:
            return
        if not ok:
            watch.taken = None
            return
        pending = [k for k, w in self.watch.items() if w.taken is not None and k != watch.key]
        for key in pending[:max(0, len(pending) + 1 - PENDING)]:
            self._drop(key)  # its awaiting task ends with no note
        task = asyncio.get_running_loop().create_task(self._compare(watch))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _compare(self, watch: Watch) -> None:
        thinking = self.thoughts.running.get(watch.key)
        try:
            thought = await thinking.task if thinking is not None else None
        except asyncio.CancelledError:
            return
        except Exception as exc:  # a thinking process died: no line for this move, the game goes on
            log.warning("the coach could not compare the %s' move: %s", watch.faction, exc)
            thought = None
        finally:
            self._drop(watch.key)
        if thought is None or watch.taken is None or thought.move.reasons.trivial:
            return  # nothing to compare: the game moved on before the search began, or every option was alike
        move = thought.move
        line = compare(move, watch.taken, thought.view, self.board)
        self.lines = [(watch.faction, line), *self.lines][:LINES]
        self._record(watch.faction, watch.step, move.action == watch.taken)
        self._on_line()

    def stop(self) -> None:
        """The page is gone: every search stops."""
        for task in list(self._tasks):
            task.cancel()
        self.thoughts.stop()
        self.watch.clear()

    # -- drawing ---------------------------------------------------------------------------------------

    def render_tools(self, area: ui.element) -> None:
        """"Suggest a move" (or its progress) and, once thought, the suggestion with "Play it" (inside ``area``,
        whose option buttons are outlined by their ``act:`` markers)."""
        with ui.element("div").classes("lf-tcoach-row"):
            self.suggestion.render_button()
        f = self._faction()
        self.suggestion.render_advice(choices_of(self._view_of(f), f) if f else [], area)
        action = self.suggestion.suggested()
        if action is not None:
            unfold(area, f"act:{action}")

    def stamp(self) -> tuple:
        return self.suggestion.stamp()

    def render_lines(self, counts: dict[str, tuple[int, int]]) -> None:
        """The newest notes, and the count so far (the stored one: after a reload it is there before any note)."""
        if not self.compare_on or not (self.lines or counts):
            return
        with ui.element("div").classes("lf-box lf-coach lf-tcoach-lines") \
                .props('role="status" aria-live="polite" data-testid=coach-lines').mark("coach-lines"):
            newest, *older = self.lines or [None]
            if newest is not None:
                ui.html(_line_html(*newest), sanitize=False).mark("coach-line")
            with ui.element("div").classes("lf-coach-foot"):
                if counts:
                    so_far = "; ".join(f"{faction_label(f)} {m} of {n}" for f in FACTIONS if f in counts
                                       for m, n in [counts[f]])
                    ui.label(f"Moves as the coach would have played them so far: {so_far}.") \
                        .classes("lf-coach-sofar").mark("coach-sofar")
                if older:  # folded on the count's line: the question below (and a hand being chosen from) stays put
                    ui.html(f'<details class="lf-coach-older"><summary>Earlier notes ({len(older)})</summary>'
                            f'{"".join(_line_html(f, line) for f, line in older)}</details>', sanitize=False) \
                        .mark("coach-line")


def _line_html(faction: str, line: str) -> str:
    return (f'<div class="lf-coach-line"><span class="lf-dot lf-f-{faction}"></span> '
            f'<b>{esc(faction_label(faction))}</b>: {esc(line)}</div>')


def unfold(area: ui.element, marker: str) -> None:
    """Open the fold that holds the suggested option (the Hero point spends are folded away), so its outline shows."""
    for el in area.descendants():
        if isinstance(el, ui.expansion) and any(marker in d._markers for d in el.descendants()):  # noqa: SLF001
            el.set_value(True)
