"""Non-player factions (Appendix 3) as decision functions over the legal actions.

``choose(state, faction)`` returns one of the actions the engine lists for a
Non-player seat, with the rule that decided it; ``apply`` then validates it like
any human move, and the note goes into the log ("Non-player rule 3b: ...").
"""

from __future__ import annotations

from functools import lru_cache

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
    SOVIET_SUPPORT,
    TRACK_HP_PRICE,
    TRACKS,
    faction_label,
    front_label,
    track_label,
)
from .decisions import BUILD
from .game import carry_out_legal
from .machine import content, pinned
from .nonplayer import contributed_fronts
from .queries import government_controller, turn_order
from .rng import aside_below
from .state import GameState
from .tracks import blocked_reason

Move = tuple[Action, str]


def _flag(f: str) -> str:
    return content().board.faction_flags[f]


def madrid_order(state: GameState) -> list[str]:
    """Fronts from Madrid onwards in the current direction of play (rules 3c-iii and 4b-iii)."""
    start = FRONTS.index(MADRID)
    return [FRONTS[(start + state.direction * k) % 4] for k in range(4)]


def _direction_name(state: GameState) -> str:
    return "clockwise" if state.direction > 0 else "counter-clockwise"


def current_order(state: GameState) -> list[str]:
    """The current turn order: the one fixed when the player turns began, else from the Initiative player now."""
    return list(state.order) or turn_order(state)


def support_tiebreak(state: GameState, f: str, tied: list[str], where: str = "Defeat") -> tuple[str, str]:
    """Rule 3c i-iii: Madrid, then the faction's flag, then closest to Madrid in the direction of play."""
    among = f"among the Fronts equally close to {where}"
    if MADRID in tied:
        return MADRID, f"3c-i: Madrid, {among}"
    if _flag(f) in tied:
        return _flag(f), f"3c-ii: the {faction_label(f)}' flag, the {front_label(_flag(f))}, {among}"
    front = next(x for x in madrid_order(state) if x in tied)
    return front, f"3c-iii: closest to Madrid {_direction_name(state)} (the direction of play), {among}"


def attack_tiebreak(state: GameState, f: str, tied: list[str], where: str = "Victory") -> tuple[str, str]:
    """Rule 4b i-iii: not Madrid, not the faction's flag, then closest to Madrid in the direction of play."""
    among = f"among the Fronts equally close to {where}"
    pool = [x for x in tied if x != MADRID] or tied
    if len(pool) == 1:
        return pool[0], f"4b-i: not Madrid, {among}"
    flagless = [x for x in pool if x != _flag(f)] or pool
    if len(flagless) == 1:
        return flagless[0], (f"4b-ii: the {front_label(flagless[0])}, not the {faction_label(f)}' flag "
                             f"(the {front_label(_flag(f))}), {among}")
    front = next(x for x in madrid_order(state) if x in flagless)
    return front, f"4b-iii: closest to Madrid {_direction_name(state)} (the direction of play), {among}"


def _tie_of(p: dict) -> str:
    """Which closeness a tie pick is about: "Victory" for a line aimed at the Front closest to Victory."""
    return "Victory" if p.get("cont", {}).get("front") in ("V", "closest_victory") else "Defeat"


def support_front(state: GameState, f: str, options: list[str]) -> tuple[str, str]:
    """Rule 3: where a Non-player adds Strength, among ``options``."""
    if MADRID in options and state.fronts[MADRID].value <= -5:
        return MADRID, "3a: Madrid is at -5 or worse"
    card = state.fascist_card and content().fascist_cards[state.fascist_card]
    if state.active == f and card and card.test.front in options:
        return card.test.front, f"3b: on its turn, the Front being tested ({front_label(card.test.front)})"
    low = min(state.fronts[x].value for x in options)
    tied = [x for x in options if state.fronts[x].value == low]
    if len(tied) == 1:
        return tied[0], f"3c: the Front closest to Defeat ({front_label(tied[0])})"
    return support_tiebreak(state, f, tied)


def attack_front(state: GameState, f: str, options: list[str]) -> tuple[str, str]:
    """Rule 4: Attacks go to the Front closest to Victory, ties by rule 4b."""
    high = max(state.fronts[x].value for x in options)
    tied = [x for x in options if state.fronts[x].value == high]
    if len(tied) == 1:
        return tied[0], f"4a: the Front closest to Victory ({front_label(tied[0])})"
    return attack_tiebreak(state, f, tied)


