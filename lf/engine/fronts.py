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
    plain_list,
)
from .hero import grant
from .machine import Step, keeps_log, log, pick, push, step
from .queries import closest_to_defeat, closest_to_victory, is_nonplayer, open_fronts, owns, tie_breaker
from .state import FrontState, GameState
from .tracks import move


def strength(front: str, n: int, by: str, src: str = "", origin: str | None = None) -> Step:
    """Step: ``by`` adds n Strength to ``front`` (a name or choice / closest_defeat / closest_victory).

    ``origin`` says where a card line came from (tracks.ORIGINS); a Fascist card's line is the card's effect:
    ``by`` chooses where it goes (the Initiative player, or the faction the line names) but supports nothing.
    """
    out: Step = {"s": "strength", "front": front, "n": n, "by": by, "src": src}
    if origin:
        out["origin"] = origin
    return out


def attack(front: str, n: int, src: str = "", by: str | None = None, origin: str | None = None) -> Step:
    """Step: n Fascist Attacks on ``front`` (a name, V, D, choice, closest_defeat / closest_victory)."""
    out: Step = {"s": "attack", "front": front, "n": n, "src": src, "by": by}
    if origin:
        out["origin"] = origin
    return out


_ALIASES = {"V": "closest_victory", "D": "closest_defeat"}


def _amount(s: Step, attacking: bool) -> str:
    n = s["n"]
    return f"the {n} Attack{'s' * (n != 1)}" if attacking else f"the +{n} Strength"


def _target(state: GameState, s: Step, chooser: str, attacking: bool) -> bool:
    """Resolve the step's Front. True if it names an open Front now; otherwise a question was asked."""
    spec = s["front"]
    if spec in FRONTS and state.fronts[spec].status == "open":  # the usual case: a named open Front
        return True
    spec = _ALIASES.get(spec, spec)
    opens = open_fronts(state)
    if not opens:
        log(state, "Every Front is already decided: nothing happens.")
        return False
    verb = "takes" if attacking else "receives"
    purpose = "attack" if attacking else "strength"
    if spec in FRONTS:
        status = state.fronts[spec].status
        if status == "open":
            return True
        if status == "victory":
            _victorious(state, s, spec, chooser, attacking)
            return False
        spec = "closest_defeat"
    if spec == "choice":
        prompt = f"Choose the Front that {verb} {_amount(s, attacking)}"
        pick(state, chooser, "front", opens, prompt, s, "front", purpose=purpose)
        return False
    tied = closest_to_defeat(state) if spec == "closest_defeat" else closest_to_victory(state)
    if len(tied) == 1:  # no tie, so no question (``pick`` would go on at once): not put into words either
        push(state, {**s, "front": tied[0]})
        return False
    where = "Defeat" if spec == "closest_defeat" else "Victory"
    names = plain_list([front_label(f).removesuffix(" Front") for f in tied])
    prompt = f"{names} are equally close to {where}: choose which one {verb} {_amount(s, attacking)}"
    pick(state, tie_breaker(state, s.get("by"), s.get("origin")), "front", tied, prompt, s, "front",
         purpose=f"tie_{purpose}")
    return False


def _victorious(state: GameState, s: Step, front: str, chooser: str, attacking: bool) -> None:
    """Rulebook pg. 8: a Fascist Attack on a victorious Front goes to the Initiative player's choice (the
    chooser of a Fascist line is the Initiative player); a player's card "can now be applied to the Front of
    the player's choice", so a human may also let that line lapse (a Non-player always applies it, Appendix 3
    rules 3 and 4)."""
    verb = "takes" if attacking else "receives"
    can_lapse = s.get("origin") == "card" and not is_nonplayer(state, chooser)
    prompt = f"The {front_label(front)} has achieved Victory: choose the Front that {verb} {_amount(s, attacking)} instead"
    lapse = f"Let it lapse: no Front {verb} {_amount(s, attacking)}" if can_lapse else ""
    if lapse:
        prompt += ", or let it lapse"
    pick(state, chooser, "front", open_fronts(state), prompt, s, "front", purpose="attack" if attacking else "strength",
         lapse=lapse)


@step("strength")
def _strength(state: GameState, s: Step) -> None:
    if _target(state, s, s["by"], attacking=False):
        supporter = None if s.get("origin") == "fascist" else s["by"]
        add_strength(state, s["front"], s["n"], supporter, s.get("src", ""))


@step("attack")
def _attack(state: GameState, s: Step) -> None:
    if _target(state, s, s.get("by") or state.initiative, attacking=True):
        add_attacks(state, s["front"], s["n"], s.get("src", ""))


def add_strength(state: GameState, front: str, n: int, by: str | None, src: str = "") -> None:
    """Strength on an open Front. With a supporter ``by`` (pg. 7, "a player strengthens a Front"): its token,
    Teamwork, Strategy and the control Hero point. Without (a Fascist Test reward, the card's own effect):
    the value only, and a Victory it brings pays those who did support the Front this turn."""
    fs = state.fronts[front]
    total, extras = n, []
    if by is not None:
        total, extras = _support_extras(state, fs, by, n)
    old = fs.value
    fs.value = min(FRONT_MAX, old + total)
    if keeps_log(state):
        why = "; ".join([src, *extras] if src else extras)
        more = f" ({why})" if why else ""
        if by is None:
            log(state, f"{total} Strength to the {front_label(front)}{more}: now {fs.value:+d}.", f"front:{front}",
                kind="front")
        else:
            log(state, f"{faction_label(by)} add {total} Strength to the {front_label(front)}{more}: "
                f"now {fs.value:+d}.", f"front:{front}", faction=by, kind="front")
    if by is not None and old <= 0 < fs.value:
        grant(state, {by: 1}, f"brought the {front_label(front)} under Republican control")
    if fs.value >= FRONT_MAX:
        _victory(state, front)


def _support_extras(state: GameState, fs: FrontState, by: str, n: int) -> tuple[int, list[str]]:
    """A player's support (pg. 7): one token per Front and turn, Teamwork for the second or third player, and
    Strategy (Appendix 2) on the owner's own support in the owner's own turn, once (lf reading)."""
    fa = state.factions[by]
    total, extras = n, []
    if by not in fs.tokens:
        others = list(fs.tokens)
        fs.tokens.append(by)
        fa.tokens = max(0, fa.tokens - 1)
        if others and state.bonuses[TEAMWORK]:
            total += 1
            extras.append("+1 Teamwork")
    if owns(state, by, "strategy") and "strategy" not in fa.used and not is_nonplayer(state, by) and state.active == by:
        fa.used.append("strategy")
        total += 1
        extras.append("+1 Strategy")
    return total, extras


def add_attacks(state: GameState, front: str, n: int, src: str = "") -> None:
    fs = state.fronts[front]
    fs.value = max(FRONT_MIN, fs.value - n)
    if keeps_log(state):
        why = f" ({src})" if src else ""
        log(state, f"{n} Attack{'s' * (n != 1)} on the {front_label(front)}{why}: now {fs.value:+d}.", f"front:{front}",
            kind="front")
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
