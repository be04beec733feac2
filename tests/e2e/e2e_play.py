"""Playing lf through real pages: read what a page shows, click what the policy picks, check every device.

``Table`` drives one game with several devices (and spectators): after each click it waits until every
page shows the new version (the ``data-version`` of the game's root), then checks that the click applied
exactly the option pressed, that all pages show the same board (which is the engine's), that each seat's
page offers exactly the engine's legal options, and that no page shows a card it must not
(``Mirror.secrets_for``: names in the visible text, ids anywhere in the HTML). Moves are taken as a player takes
them: a tap on the board where the board carries the option (a Front, a track space, a card of the hand...,
through its menu when it has several), the prompt bar's button otherwise.

``Mirror`` follows the game in the server's database read-only: it replays the action log with the
engine (the log is the truth, see docs/persistence.md), so the test knows every hand without asking the
server and without writing to its database.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from lf.components.prompt import CONFIRM_KINDS
from lf.engine.constants import FACTIONS, faction_label
from lf.tools.page_policy import OFFERED_JS, TAP_PATH_JS, Board, choose, first_mover, kind_of

#: One round trip to a page: version, handshake, offered keys, board, prompt, outcome and notifications.
SNAPSHOT_JS = r"""
() => {
  const q = (s, r) => (r || document).querySelector(s);
  const qa = (s, r) => Array.from((r || document).querySelectorAll(s));
  const text = (el) => (el ? el.innerText.replace(/\s+/g, ' ').trim() : null);
  /* the board's words whatever the layout hides on this screen size (a phone shows fewer words), without what
     a tap on a piece would do (its menu, its words for screen readers) and who is connected (each seat sees the
     others' presence, not its own): those are the seat's, not the board's */
  const words = (el) => {
    if (!el) return null;
    const copy = el.cloneNode(true);
    copy.querySelectorAll('.lf-menu, .lf-sr, .lf-pres').forEach(x => x.remove());
    return copy.textContent.replace(/\s+/g, ' ').trim();
  };
  const root = q('[data-testid=game]');
  const fronts = {}, tracks = {}, bonuses = {};
  qa('.lf-a-fronts .lf-front').forEach(el => {
    const f = el.dataset.ref.split(':')[1];
    fronts[f] = {value: parseInt(text(q('.lf-fnum', el)).replace('+', '').replace('\u2212', '-'), 10),
                 status: (el.className.match(/lf-fs-(\w+)/) || [])[1],
                 text: ['.lf-fhead', '.lf-fvalue', '.lf-ftoks'].map(s => words(q(s, el))).join(' ')};
  });
  qa('.lf-a-tracks .lf-track').forEach(el => { tracks[el.dataset.ref.split(':')[1]] = parseInt(text(q('.lf-tval', el)), 10); });
  qa('.lf-a-tracks .lf-bonus').forEach(el => { bonuses[el.dataset.ref.split(':')[1]] = el.classList.contains('on'); });
  const chips = qa('.lf-status .lf-chip').map(text);
  const facs = qa('.lf-a-facs .lf-fac').map(el => [words(q('.lf-fac-n', el)), words(q('.lf-hp', el)),
                                                   words(q('.lf-fac-p', el)), words(q('.lf-fac-b', el))]);
  const test = q('.lf-a-fascist .lf-test');
  return {
    version: root ? parseInt(root.dataset.version, 10) : null,
    handshake: window.did_handshake === true,
    keys: (OFFERED)(),
    menu_keys: qa('.lf-game .lf-menu [data-key]').map(el => el.dataset.key),
    viewer: chips.length ? chips[0] : null,
    prompt: qa('.lf-prompt .lf-prompt-h').map(text).join(' | '),
    test: test ? test.dataset.ref.split(':')[1] : null,
    outcome: text(q('[data-testid=outcome]')),
    notes: qa('.q-notification').map(text),
    board: {status: chips.slice(1), fronts, tracks, bonuses, facs,
            fascist: words(q('.lf-a-fascist')), glory: words(q('.lf-a-glory')), meds: words(q('.lf-a-meds'))},
  };
}
"""

#: Which of the given card names and ids a page shows: names in its visible text, ids anywhere in its HTML.
LEAK_JS = r"""
([names, ids]) => {
  const body = document.body.innerText.replace(/\u00ad/g, '');  // card names carry soft hyphens (card.breakable)
  const html = document.body.innerHTML;
  return {names: names.filter(n => body.includes(n)),
          ids: ids.filter(i => html.includes('card:' + i + '"') || html.includes('card:' + i + ' '))};
}
"""


SNAPSHOT_JS = SNAPSHOT_JS.replace("(OFFERED)", f"({OFFERED_JS.strip()})")

LOOK_JS = f"""
(secret) => {{
  const snap = ({SNAPSHOT_JS.strip()})();
  if (secret) snap.leaks = ({LEAK_JS.strip()})(secret);
  return snap;
}}
"""


#: The three sizes every page is judged at (docs: "Judge a page by looking at it"): width, height, a phone's touch.
SIZES = {"1440x900": (1440, 900, False), "1280x720": (1280, 720, False), "390x844": (390, 844, True)}


def sized_context(devices, size: str):
    """A browser context on the test's server at one of ``SIZES`` (a phone with touch and a pixel ratio of 2)."""
    w, h, phone = SIZES[size]
    ctx = devices.browser.new_context(base_url=devices.server.url, viewport={"width": w, "height": h},
                                      is_mobile=phone, has_touch=phone, device_scale_factor=2 if phone else 1)
    ctx.set_default_timeout(15_000)
    return ctx


