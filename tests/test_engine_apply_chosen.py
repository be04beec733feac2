"""``apply_chosen`` (docs/engine.md, Contract): a policy picks its move from the decision, built once.

A search's playouts take thousands of moves; ``decision`` then ``apply`` built each decision twice. The function
must play exactly the game ``decision`` + ``apply`` plays, and refuse what ``apply`` refuses, changing nothing.
"""

from __future__ import annotations

import random

import pytest

from lf.engine import Action, Decision, GameState, IllegalAction, apply, apply_chosen, decision, new_game, to_json
from lf.engine.decisions import BUILD
from lf.engine.npc import choose, choose_in

NP = {"anarchists": "nonplayer", "communists": "nonplayer", "moderates": "nonplayer"}


def _seeded(seed: int):
    """A person's seat that picks a seeded random legal action (the same draw for the same decision)."""
    rng = random.Random(seed)

    def pick(state: GameState, d: Decision) -> Action:
        return rng.choice(sorted(c.action for c in d.choices))

    return pick


@pytest.mark.parametrize("seed", [3, 14])
def test_a_game_by_apply_chosen_is_the_game_by_decision_and_apply(seed: int) -> None:
    """Rulebook pg. 4 to the end: the same moves give the same game, byte for byte, log and all."""
    by_two, by_one = new_game(seed), new_game(seed)
    two, one = _seeded(seed), _seeded(seed)
    while by_two.result is None:
        f = by_two.pending[0]["faction"]
        apply(by_two, f, two(by_two, decision(by_two, f)))
        assert apply_chosen(by_one, f, one) == Action.parse(by_two.actions[-1]["action"])
    assert by_one.result is not None
    assert to_json(by_one) == to_json(by_two)


def test_the_non_players_chooser_plays_the_rules_of_appendix_3() -> None:
    """Appendix 3: ``choose_in`` on the built decision is ``choose``'s move, with the same rule."""
    state = new_game(9, NP)
    for _ in range(60):
        f = state.pending[0]["faction"]
        move = choose(state, f)
        assert choose_in(state, decision(state, f)) == move
        apply_chosen(state, f, lambda s, d: choose_in(s, d)[0], f"Non-player rule {move[1]}")
        assert state.actions[-1] == {"faction": f, "action": move[0].to_json(), "note": f"Non-player rule {move[1]}"}


def test_each_decision_is_built_once(monkeypatch: pytest.MonkeyPatch) -> None:
    state = new_game(5)
    f = state.pending[0]["faction"]
    kind = state.pending[0]["kind"]
    built: list[str] = []
    original = BUILD[kind]

    def counting(s: GameState, p: dict) -> Decision:
        built.append(p["kind"])
        return original(s, p)

    monkeypatch.setitem(BUILD, kind, counting)
    apply_chosen(state, f, lambda s, d: d.choices[0].action)
    assert built == [kind]


def test_a_move_outside_the_decision_is_refused_and_changes_nothing() -> None:
    """An illegal move is refused with the players' words (the legal choices by their labels), as ``apply``'s."""
    state = new_game(6)
    f = state.pending[0]["faction"]
    before = to_json(state)
    with pytest.raises(IllegalAction, match="is not legal for the") as refused:
        apply_chosen(state, f, lambda s, d: Action("ap_front", "madrid"))
    assert "ap_front" not in str(refused.value)
    assert to_json(state) == before
    with pytest.raises(IllegalAction, match="unknown faction"):
        apply_chosen(state, "nobody", lambda s, d: d.choices[0].action)
    pick = _seeded(6)
    while len(state.pending) == 3:
        apply_chosen(state, state.pending[0]["faction"], pick)
    idle = next(g for g in NP if g not in {p["faction"] for p in state.pending})
    before = to_json(state)
    with pytest.raises(IllegalAction, match="decision now"):
        apply_chosen(state, idle, lambda s, d: d.choices[0].action)
    assert to_json(state) == before
