"""A faction's tableau (public: its icons feed the Morale Bonus), its piles and its trash.

Deck and discard are counts (their order and the other factions' discards are
secret); the trash and the tableau are public and shown as cards.
"""

from __future__ import annotations

from .card import card_html
from .icons import icon
from .theme import esc, scroll_region


def tableau_html(cards: list[str], label: str = "Tableau") -> str:
    """A row of public cards (a tableau, a trash, a discard pile); ``label`` names it for screen readers."""
    if not cards:
        return '<div class="lf-muted">Empty tableau: cards played for Action Points go here.</div>'
    return f'<div class="lf-cardrow"{scroll_region(label)}>{"".join(card_html(c) for c in cards)}</div>'


def piles_html(fv: dict) -> str:
    """Deck, discard and trash counts, and the secret or public states of this turn."""
    items = [
        ("deck", "Deck", fv["deck_size"]),
        ("discard", "Discard", len(fv["discard"]) if "discard" in fv else fv["discard_size"]),
        ("trash", "Trash", len(fv["trash"])),
        ("hand", "Hand", fv["hand_size"]),
    ]
    if fv.get("bid_size"):
        items.append(("cards", "Bid", fv["bid_size"]))
    lis = "".join(f'<li>{icon(ic)}<span>{esc(label)}</span><b>{n}</b></li>' for ic, label, n in items)
    return f'<ul class="lf-piles">{lis}</ul>'