def snapshot(page: Page, secret: list[list[str]] | None = None) -> dict[str, Any]:
    """What the page shows (``SNAPSHOT_JS``); with ``secret`` = [names, ids], also which of them it shows."""
    return page.evaluate(LOOK_JS, secret)


def wait_game(page: Page, timeout: float = 20_000) -> None:
    """Until the game page is drawn and its websocket handshake is done."""
    page.wait_for_function("() => window.did_handshake === true && !!document.querySelector('[data-testid=game]')",
                           timeout=timeout)


def mark_page(page: Page) -> None:
    """Mark the page as it is now (a flag in its window), so that a reload it makes by itself can be waited for."""
    page.evaluate("() => { window.__lfMarked = true; }")


def wait_reloaded(page: Page, also: str = "true", timeout: float = 30_000) -> None:
    """Until the page marked by ``mark_page`` has reloaded by itself and shaken hands with a server again (NiceGUI
    reloads a page whose server does not know it: after a restart, or behind a proxy on another process), and the
    JavaScript condition ``also`` holds. A reload of the test's own would race that one (ERR_ABORTED)."""
    page.wait_for_function(f"() => !window.__lfMarked && window.did_handshake === true && ({also})", timeout=timeout)


def wait_version(page: Page, version: int, timeout: float = 15_000) -> None:
    page.wait_for_function(
        "v => { const r = document.querySelector('[data-testid=game]'); return !!r && +r.dataset.version === v"
        " && window.did_handshake === true; }", arg=version, timeout=timeout)


def play_now(page: Page, touch: bool = False) -> None:
    """From the open lobby: "Play now" (one person against two Non-players), until the game page is drawn."""
    press(page, page.get_by_test_id("play-now"), touch)
    page.wait_for_url("**/game/*")
    wait_game(page)


#: The game page shows a later version than ``v``.
PAST_JS = ("v => { const r = document.querySelector('[data-testid=game]'); return !!r && +r.dataset.version > v"
           " && window.did_handshake === true; }")


#: Something is offered to the seat, or the game's end is on screen (a deal may lose the war within a few moves).
OFFERED_OR_OVER_JS = f"() => ({OFFERED_JS})().length > 0 || !!document.querySelector('[data-testid=outcome]')"


def game_over(page: Page) -> bool:
    """The game page shows the game's end."""
    return page.get_by_test_id("outcome").count() > 0


#: The teaching table shows a later version than ``v``.
TEACH_PAST_JS = "v => +document.querySelector('[data-testid=teach]').dataset.version > v"


