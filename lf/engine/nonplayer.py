"""Appendix 3: the turn of a Non-player faction, as steps and decisions.

The rules decide *what* a Non-player may do (top card for its Event, the Front
bonus, its medallions, Hero point spending); its *choices* are pending
decisions like a human's, answered by the policy in ``lf.engine.npc``.
"""

from __future__ import annotations

from functools import lru_cache

from .actions import Action, Choice, Decision
from .cards import card_name, top_card
from .constants import BONUSES, FACTIONS, FRONTS, TRACK_HP_PRICE, TRACKS, faction_label, front_label, track_label
from .decisions import DEAREST_STEP, HP_BONUS, HP_TRACK, kind, resolve_spend
from .fronts import add_strength, strength
from .hero import spend
from .machine import Step, ask, keeps_log, log, push, step
from .play import event_lines
from .queries import owns
from .state import GameState
from .tracks import fx, move, movable_steps


def _play_top_event(state: GameState, f: str, then: list[Step]) -> None:
    card = top_card(state, f)
    if card is None:
        log(state, f"{faction_label(f)} (Non-player) have no card left to play.", faction=f)
        push(state, *then)
        return
    state.factions[f].playing.append(card)
    name = card_name(card)
    if keeps_log(state):
        log(state, f"{faction_label(f)} (Non-player) play the top card of their deck, {name}, for its Event "
            "(rule 2a).", f"card:{card}", faction=f, kind="play")
    push(state, *[fx(e, f, name) for e in event_lines(card)], {"s": "trash", "f": f, "card": card}, *then)


@step("np_turn")
def _np_turn(state: GameState, s: Step) -> None:
    """Rule 2: a. the Event, b. the Front bonus, c. medallions and d. Hero points (the np decision)."""
    f = s["f"]
    bonus = strength("choice", 1, f, "Non-player Front bonus (rule 2b)")
    _play_top_event(state, f, [bonus, {"s": "np_menu", "f": f}])


@step("np_extra")
def _np_extra(state: GameState, s: Step) -> None:
    """Rule 2: an extra card played by a Non-player only does its Event."""
    _play_top_event(state, s["f"], [])


@step("np_menu")
def _np_menu(state: GameState, s: Step) -> None:
    ask(state, s["f"], "np_turn")


#: Marks (in ``used``) that a Non-player has begun rule 2d, spending Hero points, this turn.
SPENDING = "np_spending"


def contributed_fronts(state: GameState, f: str) -> list[str]:
    fronts = state.fronts
    return [front for front in FRONTS if f in fronts[front].tokens and fronts[front].status == "open"]


#: The Non-player's options: always the same words for the same action, so built once (a Non-player game asks
#: for this menu about 150 times; the choices are immutable and may be shared by every decision).
_END = Choice(Action("end_turn"), "End the Non-player's turn")
_ORGANIZATION = {(t, d): Choice(Action("np_organization", t, d),
                                f"Organization: 1 Hero point, {track_label(t)} {'up' if d > 0 else 'down'} one step")
                 for t in TRACKS for d in (1, -1)}
_VOLUNTEERS = {f: Choice(Action("volunteers", f), f"Volunteers: 1 Hero point, +1 to the {front_label(f)}")
               for f in FRONTS}
_STRATEGY = {f: Choice(Action("np_strategy", f), f"Strategy: +1 to the {front_label(f)}") for f in FRONTS}


def np_choices(state: GameState, f: str) -> list[Choice]:
    fa = state.factions[f]
    hp, used = fa.hero, fa.used
    out = [_END]
    # Rule 2: c (medallions) comes before d (spending Hero points); once d has begun, c is over.
    medallions = SPENDING not in used
    organization = medallions and owns(state, f, "organization") and "organization" not in used and hp >= 1
    movable = movable_steps(state) if organization or hp >= 2 else ()
    if organization:
        out += _organizations(movable)
    if medallions and owns(state, f, "volunteers") and "volunteers" not in used and hp >= 1:
        fronts = state.fronts
        out += [_VOLUNTEERS[front] for front in FRONTS if fronts[front].status == "open"]
    if medallions and owns(state, f, "strategy") and "strategy" not in used:
        out += [_STRATEGY[front] for front in contributed_fronts(state, f)]
    if hp >= 2:
        bonuses = state.bonuses
        out += _affordable(movable, min(hp, DEAREST_STEP))
        out += [HP_BONUS[b] for b in BONUSES if not bonuses[b]]
    return out


@lru_cache(maxsize=None)
def _organizations(movable: tuple[tuple[str, int], ...]) -> tuple[Choice, ...]:
    return tuple(_ORGANIZATION[step] for step in movable)


@lru_cache(maxsize=None)
def _affordable(movable: tuple[tuple[str, int], ...], hp: int) -> tuple[Choice, ...]:
    """The track steps that ``hp`` Hero points buy (``hp`` capped at the dearest price: the menu is the same)."""
    return tuple(HP_TRACK[step] for step in movable if hp >= TRACK_HP_PRICE[step[0]])


_PROMPTS = {f: f"{faction_label(f)} (Non-player): medallions, then Hero points on the Priority track" for f in FACTIONS}


def _np_turn_decision(state: GameState, p: dict) -> Decision:
    f = p["faction"]
    return Decision(f, "np_turn", _PROMPTS[f], tuple(np_choices(state, f)))


def _np_turn_do(state: GameState, p: dict, a: Action) -> None:
    f = p["faction"]
    fa = state.factions[f]
    if a.kind == "end_turn":
        push(state, {"s": "turn_done", "f": f})
        return
    state.stack.append({"s": "np_menu", "f": f})
    if a.kind == "np_organization":
        spend(state, f, 1)
        fa.used.append("organization")
        if keeps_log(state):
            log(state, f"{faction_label(f)} spend 1 Hero point on Organization (rule 2c-i).", "medallion:organization",
                faction=f)
        push(state, move(a.arg, a.n, 1, f))
    elif a.kind == "np_strategy":
        fa.used.append("strategy")
        if keeps_log(state):
            log(state, f"{faction_label(f)} use Strategy (rule 2c-iii).", "medallion:strategy", faction=f)
        add_strength(state, a.arg, 1, f, "Strategy")
    elif a.kind == "volunteers":
        fa.used.append("volunteers")
        resolve_spend(state, f, a)
    else:
        if SPENDING not in fa.used:
            fa.used.append(SPENDING)
        resolve_spend(state, f, a)


kind("np_turn", _np_turn_decision, _np_turn_do)
