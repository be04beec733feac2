"""CONTENT.md's "Play as people feel it" bands, computed over game records from any seat line-up.

The "Balance, measured" bands count lost wars only; a Front that falls in Year 1 while the war goes on
is invisible to them, yet it is what a table remembers ("we lost Aragon before we had done anything").
These bands look at Fronts that fall:

- no Front falls before any faction has played a card (0% by construction: ``lf.tools.opening`` checks
  every Year 1 card against the starting board; the games' own count is reported beside it);
- a Front falls during Year 1 in at most 15% of games;
- with skilled play (the computer player at Normal in every seat) the war is won in 65% to 95% of games.

The functions take ``GameRecord``s (``lf.tools.simulate``), so Non-player tables, random seats and the
computer player's arena are all judged by the same code: whoever plays the seats, ``falls_of`` reads the
game's log and ``feel_figures`` counts.
"""

from __future__ import annotations

from typing import Any

from lf.engine import GameState

from .rates import rate

#: CONTENT.md "Play as people feel it".
BAND_YEAR1_FALL_MAX = 15.0
BAND_SKILLED_WAR_WON = (65.0, 95.0)


def falls_of(state: GameState) -> list[dict[str, Any]]:
    """Every Defeat of the game in order: its Year, turn and Front, and whether any card had been played yet.

    A card is played when the log says so (``play`` entries, a person's or a Non-player's), which is what a
    table sees: the Fascist Event is read before anyone acts.
    """
    out: list[dict[str, Any]] = []
    played = False
    for entry in state.log:
        if entry["kind"] == "play":
            played = True
        elif entry["kind"] == "defeat":
            front = next(r[6:] for r in entry["refs"] if r.startswith("front:"))
            out.append({"year": entry["year"], "turn": entry["turn"], "front": front, "before_play": not played})
    return out


def feel_figures(recs: list[Any]) -> dict[str, Any]:
    """The games where a Front fell in Year 1, and before any card was played (``recs``: GameRecords)."""
    n = len(recs)
    year1 = sum(any(f["year"] == 1 for f in r.falls) for r in recs)
    early = sum(any(f["before_play"] for f in r.falls) for r in recs)
    by_year = {str(y): rate(sum(any(f["year"] == y for f in r.falls) for r in recs), n) for y in (1, 2, 3)}
    return {"year1_fall": rate(year1, n), "fall_before_play": rate(early, n), "fall_by_year": by_year}


def feel_band_checks(fig: dict[str, Any], opening: list[Any], skilled: bool) -> list[dict[str, Any]]:
    """PASS/FAIL rows of the bands (``opening``: ``lf.tools.opening.opening_falls()``, the exhaustive check)."""
    feel = fig["feel"]
    early = feel["fall_before_play"]["pct"]
    rows = [
        {"band": "no Front falls before a card is played", "value": early, "pass": early == 0 and not opening,
         "note": f"{len(opening)} Year 1 card/tie choices defeat a Front from the start" if opening
         else "0 Year 1 card/tie choices defeat a Front from the start (all checked)"},
        {"band": f"a Front falls in Year 1 <= {BAND_YEAR1_FALL_MAX:.0f}%", "value": feel["year1_fall"]["pct"],
         "pass": feel["year1_fall"]["pct"] <= BAND_YEAR1_FALL_MAX},
    ]
    if skilled:
        lo, hi = BAND_SKILLED_WAR_WON
        won = fig["war"]["won"]["pct"]
        rows.append({"band": f"skilled play: war won {lo:.0f}%..{hi:.0f}%", "value": won, "pass": lo <= won <= hi})
    return rows
