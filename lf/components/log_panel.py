"""The whole game's log in plain sentences, in one collapsible group per Year and turn.

The newest turn is on top and open; inside a turn the entries read in time order, oldest first, so a cause
(the Fascist card, a Non-player's card) comes before its effects (docs/pages.md, "The log"). A turn that just
closed stays open while the seat has not moved since (``keep_open``: the turns of its "while you waited").

The log is a column of small HTML blocks with the references in ``data-refs``;
a tap on an entry highlights what it refers to on the board and unfolds the
Non-player rule that chose the move, both in the browser (assets/lf.js
``lfHighlight``, assets/history.js ``lfLogTap``), so reading a long log costs
the server nothing. The filter (all, mine, players, Fascist, Non-player
reasons) is a class on the log's wrapper: CSS hides the other entries, no entry
is sent again.

Why blocks: ``LogPanel`` keeps them between moves. A turn is cut into blocks of
``CHUNK`` entries by their place in the whole log, so a full block never
changes and a move re-sends the newest block only, however long the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nicegui import ui

from lf.engine.recap import REASON_KINDS

from .rule_links import linked
from .shared_render import shared
from .theme import FACTIONS, esc, faction_dot, faction_label

#: Entries per block of the log (see ``turn_blocks``).
CHUNK = 8
#: A tap anywhere on an entry with references or reasons; its words are a button (keyboard, screen readers) whose
#: click reaches the entry. Why a button inside the ``li``: an ``ol`` may hold only list items (axe-core "list").
CLICK = ' onclick="lfLogTap(this, event)"'
KIND_CLASS = {"fascist": "fas", "outcome": "out", "turn": "turn", "test": "test", "glory": "glory", "nonplayer": "np",
              "computer": "np ai"}
#: The filter's choices: the wrapper's class for each (assets/history.css hides the other entries). "Computer
#: reasons" is offered in games the computer plays in (``_choices``).
FILTERS = {"all": "All", "mine": "Mine", "players": "Players", "fascist": "Fascist", "np": "Non-player reasons",
           "ai": "Computer reasons"}

#: One row of the log: an entry and the Non-player notes folded under it (the rule that chose that move).
Row = tuple[dict, tuple[dict, ...]]


def fold_notes(entries: list[dict]) -> list[Row]:
    """Each Non-player note ("Non-player rule 3c: ...") or computer's reason folded under the entry that follows it.

    The engine writes the note just before the move it explains (``lf.engine.game.apply``), so the next
    entry is that move's first line. A note with nothing after it yet (the move wrote no line) stays a row.
    """
    rows: list[Row] = []
    waiting: list[dict] = []
    for e in entries:
        if e.get("kind") in REASON_KINDS:
            waiting.append(e)
            continue
        rows.append((e, tuple(waiting)))
        waiting = []
    rows += [(note, ()) for note in waiting]
    return rows


def _classes(row: Row, viewer: str | None) -> list[str]:
    """A row's classes: its kind, its faction, and what the filters read (assets/history.css, ``_shown``)."""
    e, notes = row
    f = e.get("faction")
    cls = [KIND_CLASS.get(e.get("kind", ""), ""), f"f-{f}" if f in FACTIONS else "f-none"]
    if viewer is not None and f == viewer:
        cls.append("mine")
    if e.get("refs"):
        cls.append("has-refs")
    kinds = {n.get("kind") for n in (*notes, e)}
    if "nonplayer" in kinds:
        cls.append("has-np")
    if "computer" in kinds:
        cls.append("has-ai")
    return [c for c in cls if c]


