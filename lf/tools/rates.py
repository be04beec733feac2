"""Percentages with honest 95% intervals: the one shape every figure of the simulators uses."""

from __future__ import annotations

import math
from typing import Any

Z95 = 1.959963984540054


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """95% Wilson score interval in percent: honest near 0% and 100%, unlike the normal approximation."""
    if n == 0:
        return (0.0, 0.0)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (round(100 * max(0.0, centre - half), 2), round(100 * min(1.0, centre + half), 2))


def pct(k: float, n: int) -> float:
    return round(100 * k / n, 2) if n else 0.0


def rate(k: int, n: int) -> dict[str, Any]:
    """A count as ``{count, of, pct, ci}``: the same shape for every percentage in the figures."""
    return {"count": k, "of": n, "pct": pct(k, n), "ci": list(wilson(k, n))}
