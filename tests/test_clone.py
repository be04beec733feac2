"""``lf.engine.clone``: the fast copy a search lives on (issue 19) is a deep copy in every way that matters.

Checked over whole seeded games (0 to 3 Non-player seats, people playing random legal actions), at every step:
a clone equals its original (``==``, ``to_json``, a JSON round-trip); moves applied to a clone never touch the
original; and the entries a clone shares with its original (log, actions, steps, pending decisions) are never
changed by the engine afterwards, which is what makes sharing them safe (each clone's JSON, taken when it was
made, is the same at the end of the original's game).
"""

from __future__ import annotations

import importlib
import pkgutil
import random
from collections.abc import Callable, Iterator

import pytest

import lf.engine as engine
from lf.engine import GameState, apply, clone, from_json, legal_actions, machine, new_game, to_json
from lf.engine.npc import choose, step_nonplayers
from lf.engine.queries import is_nonplayer
from lf.engine.state import FactionState

SEATINGS = (
    {},
    {"communists": "nonplayer"},
    {"anarchists": "nonplayer", "moderates": "nonplayer"},
    {"anarchists": "nonplayer", "communists": "nonplayer", "moderates": "nonplayer"},
)
GAMES = 24


def _move(state: GameState, rng: random.Random) -> tuple[str, object, str | None]:
    f = state.pending[0]["faction"]
    if is_nonplayer(state, f):
        action, rule = choose(state, f)
        return f, action, f"Non-player rule {rule}"
    return f, rng.choice(legal_actions(state, f)), None


def _positions(seed: int) -> Iterator[tuple[GameState, random.Random]]:
    """Every position of one seeded game, as it is played (the same state object, moved on after each yield)."""
    state, rng = new_game(seed, SEATINGS[seed % len(SEATINGS)]), random.Random(seed)
    while state.result is None:
        yield state, rng
        apply(state, *_move(state, rng))
    yield state, rng


