"""Medallions (rulebook pg. 10, Appendix 2): claimed when a faction's track maxes out.

The earning player chooses among those left; a Non-player draws one at random,
never Archives or Intelligence (Appendix 3, rule 6). The immediate ones act at
once; the permanent and Hero-point ones are read where they apply.
"""

from __future__ import annotations

from .constants import faction_label
from .effects import add_to_bag
from .hero import grant
from .machine import Step, content, keeps_log, log, pick, push, step
from .queries import is_nonplayer
from .state import GameState

NONPLAYER_REFUSED = ("archives", "intelligence")


def medallion_name(effect: str) -> str:
    return content().medallion(effect).name


def claimable(state: GameState, faction: str) -> list[str]:
    if is_nonplayer(state, faction):
        return [m for m in state.medallions if m not in NONPLAYER_REFUSED]
    return list(state.medallions)


@step("medallion")
def _medallion(state: GameState, s: Step) -> None:
    f = s["by"]
    options = claimable(state, f)
    if not options:
        log(state, f"{faction_label(f)} would claim a medallion, but none is left for them.", faction=f)
        return
    prompt = "You earn a medallion: choose one of those on the board"
    if is_nonplayer(state, f):
        prompt = f"{faction_label(f)} (Non-player) receive a random medallion (rule 6)"
    pick(state, f, "medallion", options, prompt, {"s": "medallion_take", "by": f}, "m", purpose="medallion", again=s)


@step("medallion_take")
def _medallion_take(state: GameState, s: Step) -> None:
    f, m = s["by"], s["m"]
    state.medallions.remove(m)
    state.factions[f].medallions.append(m)
    medal = content().medallion(m)
    if keeps_log(state):
        log(state, f"{faction_label(f)} claim the {medal.name} medallion: {medal.text}", f"medallion:{m}", faction=f,
            kind="medallion")
    if m == "propaganda":
        add_to_bag(state, f, 1, "Propaganda medallion")
    elif m == "heroism":
        grant(state, {f: 7}, "Heroism medallion")
    elif m == "mobilization":
        push(state, {"s": "play_extra", "by": f})
