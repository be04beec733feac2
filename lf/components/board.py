"""The board as functions of a view: status line, Fronts, tracks, Fascist card, Glory, medallions.

Each function gives one concern's HTML, kept on a page by an ``HtmlPart``
(rewritten in place when it changes). Fronts and tracks take the choices the
current decision offers on them (``targets``), so a Front can be tapped to
answer "which Front?" without the board knowing any rule; those are
``Pieces`` (one element per Front or track, see ``pieces.py``).
"""

from __future__ import annotations

from collections.abc import Callable

from nicegui import ui

from lf.engine.content import view_key

from . import levels
from .fascist_card import fascist_card_html, test_of
from .front import front_html
from .glory import glory_html
from .icons import icon
from .medallions import medallions_html
from .part import HtmlPart
from .pieces import Piece, Pieces
from .theme import FRONTS, TRACKS, esc, faction_label, phase_words, scroll_region
from .track import bonus_html, track_html



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


def boxed(icon_name: str = "", title: str = "") -> Callable[[HtmlPart, object], None]:
    """A page area's builder: the box (with its title) drawn once, the part inside it."""

    def draw(part: HtmlPart, state: object) -> None:
        with ui.element("div").classes("lf-box"):
            if title:
                _box_title(icon_name, title)
            part.show(state)

    return draw


def status_html(v: dict, viewer: str | None) -> str:
    """The status line of a seat's page (or a spectator's)."""
    me = (f'<span class="lf-chip lf-f-{viewer}">You: {esc(faction_label(viewer))}</span>'
          if viewer else '<span class="lf-chip">Watching</span>')
    return status_line(v, me)


#: What the table says when someone can know every hand (lf.session: a chosen seed, a game opened from a file).
KNOWN_SHUFFLE = {
    "host": ("Shuffle chosen by the host", "The host typed this game's seed: the host can know every hand and "
             "every deck. Play with a secret seed (leave it empty) when that matters."),
    "file": ("Shuffle known from a file", "This game was opened from a game file in mid-game: whoever holds the "
             "file can know every hand and every deck."),
    "old_generator": ("Shuffle from an older lf: it could be computed", "This game was dealt by an older lf, whose "
                      "shuffle gives itself away: a player who works at it could compute every hand and every deck "
                      "from what the table shows. New games and rematches are dealt by one that cannot be computed."),
}


def known_shuffle_chip(v: dict) -> str:
    """A warning chip when someone at the table could know every hand; empty otherwise."""
    words = KNOWN_SHUFFLE.get(v.get("shuffle_known_by") or "")
    if words is None:
        return ""
    return f'<span class="lf-chip warn" title="{esc(words[1])}" data-testid="known-shuffle">{esc(words[0])}</span>'


def status_line(v: dict, lead: str) -> str:
    """Year and turn, the Fascists' strength, phase, direction, Initiative, Government and the Hero point supply,
    after the ``lead`` chip.

    Short enough for one row at 1280 px in every phase (Year and turn share a chip; Initiative and Government
    share one when one faction holds both); on a phone the chips wrap (assets/table.css)."""
    turn = f" · Turn {v['turn']}<span class=\"lf-wide\"> of 4</span>" if v["turn"] else " · Setup"
    arrow = "↻" if v["direction"] == "clockwise" else "↺"
    direction = esc(v["direction"].capitalize())
    return (
        f'<div class="lf-status"{scroll_region("Game status")}>{lead}{known_shuffle_chip(v)}'
        f'<span class="lf-chip strong">Year <b>{v["year"]}</b> of 3{turn}</span>{levels.chip_html(v)}'
        f'<span class="lf-chip">{esc(phase_words(v["phase"]))}</span>'
        f'<span class="lf-chip" title="Direction of play: {direction}">{arrow}<span class="lf-wide"> {direction}</span>'
        f'</span>'
        f'{_holders(v["initiative"], v["government"])}'
        f'<span class="lf-chip" title="Hero points left in the supply">{icon("hero")}<span class="lf-wide"> Supply'
        f'</span> <b>{v["hero_supply"]}</b></span></div>')


def _holders(ini: str, gov: str) -> str:
    """Who holds the Initiative and who controls the Government: one chip when it is one faction (on a phone the
    icons stand for the words, which screen readers still read and a tap on the chip says)."""
    words = "Initiative and Government" if ini == gov else "Initiative"
    initiative = (f'<span class="lf-chip lf-f-{ini}" data-ref="initiative:{ini}" title="{words}: '
                  f'{esc(faction_label(ini))}">{icon("initiative")}')
    if ini == gov:
        return (f'{initiative}<span class="lf-wide"> Initiative and</span> {icon("government")}<span class="lf-wide">'
                f' Government:</span> {esc(faction_label(ini))}</span>')
    return (f'{initiative}<span class="lf-wide"> Initiative:</span> {esc(faction_label(ini))}</span>'
            f'<span class="lf-chip" title="Government: {esc(faction_label(gov))}">{icon("government")}'
            f'<span class="lf-wide"> Government:</span> {esc(faction_label(gov))}</span>')


def front_pieces(v: dict) -> dict[str, Piece]:
    """Each Front's HTML and the choice a tap on it makes now (a Pieces selector)."""
    test = test_of(v["fascist_card"], _version(v))
    picks = targets(v, ("front", "ap_front"))
    out: dict[str, Piece] = {}
    for f in FRONTS:
        c = picks.get(f)
        out[f] = (front_html(f, v["fronts"][f], test, c["label"] if c else None, stakes=v.get("stakes", {}).get(f)), c)
    return out


def track_pieces(v: dict) -> dict[str, Piece]:
    """Each track's HTML and the choice a tap on it makes now, then the Bonuses (never tapped)."""
    picks = targets(v, ("track",))
    out: dict[str, Piece] = {}
    for t in TRACKS:
        c = picks.get(t)
        out[t] = (track_html(t, v["tracks"][t], v["blanks"].get(t, []), v["tracks"], c["label"] if c else None), c)
    out["bonuses"] = (bonus_html(v["bonuses"]), None)
    return out


def fronts_box(pieces: Pieces, state: object) -> None:
    """The Fronts' box with its pieces, drawn once; ``pieces.update`` changes them in place."""
    with ui.element("div").classes("lf-box"):
        _box_title("front", "The Fronts")
        with ui.element("div").classes("lf-fronts"):
            pieces.show(state)


def tracks_box(pieces: Pieces, state: object) -> None:
    with ui.element("div").classes("lf-box"):
        _box_title("liberty", "Tracks and Bonuses")
        with ui.element("div").classes("lf-tracks"):
            pieces.show(state)


def fascist_html(v: dict) -> str:
    return fascist_card_html(v["fascist_card"], v["fascist_deck_size"], v["year"], v["test_result"], v["fronts"],
                             now=v.get("attacks_now"), over=bool(v.get("result")), content_version=_version(v))


def _version(v: dict) -> str:
    """The content the game was dealt with, at its level: an older game's Fascist card reads as it was printed for
    it, and a harder level's as that level changed it."""
    return view_key(v)


def glory_box_html(v: dict) -> str:
    return glory_html(v["bag"], v["bag_size"], v["glory"], v["bid_winner"])


def medallions_box_html(v: dict) -> str:
    return medallions_html(v["medallions"])
