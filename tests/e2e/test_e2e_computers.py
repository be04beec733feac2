"""A whole game in Chromium against two computers (issue 21): Play now with "Two computers" at the Quick level, the
page taking the person's taps while the computer plays the other two factions in the thinking pool.

The computer plays a person's seat by a person's rules (rulebook pg. 5: a card chosen in secret, then played on
its turn). Every page is checked after each of the person's moves as in the other whole games (the same board as
the engine's, exactly the engine's options, no secret card on the page: the computer's reasons in the log
included).
"""

from __future__ import annotations

import time

import pytest
from e2e_play import Table, wait_game
from playwright.sync_api import expect

from lf.engine.computers import computer_seats

pytestmark = pytest.mark.e2e
#: Seconds the computers may take to answer, together, before the person's next move.
COMPUTERS_S = 120


class AgainstTheComputer(Table):
    """A table whose pages are read once the computer's seats have answered (they move in their own time)."""

    def sync(self, timeout: float = 15_000) -> int:
        deadline = time.monotonic() + COMPUTERS_S
        while True:
            self.mirror.refresh()
            state = self.mirror.state
            seats = computer_seats(state)
            if state.result is not None or not any(p["faction"] in seats for p in state.pending):
                break
            assert time.monotonic() < deadline, f"the computer did not answer within {COMPUTERS_S} s"
            time.sleep(0.05)
        return super().sync(timeout)


@pytest.mark.parametrize("policy_seed", [5])
def test_one_person_against_two_quick_computers_with_play_now(policy_seed, lf_server, devices):
    me = devices.new("laptop")
    me.page.goto("/")
    me.page.wait_for_function("() => window.did_handshake === true")
    me.page.get_by_text("Two computers").click()
    me.page.get_by_test_id("play-level").click()
    me.page.get_by_role("option", name="Quick").click()
    me.page.get_by_test_id("play-as-communists").click()
    me.page.wait_for_url("**/game/*")
    wait_game(me.page)
    game_id = me.page.url.split("/game/")[1].split("?")[0]
    expect(me.page.locator(".lf-status .lf-chip").first).to_contain_text("You: Communists")
    table = AgainstTheComputer(lf_server, game_id, [me], policy_seed)
    assert computer_seats(table.mirror.state) == {"anarchists": "quick", "moderates": "quick"}
    me.faction = "communists"
    t0 = time.perf_counter()
    table.play()
    result = table.check_end()
    assert table.steps, "the game ended before the person moved"
    reasons = [e for e in table.mirror.state.log if e["kind"] == "computer"]
    assert reasons and {e["faction"] for e in reasons} == {"anarchists", "moderates"}
    assert not me.errors, me.errors
    print(f"\nagainst two Quick computers, seed {policy_seed}: {len(table.steps)} moves of the person and "
          f"{len(reasons)} of the computers in {time.perf_counter() - t0:.1f} s, {result.get('war')}: "
          f"{result.get('how')}")
