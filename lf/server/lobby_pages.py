"""Lobby pages per address: counted while a lobby page is connected, at most ``LF_LOBBY_PAGES_PER_ADDRESS`` each.

Why (issue 27): one address opened lobby pages at the pace its page budget allowed (about one a second) and kept
them; after 90 s it held about a hundred, each re-reading the game lists and re-drawing them at every change, and
a separate game's click-to-update p95 was 8-10 s. The lists are now one model for every lobby page
(lf/pages/lobby_feed.py), and an address keeps at most this many lobby pages open: a request beyond gets HTTP 429
and a plain sentence (``REFUSED``), built from nothing. As for spectators (lf/server/spectators.py), a page request
is only checked; the place is taken when the page's socket connects and given back as soon as it goes (a closed
tab, a lost connection). Counted in memory, per process: lobby pages are connections to this process.
"""

from __future__ import annotations

import threading
from collections import Counter

from lf.session import LimitReached

from .settings import settings

#: The sentence a lobby page beyond the limit gets, with the address's count.
REFUSED = "This address has {held} lobby pages open; close one to open another."


class LobbyPages:
    """How many connected lobby pages each address holds, in this process."""

    def __init__(self) -> None:
        self._held: Counter[str] = Counter()
        self._lock = threading.Lock()

    def check(self, visitor: str) -> None:
        """LimitReached, with the plain sentence, if one more lobby page of ``visitor`` would be too many."""
        with self._lock:
            self._check(visitor)

    def _check(self, visitor: str) -> None:
        held = self._held[visitor]
        if held >= settings().lobby_pages_per_address:
            raise LimitReached(REFUSED.format(held=held))

    def enter(self, visitor: str) -> None:
        """Take a place (LimitReached when the address has as many as allowed)."""
        with self._lock:
            self._check(visitor)
            self._held[visitor] += 1

    def leave(self, visitor: str) -> None:
        with self._lock:
            self._held[visitor] -= 1
            if self._held[visitor] <= 0:
                del self._held[visitor]

    def clear(self) -> None:
        """Forget every place (a server starting: lf.server.install; the test process starts lf once per test)."""
        with self._lock:
            self._held.clear()

    def held_by(self, visitor: str) -> int:
        with self._lock:
            return self._held[visitor]


lobby_pages = LobbyPages()
