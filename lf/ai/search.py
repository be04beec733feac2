"""The search: determinized Monte Carlo over the root's options, allocated by sequential halving.

Each iteration deals a world from the seat's information set (``infoset.py``), applies one option on a copy,
plays the game on with the playout rules (``rollout.py`` for persons, Appendix 3 for Non-players) for
``horizon`` turns and evaluates the board (``evaluate.py``). Options are compared on the *same* worlds (every
survivor of a round is played in each world dealt for that round), so the luck of the deal cancels out of the
comparison. Sequential halving (Karnin, Koren and Somekh 2013) spends the budget in rounds and keeps the better
half after each, so most playouts go to the options that matter. Why this method and not a tree: docs/ai.md.

The value maximised is ``win + war_weight * war`` (``Budget.war_weight``): this seat's chance to win (the war won *and* the most
Glory), plus a share of the chance that the war is won at all, so the computer never buys a little Glory with
a lost war for everyone. At a table with other persons the search is anchored on the playout rules' move
(``anchor.py``): that move survives every round and is played unless another beats it by ``Budget.anchor``.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from lf.engine import Action, Decision, GameState, apply, apply_chosen, clone, decision
from lf.engine.machine import content
from lf.engine.npc import choose_in as nonplayer_choose_in

from .anchor import anchor_margin, blueprint
from .candidates import candidates
from .evaluate import Outlook, outlook
from .features import turn_index
from .infoset import InfoSet, seen_cards
from .levels import Budget
from .reasons import LineMove, Move, OptionEstimate, Reasons
from .rollout import rollout_choice

#: Moves of each playout kept to find the main line.
LINE_LENGTH = 8
#: Moves of another faction whose argument is hidden from this seat (shown as ``kind:?`` in a line).
HIDDEN_KINDS = ("choose", "bid", "unbid", "keep", "unkeep", "card")

Progress = Callable[[int, int], None]
Stop = Callable[[], bool]


@dataclass(slots=True)
class Tally:
    war_weight: float
    n: int = 0
    value: float = 0.0
    war: float = 0.0
    win: float = 0.0
    glory: float = 0.0
    #: {world dealt: the value it gave}: every option of a round is played in the same worlds, so two options'
    #: difference is measured world by world (``noise``).
    by_world: dict[int, float] = field(default_factory=dict)

    def add(self, o: Outlook, me: str, world: int = -1) -> None:
        win = o.win(me)
        self.n += 1
        self.by_world[world] = win + self.war_weight * o.war
        self.value += win + self.war_weight * o.war
        self.war += o.war
        self.win += win
        self.glory += o.glory[me]

    def mean(self) -> float:
        return self.value / self.n if self.n else -1.0


def noise(a: Tally, b: Tally) -> float:
    """The standard error of the difference between two options' mean values, from the worlds both were played in
    (paired: the same deal and the same random stream for both). 0 when fewer than two worlds are shared."""
    diffs = [a.by_world[w] - b.by_world[w] for w in a.by_world.keys() & b.by_world.keys() if w >= 0]
    if len(diffs) < 2:
        return 0.0
    return statistics.stdev(diffs) / math.sqrt(len(diffs))


def playout_choice(state: GameState, d: Decision) -> Action:
    """A playout's move in the decision ``d``: Appendix 3 for a Non-player, the playout rules for a person."""
    if state.factions[d.faction].seat == "nonplayer":
        return nonplayer_choose_in(state, d)[0]
    return rollout_choice(state, d)


def playout(state: GameState, until_turn: int, line: list[tuple[str, Action]] | None = None) -> None:
    """Play on until the first decision of turn index ``until_turn`` (or the end of the game), each decision built
    once (``apply_chosen``)."""
    while state.result is None and turn_index(state) < until_turn:
        f = state.pending[0]["faction"]
        a = apply_chosen(state, f, playout_choice)
        if line is not None and len(line) < LINE_LENGTH:
            line.append((f, a))


