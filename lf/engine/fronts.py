"""Fronts: Strength and Attacks, player tokens and Teamwork, Victory and Defeat.

Rulebook pg. 4 (values -10..+10), pg. 7 (Teamwork, Hero points for control),
pg. 8 (Victory and Defeat with their lasting redirections). Where a target is
ambiguous (a tie, a redirected card) the step asks and resumes with the Front.
"""

from __future__ import annotations

from .constants import (
    COLLECTIVIZATION,
    FOREIGN_AID,
    FRONT_MAX,
    FRONT_MIN,
    FRONTS,
    MADRID,
    MORALE,
    SOVIET_SUPPORT,
    TEAMWORK,
    faction_label,
    front_label,
)
from .hero import grant
from .machine import Step, log, pick, push, step
from .queries import closest_to_defeat, closest_to_victory, is_nonplayer, open_fronts, owns
from .state import GameState
from .tracks import move


def strength(front: str, n: int, by: str, src: str = "") -> Step:
    """Step: ``by`` adds n Strength to ``front`` (a name or choice / closest_defeat / closest_victory)."""
    return {"s": "strength", "front": front, "n": n, "by": by, "src": src}


def attack(front: str, n: int, src: str = "", by: str | None = None) -> Step:
    """Step: n Fascist Attacks on ``front`` (a name, V, D, choice, closest_defeat / closest_victory)."""
    return {"s": "attack", "front": front, "n": n, "src": src, "by": by}


_ALIASES = {"V": "closest_victory", "D": "closest_defeat"}


def _target(state: GameState, s: Step, chooser: str, attacking: bool) -> bool:
    """Resolve the step's Front. True if it names an open Front now; otherwise a question was asked."""
    spec = _ALIASES.get(s["front"], s["front"])
    opens = open_fronts(state)
    if not opens:
        log(state, "Every Front is already decided: nothing happens.")
        return False
    if spec in FRONTS:
        status = state.fronts[spec].status
        if status == "open":
            return True
        if status == "victory":
            # pg. 8: a Fascist Attack goes to the Initiative player's choice (the chooser of a Fascist
            # line is the Initiative player); a player card's line goes to that player's choice.
            who = chooser
            why = (f"{front_label(spec)} has achieved Victory: {faction_label(who)} choose the Front "
                   f"{'attacked' if attacking else 'strengthened'} instead")
            pick(state, who, "front", opens, why, s, "front", purpose="attack" if attacking else "strength")
            return False
        spec = "closest_defeat"
    if spec == "choice":
        prompt = f"Choose the Front that {'receives the Attacks' if attacking else 'receives the Strength'} ({s['n']})"
        pick(state, chooser, "front", opens, prompt, s, "front", purpose="attack" if attacking else "strength")
        return False
    tied = closest_to_defeat(state) if spec == "closest_defeat" else closest_to_victory(state)
    where = "Defeat" if spec == "closest_defeat" else "Victory"
    prompt = f"Fronts {', '.join(front_label(f) for f in tied)} are equally close to {where}: the Initiative player chooses"
    pick(state, state.initiative, "front", tied, prompt, s, "front", purpose="tie_attack" if attacking else "tie_strength")
    return False


@step("strength")
def _strength(state: GameState, s: Step) -> None:
    if _target(state, s, s["by"], attacking=False):
        add_strength(state, s["front"], s["n"], s["by"], s.get("src", ""))


@step("attack")
def _attack(state: GameState, s: Step) -> None:
    if _target(state, s, s.get("by") or state.initiative, attacking=True):
        add_attacks(state, s["front"], s["n"], s.get("src", ""))


def add_strength(state: GameState, front: str, n: int, by: str, src: str = "") -> None:
    """Support an open Front: token, Teamwork, Strategy, control Hero point, Victory."""
    fs = state.fronts[front]
    fa = state.factions[by]
    total, extras = n, []
    if by not in fs.tokens:
        others = list(fs.tokens)
        fs.tokens.append(by)
        fa.tokens = max(0, fa.tokens - 1)
        if others and state.bonuses[TEAMWORK]:
            total += 1
            extras.append("+1 Teamwork")
    if owns(state, by, "strategy") and "strategy" not in fa.used and not is_nonplayer(state, by):
        fa.used.append("strategy")
        total += 1
        extras.append("+1 Strategy")
    old = fs.value
    fs.value = min(FRONT_MAX, old + total)
    more = f" ({', '.join(extras)})" if extras else ""
    log(state, f"{faction_label(by)} add {total} Strength to the {front_label(front)}{more}: now {fs.value:+d}.",
        f"front:{front}", faction=by, kind="front")
    if old <= 0 < fs.value:
        grant(state, {by: 1}, f"brought the {front_label(front)} under Republican control")
    if fs.value >= FRONT_MAX:
        _victory(state, front)


def add_attacks(state: GameState, front: str, n: int, src: str = "") -> None:
    fs = state.fronts[front]
    fs.value = max(FRONT_MIN, fs.value - n)
    why = f" ({src})" if src else ""
    log(state, f"{n} Attack{'s' * (n != 1)} on the {front_label(front)}{why}: now {fs.value:+d}.", f"front:{front}", kind="front")
    if fs.value <= FRONT_MIN:
        _defeat(state, front)


def _victory(state: GameState, front: str) -> None:
    fs = state.fronts[front]
    fs.status = "victory"
    log(state, f"Victory on the {front_label(front)}! It can never again be attacked.", f"front:{front}", kind="victory")
    grant(state, {f: 3 for f in fs.tokens}, f"contributed to Victory on the {front_label(front)}")


def _defeat(state: GameState, front: str) -> None:
    fs = state.fronts[front]
    fs.status = "defeat"
    state.defeats.append(front)
    log(state, f"Defeat on the {front_label(front)}.", f"front:{front}", kind="defeat")
    if front == MADRID or len(state.defeats) >= 2:
        from .outcome import lose_war

        lose_war(state, "Defeat on the Madrid Front" if front == MADRID else "Defeat on a second Front")
        return
    if state.bonuses[MORALE]:
        state.bonuses[MORALE] = False
        log(state, "The Morale Bonus is turned off by the Defeat.", "bonus:morale")
    push(state, *[move(t, -1, 1, None) for t in (COLLECTIVIZATION, SOVIET_SUPPORT, FOREIGN_AID)])
