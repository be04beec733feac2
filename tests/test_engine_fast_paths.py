"""The engine's shortcuts for speed (issue 19) agree with the rules they shortcut.

``movable_steps`` answers from a table what ``blocked_reason`` says step by step (rulebook pg. 9: a track cannot
pass its ends, Liberty cannot pass 7 without Collectivization at 8, Government cannot pass 3 or 7 without Soviet
Support or Foreign Aid at 8); ``step_nonplayers`` builds each Non-player decision once where ``choose`` + ``apply``
build it twice, and must play exactly the same game.
"""

from __future__ import annotations

import itertools
import random

import pytest

from lf.engine import apply, new_game, to_json
from lf.engine.constants import COLLECTIVIZATION, FOREIGN_AID, GOVERNMENT, LIBERTY, SOVIET_SUPPORT, TRACKS
from lf.engine.npc import choose, step_nonplayers
from lf.engine.tracks import STEPS, blocked_reason, movable_steps

ALL_NONPLAYER = {"anarchists": "nonplayer", "communists": "nonplayer", "moderates": "nonplayer"}


def _by_rule(state) -> list[tuple[str, int]]:
    return [(t, d) for t, d in STEPS if blocked_reason(state, t, d) is None]


def test_movable_steps_agree_with_blocked_reason_on_every_dependency() -> None:
    """Every combination of the tracks that gate each other (pg. 9), the others at random."""
    state = new_game(1)
    rng = random.Random(1)
    values = range(0, 11)
    for lib, col, gov, sov, aid in itertools.product(values, values, (0, 2, 3, 4, 6, 7, 8, 10), (0, 7, 8, 10),
                                                     (0, 7, 8, 10)):
        state.tracks.update({LIBERTY: lib, COLLECTIVIZATION: col, GOVERNMENT: gov, SOVIET_SUPPORT: sov,
                             FOREIGN_AID: aid})
        assert list(movable_steps(state)) == _by_rule(state), dict(state.tracks)
    for _ in range(2000):
        state.tracks.update({t: rng.randint(0, 10) for t in TRACKS})
        assert list(movable_steps(state)) == _by_rule(state), dict(state.tracks)


def test_the_dependencies_are_real() -> None:
    """The table is not trivially "everything moves": the rulebook's blocks show in it."""
    state = new_game(1)
    state.tracks.update({LIBERTY: 7, COLLECTIVIZATION: 7, GOVERNMENT: 3, SOVIET_SUPPORT: 7, FOREIGN_AID: 10})
    steps = movable_steps(state)
    assert (LIBERTY, 1) not in steps and (GOVERNMENT, -1) not in steps and (FOREIGN_AID, 1) not in steps
    state.tracks.update({COLLECTIVIZATION: 8, SOVIET_SUPPORT: 8})
    steps = movable_steps(state)
    assert (LIBERTY, 1) in steps and (GOVERNMENT, -1) in steps


@pytest.mark.parametrize("seed", range(12))
def test_step_nonplayers_plays_the_game_choose_and_apply_play(seed: int) -> None:
    fast = new_game(seed, ALL_NONPLAYER)
    step_nonplayers(fast)
    slow = new_game(seed, ALL_NONPLAYER)
    while slow.result is None:
        f = slow.pending[0]["faction"]
        action, rule = choose(slow, f)
        apply(slow, f, action, f"Non-player rule {rule}")
    assert fast.result is not None
    assert to_json(fast) == to_json(slow)


def test_the_hero_point_track_steps_are_offered_with_the_right_reasons() -> None:
    """A person's spends (pg. 7: 2-4 Hero points a step by track) come from a table: the same choices, and the same
    reasons for the closed ones, as asking each step afresh."""
    from lf.engine.constants import TRACK_HP_PRICE
    from lf.engine.decisions import spend_choices

    state = new_game(2)
    rng = random.Random(2)
    for _ in range(600):
        state.tracks.update({t: rng.randint(0, 10) for t in TRACKS})
        hp = rng.randint(0, 7)
        state.factions["moderates"].hero = hp
        ok, no = spend_choices(state, "moderates")
        offered = [c.action for c in ok if c.action.kind == "hp_track"]
        closed = {u.action: u.reason for u in no if u.action.kind == "hp_track"}
        want_ok, want_no = [], {}
        for t, d in STEPS:
            reason = blocked_reason(state, t, d)
            if reason is None and hp < TRACK_HP_PRICE[t]:
                reason = f"you have {hp} Hero point{'s' * (hp != 1)}, it costs {TRACK_HP_PRICE[t]}"
            if reason:
                want_no[("hp_track", t, d)] = reason
            else:
                want_ok.append(("hp_track", t, d))
        assert offered == want_ok and closed == want_no
