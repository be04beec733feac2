"""The hand-off screen: one shared device, secret choices, and nobody sees a hand that is not theirs.

While any faction must choose in secret, the shared screen shows no hand at
all, only who still has to choose. The player whose turn it is takes the
device and taps "I am the Anarchists"; only then that faction's hand and
decision are drawn, and they disappear again as soon as the choice is made
(or "Hide my hand" is tapped), ready for the next player.
"""

from __future__ import annotations

from collections.abc import Callable

from nicegui import ui

from .theme import esc, faction_label

WHAT = {
    "choose": "choose the card they will play this turn",
    "bid": "make their Final Bid for Glory",
    "keep": "choose the cards they keep for next Year",
    "pick": "choose a card from their hand",
}
DONE = {
    "choose": "have chosen their card",
    "bid": "have made their bid",
    "keep": "have chosen what they keep",
    "pick": "have chosen",
}


def render_handoff(waiting: list[tuple[str, str]], done: list[tuple[str, str]],
                   on_reveal: Callable[[str], object]) -> None:
    """``waiting``: (faction, kind) still to choose in secret; ``done``: those who already have."""
    with ui.element("div").classes("lf-handoff").props("data-testid=handoff").mark("handoff"):
        ui.html('<div class="lf-handoff-k">Secret choice · pass the device</div>'
                '<div class="lf-handoff-h">Every hand is hidden.</div>'
                '<div class="lf-handoff-t">Give the device to the player named below. Only they should look '
                'at the screen after tapping their name; their hand hides again when they are done.</div>',
                sanitize=False)
        with ui.element("div").classes("lf-handoff-btns"):
            for f, kind in waiting:
                with ui.element("div").classes("lf-handoff-one"):
                    ui.button(f"I am the {faction_label(f)}", icon="visibility",
                              on_click=lambda f=f: on_reveal(f), color=None) \
                        .classes(f"lf-iam lf-f-{f}").props(f"unelevated no-caps data-testid=iam-{f}") \
                        .mark(f"iam-{f}")
                    ui.label(f"…to {WHAT.get(kind, 'decide')}").classes("lf-handoff-what")
        for f, kind in done:
            ui.html(f'<div class="lf-handoff-done"><span class="lf-dot lf-f-{f}"></span> The '
                    f'{esc(faction_label(f))} {esc(DONE.get(kind, "have decided"))} ✓</div>', sanitize=False)


def private_banner(faction: str, on_hide: Callable[[], object]) -> None:
    """The strip over a revealed hand: whose it is, and the button that hides it again."""
    with ui.element("div").classes(f"lf-private lf-f-{faction}").props("data-testid=private").mark("private"):
        ui.html(f'<span class="lf-private-t">Only the <b>{esc(faction_label(faction))}</b> look now</span>',
                sanitize=False)
        ui.button("Hide my hand", icon="visibility_off", on_click=on_hide) \
            .props("unelevated no-caps color=white text-color=black data-testid=hide-hand").mark("hide-hand")
