"""Inline SVG icons from assets/icons (original art), and the icon of each track trigger.

Icons are inlined rather than linked so they take the text colour
(``currentColor``) of wherever they sit: a faction's colour on its track, white
on a dark Fascist card.
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


@lru_cache(maxsize=None)
def _svg(name: str) -> str:
    text = (ICON_DIR / f"{name}.svg").read_text(encoding="utf-8")
    return re.sub(r"<title>.*?</title>", "", text).strip()


def icon(name: str, cls: str = "", title: str | None = None) -> str:
    """``<span class="lf-ic ...">svg</span>``; ``title`` gives hover text and a screen-reader label."""
    label = f' title="{esc(title)}" role="img" aria-label="{esc(title)}"' if title else ' aria-hidden="true"'
    return f'<span class="lf-ic {cls}"{label}>{_svg(name)}</span>'


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
            f'{icon(track)}<b class="lf-sign">{mark}</b></span>')


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