def wait_past(page: Page, version: int, timeout: float = 15_000) -> None:
    """Until the page shows a later version than ``version`` (a move, and whatever Non-players played after it)."""
    page.wait_for_function(PAST_JS, arg=version, timeout=timeout)


def press(page: Page, locator, touch: bool, timeout: float | None = None) -> None:
    """A tap on a touch device, a click elsewhere."""
    if touch:
        locator.tap(timeout=timeout)
    else:
        locator.click(timeout=timeout)


def press_until(page: Page, locator, touch: bool, done_js: str, arg: Any = None, timeout: float = 60_000,
                again: float = 5_000) -> None:
    """Press ``locator`` until the JavaScript condition ``done_js`` holds, pressing again while it still shows.

    Why again: a press that lands as its panel is drawn anew (another seat moved, a new version) reaches an
    element the server has just replaced, and NiceGUI drops the event. A person taps again; so does this."""
    end = time.monotonic() + timeout / 1000
    press(page, locator, touch)
    while True:
        try:
            page.wait_for_function(done_js, arg=arg, timeout=again)
            return
        except PlaywrightTimeout:
            if time.monotonic() > end:
                raise
        try:
            if locator.is_visible() and locator.is_enabled():
                press(page, locator, touch, timeout=again)
        except PlaywrightError:  # drawn anew once more meanwhile: the next round looks again
            pass


def tap_path(page: Page, key: str) -> list[str]:
    """The elements to tap to take ``key`` (``page_policy.TAP_PATH_JS``): its board target (and menu line), or the
    prompt bar's button."""
    path = page.evaluate(TAP_PATH_JS, key)
    assert path, f"the page offers no way to take {key}"
    return path


def take(page: Page, key: str, touch: bool, double: bool = False) -> None:
    """Take the option ``key`` as a player would: tap its target on the board (and the line of its menu), or its
    button in the prompt bar. ``double``: the last tap is a double click."""
    path = tap_path(page, key)
    for i, selector in enumerate(path):
        target = page.locator(selector).first
        if double and i == len(path) - 1:
            target.dblclick()
        else:
            press(page, target, touch)


# -- the database mirror ---------------------------------------------------------------------------

class Mirror:
    """The game as the server's database holds it, rebuilt by the engine from the log (read-only)."""

    def __init__(self, db_path: Path, game_id: str) -> None:
        from lf.session.rebuild import start_state

        self.db_path, self.game_id = db_path, game_id
        row = self._query("SELECT seed_text, seats, options FROM games WHERE id = ?", (game_id,))[0]
        self.seats = json.loads(row[1])
        self.state = start_state(int(row[0]), self.seats, json.loads(row[2]))
        self.seq = 0
        #: Every card that has ever been public (a tableau, a trash, played): its name may be on any page.
        self.public: set[str] = set()
        #: Cards a faction's own private log lines named (what it drew, chose, kept): its own page may still
        #: show those lines after the card went back into its deck (a discard pile reshuffled).
        self.known: dict[str, set[str]] = {}
        self.names = card_names()
        self.logged = 0
        self.refresh()

    def _query(self, sql: str, args: tuple) -> list[tuple]:
        con = sqlite3.connect(self.db_path, timeout=10)
        try:
            return con.execute(sql, args).fetchall()
        finally:
            con.close()

    def version(self) -> int:
        return self._query("SELECT version FROM games WHERE id = ?", (self.game_id,))[0][0]

    def refresh(self) -> int:
        """Apply the rows stored since the last call; returns the version."""
        from lf.session.rebuild import apply_entry, parse_entry

        rows = self._query("SELECT seq, faction, kind, action, note FROM actions WHERE game_id = ? AND seq > ? "
                           "ORDER BY seq", (self.game_id, self.seq))
        for seq, faction, kind, action, note in rows:
            self.state = apply_entry(self.state, parse_entry(seq, faction, kind, action, note))
            self.seq = seq
            self._note_public()
        return self.seq

    def _note_public(self) -> None:
        """Cards shown to everyone: tableaux, trash, cards being played, and cards a public log line names
        (a Non-player's card is revealed when played, then goes to its discard; a Non-player's Final Bid is
        read out). A private line (e.g. which cards a faction drew) reveals nothing: neither its text nor
        its refs may reach the other pages."""
        for fa in self.state.factions.values():
            self.public.update(fa.tableau, fa.trash, fa.playing)
        for e in self.state.log[self.logged:]:
            if "private" in e and e.get("faction"):
                self.known.setdefault(e["faction"], set()).update(
                    cid for cid, name in self.names.items() if name in e["private"])
            if "private" not in e:
                self.public.update(r[5:] for r in e.get("refs") or [] if r.startswith("card:"))
                text = e.get("text", "")
                self.public.update(cid for cid, name in self.names.items() if name in text)
        self.logged = len(self.state.log)

    def secrets_for(self, viewer: str | None) -> set[str]:
        """Card ids ``viewer`` must not see: others' hands, choices, bids, kept cards and discards; all decks."""
        out: set[str] = set()
        for f, fa in self.state.factions.items():
            out.update(fa.deck)
            if f != viewer:
                out.update(fa.hand, fa.bid, fa.keep, fa.discard)
                if fa.chosen:
                    out.add(fa.chosen)
        return out - self.public - self.known.get(viewer or "", set())

    def hand(self, faction: str) -> list[str]:
        return list(self.state.factions[faction].hand)

    def human_kinds(self) -> list[str]:
        return [a["action"]["kind"] for a in self.state.actions]

    @property
    def result(self) -> dict | None:
        return self.state.result


