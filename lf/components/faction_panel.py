"""The tab of one faction: its hand (only for the seat that holds it), tableau, piles, trash, medallions.

The hand is rendered from ``fv["hand"]``, which the engine's view only
contains for the viewer's own faction; any other tab shows a count and
face-down backs.
"""

from __future__ import annotations

from nicegui import ui

from lf.engine.constants import TRACK_OWNER

from .card import card_name
from .hand import hand_html, hidden_hand_html
from .medallions import medallion_chip
from .tableau import piles_html, tableau_html
from .theme import esc, faction_label, track_label


def render_faction(view: dict, faction: str, name: str) -> None:
    fv = view["factions"][faction]
    mine = view["viewer"] == faction
    with ui.element("div").classes(f"lf-panel lf-f-{faction}").props(f"data-testid=tab-{faction}"):
        seat = "Non-player (Appendix 3)" if fv["seat"] == "nonplayer" else name
        ui.html(f'<div class="lf-panel-h"><span class="lf-panel-n">{esc(faction_label(faction))}</span>'
                f'<span class="lf-muted">{esc(seat)} · {fv["hero"]} Hero point{"s" * (fv["hero"] != 1)} · '
                f'{fv["tokens"]} tokens in reserve</span></div>', sanitize=False)
        ui.html(piles_html(fv), sanitize=False)
        own_tracks = [t for t, o in TRACK_OWNER.items() if o == faction]
        if faction != "anarchists":
            own_tracks.append("government")
        ui.html('<div class="lf-owntracks">' + "".join(
            f'<span data-ref="track:{t}">{esc(track_label(t))} <b>{view["tracks"][t]}</b></span>' for t in own_tracks)
            + "</div>", sanitize=False)
        ui.label("Hand").classes("lf-h3")
        if mine:
            if fv.get("chosen"):
                ui.label(f"Your secret choice this turn: {card_name(fv['chosen'])}").classes("lf-secret")
            ui.html(hand_html(fv.get("hand", []), chosen=fv.get("chosen")), sanitize=False) \
                .classes("w-full").mark(f"hand-{faction}")
            if fv.get("bid"):
                ui.label("Your Final Bid").classes("lf-h3")
                ui.html(hand_html(fv["bid"]), sanitize=False).classes("w-full")
        else:
            ui.html(hidden_hand_html(faction, fv["hand_size"]), sanitize=False).mark(f"hand-{faction}")
        ui.label("Tableau").classes("lf-h3")
        ui.html(tableau_html(fv["tableau"]), sanitize=False).classes("w-full")
        if fv["medallions"]:
            ui.label("Medallions").classes("lf-h3")
            ui.html("".join(medallion_chip(m, m in fv.get("used", [])) for m in fv["medallions"]), sanitize=False)
        if fv["trash"]:
            ui.label(f"Trash ({len(fv['trash'])}, public)").classes("lf-h3")
            ui.html(tableau_html(fv["trash"]), sanitize=False).classes("w-full lf-trash")
        if mine and fv.get("discard"):
            ui.label(f"Your discard pile ({len(fv['discard'])})").classes("lf-h3")
            ui.html(tableau_html(fv["discard"]), sanitize=False).classes("w-full lf-trash")
        if fv["removed"]:
            ui.label(f"{len(fv['removed'])} card(s) removed from the game at setup (Non-player rules)") \
                .classes("lf-muted")
