"""The playout policy: a person's seat played by quick rules, no look-ahead, so a playout costs little.

The search plays thousands of futures; in them every person's seat (the computer's own included) follows these
rules and every Non-player seat Appendix 3 (``lf.engine.npc``). The rules hold the line: Action Points to the
Front in most danger (the tested Front when the card makes it pass), an Event only when it puts 2 Strength more
on the Fronts, the Morale Bonus on the icon worth most, and Hero points on a Front in danger, the Bonuses, then
cards. They only answer from the decision's legal actions. Measured beside two Non-players (150 games a seat),
these rules won the war in 78-93% of games where the first draft (Events and the Initiative first) won 40-47%:
the tableau's icons and the cards bought with Hero points are what a person's seat lives on.
"""

from __future__ import annotations

from lf.engine import Action, Decision, GameState, decision
from lf.engine.constants import FRONTS, MADRID, TEAMWORK
from lf.engine.machine import content
from lf.engine.queries import open_fronts
from lf.engine.year_end import keep_limits

from .knowledge import card_worth, event_strength, icon_worth, icons_of, stance, strength_of

#: Madrid lost is the war lost: it is treated as this much closer to Defeat than its value says.
MADRID_WEIGHT = 2
#: A Front at or below this is in danger: everything goes to it.
DANGER = -6
MEDALLION_PREFERENCE = ("heroism", "volunteers", "strategy", "mobilization", "propaganda", "vigilance", "archives",
                        "organization", "intelligence")


def urgency(state: GameState, front: str) -> int:
    """How close a Front is to Defeat, Madrid counted closer (lower is more urgent)."""
    return state.fronts[front].value + (-MADRID_WEIGHT if front == MADRID else 0)


def weakest(state: GameState, options: list[str]) -> str:
    return min(options, key=lambda f: (urgency(state, f), FRONTS.index(f)))


def strongest(state: GameState, options: list[str]) -> str:
    return max(options, key=lambda f: (state.fronts[f].value, f != MADRID, -FRONTS.index(f)))


def support_target(state: GameState, options: list[str], amount: int) -> str:
    """A Front in danger first; else the tested Front if this Strength makes it pass; else the weakest."""
    low = weakest(state, options)
    if state.fronts[low].value <= DANGER:
        return low
    if state.fascist_card:
        test = content().fascist_cards[state.fascist_card].test
        fs = state.fronts[test.front]
        if test.front in options and fs.value < test.threshold <= fs.value + amount:
            return test.front
    return low


def _in_danger(state: GameState) -> bool:
    return any(state.fronts[f].value <= DANGER for f in open_fronts(state))


def play_card(state: GameState, f: str, card: str, acts: list[Action]) -> Action:
    """Action Points on the Front that needs them, unless the Event puts 2 Strength more on the Fronts: the
    card then joins the tableau, whose icons feed every later Morale Bonus (measured: docs/ai.md)."""
    n = strength_of(card)
    event = Action("event", card)
    fronts = [a.arg for a in acts if a.kind == "ap_front"]
    if event in acts and event_strength(card) > n + 1:
        return event
    if fronts:
        return Action("ap_front", support_target(state, fronts, n))
    return event if event in acts else acts[0]


def spend_or_end(state: GameState, f: str, acts: list[Action], end: Action | None) -> Action:
    """After the card: Volunteers for a Front in danger, a Bonus back on, then cards while the Year has turns
    left to play them (more cards: a better card each turn and a fuller tableau)."""
    fa = state.factions[f]
    have = set(acts)
    fronts = [a.arg for a in acts if a.kind == "volunteers"]
    if fronts and _in_danger(state):
        return Action("volunteers", weakest(state, fronts))
    for bonus in (TEAMWORK, "morale"):
        if Action("hp_bonus", bonus) in have and fa.hero >= 2:
            return Action("hp_bonus", bonus)
    if Action("hp_draw") in have and state.turn < 4:
        return Action("hp_draw")
    return end if end is not None else acts[0]


