"""The random-game fuzzer (OpenSpiel / Rally the Troops style).

Plays seeded games by random legal actions (and Non-player seats by Appendix
3) and checks after every step: no exception, no dead end, DESIGN.md's
invariants, a JSON round-trip that resumes identically, no leak in any view,
and at the end that replaying seed + actions rebuilds the very same state.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field

from lf.engine import GameState, apply, from_json, new_game, replay, to_json, view
from lf.engine.content import STANDARD, level_ids
from lf.engine.machine import LEVEL
from lf.engine.constants import (
    FACTIONS,
    FRONT_MAX,
    FRONT_MIN,
    HERO_SUPPLY,
    TOKENS_PER_FACTION,
    TRACK_MAX,
    TRACK_MIN,
)
from lf.engine.effects import resolve_actor
from lf.engine.game import decisions, seats_of
from lf.engine.queries import is_nonplayer

from .players import SEATINGS, next_move, random_policy


class InvariantError(AssertionError):
    pass


def check_invariants(state: GameState) -> None:
    """DESIGN.md's invariants; raise InvariantError naming the first that fails."""
    def need(ok: bool, what: str) -> None:
        if not ok:
            raise InvariantError(what)

    for f, fs in state.fronts.items():
        need(FRONT_MIN <= fs.value <= FRONT_MAX, f"{f} Front at {fs.value}")
        need(len(set(fs.tokens)) == len(fs.tokens), f"two tokens of one faction on {f}")
    for t, v in state.tracks.items():
        need(TRACK_MIN <= v <= TRACK_MAX, f"{t} at {v}")
    hero = sum(fa.hero for fa in state.factions.values())
    need(all(fa.hero >= 0 for fa in state.factions.values()), "negative Hero points")
    need(state.hero_supply >= 0 and hero + state.hero_supply == HERO_SUPPLY, f"Hero points {hero} + {state.hero_supply}")
    bag, glory = Counter(state.bag), Counter(state.glory)
    for f in FACTIONS:
        fa = state.factions[f]
        zones = fa.deck + fa.hand + fa.tableau + fa.discard + fa.trash + fa.bid + fa.removed + fa.playing
        need(len(zones) == 18 and len(set(zones)) == 18, f"{f} has {len(zones)} cards ({len(set(zones))} distinct)")
        on_fronts = sum(f in fs.tokens for fs in state.fronts.values())
        need(fa.tokens + bag[f] + glory[f] + on_fronts == TOKENS_PER_FACTION, f"{f} tokens do not add up to 20")
        if fa.seat == "nonplayer":
            need(not fa.hand and not fa.tableau, f"Non-player {f} holds cards")
    need(len(state.glory) <= 9, "more than 9 Glory")
    for model in (state, *state.fronts.values(), *state.factions.values()):
        # The state's models set fields without pydantic's check of the name (lf/engine/state.py): a misspelt
        # field would be a stray attribute, which this finds.
        stray = set(vars(model)) - set(type(model).model_fields)
        need(not stray, f"{type(model).__name__} has attributes that are not fields: {sorted(stray)}")
    if state.result is None:
        need(bool(state.pending), "dead end: no pending decision")
        for d in decisions(state):
            need(bool(d.choices), f"dead end: {d.faction} {d.kind} has no legal action")
        need(len({p["faction"] for p in state.pending}) == len(state.pending), "two decisions for one faction")
    check_ties(state)
    check_supports(state)


#: Picks that break a tie a line met (Appendix 3 rules 3c, 4b, 2a-viii; rulebook pg. 4 and pg. 8).
TIE_PURPOSES = ("tie_strength", "tie_attack", "take_hero", "hero_lose", "hero_gain")


def check_ties(state: GameState) -> None:
    """A Non-player's own line never hands its tie to another faction (a human or another Non-player)."""
    for p in state.pending:
        if p["kind"] != "pick" or p.get("purpose") not in TIE_PURPOSES:
            continue
        cont = p["cont"]
        if cont.get("origin") in ("fascist", "board"):  # the Initiative player's ties (pg. 8), not a Non-player's
            continue
        owner = cont.get("by") if cont["s"] in ("strength", "attack") else resolve_actor(state, cont.get("actor", ""))
        if owner and is_nonplayer(state, owner) and p["faction"] != owner:
            raise InvariantError(f"the {owner} Non-player's tie ({p['purpose']}) is pending for {p['faction']}")


