"""The game log in plain sentences, newest first; a click on an entry highlights what it refers to.

The log is a column of small HTML blocks with the references in ``data-refs``;
the highlight runs in the browser (assets/lf.js ``lfHighlight``), so scrolling
through a long log costs the server nothing. ``LogPanel`` keeps the blocks
between moves: a move re-sends the newest block only, not the log.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nicegui import ui

from .shared_render import shared
from .theme import esc, faction_dot

SHOWN = 150
#: Entries per block of the log (see ``turn_blocks``).
CHUNK = 8
CLICK = (' onclick="lfHighlight(this)" onkeydown="if(event.key===\'Enter\')lfHighlight(this)"'
         ' tabindex="0" role="button"')
KIND_CLASS = {"fascist": "fas", "outcome": "out", "turn": "turn", "test": "test", "glory": "glory", "nonplayer": "np"}


def _rows(entries: list[dict]) -> str:
    rows = []
    for e in reversed(entries):
        f = e.get("faction")
        dot = faction_dot(f) if f in ("anarchists", "communists", "moderates") else '<span class="lf-dot lf-none"></span>'
        refs = " ".join(e.get("refs") or [])
        cls = KIND_CLASS.get(e.get("kind", ""), "")
        clickable = CLICK if refs else ""
        rows.append(
            f'<li class="lf-log-e {cls}{" has-refs" if refs else ""}" data-refs="{esc(refs)}"{clickable}>'
            f'<span class="lf-log-when">Y{e.get("year", "")}·T{e.get("turn", "")}</span>{dot}'
            f'<span class="lf-log-t">{esc(e.get("text", ""))}</span></li>')
    return "".join(rows)


def turn_blocks(entries: list[dict], shown: int = SHOWN) -> list[tuple[int, list[dict]]]:
    """The blocks of the log to show, newest first, each keyed by its first entry's ``i``.

    Whole turns only (at least the newest one), as many as fit in ``shown`` entries; a turn is cut into
    blocks of ``CHUNK`` entries by their place in the whole log, so a block's entries never change once it
    is full: a new entry re-sends at most ``CHUNK`` entries to a browser, never the turn or the log.
    """
    runs: list[list[dict]] = []
    for e in entries:
        if runs and (e.get("year"), e.get("turn")) == (runs[-1][-1].get("year"), runs[-1][-1].get("turn")):
            runs[-1].append(e)
        else:
            runs.append([e])
    out: list[tuple[int, list[dict]]] = []
    count = 0
    for run in reversed(runs):
        if out and count + len(run) > shown:
            break
        count += len(run)
        chunks: list[list[dict]] = []
        for e in run:
            if chunks and e.get("i", 0) // CHUNK == chunks[-1][-1].get("i", 0) // CHUNK:
                chunks[-1].append(e)
            else:
                chunks.append([e])
        out += [(chunk[0].get("i", 0), chunk) for chunk in reversed(chunks)]
    return out


def _blocks_html(entries: list[dict]) -> tuple[list[tuple[int, list[dict]]], dict[int, str]]:
    """The blocks to show and each block's HTML (shared by the pages of a game at one version)."""
    blocks = turn_blocks(entries)
    return blocks, {key: f'<ol class="lf-log-g">{_rows(run)}</ol>' for key, run in blocks}


class LogPanel:
    """The log's box, drawn once; after a move only the blocks whose entries changed are sent.

    Same ``show``/``update`` as a Part. ``entries(state)`` gives the log entries of the page's state (a view
    for the game page, the public board for the teaching table).
    """

    def __init__(self, entries: Callable[[Any], list[dict]], name: str = "log") -> None:
        self.name = name
        self.entries = entries
        self.blocks: dict[int, ui.html] = {}
        self.html: dict[int, str] = {}
        self.draws = 0
        self.list: ui.element
        self.more: ui.html

    def show(self, state: Any) -> None:
        with ui.element("div").classes("lf-box"):
            ui.html('<div class="lf-box-h">Log <span class="lf-muted lf-log-hint">· tap an entry to see it on the '
                    'board</span></div>', sanitize=False)
            self.list = ui.element("div").classes("lf-log")
            self.more = ui.html("", sanitize=False).classes("lf-muted lf-log-more")
        self.update(state)

    def update(self, state: Any, force: bool = False) -> bool:
        blocks, want = shared(state, self.name, self.entries, state.get("version") if isinstance(state, dict) else None,
                              lambda: _blocks_html(self.entries(state)))
        changed = False
        for key in [k for k in self.blocks if k not in want]:
            self.list.remove(self.blocks.pop(key))
            del self.html[key]
            changed = True
        for key, html in want.items():
            if key not in self.blocks:
                with self.list:
                    self.blocks[key] = ui.html(html, sanitize=False).mark("log")
            elif force or self.html[key] != html:
                self.blocks[key].set_content(html)
            else:
                continue
            self.html[key] = html
            changed = True
        order = [self.blocks[key] for key in want]  # newest first
        children = list(self.list.default_slot.children)
        for index, el in enumerate(order):  # a new block is added last: one move puts it first
            if children[index] is not el:
                el.move(target_index=index)
                children = list(self.list.default_slot.children)
        earlier = blocks[-1][1][0].get("i", 0) if blocks else 0
        self.more.set_content(f"… {earlier} earlier entries")
        self.more.set_visibility(earlier > 0)
        self.draws += changed
        return changed
