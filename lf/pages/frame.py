"""The shared frame of every page: stylesheets, helper scripts, the top bar with the lf mark.

One place for the head so every page looks the same and loads the same small
static files (assets/lf.css and lf.js; assets/frame.css and frame.js for the
frame itself: the top bar, dialogs, message pages, icons; assets/history.css and
history.js for the log, the replay and the end screen; assets/rules.css and rules.js
for the rules reference; assets/since.css and since.js for "while you waited" on the
game page; assets/table.css and table.js for the game table's fitting: cards, strips,
status, presence; assets/coach.css for the coach's suggestion); nothing is fetched from the internet.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from nicegui import app, ui

from lf.components.icons import ASSETS, sprite

HEAD = ('<link rel="stylesheet" href="/assets/lf.css">'
        '<link rel="stylesheet" href="/assets/frame.css">'
        '<script src="/assets/lf.js"></script>'
        '<script src="/assets/frame.js"></script>'
        '<link rel="stylesheet" href="/assets/history.css">'
        '<script src="/assets/history.js"></script>'
        '<link rel="stylesheet" href="/assets/rules.css">'
        '<script src="/assets/rules.js"></script>'
        '<link rel="stylesheet" href="/assets/since.css">'
        '<script src="/assets/since.js"></script>'
        '<link rel="stylesheet" href="/assets/table.css">'
        '<script src="/assets/table.js"></script>'
        '<link rel="stylesheet" href="/assets/coach.css">'
        '<script src="/assets/thinking.js"></script>'
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


def icon_button(icon: str, label: str, on_click: Callable[..., Any], props: str = "") -> ui.button:
    """A button that shows only an icon: ``label`` is its name for screen readers and its hover text.

    Why: an icon alone gives a screen reader nothing to say (axe-core's "button-name"); Quasar already
    hides the icon itself from it.
    """
    return ui.button(icon=icon, on_click=on_click) \
        .props(f'flat round aria-label="{label}" title="{label}" {props}').classes("lf-icon-btn")


def message_page(title: str, why: str, status: int = 200, subtitle: str = "") -> ui.element:
    """A page that only says something (a game that does not exist, a lesson on another screen), in lf's frame.

    ``status`` is the HTTP status of the answer (404 for what does not exist, so a browser, a crawler or a
    script knows it too). Returns the box: ``with message_page(...):`` adds links or buttons under the words.
    """
    if status != 200:
        ui.status_code(status)
    with top_bar(subtitle):
        pass
    with page_body(), ui.element("div").classes("lf-box lf-message") as box:
        ui.label(title).classes("lf-h2").props("role=heading aria-level=1")
        ui.label(why).classes("lf-message-t").mark("message")
    return box


def lobby_link() -> None:
    """The way back from a message page."""
    ui.link("Back to the lobby", "/").classes("lf-message-link").props("data-testid=back-to-lobby")
