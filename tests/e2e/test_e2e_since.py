"""While you waited, in a real browser (issue 20): after a seat ends its turn, what happened until it must decide
again plays as steps with each change marked on the board; one tap skips them; the digest stays.

One person against two Non-players from "Play now", one turn: on a phone the steps are the top of the bottom sheet,
on a laptop they float over the board and never cover what they mark, nor what the seat may tap (its hand's cards
in the dock below the board included). The pace is set to step by step (the page's own setting) so each step waits
for the test's tap.
"""

from __future__ import annotations

import pytest
from e2e_play import OFFERED_OR_OVER_JS, confirm_if_asked, game_over, play_now, press, snapshot, take
from playwright.sync_api import expect

from lf.components.prompt import CONFIRM_KINDS
from lf.tools.page_policy import OFFERED_JS, kind_of

pytestmark = pytest.mark.e2e

#: The rectangles of the step box and of every mark on the board.
RECTS_JS = """() => {
  const r = el => { const b = el.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const box = document.querySelector('[data-testid=seq]');
  return {box: r(box), dock: r(document.querySelector('[data-testid=dock]')),
          rings: Array.from(document.querySelectorAll('.lf-seq-ring')).map(r),
          badges: Array.from(document.querySelectorAll('.lf-seq-badge')).map(b => b.textContent),
          taps: Array.from(document.querySelectorAll(
            '.lf-game .lf-clickable, .lf-game [data-key], [data-testid^="act-"]'))
            .filter(el => el.offsetParent !== null && !el.closest('[data-testid=seq]'))
            .map(el => [el.dataset.key || el.dataset.tgt || el.dataset.testid || el.className, ...r(el)]),
          view: [innerWidth, innerHeight]};
}"""


def _overlap(a: list[float], b: list[float]) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > 1 and min(a[3], b[3]) - max(a[1], b[1]) > 1


def _play_to_the_end_of_a_turn(page, touch: bool) -> bool:
    """Moves as a player makes them (a card in secret, Action Points on a Front, no Morale), then the end: True,
    or False if the war ended first."""
    for _ in range(30):
        page.wait_for_function(OFFERED_OR_OVER_JS, timeout=30_000)
        if game_over(page):
            return False
        keys = page.evaluate(OFFERED_JS)
        key = next((k for p in ("choose:", "ap_front:", "morale_skip", "end_turn") for k in keys if k.startswith(p)),
                   keys[0])
        before = snapshot(page)["version"]
        take(page, key, touch)
        if kind_of(key) in CONFIRM_KINDS:
            confirm_if_asked(page, before, touch)
        page.wait_for_function(f"() => +document.querySelector('[data-testid=game]').dataset.version > {before}")
        if key == "end_turn":
            return True
    raise AssertionError("no end of turn")


@pytest.mark.parametrize("kind", ["phone", "laptop"])
def test_after_its_turn_a_seat_sees_the_steps_marked_on_the_board_and_skips_them(devices, kind) -> None:
    device = devices.new(kind)
    page, touch = device.page, device.touch
    page.goto("/")
    page.wait_for_function("() => window.did_handshake === true")
    page.evaluate("() => localStorage.setItem('lf-since-pace', 'step')")
    play_now(page, touch)
    expect(page.get_by_test_id("seq")).to_have_count(0)  # a page just opened plays nothing: the digest says it
    _play_to_the_end_of_a_turn(page, touch)
    seq = page.get_by_test_id("seq")
    expect(seq).to_be_visible(timeout=20_000)
    expect(seq).to_contain_text("1 of ")
    seen = page.evaluate(RECTS_JS)
    if kind == "phone":  # the top of the bottom sheet
        box, dock = seen["box"], seen["dock"]
        assert dock[1] - 1 <= box[1] and box[3] <= dock[3] + 1, (box, dock)
    steps = int(seq.locator(".lf-seq-k").inner_text().split(" of ")[1])
    titles, marked = [], []
    for k in range(1, min(steps, 6) + 1):  # step by step: each waits for Next
        expect(seq.locator(".lf-seq-k")).to_have_text(f"{k} of {steps}")
        titles.append(seq.locator(".lf-seq-title").inner_text())
        seen = page.evaluate(RECTS_JS)
        marked.append(bool(seen["rings"] and seen["badges"]))
        if kind == "laptop":
            covered = [ring for ring in seen["rings"] if _overlap(seen["box"], ring)]
            assert not covered, f"step {k} covers its marks: box {seen['box']} over {covered} in {seen['view']}"
            # nor the seat's own targets (its hand's cards, the prompt's buttons): the box never stands in the way
            blocked = [tap for tap in seen["taps"] if _overlap(seen["box"], tap[1:])]
            assert not blocked, f"step {k} covers the seat's targets: box {seen['box']} over {blocked}"
        if k < steps:
            press(page, seq.get_by_test_id("seq-next"), touch)
    assert "Fascist Test" in titles or any(t.startswith("Year ") for t in titles), titles
    # a step that only moved cards in secret marks nothing; the Fascist card's Attacks and Test always do
    assert any(marked), f"the steps' changes are marked on the board, with what they became: {titles}"
    press(page, seq.get_by_test_id("seq-skip"), touch)  # one tap: the rest is skipped, the marks go
    expect(seq).to_be_hidden()
    expect(page.locator(".lf-seq-ring")).to_have_count(0)
    since = page.get_by_test_id("since")
    expect(since).to_contain_text("Since your last move")
    if since.locator(".lf-since-fold").get_attribute("aria-expanded") == "false":  # folded at first on a phone
        press(page, since.locator(".lf-since-fold"), touch)
    first = since.locator(".lf-since-b").first
    press(page, first, touch)  # a step of the digest unfolds and marks the board again, like a log entry
    expect(since.locator(".lf-since-s.open .lf-since-more").first).to_be_visible()
    expect(page.get_by_test_id("prompt")).to_be_visible()  # the seat's own decision is there all along
    assert not device.errors, device.errors


def test_a_rule_a_non_player_cites_opens_the_reference_at_that_rule(devices) -> None:
    device = devices.new("laptop")
    page = device.page
    # until a step of the digest cites a rule: a Non-player moved since the seat's move (a rule link in the log
    # alone is not enough: a Non-player's tie-break before the seat's first move is in the log, not in a step).
    # On about one deal in 150 the war ends first, or the seat is last in turn order for three turns and its
    # digests hold only the Test, the Bag and the next Fascist card: then another deal.
    cited = page.locator(".lf-since-s").filter(has=page.locator("a.lf-rule"))
    for _ in range(5):
        page.goto("/")
        page.wait_for_function("() => window.did_handshake === true")
        play_now(page)
        for _ in range(6):
            if cited.count() or not _play_to_the_end_of_a_turn(page, False):
                break
        if cited.count() and not game_over(page):
            break
    else:
        raise AssertionError("five deals without a step that cites a rule within six turns")
    fold = page.locator(".lf-since-fold")
    if fold.get_attribute("aria-expanded") == "false":  # folded when the side column is short (cramped)
        fold.click()
    cited.first.locator(".lf-since-b").click()
    link = page.locator(".lf-since-s.open a.lf-rule").first
    rule = link.get_attribute("data-rule")
    link.click()
    dialog = page.get_by_test_id("rules-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator(f"#lf-rule-{rule}")).to_be_in_viewport()
    assert "/game/" in page.url, "the game page stays under the dialog"
    assert not device.errors, device.errors
