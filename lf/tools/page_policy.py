"""How the browser players (e2e tests, ``bench-browsers``) choose and take moves: a seeded choice among the options a
page offers (on its board and in its prompt bar), taken by tapping the board where the board carries it.

The policy is a pure function of what a page shows (the keys of the options it offers, the Front values,
the Front the Fascist card tests, the prompt's sentence) and of (seed, version, faction). So the same
function can play a game in the engine alone (``simulate``) and in real browsers, and both make the
same moves: the tests use the engine run to pick game seeds that last all 12 turns, then play them in
the browsers, where any difference between the page's buttons and the engine's legal actions shows up
as a different game.

It is not a strong player: it mostly adds Strength where a Front is in danger (so games last), and
with probability ``EXPLORE`` takes any other offered option, so different seeds walk different paths.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from lf.components.prompt import SPEND_KINDS
from lf.engine.constants import FACTIONS

if TYPE_CHECKING:
    from lf.engine import GameState

EXPLORE = 0.15

#: In the page: the options it offers, on the board (every ``data-key`` of a target or of a target's menu) and in
#: the prompt bar (``act-<key>`` buttons), as a sorted list of action keys.
OFFERED_JS = r"""
() => Array.from(new Set([
  ...Array.from(document.querySelectorAll('.lf-game [data-key]')).map(el => el.dataset.key),
  ...Array.from(document.querySelectorAll('[data-testid^="act-"]')).map(el => el.dataset.testid.slice(4)),
])).sort()
"""

#: In the page: the elements to tap, in order, to take the option ``key`` as a player would: its target on the
#: board (a target with several options opens its menu first, then the option's line), else the prompt bar's
#: button. [] when the page does not offer it.
TAP_PATH_JS = r"""
(key) => {
  const item = document.querySelector(`.lf-game [data-key="${key}"]`);
  if (item) {
    const menu = item.closest('.lf-menu');
    if (!menu) return [`.lf-game [data-tgt="${item.dataset.tgt}"]`];
    const opener = `.lf-game [data-tgt="${menu.parentElement.dataset.tgt}"]`;
    return [opener, `${opener} > .lf-menu [data-key="${key}"]`];
  }
  return document.querySelector(`[data-testid="act-${key}"]`) ? [`[data-testid="act-${key}"]`] : [];
}
"""


@dataclass
class Board:
    """What the policy reads from a page (or from the engine, for the simulation)."""

    fronts: dict[str, int]
    test: str | None = None
    prompt: str = ""
    keys: list[str] = field(default_factory=list)


@lru_cache(maxsize=1)
def _strengths() -> dict[str, int]:
    from lf.engine.content import load_content

    return {cid: c.strength for cid, c in load_content().player_cards.items()}


def kind_of(key: str) -> str:
    return key.split(":", 1)[0]


def _arg(key: str) -> str:
    return key.split(":")[1]


def _support(options: list[str], fronts: dict[str, int], test: str | None) -> str:
    if "madrid" in options and fronts["madrid"] <= -5:
        return "madrid"
    if test in options and fronts[test] < 3:
        return test
    low = min(fronts[o] for o in options)
    tied = [o for o in options if fronts[o] == low]
    return "madrid" if "madrid" in tied else tied[0]


def rng_for(seed: int, version: int, faction: str) -> random.Random:
    return random.Random(f"{seed}:{version}:{faction}")


def choose(board: Board, seed: int, version: int, faction: str, explore: float = EXPLORE) -> str:
    """The key of the option to click, among ``board.keys``."""
    keys = sorted(board.keys)
    assert keys, "nothing to choose from"
    rng = rng_for(seed, version, faction)
    roll = rng.random()
    morale = [k for k in keys if kind_of(k) == "morale"]
    if morale:  # the Morale Bonus multiplies an icon: always worth using
        return rng.choice(morale)
    if "end_turn" in keys:
        bonus = [k for k in keys if kind_of(k) == "hp_bonus"]
        if bonus:  # Hero points left: keep the Bonuses on for everyone's next turns
            return bonus[0]
        return "end_turn" if roll > explore else rng.choice(keys)
    if "ap_bonus:both" in keys and roll > 0.5:
        return "ap_bonus:both"
    if "bid_done" in keys and not any(kind_of(k) == "unbid" for k in keys):
        bids = [k for k in keys if kind_of(k) == "bid"]
        if bids:  # a Final Bid of at least one card, so every browser game plays the bid itself
            return rng.choice(bids)
    for done in ("keep_done", "bid_done"):
        if done in keys:
            return done if roll < 0.4 else rng.choice(keys)
    plain = [k for k in keys if kind_of(k) not in SPEND_KINDS] or keys
    if roll < explore:
        return rng.choice(plain)
    plain = [k for k in plain if k != "lapse"] or plain  # a card's line on a victorious Front: apply it
    cards = [k for k in keys if kind_of(k) == "choose" and ":" in k]
    if cards:
        best = max(_strengths()[_arg(k)] for k in cards)
        return rng.choice([k for k in cards if _strengths()[_arg(k)] == best])
    ap = [_arg(k) for k in keys if kind_of(k) == "ap_front"]
    if ap:
        return f"ap_front:{_support(ap, board.fronts, board.test)}"
    fronts = [_arg(k) for k in plain if kind_of(k) == "front"]
    if fronts and len(fronts) == len(plain):
        if "Attack" in board.prompt:
            pool = [f for f in fronts if f != "madrid"] or fronts  # Attacks: never on Madrid if avoidable
            high = max(board.fronts[f] for f in pool)
            return f"front:{rng.choice([f for f in pool if board.fronts[f] == high])}"
        return f"front:{_support(fronts, board.fronts, board.test)}"
    return rng.choice(plain)


def first_mover(pending_humans: list[str]) -> str:
    """Who the tests let act when several humans decide at once: the first in the factions' order."""
    return min(pending_humans, key=FACTIONS.index)