class Search:
    """One decision's search; ``run`` returns the Move."""

    def __init__(self, state: GameState, faction: str, budget: Budget, seed: int,
                 on_progress: Progress | None = None, should_stop: Stop | None = None) -> None:
        self.state, self.me, self.budget = state, faction, budget
        self.on_progress, self.should_stop = on_progress, should_stop
        self.start = time.perf_counter()
        d = decision(state, faction)
        if d is None:
            raise ValueError(f"the {faction} have no decision to take now")
        self.decision = d
        self.labels = {c.action: c.label for c in d.choices}
        self.seed = seed
        self.done = 0
        self.stopped = False
        self.tallies: dict[Action, Tally] = {}
        self.lines: dict[Action, list[tuple[tuple[str, str], ...]]] = {}
        #: The playout rules' move when the search is anchored on it (``anchor.py``), else None.
        self.anchor: Action | None = None
        self.anchored = False
        #: The player cards the seat has seen when the search starts: a foreseen line names no other card.
        self.seen: frozenset[str] = frozenset()
        #: Worlds dealt so far by the rounds (each option's value is kept per world: ``noise``).
        self.dealt = 0

    # -- the parts ---------------------------------------------------------------------------------------

    def _phase(self) -> str:
        p = next(p for p in self.state.pending if p["faction"] == self.me)
        return p.get("phase", "")

    def _time_up(self) -> bool:
        if self.should_stop is not None and self.should_stop():
            return True
        return self.budget.seconds is not None and time.perf_counter() - self.start >= self.budget.seconds

    def _play(self, world: GameState, a: Action, until: int, record: bool) -> Outlook:
        s = clone(world, quiet=True)  # a playout reads no log: it writes none, nor its words
        apply(s, self.me, a)
        line: list[tuple[str, Action]] | None = [] if record else None
        playout(s, until, line)
        if line is not None:
            self.lines.setdefault(a, []).append(tuple(self._shown(f, m) for f, m in line))
        return outlook(s)

    def _shown(self, f: str, a: Action) -> tuple[str, str]:
        """A move of a foreseen line as the seat may read it: another faction's secret choice, and any card the
        seat has not seen (a card of a sampled world: another's secret bid played a move later, the seat's own
        card not drawn yet), read ``kind:?``. A guess is never written as a fact."""
        if f != self.me and a.kind in HIDDEN_KINDS and a.arg:
            return f, f"{a.kind}:?"
        if a.arg in content().player_cards and a.arg not in self.seen:
            return f, f"{a.kind}:?"
        return f, a.key

    def _equivalent(self, world: GameState, acts: list[Action]) -> bool:
        """Every option leads to the same position (e.g. a Bonus to turn on when both already are)."""
        if len(acts) > 6:
            return False
        seen = None
        for a in acts:
            s = clone(world, quiet=True)
            apply(s, self.me, a)
            dump = s.model_dump(exclude={"log", "actions", "undo_floor"})
            if seen is not None and dump != seen:
                return False
            seen = dump
        return True

    def _screen(self, world: GameState, acts: list[Action], keep: int) -> list[Action]:
        """Too many options for the budget: keep the ``keep`` best by the evaluation right after each."""
        now = turn_index(self.state)
        scored = []
        for a in acts:
            o = self._play(world, a, now, record=False)
            scored.append((o.win(self.me) + self.budget.war_weight * o.war, a))
        scored.sort(key=lambda x: -x[0])
        kept = [a for _, a in scored[:keep]]
        if self.anchor is not None and self.anchor not in kept:
            kept[-1] = self.anchor
        return kept

    def _round(self, info: InfoSet, rng: random.Random, survivors: list[Action], worlds: int, until: int,
               last: bool) -> None:
        total = self.budget.iterations
        for _ in range(worlds):
            world = info.determinize(rng)
            self.dealt += 1
            for a in survivors:
                if self._time_up():
                    self.stopped = True
                    return
                self.tallies[a].add(self._play(world, a, until, record=last), self.me, self.dealt)
                self.done += 1
                if self.on_progress is not None:
                    self.on_progress(self.done, total)

    # -- the whole -------------------------------------------------------------------------------------

    def run(self) -> Move:
        acts = sorted(self.labels)
        if len(acts) == 1:
            return self._trivial(acts[0], "only one legal action")
        acts = candidates(self.state, self.me, acts, self.decision.kind, self._phase())
        if len(acts) == 1:
            return self._trivial(acts[0], "only one option worth weighing")
        info = InfoSet.of(self.state, self.me)
        self.seen = frozenset(seen_cards(info.base.factions))
        rng = random.Random(info.digest(self.seed))
        first = info.determinize(rng)
        if self._equivalent(first, acts):
            return self._trivial(acts[0], "every option leads to the same position")
        margin = anchor_margin(self.state, self.me, self.budget.anchor)
        if margin:
            self.anchor = blueprint(first, self.me, acts)
        budget = self.budget.iterations
        keep = len(acts)
        while keep > 2 and keep * math.ceil(math.log2(keep)) > budget:
            keep -= 1
        screened: list[Action] = []
        if keep < len(acts):
            survivors = self._screen(first, acts, keep)
            screened = [a for a in acts if a not in survivors]
        else:
            survivors = list(acts)
        self.tallies = {a: Tally(self.budget.war_weight) for a in survivors}
        until = turn_index(self.state) + self.budget.horizon
        rounds = max(1, math.ceil(math.log2(len(survivors))))
        for r in range(rounds):
            left = budget - self.done
            last = r == rounds - 1
            worlds = left // len(survivors) if last else max(1, left // (rounds - r) // len(survivors))
            self._round(info, rng, survivors, worlds, until, last)
            if self.stopped:
                break
            if last:
                spare = budget - self.done
                if spare > 0 and not self._time_up():
                    self._round(info, rng, survivors[:spare], 1, until, last)
                break
            survivors.sort(key=lambda a: -self.tallies[a].mean())
            survivors = survivors[:math.ceil(len(survivors) / 2)]
            if self.anchor is not None and self.anchor not in survivors:
                survivors.append(self.anchor)
        ranked = sorted(self.tallies, key=lambda a: (a not in survivors, -self.tallies[a].mean()))
        best = self._anchored(ranked[0], margin)
        ranked.sort(key=lambda a: a != best)
        return self._move(best, ranked, screened)

    def _anchored(self, best: Action, margin: float) -> Action:
        """The rules' move unless the best beats it by the margin (both played in the same worlds)."""
        a = self.anchor
        if a is None or a == best or self.tallies[best].mean() - self.tallies[a].mean() >= margin:
            return best
        self.anchored = True
        return a

    def _trivial(self, a: Action, why: str) -> Move:
        reasons = Reasons(self.me, self.decision.kind, (OptionEstimate(a.key, self.labels.get(a, a.key), 0, 0, 0, 0, 0),),
                          trivial=why, seconds=time.perf_counter() - self.start, war_weight=self.budget.war_weight,
                          horizon=self.budget.horizon)
        return Move(self.me, a.key, reasons)

    def _estimate(self, a: Action, best: Action) -> OptionEstimate:
        t = self.tallies.get(a, Tally(self.budget.war_weight))
        n = t.n or 1
        spread = noise(self.tallies[best], t) if a != best and best in self.tallies else 0.0
        return OptionEstimate(a.key, self.labels[a], t.n, round(t.war / n, 4), round(t.win / n, 4),
                              round(t.glory / n, 3), round(t.value / n, 4), round(spread, 4))

    def _main_line(self, a: Action) -> tuple[LineMove, ...]:
        lines = self.lines.get(a, [])
        out: list[tuple[str, str]] = []
        while True:
            following = Counter(ln[len(out)] for ln in lines if len(ln) > len(out) and list(ln[:len(out)]) == out)
            if not following:
                break
            out.append(following.most_common(1)[0][0])
        return tuple(LineMove(f, k) for f, k in out)

    def _move(self, best: Action, ranked: list[Action], screened: list[Action]) -> Move:
        options = tuple(self._estimate(a, best) for a in ranked) + tuple(
            OptionEstimate(a.key, self.labels[a], 0, 0, 0, 0, 0) for a in screened)
        reasons = Reasons(self.me, self.decision.kind, options, self._main_line(best), self.done,
                          round(time.perf_counter() - self.start, 4), stopped=self.stopped,
                          war_weight=self.budget.war_weight, anchored=self.anchored,
                          horizon=self.budget.horizon)
        return Move(self.me, best.key, reasons)
