"""The history of a game in real browsers: the whole log, the replay, game files, the end screen and Rematch.

Games come in as game files through the lobby's "Open a game file" (tests/history_helpers.py: whole games
the page policy plays with the engine alone), so each test starts at, or one move before, the end of a real
game; a test that needs the end plays the last move in the browsers with the same policy (``Table``).
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from e2e_play import Mirror, Table, confirm_if_asked, press, snapshot, take, take_seat, upload, wait_game
from history_helpers import LOST, NAMES, WON, game_file, places, policy_state, seeds_of, steps_of
from playwright.sync_api import expect

from lf.components.log_panel import turn_key
from lf.components.prompt import CONFIRM_KINDS
from lf.engine import to_json, view
from lf.engine.constants import FACTIONS
from lf.engine.game import seats_of
from lf.engine.history import Timeline
from lf.tools.page_policy import OFFERED_JS, kind_of

pytestmark = pytest.mark.e2e

#: What a replay page (or a game page) shows of the board, read from the page's own elements.
BOARD_JS = r"""
(seat) => {
  const q = (s, r) => (r || document).querySelector(s);
  const qa = (s, r) => Array.from((r || document).querySelectorAll(s));
  const text = (el) => (el ? el.innerText.replace(/\s+/g, ' ').trim() : null);
  const num = (el) => parseInt(text(el).replace('+', '').replace('\u2212', '-'), 10);
  const out = {fronts: {}, tracks: {}, bonuses: {}, hero: {}};
  qa('.lf-a-fronts .lf-front').forEach(el => {
    out.fronts[el.dataset.ref.split(':')[1]] = [num(q('.lf-fnum', el)), (el.className.match(/lf-fs-(\w+)/) || [])[1]];
  });
  qa('.lf-a-tracks .lf-track').forEach(el => { out.tracks[el.dataset.ref.split(':')[1]] = num(q('.lf-tval', el)); });
  qa('.lf-a-tracks .lf-bonus').forEach(el => { out.bonuses[el.dataset.ref.split(':')[1]] = el.classList.contains('on'); });
  qa('.lf-a-facs .lf-hp').forEach(el => { out.hero[el.dataset.ref.split(':')[1]] = num(q('b', el)); });
  const card = q('.lf-a-fascist .lf-fcard');
  out.fascist = card && card.dataset.ref.includes(':') ? card.dataset.ref.split(':')[1] : null;
  out.glory = qa('.lf-a-glory .lf-gslot.full').length;
  out.status = qa('.lf-a-status .lf-chip').map(text);
  const tab = seat ? q('[data-testid=tab-' + seat + ']') : null;
  out.cards = tab ? qa('[data-ref^="card:"]', tab).map(el => el.dataset.ref.slice(5)).sort() : null;
  const root = q('[data-testid=replay-root]');
  out.step = root ? +root.dataset.step : null;
  return out;
}
"""


def _expected_board(v: dict, seat: str | None) -> dict:
    fv = v["factions"]
    cards = None
    if seat:
        mine = fv[seat]
        cards = sorted({*mine.get("hand", []), *mine.get("bid", []), *mine["tableau"], *mine["trash"],
                        *mine.get("discard", [])})
    return {"fronts": {f: [s["value"], s["status"]] for f, s in v["fronts"].items()}, "tracks": v["tracks"],
            "bonuses": v["bonuses"], "hero": {f: fv[f]["hero"] for f in FACTIONS}, "fascist": v["fascist_card"],
            "glory": len(v["glory"]), "cards": cards}


def test_the_replay_equals_the_recorded_game_at_every_step(lf_server, devices, tmp_path):
    laptop = devices.new("laptop")
    path = upload(laptop, game_file(LOST, "Replay me"), tmp_path, "lost")
    game_id = path.split("/")[1]
    state = policy_state(LOST)
    timeline = Timeline(state.seed, seats_of(state), state.options, state.actions)
    page = laptop.page
    seat = "communists"
    page.goto(f"/replay/{game_id}?seat={seat}")
    page.wait_for_function("() => window.did_handshake === true && !!document.querySelector('[data-testid=replay-root]')")
    n = steps_of(LOST)
    expect(page.get_by_test_id("replay-where")).to_contain_text(f"Step 0 of {n}")
    for k in range(n + 1):
        if k:  # the keyboard's right arrow steps forward
            page.keyboard.press("ArrowRight")
            page.wait_for_function("k => +document.querySelector('[data-testid=replay-root]').dataset.step === k", arg=k)
        shown = page.evaluate(BOARD_JS, seat)
        want = _expected_board(view(timeline.state(k), seat), seat)
        assert {key: shown[key] for key in want} == want, f"step {k}"
        assert any(f"Year {timeline.state(k).year} of 3" in chip for chip in shown["status"]), shown["status"]
    # a spectator's eye on the same game, at a few steps, by the slider's neighbours: first, back, last
    page.goto(f"/replay/{game_id}?step={n // 2}")
    page.wait_for_function("() => window.did_handshake === true && !!document.querySelector('[data-testid=replay-root]')")
    for button, k in (("replay-back", n // 2 - 1), ("replay-last", n), ("replay-first", 0)):
        page.get_by_test_id(button).click()
        page.wait_for_function("k => +document.querySelector('[data-testid=replay-root]').dataset.step === k", arg=k)
        shown = page.evaluate(BOARD_JS, None)
        want = _expected_board(view(timeline.state(k), None), None)
        assert {key: shown[key] for key in want} == want, f"spectator, step {k}"
    assert not laptop.errors, laptop.errors
    assert not lf_server.tracebacks(), lf_server.log_text()[-3000:]


def test_the_log_shows_the_whole_game_in_its_turns_and_the_filter_works(lf_server, devices, tmp_path):
    phone = devices.new("phone")
    upload(phone, game_file(WON, "Read the log"), tmp_path, "won")
    game_id = phone.page.url.split("/replay/")[1].split("?")[0]
    take_seat(phone, f"/join/{game_id}/communists", lf_server.url, "Carme")
    page = phone.page
    state = policy_state(WON)
    entries = view(state, "communists")["log"]
    turns = list(dict.fromkeys(turn_key(e) for e in entries))
    press(page, page.get_by_test_id("open-log"), phone.touch)  # on a phone the log is a side panel
    groups = page.locator(".lf-log-turn")
    expect(groups).to_have_count(len(turns))
    assert page.evaluate("() => Array.from(document.querySelectorAll('.lf-log-turn')).map(g => g.dataset.turn)") == [
        f"{y}-{t}" for y, t in reversed(turns)], "one group per Year and turn, newest first"
    for i in range(1, len(turns)):  # open every older turn (its entries arrive when it is opened)
        group = groups.nth(i)
        group.locator("summary").scroll_into_view_if_needed()
        press(page, group.locator("summary"), phone.touch)
        expect(group.locator(".lf-log-e").first).to_be_attached()
    shown = page.evaluate("""() => Object.fromEntries(Array.from(document.querySelectorAll('.lf-log-turn')).map(g =>
        [g.dataset.turn, Array.from(g.querySelectorAll('.lf-log-e > .lf-log-t')).map(t => t.firstChild.textContent)]))""")
    for y, t in turns:
        want = [e["text"] for e in entries if turn_key(e) == (y, t)]
        assert shown[f"{y}-{t}"] == want, f"Year {y}, turn {t}: every entry, in time order"
    rows = page.locator(".lf-log-e:visible")
    assert all(box["height"] >= 44 for box in (rows.nth(i).bounding_box() for i in range(min(12, rows.count())))), \
        "log rows are tap targets of at least 44 px on a phone"
    for name, rule in (("Fascist", "e => e.classList.contains('f-none')"), ("Mine", "e => e.classList.contains('mine')"),
                       ("Players", "e => !e.classList.contains('f-none')")):
        press(page, page.get_by_test_id("log").locator("xpath=..").get_by_role("button", name=name, exact=True),
              phone.touch)
        page.wait_for_function("n => !!document.querySelector('.lf-logwrap.only-' + n)", arg=name.lower())
        visible = page.evaluate(f"""() => Array.from(document.querySelectorAll('.lf-log-e'))
            .filter(e => e.offsetParent !== null).map({rule})""")
        assert visible and all(visible), f"the {name} filter shows only its entries"
    assert not phone.errors, phone.errors


def test_a_non_players_reasons_are_folded_under_their_moves(lf_server, devices):
    laptop = devices.new("laptop")
    laptop.page.goto("/")
    laptop.page.wait_for_function("() => window.did_handshake === true")
    laptop.page.get_by_test_id("play-now").click()
    laptop.page.wait_for_url("**/game/*")
    wait_game(laptop.page)
    page = laptop.page
    for _ in range(40):  # play (the first option offered) until a Non-player has taken a turn
        if page.locator(".lf-log-e.has-np").count():
            break
        page.wait_for_function(f"() => ({OFFERED_JS})().length > 0 || !!document.querySelector('.lf-log-e.has-np')")
        keys = page.evaluate(OFFERED_JS)
        if keys:
            before = snapshot(page)["version"]
            take(page, keys[0], laptop.touch)
            if kind_of(keys[0]) in CONFIRM_KINDS:
                confirm_if_asked(page, before, laptop.touch)
            page.wait_for_function(f"() => +document.querySelector('[data-testid=game]').dataset.version > {before}")
    expect(page.locator(".lf-log-e.has-np").first).to_be_attached()
    assert page.locator(".lf-log-np:visible").count() == 0, "folded at first"
    page.get_by_role("button", name="Non-player reasons").click()
    expect(page.locator(".lf-log-np:visible").first).to_be_visible()
    assert page.evaluate("""() => Array.from(document.querySelectorAll('.lf-log-e')).filter(e => e.offsetParent)
        .every(e => e.classList.contains('has-np'))""")
    assert not laptop.errors, laptop.errors


def test_a_game_file_downloaded_and_opened_again_is_the_same_game(lf_server, devices, tmp_path):
    laptop = devices.new("laptop")
    path = upload(laptop, game_file(LOST, "Round trip"), tmp_path, "first")
    first = path.split("/")[1]
    page = laptop.page
    page.goto(f"/game/{first}")
    wait_game(page)
    expect(page.get_by_test_id("my-result")).to_have_text("The war was lost in Year 2: nobody wins.")
    with page.expect_download() as download:
        page.get_by_test_id("export").click()
    saved = tmp_path / "downloaded.json"
    download.value.save_as(saved)
    doc = json.loads(saved.read_text())
    assert doc["format"] == "lf-game" and doc["game"]["id"] == first
    second = upload(laptop, doc, tmp_path, "again").split("/")[1]
    assert second != first
    a, b = Mirror(lf_server.db_path, first), Mirror(lf_server.db_path, second)
    assert to_json(a.state) == to_json(b.state) and a.state.result is not None
    assert not laptop.errors, laptop.errors


def test_the_end_screen_and_rematch_from_two_devices_at_once(lf_server, devices, tmp_path):
    steps = steps_of(WON)
    phone, tablet, laptop = devices.new("phone"), devices.new("tablet"), devices.new("laptop")
    game_id = upload(laptop, game_file(WON, "Rematch table", stop_after=steps - 1), tmp_path, "almost").split("/")[1]
    for device, faction in ((phone, "anarchists"), (tablet, "communists"), (laptop, "moderates")):
        take_seat(device, f"/join/{game_id}/{faction}", lf_server.url, NAMES[faction])
    table = Table(lf_server, game_id, [phone, tablet, laptop], seeds_of(WON)[1])
    table.play()  # the last move of the game, by the same policy: the game the file was cut from
    result = table.check_end()
    place = places(policy_state(WON))
    assert result["winner"] == next(f for f, (p, _) in place.items() if p == 1)
    nth = {1: "won", 2: "came 2nd", 3: "came 3rd"}
    words = {f: f"You {nth[p]} with {g} Glory{'!' if p == 1 else '.'}" for f, (p, g) in place.items()}
    for d in (phone, tablet, laptop):
        expect(d.page.get_by_test_id("my-result")).to_have_text(words[d.faction])
        expect(d.page.get_by_test_id("final-bids")).to_contain_text("Anarchists")
        expect(d.page.get_by_test_id("bid-winner")).to_contain_text("win the Final Bid")
        expect(d.page.get_by_test_id("watch-replay")).to_be_visible()
    # two devices press Rematch together (both presses leave before either answer comes back); the third follows
    press_now = "() => { const b = document.querySelector('[data-testid=rematch]'); if (b) b.click(); return !!b; }"
    pressed = [phone.page.evaluate(press_now), laptop.page.evaluate(press_now)]
    assert pressed == [True, True]
    for d in (phone, tablet, laptop):
        d.page.wait_for_url(lambda url: "/game/" in url and game_id not in url, timeout=15_000)
        wait_game(d.page)
    ids = {d.page.url.split("/game/")[1].split("?")[0] for d in (phone, tablet, laptop)}
    assert len(ids) == 1, f"the devices went to different games: {ids}"
    new_id = ids.pop()
    for d in (phone, tablet, laptop):
        expect(d.page.locator(".lf-status .lf-chip").first).to_have_text(
            f"You: {d.faction.capitalize()}")
    con = sqlite3.connect(lf_server.db_path)
    try:
        made = con.execute("SELECT id, seed_text FROM games WHERE rematch_of = ?", (game_id,)).fetchall()
        old_seed = con.execute("SELECT seed_text FROM games WHERE id = ?", (game_id,)).fetchone()[0]
    finally:
        con.close()
    assert [m[0] for m in made] == [new_id] and made[0][1] != old_seed
    for d in (phone, tablet, laptop):
        assert not d.errors, d.errors
    assert not lf_server.tracebacks(), lf_server.log_text()[-3000:]
