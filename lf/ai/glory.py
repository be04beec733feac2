"""Who will hold the most Glory if the war is won: a model of the Bag of Glory, not a guess.

The Glory area fills with 9 tokens: those already there, the Final Bid's, and draws from the Bag at the ends
of the Years (rulebook pg. 10). The Bag grows by one token a turn (two at a Year's end) for whoever holds the
Initiative then (pg. 5). So:

1. the Initiative at each coming turn: held by the Anarchists while Liberty and Collectivization are both 6 or
   more, else by the Government's side (5 or less: Communists); the tracks drift, so each track's margin is
   read as a normal variable whose mean drifts and whose spread grows with the square root of the turns ahead
   (Liberty and Collectivization independently: each step towards 6 counts, not only the lower one's);
2. the Bag each draw comes from: the tokens in it now plus the expected tokens added before that draw; the
   draws are counted as drawn from the average of those Bags (a multinomial, exact over every split);
3. the Final Bid's token: already won, or shared out (a Non-player bids its top card + 4, so it is more
   likely to win it: ``NONPLAYER_BID``);
4. a tie for the most Glory goes to the Initiative player at the end if tied, else is shared.

``shares(state)`` returns each faction's chance of the most Glory and its expected final Glory.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from lf.engine import GameState
from lf.engine.constants import (
    ANARCHISTS,
    COLLECTIVIZATION,
    COMMUNISTS,
    FACTIONS,
    GLORY_SPACES,
    GOVERNMENT,
    LIBERTY,
    MODERATES,
    TURNS_PER_YEAR,
    YEARS,
)

#: How the Initiative margins move per turn (spaces): a drift of min(Liberty, Collectivization) and of the
#: Government, and the spread after one turn (fitted by ``lf.tools.fit_eval``; see ``params``).
DEFAULT_PARAMS = {"drift_anarchists": -0.2, "drift_government": 0.0, "spread": 0.8}
#: How much more likely a Non-player is to win the Final Bid than a person (rule 7: top card + 4).
NONPLAYER_BID = 2.0
_DRAWS = {1: 1, 2: 2}


def _phi(x: float) -> float:
    """The normal distribution function, by its logistic approximation (the fit uses the same)."""
    return 1 / (1 + math.exp(-1.702 * max(-20.0, min(20.0, x))))


def params() -> dict[str, float]:
    from .evaluate import weights

    return weights().get("initiative", DEFAULT_PARAMS)


#: Phases before the turn's Bag token is added (rulebook pg. 5, part 4).
_BEFORE_BAG = ("setup", "fascist_event", "choose", "final_bid", "turn", "test")


@dataclass(frozen=True, slots=True)
class Board:
    """Everything the model reads of a state (small and hashable, so equal boards are computed once)."""

    now: int  #: the turn being played, 1..12
    before_bag: bool  #: this turn's Bag token is still to come
    drawn_this_year: bool  #: the End of the Year's draw already happened (keeping cards)
    over: bool
    liberty_margin: float  #: Liberty - 5.5 and Collectivization - 5.5: the Anarchists hold the Initiative
    collectivization_margin: float  #: while both are above 0
    government_margin: float  #: Government - 5.5: the Moderates' side (> 0) or the Communists'
    bag: tuple[int, int, int]
    glory: tuple[int, int, int]
    bid_winner: str | None
    nonplayers: tuple[bool, bool, bool]

    @classmethod
    def of(cls, state: GameState) -> Board:
        t = state.tracks
        return cls(now=(state.year - 1) * TURNS_PER_YEAR + state.turn, before_bag=state.phase in _BEFORE_BAG,
                   drawn_this_year=state.phase == "year_end", over=state.phase == "over",
                   liberty_margin=t[LIBERTY] - 5.5, collectivization_margin=t[COLLECTIVIZATION] - 5.5,
                   government_margin=t[GOVERNMENT] - 5.5,
                   bag=tuple(state.bag.count(f) for f in FACTIONS), glory=tuple(state.glory.count(f) for f in FACTIONS),
                   bid_winner=state.bid_winner,
                   nonplayers=tuple(state.factions[f].seat == "nonplayer" for f in FACTIONS))


def holders(b: Board, ahead: int, p: tuple[float, float, float]) -> tuple[float, float, float]:
    """The chance each faction (seating order) holds the Initiative at the end of the turn ``ahead`` from now."""
    drift_a, drift_g, spread = p
    k = ahead + 1
    s = spread * math.sqrt(k)
    anarchists = _phi((b.liberty_margin + drift_a * k) / s) * _phi((b.collectivization_margin + drift_a * k) / s)
    moderates = _phi((b.government_margin + drift_g * k) / s)
    return anarchists, (1 - anarchists) * (1 - moderates), (1 - anarchists) * moderates


def _bag_tokens(b: Board, last: int, p: tuple[float, float, float]) -> list[float]:
    """Expected tokens the Initiative adds to the Bag from now to the end of turn ``last``."""
    first = b.now if b.before_bag else b.now + 1
    out = [0.0, 0.0, 0.0]
    for turn in range(max(first, 1), last + 1):
        n = 2 if turn % TURNS_PER_YEAR == 0 else 1
        for i, chance in enumerate(holders(b, turn - b.now, p)):
            out[i] += n * chance
    return out


def _draw_plan(b: Board) -> list[tuple[int, int]]:
    """(turn after which, tokens drawn) for each draw still to come; the last fills the Glory area."""
    if b.over:
        return []
    plan = [(year * TURNS_PER_YEAR, n) for year, n in _DRAWS.items()
            if year * TURNS_PER_YEAR > b.now or (year * TURNS_PER_YEAR == b.now and not b.drawn_this_year)]
    bid = 0 if b.bid_winner else 1
    rest = GLORY_SPACES - sum(b.glory) - bid - sum(n for _, n in plan)
    return [*plan, (YEARS * TURNS_PER_YEAR, max(0, rest))]


@lru_cache(maxsize=64)
def _splits(n: int) -> tuple[tuple[int, int, int, float], ...]:
    """Every way n draws fall on three factions, with its multinomial coefficient."""
    out = []
    for a in range(n + 1):
        for c in range(n - a + 1):
            m = n - a - c
            out.append((a, c, m, math.factorial(n) / (math.factorial(a) * math.factorial(c) * math.factorial(m))))
    return tuple(out)


def shares(state: GameState, p: dict[str, float] | None = None) -> tuple[dict[str, float], dict[str, float]]:
    """(each faction's chance of the most Glory if the war is won, each one's expected final Glory)."""
    q = p or params()
    chance, expected = _shares(Board.of(state), (q["drift_anarchists"], q["drift_government"], q["spread"]))
    return dict(zip(FACTIONS, chance)), dict(zip(FACTIONS, expected))


@lru_cache(maxsize=4096)
def _shares(b: Board, p: tuple[float, float, float]) -> tuple[tuple[float, ...], tuple[float, ...]]:
    plan = _draw_plan(b)
    draws = sum(n for _, n in plan)
    weights = [0.0, 0.0, 0.0]
    for last, n in plan:
        if n <= 0:
            continue
        bag = [have + more for have, more in zip(b.bag, _bag_tokens(b, last, p))]
        total = sum(bag) or 1.0
        for i in range(3):
            weights[i] += n * bag[i] / total
    share = [w / draws if draws else 1 / 3 for w in weights]
    if b.bid_winner:
        bid = [float(b.bid_winner == f) for f in FACTIONS]
    else:
        w = [NONPLAYER_BID if np else 1.0 for np in b.nonplayers]
        bid = [x / sum(w) for x in w]
    end = holders(b, YEARS * TURNS_PER_YEAR - b.now, p)
    win = [0.0, 0.0, 0.0]
    pa, pc, pm = share
    for a, c, m, coef in _splits(draws):
        prob = coef * (pa ** a) * (pc ** c) * (pm ** m)
        if prob < 1e-6:
            continue
        for k in range(3):
            if bid[k] <= 0:
                continue
            g = [b.glory[0] + a, b.glory[1] + c, b.glory[2] + m]
            g[k] += 1
            top = max(g)
            tied = [i for i in range(3) if g[i] == top]
            mass = prob * bid[k]
            if len(tied) == 1:
                win[tied[0]] += mass
                continue
            held = sum(end[i] for i in tied)
            for i in tied:
                win[i] += mass * (end[i] + (1 - held) / len(tied))
    total = sum(win) or 1.0
    return tuple(w / total for w in win), tuple(b.glory[i] + draws * share[i] + bid[i] for i in range(3))
