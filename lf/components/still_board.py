"""The board of a view, drawn without taps: how the replay shows the game as it was at any step.

One function, so that a page showing a past position draws the game page's own
pieces (``lf.components.board``: status line, Fronts, tracks and Bonuses,
Fascist card, factions, Glory, medallions; the faction tabs of
``faction_panel``) and follows the game page when the board's look changes.
The view's decisions are taken out before anything is drawn (``still``), so no
Front or track is ever a button and nothing can be sent from it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from nicegui import ui

from . import board
from .faction_panel import faction_parts, show_faction
from .factions import factions_html
from .part import Drawn, HtmlPart
from .pieces import Pieces
from .theme import FACTIONS, faction_label


def still(view: dict) -> dict:
    """The view with nothing to decide: what a board without taps is drawn from."""
    return {**view, "decisions": [], "can_undo": False}


def _no_tap(choice: dict | None, shown: int | None) -> None:
    """A still board has no buttons (``still`` takes the decisions out): nothing to do."""


def _slice(view: dict, *keys: str) -> list[Any]:
    return [view.get(k) for k in keys]


@dataclass
class StillBoard:
    """The parts of a still board, to be updated together with ``update(view)``."""

    parts: list[Drawn] = field(default_factory=list)
    tabs: ui.tabs | None = None
    tab: dict[str, ui.tab] = field(default_factory=dict)

    def update(self, view: dict, force: bool = False) -> None:
        frozen = still(view)
        for part in self.parts:
            part.update(frozen, force=force)

    def show_tab(self, faction: str) -> None:
        if self.tabs is not None and faction in self.tab:
            self.tabs.set_value(self.tab[faction])

    def keep(self, part: Drawn, area: str, draw: Callable[[Any, dict], None] | None, view: dict) -> None:
        with ui.element("div").classes(f"lf-a-{area}"):
            if draw is None:
                part.show(view)
            else:
                draw(part, view)
        self.parts.append(part)


def still_board(view: dict, lead: Callable[[dict], str], names: Callable[[], dict[str, str]],
                main: ui.element, side: ui.element) -> StillBoard:
    """Draw the board of ``view`` in two columns (``main``: status, Fronts, tracks, faction tabs; ``side``:
    Fascist card, factions, Glory, medallions). ``lead(view)`` is the status line's first chip."""
    out = StillBoard()
    v = still(view)
    with main:
        out.keep(HtmlPart("status", lambda w: (_slice(w, "year", "turn", "phase", "direction", "initiative",
                                                     "government", "hero_supply", "viewer"), lead(w)),
                          lambda w: board.status_line(w, lead(w)), mark="status"), "status", None, v)
        out.keep(Pieces("fronts", "front", board.front_pieces, _no_tap), "fronts", board.fronts_box, v)
        out.keep(Pieces("tracks", "track", board.track_pieces, _no_tap), "tracks", board.tracks_box, v)
        with ui.element("div").classes("lf-a-tabs"), ui.element("div").classes("lf-box"):
            with ui.tabs().classes("lf-tabs").props("dense align=left outside-arrows mobile-arrows") as out.tabs:
                out.tab = {f: ui.tab(f, label=faction_label(f)).classes(f"lf-f-{f}").mark(f"tab-{f}") for f in FACTIONS}
            first = v["viewer"] if v["viewer"] in FACTIONS else FACTIONS[0]
            with ui.tab_panels(out.tabs, value=out.tab[first]).classes("lf-tabpanels w-full"):
                for f in FACTIONS:
                    with ui.tab_panel(out.tab[f]):
                        parts = faction_parts(lambda w: w, f, lambda f=f: names().get(f, ""), strip=False)
                        show_faction(parts, v, f)
                        out.parts += parts
    with side:
        out.keep(HtmlPart("fascist", lambda w: _slice(w, "fascist_card", "fascist_deck_size", "test_result", "year",
                                                     "fronts", "attacks_now", "content_version", "level"),
                          board.fascist_html, mark="fascist"), "fascist", None, v)
        out.keep(HtmlPart("facs", lambda w: (_slice(w, "factions", "initiative", "government", "active", "waiting",
                                                    "phase", "tracks", "viewer"), names()),
                          lambda w: factions_html(w, names()), mark="factions"), "facs", board.boxed("hero", "Factions"), v)
        out.keep(HtmlPart("glory", lambda w: _slice(w, "bag", "bag_size", "glory", "bid_winner"),
                          board.glory_box_html, mark="glory"), "glory", board.boxed(), v)
        out.keep(HtmlPart("meds", lambda w: w["medallions"], board.medallions_box_html, mark="medallions"), "meds",
                 board.boxed("medallion", "Medallions on the board"), v)
    return out
