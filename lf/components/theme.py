"""Faction colours, names and plain-word labels shared by every component.

Kept in one place so a faction looks the same on the board, on its cards, in
its tab and in the log, and so the CSS (assets/lf.css) and Python agree on
class names (``lf-f-<faction>``).
"""

from __future__ import annotations

from html import escape

from lf.engine.constants import FACTIONS, FRONTS, TRACKS, faction_label, front_label, track_label

__all__ = [
    "FACTIONS", "FRONTS", "TRACKS", "COLOURS", "PHASES", "faction_label", "front_label", "track_label",
    "esc", "faction_dot", "phase_words", "scroll_region", "signed",
]

#: Original palette: Anarchists black-and-red, Communists red-and-gold, Moderates the Republic's purple.
COLOURS: dict[str, str] = {
    "anarchists": "#1f1b1a",
    "communists": "#b71c1c",
    "moderates": "#6a1b9a",
}

PHASES: dict[str, str] = {
    "setup": "Setting up",
    "fascist_event": "Fascist Event",
    "choose": "Choosing cards in secret",
    "turn": "Player turns",
    "test": "Fascist Test",
    "bag": "Bag of Glory",
    "final_bid": "Final Bid for Glory",
    "year_end": "End of the Year",
    "over": "Game over",
}


def esc(text: object) -> str:
    """HTML-escape anything shown from a view or typed by a player (names are user input)."""
    return escape(str(text), quote=True)


def phase_words(phase: str) -> str:
    return PHASES.get(phase, phase.replace("_", " ").capitalize())


def signed(n: int) -> str:
    """+3, 0, −2 (a real minus sign reads better on a board)."""
    return f"+{n}" if n > 0 else ("0" if n == 0 else f"\u2212{-n}")


def scroll_region(label: str) -> str:
    """The attributes of a box that scrolls (a row of cards, the status line on a phone): Tab reaches it, so a
    keyboard can scroll it, and a screen reader names it (axe-core "scrollable-region-focusable")."""
    return f' data-scroll tabindex="0" role="region" aria-label="{esc(label)}"'


def faction_dot(faction: str, title: str | None = None) -> str:
    """A small coloured token for a faction (player tokens on Fronts, Bag of Glory, log)."""
    return f'<span class="lf-dot lf-f-{faction}" title="{esc(title or faction_label(faction))}"></span>'
