"""The blueprint anchor (lf/ai/anchor.py): at a table with other persons the computer plays the playout rules'
move unless an option beats it by the margin; beside Non-players only it plays exactly as without the anchor.

Positions come from real games played by the playout rules; budgets are tiny so the tests stay fast. How much
the anchor helps a table win the war is the arena's to measure (docs/ai.md), never asserted here.
"""

from __future__ import annotations

from ai_helpers import PERSONS, positions, turn_of
from lf.ai import Budget, Move, decide
from lf.ai.anchor import anchor_margin, person_partners
from lf.ai.rollout import rollout_action
from lf.engine import legal_actions

BESIDE_NON_PLAYERS = {"anarchists": "human", "communists": "nonplayer", "moderates": "nonplayer"}


def _signature(move: Move) -> tuple:
    return move.action, tuple((o.action, o.visits, o.value) for o in move.reasons.options), move.reasons.line


def test_the_anchor_is_off_beside_non_players_only() -> None:
    """Beside two Non-players the partners' model (Appendix 3) is exact, so the anchor leaves every decision,
    and its reasons, as they were: the one-seat tables of docs/ai.md hold whatever the margin."""
    found = positions(31, BESIDE_NON_PLAYERS, turn_of("turn", "main"), limit=4)
    assert found
    for state, me in found:
        assert person_partners(state, me) == 0 and anchor_margin(state, me, 0.5) == 0.0
        plain = decide(state, me, Budget(iterations=16, horizon=1), seed=3)
        anchored = decide(state, me, Budget(iterations=16, horizon=1, anchor=5.0), seed=3)
        assert _signature(plain) == _signature(anchored) and not anchored.reasons.anchored


def test_at_a_table_of_persons_a_wide_anchor_plays_the_rules_move() -> None:
    """With a margin no option can beat, the computer plays what its playouts assume its partners play; without
    the anchor the search picks another move somewhere in the same positions (so the anchor does act)."""
    moved = anchored = 0
    for state, me in positions(32, PERSONS, turn_of("turn", "main"), limit=8):
        assert person_partners(state, me) == 2
        rules = rollout_action(state, me)
        wide = decide(state, me, Budget(iterations=16, horizon=1, anchor=100.0), seed=5)
        free = decide(state, me, Budget(iterations=16, horizon=1), seed=5)
        assert wide.action == rules.key
        assert wide.reasons.options[0].action == rules.key  # the move played comes first in the reasons
        moved += free.action != rules.key
        anchored += wide.reasons.anchored
    assert moved and anchored, "the search found nothing above the rules' move: the test has no power"


def test_anchored_moves_are_legal_and_repeat_for_a_seed() -> None:
    """Same seed, same move and reasons; the move is one of the decision's legal actions; the rules' move is
    measured in every round of the halving (as many playouts as the most measured option, give or take the
    last round's spare one), so the margin compares the two on the same worlds."""
    budget = Budget(iterations=24, horizon=1, anchor=0.2)
    for state, me in positions(33, PERSONS, turn_of("turn", "main"), limit=4):
        a, b = decide(state, me, budget, seed=7), decide(state, me, budget, seed=7)
        assert _signature(a) == _signature(b)
        assert a.action in {x.key for x in legal_actions(state, me)}
        rules = rollout_action(state, me).key
        visits = {o.action: o.visits for o in a.reasons.options}
        if rules in visits:
            assert visits[rules] >= max(visits.values()) - 1
