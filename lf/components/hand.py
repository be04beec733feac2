"""A hand: the cards themselves for the seat that holds them, face-down backs for anyone else.

The hidden variant takes only a count, so a page for another seat cannot leak
a card even by mistake: the view it gets has no ``hand`` for other factions.
"""

from __future__ import annotations

from .card import card_back_html, card_html
from .theme import esc, scroll_region


def hand_html(cards: list[str], empty: str = "No card in hand.", chosen: str | None = None,
              label: str = "Cards in hand") -> str:
    """The seat's own cards; the one chosen in secret this turn is marked (only its holder sees this)."""
    if not cards:
        return f'<div class="lf-muted">{esc(empty)}</div>'
    faces = "".join(f'<div class="lf-chosen">{card_html(c)}<span>Chosen for this turn</span></div>' if c == chosen
                    else card_html(c) for c in cards)
    return f'<div class="lf-cardrow"{scroll_region(label)}>{faces}</div>'


def hidden_hand_html(faction: str, size: int) -> str:
    if size == 0:
        return '<div class="lf-muted">No card in hand.</div>'
    backs = "".join(card_back_html(faction) for _ in range(min(size, 8)))
    return (f'<div class="lf-hidden-hand"><div class="lf-backs">{backs}</div>'
            f'<span>{size} card{"s" * (size != 1)} in hand (hidden)</span></div>')
