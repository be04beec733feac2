"""Interruptions in a whole three-device game: a device leaves and comes back, the server is killed and
restarted, a double click, clicks from pages that show an older picture. The game still reaches its end,
and every device agrees after every move.
"""

from __future__ import annotations

import re
import time

import pytest
from e2e_play import (
    FrozenSocket,
    Table,
    create_game_in_lobby,
    mark_page,
    snap_viewer,
    snapshot,
    take,
    take_seat,
    wait_game,
    wait_reloaded,
    wait_version,
)
from playwright.sync_api import expect

from lf.components.prompt import CONFIRM_KINDS, SPEND_KINDS
from lf.engine.constants import FACTIONS, faction_label
from lf.pages.game import BUSY_MESSAGE, OUTDATED_MESSAGE
from lf.tools.page_policy import kind_of, long_game_seed

pytestmark = pytest.mark.e2e
HUMANS = {f: "human" for f in FACTIONS}
REFUSED = (BUSY_MESSAGE.split(":")[0], OUTDATED_MESSAGE.split(":")[0])


def _notified(page, texts: tuple[str, ...]) -> str:
    """Wait for a notification containing one of ``texts``; returns its text."""
    note = page.locator(".q-notification", has_text=re.compile("|".join(re.escape(t) for t in texts))).first
    expect(note).to_be_visible(timeout=10_000)
    return note.inner_text()


def _board(snap: dict) -> dict:
    return {"board": snap["board"], "keys": sorted(snap["keys"]), "version": snap["version"],
            "viewer": snap_viewer(snap)}


