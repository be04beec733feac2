"""The coach's "Suggest a move" in Chromium (issue 21): Play now, ask the coach on the seat's turn (Normal level,
the server's thinking pool), see it think, then its suggestion outlined where a tap takes it and said in words,
and "Play it" takes it. Screenshots of the suggestion on a phone (390x844) and a laptop (1440x900) are saved under
test-results/coach/ to be looked at.

The seat's first decision is its secret choice of a card (rulebook pg. 5), so the outline is on a card of its hand.
"""

from __future__ import annotations

import pytest
from e2e_play import PAST_JS, ask_coach, play_now, press_until

from conftest import RESULTS

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("kind", ["phone", "laptop"])
def test_suggest_a_move_shows_its_progress_outlines_the_option_and_play_it_takes_it(kind, devices) -> None:
    me = devices.new(kind)
    page = me.page
    page.goto("/")
    page.wait_for_function("() => window.did_handshake === true")
    play_now(page)
    suggest = page.get_by_test_id("suggest")
    suggest.wait_for(timeout=30_000)
    coach = ask_coach(page, False, ".lf-game")
    out = RESULTS / "coach"
    out.mkdir(parents=True, exist_ok=True)
    coach.scroll_into_view_if_needed()
    page.screenshot(path=str(out / f"suggestion-{kind}.png"))
    page.locator(".lf-game .lf-suggested").first.scroll_into_view_if_needed()
    page.screenshot(path=str(out / f"suggestion-outline-{kind}.png"))
    version = int(page.get_by_test_id("game").get_attribute("data-version"))
    press_until(page, page.get_by_test_id("coach-take"), False, PAST_JS, arg=version)
    page.wait_for_function("() => !document.querySelector('[data-testid=coach]')")
    assert not me.errors, me.errors
