"""The game table in a real browser: the whole game in one screen at every kind of decision, and the board as the
interface (issue 12).

Positions are prepared in the database before the server starts (``table_positions``: seeded games stopped
where a person meets each kind of decision, and each purpose of a pick reached); a browser takes the seat from
its join link. Screenshots of every position at every size are left in ``test-results/table/``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import RESULTS, Devices, LfServer
from e2e_play import Mirror, confirm_if_asked, snapshot, take_seat, wait_game, wait_past, wait_version
from playwright.sync_api import expect
from table_positions import CORE, SHARED_SPACE, find_positions, prepare

from lf.components.board import status_html
from lf.components.card import card_html
from lf.engine import decision
from lf.engine.content import load_content

pytestmark = pytest.mark.e2e
SHOTS = RESULTS / "table"
#: The sizes the table must fit: (width, height, device kind of the context); the tablet for the core kinds.
SIZES = ((1440, 900, "laptop"), (1280, 720, "laptop"), (390, 844, "phone"), (820, 1180, "tablet"))
#: The parts that must be in view at every decision (the log too, as a column or behind its button).
PARTS = {"fronts": ".lf-a-fronts", "tracks": ".lf-a-tracks", "fascist": ".lf-a-fascist", "factions": ".lf-a-facs",
         "prompt": ".lf-a-prompt", "hand": ".lf-a-hand"}
BOXES_JS = """
(parts) => {
  const box = (el) => { const r = el.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  const out = {};
  for (const [name, sel] of Object.entries(parts)) out[name] = box(document.querySelector(sel));
  out.main = box(document.querySelector('.lf-t-main'));
  out.log = (el => el && el.offsetParent !== null ? box(el) : null)(document.querySelector('.lf-t-log'));
  out.logButton = (el => el && el.offsetParent !== null ? box(el) : null)(document.querySelector('[data-testid=open-log]'));
  out.page = document.scrollingElement.scrollHeight;
  out.size = [innerWidth, innerHeight];
  return out;
}
"""
#: Every control a finger must hit on the table (visible ones): at least 44 px each way on a phone.
CONTROLS = ".lf-table [data-key]:not(.lf-menu [data-key]), .lf-table [data-menu], .lf-table [data-why], .lf-tog, " \
           "[data-testid=undo], [data-testid=all-toggle], .lf-table .lf-act, .lf-strip-arrow"
#: Text on a phone smaller than 12 px (issue 20: body text at 12 px or more), but for the marks that are not read
#: as text: a track space's number, the ends of a Front's scale, an icon's sign, a count on an icon.
SMALL_TEXT_JS = """
() => {
  const out = [];
  const walker = document.createTreeWalker(document.querySelector('.lf-table'), NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement, t = n.textContent.trim();
    if (!t || !el || el.offsetParent === null || el.closest('.lf-sr, [hidden], .lf-menu, .lf-panel-side')) continue;
    if (el.closest('.lf-spn, .lf-end, .lf-sign, .lf-trig-n, .lf-wide')) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 12) out.push([t.slice(0, 40), el.className, size]);
  }
  return out;
}
"""
#: Status chips cut by the row or hidden under the panel buttons (the Fascists' strength's among them: every table
#: shows it, Standard too).
CHIPS_CUT_JS = """
() => {
  const s = document.querySelector('.lf-table .lf-status'), box = s.getBoundingClientRect();
  const tog = document.querySelector('.lf-t-toggles').getBoundingClientRect();
  return Array.from(s.querySelectorAll('.lf-chip')).filter(c => {
    const r = c.getBoundingClientRect();
    if (!c.getClientRects().length) return false;  // not drawn at this size (a phone's Standard level chip)
    return r.right > box.right + 1 || r.left < box.left - 1
      || (r.right > tog.left && r.left < tog.right && r.bottom > tog.top && r.top < tog.bottom);
  }).map(c => c.innerText);
}
"""
#: Cards whose words overflow their box with no visible "more" (assets/table.js ``lfFitCards``), and Leader badges
#: that cover a word of their card.
CARDS_CUT_JS = """
(sel) => Array.from(document.querySelectorAll(sel)).filter(c => c.offsetParent !== null).map(c => {
  const out = [];
  const more = c.querySelector('.lf-more'), shown = more && getComputedStyle(more).display !== 'none';
  for (const el of c.querySelectorAll('.lf-card-name, .lf-card-event')) {
    if ((el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1) && !shown) out.push('cut');
  }
  const lead = c.querySelector('.lf-leader');
  if (lead) {
    const b = lead.getBoundingClientRect();
    for (const el of c.querySelectorAll('.lf-card-name, .lf-ev-h > span:not(.lf-leader), .lf-card-event li')) {
      const r = el.getBoundingClientRect();
      if (r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom) out.push('leader covers');
    }
  }
  return [c.dataset.ref, out.join(' '), shown];
}).filter(x => x[1])
"""
#: Icons never put a word into the page (a Material ligature read "layers Deck 13") and are hidden from screen
#: readers unless they carry words of their own.
ICONS_JS = """
() => ({
  ligatures: Array.from(document.querySelectorAll('.material-icons, .q-icon')).map(e => e.textContent.trim()).filter(Boolean),
  unlabelled: Array.from(document.querySelectorAll('.lf-ic')).filter(e => e.getAttribute('aria-hidden') !== 'true'
    && !(e.getAttribute('role') === 'img' && e.getAttribute('aria-label'))).length,
})
"""
SMALL_JS = """
(sel) => Array.from(document.querySelectorAll(sel)).filter(el => el.offsetParent !== null).map(el => {
  const r = el.getBoundingClientRect(); return [el.dataset.key || el.dataset.tgt || el.dataset.testid || el.className, Math.round(r.width), Math.round(r.height)];
}).filter(([, w, h]) => w < 44 || h < 44)
"""


@pytest.fixture(scope="module")
def positions():
    return find_positions()


@pytest.fixture(scope="module")
def table(tmp_path_factory, chromium, positions) -> Iterator[tuple[LfServer, dict[str, str], Devices]]:
    """One server over a database holding every position (the layout test takes each seat) and copies for the
    tests that act."""
    games = {label: pos for label, pos in positions.items()}
    for spare in ("taps", "track", "event", "offline", "presence", "all", "cards"):
        games[f"turn/main#{spare}"] = positions["turn/main"]
    games[f"{SHARED_SPACE}#menus"] = positions[SHARED_SPACE]
    games["choose#zoom"] = positions["choose"]
    games["keep#strip"] = positions["keep"]
    games["pick/medallion#tap"] = positions["pick/medallion"]
    # One browser takes a seat in every position: more seats than one address may hold on a public server.
    server = LfServer(tmp_path_factory.mktemp("table"), extra_env={"LF_SEATS_PER_VISITOR": str(4 * len(games))})
    ids = prepare(server.db_path, games)
    server.start()
    devices = Devices(chromium, server)
    yield server, {name: (ids[name], games[name].human) for name in games}, devices
    devices.close()
    server.stop()


def _join(devices: Devices, server: LfServer, game: tuple[str, str], kind: str = "laptop"):
    game_id, faction = game
    device = devices.new(kind)
    take_seat(device, f"{server.url}/join/{game_id}/{faction}", server.url, "Tess")
    wait_game(device.page)
    return device


def _at_size(devices: Devices, device, width: int, height: int, kind: str):
    """The seated page at this size: the laptop's own page resized, or a phone's or a tablet's page in a context of
    that kind (touch, mobile) holding the same seat (the laptop's storage)."""
    if kind not in ("phone", "tablet"):
        device.page.set_viewport_size({"width": width, "height": height})
        return device.page
    page = devices._context(kind, storage_state=device.context.storage_state()).new_page()
    page.goto(device.page.url)
    wait_game(page)
    return page


def _inside(box: dict, area: dict, slack: float = 1.0) -> bool:
    return (box["top"] >= area["top"] - slack and box["bottom"] <= area["bottom"] + slack
            and box["left"] >= area["left"] - slack and box["right"] <= area["right"] + slack)


#: The question's targets on the board are in view (when it has any there): a phone's board scrolls to them.
TARGET_IN_VIEW_JS = """
() => { const main = document.querySelector('.lf-t-main'); const box = main.getBoundingClientRect();
  const targets = Array.from(main.querySelectorAll('.lf-clickable'));
  return !targets.length || targets.some(t => { const r = t.getBoundingClientRect(); return r.bottom > box.top && r.top < box.bottom; }); }
"""


def _check_layout(label: str, page, width: int, height: int) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_function(TARGET_IN_VIEW_JS)
    page.wait_for_timeout(250)  # fonts and the sprite settle before the picture
    page.screenshot(path=str(SHOTS / f"{label.replace('/', '-').replace(':', '-')}-{width}x{height}.png"))
    page.evaluate("() => document.querySelector('.lf-t-main').scrollTo({top: 0, behavior: 'instant'})")
    b = page.evaluate(BOXES_JS, PARTS)
    where = f"{label} at {width}x{height}: {b}"
    screen = {"top": 0, "bottom": height, "left": 0, "right": width}
    for name in ("prompt", "hand"):
        assert _inside(b[name], screen), f"the {name} is not in view, {where}"
    assert page.locator(".lf-status [data-testid=level-chip]").count() == 1, f"no Fascists' strength chip, {where}"
    assert not page.evaluate(CHIPS_CUT_JS), f"status chips cut, {where}: {page.evaluate(CHIPS_CUT_JS)}"
    assert not page.evaluate(CARDS_CUT_JS, ".lf-table .lf-card"), \
        f"cards cut, {where}: {page.evaluate(CARDS_CUT_JS, '.lf-table .lf-card')}"
    if width >= 1024:  # a laptop: everything at once, nothing to scroll
        assert b["page"] <= height + 1, f"the page scrolls, {where}"
        for name in ("fronts", "tracks", "fascist", "factions"):
            assert _inside(b[name], screen) and _inside(b[name], b["main"]), f"the {name} are not all in view, {where}"
        assert b["log"] is not None and _inside(b["log"], screen) if width >= 1400 else b["logButton"] is not None, where
    else:  # a phone or a tablet: the Fronts on top, the rest of the board one swipe of the board's area away
        assert _inside(b["fronts"], b["main"]), f"the Fronts are not in view, {where}"
        reach = b["main"]["top"] + 2 * (b["main"]["bottom"] - b["main"]["top"])
        for name in ("tracks", "fascist", "factions"):
            assert b[name]["bottom"] <= reach, f"the {name} are more than one swipe away, {where}"
        small = page.evaluate(SMALL_JS, CONTROLS)
        assert not small, f"controls smaller than 44 px on a phone or a tablet, {label} at {width}: {small}"
        if width <= 600:
            tiny = page.evaluate(SMALL_TEXT_JS)
            assert not tiny, f"text under 12 px on a phone, {label}: {tiny}"
        # the Government track's Centre is a line (its word explains itself on a tap): no label over the name
        assert page.evaluate("() => Array.from(document.querySelectorAll('.lf-a-tracks .lf-centre span'))"
                             ".every(e => e.offsetParent === null)"), label
    icons = page.evaluate(ICONS_JS)
    assert icons == {"ligatures": [], "unlabelled": 0}, f"{label}: {icons}"


def _closed_option_says_why(page) -> bool:
    """Tap a board target whose options are all closed (if the page has one): its reason appears. Whether one was."""
    closed = page.locator(".lf-table [data-why]")
    if not closed.count():
        return False
    why = closed.first.get_attribute("data-why")
    closed.first.tap()
    expect(page.locator(".lf-bubble")).to_have_text(why)
    assert why.startswith("Not now: ")
    return True


def test_the_whole_table_is_in_view_at_every_decision(table, positions):
    """Fronts, tracks and Bonuses, the Fascist card and its Test, the factions, the prompt and the hand are all in
    view at 1440x900 and 1280x720, with the log beside them or one tap away; on a phone the Fronts, the prompt and
    the hand are in view and the rest of the board one swipe away. At every kind of decision."""
    server, games, devices = table
    labels = sorted(label for label in positions if label != SHARED_SPACE)  # (a turn/main like another: for menus)
    assert set(CORE) <= set(labels)
    reasons = 0
    for label in labels:
        device = _join(devices, server, games[label])
        page = device.page
        expect(page.get_by_test_id("prompt").locator(".lf-prompt-h").first).to_be_visible()
        for width, height, kind in SIZES:
            if kind == "tablet" and label not in CORE:
                continue
            if kind in ("phone", "tablet"):
                phone = _at_size(devices, device, width, height, kind)
                _check_layout(label, phone, width, height)
                version = _version(phone)
                reasons += _closed_option_says_why(phone)
                assert _version(phone) == version, "a tap on a closed option changed the game"
                phone.context.close()
            else:
                _check_layout(label, _at_size(devices, device, width, height, kind), width, height)
        assert not [e for e in device.errors if "pageerror" in e], device.errors
        device.context.close()
        devices.open.remove(device)
    assert reasons, "no position had a closed option on the board to tap"


def _version(page) -> int:
    return snapshot(page)["version"]


def _tap(page, selector: str, taps: list[str]) -> None:
    page.locator(selector).first.click()
    taps.append(selector)


def test_a_turn_takes_three_taps_card_action_points_front(table):
    """Rulebook pg. 6: a card played for its Action Points adds its strength to one Front. On the table: tap the
    card, "Action Points", then the Front; the engine applies exactly that."""
    server, games, devices = table
    device = _join(devices, server, games["turn/main#taps"])
    page, mirror = device.page, Mirror(server.db_path, games["turn/main#taps"][0])
    before = _version(page)
    taps: list[str] = []
    _tap(page, ".lf-hcard[data-menu]", taps)  # the card chosen for this turn: its Event or its Action Points
    menu = page.locator(".lf-hcard[data-menu] > .lf-menu")
    expect(menu).to_be_visible()
    expect(menu.locator("[data-key^='event:']")).to_be_visible()
    _tap(page, ".lf-hcard[data-menu] > .lf-menu [data-hint]", taps)
    front = page.locator(".lf-front[data-key^='ap_front:']").first
    key = front.get_attribute("data-key")
    _tap(page, f".lf-front[data-key='{key}']", taps)
    wait_version(page, before + 1)
    mirror.refresh()
    assert len(taps) == 3
    assert mirror.state.actions[before]["action"] == {"kind": "ap_front", "arg": key.split(":")[1]}
    shown = snapshot(page)["board"]["fronts"]
    assert {f: v["value"] for f, v in shown.items()} == {f: fs.value for f, fs in mirror.state.fronts.items()}


def test_a_tap_on_the_space_where_the_marker_lands_moves_the_track(table):
    """Rulebook pg. 6: Action Points move one track as many steps as the card's strength; the space outlined is the
    one the engine says the marker lands on (``lands``), a tap on it sends the move up (``ap_track:<track>:+1``), and
    the track shows where the engine put it."""
    server, games, devices = table
    device = _join(devices, server, games["turn/main#track"])
    page, mirror = device.page, Mirror(server.db_path, games["turn/main#track"][0])
    before = _version(page)
    # A card of the hand that takes nothing now zooms at a tap.
    other = page.locator(".lf-hcard:not([data-key]):not([data-menu]) .lf-card").first
    other.click()
    expect(page.get_by_test_id("zoom")).to_be_visible()
    page.get_by_test_id("zoom-close").click()
    expect(page.get_by_test_id("zoom")).to_have_count(0)
    space = page.locator(".lf-sp[data-key^='ap_track:'][data-key$=':+1']").first
    key = space.get_attribute("data-key")
    track, value = key.split(":")[1], snapshot(page)["board"]["tracks"][key.split(":")[1]]
    lands = next(c.lands for c in decision(mirror.state, games["turn/main#track"][1]).choices if c.action.key == key)
    assert space.get_attribute("data-ref") == lands, "the target is the space the engine says the marker lands on"
    space.click()
    wait_version(page, before + 1)
    mirror.refresh()
    assert mirror.state.actions[before]["action"] == {"kind": "ap_track", "arg": track, "n": 1}
    assert f"space:{track}:{mirror.state.tracks[track]}" == lands and mirror.state.tracks[track] > value
    assert snapshot(page)["board"]["tracks"] == dict(mirror.state.tracks)


#: Open every menu of the table's pieces in turn, its piece first at the top of the board's view (a menu with no room
#: above its piece opens below it) and then in the middle, and ask at the middle of each of its lines what a tap
#: there would hit: [lines looked at, the lines something else covers (piece, line, what a tap would hit)].
MENUS_ON_TOP_JS = """
() => {
  const bad = []; let lines = 0;
  for (const op of document.querySelectorAll('.lf-table [data-menu]')) {
    if (op.offsetParent === null || op.closest('.lf-panel-side')) continue;
    for (const block of ['start', 'center']) {
      op.scrollIntoView({block: block, behavior: 'instant'});
      op.click();
      const menu = op.querySelector(':scope > .lf-menu');
      if (!menu || menu.hidden) { bad.push([op.dataset.tgt, 'no menu opened', null]); continue; }
      for (const line of menu.querySelectorAll('button')) {
        const r = line.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        lines += 1;
        if (!hit || !line.contains(hit))
          bad.push([op.dataset.tgt, line.textContent.trim(),
                    hit && (hit.closest('[data-tgt]') || hit).outerHTML.slice(0, 90)]);
      }
      window.lfCloseMenus();
    }
  }
  return [lines, bad];
}
"""


def test_an_open_menu_is_above_every_other_piece_of_the_table(table):
    """A piece with several options opens a menu of them; a tap on a line takes that line, whatever piece lies
    under the menu: a track space's menu with no room above opens over the next track, whose spaces are targets
    too (a phone met it in a whole game: its tap opened the Foreign Aid space under the Soviet Support menu)."""
    server, games, devices = table
    device = _join(devices, server, games[f"{SHARED_SPACE}#menus"])
    before = _version(device.page)
    for width, height, kind in SIZES:
        page = _at_size(devices, device, width, height, kind)
        lines, covered = page.evaluate(MENUS_ON_TOP_JS)
        assert lines >= 8, f"the position has menus on the board (a card's, track spaces'): {lines} lines"
        assert not covered, f"menu lines under another piece at {width}x{height}: {covered}"
        assert _version(page) == before, "opening the menus took nothing"
        if page is not device.page:
            page.context.close()
    device.context.close()
    devices.open.remove(device)


def test_the_event_is_played_from_the_cards_menu(table):
    """Rulebook pg. 6: a card played for its Event. Tap the card, then its Event (confirmed only if Undo could not
    take it back)."""
    server, games, devices = table
    device = _join(devices, server, games["turn/main#event"])
    page, mirror = device.page, Mirror(server.db_path, games["turn/main#event"][0])
    before = _version(page)
    page.locator(".lf-hcard[data-menu]").click()
    line = page.locator(".lf-hcard[data-menu] > .lf-menu [data-key^='event:']")
    key = line.get_attribute("data-key")
    line.click()
    confirm_if_asked(page, before, touch=False)
    wait_version(page, before + 1)
    mirror.refresh()
    assert mirror.state.actions[before]["action"] == {"kind": "event", "arg": key.split(":")[1]}
    assert key.split(":")[1] not in mirror.state.factions[games["turn/main#event"][1]].hand


def test_a_medallion_is_claimed_by_a_tap(table):
    """Rulebook pg. 10 (Medallions): the player who reaches a medallion space takes one of the medallions on the
    board. Tap its chip."""
    server, games, devices = table
    game = games["pick/medallion#tap"]
    device = _join(devices, server, game, kind="phone")
    page, mirror = device.page, Mirror(server.db_path, game[0])
    before = _version(page)
    chip = page.locator(".lf-medchip[data-key^='medallion:']").first
    medallion = chip.get_attribute("data-key").split(":")[1]
    chip.tap()
    wait_past(page, before)  # the Non-players may play on at once
    mirror.refresh()
    assert medallion in mirror.state.factions[game[1]].medallions
    assert medallion not in mirror.state.medallions
    expect(page.locator(f".lf-a-facs .lf-f-{game[1]} [data-ref='medallion:{medallion}']")).to_be_visible()


def test_cards_zoom_by_tap_and_long_press_and_every_symbol_explains_itself_on_tap(table):
    server, games, devices = table
    game = games["choose#zoom"]
    device = _join(devices, server, game, kind="phone")
    page = device.page
    content = load_content()
    before = _version(page)
    # The Fascist card zooms at a tap, with its line of history.
    fascist_id = page.locator(".lf-a-fascist .lf-fcard").get_attribute("data-ref").split(":")[1]
    page.locator(".lf-a-fascist .lf-fcard").tap()
    zoom = page.get_by_test_id("zoom")
    expect(zoom).to_be_visible()
    expect(zoom).to_contain_text(content.fascist_cards[fascist_id].history)
    page.get_by_test_id("zoom-close").tap()
    expect(zoom).to_have_count(0)
    # A card of the hand is a target (choose it in secret): a long press zooms it and chooses nothing.
    card = page.locator(".lf-hcard[data-key^='choose:']").first
    card_id = card.get_attribute("data-key").split(":")[1]
    box = card.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    expect(zoom).to_be_visible()
    page.mouse.up()
    expect(zoom).to_contain_text(content.player_cards[card_id].history)
    page.get_by_test_id("zoom-close").tap()
    assert _version(page) == before, "a long press took the card"
    # The side panels open and close at a tap; their controls are finger-sized too.
    for panel in ("tabs", "log"):
        page.get_by_test_id(f"open-{panel}").tap()
        expect(page.locator(f".lf-t-{panel}")).to_be_visible()
        sel = f".lf-t-{panel} .lf-panel-x, .lf-t-{panel} .q-tab"
        assert not page.evaluate(SMALL_JS, sel), page.evaluate(SMALL_JS, sel)
        page.get_by_test_id(f"close-{panel}").tap()
        expect(page.locator(f".lf-t-{panel}")).to_be_hidden()
    # A trigger on a track space explains itself at a tap (a phone has no hover).
    space = page.locator(".lf-a-tracks .lf-sp:not([data-key]):not([data-menu]):not([data-why]) .lf-trig[title]").first
    words = space.get_attribute("title")
    space.tap()
    expect(page.locator(".lf-bubble")).to_have_text(words)
    assert _version(page) == before
