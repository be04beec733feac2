"""The three factions at a glance: player, Hero points, hand size, medallions, Initiative, Government.

This strip is the public scoreboard: Hero points per faction are always
visible, and a badge shows who acts now and who has already chosen in secret.
"""

from __future__ import annotations

from collections.abc import Mapping

from lf.engine.constants import TRACK_OWNER
from lf.session.presence import SeatPresence

from .icons import icon
from .medallions import medallion_info
from .presence import NOT_SEEN, presence_badge, shows_presence
from .targets import NO_TAP, Tap
from .theme import FACTIONS, esc, faction_label


def factions_html(view: dict, names: dict[str, str]) -> str:
    return f'<div class="lf-facs">{"".join(faction_row_html(view, f, names) for f in FACTIONS)}</div>'


def faction_row_html(view: dict, f: str, names: dict[str, str], tap: Tap = NO_TAP,
                     presence: Mapping[str, SeatPresence] | None = None) -> str:
    """One faction's line: its player, Hero points, hand size, tracks, Initiative/Government, who acts now
    (``tap``: the options it carries on the game table, e.g. a faction to pick), and with ``presence`` whether its
    person has a device connected (lf/components/presence.py)."""
    waiting = {w["faction"] for w in view["waiting"]}
    fv = view["factions"][f]
    badges = []
    if view["initiative"] == f:
        badges.append(f'<span class="lf-badge ini" data-ref="initiative:{f}" title="Initiative">{icon("initiative")}'
                      '<span class="lf-bw">Initiative</span></span>')
    if view["government"] == f:
        badges.append(f'<span class="lf-badge gov" title="Government">{icon("government")}'
                      '<span class="lf-bw">Government</span></span>')
    if view["active"] == f:
        badges.append('<span class="lf-badge act">Playing now</span>')
    elif f in waiting:
        badges.append('<span class="lf-badge wait">Deciding…</span>')
    if view.get("bid_winner") == f:  # at once after the Final Bid, not only in the log (assets/since.css)
        badges.append(f'<span class="lf-badge bid">{icon("glory")}Won the Final Bid</span>')
    if view["phase"] == "choose" and fv["has_chosen"]:
        badges.append('<span class="lf-badge done">Card chosen</span>')
    if presence is not None and shows_presence(view, f, names):
        badges.append(presence_badge(presence.get(f, NOT_SEEN)))
    meds = "".join(f'<span class="lf-medmini" data-ref="medallion:{m}" title="{esc(medallion_info(m)[0])}: '
                   f'{esc(medallion_info(m)[2])}">{icon("medallion")}<span class="lf-medname">'
                   f'{esc(medallion_info(m)[0])}</span></span>' for m in fv["medallions"])
    tracks = " · ".join(f"{t.replace('_', ' ').title()} {view['tracks'][t]}"
                        for t, o in TRACK_OWNER.items() if o == f)
    you = ' <span class="lf-you">you</span>' if view["viewer"] == f else ""
    return (
        f'<div class="lf-fac lf-f-{f} {tap.cls}" data-ref="faction:{f}"{tap.attrs}>'
        f'<div class="lf-fac-h"><span class="lf-fac-n">{esc(faction_label(f))}</span>{you}'
        f'<span class="lf-hp" data-ref="hero:{f}" title="Hero points">{icon("hero")}<b>{fv["hero"]}</b></span></div>'
        f'<div class="lf-fac-p">{esc(names[f]) + " · " if names.get(f) else ""}{fv["hand_size"]} in hand · {esc(tracks)}</div>'
        f'<div class="lf-fac-b">{"".join(badges)}{meds}</div>{tap.inner}</div>')