def _row_html(row: Row, viewer: str | None) -> str:
    e, notes = row
    f = e.get("faction")
    dot = faction_dot(f) if f in FACTIONS else '<span class="lf-dot lf-none"></span>'
    refs = " ".join(e.get("refs") or [])
    # The rule a Non-player's move cites is a link to the rules reference: outside the button (a link inside a
    # button is not allowed), unfolded by the tap on the move.
    why = "".join(f'<span class="lf-log-np">{linked(_reason(n))}</span>' if n.get("kind") == "nonplayer" else
                  f'<span class="lf-log-np lf-log-ai">{esc(_reason(n))}</span>' for n in notes)
    tag = "button" if refs or notes else "span"
    kind = ' type="button"' if refs or notes else ""
    return (f'<li class="lf-log-e {" ".join(_classes(row, viewer))}" data-refs="{esc(refs)}"'
            f'{CLICK if refs or notes else ""}>'
            f'<span class="lf-log-when">Y{e.get("year", "")}·T{e.get("turn", "")}</span>{dot}'
            f'<{tag} class="lf-log-t"{kind}>{esc(e.get("text", ""))}</{tag}>{why}</li>')


def _shown(row: Row, value: str, viewer: str | None) -> bool:
    """Whether the filter ``value`` shows this row: the rules of assets/history.css on the row's classes."""
    cls = _classes(row, viewer)
    return {"mine": "mine" in cls, "players": "f-none" not in cls, "fascist": "f-none" in cls,
            "np": "has-np" in cls, "ai": "has-ai" in cls}.get(value, True)


def _choices(state: Any, me: str | None) -> dict[str, str]:
    """The filter's choices: "Mine" for a seat, "Computer reasons" where the computer plays a seat or played one."""
    factions = state.get("factions", {}) if isinstance(state, dict) else {}
    computer = any(isinstance(fv, dict) and fv.get("computer") for fv in factions.values()) or \
        any(e.get("kind") == "computer" for e in (state.get("log") or [] if isinstance(state, dict) else []))
    return {k: v for k, v in FILTERS.items() if (me is not None or k != "mine") and (computer or k != "ai")}


def _reason(note: dict) -> str:
    """A Non-player note without its faction (the move it is folded under names it): "Non-player rule 3c: ..."."""
    text = note.get("text", "")
    prefix = f"{faction_label(note.get('faction'))}: " if note.get("faction") in FACTIONS else ""
    return text[len(prefix):] if prefix and text.startswith(prefix) else text


def block_html(rows: list[Row], viewer: str | None) -> str:
    """One block of the log, in time order."""
    return f'<ol class="lf-log-g">{"".join(_row_html(r, viewer) for r in rows)}</ol>'


def turn_key(entry: dict) -> tuple[int, int]:
    return entry.get("year", 0), entry.get("turn", 0)


def turn_title(key: tuple[int, int]) -> str:
    year, turn = key
    if turn == 0:
        return f"Year {year} · {'Setup' if year == 1 else 'Start of the Year'}"
    return f"Year {year} · Turn {turn}"


def turn_blocks(rows: list[Row]) -> list[tuple[tuple[int, int], list[tuple[int, list[Row]]]]]:
    """The whole log as turns, newest first, each cut into blocks (in time order) keyed by their first entry's ``i``.

    A turn is cut at every multiple of ``CHUNK`` of the entries' place in the whole log, so a block's
    entries never change once it is full: a new entry re-sends at most ``CHUNK`` entries to a browser.
    """
    turns: list[tuple[tuple[int, int], list[list[Row]]]] = []
    for row in rows:
        e = row[0]
        key = turn_key(e)
        if not turns or turns[-1][0] != key:
            turns.append((key, []))
        chunks = turns[-1][1]
        if chunks and e.get("i", 0) // CHUNK == chunks[-1][-1][0].get("i", 0) // CHUNK:
            chunks[-1].append(row)
        else:
            chunks.append([row])
    return [(key, [(chunk[0][0].get("i", 0), chunk) for chunk in chunks]) for key, chunks in reversed(turns)]


def _viewer_of(state: Any) -> str | None:
    """A view says whose it is; the teaching table's public board is nobody's."""
    return state.get("viewer") if isinstance(state, dict) else None


