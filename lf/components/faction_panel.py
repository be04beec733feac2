"""The tab of one faction: its hand (only for the seat that holds it), tableau, piles, trash, medallions.

The tab is two blocks of HTML (the header, which changes at almost every move, and the cards, which
seldom do). The seat's own hand is not repeated here: it is the strip at the foot of the table
(``hand_strip.py``); any other tab shows a count and face-down backs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nicegui import ui

from lf.engine.constants import TRACK_OWNER

from .card import card_name
from .hand import hand_html, hidden_hand_html
from .medallions import medallion_chip
from .part import HtmlPart
from .tableau import piles_html, tableau_html
from .theme import esc, faction_label, track_label


def faction_head_html(view: dict, faction: str, name: str) -> str:
    """Who holds the faction, its Hero points, piles and tracks: this changes at almost every move."""
    fv = view["factions"][faction]
    seat = "Non-player (Appendix 3)" if fv["seat"] == "nonplayer" else name
    own_tracks = [t for t, o in TRACK_OWNER.items() if o == faction]
    if faction != "anarchists":
        own_tracks.append("government")
    return (f'<div class="lf-panel-h"><span class="lf-panel-n">{esc(faction_label(faction))}</span>'
            f'<span class="lf-muted">{esc(seat)} · {fv["hero"]} Hero point{"s" * (fv["hero"] != 1)} · '
            f'{fv["tokens"]} token{"s" * (fv["tokens"] != 1)} in reserve</span></div>' + piles_html(fv)
            + '<div class="lf-owntracks">' + "".join(
                f'<span data-ref="track:{t}">{esc(track_label(t))} <b>{view["tracks"][t]}</b></span>'
                for t in own_tracks) + "</div>")


def faction_cards_html(view: dict, faction: str, strip: bool = True) -> str:
    """The hand (or its backs), tableau, medallions, trash and own discard: a larger block that changes seldom.

    ``strip``: the page shows the seat's own hand in its strip (the game table), so the tab only counts it;
    a page without one (the replay) shows the hand, the secret choice and the bid here."""
    fv = view["factions"][faction]
    mine = view["viewer"] == faction
    whose = f"{faction_label(faction)}'"
    out = [_h3("Hand")]
    if mine and not strip:
        if fv.get("chosen"):
            out.append(f'<div class="lf-secret">The secret choice this turn: {esc(card_name(fv["chosen"]))}</div>')
        out.append(f'<div class="w-full">{hand_html(fv.get("hand", []), chosen=fv.get("chosen"))}</div>')
        if fv.get("bid"):
            out.append(_h3("The Final Bid") + f'<div class="w-full">{hand_html(fv["bid"])}</div>')
    elif mine:  # the hand itself is shown once, in the strip at the foot of the table (hand_strip.py)
        n = fv["hand_size"]
        out.append(f'<div class="lf-muted">{n} card{"s" * (n != 1)} in your hand: see them at the foot of the table.'
                   '</div>')
    else:
        out.append(hidden_hand_html(faction, fv["hand_size"]))
    out.append(_h3("Tableau") + f'<div class="w-full">{tableau_html(fv["tableau"], f"{whose} tableau")}</div>')
    if fv["medallions"]:
        out.append(_h3("Medallions") + "<div>" + "".join(medallion_chip(m, m in fv.get("used", []))
                                                         for m in fv["medallions"]) + "</div>")
    if fv["trash"]:
        out.append(_h3(f"Trash ({len(fv['trash'])}, public)")
                   + f'<div class="w-full lf-trash">{tableau_html(fv["trash"], f"{whose} trash")}</div>')
    if mine and fv.get("discard"):
        out.append(_h3(f"Your discard pile ({len(fv['discard'])})")
                   + f'<div class="w-full lf-trash">{tableau_html(fv["discard"], "Your discard pile")}</div>')
    if fv["removed"]:
        out.append(f'<div class="lf-muted">{len(fv["removed"])} card(s) removed from the game at setup '
                   f'(Non-player rules)</div>')
    return "".join(out)


def faction_parts(view_of: Callable[[Any], dict], faction: str, name: Callable[[], str],
                  strip: bool = True) -> list[HtmlPart]:
    """The tab's two blocks, each rewritten only when it changes (the cards seldom do); ``strip``: see
    ``faction_cards_html``."""
    head = HtmlPart(f"tab-{faction}", lambda s: _head_key(view_of(s), faction, name()),
                    lambda s: faction_head_html(view_of(s), faction, name()))
    cards = HtmlPart(f"cards-{faction}", lambda s: _cards_key(view_of(s), faction),
                     lambda s: faction_cards_html(view_of(s), faction, strip))
    return [head, cards]


def show_faction(parts: list[HtmlPart], state: Any, faction: str) -> None:
    """Draw the tab (call once inside its tab panel); ``data-testid=tab-<faction>`` holds the whole tab."""
    with ui.element("div").classes(f"lf-panel lf-f-{faction}").props(f"data-testid=tab-{faction}"):
        for part in parts:
            part.show(state)


def _head_key(view: dict, faction: str, name: str) -> tuple:
    fv = view["factions"][faction]
    return (name, view["tracks"], {k: v for k, v in fv.items() if k not in CARD_KEYS})


def _cards_key(view: dict, faction: str) -> tuple:
    fv = view["factions"][faction]
    return (view["viewer"], fv["hand_size"], {k: fv.get(k) for k in CARD_KEYS})


#: The fields of a faction's view that its cards block shows.
CARD_KEYS = ("hand", "chosen", "bid", "tableau", "medallions", "used", "trash", "discard", "removed")


def _h3(text: str) -> str:
    return f'<div class="lf-h3">{esc(text)}</div>'