def first_divergence(mirror: Mirror, policy_seed: int) -> str | None:
    """Where the game in the database left the path the policy takes in the engine alone (None: nowhere)."""
    from lf.engine import Action, apply, decision, new_game
    from lf.engine.content import load_content
    from lf.engine.queries import is_nonplayer
    from lf.tools.page_policy import choose as policy_choose

    content = load_content()
    row = mirror._query("SELECT seed_text, seats, options FROM games WHERE id = ?", (mirror.game_id,))[0]
    state = new_game(int(row[0]), json.loads(row[1]), json.loads(row[2]))
    rows = mirror._query("SELECT seq, faction, kind, action FROM actions WHERE game_id = ? ORDER BY seq",
                         (mirror.game_id,))
    for seq, faction, kind, action in rows:
        if kind == "action" and not is_nonplayer(state, faction):
            f = first_mover([p["faction"] for p in state.pending])
            d = decision(state, f)
            card = state.fascist_card
            board = Board(fronts={k: v.value for k, v in state.fronts.items()},
                          test=content.fascist_cards[card].test.front if card else None, prompt=d.prompt,
                          keys=[c.action.key for c in d.choices])
            want = policy_choose(board, policy_seed, len(state.actions), f)
            got = Action.parse(json.loads(action)).key
            if (f, want) != (faction, got):
                return (f"row {seq}: the engine's policy plays {f} {want}, the browsers played {faction} {got} "
                        f"(prompt {d.prompt!r}, fronts {board.fronts}, test {board.test}, options {board.keys})")
        if kind == "undo":
            return f"row {seq}: an undo"
        apply(state, faction, json.loads(action))
    return None


def card_names() -> dict[str, str]:
    from lf.engine.content import load_content

    return {cid: c.name for cid, c in load_content().player_cards.items()}


# -- the table -------------------------------------------------------------------------------------

@dataclass
class Step:
    n: int
    device: str
    faction: str
    key: str
    before: int
    after: int
    seconds: float


