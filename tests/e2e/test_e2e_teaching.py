"""Scenario 3 of the end-to-end suite: a teaching game on one shared page, to its end, through taps only.

One touch device (a tablet passed around the table, or a big screen) starts a teaching game from the
lobby's "Start a teaching game" box and plays every human faction on that one page: the hand-off
("I am the Anarchists"), each secret choice, every public decision, the lessons' "Got it", the free
Undo and Redo, and the "What happened?" replay. Moves are chosen by ``lf.tools.page_policy.choose`` among the
buttons the page offers (seeded per test, so seeds walk different paths).

After every move the test checks, against the server's database replayed by the engine (``Mirror``),
that the shared screen shows no card it must not: no hand at all on the hand-off screen or during a
public turn, and only the revealed faction's own cards while its hand is shown.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import pytest
from e2e_play import LEAK_JS, TEACH_PAST_JS, Mirror, card_names, press, press_until
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from lf.engine.constants import FACTIONS
from lf.engine.content import level_ids
from lf.tools.page_policy import Board, choose, first_mover, full_game_seed

pytestmark = pytest.mark.e2e

#: What the teaching page shows, in one round trip.
TEACH_JS = r"""
() => {
  const q = (s, r) => (r || document).querySelector(s);
  const qa = (s, r) => Array.from((r || document).querySelectorAll(s));
  const text = (el) => (el ? el.innerText.replace(/\s+/g, ' ').trim() : null);
  const root = q('[data-testid=teach]');
  const fronts = {};
  qa('.lf-a-fronts .lf-front').forEach(el => {
    fronts[el.dataset.ref.split(':')[1]] = parseInt(text(q('.lf-fnum', el)).replace('+', '').replace('\u2212', '-'), 10);
  });
  const decision = q('[data-testid=decision]');
  const test = q('.lf-a-fascist .lf-test');
  return {
    version: root ? parseInt(root.dataset.version, 10) : null,
    handshake: window.did_handshake === true,
    iam: qa('[data-testid^="iam-"]').map(el => el.dataset.testid.slice(4)),
    private: !!q('[data-testid=private]'),
    handoff: !!q('[data-testid=handoff]'),
    faction: decision ? decision.dataset.faction : null,
    keys: qa('[data-testid^="act-"]').map(el => el.dataset.testid.slice(4)),
    previews: qa('.lf-tdecision .lf-preview').length,
    reasons: qa('.lf-tdecision .lf-reason').length,
    lessons: qa('[data-testid^="lesson-ok-"]').map(el => el.dataset.testid.slice(10)),
    prompt: text(q('.lf-tdecision .lf-prompt-h')) || '',
    test: test ? test.dataset.ref.split(':')[1] : null,
    fronts,
    outcome: text(q('[data-testid=outcome]')),
    undo: !!q('[data-testid=t-undo]:not([disabled])'),
    redo: !!q('[data-testid=t-redo]:not([disabled])'),
  };
}
"""


def look(page: Page) -> dict[str, Any]:
    return page.evaluate(TEACH_JS)


def wait_drawn(page: Page, version: int, timeout: float = 15_000) -> None:
    page.wait_for_function(
        "v => { const r = document.querySelector('[data-testid=teach]'); return !!r && +r.dataset.version === v"
        " && window.did_handshake === true; }", arg=version, timeout=timeout)


@dataclass
class SharedScreen:
    """One teaching game played on one page by every human faction in turn."""

    server: Any
    device: Any
    policy_seed: int
    game_id: str = ""
    mirror: Mirror | None = None
    moves: int = 0
    taps: dict[str, int] = field(default_factory=dict)
    privacy_checks: int = 0
    previews_seen: int = 0
    reasons_seen: int = 0
    kinds: set[str] = field(default_factory=set)

    @property
    def page(self) -> Page:
        return self.device.page

    def tap(self, locator, what: str) -> None:
        press(self.page, locator, self.device.touch)
        self.taps[what] = self.taps.get(what, 0) + 1

    def start(self, seats: dict[str, str], seed: int | None = None) -> None:
        page = self.page
        page.goto("/")
        page.wait_for_function("() => window.did_handshake === true")
        box = page.get_by_test_id("teach-box")
        for f, kind in seats.items():
            if kind == "nonplayer":
                self.tap(box.locator(".lf-faction-toggle").nth(FACTIONS.index(f)).get_by_role("button",
                                                                                              name="Non-player"),
                         "setup")
        if seed is not None:
            page.get_by_test_id("teach-seed").fill(str(seed))
        self.tap(page.get_by_test_id("teach-start"), "setup")
        page.wait_for_url("**/teach/*")
        self.game_id = page.url.split("/teach/")[1].split("?")[0]
        self.mirror = Mirror(self.server.db_path, self.game_id)
        assert self.mirror.seats == {f: seats.get(f, "human") for f in FACTIONS}

    def sync(self) -> dict[str, Any]:
        """Wait until the game rests (a human decides, or it is over) and the page shows that version; read it."""
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            version = self.mirror.refresh()
            state = self.mirror.state
            if state.result is None and any(self.mirror.seats[p["faction"]] == "nonplayer" for p in state.pending):
                time.sleep(0.05)  # the Non-players are still moving
                continue
            try:
                wait_drawn(self.page, version, timeout=max(500.0, (deadline - time.monotonic()) * 1000))
            except PlaywrightTimeout:
                continue
            if self.mirror.version() == version:
                return look(self.page)
        raise AssertionError(f"the page never caught up with the database (version {self.mirror.version()})")

    def check_privacy(self, snap: dict[str, Any]) -> None:
        """The shared screen shows no hand, or only the revealed faction's own while it is revealed."""
        viewer = snap["faction"] if snap["private"] else None
        hidden = self.mirror.secrets_for(viewer)
        names = card_names()
        found = self.page.evaluate(LEAK_JS, [sorted({names[c] for c in hidden}), sorted(hidden)])
        assert not found["names"] and not found["ids"], (
            f"move {self.moves}: the shared screen ({'the ' + viewer + ' revealed' if viewer else 'no hand revealed'}) "
            f"shows secret cards {found}")
        self.privacy_checks += 1

    def move(self, snap: dict[str, Any]) -> None:
        """One decision: choose among the offered buttons with the seeded policy and tap it."""
        keys = snap["keys"]
        faction = snap["faction"]
        assert keys and faction, snap
        pending = {p["faction"] for p in self.mirror.state.pending}
        assert faction in pending, f"the page asks the {faction}, the engine waits for {pending}"
        # The policy is seeded by the number of steps in the game (as in lf.tools.page_policy.simulate), not by the
        # session's version, which also counts the undo rows of the table's Undo.
        key = choose(Board(fronts=snap["fronts"], test=snap["test"], prompt=snap["prompt"], keys=keys),
                     self.policy_seed, len(self.mirror.state.actions), faction)
        self.kinds.add(key.split(":", 1)[0])
        button = self.page.locator(f'[data-testid="act-{key}"]')
        if not button.is_visible():  # a Hero point spend: open the fold first
            self.tap(self.page.locator(".lf-spend .q-expansion-item__container > .q-item").first, "spend fold")
            expect(button).to_be_visible()
        # pressed again if the tap reached a button the page was drawing anew at that instant (press_until)
        press_until(self.page, button, self.device.touch, TEACH_PAST_JS, arg=snap["version"], timeout=15_000)
        self.taps["move"] = self.taps.get("move", 0) + 1
        self.after(snap["version"])
        self.moves += 1

    def after(self, version: int) -> None:
        """Until the page shows a version after ``version`` (the tap was accepted), then catch up."""
        self.page.wait_for_function(TEACH_PAST_JS, arg=version, timeout=15_000)
        self.sync()

    def hand_off(self, snap: dict[str, Any]) -> None:
        """The hand-off screen: no hand is shown; the next faction (in the factions' order) taps its name."""
        assert not snap["keys"], f"the hand-off screen offers moves: {snap['keys']}"
        faction = first_mover(snap["iam"])
        self.tap(self.page.get_by_test_id(f"iam-{faction}"), "hand-off")
        expect(self.page.get_by_test_id("private")).to_be_visible()
        expect(self.page.locator(f'[data-testid=decision][data-faction="{faction}"]')).to_be_visible()

    def free_undo_redo(self) -> None:
        """Undo the last step (whoever took it, hidden information or not), then Redo it: the same game."""
        before = self.mirror.state.model_dump_json(exclude={"log"})
        self.tap(self.page.get_by_test_id("t-undo"), "undo")
        self.after(self.mirror.seq)
        assert self.mirror.state.model_dump_json(exclude={"log"}) != before
        expect(self.page.get_by_test_id("t-redo")).to_be_enabled()
        self.tap(self.page.get_by_test_id("t-redo"), "redo")
        self.after(self.mirror.seq)
        after = self.mirror.state
        assert after.model_dump_json(exclude={"log", "actions", "undo_floor"}) == \
            type(after).model_validate_json(before).model_dump_json(exclude={"log", "actions", "undo_floor"})

    def what_happened(self) -> None:
        self.tap(self.page.get_by_test_id("t-replay"), "replay")
        dialog = self.page.get_by_test_id("replay")
        expect(dialog).to_be_visible()
        expect(dialog).to_contain_text("Step 1 of")
        self.tap(self.page.get_by_test_id("replay-next"), "replay")
        expect(dialog).to_contain_text("Step 2 of")
        self.tap(self.page.get_by_test_id("replay-back"), "replay")
        expect(dialog).to_contain_text("Step 1 of")
        self.tap(self.page.get_by_test_id("replay-close"), "replay")
        expect(dialog).to_be_hidden()

    def play(self, max_moves: int = 900, undo_at: int = 12, replay_at: int = 20) -> dict[str, Any]:
        for _ in range(max_moves * 3):
            snap = self.sync()
            self.check_privacy(snap)
            if snap["outcome"]:
                return snap
            if snap["lessons"] and self.taps.get("got it", 0) < 6:  # the table reads the first lessons
                lesson = snap["lessons"][0]
                self.tap(self.page.get_by_test_id(f"lesson-ok-{lesson}"), "got it")
                expect(self.page.get_by_test_id(f"lesson-{lesson}")).to_have_count(0)
                continue
            if snap["iam"]:
                self.hand_off(snap)
                continue
            if self.moves == undo_at and "undo" not in self.taps and snap["undo"]:
                self.free_undo_redo()
                continue
            if self.moves == replay_at and "replay" not in self.taps:
                self.what_happened()
                continue
            self.previews_seen += snap["previews"]
            self.reasons_seen += snap["reasons"]
            self.move(snap)
            if self.moves > max_moves:
                break
        raise AssertionError(f"the game did not end in {max_moves} moves")


