"""Status page at `/status` (what is installed and whether the content loads) and `/healthz` (lf/server/health.py)."""

from collections import Counter

from nicegui import app, ui

import lf
from lf.server.health import healthz

from .frame import lobby_link, page_body, top_bar

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


def _rows(title: str, table: dict, label) -> None:
    with ui.element("div").classes("lf-status-group"):
        ui.label(title).classes("lf-status-h")
        for key, n in table.items():
            with ui.element("div").classes("lf-status-row"):
                ui.label(label(key))
                ui.label(str(n)).classes("font-mono")


def render() -> None:
    with top_bar("Status"):
        ui.button("Lobby", icon="home", on_click=lambda: ui.navigate.to("/")).props("flat no-caps color=white")
    with page_body(), ui.element("div").classes("lf-box lf-message lf-status-page"):
        ui.label("Land and Freedom: this server").classes("lf-h2").props("role=heading aria-level=1")
        ui.label(f"lf {lf.__version__} · Original card set").classes("lf-muted")
        try:
            summary = content_summary()
        except Exception as exc:  # show any content problem on the page instead of failing the request
            with ui.element("div").classes("lf-status-error").props("data-testid=content-error role=alert"):
                ui.label("The game content could not be loaded").classes("font-bold")
                ui.label(f"{type(exc).__name__}: {exc}").classes("font-mono text-sm whitespace-pre-wrap")
        else:
            with ui.element("div").classes("lf-status-counts").props("data-testid=content-counts"):
                _rows(f"Player cards: {summary['player_total']}", summary["by_faction"], str.capitalize)
                _rows("Player cards by strength", summary["by_strength"], lambda s: f"Strength {s}")
                _rows(f"Fascist cards: {summary['fascist_total']}", summary["by_year"], lambda y: f"Year {y}")
                _rows(f"Medallions: {summary['medallions']}", {}, str)
        lobby_link()


def register() -> None:
    """Add `/status` and `/healthz` to the app (called by main.py on every run)."""
    ui.page("/status", title=TITLE)(render)
    app.get("/healthz")(healthz)  # checks the database and the content (lf/server/health.py)