@dataclass
class Table:
    """One game played through the pages of ``players`` (devices holding seats) and ``watchers``."""

    server: Any
    game_id: str
    players: list[Any]
    policy_seed: int
    watchers: list[Any] = field(default_factory=list)
    check_privacy: bool = True
    steps: list[Step] = field(default_factory=list)
    mirror: Mirror | None = None
    seen: dict[str, dict] = field(default_factory=dict)
    privacy_checks: int = 0

    def __post_init__(self) -> None:
        self.mirror = Mirror(self.server.db_path, self.game_id)
        self.names = card_names()

    # -- reading -------------------------------------------------------------------------------

    def everyone(self) -> list[Any]:
        return [*self.players, *self.watchers]

    def sync(self, timeout: float = 15_000) -> int:
        """Wait until every page shows the database's version; returns it."""
        deadline = time.monotonic() + timeout / 1000
        while True:
            version = self.mirror.version()
            try:
                for d in self.everyone():
                    wait_version(d.page, version, timeout=max(500, (deadline - time.monotonic()) * 1000))
            except Exception:
                if time.monotonic() > deadline:
                    raise
                continue
            if self.mirror.version() == version:
                self.mirror.refresh()
                return version

    def look(self, secrets: bool = False) -> dict[str, dict]:
        """Snapshot every page (and, with ``secrets``, look for the cards each must not show, same round trip)."""
        self.seen = {d.name: snapshot(d.page, self._secret_lists(d) if secrets else None) for d in self.everyone()}
        return self.seen

    def _secret_lists(self, device) -> list[list[str]]:
        hidden = self.mirror.secrets_for(device.faction)
        return [sorted({self.names[c] for c in hidden}), sorted(hidden)]

    def check_agree(self) -> None:
        """Every page shows the same board: Fronts, tracks, Bonuses, status, Fascist card, factions, Glory.
        With ``check_privacy``, also that no page shows a secret card (see ``check_secrets``)."""
        seen = self.look(secrets=self.check_privacy)
        if self.check_privacy:
            for d in self.everyone():
                found = seen[d.name]["leaks"]
                assert not found["names"] and not found["ids"], (
                    f"after {self.last()}: {d.name} ({d.faction or 'spectator'}) shows secret cards {found}")
            self.privacy_checks += 1
        first_name = self.everyone()[0].name
        ref = seen[first_name]
        for name, snap in seen.items():
            assert snap["version"] == ref["version"], f"{name} shows version {snap['version']}, {first_name} {ref['version']}"
            for part, value in ref["board"].items():
                assert snap["board"][part] == value, (
                    f"after {self.last()}: {name} and {first_name} disagree on {part}:\n{snap['board'][part]}\n{value}")
        state = self.mirror.state
        for f, fr in ref["board"]["fronts"].items():
            assert fr["value"] == state.fronts[f].value, f"{f}: page {fr['value']}, engine {state.fronts[f].value}"
        assert ref["board"]["tracks"] == dict(state.tracks)
        assert any(f"Year {state.year} of 3" in chip for chip in ref["board"]["status"]), ref["board"]["status"]
        from lf.components.targets import asked
        from lf.engine import decision

        for d in self.players:  # each seat's page offers exactly the engine's legal options, no stale button
            mine = decision(state, d.faction) if any(p["faction"] == d.faction for p in state.pending) else None
            # (a question in the middle of a turn leaves its Hero point spends to All options: targets.asked)
            asked_now = asked(mine.to_json(), mine.to_json()["choices"]) if mine else []
            want = sorted(c["key"] for c in asked_now)
            assert sorted(seen[d.name]["keys"]) == want, (
                f"after {self.last()}: {d.name} ({d.faction}) offers {sorted(seen[d.name]['keys'])}, the engine {want}")
        for d in self.players:
            assert snap_viewer(seen[d.name]) == d.faction, f"{d.name} shows {seen[d.name]['viewer']}"
        for d in self.watchers:
            assert seen[d.name]["viewer"] == "Watching" and not seen[d.name]["keys"]

    def check_secrets(self) -> None:
        """No page shows a card it must not: neither its name in the text nor its id in the HTML."""
        for d in self.everyone():
            found = d.page.evaluate(LEAK_JS, self._secret_lists(d))
            assert not found["names"] and not found["ids"], (
                f"after {self.last()}: {d.name} ({d.faction or 'spectator'}) shows secret cards {found}")
        self.privacy_checks += 1

    def last(self) -> str:
        if not self.steps:
            return "the start"
        s = self.steps[-1]
        return f"step {s.n} ({s.device}/{s.faction} {s.key}, version {s.before}->{s.after})"

    # -- acting --------------------------------------------------------------------------------

    def mover(self) -> tuple[Any, list[str]] | None:
        """The device that acts next (the first faction with buttons) and its offered keys; None at the end."""
        offering = {d.faction: (d, self.seen[d.name]["keys"]) for d in self.players if self.seen[d.name]["keys"]}
        pending = sorted({p["faction"] for p in self.mirror.state.pending})
        assert sorted(offering) == [f for f in pending if f in {d.faction for d in self.players}], (
            f"pages offer choices to {sorted(offering)}, the engine waits for {pending}")
        if not offering:
            return None
        return offering[first_mover(list(offering))]

    def pick(self, device, keys: list[str]) -> str:
        snap = self.seen[device.name]
        board = Board(fronts={f: v["value"] for f, v in snap["board"]["fronts"].items()}, test=snap["test"],
                      prompt=snap["prompt"], keys=keys)
        key = choose(board, self.policy_seed, snap["version"], device.faction)
        assert key in keys
        return key

    def click_key(self, device, key: str, page: Page | None = None, double: bool = False) -> None:
        """Take the option on the board (or in the prompt bar); confirm when the page asks (a step Undo could not
        take back)."""
        page = page or device.page
        before = snapshot(page)["version"]
        take(page, key, device.touch, double)
        if kind_of(key) in CONFIRM_KINDS and not double:
            confirm_if_asked(page, before, device.touch)

    def step(self, on_before: Callable[[Any, str], None] | None = None, double: bool = False) -> Step | None:
        """One move: choose, click, wait for every page, check them all. None when the game is over."""
        if not self.seen:
            self.sync()
            self.look()
        found = self.mover()
        if found is None:
            return None
        device, keys = found
        key = self.pick(device, keys)
        before = self.seen[device.name]["version"]
        t0 = time.perf_counter()
        if on_before:
            on_before(device, key)
        try:
            self.click_key(device, key, double=double)
            device.page.wait_for_function(
                "v => +document.querySelector('[data-testid=game]').dataset.version > v", arg=before, timeout=15_000)
            after = self.sync()
        except Exception as exc:
            now = snapshot(device.page)
            raise AssertionError(f"step {len(self.steps) + 1}: {device.name} ({device.faction}) pressed {key} at "
                                 f"version {before} (offered: {keys}); the page now shows version {now['version']}, "
                                 f"messages {now['notes']}, prompt {now['prompt']!r}, offers {now['keys']}") from exc
        applied = self.mirror.state.actions[before] if len(self.mirror.state.actions) > before else None
        assert applied is not None and (applied["faction"], _key(applied["action"])) == (device.faction, key), (
            f"step {len(self.steps) + 1}: {device.name} ({device.faction}) pressed {key}, the game applied {applied}")
        step = Step(len(self.steps) + 1, device.name, device.faction, key, before, after, time.perf_counter() - t0)
        self.steps.append(step)
        self.check_agree()
        return step

    def play(self, max_steps: int = 600, hooks: dict[int, Callable[[Table], None]] | None = None) -> None:
        """Play to the end of the game (``hooks[n]`` runs before step n)."""
        hooks = hooks or {}
        for n in range(1, max_steps + 1):
            if n in hooks:
                hooks[n](self)
            if self.step() is None:
                return
        raise AssertionError(f"the game did not end in {max_steps} steps")

    def play_until(self, ready: Callable[[Table], bool], max_steps: int = 200, why: str = "") -> None:
        """Play moves until ``ready(self)`` holds (checked before each move, on fresh snapshots)."""
        for _ in range(max_steps):
            if not self.seen:
                self.sync()
                self.look()
            if ready(self):
                return
            if self.step() is None:
                raise AssertionError(f"the game ended before {why or 'the condition'}")
        raise AssertionError(f"{why or 'the condition'} not reached in {max_steps} moves")

    def next_move(self) -> tuple[Any, str] | None:
        """(device, key) the policy will play next, without playing it."""
        found = self.mover()
        return None if found is None else (found[0], self.pick(*found))

    def check_end(self) -> dict:
        """Every page shows the end screen, and it matches the engine's result."""
        result = self.mirror.result
        assert result is not None, "the engine says the game is not over"
        for d in self.everyone():
            expect(d.page.get_by_test_id("outcome")).to_be_visible()
            snap = self.seen[d.name]
            assert snap["outcome"] and snap["outcome"].startswith("The war is"), snap["outcome"]
            assert f"Ended in Year {result['year']}, turn {result['turn']}" in snap["outcome"]
            assert not snap["keys"], f"{d.name} still offers {snap['keys']} after the end"
            expect(d.page.get_by_test_id("prompt")).to_contain_text("The game is over.")
        return result


