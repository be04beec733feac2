"""Status page at `/status` (what is installed and whether the content loads) and `/healthz` (lf/server/health.py)."""

from collections import Counter

from nicegui import app, ui

import lf
from lf.server.health import healthz

TITLE = "Land and Freedom — lf"


def content_summary() -> dict:
    """Counts of the shipped content; raises whatever loading the content raises."""
    from lf.engine.content import load_content  # imported late: a broken engine must not stop the server

    content = load_content()
    players = content.player_cards.values()
    return {
        "by_faction": dict(sorted(Counter(c.faction for c in players).items())),
        "by_strength": dict(sorted(Counter(c.strength for c in players).items())),
        "by_year": dict(sorted(Counter(c.year for c in content.fascist_cards.values()).items())),
        "player_total": len(content.player_cards),
        "fascist_total": len(content.fascist_cards),
        "medallions": len(content.medallions),
    }


def _rows(table: dict, label) -> None:
    for key, n in table.items():
        with ui.row().classes("w-full justify-between"):
            ui.label(label(key))
            ui.label(str(n)).classes("font-mono")


def render() -> None:
    with ui.column().classes("w-full max-w-xl mx-auto p-4 gap-4"):
        ui.label(TITLE).classes("text-2xl font-bold")
        ui.label("Original card set").classes("text-gray-600")
        try:
            summary = content_summary()
        except Exception as exc:  # show any content problem on the page instead of failing the request
            with ui.card().classes("w-full bg-red-50").props("flat bordered data-testid=content-error"):
                ui.label("The game content could not be loaded").classes("font-bold text-red-800")
                ui.label(f"{type(exc).__name__}: {exc}").classes("font-mono text-sm whitespace-pre-wrap")
        else:
            with ui.card().classes("w-full").props("flat bordered data-testid=content-counts"):
                ui.label(f"Player cards: {summary['player_total']}").classes("font-bold")
                _rows(summary["by_faction"], str.capitalize)
                _rows(summary["by_strength"], lambda s: f"Strength {s}")
                ui.separator()
                ui.label(f"Fascist cards: {summary['fascist_total']}").classes("font-bold")
                _rows(summary["by_year"], lambda y: f"Year {y}")
                ui.separator()
                ui.label(f"Medallions: {summary['medallions']}").classes("font-bold")
        ui.label(f"lf {lf.__version__}").classes("text-xs text-gray-400")


def register() -> None:
    """Add `/status` and `/healthz` to the app (called by main.py on every run)."""
    ui.page("/status", title=TITLE)(render)
    app.get("/healthz")(healthz)  # checks the database and the content (lf/server/health.py)
