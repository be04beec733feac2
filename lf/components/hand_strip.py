"""The seat's own cards as a strip at the foot of the table: its hand, and what its decision adds to it.

The hand is shown here only (not again in the faction's tab). A card a choice names is tapped to take it:
chosen in secret, kept at the End of the Year, bid, picked; the card being played opens a small menu, its
Event or its Action Points (which are then placed with a tap on a Front, a track space or a Bonus). A
long press (or a tap on a card that takes nothing) shows the card large with its line of history. At the
End of the Year the tableau joins the strip, each group with how many cards it keeps of how many it may.
Each card is a piece (``Pieces``): a move re-sends only the cards whose marks or options changed.
"""

from __future__ import annotations

from nicegui import ui

from lf.engine.content import load_content

from .card import card_html, card_name
from .pieces import Piece
from .targets import AP_KINDS, MenuItem, Placed, strip_groups, tap_of
from .theme import esc, scroll_region

PILE_WORDS = {"hand": "Hand", "bid": "Final Bid", "tableau": "Tableau", "trash": "Trash", "discard": "Discard pile"}


def _strength(card: str) -> int:
    return load_content().player_cards[card].strength


def group_title(view: dict, pile: str, cards: list[str]) -> str:
    """A group's heading, with its counter where the decision limits it (kept 1 of 2; a bid's total)."""
    fv = view["factions"][view["viewer"]]
    title = PILE_WORDS[pile]
    keeping = any(d["kind"] == "keep" for d in view["decisions"])
    if keeping and pile in ("hand", "tableau"):
        most = fv.get("keep_max", [0, 0])[0 if pile == "hand" else 1]
        kept = len(set(fv.get("keep", [])) & set(cards))
        return f"{title}: kept {kept} of {most}"
    if pile == "bid":
        return f"{title}: {sum(_strength(c) for c in cards)} AP"
    return f"{title} · {len(cards)}"


def _marks(view: dict, card: str) -> str:
    fv = view["factions"][view["viewer"]]
    if card == fv.get("chosen"):
        return "Chosen for this turn"
    if card in fv.get("keep", []):
        return "Kept"
    return ""


def _extra(view: dict, card: str, choices: dict[str, dict]) -> tuple[MenuItem, ...]:
    """Menu lines of a card besides its own choices: its Action Points (placed on the board) and a closer look."""
    playing = any(c["action"]["kind"] == "event" for c in choices.values())
    ap = any(c["action"]["kind"] in AP_KINDS for d in view["decisions"] for c in d["choices"])
    out = []
    if playing and ap:
        out.append(MenuItem(f"Use its {_strength(card)} Action Point{'s' * (_strength(card) != 1)}: then tap a Front, "
                            "a track space or a Bonus", 'data-hint="ap"'))
    return tuple(out)


def card_piece_html(view: dict, placed: Placed, card: str) -> tuple[str, dict]:
    ref = f"card:{card}"
    choices = placed.choices(ref)
    extra = _extra(view, card, choices)
    if extra or len(choices) > 1:
        extra += (MenuItem("Look at the card", f'data-zoom-of="{ref}"'),)
    tap = tap_of(placed.get(ref), ref, card_name(card), extra)
    mark = _marks(view, card)
    badge = f'<span class="lf-hbadge">{esc(mark)}</span>' if mark else ""
    state = " marked" if mark else ""
    html = (f'<div class="lf-hcard{state} {tap.cls}"{tap.attrs}>{card_html(card)}{badge}{tap.inner}</div>')
    return html, choices


def strip_pieces(view: dict) -> dict[str, Piece]:
    """The strip's pieces in order: each group's heading, then its cards (none for a spectator)."""
    placed = Placed.of(view)
    out: dict[str, Piece] = {}
    for pile, cards in strip_groups(view):
        title = group_title(view, pile, cards)
        empty = '<span class="lf-muted">No card in hand.</span>' if pile == "hand" and not cards else ""
        out[f"h-{pile}"] = (f'<div class="lf-hgroup" data-pile="{pile}"><span>{esc(title)}</span>{empty}</div>', None)
        for card in cards:
            html, choices = card_piece_html(view, placed, card)
            out[f"{pile}-{card}"] = (html, choices or None)
    return out


#: The strip's arrows: how many cards are hidden on each side (the browser fills them in, assets/table.js), a
#: page of cards to that side at a tap.
ARROW = ('<button type="button" class="lf-strip-arrow {side}" hidden data-testid="strip-{side}">'
         '<span aria-hidden="true">{mark}</span><b>0</b></button>')


def strip_box(pieces: object, view: dict) -> None:
    """The strip's scrolling row (``data-testid=hand``), its pieces inside, between its two arrows."""
    with ui.element("div").classes("lf-strip-box"):
        ui.html(ARROW.format(side="prev", mark="‹"), sanitize=False).classes("lf-strip-nav prev")
        with ui.element("div").classes("lf-strip").props(f"data-testid=hand{scroll_region('Your cards')}"):
            pieces.show(view)  # type: ignore[attr-defined]
        ui.html(ARROW.format(side="next", mark="›"), sanitize=False).classes("lf-strip-nav next")