def confirm_if_asked(page: Page, before: int, touch: bool) -> bool:
    """After a step that may be irreversible: answer the confirmation if the page asks, or see that it was sent
    at once (Undo could take it back). Whether it asked."""
    page.wait_for_function(
        "v => !!document.querySelector('[data-testid=confirm-yes]') || "
        "+document.querySelector('[data-testid=game]').dataset.version > v", arg=before, timeout=15_000)
    yes = page.get_by_test_id("confirm-yes")
    if yes.count():
        press(page, yes, touch)
        return True
    return False


def _key(action: dict) -> str:
    from lf.engine import Action

    return Action.parse(action).key


def snap_viewer(snap: dict) -> str | None:
    """The faction a page says it plays ("You: Anarchists" -> "anarchists"), None for "Watching"."""
    chip = snap["viewer"] or ""
    for f in FACTIONS:
        if chip == f"You: {faction_label(f)}":
            return f
    return None


# -- getting seated --------------------------------------------------------------------------------

def create_game_in_lobby(device, name: str, seed: int, public: bool = False) -> tuple[str, dict[str, str]]:
    """Create a three-human game from the lobby's form (hosting only; private unless ``public``), return its id
    and the Seats dialog's join link per faction."""
    page = device.page
    page.goto("/")
    page.wait_for_function("() => window.did_handshake === true")
    page.get_by_test_id("new-name").fill(name)  # a q-input puts data-testid on its <input>
    page.get_by_test_id("new-seed").fill(str(seed))
    if public:
        press(page, page.get_by_test_id("new-public"), device.touch)
        expect(page.get_by_test_id("new-public")).to_have_attribute("aria-checked", "true")
    press(page, page.get_by_test_id("new-mine"), device.touch)
    press(page, page.get_by_role("option", name="None: I only host or watch"), device.touch)
    expect(page.get_by_test_id("new-mine")).to_contain_text("None: I only host or watch")
    press(page, page.get_by_test_id("create"), device.touch)
    page.wait_for_url("**/game/*?invite=1*")
    game_id = page.url.split("/game/")[1].split("?")[0]
    links = {}
    for f in FACTIONS:
        link = page.get_by_test_id(f"seat-{f}").locator("a.lf-link")
        expect(link).to_be_visible()
        links[f] = link.get_attribute("href")
    return game_id, links


