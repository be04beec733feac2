"""Seats in a real browser: one browser holding two seats of a game in two tabs (issue 13).

Before the fix, the browser kept one seat per game: the second tab's claim overwrote the first one's token,
so the first seat stayed claimed by nobody and the game waited for it forever.
"""

from __future__ import annotations

import pytest
from e2e_play import create_game_in_lobby, wait_game
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def _open_join(page, link: str, server_url: str) -> None:
    page.goto(server_url + "/join/" + link.split("/join/", 1)[1])
    page.wait_for_function("() => window.did_handshake === true")


def test_one_browser_takes_two_seats_of_a_game_in_two_tabs(lf_server, devices) -> None:
    host = devices.new("laptop", "host")
    game_id, links = create_game_in_lobby(host, "Two tabs", seed=5)
    player = devices.new("laptop", "player")
    tab1, tab2 = player.page, devices.new_tab(player)
    # Both tabs open their join page before either takes its seat (the order that lost a seat).
    _open_join(tab1, links["anarchists"], lf_server.url)
    _open_join(tab2, links["moderates"], lf_server.url)
    tab1.get_by_test_id("join-name").fill("Ana")
    tab1.get_by_test_id("join-take").click()
    wait_game(tab1)
    tab2.get_by_test_id("join-name").fill("Mo")
    tab2.get_by_test_id("join-take").click()
    wait_game(tab2)
    expect(tab1.get_by_text("You: Anarchists")).to_be_visible()
    expect(tab2.get_by_text("You: Moderates")).to_be_visible()
    # The first tab reloaded (and a third tab opened on the first seat) still play the Anarchists: the browser
    # kept both tokens.
    tab1.reload()
    wait_game(tab1)
    expect(tab1.get_by_text("You: Anarchists")).to_be_visible()
    tab3 = devices.new_tab(player)
    tab3.goto(f"{lf_server.url}/game/{game_id}?seat=anarchists")
    wait_game(tab3)
    expect(tab3.get_by_text("You: Anarchists")).to_be_visible()
    # The lobby lists both seats as this browser's.
    tab3.goto(lf_server.url + "/")
    tab3.wait_for_function("() => window.did_handshake === true")
    mine = tab3.get_by_test_id("mine")
    expect(mine.get_by_text("Resume as the Anarchists")).to_be_visible()
    expect(mine.get_by_text("Resume as the Moderates")).to_be_visible()


def test_the_invitation_opens_once_full_screen_on_a_phone_with_copy_and_share(lf_server, devices) -> None:
    """Issue 12: ``?invite=1`` re-opened the Seats dialog at every reload; the dialog had no copy/share and was
    not full-screen on a phone; the lobby's switches were under 44 px."""
    phone = devices.new("phone")
    page = phone.page
    page.goto("/")
    page.wait_for_function("() => window.did_handshake === true")
    for testid in ("new-public", "play-now", "play-as-anarchists"):
        box = page.get_by_test_id(testid).bounding_box()
        assert box and box["height"] >= 44, (testid, box)
    toggles = page.locator(".lf-faction-toggle .q-btn").all()
    assert len(toggles) >= 12 and all(t.bounding_box()["height"] >= 44 for t in toggles)
    page.get_by_test_id("new-name").fill("Phone host")
    page.get_by_test_id("create").tap()
    page.wait_for_url("**/game/*")
    dialog = page.locator(".lf-seats-card")
    expect(dialog).to_be_visible()
    box = dialog.bounding_box()
    assert box["width"] >= 389 and box["height"] >= 840, box  # the whole 390x844 screen
    expect(page.get_by_test_id("copy-communists")).to_be_visible()
    has_share = page.evaluate("() => !!navigator.share")
    expect(page.get_by_test_id("share-communists")).to_be_visible() if has_share else \
        expect(page.get_by_test_id("share-communists")).to_be_hidden()
    page.get_by_test_id("copy-communists").tap()
    expect(page.get_by_text("Link copied.")).to_be_visible()
    page.wait_for_function("() => !location.search.includes('invite=1')")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    page.reload()
    # (a dialog the page opens is built with the page, so it would be there once the page is connected)
    page.wait_for_function("() => window.did_handshake === true && !!document.querySelector('[data-testid=game]')")
    expect(page.locator(".lf-seats-card")).to_have_count(0)
