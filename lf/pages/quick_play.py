"""Play now: a public quick game against two Non-players or two computers, as the faction the visitor picks, or
one at random.

Why a choice and not one button: a single "Play now" picked a faction silently, and newcomers found themselves
the Moderates without knowing why, or that they could have chosen. The three factions are offered side by side
with what each fights for, and "Surprise me" says plainly that it picks at random (and the game's name says
which it picked). The partners are a choice above them: the rulebook's solo rules (two Non-players, Appendix 3,
as before) or two computers that play by a person's rules (lf/ai), at a level (Normal unless changed). The
Fascists' strength is a choice too (Standard unless changed), with what it changes said under it.
"""

from __future__ import annotations

import secrets
from typing import Any

from nicegui import ui

from lf.components.theme import FACTIONS, faction_label

from . import browser_seats, visitor
from . import session_port as port
from .in_thread import in_thread
from .seats import claim_seat
from .setup_form import COMPUTER_LEVELS, strength_select

#: What each faction fights for, in a few words (its tracks and its Front: CONTENT.md, rulebook pg. 4).
AIMS = {
    "anarchists": "Liberty and Collectivization; Aragon",
    "communists": "Soviet Support and the Government; Madrid and the South",
    "moderates": "Foreign Aid and the Government; the North",
}


#: Who plays the other two factions: the words of the choice.
PARTNERS = {"nonplayer": "Two Non-players", "computer": "Two computers"}


def partner_seats(faction: str, partners: str = "nonplayer", level: str = "normal") -> dict[str, str]:
    """The seats of a quick game: the visitor's faction a person's, the others Non-players or the computer's."""
    other = f"computer:{level}" if partners == "computer" else "nonplayer"
    return {f: ("human" if f == faction else other) for f in FACTIONS}


async def play_now(faction: str | None = None, partners: str = "nonplayer", level: str = "normal",
                   strength: str | None = None) -> None:
    """One click: a public quick game for this visitor against two Non-players (the hosted demo) or two
    computers at ``level``; ``None``: a faction drawn at random ("Surprise me"); ``strength``: the Fascists'
    strength, a level's id (None: Standard)."""
    faction = faction or secrets.choice(FACTIONS)
    seats = partner_seats(faction, partners, level)
    name = f"The {faction_label(faction)} against the computer" if partners == "computer" else \
        f"Quick game as the {faction_label(faction)}"  # a game's name has 40 characters at most
    try:
        new = await in_thread(port.create_game, seats, creator=visitor.key(), name=name, mode="demo", private=False,
                              level=strength)
    except port.SessionError as exc:
        ui.notify(str(exc), type="negative", multi_line=True)
        return
    browser_seats.remember_host(new.id, new.host_token)
    error = await claim_seat(new.id, faction, browser_seats.display_name())
    if error:
        ui.notify(error, type="negative")
        return
    ui.navigate.to(f"/game/{new.id}?seat={faction}")


def play_now_choices() -> None:
    """Who the partners are and the Fascists' strength, then the faction buttons and "Surprise me", each one click
    into a game."""
    with ui.row().classes("lf-play-with items-center gap-2"):
        ui.label("Play against").classes("lf-play-h lf-play-against")
        partners = ui.toggle(PARTNERS, value="nonplayer") \
            .props('dense no-caps toggle-color=primary aria-label="Play against"').classes("lf-faction-toggle") \
            .mark("play-partners")
        level = ui.select(COMPUTER_LEVELS, value="normal", label="Level") \
            .props("outlined dense dark options-dark=false data-testid=play-level") \
            .classes("lf-play-level").mark("play-level")
        level.bind_visibility_from(partners, "value", backward=lambda v: v == "computer")
    with ui.element("div").classes("lf-play-strength"):
        strength = strength_select("play-strength", dark=True)
    ui.label("Play now, as:").classes("lf-play-h")

    def go(f: str | None) -> Any:
        return play_now(f, partners.value, level.value, strength.value)

    with ui.element("div").classes("lf-play-as"):
        for f in FACTIONS:
            with ui.button(on_click=lambda f=f: go(f), color=None).props(
                    f"unelevated no-caps data-testid=play-as-{f}").classes(f"lf-play-btn lf-f-{f}").mark(f"play-as-{f}"):
                ui.html(f'<span class="lf-play-name">{faction_label(f)}</span>'
                        f'<span class="lf-play-aim">{AIMS[f]}</span>', sanitize=False)
        with ui.button(icon="casino", on_click=lambda: go(None), color=None).props(
                "outline no-caps color=white data-testid=play-now").classes("lf-play-btn lf-play-any").mark("play-now"):
            ui.html('<span class="lf-play-name">Surprise me</span>'
                    '<span class="lf-play-aim">a faction picked at random</span>', sanitize=False)