@pytest.mark.parametrize("policy_seed,kind,seats", [
    (7, "tablet", {}),                                                    # three players around one tablet
    (8, "laptop", {"communists": "nonplayer", "moderates": "nonplayer"}),  # one player, a big screen
])
def test_a_teaching_game_on_one_shared_page_to_the_end(policy_seed, kind, seats, lf_server, devices):
    full = {f: seats.get(f, "human") for f in FACTIONS}
    # A game seed whose game, played by this policy, lasts to the Final Bid (checked with the engine alone).
    # a teaching table deals at the gentlest level (lf/components/levels.py): the simulation deals the same game
    game_seed, sim = full_game_seed(policy_seed, full, start=policy_seed * 1000 + 500,
                                    options={"level": level_ids()[0]})
    device = devices.new(kind)
    table = SharedScreen(lf_server, device, policy_seed)
    t0 = time.perf_counter()
    table.start(seats, game_seed)
    end = table.play()
    result = table.mirror.result
    assert result is not None
    expect(device.page.get_by_test_id("outcome")).to_be_visible()
    assert f"Ended in Year {result['year']}, turn {result['turn']}" in end["outcome"]
    assert not end["keys"] and not end["iam"], "the end screen still offers moves"
    # The page offered exactly the engine's options: the same policy made the same game, move for move.
    assert table.moves == sim.steps and (result["year"], result["turn"]) == (sim.year, sim.turn)
    assert {"bid", "bid_done", "keep_done"} <= table.kinds, "the Final Bid or the End of a Year was not played"
    humans = [f for f in FACTIONS if full[f] == "human"]
    assert table.taps.get("hand-off", 0) >= 3 * len(humans), "the secret choices did not go through the hand-off"
    assert table.taps.get("got it", 0) >= 1 and table.previews_seen > 0 and table.reasons_seen > 0
    assert table.taps.get("undo") == 1 and table.taps.get("redo") == 1 and table.taps.get("replay", 0) >= 4
    assert table.privacy_checks > table.moves
    assert not device.errors, device.errors
    assert not lf_server.tracebacks(), lf_server.log_text()[-3000:]
    print(f"\nteaching on a {kind}, seeds {policy_seed}/{game_seed}: {table.moves} moves, "
          f"{sum(table.taps.values())} taps in {time.perf_counter() - t0:.1f} s; {result.get('war')}: "
          f"{result.get('how')} (Year {result['year']}, turn {result['turn']}); {table.privacy_checks} privacy checks")
