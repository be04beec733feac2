"""Whole games in real browsers: three devices to the end of Year 3, and one person against two Non-players.

Moves are chosen by ``lf.tools.page_policy.choose`` among the buttons each page offers, seeded per test, so each
seed walks its own path. For the three-device game the seed of the game itself is chosen beforehand by
playing the same policy with the engine alone, so that the war lasts all 12 turns and ends with the Final
Bid; the browsers must then play exactly that game (the same number of moves), which also proves that
the pages offer exactly the engine's legal options.
"""

from __future__ import annotations

import time

import pytest
from e2e_play import Table, create_game_in_lobby, first_divergence, take_seat, wait_game
from playwright.sync_api import expect

from lf.engine.constants import FACTIONS
from lf.tools.page_policy import full_game_seed

pytestmark = pytest.mark.e2e
HUMANS = {f: "human" for f in FACTIONS}


@pytest.mark.parametrize("policy_seed", [1, 2])
def test_three_devices_play_all_twelve_turns(policy_seed, lf_server, devices):
    game_seed, sim = full_game_seed(policy_seed, HUMANS, start=policy_seed * 1000)
    phone, tablet, laptop = devices.new("phone"), devices.new("tablet"), devices.new("laptop")
    game_id, links = create_game_in_lobby(laptop, f"E2E table {policy_seed}", game_seed)
    # private game: each link carries the invite code
    assert all(f"/join/{game_id}/{f}?invite=" in link and f":{lf_server.port}/" in link for f, link in links.items())
    for device, faction, name in ((phone, "anarchists", "Ana"), (tablet, "communists", "Carme"),
                                  (laptop, "moderates", "Manuel")):
        take_seat(device, links[faction], lf_server.url, name)
    t0 = time.perf_counter()
    table = Table(lf_server, game_id, [phone, tablet, laptop], policy_seed)
    table.play()
    result = table.check_end()
    kinds = table.mirror.human_kinds()
    assert (result["year"], result["turn"]) == (3, 4), result
    assert "bid_done" in kinds, "the Final Bid was not played"
    assert {s.faction for s in table.steps} == set(FACTIONS)
    # The browsers play exactly the game the policy plays in the engine alone: every click did what it was meant
    # to (checked at each step), and each page offered exactly the engine's options (check_agree).
    assert len(table.steps) == sim.steps, (f"the browsers played another game than the engine alone: "
                                           f"{first_divergence(table.mirror, policy_seed)}")
    for d in (phone, tablet, laptop):
        assert not d.errors, d.errors
    print(f"\nthree devices, seed {policy_seed}/{game_seed}: {len(table.steps)} moves in "
          f"{time.perf_counter() - t0:.1f} s, {result.get('war')}: {result.get('how')}")


@pytest.mark.parametrize("policy_seed,kind", [(3, "phone"), (4, "laptop")])
def test_one_person_against_two_nonplayers_with_play_now(policy_seed, kind, lf_server, devices):
    me = devices.new(kind)
    me.page.goto("/")
    me.page.wait_for_function("() => window.did_handshake === true")
    me.page.get_by_test_id("play-now").click()
    me.page.wait_for_url("**/game/*")
    wait_game(me.page)
    game_id = me.page.url.split("/game/")[1].split("?")[0]
    chip = me.page.locator(".lf-status .lf-chip").first
    expect(chip).to_contain_text("You: ")
    table = Table(lf_server, game_id, [me], policy_seed)
    seats = table.mirror.seats
    me.faction = next(f for f, k in seats.items() if k == "human")
    assert sorted(seats.values()) == ["human", "nonplayer", "nonplayer"]
    t0 = time.perf_counter()
    table.play()
    result = table.check_end()
    assert table.steps, "the game ended before the person moved"
    assert not me.errors, me.errors
    print(f"\nplay now as the {me.faction}, seed {policy_seed}: {len(table.steps)} moves in "
          f"{time.perf_counter() - t0:.1f} s, {result.get('war')}: {result.get('how')}")
