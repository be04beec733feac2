"""Hidden cards that can't be computed (issue 18, section 1): the engine's generator and its seeds.

Rulebook pg. 3 (Setup): each player's deck is shuffled and the Fascist deck of the Year is shuffled; pg. 5: the
chosen card is secret. A seat sees outputs of the generator (its own hand, the medallions, each Fascist card), so
those outputs must not let it compute the rest: the generator is keyed BLAKE2b in counter mode (lf/engine/rng.py)
and the session draws 128-bit seeds. Older games keep SplitMix64 (generator 1) so they replay as dealt.
"""

from __future__ import annotations

import json
from hashlib import blake2b
from pathlib import Path

import pytest

from lf.engine import apply, legal_actions, new_game, replay, to_json
from lf.engine import rng
from lf.engine.rng import GENERATOR, aside_below, below, generator_of, next_int, seed_state, shuffled, start

FIXTURES = Path(__file__).parent / "fixtures"
_GOLDEN = 0x9E3779B97F4A7C15
_MASK = (1 << 64) - 1


def _unmix(z: int) -> int:
    """SplitMix64's output function inverted: from one output, the generator state that made it."""
    z = _unshift(z, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & _MASK
    z = _unshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & _MASK
    return _unshift(z, 30)


def _unshift(z: int, k: int) -> int:
    out = z
    for _ in range(64 // k + 1):
        out = z ^ (out >> k)
    return out


def _splitmix(state: int) -> int:
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _predict_next(output: int) -> int:
    """What an attacker who knows the engine predicts as the next output, having seen one output."""
    return _splitmix((_unmix(output) + _GOLDEN) & _MASK)


def test_one_output_of_the_old_generator_gives_away_the_next_but_not_of_a_new_game() -> None:
    """The attack the issue describes, made concrete: SplitMix64's state is recovered from any output."""
    old = start(5, 1)
    old, first = next_int(old)
    _, second = next_int(old)
    assert _predict_next(first) == second  # the old generator is broken by one output...
    state = new_game(5).rng
    for _ in range(50):
        state, first = next_int(state)
        _, second = next_int(state)
        assert _predict_next(first) != second  # ...a new game's is not


def test_a_new_game_is_dealt_with_the_keyed_generator_and_records_it() -> None:
    state = new_game(7)
    assert GENERATOR == 2 and state.options["generator"] == 2 and generator_of(state.rng) == 2
    assert replay(state.seed, None, state.options, []) == state
    assert new_game(7, options={"generator": 1}).options["generator"] == 1
    with pytest.raises(ValueError, match="unknown generator"):
        new_game(7, options={"generator": 3})


def test_generator_2_is_blake2b_keyed_by_the_seed_in_counter_mode() -> None:
    """A known-answer check against hashlib: output i is word i % 8 of BLAKE2b-512(key, i // 8), the key being
    BLAKE2b-256 of the seed."""
    seed = 2**127 + 12345
    key = blake2b(seed.to_bytes(16, "little"), digest_size=32, person=b"lf-generator-2").digest()
    state = start(seed)
    for i in range(20):
        state, out = next_int(state)
        block = blake2b((i // 8).to_bytes(8, "little"), key=key).digest()
        assert out == int.from_bytes(block[(i % 8) * 8:(i % 8) * 8 + 8], "little")


def _shuffled_by_below(state: int, items: list) -> tuple[int, list]:
    """Fisher-Yates as ``shuffled`` defines it: one ``below`` draw per place, from the last place down."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        state, j = below(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return state, out


@pytest.mark.parametrize("forced", [False, True])
def test_a_shuffle_draws_exactly_what_below_draws_one_by_one(forced: bool, monkeypatch) -> None:
    """Generator 2's shuffle reads its block's words directly (lf.engine.rng._shuffled_keyed): it must deal what
    ``below``'s draws deal, end in the same state, and reject the same draws (forced: every third word is the
    largest output, which ``below`` rejects for every bound that does not divide 2**64)."""
    if forced:
        words = tuple((1 << 64) - 1 if k % 3 == 0 else k * 0x9E3779B97F4A7C15 % (1 << 64) for k in range(8))
        monkeypatch.setattr(rng, "_block", lambda base: words)
    for seed in (1, 2**127 + 5, 987654321):
        for offset in (0, 3, 7):
            state = start(seed) + offset
            for n in (0, 1, 2, 5, 18, 80):
                assert shuffled(state, list(range(n))) == _shuffled_by_below(state, list(range(n)))


def test_seeds_beyond_64_bits_are_not_folded_together() -> None:
    """The old generator multiplied the seed modulo 2**64: seeds 64 bits apart dealt the same game."""
    assert new_game(3).factions["anarchists"].hand != new_game(3 + 2**64).factions["anarchists"].hand
    assert new_game(3).fascist_deck != new_game(3 + 2**127).fascist_deck


def test_the_same_seed_and_actions_give_the_same_state_byte_for_byte() -> None:
    a, b = new_game(2**100 + 1), new_game(2**100 + 1)
    for _ in range(40):
        f = a.pending[0]["faction"]
        action = legal_actions(a, f)[len(a.actions) % len(legal_actions(a, f))]
        apply(a, f, action)
        apply(b, f, action)
        if a.result is not None:
            break
    assert to_json(a) == to_json(b)


def test_older_games_are_dealt_as_they_were_with_generator_1() -> None:
    """Saved games of engine 2 replay: generator 1 deals exactly what the code before issue 18 dealt (fixture
    written by that code: hands, decks, medallions, the Fascist deck, and raw shuffles)."""
    old = json.loads((FIXTURES / "generator1_deal.json").read_text())
    state = new_game(old["seed"], old["seats"], {"generator": 1})
    assert {f: fa.hand for f, fa in state.factions.items()} == old["hands"]
    assert {f: fa.deck for f, fa in state.factions.items()} == old["decks"]
    assert state.medallions == old["medallions"] and state.fascist_card == old["fascist_card"]
    assert state.fascist_deck == old["fascist_deck"]
    for seed, expected in old["shuffles"].items():
        assert shuffled(seed_state(int(seed)), list(range(20)))[1] == expected


def test_a_nonplayers_random_medallion_leaves_the_generator_where_it_was() -> None:
    """Appendix 3 rule 6 (a random medallion) is drawn beside the game's stream, from its secret key."""
    state = new_game(11)
    draws = [aside_below(state.rng, f"medallion:{k}", 5) for k in range(200)]
    assert sorted(set(draws)) == [0, 1, 2, 3, 4]
    assert aside_below(state.rng, "medallion:3", 5) == draws[3]  # a pure function of the state
    assert draws != [aside_below(new_game(12).rng, f"medallion:{k}", 5) for k in range(200)]
