"""Helpers for the page tests (NiceGUI's `user` fixture): a fresh database per test, waiting, reading the page.

The session layer's default registry is what the pages use; each test points it
at a new SQLite file so games never leak between tests.
"""

from __future__ import annotations

import asyncio
import html
import importlib
import json
import sys
import time
import weakref
from collections.abc import Iterator
from types import ModuleType

import pytest
from nicegui import context, ui
from nicegui.testing import User
from nicegui.testing.user_navigate import UserNavigate
from nicegui.testing.user_notify import UserNotify

from lf.engine.content import load_content
from lf.session import Registry, set_default_registry
from lf.store.db import sqlite_url


# -- NiceGUI's simulated browsers share one ``ui.navigate`` -------------------------------------------
# It is re-patched for whichever testing ``User`` object was touched last, so when a page navigates after
# awaiting a worker thread (a claim, a new game), the navigation may go to another simulated browser; so
# may ``ui.notify``. Route each to the User whose page asked for it (the client of the element whose
# handler runs).

_USERS: weakref.WeakSet[User] = weakref.WeakSet()
_user_open = User.open
_navigate_to = UserNavigate.to


#: Every page a User has opened, by its client: a page the User has since left may still navigate (a claim
#: answered late), and a real browser would ignore it, since that page is gone.
_PAGES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


async def _open(self: User, *args, **kwargs):
    _USERS.add(self)
    result = await _user_open(self, *args, **kwargs)
    if self.client is not None:
        _PAGES[self.client] = self
    return result


def _owner() -> User | None:
    try:
        client = context.client
    except RuntimeError:
        return None
    return next((u for u in list(_USERS) if u.client is client), None)


def _to(self: UserNavigate, target, new_tab: bool = False) -> None:
    owner = _owner()
    if owner is None and _left_page():
        return  # the page that asked was left already: its browser shows another page now
    _navigate_to(owner.navigate if owner is not None else self, target, new_tab)


def _left_page() -> bool:
    """Whether the page running now is one its User has left (the User holds another page)."""
    try:
        client = context.client
    except RuntimeError:
        return False
    user = _PAGES.get(client)
    return user is not None and user.client is not client


def _notify(self: UserNotify, message: str, **kwargs) -> None:
    owner = _owner()
    (owner.notify if owner is not None else self).messages.append(message)


User.open = _open  # type: ignore[method-assign]
UserNavigate.to = _to  # type: ignore[method-assign]
UserNotify.__call__ = _notify  # type: ignore[method-assign]


def live(module: str) -> ModuleType:
    """The module the running app uses. NiceGUI's fixture drops page modules (and ``lf``) from sys.modules
    after each test and main.py imports them again, so a module imported by a test file at collection
    time is not the one serving the pages of a later test."""
    return sys.modules.get(module) or importlib.import_module(module)


def screens() -> dict:
    return live("lf.pages.game").SCREENS


def port() -> ModuleType:
    return live("lf.pages.session_port")


@pytest.fixture
def reg(tmp_path) -> Iterator[Registry]:
    registry = Registry.open(sqlite_url(tmp_path / "pages.db"))
    set_default_registry(registry)
    try:
        yield registry
    finally:
        set_default_registry(None)
        registry.close()


async def see(user: User, target: str, timeout: float = 20.0) -> None:
    """Like ``user.should_see`` with a longer patience (actions run in a worker thread)."""
    for _ in range(int(timeout / 0.05)):
        if user._sees(target):  # noqa: SLF001  (the fixture's own matcher)
            return
        await asyncio.sleep(0.05)
    await user.should_see(target)


async def wait_for(predicate, timeout: float = 20.0, why: str = "") -> None:
    for _ in range(int(timeout / 0.05)):
        if predicate():
            return
        await asyncio.sleep(0.05)
    assert predicate(), f"condition not reached in time {why}"


def page_text(user: User) -> str:
    """Every text, label and HTML content on the user's page (to assert what is absent), without the soft hyphens
    of long card names (lf.components.card.breakable)."""
    parts = []
    with user:
        for el in user.current_layout.descendants():
            for name in ("text", "content", "label", "value"):
                v = getattr(el, name, None) if name != "label" else el.props.get("label")
                if isinstance(v, str):
                    parts.append(html.unescape(v) if name == "content" else v)  # an apostrophe is &#x27; in HTML
    return "\n".join(parts).replace("\xad", "")


def log_text(user: User) -> str:
    """The log's HTML on the user's page: its blocks, turns newest first, each in time order (log_panel.py)."""
    return "\n".join(el.content for el in user.find(marker="log").elements)


