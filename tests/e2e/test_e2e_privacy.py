"""Privacy in a whole game: no device ever shows a card of another faction's hand (or any secret card), and
a spectator sees no hand at all. Checked on every page after every move, on the visible text (card names)
and in the HTML (card ids), against the hands the engine holds (rebuilt from the server's database).

The seed and the generator's key and state, from which every hand and deck order follows (issue 18), never
reach a game page: not in its HTML responses nor in any websocket frame, in either direction, all game long.
"""

from __future__ import annotations

import pytest
from e2e_play import Table, create_game_in_lobby, hide_tabs, join_from_lobby, show_tab, wait_game
from playwright.sync_api import expect

from lf.engine.constants import FACTIONS
from lf.engine.rng import start
from lf.tools.page_policy import long_game_seed

pytestmark = pytest.mark.e2e
HUMANS = {f: "human" for f in FACTIONS}
TAB_EVERY = 12


def test_no_device_shows_another_hand_and_a_spectator_shows_none(lf_server, devices):
    policy_seed = 7
    game_seed, sim = long_game_seed(policy_seed, HUMANS, start=2**127 + 7000, min_steps=50, max_steps=80)
    laptop = devices.new("laptop")
    wire = Wire()
    wire.listen(laptop.page)
    game_id, _ = create_game_in_lobby(laptop, "E2E privacy", game_seed, public=True)
    phone, tablet = devices.new("phone"), devices.new("tablet")
    wire.listen(phone.page)
    wire.listen(tablet.page)
    # this time the players take their seats from the lobby's "Join as ..." buttons
    for device, faction, name in ((phone, "anarchists", "Ana"), (tablet, "communists", "Carme"),
                                  (laptop, "moderates", "Manuel")):
        join_from_lobby(device, game_id, faction, name)
    watcher = devices.new("spectator", "watcher")
    wire.listen(watcher.page)
    watcher.page.goto("/")
    watcher.page.wait_for_function("() => window.did_handshake === true")
    watcher.page.get_by_test_id(f"game-{game_id}").last.get_by_role("button", name="Watch").click()
    watcher.page.wait_for_url(f"**/game/{game_id}")
    wait_game(watcher.page)
    expect(watcher.page.get_by_test_id("prompt")).to_contain_text("You are watching this game.")

    table = Table(lf_server, game_id, [phone, tablet, laptop], policy_seed, watchers=[watcher])
    table.sync()
    table.check_agree()
    table.check_secrets()
    own_hands_checked = 0
    for n in range(1, 400):
        if table.step() is None:
            break
        own_hands_checked += _check_own_hands(table)
        if n % TAB_EVERY == 0:
            _look_at_every_tab(table, n)
    table.check_end()
    _look_at_every_tab(table, 0)  # after the end too
    assert table.privacy_checks > len(table.steps)
    assert own_hands_checked > 0
    wire.check_never_shown(game_seed, table.mirror.state.rng)
    for d in table.everyone():
        assert not d.errors, d.errors


def _check_own_hands(table: Table) -> int:
    """The positive control: each player's page does show its own hand, in its strip (so the checks look at the
    right text)."""
    checked = 0
    for d in table.players:
        names = [table.names[c] for c in table.mirror.hand(d.faction)]
        if names:
            text = d.page.get_by_test_id("hand").inner_text().replace("\xad", "")  # soft hyphens in long names
            missing = [x for x in names if x not in text]
            assert not missing, f"{d.name} does not show its own cards {missing}"
            checked += 1
    return checked


def _look_at_every_tab(table: Table, n: int) -> None:
    """Every device opens another faction's tab (the spectator opens each): backs and a count only."""
    for i, d in enumerate(table.everyone()):
        others = [f for f in FACTIONS if f != d.faction]
        for f in (others if d.faction is None else [others[(n // TAB_EVERY + i) % len(others)]]):
            show_tab(d, f)
            hand = table.mirror.state.factions[f].hand
            panel = d.page.get_by_test_id(f"tab-{f}")
            expect(panel).to_contain_text(f"{len(hand)} card{'s' * (len(hand) != 1)} in hand (hidden)" if hand
                                          else "No card in hand.")
            expect(panel.locator(".lf-hidden-hand .lf-card-back")).to_have_count(min(len(hand), 8))
            table.check_secrets()
        if d.faction:
            show_tab(d, d.faction)
        hide_tabs(d)


class Wire:
    """Everything the game pages received and sent: HTML responses and websocket frames, by page address."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, str]] = []

    def listen(self, page) -> None:
        page.on("websocket", lambda ws: self._socket(page, ws))
        page.on("response", lambda r: self._response(r))

    def _socket(self, page, ws) -> None:
        for event in ("framereceived", "framesent"):
            ws.on(event, lambda payload: self.seen.append((page.url, payload if isinstance(payload, str)
                                                           else payload.decode("latin-1"))))

    def _response(self, response) -> None:
        if "/game/" in response.url and response.request.resource_type == "document":
            self.seen.append((response.url, response.text()))

    def check_never_shown(self, seed: int, final_rng: int) -> None:
        """No game page ever carried the seed, the generator's key or its state, in decimal or hex."""
        key = (start(seed) >> 64) & ((1 << 256) - 1)
        secrets = {"seed": seed, "key": key, "final state": final_rng}
        forms = {f"{name} ({form})": text for name, value in secrets.items()
                 for form, text in (("decimal", str(value)), ("hex", format(value, "x")))}
        on_game = [(url, data) for url, data in self.seen if "/game/" in url]
        assert len(on_game) > 100, "the recorder heard the game pages"
        for what, text in forms.items():
            leaks = [url for url, data in on_game if text in data]
            assert not leaks, f"the {what} reached a game page: {leaks[:3]}"
