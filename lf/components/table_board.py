"""The game table's board pieces: Fronts, tracks with their spaces, Bonuses, medallions, the factions' lines.

Each selector gives a Pieces box its pieces for one view: the HTML of each piece with the options the seat's
decisions place on it (``targets.py``) marked as tappable, and the choices a tap on the piece may take.
The teaching table keeps its own, simpler pieces (``board.py``): a whole Front or track is its one target.
"""

from __future__ import annotations

from collections.abc import Mapping

from lf.engine.content import view_key
from lf.session.presence import SeatPresence

from .fascist_card import test_of
from .factions import faction_row_html
from .front import front_html
from .medallions import medallion_strip_html
from .pieces import Piece
from .targets import Placed, tap_of
from .theme import FACTIONS, FRONTS, TRACKS, faction_label, front_label, track_label
from .track import bonus_html, track_html


def front_pieces(v: dict) -> dict[str, Piece]:
    """Each Front with the options it carries (Action Points, Strength, an Attack, Volunteers...)."""
    placed = Placed.of(v)
    test = None if v["result"] else test_of(v["fascist_card"], view_key(v))
    out: dict[str, Piece] = {}
    for f in FRONTS:
        ref = f"front:{f}"
        tap = tap_of(placed.get(ref), ref, front_label(f))
        out[f] = (front_html(f, v["fronts"][f], test, tap=tap, stakes=v.get("stakes", {}).get(f)),
                  placed.choices(ref) or None)
    return out


def track_pieces(v: dict) -> dict[str, Piece]:
    """Each track with the options of its spaces (a step up or down, a Blank marker) and of itself (a track to
    pick); then the Bonuses."""
    placed = Placed.of(v)
    out: dict[str, Piece] = {}
    for t in TRACKS:
        value = v["tracks"][t]
        taps = {n: tap_of(placed.get(f"space:{t}:{n}"), f"space:{t}:{n}", f"{track_label(t)} {n}")
                for n in range(11) if placed.get(f"space:{t}:{n}")}
        whole = tap_of(placed.get(f"track:{t}"), f"track:{t}", track_label(t))
        html = track_html(t, value, v["blanks"].get(t, []), v["tracks"], taps=taps, whole=whole)
        choices = {**placed.choices(f"space:{t}:"), **placed.choices(f"track:{t}")}
        out[t] = (html, choices or None)
    taps = {b: tap_of(placed.get(f"bonus:{b}"), f"bonus:{b}", f"{b.capitalize()} Bonus") for b in v["bonuses"]}
    out["bonuses"] = (bonus_html(v["bonuses"], taps), placed.choices("bonus:") or None)
    return out


def medallion_pieces(v: dict) -> dict[str, Piece]:
    """The medallions still on the board, one chip each (a medallion to claim is tapped)."""
    placed = Placed.of(v)
    taps = {m: tap_of(placed.get(f"medallion:{m}"), f"medallion:{m}", m.capitalize()) for m in v["medallions"]}
    return {"board": (medallion_strip_html(v["medallions"], taps), placed.choices("medallion:") or None)}


def faction_pieces(v: dict, names: dict[str, str], presence: Mapping[str, SeatPresence] | None = None
                   ) -> dict[str, Piece]:
    """The three factions' lines (a faction to pick, e.g. a tie to break, is tapped), with their players'
    presence when given (lf/session/presence.py)."""
    placed = Placed.of(v)
    out: dict[str, Piece] = {}
    for f in FACTIONS:
        ref = f"faction:{f}"
        tap = tap_of(placed.get(ref), ref, faction_label(f))
        out[f] = (faction_row_html(v, f, names, tap, presence), placed.choices(ref) or None)
    return out
