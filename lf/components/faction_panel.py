"""The tab of one faction: its hand (only for the seat that holds it), tableau, piles, trash, medallions.

The tab is one block of HTML. The hand is rendered from ``fv["hand"]``, which the engine's view only
contains for the viewer's own faction; any other tab shows a count and
face-down backs.
"""

from __future__ import annotations

from lf.engine.constants import TRACK_OWNER

from .card import card_name
from .hand import hand_html, hidden_hand_html
from .medallions import medallion_chip
from .tableau import piles_html, tableau_html
from .theme import esc, faction_label, track_label


def faction_html(view: dict, faction: str, name: str) -> str:
    """The whole tab as one block of HTML (an ``HtmlPart``: a move that changes it rewrites the text only)."""
    fv = view["factions"][faction]
    mine = view["viewer"] == faction
    seat = "Non-player (Appendix 3)" if fv["seat"] == "nonplayer" else name
    out = [f'<div class="lf-panel lf-f-{faction}" data-testid="tab-{faction}">',
           f'<div class="lf-panel-h"><span class="lf-panel-n">{esc(faction_label(faction))}</span>'
           f'<span class="lf-muted">{esc(seat)} · {fv["hero"]} Hero point{"s" * (fv["hero"] != 1)} · '
           f'{fv["tokens"]} tokens in reserve</span></div>', piles_html(fv)]
    own_tracks = [t for t, o in TRACK_OWNER.items() if o == faction]
    if faction != "anarchists":
        own_tracks.append("government")
    out.append('<div class="lf-owntracks">' + "".join(
        f'<span data-ref="track:{t}">{esc(track_label(t))} <b>{view["tracks"][t]}</b></span>' for t in own_tracks)
        + "</div>")
    out.append(_h3("Hand"))
    if mine:
        if fv.get("chosen"):
            out.append(f'<div class="lf-secret">Your secret choice this turn: {esc(card_name(fv["chosen"]))}</div>')
        out.append(f'<div class="w-full">{hand_html(fv.get("hand", []), chosen=fv.get("chosen"))}</div>')
        if fv.get("bid"):
            out.append(_h3("Your Final Bid") + f'<div class="w-full">{hand_html(fv["bid"])}</div>')
    else:
        out.append(hidden_hand_html(faction, fv["hand_size"]))
    out.append(_h3("Tableau") + f'<div class="w-full">{tableau_html(fv["tableau"])}</div>')
    if fv["medallions"]:
        out.append(_h3("Medallions") + "<div>" + "".join(medallion_chip(m, m in fv.get("used", []))
                                                         for m in fv["medallions"]) + "</div>")
    if fv["trash"]:
        out.append(_h3(f"Trash ({len(fv['trash'])}, public)")
                   + f'<div class="w-full lf-trash">{tableau_html(fv["trash"])}</div>')
    if mine and fv.get("discard"):
        out.append(_h3(f"Your discard pile ({len(fv['discard'])})")
                   + f'<div class="w-full lf-trash">{tableau_html(fv["discard"])}</div>')
    if fv["removed"]:
        out.append(f'<div class="lf-muted">{len(fv["removed"])} card(s) removed from the game at setup '
                   f'(Non-player rules)</div>')
    return "".join(out) + "</div>"


def _h3(text: str) -> str:
    return f'<div class="lf-h3">{esc(text)}</div>'
