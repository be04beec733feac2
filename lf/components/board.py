"""The board as render functions of a view: status line, Fronts, tracks, Fascist card, factions, Glory, log.

Each function draws one concern and is the body of one refreshable Part on the
game page. Fronts and tracks take the choices the current decision offers on
them (``targets``) and an ``on_pick`` factory, so a Front can be tapped to
answer "which Front?" without the board knowing any rule.
"""

from __future__ import annotations

from collections.abc import Callable

from nicegui import ui

from .factions import factions_html
from .fascist_card import fascist_card_html, test_of
from .front import front_widget
from .glory import glory_html
from .icons import icon
from .log_panel import log_html
from .medallions import medallions_html
from .theme import FRONTS, TRACKS, esc, faction_label, phase_words
from .track import bonus_html, track_widget

OnPick = Callable[[dict], Callable[[], object]]


def targets(view: dict, kinds: tuple[str, ...]) -> dict[str, dict]:
    """Board elements the current decisions can target directly: arg -> choice, earlier kinds first."""
    out: dict[str, dict] = {}
    for kind in kinds:
        for d in view["decisions"]:
            for c in d["choices"]:
                a = c["action"]
                if a["kind"] == kind and a.get("arg") and not a.get("n"):
                    out.setdefault(a["arg"], c)
    return out


def _box_title(icon_name: str, title: str) -> None:
    ui.html(f'<div class="lf-box-h">{icon(icon_name)} {esc(title)}</div>', sanitize=False)


def render_status(v: dict, viewer: str | None) -> None:
    turn = f"Turn {v['turn']} of 4" if v["turn"] else "Setup"
    arrow = "↻" if v["direction"] == "clockwise" else "↺"
    ini, gov = v["initiative"], v["government"]
    me = (f'<span class="lf-chip lf-f-{viewer}">You: {esc(faction_label(viewer))}</span>'
          if viewer else '<span class="lf-chip">Watching</span>')
    ui.html(
        f'<div class="lf-status">{me}<span class="lf-chip strong">Year <b>{v["year"]}</b> of 3</span>'
        f'<span class="lf-chip strong">{turn}</span><span class="lf-chip">{esc(phase_words(v["phase"]))}</span>'
        f'<span class="lf-chip" title="Direction of play">{arrow} {esc(v["direction"].capitalize())}</span>'
        f'<span class="lf-chip lf-f-{ini}" data-ref="initiative:{ini}">{icon("initiative")} Initiative: '
        f'{esc(faction_label(ini))}</span>'
        f'<span class="lf-chip">{icon("government")} Government: {esc(faction_label(gov))}</span>'
        f'<span class="lf-chip" title="Hero points left in the supply">{icon("hero")} Supply '
        f'<b>{v["hero_supply"]}</b></span></div>', sanitize=False).mark("status")


def render_fronts(v: dict, on_pick: OnPick) -> None:
    test = test_of(v["fascist_card"])
    picks = targets(v, ("front", "ap_front"))
    with ui.element("div").classes("lf-box"):
        _box_title("front", "The Fronts")
        with ui.element("div").classes("lf-fronts"):
            for f in FRONTS:
                c = picks.get(f)
                front_widget(f, v["fronts"][f], test, c["label"] if c else None, on_pick(c) if c else None)


def render_tracks(v: dict, on_pick: OnPick) -> None:
    picks = targets(v, ("track",))
    with ui.element("div").classes("lf-box"):
        _box_title("liberty", "Tracks and Bonuses")
        with ui.element("div").classes("lf-tracks"):
            for t in TRACKS:
                c = picks.get(t)
                track_widget(t, v["tracks"][t], v["blanks"].get(t, []), v["tracks"],
                             c["label"] if c else None, on_pick(c) if c else None)
            ui.html(bonus_html(v["bonuses"]), sanitize=False).mark("bonuses")


def render_fascist(v: dict) -> None:
    ui.html(fascist_card_html(v["fascist_card"], v["fascist_deck_size"], v["year"], v["test_result"], v["fronts"]),
            sanitize=False).mark("fascist")


def render_factions(v: dict, names: dict[str, str]) -> None:
    with ui.element("div").classes("lf-box"):
        _box_title("hero", "Factions")
        ui.html(factions_html(v, names), sanitize=False).mark("factions")


def render_glory(v: dict) -> None:
    with ui.element("div").classes("lf-box"):
        ui.html(glory_html(v["bag"], v["bag_size"], v["glory"], v["bid_winner"]), sanitize=False).mark("glory")


def render_medallions(v: dict) -> None:
    with ui.element("div").classes("lf-box"):
        _box_title("medallion", "Medallions on the board")
        ui.html(medallions_html(v["medallions"]), sanitize=False).mark("medallions")


def render_log(v: dict) -> None:
    with ui.element("div").classes("lf-box"):
        ui.html('<div class="lf-box-h">Log <span class="lf-muted lf-log-hint">· tap an entry to see it on the '
                'board</span></div>', sanitize=False)
        ui.html(log_html(v["log"]), sanitize=False).mark("log")