def check_supports(state: GameState) -> None:
    """Only a player's support places a token (pg. 7): a Fascist Test reward is the card's effect (no token, no
    Teamwork, no Strategy), and every token on a Front this turn is backed by its faction's support there."""
    backed: set[tuple[str, str]] = set()
    for e in reversed(state.log):
        if (e["year"], e["turn"]) != (state.year, state.turn):
            break
        if e["kind"] != "front":
            continue
        if "(Test reward" in e["text"] and (e["faction"] or "Teamwork" in e["text"] or "Strategy" in e["text"]):
            raise InvariantError(f"a Test reward was booked as a player's support: {e['text']}")
        if e["faction"]:
            backed.update((e["faction"], r.removeprefix("front:")) for r in e["refs"] if r.startswith("front:"))
    for front, fs in state.fronts.items():
        for f in fs.tokens:
            if (f, front) not in backed:
                raise InvariantError(f"a {f} token on the {front} Front without a {f} support there this turn")


def check_views(state: GameState) -> None:
    """No view shows another faction's hand, secret choice, bid or deck order."""
    for viewer in (None, *FACTIONS):
        v = view(state, viewer)
        text = json.dumps(v["factions"]) + json.dumps(v["decisions"])
        for f in FACTIONS:
            if f == viewer:
                continue
            fa = state.factions[f]
            secret = fa.hand + fa.deck + fa.bid  # a chosen card stays in hand until revealed
            leaked = [c for c in secret if f'"{c}"' in text]
            if leaked:
                raise InvariantError(f"view for {viewer} shows {f}'s hidden cards {leaked}")
        for entry, raw in zip(v["log"], state.log[-len(v["log"]):]):
            if "private" in raw and raw.get("faction") != viewer and entry["text"] == raw["private"]:
                raise InvariantError(f"view for {viewer} shows a private log line of {raw.get('faction')}")
        if '"deck":' in text or "rng" in v or "stack" in v:
            raise InvariantError("a view exposes a deck or the RNG")


@dataclass
class FuzzReport:
    games: int = 0
    steps: int = 0
    won: int = 0
    outcomes: Counter = field(default_factory=Counter)


def fuzz_game(seed: int, seats: dict[str, str], deep: bool = True, level: str = STANDARD) -> GameState:
    """One game at ``level``; ``deep`` also round-trips through JSON and checks views after every step."""
    state = new_game(seed, seats, {LEVEL: level})
    policy = random_policy(seed)
    check_invariants(state)
    steps = 0
    while state.result is None:
        f, action, note = next_move(state, policy)
        twin = from_json(to_json(state)) if deep else None
        apply(state, f, action, note)
        check_invariants(state)
        if twin is not None:
            apply(twin, f, action, note)
            if twin != state:
                raise InvariantError(f"seed {seed} step {steps}: a JSON-restored game diverged after {action.key}")
            check_views(state)
        steps += 1
        if steps > 20_000:
            raise InvariantError(f"seed {seed}: the game did not end")
    again = replay(seed, seats_of(state), state.options, state.actions)
    if again != state:
        raise InvariantError(f"seed {seed}: replay from seed + actions differs from the played state")
    return state


def run(games: int, seed: int = 0, deep: bool = True, report: FuzzReport | None = None) -> FuzzReport:
    """``games`` games from ``seed``: each seating in turn, and each level of the Fascists' strength with every
    seating."""
    report = report or FuzzReport()
    seatings, levels = list(SEATINGS.values()), level_ids()
    for i in range(games):
        s = seed + i
        state = fuzz_game(s, seatings[i % len(seatings)], deep, levels[i // len(seatings) % len(levels)])
        report.games += 1
        report.steps += len(state.actions)
        report.won += state.result["war"] == "won"
        report.outcomes[state.result["how"].split(" (")[0]] += 1
    return report
