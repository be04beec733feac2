"""A yes/no question in a small dialog, answered before a host's irreversible step (end, delete)."""

from __future__ import annotations

from nicegui import ui


async def ask(question: str, yes: str = "Yes") -> bool:
    """Show ``question``; True if the user pressed ``yes`` (Cancel or closing the dialog: False)."""
    with ui.dialog().props('aria-label="Please confirm"') as dialog, ui.card().classes("lf-box lf-confirm").style("max-width: 440px"):
        ui.label(question)
        with ui.row().classes("w-full justify-end"):
            ui.button("Cancel", on_click=lambda: dialog.submit(False)).props("flat no-caps")
            ui.button(yes, on_click=lambda: dialog.submit(True)) \
                .props("unelevated no-caps color=primary data-testid=host-confirm").mark("host-confirm")
    answer = await dialog
    dialog.delete()
    return bool(answer)