def _play_on(state: GameState, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.result is not None:
            return
        apply(state, *_move(state, rng))


def _check_independent(copy: Callable[[GameState], GameState], seed: int) -> int:
    """At every step: a copy equals the original; moves on the copy leave the original's JSON as it was."""
    checked = 0
    for state, rng in _positions(seed):
        before = to_json(state)
        twin = copy(state)
        assert twin == state and to_json(twin) == before
        assert from_json(to_json(twin)) == state
        _play_on(twin, random.Random(rng.random()), 3 if checked % 7 else 400)
        assert to_json(state) == before, f"a move on the copy changed the original (seed {seed}, step {checked})"
        checked += 1
    return checked


@pytest.mark.parametrize("seed", range(GAMES))
def test_a_clone_equals_its_original_and_moves_on_it_never_touch_the_original(seed: int) -> None:
    assert _check_independent(clone, seed) > 0


@pytest.mark.parametrize("seed", range(GAMES))
def test_the_engine_never_changes_what_a_clone_shares(seed: int) -> None:
    """Log entries, actions, steps and pending decisions are shared: the original plays on, and every clone taken
    along the way still reads (JSON) exactly as when it was taken."""
    taken: list[tuple[GameState, str]] = []
    for state, _ in _positions(seed):
        twin = clone(state)
        taken.append((twin, to_json(twin)))
    assert len(taken) > 1
    for i, (twin, text) in enumerate(taken):
        assert to_json(twin) == text, f"the engine changed an entry shared with the clone of step {i} (seed {seed})"


def test_a_clone_replays_the_same_game_as_its_original() -> None:
    """Same seed + same actions -> the same state: a clone played on with the original's moves ends equal."""
    state, rng = new_game(5, SEATINGS[1]), random.Random(5)
    _play_on(state, rng, 40)
    twin = clone(state)
    moves = []
    while state.result is None:
        move = _move(state, rng)
        apply(state, *move)
        moves.append(move)
    for move in moves:
        apply(twin, *move)
    assert to_json(twin) == to_json(state)


def test_changing_a_clone_by_hand_leaves_the_original() -> None:
    """Tests and tools set fields of a copy directly: every container of a clone is its own."""
    state = new_game(3, SEATINGS[1])
    _play_on(state, random.Random(3), 30)
    before = to_json(state)
    twin = clone(state)
    twin.tracks["liberty"] += 1
    twin.bonuses["morale"] = not twin.bonuses["morale"]
    twin.blanks["liberty"].append(9)
    twin.fronts["madrid"].value -= 1
    twin.fronts["madrid"].tokens.append("anarchists")
    for fa in twin.factions.values():
        fa.hand.append("X")
        fa.deck.clear()
        fa.used.append("strategy")
        fa.hero += 1
    twin.factions["communists"].seat = "human"
    twin.bag.append("anarchists")
    twin.fascist_deck.clear()
    twin.log.append({"text": "a line of the copy only"})
    twin.actions.clear()
    twin.pending.clear()
    twin.stack.clear()
    twin.options["free_undo"] = True
    assert to_json(state) == before


def test_the_checks_catch_a_copy_that_shares_too_much() -> None:
    """A shallow copy (pydantic's ``model_copy()``) shares the factions and lists: the checks above fail on it."""
    with pytest.raises(AssertionError, match="changed the original"):
        _check_independent(lambda s: s.model_copy(), seed=1)


def test_a_field_clone_does_not_name_stops_the_import() -> None:
    """A new state field must be given a way to be copied (clone.py names each one), never shared by default."""
    module = importlib.import_module("lf.engine.clone")
    module._check_fields(FactionState, module._FACTION_PLAIN, module._FACTION_LISTS)
    with pytest.raises(RuntimeError, match="used"):
        module._check_fields(FactionState, module._FACTION_PLAIN, module._FACTION_LISTS[:-1])


def test_a_quiet_clone_plays_the_same_game_without_a_log() -> None:
    """The search's copy (``quiet=True``, explicit): the same moves, draws and decisions; only the log stops."""
    state, rng = new_game(8, SEATINGS[2]), random.Random(8)
    _play_on(state, rng, 25)
    quiet, loud = clone(state, quiet=True), clone(state)
    assert "quiet" not in state.options and "quiet" not in loud.options
    kept = len(state.log)
    moves = []
    while loud.result is None:
        move = _move(loud, rng)
        moves.append(move)
        apply(loud, *move)
    for move in moves:
        apply(quiet, *move)
    assert quiet.log == state.log[:kept] and len(loud.log) > kept
    drop = {"log", "options"}
    assert quiet.model_dump(exclude=drop) == loud.model_dump(exclude=drop)
    assert quiet.result == loud.result is not None


def test_a_quiet_game_puts_no_words_together_for_its_log(monkeypatch) -> None:
    """Issue 19, "log words built only when the log needs them": a quiet game's rules skip the words of their
    frequent lines (``if keeps_log(state)``) rather than build them for ``log`` to drop. Only rare lines (a
    year's end, a bid) still reach ``log``: under a tenth of what a full game writes."""
    calls, log = [], machine.log

    def counting(state: GameState, *args, **kwargs) -> None:
        calls.append(1)
        log(state, *args, **kwargs)

    for info in pkgutil.iter_modules(engine.__path__):
        module = importlib.import_module(f"lf.engine.{info.name}")
        if module is not machine and getattr(module, "log", None) is log:
            monkeypatch.setattr(module, "log", counting)
    nonplayers = dict.fromkeys(("anarchists", "communists", "moderates"), "nonplayer")
    written = 0
    for seed in range(1, 11):
        loud = new_game(seed, nonplayers)
        step_nonplayers(loud)
        written += len(loud.log)
    calls.clear()
    for seed in range(1, 11):
        quiet = new_game(seed, nonplayers, {"quiet": True})
        step_nonplayers(quiet)
        assert quiet.log == [] and quiet.result is not None
    assert written > 3000 and len(calls) * 10 < written, (len(calls), written)
