"""The engine's random number generators, kept as one integer in the state.

Why a cryptographic generator: a seated player sees outputs of the generator (their hand, the medallions on offer,
each Fascist card). With a small seed or a generator whose outputs give its state away, those outputs are enough to
compute every other hand and every deck order. Generator 2, the current one, is BLAKE2b keyed with a 256-bit key
derived from the seed, in counter mode: outputs *8b* to *8b + 7* are the eight 8-byte words of BLAKE2b-512(key, b). Without the key, no
set of outputs says anything about another output (BLAKE2b keyed is a pseudo-random function), and the key comes
from a seed of 128 bits drawn with ``secrets`` (``lf.session.registry``), so neither can be searched.

Generator 1, SplitMix64, is what games made before engine 3 were dealt with; it stays so that their saved logs,
game files and replays rebuild exactly. A game records its generator in its options (``"generator"``); a game
without one is set up with the current generator (``GENERATOR``) and the setup writes it down.

The state integer: generator 1's is its 64-bit SplitMix64 state (below 2**64); generator 2's packs a marker bit,
the key and the counter (``MARK | key << 64 | counter``), so each function here tells them apart by size and the
state stays one JSON integer. Same seed + same calls -> the same outputs, on every machine.
"""

from __future__ import annotations

from functools import lru_cache
from hashlib import blake2b
from struct import Struct

#: The generator a new game is dealt with.
GENERATOR = 2
#: Every generator the engine can replay, with what it is.
GENERATORS = {1: "SplitMix64 (games made before engine 3)", 2: "BLAKE2b-256 keyed, counter mode"}

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_KEY_BITS = 256
_MARK = 1 << (64 + _KEY_BITS)
_KEY_MASK = (1 << _KEY_BITS) - 1
_PERSON = b"lf-generator-2"
#: A 64-byte digest as its eight 64-bit little-endian words (generator 2's eight outputs of one block).
_WORDS = Struct("<8Q").unpack


def start(seed: int, generator: int = GENERATOR) -> int:
    """The generator's first state for ``seed``."""
    if type(seed) is not int or seed < 0:
        raise ValueError(f"the seed must be a non-negative whole number, not {seed!r}")
    if generator == 1:
        return _mix((seed * _GOLDEN) & _MASK)
    if generator == 2:
        digest = blake2b(seed.to_bytes(max(1, (seed.bit_length() + 7) // 8), "little"), digest_size=32,
                         person=_PERSON).digest()
        return _MARK | int.from_bytes(digest, "little") << 64
    raise ValueError(f"unknown generator {generator!r}; this engine has {', '.join(map(str, GENERATORS))}")


def generator_of(state: int) -> int:
    """Which generator a state belongs to."""
    return 2 if state >= _MARK else 1


def seed_state(seed: int) -> int:
    """Generator 1's first state (kept for games dealt before engine 3)."""
    return start(seed, 1)


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


@lru_cache(maxsize=256)
def _key(key: int) -> bytes:
    return key.to_bytes(_KEY_BITS // 8, "little")


def _keyed(state: int, message: bytes) -> int:
    digest = blake2b(message, key=_key((state >> 64) & _KEY_MASK), digest_size=8).digest()
    return int.from_bytes(digest, "little")


@lru_cache(maxsize=1024)
def _block(keyed_block: int) -> tuple[int, ...]:
    """The eight 64-bit outputs of one BLAKE2b-512 block: ``keyed_block`` is the state without its 3 low bits.

    Why blocks: one keyed hash makes 64 bytes, eight outputs; remembering the last blocks (a pure function of
    the key and the block's number) makes a draw about as cheap as SplitMix64's.
    """
    block = (keyed_block & _MASK) >> 3
    return _WORDS(blake2b(block.to_bytes(8, "little"), key=_key((keyed_block >> 64) & _KEY_MASK)).digest())


def next_int(state: int) -> tuple[int, int]:
    """Return (new generator state, 64-bit output)."""
    if state >= _MARK:
        return state + 1, _block(state & ~7)[state & 7]
    state = (state + _GOLDEN) & _MASK
    return state, _mix(state)


def below(state: int, n: int) -> tuple[int, int]:
    """Return (new state, uniform integer in [0, n)) by rejection, free of modulo bias."""
    if n <= 0:
        raise ValueError("below() needs n > 0")
    limit = _MASK - (_MASK % n)
    while True:
        state, z = next_int(state)
        if z < limit:
            return state, z % n


def shuffled(state: int, items: list) -> tuple[int, list]:
    """Return (new state, a Fisher-Yates shuffled copy of items)."""
    out = list(items)
    if state >= _MARK:
        return _shuffled_keyed(state, out)
    for i in range(len(out) - 1, 0, -1):
        state, j = below(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return state, out


def _shuffled_keyed(state: int, out: list) -> tuple[int, list]:
    """``shuffled`` for generator 2, in place: exactly the draws of ``below`` (same outputs, same rejections,
    same final state), with the block's words read straight from ``_block`` rather than through two calls a
    draw (a new game shuffles about 80 cards: the calls were half of its shuffles' time)."""
    base, words = -1, ()
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        limit = _MASK - (_MASK % n)
        while True:
            if state & ~7 != base:
                base = state & ~7
                words = _block(base)
            z = words[state & 7]
            state += 1
            if z < limit:
                break
        j = z % n
        out[i], out[j] = out[j], out[i]
    return state, out


def aside_below(state: int, label: str, n: int) -> int:
    """A uniform integer in [0, n) drawn beside the game's stream, which it leaves where it was.

    Why: a Non-player's random choice (Appendix 3 rule 6: a random medallion) is made by a policy that must not
    change the state it reads, and must not be a function of anything a seat can compute. Generator 2 answers with
    the game's key on a message of its own (``label``), a different input from every counter; generator 1 mixes
    the label into its state.
    """
    if n <= 0:
        raise ValueError("aside_below() needs n > 0")
    limit = _MASK - (_MASK % n)
    for attempt in range(1 << 16):
        message = f"aside:{label}:{attempt}".encode()
        if state >= _MARK:
            z = _keyed(state, message)
        else:
            z = _mix((state ^ int.from_bytes(blake2b(message, digest_size=8).digest(), "little")) & _MASK)
        if z < limit:
            return z % n
    raise RuntimeError("aside_below() found no value below its limit")  # probability below 2**-65000