def _pick(state: GameState, f: str, p: dict, acts: list[Action]) -> Action:
    what, purpose = p["what"], p.get("purpose", "")
    options = list(p["options"])
    if what == "front":
        if purpose in ("attack", "tie_attack"):
            return Action("front", strongest(state, options))
        amount = p.get("cont", {}).get("n", 1)
        return Action("front", support_target(state, options, amount))
    if what == "track":
        sign = 1 if purpose.endswith("_up") or p.get("cont", {}).get("e", {}).get("n", 1) > 0 else -1
        if purpose.startswith("liberty_or_collectivization"):
            ranked = sorted(options, key=lambda t: state.tracks[t])
            mine = stance(f, ranked[0]) > 0
            return Action("track", ranked[0] if mine == (sign > 0) else ranked[-1])
        return Action("track", max(options, key=lambda t: (stance(f, t) * sign, -options.index(t))))
    if what == "dir":
        return Action("dir", "down" if stance(f, purpose.split(":", 1)[1]) < 0 else "up")
    if what == "bonus":
        prefer = TEAMWORK if purpose == "bonus_on" else "morale"
        return Action("bonus", prefer if prefer in options else options[0])
    if what == "faction":
        return Action("faction", _pick_faction(state, f, options, purpose))
    if what == "card":
        return Action("card", _pick_card(state, f, options, purpose))
    if what == "medallion":
        return Action("medallion", min(options, key=lambda m: MEDALLION_PREFERENCE.index(m)))
    return Action(what, options[0])


def _pick_faction(state: GameState, f: str, options: list[str], purpose: str) -> str:
    if purpose in ("hero_gain", "glory_tie", "bid_tie") and f in options:
        return f
    others = [x for x in options if x != f] or options
    return max(others, key=lambda x: (state.factions[x].hero, state.bag.count(x)))


def _icons_worth(card: str, f: str) -> float:
    return sum(icon_worth(i, f) for i in icons_of(card))


def _pick_card(state: GameState, f: str, options: list[str], purpose: str) -> str:
    if purpose in ("tableau_add", "swap_in"):
        return max(options, key=lambda c: _icons_worth(c, f))
    if purpose == "swap_out":
        return min(options, key=lambda c: _icons_worth(c, f))
    return max(options, key=lambda c: card_worth(c, f))


def _morale(state: GameState, f: str, acts: list[Action]) -> Action:
    best, score = Action("morale_skip"), 0.0
    for a in acts:
        if a.kind != "morale" or a.n:
            continue
        k = sum(icons_of(c).count(a.arg) for c in state.factions[f].tableau)
        value = icon_worth(a.arg, f) * k
        if value > score:
            best, score = a, value
    return best


def _keep(state: GameState, f: str, acts: list[Action]) -> Action:
    fa = state.factions[f]
    hand_max, table_max = keep_limits(state, f)
    want = sorted(fa.hand, key=lambda c: -card_worth(c, f))[:hand_max]
    want += sorted(fa.tableau, key=lambda c: -_icons_worth(c, f))[:table_max]
    for c in want:
        if c not in fa.keep and Action("keep", c) in acts:
            return Action("keep", c)
    return Action("keep_done")


def _bid(state: GameState, f: str, acts: list[Action]) -> Action:
    """Keep the strongest card for the last turn while a Front still needs it; bid up to 3 of the rest."""
    fa = state.factions[f]
    hand = sorted(fa.hand, key=lambda c: (-strength_of(c), c))
    need = any(state.fronts[x].value < 1 for x in open_fronts(state))
    spare = hand[1:] if need and hand else hand
    if spare and len(fa.bid) < 3 and Action("bid", spare[0]) in acts:
        return Action("bid", spare[0])
    return Action("bid_done")


def _choose(state: GameState, f: str, acts: list[Action]) -> Action:
    cards = [a.arg for a in acts if a.arg]
    if not cards:
        return acts[0]
    best = max(cards, key=lambda c: (max(strength_of(c), event_strength(c)), card_worth(c, f), c))
    return Action("choose", best)


def rollout_action(state: GameState, f: str) -> Action:
    """The playout rules' move for the person's seat ``f`` (one of the decision's legal actions)."""
    return rollout_choice(state, decision(state, f))


def rollout_choice(state: GameState, d: Decision) -> Action:
    """The playout rules' move in the person's decision ``d`` (built on this state; a chooser for
    ``apply_chosen``)."""
    f = d.faction
    acts = [c.action for c in d.choices]
    if len(acts) == 1:
        return acts[0]
    p = next(p for p in state.pending if p["faction"] == f)
    kind = d.kind
    if kind == "choose":
        return _choose(state, f, acts)
    if kind == "turn":
        if p["phase"] == "main":
            return play_card(state, f, p["card"], [a for a in acts if a.kind in ("event", "ap_front", "ap_track",
                                                                                   "ap_bonus")])
        return spend_or_end(state, f, acts, Action("end_turn"))
    if kind == "play":
        return play_card(state, f, p["card"], [a for a in acts if a.kind in ("event", "ap_front", "ap_track",
                                                                               "ap_bonus")])
    if kind == "morale":
        return _morale(state, f, acts)
    if kind == "pick":
        choice = _pick(state, f, p, acts)
        return choice if choice in acts else next(a for a in acts if a.kind == p["what"])
    if kind == "keep":
        return _keep(state, f, acts)
    if kind == "bid":
        return _bid(state, f, acts)
    return acts[0]