def lower_of_liberty_collectivization(state: GameState) -> str:
    """Rules 2a-ii and 5: the lower of the two; Collectivization when equal."""
    return LIBERTY if state.tracks[LIBERTY] < state.tracks[COLLECTIVIZATION] else COLLECTIVIZATION


def priority(state: GameState, f: str) -> tuple[str, int, str]:
    """Rule 5: (track, direction, rule) of the Priority track, re-evaluated before each step."""
    if f == ANARCHISTS:
        low = lower_of_liberty_collectivization(state)
        tie = ", equal: Collectivization" if state.tracks[LIBERTY] == state.tracks[COLLECTIVIZATION] else ""
        return low, 1, f"5a: raise the lower of Liberty and Collectivization ({track_label(low)}{tie})"
    own, gov_dir = (SOVIET_SUPPORT, -1) if f == COMMUNISTS else (FOREIGN_AID, 1)
    sub = "5b" if f == COMMUNISTS else "5c"
    if state.initiative == f:
        if not (state.tracks[own] >= 8 and 10 in state.blanks[own]):
            return own, 1, f"{sub}-i: it has the Initiative, so {track_label(own)}"
        return GOVERNMENT, gov_dir, (f"{sub}-i exception: {track_label(own)} is at least 8 and its 10-space medallion "
                                     f"is covered by a Blank, so by {sub}-iii the Government")
    if government_controller(state) == f:
        low = lower_of_liberty_collectivization(state)
        tie = ", equal: Collectivization" if state.tracks[LIBERTY] == state.tracks[COLLECTIVIZATION] else ""
        return low, -1, (f"{sub}-ii: it controls the Government without the Initiative, so it reduces the lower of "
                         f"Liberty and Collectivization ({track_label(low)}{tie})")
    return GOVERNMENT, gov_dir, f"{sub}-iii: the Government"


def _favoured_direction(f: str, track: str) -> int:
    """Our reading where Appendix 3 is silent: a Non-player moves tracks its own way."""
    if track in (LIBERTY, COLLECTIVIZATION):
        return 1 if f == ANARCHISTS else -1
    if track == GOVERNMENT:
        return -1 if f == COMMUNISTS else 1
    return 1


def _stance(f: str, track: str) -> int:
    """+1 / -1: the way a faction wants ``track`` to go; 0: it does not care (lf reading)."""
    if f == ANARCHISTS:
        return 1 if track in (LIBERTY, COLLECTIVIZATION) else 0
    own, rival = (SOVIET_SUPPORT, FOREIGN_AID) if f == COMMUNISTS else (FOREIGN_AID, SOVIET_SUPPORT)
    if track == own:
        return 1
    if track == rival:
        return -1
    return _favoured_direction(f, track)


def track_of_choice(state: GameState, f: str, options: list[str], sign: int) -> tuple[str, str]:
    """A track "of your choice" moved in direction ``sign``: Appendix 3 is silent, so lf's reading is its
    Priority track when that goes this way, else a track it wants moved this way, else one it does not care about."""
    track, d, prule = priority(state, f)
    if d == sign and track in options and blocked_reason(state, track, sign) is None:
        return track, f"lf reading: a track of its choice is its Priority track ({prule})"
    lc = sorted((LIBERTY, COLLECTIVIZATION), key=lambda t: (sign * state.tracks[t], t != COLLECTIVIZATION))
    order = [GOVERNMENT, *lc, SOVIET_SUPPORT, FOREIGN_AID]
    movable = [t for t in order if t in options and blocked_reason(state, t, sign) is None] or list(options)
    for want, why in ((sign, "a track it wants moved this way"), (0, "a track it does not care about")):
        pool = [t for t in movable if _stance(f, t) == want]
        if pool:
            return pool[0], f"lf reading: a track of its choice is {why} ({track_label(pool[0])})"
    return movable[0], f"lf reading: a track of its choice ({track_label(movable[0])})"


@lru_cache(maxsize=None)
def _action(kind: str, arg: str) -> Action:
    """The policy's actions, each made once: a Non-player game names one about 56 times (a named tuple made in
    Python, not in C)."""
    return Action(kind, arg)


def _by_rule(actions: list[Action], kind: str, arg: str) -> Action:
    act = _action(kind, arg)
    if act not in actions:
        raise AssertionError(f"Non-player rule chose {kind}:{arg}, which is not legal")
    return act


