"""The guided first game: each lesson comes just before the decision it explains, at most one at a time."""

from __future__ import annotations

from lf.engine import apply, legal_actions, new_game, view
from lf.engine.content import level_ids
from lf.teaching import due, lessons, next_lesson
from lf.tools.players import SEATINGS, moves, random_policy


def _opening_tie():
    """A new game whose first question is the Initiative player's tie-break (V Attacks on Fronts all at -2)."""
    return next(s for s in map(new_game, range(1, 40)) if s.pending[0].get("purpose", "").startswith("tie_"))


def test_the_first_tie_break_gets_its_lesson_before_it_is_answered() -> None:
    """Rulebook pg. 4: "In the case of a tie, the Initiative player breaks the tie"; pg. 8: the Front closest to
    Victory or Defeat, ties broken by the Initiative player; pg. 4: Madrid's fall loses the war. The newcomers'
    first decision is such a tie: its lesson (the Initiative, ties, the Madrid warning) is the one due then."""
    state = _opening_tie()
    v = view(state, None)
    lesson = next_lesson(v, frozenset(), None)
    assert lesson is not None and lesson.id == "tie_break"
    assert "Initiative" in lesson.text and "Madrid" in lesson.text and "war is lost" in lesson.text
    assert "fascist_event" not in [x.id for x in due(v)]  # that one explains the secret choice, which comes next


def test_at_the_first_secret_choice_the_fascist_event_is_due_alone() -> None:
    """Turn Sequence, parts 1 and 2 (pg. 5): the Fascist card is revealed, then cards are chosen in secret."""
    def settled(state):
        while state.pending[0]["kind"] == "pick":
            f = state.pending[0]["faction"]
            apply(state, f, legal_actions(state, f)[0])
        return state

    # an opening whose Fascist card leaves the Initiative where it was (else that lesson is due as well)
    state = next(s for s in (settled(new_game(k)) for k in range(1, 80))
                 if s.pending[0]["kind"] == "choose" and not any(e["kind"] == "initiative" for e in s.log))
    assert [p["kind"] for p in state.pending] == ["choose"] * 3
    v = view(state, "anarchists")
    assert [lesson.id for lesson in due(v, {"tie_break"})] == ["fascist_event"]
    assert due(v, {"fascist_event", "tie_break"}) == []


def test_one_lesson_per_decision_the_others_wait_for_theirs() -> None:
    """Issue 20: four lessons at once at the start of turn 2. Once a lesson is read at a decision, no other is shown
    until the table has answered it; a lesson tied to the question itself comes before one about what happened."""
    state = _opening_tie()
    v = view(state, None)
    assert next_lesson(v, frozenset(), read_at=v["version"]) is None
    v["log"].append({"kind": "defeat", "text": "Defeat on the Aragon Front."})  # "any" lesson, now due too
    assert [x.id for x in due(v)][:1] == ["tie_break"] and "defeat" in [x.id for x in due(v)]
    assert next_lesson(v, frozenset(), None).id == "tie_break"
    assert next_lesson(v, {"tie_break"}, None).id == "defeat"


def test_a_lesson_about_what_happened_waits_until_it_happened() -> None:
    state = _opening_tie()
    v = view(state, None)
    assert "war_end" not in [x.id for x in due(v)] and "defeat" not in [x.id for x in due(v)]


def test_every_lesson_comes_into_play_in_real_games() -> None:
    """Each lesson's trigger names something the engine really logs or asks (no dead lesson). The games are dealt
    at a teaching table's level, the gentlest (lf/components/levels.py), so random play lasts to the Final Bid."""
    pending = {lesson.id for lesson in lessons()}
    seed = 0
    while pending and seed < 300:
        state = new_game(seed, SEATINGS["two_np"] if seed % 2 else SEATINGS["one_np"], {"level": level_ids()[0]})
        for _ in moves(state, random_policy(seed)):
            pending -= {lesson.id for lesson in due(view(state, None), frozenset())}
            if not pending:
                break
        seed += 1
    assert pending == set(), f"lessons never due in 300 games: {sorted(pending)}"


def test_lessons_cite_the_rulebook_and_have_an_anchor() -> None:
    for lesson in lessons():
        assert "pg." in lesson.section, lesson.id
        assert lesson.anchor and len(lesson.text) > 80, lesson.id
