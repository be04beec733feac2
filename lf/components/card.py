"""Player cards as HTML: strength, Morale icons, Event text; card backs for hidden cards.

A card is drawn from the shipped content (``load_content``), never from the
view, so a view only needs card ids. Text is generated from the effect data by
``lf.engine.describe`` so what a card says is what the engine does.
"""

from __future__ import annotations

from functools import lru_cache

from lf.engine.content import load_content
from lf.engine.describe import effect_text

from .hyphens import breakable
from .icons import icon, morale_icon
from .theme import esc, faction_label

ORIGINAL = "Original card set"


@lru_cache(maxsize=None)
def card_name(card_id: str) -> str:
    return load_content().player_cards[card_id].name


@lru_cache(maxsize=None)
def card_html(card_id: str, size: str = "md") -> str:
    """The face of a player card. ``size``: ``md`` (hand, tableau) or ``sm`` (compact lists).

    A tap (or a long press, where a tap takes a choice) shows it large with its line of history
    (``data-zoom``, ``data-hist``: assets/lf.js ``lfZoom``). The Leader badge sits in the Event's heading, so it
    never covers a word; where a card is too small for all its words (the hand strip at some sizes), the browser
    shows its "more" (``lf-more``: a tap opens the card whole; assets/table.js ``lfFitCards``)."""
    c = load_content().player_cards[card_id]
    icons = "".join(morale_icon(i) for i in c.icons)
    lines = "".join(f"<li>{esc(effect_text(e.plain()))}</li>" for e in c.event)
    leader = '<span class="lf-leader">Leader</span>' if c.strength == 3 else ""
    more = f'<span class="lf-more" data-zoom-of="card:{c.id}" aria-hidden="true">more ▸</span>'
    return (
        f'<div class="lf-card lf-card-{size} lf-f-{c.faction}" data-ref="card:{c.id}" data-zoom="" '
        f'data-hist="{esc(c.history)}">'
        f'<div class="lf-card-top"><span class="lf-str" title="Strength: {c.strength} Action Point'
        f'{"s" * (c.strength != 1)}">{c.strength}</span>'
        f'<span class="lf-card-name">{breakable(c.name)}</span></div>'
        f'<div class="lf-card-body"><div class="lf-card-icons" title="Morale icons">{icons}</div>'
        f'<div class="lf-card-event"><div class="lf-ev-h"><span>Event</span>{leader}</div><ul>{lines}</ul></div>'
        f'{more}</div>'
        f'<div class="lf-card-foot"><span>{esc(faction_label(c.faction))} · {c.id}</span>'
        f'<span>{ORIGINAL}</span></div></div>'
    )


def card_back_html(faction: str, label: str = "") -> str:
    """A face-down card of ``faction``: shows that a card exists, never which."""
    text = f'<span class="lf-back-label">{esc(label)}</span>' if label else ""
    return (f'<div class="lf-card lf-card-back lf-f-{faction}" title="A hidden {esc(faction_label(faction))} card">'
            f'{icon("initiative", "lf-back-mark")}{text}</div>')