def screen_of(user: User):
    return screens()[user.client.id]


def hand_names(registry: Registry, game_id: str, faction: str) -> list[str]:
    state = json.loads(registry.get(game_id).state_json())
    cards = load_content().player_cards
    return [cards[c].name for c in state["factions"][faction]["hand"]]


async def two_seats_and_a_watcher(user: User, create_user, game_id: str) -> list[User]:
    """The Anarchists' and the Moderates' seats taken by two browsers, and a third watching: every kind of page a
    table-wide sign must reach (a game of two persons, the Communists a Non-player)."""
    mo, watcher = create_user(), create_user()
    await join(user, game_id, "anarchists", "Ana")
    await join(mo, game_id, "moderates", "Mo")
    await watcher.open(f"/game/{game_id}")
    return [user, mo, watcher]


async def join(user: User, game_id: str, faction: str, name: str, invite: str | None = None) -> None:
    """Open the seat's join link, type a name, take the seat (lands on the game page).

    The simulated browsers share one ``ui.navigate``, patched for whichever User object was touched last
    (NiceGUI's testing User; its outbox touches a User whenever its page runs JavaScript). The claim runs in
    a worker thread, so another page may touch its User before this page navigates, and the navigation then
    goes to that one: once the seat is taken, this user opens its game page itself if it is not there.
    """
    await user.open(f"/join/{game_id}/{faction}" + (f"?invite={invite}" if invite else ""))
    user.find(marker="join-name").type(name)
    user.find(marker="join-take").click()

    def arrived() -> bool:
        return user.client is not None and user.client.id in screens() and screens()[user.client.id].faction == faction

    await wait_for(lambda: arrived() or port().seat_names(game_id).get(faction) == name, timeout=20,
                   why=f"claiming the {faction}")
    if not arrived():
        await user.open(f"/game/{game_id}?seat={faction}")
    await wait_for(arrived, timeout=20, why=f"joining as the {faction}")


def click(user: User, marker: str) -> None:
    user.find(marker=marker).click()


def markers(user: User, prefix: str) -> list[str]:
    """Markers on the page that start with ``prefix`` (e.g. the legal ``act:`` buttons)."""
    out = []
    with user:
        for el in user.current_layout.descendants():
            out += [m for m in el._markers if m.startswith(prefix)]  # noqa: SLF001
    return out


def offered(user: User) -> list[str]:
    """Every option the user's game page offers now: on the board and in the prompt bar (action keys)."""
    return screen_of(user).offered()


def take(user: User, key: str, version: int | None = None) -> None:
    """Take an option as a player would: its button in the prompt bar, else a tap on the board piece that carries
    it (the tap says which of the piece's options, and the version the page shows: ``version``, else current)."""
    if f"act:{key}" in markers(user, "act:"):
        user.find(marker=f"act:{key}").click()
        return
    screen = screen_of(user)
    pieces = live("lf.components.pieces")
    for part in screen.parts:
        if isinstance(part, pieces.Pieces):
            for piece, shown in part.shown.items():
                if key in pieces.by_key(shown[1]):
                    shown_version = screen.view["version"] if version is None else version
                    user.find(marker=f"{part.kind}-{piece}").trigger("click", [shown_version, key])
                    return
    raise AssertionError(f"the page offers no {key}: {offered(user)}")


async def open_all_options(user: User) -> None:
    """Open "All options" in the prompt bar: the engine's whole list, as buttons (``opt:<key>``)."""
    if not markers(user, "opt:"):
        user.find(marker="all-toggle").click()
        await wait_for(lambda: bool(markers(user, "opt:")), why="All options opens")


def thinking_figures(user: User) -> list[tuple[float, dict]]:
    """From now on, every measured share of a computer's search sent to the user's page (``lfThinking``,
    lf/pages/thinking_figure.py), with the time it was sent: (monotonic seconds, {faction: percent})."""
    sent: list[tuple[float, dict]] = []
    with user:
        original = user.client.run_javascript

        def recording(code: str, **kwargs):
            if code.startswith("lfThinking("):
                sent.append((time.monotonic(), json.loads(code[len("lfThinking("):-1])))
            return original(code, **kwargs)

        user.client.run_javascript = recording  # type: ignore[method-assign]
    return sent


__all__ = ["live", "port", "screens", "reg", "see", "wait_for", "page_text", "screen_of", "hand_names", "join",
           "click", "markers", "ui", "offered", "take", "open_all_options",
           "thinking_figures"]
