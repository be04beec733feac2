"""The coach at the teaching table in Chromium (issue 21): one person's faction beside a Computer seat (Quick) and a
Non-player, the table follows the coach's suggestion for three decisions ("Suggest a move", then "Play it"), each
outlined on the screen where a tap takes it, and after each the coach's note says it would have played the same.
Screenshots of a suggestion at 1440x900, 1280x720 and 390x844 are saved under test-results/teaching-coach/ to be
looked at.

The coach thinks at Quick level here (``LF_COACH_LEVEL``), so the test stays short; the first decision is the
secret choice of a card (rulebook pg. 5), made after "I am the Anarchists" on the hand-off screen.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from e2e_play import TEACH_PAST_JS, ask_coach, mark_page, press, press_until, wait_reloaded
from live_server import LfServer
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from conftest import RESULTS
from lf.engine.constants import FACTIONS

pytestmark = pytest.mark.e2e
OUT = RESULTS / "teaching-coach"


@pytest.fixture
def lf_server(tmp_path: Path) -> Iterator[LfServer]:
    """lf's server with the coach at Quick level."""
    server = LfServer(tmp_path, extra_env={"LF_COACH_LEVEL": "quick"})
    server.start()
    yield server
    server.stop()


def version(page: Page) -> int:
    return int(page.get_by_test_id("teach").get_attribute("data-version"))


def start(page: Page, touch: bool) -> None:
    """Anarchists at the table, the Communists the computer's (Quick), the Moderates a Non-player; no guide."""
    page.goto("/")
    page.wait_for_function("() => window.did_handshake === true")
    toggles = page.get_by_test_id("teach-box").locator(".lf-faction-toggle")
    press(page, toggles.nth(FACTIONS.index("communists")).get_by_role("button", name="Computer"), touch)
    press(page, toggles.nth(FACTIONS.index("moderates")).get_by_role("button", name="Non-player"), touch)
    page.get_by_test_id("teach-level").click()
    page.get_by_role("option", name="Quick").click()
    press(page, page.get_by_test_id("teach-start"), touch)
    page.wait_for_url("**/teach/*")
    page.get_by_test_id("teach").wait_for()
    press(page, page.get_by_test_id("t-guide"), touch)  # the lessons are tested elsewhere: the coach is in sight


def anarchists_decide(page: Page, touch: bool) -> None:
    """Until the Anarchists have a decision on screen (the hand-off's "I am the Anarchists" tapped when asked)."""
    decision, iam = page.locator("[data-testid=decision][data-faction=anarchists]"), page.get_by_test_id("iam-anarchists")
    end = time.monotonic() + 60
    while not decision.is_visible():  # the decision may be in the page before the hand-off that covers it
        assert time.monotonic() < end, "the Anarchists never had a decision on screen"
        if iam.is_visible():
            try:
                press(page, iam, touch)
            except PlaywrightError:  # the hand-off went away meanwhile (the screen moved on)
                pass
        page.wait_for_timeout(200)


def shoot(page: Page, name: str) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for attempt in range(3):  # the coach's box may be drawn again while it is scrolled to (a new figure)
        try:
            page.get_by_test_id("coach").scroll_into_view_if_needed()
            break
        except PlaywrightError:
            if attempt == 2:
                raise
    page.screenshot(path=str(OUT / f"{name}.png"))


@pytest.mark.parametrize("kind", ["laptop", "phone"])
def test_the_table_follows_the_coach_for_three_decisions(kind, devices, lf_server) -> None:
    me = devices.new(kind)
    page, touch = me.page, me.touch
    start(page, touch)
    for turn in range(3):
        anarchists_decide(page, touch)
        coach = ask_coach(page, touch, ".lf-tgame")
        if turn == 0:
            if kind == "phone":
                shoot(page, "suggestion-390x844")
            else:
                shoot(page, "suggestion-1440x900")
                page.set_viewport_size({"width": 1280, "height": 720})
                shoot(page, "suggestion-1280x720")
                page.set_viewport_size({"width": 1440, "height": 900})
        before = version(page)
        press_until(page, page.get_by_test_id("coach-take"), touch, TEACH_PAST_JS, arg=before)
    # the coach's notes on the moves (a decision whose options were all alike gets none): each was its own move
    notes = page.locator("[data-testid=coach-lines] .lf-coach-line")
    notes.first.wait_for(timeout=60_000)
    said = notes.evaluate_all("els => els.map(e => e.textContent)")  # the earlier ones are folded away
    assert all("The coach would have played the same" in n for n in said), said
    # the Communists are the computer's: it played with its reason (the log's note of its rows), and the table's log
    # offers its filter "Computer reasons"
    notes = [n for (n,) in lf_server.query("SELECT note FROM actions WHERE faction = 'communists'")]
    assert notes and all(n and ("futures it tried after this move" in n or "only" in n) for n in notes), notes
    assert page.locator("[data-testid=area-log]").get_by_text("Computer reasons").count()
    page.evaluate("window.scrollTo(0, 0)")  # the tools, the notes and the decision, as the table sees them
    page.screenshot(path=str(OUT / f"after-three-{'390x844' if kind == 'phone' else '1440x900'}.png"))
    # the count so far is the screen's own record: the server stopped and started again, the page reloaded, it stays
    so_far = page.get_by_test_id("coach-lines").locator(".lf-coach-sofar")
    so_far.wait_for()
    words = so_far.inner_text()
    assert words.startswith("Moves as the coach would have played them so far: Anarchists ")
    assert not me.errors, me.errors
    mark_page(page)
    lf_server.stop()
    lf_server.start()
    wait_reloaded(page)  # the page reconnects by itself with a reload
    page.get_by_test_id("teach").wait_for()
    assert page.get_by_test_id("coach-lines").locator(".lf-coach-sofar").inner_text() == words
