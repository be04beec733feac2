"""Play now: a public quick game against two Non-players, as the faction the visitor picks, or one at random.

Why a choice and not one button: a single "Play now" picked a faction silently, and newcomers found themselves
the Moderates without knowing why, or that they could have chosen. The three factions are offered side by side
with what each fights for, and "Surprise me" says plainly that it picks at random (and the game's name says
which it picked).
"""

from __future__ import annotations

import secrets

from nicegui import ui

from lf.components.theme import FACTIONS, faction_label

from . import browser_seats, visitor
from . import session_port as port
from .in_thread import in_thread
from .seats import claim_seat

#: What each faction fights for, in a few words (its tracks and its Front: CONTENT.md, rulebook pg. 4).
AIMS = {
    "anarchists": "Liberty and Collectivization; Aragon",
    "communists": "Soviet Support and the Government; Madrid and the South",
    "moderates": "Foreign Aid and the Government; the North",
}


async def play_now(faction: str | None = None) -> None:
    """One click: a public quick game for this visitor against two Non-players (the hosted demo); ``None``: a
    faction drawn at random ("Surprise me")."""
    faction = faction or secrets.choice(FACTIONS)
    seats = {f: ("human" if f == faction else "nonplayer") for f in FACTIONS}
    try:
        new = await in_thread(port.create_game, seats, creator=visitor.key(),
                              name=f"Quick game as the {faction_label(faction)}", mode="demo", private=False)
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
    """The faction buttons and "Surprise me", each one click into a game."""
    ui.label("Play now against two Non-players, as:").classes("lf-play-h")
    with ui.element("div").classes("lf-play-as"):
        for f in FACTIONS:
            with ui.button(on_click=lambda f=f: play_now(f), color=None).props(
                    f"unelevated no-caps data-testid=play-as-{f}").classes(f"lf-play-btn lf-f-{f}").mark(f"play-as-{f}"):
                ui.html(f'<span class="lf-play-name">{faction_label(f)}</span>'
                        f'<span class="lf-play-aim">{AIMS[f]}</span>', sanitize=False)
        with ui.button(icon="casino", on_click=lambda: play_now(), color=None).props(
                "outline no-caps color=white data-testid=play-now").classes("lf-play-btn lf-play-any").mark("play-now"):
            ui.html('<span class="lf-play-name">Surprise me</span>'
                    '<span class="lf-play-aim">a faction picked at random</span>', sanitize=False)