def test_interruptions_leave_and_return_kill_the_server_double_and_stale_clicks(lf_server, devices):
    policy_seed = 5
    game_seed, sim = long_game_seed(policy_seed, HUMANS, start=5000, min_steps=60, max_steps=90)
    phone, tablet, laptop = devices.new("phone"), devices.new("tablet"), devices.new("laptop")
    game_id, links = create_game_in_lobby(laptop, "E2E interruptions", game_seed)
    for device, faction, name in ((phone, "anarchists", "Ana"), (tablet, "communists", "Carme"),
                                  (laptop, "moderates", "Manuel")):
        take_seat(device, links[faction], lf_server.url, name)
    table = Table(lf_server, game_id, [phone, tablet, laptop], policy_seed)
    by_faction = {d.faction: d for d in table.players}

    # 1. A device closes in the middle of its turn (its card is played, it has not ended the turn) and comes
    #    back in the same browser: through the lobby's "Resume" it lands on the same seat and the same choices.
    table.play_until(lambda t: (m := t.mover()) is not None and "end_turn" in m[1] and len(m[1]) > 1,
                     why="a turn in progress")
    leaver, _ = table.mover()
    before = _board(table.seen[leaver.name])
    devices.reopen(leaver, path="/")
    leaver.page.wait_for_function("() => window.did_handshake === true")
    # the lobby lists the game first under "Your games on this device", then among the running games
    mine = leaver.page.get_by_test_id(f"game-{game_id}").first.get_by_role(
        "button", name=f"Resume as the {faction_label(leaver.faction)}")
    expect(mine).to_be_visible()
    mine.click()
    leaver.page.wait_for_url(f"**/game/{game_id}*")
    wait_game(leaver.page)
    table.sync()
    assert _board(snapshot(leaver.page)) == before, "the device came back to another position or seat"
    table.check_agree()
    for _ in range(6):
        table.step()

    # 2. The server process is killed (SIGKILL) in the middle of the game and started again: every page
    #    reconnects by itself (a reload), keeps its seat and shows the same position and choices.
    table.sync()
    before = {d.name: _board(s) for d, s in ((d, snapshot(d.page)) for d in table.players)}
    for d in table.players:
        mark_page(d.page)
    lf_server.kill()
    time.sleep(0.5)
    lf_server.start()
    for d in table.players:
        wait_reloaded(d.page, also="!!document.querySelector('[data-testid=game]')")
        wait_version(d.page, table.mirror.version())
    after = {d.name: _board(snapshot(d.page)) for d in table.players}
    assert after == before, "a device did not continue where it was after the server restart"
    table.check_agree()
    for _ in range(6):
        table.step()

    # 3. A double click: the first click counts, the second is refused with a message, nothing is applied twice.
    table.play_until(lambda t: (n := t.next_move()) is not None and kind_of(n[1]) not in CONFIRM_KINDS
                     and n[1] not in t.seen[n[0].name]["menu_keys"], why="a move of one tap without confirmation")
    device, key = table.next_move()
    v0 = table.mirror.version()
    step = table.step(double=True)
    assert step.key == key and step.after == v0 + 1, f"a double click applied {step.after - v0} steps"
    last = table.mirror.state.actions[-1]
    assert (last["faction"], last["action"]) == (device.faction, _action(key))
    message = _notified(device.page, REFUSED)
    assert "ignored" in message or "Nothing was applied" in message

    # 4a. An old tab of the same player: its picture is frozen (its websocket holds the server's messages),
    #     the player moves on their main page, then clicks the old tab's button: refused, nothing changes.
    table.play_until(lambda t: (n := t.next_move()) is not None
                     and kind_of(n[1]) not in (*CONFIRM_KINDS, *SPEND_KINDS), why="a move without confirmation")
    device, key = table.next_move()
    _stale_click(table, devices, device, acting=device, key=key)

    # 4b. A page not refreshed after *another* device acted: during the secret choice, one device's page is
    #     frozen while another player chooses; its click from the old picture is refused, nothing changes.
    table.play_until(lambda t: sum(1 for d in t.players if any(k.startswith("choose") for k in t.seen[d.name]["keys"]))
                     >= 2, why="a secret choice")
    deciding = [d for d in table.players if any(k.startswith("choose") for k in table.seen[d.name]["keys"])]
    acting, frozen_owner = deciding[0], deciding[1]
    frozen_key = sorted(table.seen[frozen_owner.name]["keys"])[0]
    _stale_click(table, devices, frozen_owner, acting=acting, key=frozen_key)

    # ...and the game goes on to its end.
    table.play()
    table.check_end()
    for d in table.players:
        assert not [e for e in d.errors if "pageerror" in e], d.errors
    assert not lf_server.tracebacks(), lf_server.log_text()[-3000:]
    assert {d.faction for d in by_faction.values()} == set(FACTIONS)


def _action(key: str) -> dict:
    from lf.engine import Action

    return Action.parse(key).to_json()


def _stale_click(table: Table, devices, owner, acting, key: str) -> None:
    """Open an old tab of ``owner``, freeze it, let ``acting`` make the next move on its own page, then click
    ``key`` on the frozen tab: refused with a message, the game unchanged; after the thaw the tab is current."""
    tab = devices.new_tab(owner)
    socket = FrozenSocket(tab)
    tab.goto(f"/game/{table.game_id}")
    wait_game(tab)
    table.sync()
    wait_version(tab, table.mirror.version())
    assert key in snapshot(tab)["keys"]
    socket.freeze()
    step = table.step()  # the next move, on ``acting``'s own page (the policy's pick)
    assert step.device == acting.name, f"expected the {acting.faction} to move, not {step.faction}"
    version = table.mirror.version()
    take(tab, key, touch=False)  # still there, on the frozen picture
    time.sleep(0.3)  # the click reaches the server; its answer is held with the rest
    assert table.mirror.version() == version, "a click from an outdated page changed the game"
    socket.thaw()
    message = _notified(tab, (OUTDATED_MESSAGE.split(":")[0], "Nothing was applied"))
    assert "Nothing was applied" in message
    wait_version(tab, version)
    assert snapshot(tab)["board"] == snapshot(owner.page)["board"]
    assert table.mirror.version() == version
    table.check_agree()
    tab.close()
    devices.extra_pages = [(n, p) for n, p in devices.extra_pages if p is not tab]
