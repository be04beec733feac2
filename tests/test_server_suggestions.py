"""The coach's searches in flight per browser and per address (lf/server/suggestions.py): a press beyond either
limit is refused with a sentence naming it, and a place given back (once, however often) lets the next one in."""

from __future__ import annotations

import pytest

from lf.server.settings import Settings, set_settings, settings
from lf.server.suggestions import Suggestions
from lf.session import LimitReached


@pytest.fixture
def two_per_address():
    before = settings()
    set_settings(Settings(suggestions_per_address=2))
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