def _faction_tiebreak(state: GameState, f: str, tied: list[str]) -> tuple[str, str]:
    """Rule 8b: itself if possible, else more Hero points, more medallions, the Final Bid winner, and
    finally the faction next in turn order clockwise from the Initiative faction."""
    if f in tied:
        return f, "8b: a Non-player always chooses itself to win"
    steps = (
        ("8b-i: the faction with more Hero points", lambda x: state.factions[x].hero),
        ("8b-ii: the faction with more medallions", lambda x: len(state.factions[x].medallions)),
        ("8b-iii: the faction that won the Final Bid", lambda x: 1 if state.bid_winner == x else 0),
    )
    pool = list(tied)
    for rule, score in steps:
        top = max(score(x) for x in pool)
        pool = [x for x in pool if score(x) == top]
        if len(pool) == 1:
            return pool[0], rule
    start = FACTIONS.index(state.initiative)
    clockwise = [FACTIONS[(start + k) % 3] for k in range(1, 4)]
    return min(pool, key=clockwise.index), "8b-iv: the faction next in turn order clockwise from the Initiative faction"


def _pick(state: GameState, f: str, p: dict, actions: list[Action]) -> Move:
    options, purpose, what = p["options"], p.get("purpose", ""), p["what"]
    rule = ""
    if what == "front":
        # A tie (the Front closest to Defeat or Victory) is broken by rules 3c / 4b alone, with this
        # Non-player's own flag; it is asked of the Non-player whose line it is (queries.tie_breaker).
        if purpose == "tie_attack":
            choice, rule = attack_tiebreak(state, f, options, _tie_of(p))
        elif purpose == "tie_strength":
            choice, rule = support_tiebreak(state, f, options, _tie_of(p))
        elif purpose == "attack":
            choice, rule = attack_front(state, f, options)
        else:
            choice, rule = support_front(state, f, options)
    elif purpose.startswith("liberty_or_collectivization"):
        tie = ", equal: Collectivization" if state.tracks[LIBERTY] == state.tracks[COLLECTIVIZATION] else ""
        if purpose.endswith("_up"):
            choice = lower_of_liberty_collectivization(state)
            rule = f"2a-ii: increases the lower of Liberty and Collectivization ({track_label(choice)}{tie})"
        else:
            choice = LIBERTY if state.tracks[LIBERTY] > state.tracks[COLLECTIVIZATION] else COLLECTIVIZATION
            rule = f"2a-ii: reduces the higher of Liberty and Collectivization ({track_label(choice)}{tie})"
    elif what == "track":
        sign = 1 if p.get("cont", {}).get("e", {}).get("n", 1) > 0 else -1
        choice, rule = track_of_choice(state, f, options, sign)
    elif what == "dir":
        track = purpose.split(":", 1)[1]
        choice, rule = ("up" if _favoured_direction(f, track) > 0 else "down"), "lf reading: moves the track its own way"
    elif what == "bonus":
        if purpose == "bonus_off":
            choice = "morale" if "morale" in options else options[0]
            rule = "lf reading: turns off the Morale Bonus, keeping Teamwork (its first choice, 2a-vii)"
        else:
            choice = "teamwork" if "teamwork" in options else options[0]
            rule = "2a-vii: the Teamwork Bonus is its first choice"
    elif what == "medallion":
        i = aside_below(state.rng, f"medallion:{len(state.actions)}", len(options))
        choice, rule = options[i], "6: a random medallion (never Archives or Intelligence)"
    elif what == "faction":
        choice, rule = _pick_faction(state, f, options, purpose)
    else:
        choice, rule = options[0], "lf reading: first option"
    return _by_rule(actions, what, choice), rule


def _pick_faction(state: GameState, f: str, options: list[str], purpose: str) -> tuple[str, str]:
    order = current_order(state)
    if purpose == "hero_lose":
        pool = [x for x in options if x != f] or options
        return max(pool, key=order.index), "8a: it never chooses itself to lose Hero points; the faction going last"
    if purpose == "take_hero":
        top = max(state.factions[x].hero for x in options)
        tied = [x for x in options if state.factions[x].hero == top]
        if len(tied) == 1:
            return tied[0], "2a-viii: takes from the faction with more Hero points"
        if state.initiative in tied and state.initiative != f:
            return state.initiative, "2a-viii: a tie in Hero points, takes from the Initiative faction"
        return max(tied, key=order.index), ("2a-viii: a tie in Hero points and it holds the Initiative, "
                                            "takes from the faction playing last")
    if purpose in ("glory_tie", "bid_tie"):
        return _faction_tiebreak(state, f, options)
    if f in options:
        return f, "lf reading: a Non-player chooses itself"
    return options[0], "lf reading: first in turn order"


