"""Non-player factions (Appendix 3) as decision functions over the legal actions.

``choose(state, faction)`` returns one of the actions the engine lists for a
Non-player seat, with the rule that decided it; ``apply`` then validates it like
any human move, and the note goes into the log ("Non-player rule 3b: ...").
"""

from __future__ import annotations

from .actions import Action, Decision
from .constants import (
    ANARCHISTS,
    COLLECTIVIZATION,
    COMMUNISTS,
    FACTIONS,
    FOREIGN_AID,
    FRONTS,
    GOVERNMENT,
    LIBERTY,
    MADRID,
    MODERATES,
    SOVIET_SUPPORT,
    TRACK_HP_PRICE,
    faction_label,
    front_label,
    track_label,
)
from .game import apply, decision
from .machine import content
from .nonplayer import contributed_fronts
from .queries import government_controller, is_nonplayer, turn_order
from .rng import below, seed_state
from .state import GameState
from .tracks import blocked_reason

Move = tuple[Action, str]


def _flag(f: str) -> str:
    return content().board.faction_flags[f]


def madrid_order(state: GameState) -> list[str]:
    """Fronts from Madrid onwards in the current direction of play (rules 3c-iii and 4b-iii)."""
    start = FRONTS.index(MADRID)
    return [FRONTS[(start + state.direction * k) % 4] for k in range(4)]


def support_tiebreak(state: GameState, f: str, tied: list[str]) -> tuple[str, str]:
    """Rule 3c: Madrid, then the faction's flag, then closest to Madrid in the direction of play."""
    if MADRID in tied:
        return MADRID, "3c-i (Madrid)"
    if _flag(f) in tied:
        return _flag(f), "3c-ii (its flag)"
    return next(x for x in madrid_order(state) if x in tied), "3c-iii (closest to Madrid in the direction of play)"


def attack_tiebreak(state: GameState, f: str, tied: list[str]) -> tuple[str, str]:
    """Rule 4b: not Madrid, not the faction's flag, then closest to Madrid in the direction of play."""
    pool = [x for x in tied if x != MADRID] or tied
    pool = [x for x in pool if x != _flag(f)] or pool
    return next(x for x in madrid_order(state) if x in pool), "4b (not Madrid, not its flag, closest to Madrid)"


def support_front(state: GameState, f: str, options: list[str]) -> tuple[str, str]:
    """Rule 3: where a Non-player adds Strength, among ``options``."""
    if MADRID in options and state.fronts[MADRID].value <= -5:
        return MADRID, "3a: Madrid is at -5 or worse"
    card = state.fascist_card and content().fascist_cards[state.fascist_card]
    if state.active == f and card and card.test.front in options:
        return card.test.front, "3b: supports the tested Front"
    low = min(state.fronts[x].value for x in options)
    tied = [x for x in options if state.fronts[x].value == low]
    if len(tied) == 1:
        return tied[0], "3c: the Front closest to Defeat"
    front, rule = support_tiebreak(state, f, tied)
    return front, f"3c: closest to Defeat, tie broken by {rule}"


def attack_front(state: GameState, f: str, options: list[str]) -> tuple[str, str]:
    """Rule 4: Attacks go to the Front closest to Victory, ties by rule 4b."""
    high = max(state.fronts[x].value for x in options)
    tied = [x for x in options if state.fronts[x].value == high]
    if len(tied) == 1:
        return tied[0], "4a: the Front closest to Victory"
    front, rule = attack_tiebreak(state, f, tied)
    return front, f"4a, tie broken by {rule}"


def lower_of_liberty_collectivization(state: GameState) -> str:
    """Rules 2a-ii and 5: the lower of the two; Collectivization when equal."""
    return LIBERTY if state.tracks[LIBERTY] < state.tracks[COLLECTIVIZATION] else COLLECTIVIZATION


def priority(state: GameState, f: str) -> tuple[str, int, str]:
    """Rule 5: (track, direction, rule) of the Priority track, re-evaluated before each step."""
    if f == ANARCHISTS:
        return lower_of_liberty_collectivization(state), 1, "5a"
    own, gov_dir = (SOVIET_SUPPORT, -1) if f == COMMUNISTS else (FOREIGN_AID, 1)
    sub = "5b" if f == COMMUNISTS else "5c"
    if state.initiative == f:
        if not (state.tracks[own] >= 8 and 10 in state.blanks[own]):
            return own, 1, f"{sub}-i"
        return GOVERNMENT, gov_dir, f"{sub}-i (its medallion is taken: Government)"
    if government_controller(state) == f:
        return lower_of_liberty_collectivization(state), -1, f"{sub}-ii"
    return GOVERNMENT, gov_dir, f"{sub}-iii"


def _favoured_direction(f: str, track: str) -> int:
    """Our reading where Appendix 3 is silent: a Non-player moves tracks its own way."""
    if track in (LIBERTY, COLLECTIVIZATION):
        return 1 if f == ANARCHISTS else -1
    if track == GOVERNMENT:
        return -1 if f == COMMUNISTS else 1
    return 1


def _by_rule(d: Decision, kind: str, arg: str) -> Action:
    act = next((c.action for c in d.choices if c.action.kind == kind and c.action.arg == arg), None)
    if act is None:
        raise AssertionError(f"Non-player rule chose {kind}:{arg}, which is not legal")
    return act


