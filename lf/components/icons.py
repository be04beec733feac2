"""Icons: the original symbols of assets/icons, drawn by reference to one sprite, and the icon of each trigger.

Every icon on a page is ``<svg><use href="#lf-i-name"/></svg>``: the symbol itself is sent once, in a hidden
sprite at the top of the page (``sprite``), not with every track space and card that shows it. A track with its
eleven spaces is about half of what it was with the SVG inlined, and that is what a move re-sends. The sprite
is in the page itself on purpose: ``<use>`` of a symbol in another file (a cached ``/icons.svg``) cost the
browsers twice the main-thread time per move (``python -m lf bench-browsers``: the pages' tasks 518 against
256 ms per move, 3 pages).
Icons take the text colour (``currentColor``) of wherever they sit: a faction's colour on its track, white
on a dark Fascist card. They are hidden from screen readers unless they carry words (``title``), and they
never put a word into the page's text (Material icon ligatures did: "layers Deck 13").
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from lf.engine.content_schema import Trigger

from .theme import esc

ASSETS = Path(__file__).resolve().parents[2] / "assets"
ICON_DIR = ASSETS / "icons"
TRACK_ICONS = ("liberty", "collectivization", "government", "soviet_support", "foreign_aid")
#: The drawing attributes of an icon's root ``<svg>`` that its shapes inherit (kept on the symbol's group).
_INHERITED = ("fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin")


def _parts(name: str) -> tuple[str, str]:
    """(the root's inherited attributes, the shapes) of assets/icons/<name>.svg, without its <title>."""
    text = (ICON_DIR / f"{name}.svg").read_text(encoding="utf-8")
    root = re.match(r"\s*<svg([^>]*)>", text)
    assert root, f"{name}.svg: no <svg> root"
    attrs = " ".join(f'{k}="{v}"' for k, v in re.findall(r'([\w-]+)="([^"]*)"', root.group(1)) if k in _INHERITED)
    body = re.sub(r"<title>.*?</title>", "", text[root.end():].rsplit("</svg>", 1)[0]).strip()
    return attrs, body


@lru_cache(maxsize=1)
def sprite() -> str:
    """Every icon as a ``<symbol id="lf-i-<name>">`` of one hidden SVG, put once at the top of every page's body
    (``frame.top_bar``)."""
    symbols = []
    for path in sorted(ICON_DIR.glob("*.svg")):
        attrs, body = _parts(path.stem)
        symbols.append(f'<symbol id="lf-i-{path.stem}" viewBox="0 0 24 24"><g {attrs}>{body}</g></symbol>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true" '
            f'style="position:absolute;width:0;height:0;overflow:hidden">{"".join(symbols)}</svg>')


@lru_cache(maxsize=1)
def icon_names() -> frozenset[str]:
    return frozenset(path.stem for path in ICON_DIR.glob("*.svg"))


def icon(name: str, cls: str = "", title: str | None = None) -> str:
    """``<span class="lf-ic ...">svg</span>``; ``title`` gives hover (and tap) text and a screen-reader label."""
    assert name in icon_names(), f"no icon {name!r}"
    label = f' title="{esc(title)}" role="img" aria-label="{esc(title)}"' if title else ' aria-hidden="true"'
    return f'<span class="lf-ic {cls}"{label}><svg><use href="#lf-i-{name}"/></svg></span>'


def q_icon(name: str) -> str:
    """A Quasar ``icon=`` value drawing our symbol from the sprite (an SVG: no ligature word in the page)."""
    assert name in icon_names(), f"no icon {name!r}"
    return f"svguse:#lf-i-{name}|0 0 24 24"


def material_icon(name: str, cls: str = "") -> str:
    """A Material icon in HTML (``layers``), hidden from screen readers and drawn without its name in the text.

    The icon font turns the word into the picture; written as the element's text the word would be part of
    the page's text ("layers Deck 13"). assets/frame.css draws it from ``data-icon`` instead.
    """
    return f'<i class="material-icons lf-mi {cls}" data-icon="{esc(name)}" aria-hidden="true"></i>'


def morale_icon(code: str, cls: str = "") -> str:
    """A card's Morale icon (``liberty+``, ``government-``, ``front``) with its sign."""
    from lf.engine.describe import icon_text

    if code == "front":
        return f'<span class="lf-micon {cls}">{icon("front", title=icon_text(code))}</span>'
    track, sign = code[:-1], code[-1]
    mark = "+" if sign == "+" else "\u2212"
    return (f'<span class="lf-micon lf-t-{track} {cls}" title="{esc(icon_text(code))}">'
            f'{icon(track)}<b class="lf-sign" aria-hidden="true">{mark}</b></span>')


def trigger_icon(trigger: Trigger) -> str:
    """The symbol printed on a trigger space, built from its first effect."""
    e = trigger.effects[0]
    title = trigger.text
    if e.op == "strength":
        return icon("front", "lf-trig", title)
    if e.op == "draw":
        return icon("draw", "lf-trig", title)
    if e.op == "medallion":
        return icon("medallion", "lf-trig", title)
    if e.op == "hero":
        return f'<span class="lf-trig-n" title="{esc(title)}">{icon("hero", "lf-trig")}<b>{e.n}</b></span>'
    if e.op == "attack":
        return f'<span class="lf-trig-n" title="{esc(title)}">{icon("attack", "lf-trig")}<b>{e.n}</b></span>'
    if e.op == "bonus":
        off = "" if e.on else " lf-off"
        return icon(e.bonus or "morale", f"lf-trig{off}", title)
    return f'<span class="lf-trig" title="{esc(title)}">★</span>'
