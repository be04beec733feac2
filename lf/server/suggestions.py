"""The coach's searches in flight ("Suggest a move"): one per browser, a few per address, a bound for everyone together,
in this process.

Why: a suggestion is seconds of a thinking process (lf/session/thinking.py), the same pool the computer seats
think in. Without a limit, a script (or one visitor with many tabs) could keep every thinking process busy and
make every computer seat of the server wait (the thinking queue, lf/session/thinking_queue.py, serves a seated
person's computer opponents first anyway; the bound for everyone keeps the coach's own queue short). A press beyond
a limit is refused with a sentence that says which limit and what to do; nothing else changes. A search holds its place until it ends: answered, cancelled by a
move that changed the question, or stopped with its page. Counted in memory, per process: the searches run in
this process's pool.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable

from lf.session import LimitReached

from .settings import settings

BROWSER_WORDS = ("The coach is still thinking for another of your pages. Wait for that suggestion (or close "
                 "that page), then ask again.")


#: A teaching screen's searches at once: its notes thought ahead (lf/pages/teaching_coach.py ``PENDING``: 4), the
#: current decision's, and room for searches being cancelled (a place comes back when its task has ended); the
#: browser's other tabs of the table share them.
TEACHING_PER_BROWSER = 8


class Suggestions:
    """The searches in flight per browser and per address."""

    def __init__(self) -> None:
        self._browsers: Counter[str] = Counter()
        self._addresses: Counter[str] = Counter()
        self._lock = threading.Lock()

    def take(self, browser: str, address: str, per_browser: int = 1) -> Callable[[], None]:
        """A place for one search (LimitReached, in words, when the browser or the address has as many as allowed);
        returns the function that gives it back (once, whatever calls it). ``per_browser``: a teaching screen
        thinks its notes ahead (``TEACHING_PER_BROWSER``), a game page one suggestion at a time."""
        limit = settings().suggestions_per_address * per_browser
        everyone = settings().suggestions_in_flight
        with self._lock:
            if self._browsers[browser] >= per_browser:
                raise LimitReached(BROWSER_WORDS)
            if (busy := sum(self._browsers.values())) >= everyone:
                raise LimitReached(f"The coach is thinking for {busy} pages on this server right now, the most it "
                                   f"thinks for at once. Ask again in a moment.")
            if self._addresses[address] >= limit:
                raise LimitReached(f"The coach is already thinking for {self._addresses[address]} pages at your "
                                   f"address, the most this server allows ({limit}). Ask again once one of them "
                                   "has its suggestion.")
            self._browsers[browser] += 1
            self._addresses[address] += 1
        held = [True]

        def give_back() -> None:
            with self._lock:
                if not held[0]:
                    return
                held[0] = False
                for counter, key in ((self._browsers, browser), (self._addresses, address)):
                    counter[key] -= 1
                    if counter[key] <= 0:
                        del counter[key]

        return give_back

    def in_flight(self) -> int:
        with self._lock:
            return sum(self._browsers.values())

    def clear(self) -> None:
        """Forget every place (a server starting: the test process starts lf once per test)."""
        with self._lock:
            self._browsers.clear()
            self._addresses.clear()


suggestions = Suggestions()