def _faction_tiebreak(state: GameState, f: str, tied: list[str]) -> tuple[str, str]:
    """Rule 8b: itself if possible, else more Hero points, more medallions, the Final Bid, turn order."""
    if f in tied:
        return f, "8b: a Non-player chooses itself"
    order = turn_order(state)
    ranked = sorted(tied, key=lambda x: (-state.factions[x].hero, -len(state.factions[x].medallions),
                                         0 if state.bid_winner == x else 1, order.index(x)))
    return ranked[0], "8b-i to iv (Hero points, medallions, Final Bid, turn order)"


def _pick(state: GameState, f: str, p: dict, d: Decision) -> Move:
    options, purpose, what = p["options"], p.get("purpose", ""), p["what"]
    rule = ""
    if what == "front":
        if purpose in ("attack", "tie_attack"):
            choice, rule = attack_front(state, f, options)
        else:
            choice, rule = support_front(state, f, options)
    elif purpose.startswith("liberty_or_collectivization"):
        low = lower_of_liberty_collectivization(state)
        if purpose.endswith("_up"):
            choice, rule = low, "2a-ii: raises the lower track"
        else:
            higher = LIBERTY if state.tracks[LIBERTY] > state.tracks[COLLECTIVIZATION] else COLLECTIVIZATION
            choice, rule = higher, "2a-ii: reduces the higher track"
    elif what == "track":
        track, _, prule = priority(state, f)
        choice, rule = (track, f"{prule}: its Priority track") if track in options else (options[0], "lf reading")
    elif what == "dir":
        track = purpose.split(":", 1)[1]
        choice, rule = ("up" if _favoured_direction(f, track) > 0 else "down"), "lf reading: moves the track its own way"
    elif what == "bonus":
        choice, rule = ("teamwork", "2a-vii: Teamwork first") if "teamwork" in options else (options[0], "2a-vii")
    elif what == "medallion":
        rng = seed_state(state.seed * 1_000_003 + len(state.actions))
        _, i = below(rng, len(options))
        choice, rule = options[i], "6: a random medallion (never Archives or Intelligence)"
    elif what == "faction":
        choice, rule = _pick_faction(state, f, options, purpose)
    else:
        choice, rule = options[0], "lf reading: first option"
    return _by_rule(d, what, choice), rule


def _pick_faction(state: GameState, f: str, options: list[str], purpose: str) -> tuple[str, str]:
    order = turn_order(state)
    if purpose == "hero_lose":
        pool = [x for x in options if x != f] or options
        return max(pool, key=order.index), "8a: never itself; the faction going last"
    if purpose == "take_hero":
        top = max(state.factions[x].hero for x in options)
        tied = [x for x in options if state.factions[x].hero == top]
        if len(tied) == 1:
            return tied[0], "2a-viii: the faction with more Hero points"
        if state.initiative in tied and state.initiative != f:
            return state.initiative, "2a-viii: tie, the Initiative faction"
        return max(tied, key=order.index), "2a-viii: it holds Initiative, the faction playing last"
    if purpose in ("glory_tie", "bid_tie"):
        return _faction_tiebreak(state, f, options)
    if f in options:
        return f, "8b: a Non-player chooses itself"
    return options[0], "lf reading: first in turn order"


def _np_turn(state: GameState, f: str, d: Decision) -> Move:
    kinds = {c.action.kind for c in d.choices}
    fa = state.factions[f]
    if "np_organization" in kinds:
        track, sign, rule = priority(state, f)
        if blocked_reason(state, track, sign) is None:
            return Action("np_organization", track, sign), f"2c-i: Organization moves its Priority track ({rule})"
    if "volunteers" in kinds:
        options = [c.action.arg for c in d.choices if c.action.kind == "volunteers"]
        front, rule = support_front(state, f, options)
        return _by_rule(d, "volunteers", front), f"2c-ii: Volunteers, {rule}"
    if "np_strategy" in kinds:
        options = contributed_fronts(state, f)
        front, rule = (options[0], "one Front") if len(options) == 1 else support_front(state, f, options)
        return _by_rule(d, "np_strategy", front), f"2c-iii: Strategy on the Front it supported ({rule})"
    track, sign, rule = priority(state, f)
    if fa.hero >= TRACK_HP_PRICE[track] and blocked_reason(state, track, sign) is None:
        return Action("hp_track", track, sign), f"2d: Hero points on its Priority track {track_label(track)} ({rule})"
    for bonus in ("teamwork", "morale"):
        if Action("hp_bonus", bonus) in {c.action for c in d.choices}:
            return Action("hp_bonus", bonus), "2d: extra Hero points turn on a Bonus, Teamwork first"
    return Action("end_turn"), "2: the Non-player's turn ends"


def choose(state: GameState, faction: str) -> Move:
    """The Non-player's action for its pending decision, and the rule that decided it."""
    d = decision(state, faction)
    if d is None:
        raise ValueError(f"{faction_label(faction)} have nothing to decide")
    p = next(p for p in state.pending if p["faction"] == faction)
    if d.kind == "np_turn":
        return _np_turn(state, faction, d)
    if d.kind == "pick":
        return _pick(state, faction, p, d)
    raise AssertionError(f"a Non-player faces a {d.kind!r} decision, which Appendix 3 never gives it")


def step_nonplayers(state: GameState) -> int:
    """Let Non-player seats act while a decision is theirs; return how many actions they took."""
    n = 0
    while True:
        movers = [p["faction"] for p in state.pending if is_nonplayer(state, p["faction"])]
        if not movers:
            return n
        action, rule = choose(state, movers[0])
        apply(state, movers[0], action, note=f"Non-player rule {rule}")
        n += 1


def describe_support(front: str, rule: str) -> str:
    return f"{front_label(front)} ({rule})"


__all__ = ["choose", "step_nonplayers", "priority", "support_front", "attack_front", "FACTIONS"]
