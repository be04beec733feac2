"""No Front can fall before any faction has played a card (CONTENT.md, "Play as people feel it").

Rulebook pg. 3 (Setup: each Front starts with 2 Attacks, at -2) and pg. 5 (the turn begins with the Fascist
Event, before any player chooses a card); pg. 8: a Front at -10 suffers Defeat. So the first card revealed
must never bring 8 Attacks onto one Front, whatever the Initiative player chooses in its ties.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import lf.engine.content as content_module
from lf.engine import turn
from lf.engine.content import load_content
from lf.tools import check
from lf.tools.opening import card_falls, opening_falls


def test_no_year1_card_defeats_a_front_from_the_starting_board():
    assert [f.words() for f in opening_falls()] == []


@pytest.fixture
def year1_card(monkeypatch) -> Iterator:
    """Give a Year 1 card other Attacks, in memory only (the shipped files are untouched)."""
    base = load_content()

    def give(card_id: str, attacks: list[tuple[str, int]]) -> None:
        cards = dict(base.fascist_cards)
        cards[card_id] = cards[card_id].model_copy(update={"attacks": attacks})
        patched = base.model_copy(update={"fascist_cards": cards})
        monkeypatch.setitem(content_module._LOADED, base.version, patched)  # noqa: SLF001 (the loaded content)
        turn.fascist_lines.cache_clear()

    yield give
    turn.fascist_lines.cache_clear()


def test_8_attacks_on_the_front_closest_to_defeat_would_defeat_any_front(year1_card):
    """lf-original-2's Battle of Jarama (8 D): every Front is at -2, so the tie may send them to any of the four."""
    year1_card("F1-12", [("D", 8), ("M", 1)])
    falls = card_falls("F1-12")
    assert sorted({f for fall in falls for f in fall.fronts}) == ["aragon", "madrid", "northern", "southern"]
    assert all(fall.choices for fall in falls)  # each came from a tie choice the engine asked


def test_only_the_tie_choice_that_leads_there_is_reported(year1_card):
    """lf-original-2's Assault on Madrid (5 D, then 3 M): only choosing Madrid for the 5 reaches -10 there."""
    year1_card("F1-09", [("D", 5), ("M", 3)])
    [fall] = card_falls("F1-09")
    assert fall.fronts == ("madrid",) and fall.choices == ("Madrid Front",)
    assert "Assault on Madrid, revealed first, defeats the Madrid Front" in fall.words()


def test_lf_check_fails_on_such_a_card(year1_card, capsys):
    assert check.run() == 0
    assert "none of the 18 Year 1 cards can defeat a Front" in capsys.readouterr().out
    year1_card("F1-04", [("V", 4), ("M", 4)])  # 4 on the tied Madrid, then 4 more: -10
    assert check.run() == 1
    out = capsys.readouterr().out
    assert "a Year 1 Fascist card can defeat a Front before anyone has played a card" in out
    assert "content error: at Standard" in out and "Relief of the Alcázar" in out
