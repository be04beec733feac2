"""History frames ("what happened" in teaching mode): exact replay, public only."""

from __future__ import annotations

from lf.engine import to_json
from lf.engine.history import frames
from lf.tools.players import moves, random_policy
from lf.engine import new_game


def _mid_game(seed: int = 2):
    state = new_game(seed)
    for n, _ in enumerate(moves(state, random_policy(seed))):
        if state.turn >= 3:
            return state
    raise AssertionError("game ended too soon")


def test_frames_cover_the_previous_turn_and_end_at_the_present() -> None:
    state = _mid_game()
    fs = frames(state)
    assert fs[-1].view["version"] == len(state.actions)
    assert fs[-1].view["fronts"] == {f: fs_.model_dump() for f, fs_ in state.fronts.items()}
    first_turn = fs[0].view["turn"]
    assert first_turn == state.turn - 1 or fs[0].index == 0
    assert all(b.index == a.index + 1 for a, b in zip(fs, fs[1:]))
    assert any(line for f in fs for line in f.lines)


def test_frames_never_show_a_hand_to_a_spectator_and_change_nothing() -> None:
    state = _mid_game(5)
    before = to_json(state)
    for f in frames(state, None):
        assert all("hand" not in fv for fv in f.view["factions"].values())
    assert to_json(state) == before
