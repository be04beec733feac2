"""The Fascists' strength in a real browser (issue 28): chosen in Play now, shown beside the Year on the table at
every size, and explained by a tap on its chip; the teaching table starts at the gentlest level and says so too.

Screenshots are left in /tmp/shots/levels_*.png (the lobby's choice, the table at 1440x900, 1280x720 and 390x844
with the chip's explanation open, the teaching table on a phone).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from e2e_play import press, wait_game
from playwright.sync_api import expect
from test_e2e_table import CHIPS_CUT_JS

from lf.engine.content import level_ids, load_content

pytestmark = pytest.mark.e2e
SHOTS = Path("/tmp/shots")
LEVELS = {lv.id: lv for lv in load_content().levels}
#: The longest name: the chip that most needs the room.
CHOSEN = max(LEVELS.values(), key=lambda lv: len(lv.name))
#: The level chip is whole and inside the status line (never under the panel buttons, never wider than its words).
CHIP_WHOLE_JS = """
() => { const c = document.querySelector('.lf-status [data-testid=level-chip]'); if (!c) return 'no chip';
  const r = c.getBoundingClientRect(), s = c.closest('.lf-status').getBoundingClientRect();
  if (c.scrollWidth > c.clientWidth + 1) return 'its words overflow it';
  if (r.right > s.right + 1 || r.left < s.left - 1) return 'outside the status line';
  return r.width > 0 && r.height > 0 ? '' : 'not drawn'; }
"""


def _shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_timeout(250)  # fonts and the sprite settle before the picture
    page.screenshot(path=str(SHOTS / f"levels_{name}.png"))


def _chip_explains(page, touch: bool, where: str) -> None:
    """The chip names the level, fits, and a tap (a click) on it says what the level changes (a picture of each)."""
    chip = page.locator(".lf-status [data-testid=level-chip]")
    expect(chip).to_contain_text(CHOSEN.name)
    assert not page.evaluate(CHIPS_CUT_JS), f"status chips cut, {where}: {page.evaluate(CHIPS_CUT_JS)}"
    assert not page.evaluate(CHIP_WHOLE_JS), f"the level chip, {where}: {page.evaluate(CHIP_WHOLE_JS)}"
    _shot(page, f"table_{where}")
    press(page, chip, touch)
    expect(page.locator(".lf-bubble")).to_contain_text(CHOSEN.summary)
    _shot(page, f"table_{where}_tap")
    press(page, page.locator(".lf-status .lf-chip.strong"), touch)  # a tap elsewhere (the Year) closes it
    expect(page.locator(".lf-bubble")).to_have_count(0)


def test_a_level_chosen_in_play_now_is_on_the_table_beside_the_year_at_every_size(lf_server, devices):
    me = devices.new("laptop")
    page = me.page
    page.goto("/")
    page.wait_for_function("() => window.did_handshake === true")
    expect(page.get_by_test_id("play-strength-hint")).to_have_text(LEVELS["standard"].summary)
    page.get_by_test_id("play-strength").click()
    page.get_by_role("option", name=CHOSEN.name).click()
    expect(page.get_by_test_id("play-strength-hint")).to_have_text(CHOSEN.summary)
    _shot(page, "lobby_1440x900")
    page.get_by_test_id("play-as-anarchists").click()
    page.wait_for_url("**/game/*")
    wait_game(page)
    year = page.locator(".lf-status .lf-chip.strong")
    expect(year.locator("xpath=following-sibling::*[1]")).to_have_attribute("data-level", CHOSEN.id)  # beside it
    for width, height in ((1440, 900), (1280, 720)):
        page.set_viewport_size({"width": width, "height": height})
        _chip_explains(page, False, f"{width}x{height}")
    phone = devices._context("phone", storage_state=me.context.storage_state()).new_page()  # the same seat
    devices.watch(me, phone)
    phone.goto(page.url)
    wait_game(phone)
    _chip_explains(phone, True, "390x844")
    assert not me.errors, me.errors


def test_the_teaching_table_starts_at_the_gentlest_level_and_its_chip_explains_itself(lf_server, devices):
    gentlest = LEVELS[level_ids()[0]]
    me = devices.new("phone")
    page = me.page
    page.goto("/")
    page.wait_for_function("() => window.did_handshake === true")
    box = page.get_by_test_id("teach-box")
    expect(box.get_by_test_id("teach-strength-hint")).to_have_text(gentlest.summary)
    box.get_by_test_id("teach-strength").scroll_into_view_if_needed()
    _shot(page, "lobby_teach_390x844")
    press(page, box.get_by_test_id("teach-start"), True)
    page.wait_for_url("**/teach/*")
    chip = page.locator(".lf-status [data-testid=level-chip]")
    expect(chip).to_contain_text(gentlest.name)
    assert not page.evaluate(CHIP_WHOLE_JS), page.evaluate(CHIP_WHOLE_JS)
    press(page, chip, True)  # outside the game page's table too, a tap on a status chip says what it means
    expect(page.locator(".lf-bubble")).to_contain_text(gentlest.summary)
    _shot(page, "teaching_390x844")
    assert not me.errors, me.errors
