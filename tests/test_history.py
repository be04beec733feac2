"""History frames ("what happened" in teaching mode): exact replay, public only."""

from __future__ import annotations

from lf.engine import to_json
from lf.engine.history import frames
from lf.tools.players import moves, random_policy
from lf.engine import new_game


def _mid_game(first_seed: int = 2):
    """A random game at its third turn (the first seed from ``first_seed`` whose random play gets that far)."""
    for seed in range(first_seed, first_seed + 50):
        state = new_game(seed)
        for _ in moves(state, random_policy(seed)):
            if state.turn >= 3:
                return state
    raise AssertionError("no random game reached its third turn")


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


# -- the replay viewer's timeline (issue 12) ------------------------------------------------------------------

def _finished(seed: int = 2):
    from lf.tools.players import SEATINGS, play_game

    return play_game(seed, SEATINGS["all_np"])


def test_the_timeline_gives_every_position_exactly_as_a_replay_of_the_log() -> None:
    from lf.engine import replay
    from lf.engine.game import seats_of
    from lf.engine.history import SNAPSHOT_EVERY, Timeline

    state = _finished()
    timeline = Timeline(state.seed, seats_of(state), state.options, state.actions)
    assert len(timeline) == len(state.actions)
    picks = {0, 1, SNAPSHOT_EVERY - 1, SNAPSHOT_EVERY, SNAPSHOT_EVERY + 1, len(state.actions) // 2, len(state.actions)}
    for k in sorted(picks):
        want = replay(state.seed, seats_of(state), state.options, state.actions[:k])
        assert to_json(timeline.state(k)) == to_json(want), f"step {k}"
    # a copy each time: changing one changes nothing else
    first = timeline.state(5)
    first.tracks["liberty"] = 99
    assert timeline.state(5).tracks["liberty"] != 99


def test_a_cursor_forward_back_and_jumping_matches_the_timeline() -> None:
    import random

    from lf.engine.game import seats_of
    from lf.engine.history import Cursor, Timeline

    state = _finished(4)
    timeline = Timeline(state.seed, seats_of(state), state.options, state.actions)
    cursor = Cursor(timeline)
    rng = random.Random(4)
    n = len(timeline)
    for k in [0, 1, 2, 3, 40, 39, 38, n, 0, *[rng.randrange(n + 1) for _ in range(15)]]:
        assert to_json(cursor.go(k)) == to_json(timeline.state(k)), f"step {k}"


def test_each_step_knows_who_did_what_and_which_log_lines_it_wrote() -> None:
    from lf.engine import Action
    from lf.engine.game import seats_of
    from lf.engine.history import Timeline

    state = _finished()
    timeline = Timeline(state.seed, seats_of(state), state.options, state.actions)
    ranges = [timeline.log_range(k) for k in range(len(timeline) + 1)]
    assert ranges[0][0] == 0 and ranges[-1][1] == len(state.log)
    assert all(a[1] == b[0] for a, b in zip(ranges, ranges[1:])), "the steps' lines cover the log once, in order"
    for k, step in enumerate(timeline.steps, start=1):
        entry = state.actions[k - 1]
        assert (step.faction, step.key, step.note) == (entry["faction"], Action.parse(entry["action"]).key,
                                                       entry.get("note"))
        a, b = timeline.log_range(k)
        # A Non-player's step opens with the rule that chose it (lf.engine.game.apply logs the note first).
        assert state.log[a]["kind"] == "nonplayer" and state.log[a]["text"].endswith(f"{entry['note']}.")


def test_a_timeline_follows_a_game_that_goes_on_but_not_one_that_took_a_step_back() -> None:
    from lf.engine.game import seats_of
    from lf.engine.history import Timeline

    state = _finished()
    timeline = Timeline(state.seed, seats_of(state), state.options, state.actions[:30])
    assert timeline.extend(state.actions[:50]) and len(timeline) == 50
    assert to_json(timeline.state(50)) == to_json(Timeline(state.seed, seats_of(state), state.options,
                                                           state.actions[:50]).state(50))
    undone = [*state.actions[:49], {"faction": "anarchists", "action": {"kind": "end_turn"}}]  # not step 50
    assert not timeline.extend(undone) and len(timeline) == 50