@dataclass
class SimResult:
    steps: int
    final_bid: bool
    year: int
    turn: int
    result: dict


def simulate(game_seed: int, seats: dict[str, str], policy_seed: int, explore: float = EXPLORE,
             limit: int = 2000, options: dict[str, Any] | None = None) -> SimResult:
    """Play the game the browsers would play, with the engine alone (Non-players as in the session; ``options``:
    the game's, e.g. the level a teaching table deals at)."""
    state, steps, bid = play(game_seed, seats, policy_seed, explore, limit, options=options)
    r = state.result or {}
    return SimResult(steps, bid, r.get("year", state.year), r.get("turn", state.turn), r)


def play(game_seed: int, seats: dict[str, str], policy_seed: int, explore: float = EXPLORE,
         limit: int = 2000, stop_after: int | None = None,
         options: dict[str, Any] | None = None) -> tuple[GameState, int, bool]:
    """The game ``simulate`` plays: its final state, the human steps taken, and whether the Final Bid was played.

    ``stop_after``: stop once that many human steps are played (the position the browsers would then be at).
    """
    from lf.engine import apply, decision, new_game
    from lf.engine.content import load_content
    from lf.engine.npc import choose as nonplayer_choose
    from lf.engine.queries import is_nonplayer

    content = load_content()
    state = new_game(game_seed, seats, options)
    steps, bid = 0, False
    for _ in range(limit):
        movers = [p["faction"] for p in state.pending if is_nonplayer(state, p["faction"])]
        if movers:
            action, rule = nonplayer_choose(state, movers[0])
            apply(state, movers[0], action, f"Non-player rule {rule}")
            continue
        if state.result is not None or (stop_after is not None and steps >= stop_after):
            break
        f = first_mover([p["faction"] for p in state.pending])
        d = decision(state, f)
        bid = bid or d.kind == "bid"
        card = state.fascist_card
        board = Board(fronts={k: v.value for k, v in state.fronts.items()},
                      test=content.fascist_cards[card].test.front if card else None,
                      prompt=d.prompt, keys=[c.action.key for c in d.choices])
        apply(state, f, choose(board, policy_seed, len(state.actions), f, explore))
        steps += 1
    return state, steps, bid


def full_game_seed(policy_seed: int, seats: dict[str, str], start: int, tries: int = 3000,
                   min_steps: int = 0, options: dict[str, Any] | None = None) -> tuple[int, SimResult]:
    """The first game seed from ``start`` whose game (of ``options``), played by this policy, reaches the Final
    Bid."""
    for game_seed in range(start, start + tries):
        sim = simulate(game_seed, seats, policy_seed, options=options)
        if sim.final_bid and sim.steps >= min_steps:
            return game_seed, sim
    raise AssertionError(f"no game seed in {start}..{start + tries} lasts to the Final Bid with policy {policy_seed}")


def long_game_seed(policy_seed: int, seats: dict[str, str], start: int, min_steps: int, max_steps: int = 10_000,
                   tries: int = 3000) -> tuple[int, SimResult]:
    """The first game seed from ``start`` whose game takes between ``min_steps`` and ``max_steps`` decisions."""
    for game_seed in range(start, start + tries):
        sim = simulate(game_seed, seats, policy_seed)
        if min_steps <= sim.steps <= max_steps:
            return game_seed, sim
    raise AssertionError(f"no game seed in {start}..{start + tries} lasts {min_steps}-{max_steps} steps")
