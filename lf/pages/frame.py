"""The shared frame of every page: stylesheet, helpers script, the top bar with the lf mark.

One place for the head so every page looks the same and loads the same two
small static files (assets/lf.css, assets/lf.js); nothing is fetched from the
internet.
"""

from __future__ import annotations

from contextlib import contextmanager
from collections.abc import Iterator

from nicegui import app, ui

from lf.components.icons import ASSETS, sprite

HEAD = ('<link rel="stylesheet" href="/assets/lf.css">'
        '<script src="/assets/lf.js"></script>'
        '<meta name="theme-color" content="#251d16">')
APP_TITLE = "lf"


def register_assets() -> None:
    """Serve ./assets at /assets and set the controls' defaults (called by main.py on every run)."""
    app.add_static_files("/assets", str(ASSETS))
    still_controls()


def still_controls() -> None:
    """Buttons and tabs without Quasar's ripple: pressed feedback is an instant shade instead (assets/lf.css).

    Why: the ripple (and the hover shade's fade, switched off in the stylesheet) re-paints the page for
    half a second after every press; measured with ``python -m lf bench-browsers --devices shared``, the
    browsers' main threads worked about a third less per move without them (docs/pages.md).
    """
    ui.button.default_props(":ripple=false")
    ui.tab.default_props(":ripple=false")


@contextmanager
def top_bar(subtitle: str = "") -> Iterator[ui.element]:
    """Add the head, the icons' sprite and the top bar; the body of the ``with`` fills the bar's right side."""
    ui.add_head_html(HEAD)
    ui.add_body_html(sprite())  # the icons every part of the page refers to (lf/components/icons.py)
    ui.colors(primary="#b3261e", secondary="#251d16", accent="#c8962a", positive="#2e7d32", negative="#b3261e")
    ui.query("body").classes("lf-body")
    with ui.element("div").classes("lf-topbar") as bar:
        ui.html('<a class="lf-logo" href="/"><img src="/assets/logo.svg" alt="lf"><b>Land and Freedom</b></a>',
                sanitize=False)
        if subtitle:
            ui.label(subtitle).classes("lf-game-name")
        ui.element("div").classes("lf-spacer")
        yield bar


def page_body() -> ui.element:
    return ui.element("div").classes("lf-wrap")
