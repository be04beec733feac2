"""Helpers for the teaching page tests (NiceGUI's `user` fixture): start a lesson from the lobby, drive it.

Like pages_helpers, every module of the running app is looked up at call time
(``live``): NiceGUI re-imports the page modules between tests.
"""

from __future__ import annotations

from typing import Any

from nicegui.testing import User
from pages_helpers import live, markers, port, wait_for

PICK_KINDS = ("front", "track", "faction", "dir", "bonus", "blank", "medallion", "card", "morale_skip")


def screens() -> Any:
    return live("lf.pages.teaching").SCREENS


def tscreen(user: User) -> Any:
    return screens()[user.client.id]


async def start(user: User, seed: int, kinds: dict[str, str] | None = None, form: dict[str, Any] | None = None) -> Any:
    """Open the lobby, set the teaching box (seed, who is a Non-player or a Computer, and other fields by marker:
    ``form``), start, land on /teach/{id}."""
    await user.open("/")
    with user:
        for faction, kind in (kinds or {}).items():
            user.find(marker=f"teach-kind-{faction}").elements.pop().value = kind
        for marker, value in (form or {}).items():
            user.find(marker=marker).elements.pop().value = value
    user.find(marker="teach-seed").type(str(seed))
    user.find(marker="teach-start").click()
    await wait_for(lambda: user.client is not None and user.client.id in screens(), why="landing on /teach")
    return tscreen(user)


async def act(user: User, marker: str) -> None:
    """Click one option and wait until the screen shows the game after it."""
    screen = tscreen(user)
    before = port().game(screen.game_id).version
    user.find(marker=marker).click()
    try:
        await wait_for(lambda: port().game(screen.game_id).version > before, why=f"{marker} accepted")
    except AssertionError as exc:
        raise AssertionError(f"{exc}; the page said: {user.notify.messages}") from None
    await settled(user)


def drawn(user: User, screen: Any) -> bool:
    """The page shows what the screen's snapshot says (NiceGUI re-draws a refreshable in a background task)."""
    s = screen.snap
    if str(screen.root.props.get("data-version")) != str(s.version):  # stamped after the re-draw
        return False
    if s.board["result"]:
        return bool(markers(user, "outcome"))
    if s.focus:
        return f"decision-{s.focus}" in markers(user, "decision-") and not markers(user, "private")
    if s.secret:
        return bool(markers(user, "private") if screen.revealed else markers(user, "handoff"))
    return True


async def settled(user: User) -> None:
    screen = tscreen(user)
    await wait_for(lambda: screen.snap.version == port().game(screen.game_id).version and not screen.busy
                   and drawn(user, screen), why="the screen follows the game")


async def settle_picks(user: User) -> None:
    """Answer the public picks (Fronts tied under Fascist Attacks, and the like) with their first option."""
    await settled(user)
    for _ in range(20):
        screen = tscreen(user)
        if not screen.snap.focus:
            return
        decision = next(d for f, d in screen.snap.public if f == screen.snap.focus)
        if decision["kind"] in ("turn", "play"):
            return
        await act(user, f"act:{decision['choices'][0]['key']}")
    raise AssertionError("too many picks")


async def choose_all(user: User) -> None:
    """Every faction at the hand-off chooses its first card (tap its name, then the card)."""
    await settle_picks(user)
    for _ in range(4):
        screen = tscreen(user)
        if not screen.snap.secret:
            return
        faction = screen.snap.secret_factions[0]
        user.find(marker=f"iam-{faction}").click()
        await wait_for(lambda: bool(markers(user, "act:choose")), why=f"the {faction}' hand shown")
        choose = [m for m in markers(user, "act:choose") if m != "act:choose"]
        await act(user, (choose or ["act:choose"])[0])
    await settle_picks(user)


async def to_turn(user: User, seed: int = 7, kinds: dict[str, str] | None = None,
                  form: dict[str, Any] | None = None) -> Any:
    """Start a lesson and play to the first player's turn decision (secret choices made, picks answered)."""
    await start(user, seed, kinds, form)
    await choose_all(user)
    screen = tscreen(user)
    await wait_for(lambda: screen.snap.focus is not None, why="a turn decision")
    await settled(user)
    return screen