def take_seat(device, link: str, server_url: str, player_name: str) -> None:
    """Open a join link on this device (the link's path on the test server: it runs on loopback) and take it."""
    path = "/join/" + link.split("/join/", 1)[1]
    page = device.page
    page.goto(server_url + path)
    page.wait_for_function("() => window.did_handshake === true")
    page.get_by_test_id("join-name").fill(player_name)
    press(page, page.get_by_test_id("join-take"), device.touch)
    page.wait_for_url("**/game/*")
    wait_game(page)
    device.faction = path.split("?")[0].rsplit("/", 1)[1]


class FrozenSocket:
    """A page whose websocket can be frozen: the server's messages are held back (not lost) until ``thaw``.

    This is the "page not refreshed" of a slow or interrupted connection: the browser keeps showing an
    older picture and its clicks still reach the server. Engine.io pings pass, so the connection stays up.
    Install before the page opens the game (``page.route_web_socket`` only sees new sockets).
    """

    def __init__(self, page: Page) -> None:
        import re

        self.page = page
        self.frozen = False
        self.held: list[str | bytes] = []
        self.ws = None
        page.route_web_socket(re.compile(r".*/_nicegui_ws/.*"), self._route)

    def _route(self, ws) -> None:
        server = ws.connect_to_server()
        self.ws = ws
        ws.on_message(lambda m: server.send(m))
        server.on_message(self._from_server)

    def _from_server(self, message: str | bytes) -> None:
        if self.frozen and not (isinstance(message, str) and message[:1] in "0123"):  # engine.io control: pass
            self.held.append(message)
        else:
            self.ws.send(message)

    def freeze(self) -> None:
        self.frozen = True

    def thaw(self) -> int:
        """Deliver what was held, in order; returns how many messages."""
        n = 0
        while self.held:  # still frozen while flushing, so nothing overtakes the held messages
            self.ws.send(self.held.pop(0))
            n += 1
        self.frozen = False
        return n


