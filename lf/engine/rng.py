"""The engine's own random number generator, kept as one integer in the state.

SplitMix64: tiny, fast in pure Python, and fully determined by the stored
integer, so the same seed and actions replay byte for byte whatever else in the
process touches Python's global ``random``.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Turn any user seed into a well-mixed 64-bit generator state."""
    return _mix((seed * _GOLDEN) & _MASK)


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def next_int(state: int) -> tuple[int, int]:
    """Return (new generator state, 64-bit output)."""
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
    for i in range(len(out) - 1, 0, -1):
        state, j = below(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return state, out
