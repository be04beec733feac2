"""The frame every page shares, in real Chromium: issue 12's findings on the top bar, icons, the rules dialog,
the teaching page's lessons and the pages that show nothing.

- The top bar's buttons and the dialogs' icon buttons are at least 44 x 44 px on a phone; every icon is hidden
  from screen readers and no icon's name is in the page's text; every button has a name.
- The rules dialog fills a phone's screen, its title bar and close button stay while the section scrolls,
  and all five tabs are on screen.
- A teaching lesson is on screen at 1440x900, 1280x720 and 390x844, also after scrolling to the end of the
  page, and "Show ..." brings the part of the board it explains into view; every lesson of lessons.toml fits its
  callout whole, "Got it" included, at each of those sizes; the Fronts stay in sight at 1440x900
  while a hand is shown for its secret choice.
- Unknown addresses and games (also malformed ids, and on the teaching page) answer HTTP 404 with a page that
  says so and links to the lobby.
"""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest
from e2e_play import SIZES, TEACH_PAST_JS, press_until, sized_context, upload, wait_game
from history_helpers import WON, game_file
from playwright.sync_api import Page, expect

from lf.components.teaching_lessons import lesson_words
from lf.teaching.guide import lessons

pytestmark = pytest.mark.e2e


#: Icons drawn as text (a Material icon's name as the element's text) and buttons without a name.
ICONS_JS = r"""
() => {
  const icons = [...document.querySelectorAll('.q-icon, .material-icons')];
  const named = [...document.querySelectorAll('button, [role=button], a[href]')].filter(b => b.getClientRects().length);
  const name = (b) => (b.getAttribute('aria-label') || b.innerText || b.getAttribute('title') || '').trim();
  return {
    icons: icons.length,
    as_text: icons.filter(i => i.textContent.trim() !== '').map(i => i.textContent.trim()),
    not_hidden: icons.filter(i => !i.closest('[aria-hidden=true]')).map(i => i.className),
    nameless: named.filter(b => !name(b)).map(b => b.outerHTML.slice(0, 120)),
  };
}
"""

#: Boxes of the visible top-bar controls and icon buttons that are under 44 px either way.
SMALL_JS = r"""
() => [...document.querySelectorAll('.lf-topbar .q-btn, .lf-topbar a, .lf-icon-btn')]
  .filter(el => el.getClientRects().length)
  .map(el => { const r = el.getBoundingClientRect();
               return {what: (el.getAttribute('aria-label') || el.innerText).trim(), w: r.width, h: r.height}; })
  .filter(b => b.w < 44 || b.h < 44)
"""


def _open(page: Page, path: str) -> None:
    page.goto(path)
    page.wait_for_function("() => window.did_handshake === true")


def _start_teaching(page: Page) -> None:
    _open(page, "/")
    page.get_by_test_id("teach-start").click()
    page.wait_for_url("**/teach/*")
    page.locator("[data-testid=teach]").wait_for()


