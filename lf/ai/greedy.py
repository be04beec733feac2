"""``person:greedy``: a person who plays sensibly without search, the arena's baseline.

One move of look-ahead: each legal action is applied on a copy of a world dealt from the seat's information
(never the true state: the look-ahead must not see a card it could not know), and the board after it is scored:

- every open Front costs ``(1 - value)^2 / 4``, Madrid twice (a convex cost, so Strength goes to the Front
  closest to Defeat, where it removes the most cost); a Defeat costs 60;
- each Bonus on is worth 3.5 (take the Bonuses);
- each own Hero point is worth 0.5 and each card in hand 0.8 (the card chosen for the turn aside: it is spent
  either way), so Hero points are spent where they save more than they cost (Volunteers on a Front near
  Defeat, a Bonus back on, a track step towards the Initiative);
- the tested Front at or above its threshold is worth 2; holding the Initiative 1.5 (a Glory token a turn);
- the seat's own win, as a person who knows how the game is won reads it: its chance of the most Glory
  (``glory.shares``, the Bag and the Initiative to come) times the chance of a won war (``evaluate.war_chance``),
  worth 25. Without it the seat played for the war alone and won 0-2% of its games beside two Non-players,
  ending with 11-16 Hero points unspent (Hero points were worth 1.5); the weights were chosen on seeds 1-100 and
  checked on seeds 401-600 (docs/ai.md).

A move that ends the turn (or the keeping, or the bid) is scored on the board as it stands, not on the next
Fascist card. Choosing the card of the turn is not a move on the board: it takes the card that can add the most
Strength (its Action Points or its Event's), then the one worth most (``knowledge.card_worth``). Kept cards and
the Final Bid follow the playout rules (``rollout.py``).
"""

from __future__ import annotations

import random

from lf.engine import Action, GameState, apply, clone, decision
from lf.engine.constants import MADRID
from lf.engine.machine import content
from lf.engine.queries import free_hand, open_fronts

from .evaluate import war_chance
from .features import turn_index
from .glory import shares
from .infoset import InfoSet
from .knowledge import card_worth, event_strength, strength_of
from .rollout import rollout_action

FRONT_COST = 4.0
DEFEAT_COST = 60.0
BONUS_WORTH = 3.5
HERO_WORTH = 0.5
CARD_WORTH = 0.8
TEST_WORTH = 2.0
INITIATIVE_WORTH = 1.5
OWN_WIN_WORTH = 25.0


def score(state: GameState, me: str) -> float:
    """The greedy person's reading of a board (higher is better for ``me``)."""
    if state.result is not None:
        if state.result.get("war") != "won":
            return -1000.0
        return 1000.0 + (100.0 if state.result.get("winner") == me else 0.0)
    s = -DEFEAT_COST * len(state.defeats)
    for f in open_fronts(state):
        cost = max(0, 1 - state.fronts[f].value) ** 2 / FRONT_COST
        s -= cost * (2 if f == MADRID else 1)
    s += BONUS_WORTH * sum(state.bonuses.values())
    fa = state.factions[me]
    s += HERO_WORTH * fa.hero + CARD_WORTH * len(free_hand(state, me))
    if state.fascist_card:
        test = content().fascist_cards[state.fascist_card].test
        fs = state.fronts[test.front]
        s += TEST_WORTH * (fs.status == "victory" or (fs.status == "open" and fs.value >= test.threshold))
    s += INITIATIVE_WORTH * (state.initiative == me)
    return s + OWN_WIN_WORTH * shares(state)[0][me] * war_chance(state)


def _choose(acts: list[Action], me: str) -> Action:
    cards = [a for a in acts if a.arg]
    if not cards:
        return acts[0]
    return max(cards, key=lambda a: (max(strength_of(a.arg), event_strength(a.arg)), card_worth(a.arg, me), a.arg))


def greedy_action(state: GameState, me: str, seed: int = 0) -> Action:
    """The greedy person's move for ``me`` (one of the decision's legal actions)."""
    d = decision(state, me)
    acts = sorted(c.action for c in d.choices)
    if len(acts) == 1:
        return acts[0]
    if d.kind == "choose":
        return _choose(acts, me)
    if d.kind in ("keep", "bid"):
        return rollout_action(state, me)
    info = InfoSet.of(state, me)
    world = info.determinize(random.Random(info.digest(seed)))
    now = turn_index(world)
    standing = score(world, me)
    best, best_score = acts[0], float("-inf")
    for a in acts:
        s = clone(world, quiet=True)
        apply(s, me, a)
        ends = a.kind in ("end_turn", "keep_done", "bid_done") or turn_index(s) > now
        value = standing if s.result is None and ends else score(s, me)
        if value > best_score:
            best, best_score = a, value
    return best
