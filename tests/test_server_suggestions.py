"""The coach's searches in flight per browser and per address (lf/server/suggestions.py): a press beyond either
limit is refused with a sentence naming it, and a place given back (once, however often) lets the next one in."""

from __future__ import annotations

import pytest

from lf.server.settings import Settings, set_settings, settings
from lf.server.suggestions import TEACHING_PER_BROWSER, Suggestions
from lf.session import LimitReached


@pytest.fixture
def two_per_address():
    before = settings()
    set_settings(Settings(suggestions_per_address=2, suggestions_in_flight=100))
    yield
    set_settings(before)


def test_one_search_per_browser_and_the_addresss_limit_each_refused_in_words(two_per_address) -> None:
    places = Suggestions()
    first = places.take("browser-1", "address-a")
    with pytest.raises(LimitReached, match="still thinking for another of your pages"):
        places.take("browser-1", "address-a")
    places.take("browser-2", "address-a")
    with pytest.raises(LimitReached, match=r"already thinking for 2 pages at your address.*\(2\)"):
        places.take("browser-3", "address-a")  # a fresh cookie jar does not start the address's count over
    places.take("browser-3", "address-b")  # another address has its own
    first()
    first()  # given back once, however often it is called
    assert places.in_flight() == 2
    places.take("browser-1", "address-a")
    with pytest.raises(LimitReached):
        places.take("browser-4", "address-a")


def test_a_teaching_screen_thinks_its_notes_ahead_within_a_limit_of_its_own(two_per_address) -> None:
    """The teaching table thinks each person's decision as it opens (its notes, docs/teaching.md): a browser may
    hold TEACHING_PER_BROWSER such searches, an address that many times the address's limit; a game page's one
    suggestion counts among the browser's places."""
    places = Suggestions()
    held = [places.take("screen", "address-a", TEACHING_PER_BROWSER) for _ in range(TEACHING_PER_BROWSER)]
    with pytest.raises(LimitReached, match="still thinking for another of your pages"):
        places.take("screen", "address-a", TEACHING_PER_BROWSER)
    with pytest.raises(LimitReached):
        places.take("screen", "address-a")  # the same browser's game page waits for the table's searches
    for _ in range(TEACHING_PER_BROWSER):  # a fresh cookie jar at the same address: the address's count goes on
        places.take("tab-2", "address-a", TEACHING_PER_BROWSER)
    with pytest.raises(LimitReached, match=rf"already thinking for {2 * TEACHING_PER_BROWSER} pages at your address"):
        places.take("tab-3", "address-a", TEACHING_PER_BROWSER)
    held[0]()
    places.take("screen", "address-a", TEACHING_PER_BROWSER)


def test_the_server_bounds_every_visitors_searches_together_and_says_so() -> None:
    """Ten addresses pressing "Suggest a move" at once (issue 27): past ``LF_SUGGESTIONS_IN_FLIGHT`` searches in
    flight, whoever asks is refused in words until one ends, so the coach's queue stays short."""
    before = settings()
    set_settings(Settings(suggestions_per_address=3, suggestions_in_flight=4))
    try:
        places = Suggestions()
        held = [places.take(f"browser-{i}", f"address-{i}") for i in range(4)]
        with pytest.raises(LimitReached, match="thinking for 4 pages on this server right now"):
            places.take("browser-9", "address-9")  # a fresh address, under its own limit, still waits its turn
        held[0]()
        places.take("browser-9", "address-9")
        assert places.in_flight() == 4
    finally:
        set_settings(before)
