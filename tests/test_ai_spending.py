"""The computer (and so the coach) does not buy cards the Year cannot use (issue 29; lf/ai/candidates.py).

Found: the coach suggested "Draw a card" six times in a row with 12 cards in hand one turn before the End of the
Year kept 2 (rulebook pg. 10: the rest of the hand is discarded). Its playouts end a few turns ahead, before the
discard, so they could not see the waste. A hand holding a card for every turn left, what the End of the Year keeps
(1 after Year 1, 2 after Year 2; the Final Bid's 3 in Year 3, pg. 10) and one to spare is full: buying is not
weighed.
"""

from __future__ import annotations

from ai_helpers import PERSONS, positions

from lf.ai.candidates import SPARE_CARDS, candidates, usable_cards
from lf.engine import legal_actions
from lf.engine.game import GameState


def _after_a_card(state: GameState) -> str | None:
    """A person's turn after its card, where a card can be bought with a Hero point."""
    for p in state.pending:
        f = p["faction"]
        if p["kind"] == "turn" and p.get("phase") == "after" and any(
                a.kind == "hp_draw" for a in legal_actions(state, f)):
            return f
    return None


def test_the_years_usable_cards_follow_the_end_of_the_year_and_the_final_bid() -> None:
    state, _ = positions(61, PERSONS, _after_a_card, limit=1)[0]
    for year, turn, usable in ((1, 1, 3 + 1), (1, 4, 0 + 1), (2, 3, 1 + 2), (3, 1, 3 + 3), (3, 4, 0)):
        state.year, state.turn = year, turn
        assert usable_cards(state) == usable, (year, turn)


def test_a_card_is_bought_only_while_the_hand_holds_fewer_than_the_year_can_use() -> None:
    found = positions(61, PERSONS, _after_a_card, limit=1)
    assert found, "no turn after a card with a card to buy"
    state, me = found[0]
    state.year, state.turn = 2, 3  # a turn before the End of Year 2: 1 turn left, 2 kept
    fa = state.factions[me]
    spare = [c for c in fa.deck + fa.discard if c not in fa.hand]
    full = usable_cards(state) + SPARE_CARDS
    for size, weighed in ((full - 1, True), (full, False), (full + 8, False)):
        fa.hand = [c for c in ([*fa.hand] + spare) if c != fa.chosen][:size]
        acts = legal_actions(state, me)
        assert any(a.kind == "hp_draw" for a in acts)
        kept = candidates(state, me, acts, "turn", "after")
        assert any(a.kind == "hp_draw" for a in kept) == weighed, (size, [a.key for a in kept])