class LogPanel:
    """The log's box, drawn once; after a move only the blocks whose entries changed are sent.

    Same ``show``/``update`` as a Part. ``entries(state)`` gives the log entries of the page's state (a view
    for the game page and the replay, the public board for the teaching table); ``viewer(state)`` whose
    entries are "mine"; ``replay`` the address of the game's replay, linked from the box's title. Why turns are
    filled on demand: a whole game's log is about 700 entries; a page gets
    the current turn's entries and the other turns' titles, and a turn's entries when it is first opened
    (a ``details`` element's toggle), so a page late in a game loads no more than one early in it.
    """

    def __init__(self, entries: Callable[[Any], list[dict]], name: str = "log",
                 viewer: Callable[[Any], str | None] = _viewer_of, replay: str | None = None,
                 keep_open: Callable[[Any], set[tuple[int, int]]] | None = None,
                 view_of: Callable[[Any], Any] | None = None) -> None:
        self.name = name
        #: The view the filter's choices are read from (the teaching table's state holds its public board).
        self.view_of = view_of
        #: Older turns kept open besides the newest (the game page: the turns of the seat's "while you waited").
        self.keep_open = keep_open
        self.replay = replay
        self.entries = entries
        self.viewer = viewer
        self.groups: dict[tuple[int, int], ui.element] = {}
        #: The turns whose entries are on the page (the current one, and each one a reader opened).
        self.filled: set[tuple[int, int]] = set()
        self.turns: dict[tuple[int, int], list[tuple[int, list[Row]]]] = {}
        self.me: str | None = None
        self.group_of: dict[int, tuple[int, int]] = {}
        self.blocks: dict[int, ui.html] = {}
        self.html: dict[int, str] = {}
        self.rows: dict[int, list[Row]] = {}
        self.open: tuple[int, int] | None = None
        #: The turns this panel opened (the newest, and those ``keep_open`` names); a reader opens others.
        self.opened: set[tuple[int, int]] = set()
        self.draws = 0
        self.list: ui.element
        self.wrap: ui.element
        self.filter: ui.toggle

    def show(self, state: Any) -> None:
        me = self.viewer(state)
        with ui.element("div").classes("lf-box lf-logbox"):
            with ui.element("div").classes("lf-box-h lf-log-head"):
                ui.html('Log <span class="lf-muted lf-log-hint">· tap an entry to see it on the board</span>',
                        sanitize=False)
                if self.replay:
                    ui.link("Replay from the start", self.replay).classes("lf-log-replay") \
                        .props("data-testid=replay").mark("replay")
            choices = _choices(self.view_of(state) if self.view_of else state, me)
            self.filter = ui.toggle(choices, value="all", on_change=lambda e: self.set_filter(e.value)) \
                .props('dense no-caps unelevated toggle-color=primary aria-label="Show in the log"') \
                .classes("lf-log-filter").mark("log-filter")
            with ui.element("div").classes("lf-logwrap").props("data-testid=log") as self.wrap:
                self.list = ui.element("div").classes("lf-log")
        self.update(state)

    def set_filter(self, value: str) -> None:
        """Show only one kind of entry (CSS does the hiding: nothing is sent again but the wrapper's class).

        Why a turn opens: older turns are folded, so a filter whose entries all lie in them (the Non-player
        reasons of the turn that just ended) would show nothing; the newest turn holding one opens with it.
        """
        self.wrap.classes(remove=" ".join(f"only-{k}" for k in FILTERS), add="" if value == "all" else f"only-{value}")
        turn = self.newest_shown(value)
        if turn is not None and turn != self.open:
            self.fill(turn)
            self.groups[turn].props("open")

    def newest_shown(self, value: str) -> tuple[int, int] | None:
        """The newest turn with an entry the filter ``value`` shows (the rules of assets/history.css)."""
        if value == "all":
            return None
        for turn, blocks in self.turns.items():  # newest first
            if any(_shown(row, value, self.me) for _, rows in blocks for row in rows):
                return turn
        return None

    def update(self, state: Any, force: bool = False) -> bool:
        self.me = self.viewer(state)
        turns = shared(state, self.name, self.entries, state.get("version") if isinstance(state, dict) else None,
                       lambda: turn_blocks(fold_notes(self.entries(state))))
        self.turns = dict(turns)
        if turns:
            self.filled.add(turns[0][0])
        self.filled &= set(self.turns)
        want = {key: turn for turn, blocks in turns if turn in self.filled for key, _ in blocks}
        changed = self._drop([k for k in self.blocks if want.get(k) != self.group_of.get(k)])
        for turn, _ in turns:
            if turn not in self.groups:
                self._group(turn)
            if turn in self.filled:
                changed |= self._fill(turn, force)
        for turn in [t for t in self.groups if t not in self.turns]:
            self.list.remove(self.groups.pop(turn))
            changed = True
        _order(self.list, [self.groups[turn] for turn, _ in turns])
        self._open(turns[0][0] if turns else None, self.keep_open(state) if self.keep_open else set())
        self.draws += changed
        return changed

    def fill(self, turn: tuple[int, int]) -> bool:
        """Put a turn's entries on the page (when a reader opens it); False if they are there already."""
        if turn in self.filled or turn not in self.turns:
            return False
        self.filled.add(turn)
        return self._fill(turn, False)

    def _fill(self, turn: tuple[int, int], force: bool) -> bool:
        """Create or rewrite the turn's blocks whose entries changed; returns whether any did."""
        group, blocks, changed = self.groups[turn], self.turns[turn], False
        for key, rows in blocks:
            if key not in self.blocks:
                with group:
                    self.blocks[key] = ui.html("", sanitize=False).mark("log")
                self.group_of[key] = turn
            elif not force and self.rows.get(key) == rows:
                continue
            html = block_html(rows, self.me)
            if html != self.html.get(key):
                self.blocks[key].set_content(html)
                self.html[key] = html
                changed = True
            self.rows[key] = rows
        _order(group, [self.blocks[key] for key, _ in blocks], first=1)  # after the summary
        return changed

    def _group(self, turn: tuple[int, int]) -> ui.element:
        """A turn's collapsible group: its title now, its entries once it is open (``fill``)."""
        with self.list:
            group = ui.element("details").classes("lf-log-turn").props(f'data-turn="{turn[0]}-{turn[1]}"') \
                .mark(f"log-turn-{turn[0]}-{turn[1]}")
            with group:
                with ui.element("summary").classes("lf-log-sum"):
                    ui.html(esc(turn_title(turn)), sanitize=False)
        group.on("toggle", lambda: self.fill(turn), js_handler="(e) => { if (e.target.open) emit(); }")
        self.groups[turn] = group
        return group

    def _open(self, newest: tuple[int, int] | None, keep: set[tuple[int, int]]) -> None:
        """The current turn is open, and the turns ``keep`` names (a turn that just closed, until the seat has seen
        it); a turn that is over closes (a reader may open it again)."""
        want = ({newest} if newest is not None else set()) | (keep & set(self.groups))
        for turn in self.opened - want:
            if turn in self.groups:
                self.groups[turn].props(remove="open")
        for turn in sorted(want - self.opened):
            self.fill(turn)
            self.groups[turn].props("open")
        self.opened, self.open = want, newest

    def _drop(self, keys: list[int]) -> bool:
        for key in keys:
            el = self.blocks.pop(key)
            el.parent_slot.parent.remove(el)
            del self.group_of[key]
            self.html.pop(key, None)
            self.rows.pop(key, None)
        return bool(keys)


def _order(parent: ui.element, children: list[ui.element], first: int = 0) -> None:
    """Put ``children`` in ``parent`` in this order from index ``first`` on (only if they are out of place)."""
    if list(parent.default_slot.children)[first:] == children:
        return
    for index, el in enumerate(children):
        el.move(target_index=first + index)
