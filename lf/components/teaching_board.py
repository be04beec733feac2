"""Small board pieces of the teaching screen: its status line and the hand of the acting faction.

The rest of the board is the game page's own components (``board.py``),
drawn from the public view: on a shared screen no hand is on the board.
"""

from __future__ import annotations

from nicegui import ui

from .hand import hand_html
from .icons import icon
from .theme import esc, faction_label, phase_words


def render_status(v: dict, now: str | None) -> None:
    turn = f"Turn {v['turn']} of 4" if v["turn"] else "Setup"
    arrow = "↻" if v["direction"] == "clockwise" else "↺"
    ini, gov = v["initiative"], v["government"]
    who = (f'<span class="lf-chip lf-f-{now}">Now: the {esc(faction_label(now))}</span>' if now else
           '<span class="lf-chip">Teaching table</span>')
    ui.html(
        f'<div class="lf-status">{who}<span class="lf-chip strong">Year <b>{v["year"]}</b> of 3</span>'
        f'<span class="lf-chip strong">{turn}</span><span class="lf-chip">{esc(phase_words(v["phase"]))}</span>'
        f'<span class="lf-chip" title="Direction of play">{arrow} {esc(v["direction"].capitalize())}</span>'
        f'<span class="lf-chip lf-f-{ini}" data-ref="initiative:{ini}">{icon("initiative")} Initiative: '
        f'{esc(faction_label(ini))}</span>'
        f'<span class="lf-chip">{icon("government")} Government: {esc(faction_label(gov))}</span>'
        f'<span class="lf-chip">{icon("hero")} Hero point supply <b>{v["hero_supply"]}</b></span></div>',
        sanitize=False).mark("status")


def render_peek(faction: str, cards: list[str]) -> None:
    """The acting faction's hand, shown on request during its (public) turn."""
    with ui.element("div").classes("lf-peek").props("data-testid=peek"):
        ui.label(f"The {faction_label(faction)}' hand").classes("lf-h3")
        ui.html(hand_html(cards), sanitize=False).classes("w-full").mark(f"peek-{faction}")
