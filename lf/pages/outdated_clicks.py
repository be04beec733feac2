"""A click on a button that a re-draw already removed is answered with a message, never dropped in silence.

Why: NiceGUI ignores an event for an element that no longer exists. Such a click comes from a browser that still
showed an older picture: a double tap, a tap as the panel is drawn anew for another seat's move, a slow or frozen
connection, an old tab. The person is told that nothing was applied, and the browser has the current position.
"""

from __future__ import annotations

from collections.abc import Callable

from nicegui import Client, ui

OUTDATED_MESSAGE = ("That option was on an outdated picture of the game: the game has moved on. "
                    "Nothing was applied; here is the current position.")
#: How many buttons a page remembers, to answer a click that comes from an outdated picture.
BUTTONS_KEPT = 2000


class OutdatedClicks:
    """The click listeners a page's re-drawn area has had (newest last), and the guard that answers them."""

    def __init__(self, area: Callable[[], ui.element | None]) -> None:
        self._area = area
        self.ids: dict[str, None] = {}

    def remember(self) -> None:
        """Note the area's click listeners before it is re-drawn. A re-draw runs in a background task after the
        update that asks for it, so the buttons of the previous draw are still there when the next update
        starts: that is when they are collected."""
        area = self._area()
        if area is None:
            return
        for el in area.descendants():
            for listener in el._event_listeners.values():  # noqa: SLF001
                if listener.type in ("click", "keydown"):
                    self.ids[listener.id] = None
        if len(self.ids) > BUTTONS_KEPT:
            self.ids = dict.fromkeys(list(self.ids)[-BUTTONS_KEPT // 2:])

    def guard(self, client: Client) -> None:
        """Answer, on ``client``, an event for a remembered listener whose element is gone."""
        self.remember()
        handle = client.handle_event

        def guarded(msg: dict) -> None:
            if msg.get("listener_id") in self.ids and msg.get("id") not in client.elements:
                with client:
                    ui.notify(OUTDATED_MESSAGE, type="warning", multi_line=True)
                return
            handle(msg)

        client.handle_event = guarded  # type: ignore[method-assign]