def _in_view(page: Page, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    return (box is not None and box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= size["width"] + 0.5
            and box["y"] + box["height"] <= size["height"] + 0.5)


def _check_icons_and_targets(page: Page, where: str) -> None:
    found = page.evaluate(ICONS_JS)
    assert not found["as_text"], f"{where}: icon names in the page's text: {found['as_text']}"
    assert not found["not_hidden"], f"{where}: icons a screen reader would read: {found['not_hidden']}"
    assert not found["nameless"], f"{where}: buttons without a name: {found['nameless']}"
    assert not page.evaluate(SMALL_JS), f"{where}: controls under 44 px: {page.evaluate(SMALL_JS)}"


def test_top_bars_and_icons_on_a_phone(devices) -> None:
    """Every page's top bar (the lobby's, the game's, the teaching table's, the rules and status pages', a 404)."""
    phone = devices.new("phone")
    page = phone.page
    for path in ("/", "/rules", "/status", "/no/such/page"):
        _open(page, path)
        _check_icons_and_targets(page, path)
        if path != "/no/such/page":  # the icons are there, drawn from their class (assets/frame.js)
            assert page.locator(".lf-topbar .q-icon.lf-mi").count() > 0, path
    page.get_by_test_id("back-to-lobby").click()
    page.wait_for_url(devices.server.url + "/")
    page.wait_for_function("() => window.did_handshake === true")
    page.get_by_role("button", name="Rules").first.click()
    page.get_by_test_id("rules-dialog").wait_for()
    _check_icons_and_targets(page, "the rules dialog")
    page.keyboard.press("Escape")
    page.get_by_test_id("play-now").click()
    page.wait_for_url("**/game/*")
    wait_game(page)
    assert not page.evaluate(SMALL_JS), f"the game page's top bar: {page.evaluate(SMALL_JS)}"
    _start_teaching(page)
    _check_icons_and_targets(page, "the teaching page")
    expected = "the server responded with a status of 404"  # the address of the not-found page, once
    assert [e for e in phone.errors if expected in e] == [phone.errors[0]] and len(phone.errors) == 1, phone.errors


def test_the_rules_dialog_fills_a_phone_and_keeps_its_title_bar(devices) -> None:
    page = devices.new("phone").page
    _open(page, "/")
    page.get_by_role("button", name="Rules").first.click()
    card = page.get_by_test_id("rules-dialog")
    card.wait_for()
    page.wait_for_function("() => { const r = document.querySelector('[data-testid=rules-dialog]')"
                           ".getBoundingClientRect(); return r.top === 0 && r.left === 0; }")
    box = card.bounding_box()
    assert (box["width"], box["height"]) == (390, 844)
    tabs = page.locator(".lf-rules-tabs .q-tab")
    assert tabs.count() == 7  # ... and Appendix 3 (Non-players) and lf's readings
    for i in range(7):
        assert _in_view(page, f".lf-rules-tabs .q-tab >> nth={i}"), f"tab {i} is cut off"
    close = page.get_by_test_id("rules-close")
    before = close.bounding_box()
    page.locator(".lf-rules-body").evaluate("el => { el.scrollTop = 1500; }")
    assert page.locator(".lf-rules-body").evaluate("el => el.scrollTop") > 0, "the section does not scroll"
    assert close.bounding_box() == before and _in_view(page, "[data-testid=rules-close]")
    page.get_by_role("tab", name="Medallions").tap()
    expect(page.get_by_text("Five of the nine are on the board")).to_be_visible()
    close.tap()
    card.wait_for(state="detached")


@pytest.mark.parametrize("size", SIZES)
def test_the_lesson_is_always_on_screen(size: str, devices) -> None:
    ctx = sized_context(devices, size)
    try:
        page = ctx.new_page()
        _start_teaching(page)
        lesson = page.locator('[data-testid^="lesson-"]:not([data-testid^="lesson-ok"])'
                              ':not([data-testid^="lesson-show"])').first
        lesson.wait_for()
        lesson_id = lesson.get_attribute("data-testid")
        page.screenshot(path=str(devices.server.workdir / f"lesson-{size}.png"))
        assert _in_view(page, f"[data-testid={lesson_id}]"), f"{size}: the lesson is off screen"
        page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
        assert _in_view(page, f"[data-testid={lesson_id}]"), f"{size}: off screen at the end of the page"
        area = lesson.get_attribute("data-area")
        assert "lf-lesson-target" in page.get_by_test_id(f"area-{area}").get_attribute("class")
        page.get_by_test_id(lesson_id.replace("lesson-", "lesson-show-", 1)).click()
        page.wait_for_function(
            "a => { const r = document.querySelector(`[data-testid=area-${a}]`).getBoundingClientRect();"
            " return r.top >= 0 && r.top < window.innerHeight / 2; }", arg=area)
        page.get_by_test_id(lesson_id.replace("lesson-", "lesson-ok-", 1)).click()
        page.get_by_test_id(lesson_id).wait_for(state="detached")
    finally:
        ctx.close()


#: Draw each lesson's words in the callout on screen (its title, text, rulebook section and "Show ..." label) and
#: return those whose callout does not fit the screen whole, or must be scrolled inside to reach "Got it".
EVERY_LESSON_JS = """
(lessons) => {
  const el = document.querySelector('.lf-lesson-dock .lf-lesson'), dock = el.closest('.lf-lesson-dock');
  const parts = ['.lf-lesson-k', '.lf-lesson-t', '.lf-lesson-s', '.lf-lesson-show .block']
    .map(s => el.querySelector(s));
  const kept = parts.map(p => p.textContent);
  const out = [];
  for (const l of lessons) {
    parts.forEach((p, i) => { p.textContent = l.words[i]; });
    const r = el.getBoundingClientRect();
    if (r.top < 0 || r.bottom > innerHeight + 0.5 || dock.scrollHeight > dock.clientHeight + 1)
      out.push(`${l.id}: ${Math.round(r.height)} px high, the callout ${dock.clientHeight} px`);
  }
  parts.forEach((p, i) => { p.textContent = kept[i]; });
  return out;
}
"""


@pytest.mark.parametrize("size", SIZES)
def test_every_lesson_fits_its_callout_whole(size: str, devices) -> None:
    """The first lesson a deal brings is one of several (a tie-break's, the Fascist event's), and the longest
    ones were taller than a phone's callout: "Got it" was below the screen's edge until the callout was scrolled.
    Every lesson's words, drawn in the real callout with the page's CSS, fit it whole."""
    ctx = sized_context(devices, size)
    try:
        page = ctx.new_page()
        _start_teaching(page)
        page.locator(".lf-lesson-dock .lf-lesson").wait_for()
        words = [{"id": lesson.id, "words": lesson_words(lesson)} for lesson in lessons()]
        too_tall = page.evaluate(EVERY_LESSON_JS, words)
        assert not too_tall, f"{size}: " + "; ".join(too_tall)
    finally:
        ctx.close()


def test_the_fronts_stay_in_sight_while_the_table_chooses_in_secret(devices) -> None:
    """Issue 20: at 1440x900 the Fronts were below the fold while the players chose their cards. They are what the
    cards are chosen for: while a hand is shown for its secret choice, the Fronts are on screen above it, and so
    is the first row of the hand."""
    ctx = sized_context(devices, "1440x900")
    try:
        page = ctx.new_page()
        _start_teaching(page)  # three factions at the table
        for _ in range(8):  # the Initiative player's tie-breaks first: a Front, then a faction or a Track on some deals
            page.wait_for_function("() => !!document.querySelector('[data-testid^=iam-], [data-testid^=act-]')")
            if page.locator("[data-testid^=iam-]").count():
                break
            version = int(page.get_by_test_id("teach").get_attribute("data-version"))
            press_until(page, page.locator("[data-testid^=act-]").first, False, TEACH_PAST_JS, version)
        page.locator("[data-testid^=iam-]").first.click()
        page.locator("[data-testid^=act-choose]").first.wait_for()
        page.screenshot(path=str(devices.server.workdir / "choosing-1440x900.png"))
        assert _in_view(page, "[data-testid=area-fronts]"), "the Fronts are off screen while a hand is chosen from"
        card = page.locator(".lf-tpick").first.bounding_box()
        assert card is not None and card["y"] < 900, "the hand's first row is off screen"
    finally:
        ctx.close()


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


@pytest.mark.parametrize("path,title", [
    ("/no/such/page", "Page not found"),
    ("/game/000000000000", "This game doesn't exist"),
    ("/game/not-an-id!", "This game doesn't exist"),
    ("/teach/000000000000", "This game doesn't exist"),
])
def test_what_does_not_exist_is_a_404_page_in_the_frame(path: str, title: str, devices) -> None:
    assert _status(devices.server.url + path) == 404
    assert _status(devices.server.url + "/status") == 200
    page = devices.new("laptop").page
    response = page.goto(path)
    assert response is not None and response.status == 404
    page.wait_for_function("() => window.did_handshake === true")
    expect(page.get_by_role("heading", name=title)).to_be_visible()
    expect(page.locator(".lf-topbar")).to_be_visible()
    page.get_by_role("link", name="Back to the lobby").click()
    page.get_by_test_id("play-now").wait_for()


#: The icon of a button, as drawn: its class, the name its ::before draws (assets/frame.js) and its width.
ICON_OF_JS = r"""
(el) => { const i = el.querySelector('.q-icon'); const r = i.getBoundingClientRect();
          return {cls: i.className, drawn: getComputedStyle(i, '::before').content, text: i.textContent, w: r.width}; }
"""


def test_icons_on_the_end_screen_the_replay_and_the_seats_dialog(devices, tmp_path) -> None:
    """Issue 12's trial: the end screen's "Back to the lobby" (a Material icon, assets/frame.js) next to the
    table's own symbols (lf/components/icons.py q_icon): each drawn as an icon, no icon's name in the page's
    text, every button named (the Seats dialog's close button too)."""
    host = devices.new("laptop", "host")
    game_id = upload(host, game_file(WON, "Icons"), tmp_path, "won").split("/")[1]
    page = devices.new("phone").page
    _open(page, f"/game/{game_id}")
    lobby = page.get_by_test_id("to-lobby")
    lobby.wait_for()
    _check_icons_and_targets(page, "the end screen")
    icon = lobby.evaluate(ICON_OF_JS)
    assert "lf-mi-home" in icon["cls"] and icon["drawn"] == '"home"' and icon["text"] == "", icon
    assert icon["w"] < 32, f"the icon is drawn as the word 'home', not as its symbol: {icon}"
    assert "home" not in page.locator("body").inner_text()
    _open(page, f"/replay/{game_id}")
    page.get_by_test_id("replay-root").wait_for()
    _check_icons_and_targets(page, "the replay")
    _open(page, "/")
    page.get_by_test_id("play-now").click()
    page.wait_for_url("**/game/*")
    wait_game(page)
    page.get_by_test_id("seats").click()
    page.get_by_test_id("seats-dialog").wait_for()
    page.locator(".lf-seats-card .lf-icon-btn").first.wait_for()  # laid out (CI once measured it at 0x0 before)
    _check_icons_and_targets(page, "the Seats dialog")
    close = page.locator(".lf-seats-card .lf-icon-btn").first
    assert close.get_attribute("aria-label") == "Close"