#: The actions of a Non-player's turn menu that the policy names, made once (it decides about 80 times a game).
_ORGANIZATION = {(t, d): Action("np_organization", t, d) for t in TRACKS for d in (1, -1)}
_HP_TRACK = {(t, d): Action("hp_track", t, d) for t in TRACKS for d in (1, -1)}
_BONUSES_ON = tuple((Action("hp_bonus", b),
                     f"2d: extra Hero points turn on the {b.capitalize()} Bonus (Teamwork first)")
                    for b in ("teamwork", "morale"))
_END_TURN = Action("end_turn")


def _np_turn(state: GameState, f: str, actions: list[Action]) -> Move:
    kinds = {a.kind for a in actions}
    fa = state.factions[f]
    if "np_organization" in kinds:
        track, sign, rule = priority(state, f)
        if blocked_reason(state, track, sign) is None:
            return _ORGANIZATION[track, sign], f"2c-i: Organization moves its Priority track ({rule})"
    if "volunteers" in kinds:
        options = [a.arg for a in actions if a.kind == "volunteers"]
        front, rule = support_front(state, f, options)
        return _by_rule(actions, "volunteers", front), f"2c-ii: Volunteers, {rule}"
    if "np_strategy" in kinds:
        options = contributed_fronts(state, f)
        front, rule = (options[0], "the only Front it contributed to") if len(options) == 1 \
            else support_front(state, f, options)
        return _by_rule(actions, "np_strategy", front), f"2c-iii: Strategy on the Front it supported ({rule})"
    if "hp_track" in kinds:  # (else no step is affordable: the Priority track and its words are not asked for)
        track, sign, rule = priority(state, f)
        if fa.hero >= TRACK_HP_PRICE[track] and blocked_reason(state, track, sign) is None:
            return _HP_TRACK[track, sign], f"2d: Hero points on its Priority track {track_label(track)} ({rule})"
    for bonus, why in _BONUSES_ON:
        if bonus in actions:
            return bonus, why
    return _END_TURN, "2: the Non-player's turn ends"


@pinned
def choose(state: GameState, faction: str) -> Move:
    """The Non-player's action for its pending decision, and the rule that decided it."""
    p = next((p for p in state.pending if p["faction"] == faction), None)
    if p is None:
        raise ValueError(f"{faction_label(faction)} have nothing to decide")
    return choose_in(state, BUILD[p["kind"]](state, p))


@pinned
def choose_in(state: GameState, d: Decision) -> Move:
    """``choose`` for a decision already built (``d``, the Non-player's pending one on this state): a search's
    chooser for ``apply_chosen``, which then builds each decision once."""
    p = next(p for p in state.pending if p["faction"] == d.faction)
    return _decide(state, d.faction, p, [c.action for c in d.choices])


def _decide(state: GameState, faction: str, p: dict, actions: list[Action]) -> Move:
    """The policy for the pending decision ``p``, whose legal actions are ``actions``."""
    if p["kind"] == "np_turn":
        return _np_turn(state, faction, actions)
    if p["kind"] == "pick":
        return _pick(state, faction, p, actions)
    raise AssertionError(f"a Non-player faces a {p['kind']!r} decision, which Appendix 3 never gives it")


@pinned
def step_nonplayers(state: GameState) -> int:
    """Let Non-player seats act while a decision is theirs; return how many actions they took.

    Each move is ``choose`` then ``apply``, with the decision built once: the policy reads it, and the action it
    chose is checked against that same decision before it is carried out."""
    n = 0
    factions, pending = state.factions, state.pending  # (changed in place, never replaced)
    while True:
        for p in pending:
            if factions[p["faction"]].seat == "nonplayer":
                break
        else:
            return n
        f = p["faction"]
        d = BUILD[p["kind"]](state, p)
        actions = [c.action for c in d.choices]
        action, rule = _decide(state, f, p, actions)
        carry_out_legal(state, f, p, d, action, f"Non-player rule {rule}", actions)
        n += 1


def describe_support(front: str, rule: str) -> str:
    return f"{front_label(front)} ({rule})"


__all__ = ["choose", "step_nonplayers", "priority", "support_front", "attack_front", "FACTIONS"]
