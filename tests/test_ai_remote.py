"""What crosses to a thinking process (lf/ai/remote.py) and the pool that thinks (lf/session/thinking.py).

A computer seat never sees more than its seat: the request is built from the seat's information set, so two
games that differ only in what the seat cannot see (another faction's hand and deck order, rulebook pg. 5:
hands are secret; the seed and the generator) send the very same text, and the move thought from it is legal in
the true game.
"""

from __future__ import annotations

import asyncio
import json

import pytest

from lf.engine import Action, apply, clone, decision, legal_actions, new_game
from lf.ai import remote
from lf.session import thinking

PEOPLE = {"anarchists": "human", "communists": "human", "moderates": "human"}


def _at_a_choice(seed: int):
    """A new game advanced to the first secret choice of the Anarchists (their own decision is open)."""
    state = new_game((1 << 100) + seed, PEOPLE)  # a seed long enough to be looked for in the text
    while not any(p["faction"] == "anarchists" and p["kind"] == "choose" for p in state.pending):
        p = state.pending[0]
        apply(state, p["faction"], decision(state, p["faction"]).choices[0].action)
    return state


def _hidden_changed(state):
    """The same game for the Anarchists: the Moderates' hand swapped with their deck's top, another seed/generator."""
    other = clone(state)
    mo = other.factions["moderates"]
    assert mo.hand and mo.deck
    mo.hand[0], mo.deck[0] = mo.deck[0], mo.hand[0]
    mo.deck.reverse()
    other.seed, other.rng = other.seed ^ 0x5A5A, other.rng ^ 0xA5A5
    return other


def test_two_games_alike_for_the_seat_send_the_same_request_and_it_names_no_secret() -> None:
    state = _at_a_choice(3)
    other = _hidden_changed(state)
    text = remote.seat_request(state, "anarchists", "quick", seed=1)
    assert text == remote.seat_request(other, "anarchists", "quick", seed=1)
    assert text != remote.seat_request(other, "moderates", "quick", seed=1)  # the Moderates see their own hand
    data = json.loads(text)
    base = data["info"]["base"]
    assert base["factions"]["moderates"]["hand"] == [] and base["factions"]["moderates"]["deck"] == []
    assert str(state.seed) not in text and str(state.rng) not in text


def test_the_move_thought_from_the_request_is_legal_in_the_true_game() -> None:
    state = _at_a_choice(4)
    move = remote.decide_request(json.loads(remote.seat_request(state, "anarchists", "quick", seed=2)))
    assert Action.parse(move.action) in legal_actions(state, "anarchists")


def test_the_pool_thinks_in_another_process_and_a_cancelled_thought_applies_nothing() -> None:
    state = _at_a_choice(5)

    async def both():
        seen: list[float] = []
        move = await thinking.think(state, "anarchists", "quick", seed=3, on_progress=seen.append)
        task = asyncio.create_task(thinking.think(state, "anarchists", "strong", seed=3))
        # cancelled just after it is handed to the pool, long before it could end (it takes about 0.3 s of search:
        # a cancel at a fixed 0.3 s came after the answer now and then)
        while thinking.thinkers().busy == 0:
            await asyncio.sleep(0.005)
        await asyncio.sleep(0.05)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        return move

    move = asyncio.run(both())
    assert Action.parse(move.action) in legal_actions(state, "anarchists") and move.reasons.iterations > 0
    pool = thinking.thinkers()
    for _ in range(100):  # the cancelled search lets go of its slot at its next playout
        if pool.busy == 0:
            break
        asyncio.run(asyncio.sleep(0.1))
    assert pool.busy == 0


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown level"):
        thinking.start(_at_a_choice(6), "anarchists", "genius", seed=0)


def test_the_thinking_processes_end_with_a_server_that_ended_without_its_clean_up(tmp_path) -> None:
    """A server killed (or stopped past its clean-up) must not leave its thinking processes waiting forever."""
    import os
    import subprocess
    import sys
    import time
    from pathlib import Path

    script = tmp_path / "server.py"
    script.write_text("import os\nfrom lf.session import thinking\npool = thinking.Thinkers(2)\npool.warm()\n"
                      "print(' '.join(map(str, pool._pool._processes)), flush=True)\nos._exit(0)\n")
    root = Path(__file__).resolve().parents[1]
    out = subprocess.run([sys.executable, str(script)], cwd=root, env={**os.environ, "PYTHONPATH": str(root)},
                         capture_output=True, text=True, timeout=60)
    pids = [int(p) for p in out.stdout.split()]
    assert len(pids) == 2, out.stderr
    end = time.monotonic() + 20
    while any(Path(f"/proc/{p}").exists() for p in pids):
        assert time.monotonic() < end, f"thinking processes {pids} outlived their server"
        time.sleep(0.1)
