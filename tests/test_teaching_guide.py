"""The guided first game: each lesson is due when its rule first comes into play, and only then."""

from __future__ import annotations

from lf.engine import apply, legal_actions, new_game, view
from lf.teaching import due, lessons
from lf.tools.players import SEATINGS, moves, random_policy


def test_at_the_first_choice_the_fascist_event_and_the_secret_choice_are_due() -> None:
    """Turn Sequence, parts 1 and 2 (pg. 5): the Fascist card is revealed, then cards are chosen."""
    state = new_game(4)
    while state.pending[0]["kind"] == "pick":  # the opening V/D Attacks tie: the Initiative player chooses
        f = state.pending[0]["faction"]
        apply(state, f, legal_actions(state, f)[0])
    assert [p["kind"] for p in state.pending] == ["choose"] * 3
    v = view(state, "anarchists")
    assert [lesson.id for lesson in due(v)] == ["fascist_event", "choose"]
    assert due(v, {"fascist_event", "choose"}) == []


def test_every_lesson_comes_into_play_in_real_games() -> None:
    """Each lesson's trigger names something the engine really logs or asks (no dead lesson)."""
    pending = {lesson.id for lesson in lessons()}
    seed = 0
    while pending and seed < 60:
        state = new_game(seed, SEATINGS["two_np"] if seed % 2 else SEATINGS["one_np"])
        for _ in moves(state, random_policy(seed)):
            pending -= {lesson.id for lesson in due(view(state, None), frozenset())}
            if not pending:
                break
        seed += 1
    assert pending == set(), f"lessons never due in 60 games: {sorted(pending)}"


def test_lessons_cite_the_rulebook_and_have_an_anchor() -> None:
    for lesson in lessons():
        assert "pg." in lesson.section, lesson.id
        assert lesson.anchor and len(lesson.text) > 80, lesson.id