def show_tab(device, faction: str) -> None:
    """Open a faction's tab on the device's game page (in the Tableaux panel, opened first)."""
    if not device.page.locator(".lf-t-tabs").is_visible():
        press(device.page, device.page.get_by_test_id("open-tabs"), device.touch)
    tab = device.page.locator(f".lf-tabs .q-tab.lf-f-{faction}")
    press(device.page, tab, device.touch)
    expect(device.page.get_by_test_id(f"tab-{faction}")).to_be_visible()


def hide_tabs(device) -> None:
    """Close the Tableaux panel (it covers part of the table while open)."""
    if device.page.locator(".lf-t-tabs").is_visible():
        press(device.page, device.page.get_by_test_id("close-tabs"), device.touch)
        expect(device.page.locator(".lf-t-tabs")).to_be_hidden()


def join_from_lobby(device, game_id: str, faction: str, player_name: str) -> None:
    """The lobby's "Join as the ..." button of the game's line, then the join page."""
    page = device.page
    page.goto("/")
    page.wait_for_function("() => window.did_handshake === true")
    line = page.get_by_test_id(f"game-{game_id}").last  # the running games' list
    press(page, line.get_by_role("button", name=f"Join as the {faction_label(faction)}"), device.touch)
    page.wait_for_url(f"**/join/{game_id}/{faction}")
    page.get_by_test_id("join-name").fill(player_name)
    press(page, page.get_by_test_id("join-take"), device.touch)
    page.wait_for_url(f"**/game/{game_id}*")
    wait_game(page)
    device.faction = faction


def upload(device, doc: dict, tmp: Path, name: str, public: bool = True) -> str:
    """Open the game file in the lobby ("Open a game file"), as a public game unless ``public`` is False (a private
    one's seats are taken with the links its host sees); returns the path the lobby goes to."""
    path = tmp / f"{name}.json"
    path.write_text(json.dumps(doc))
    page = device.page
    page.goto("/")
    page.wait_for_function("() => window.did_handshake === true")
    if public:
        press(page, page.get_by_test_id("import-public"), device.touch)
        expect(page.get_by_test_id("import-public")).to_have_attribute("aria-checked", "true")
    with page.expect_file_chooser() as chooser:
        press(page, page.get_by_test_id("import"), device.touch)
    chooser.value.set_files(str(path))
    page.wait_for_url("**/replay/*" if doc["game"]["status"] == "finished" else "**/game/*")
    return page.url.split("/", 3)[3].split("?")[0]


#: The coach has the press on "Suggest a move": it thinks (the button busy), or its suggestion is drawn.
COACH_ASKED_JS = ("() => !!document.querySelector('[data-testid=suggest][aria-busy=true], [data-testid=coach]')")


def ask_coach(page: Page, touch: bool, scope: str):
    """"Suggest a move" (pressed again if the press was lost to a re-drawing), until the suggestion is drawn."""
    press_until(page, page.get_by_test_id("suggest"), touch, COACH_ASKED_JS)
    return suggestion_shown(page, scope)


def suggestion_shown(page: Page, scope: str):
    """The coach's suggestion once drawn ("The coach suggests: ..."), its option outlined inside ``scope``."""
    coach = page.get_by_test_id("coach")
    coach.wait_for(timeout=60_000)
    assert "The coach suggests:" in coach.inner_text()
    outlined = page.locator(f"{scope} .lf-suggested")
    outlined.first.wait_for()
    assert outlined.count() >= 1
    return coach
