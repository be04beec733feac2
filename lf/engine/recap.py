"""What each line of the log changed on the board, grouped into steps: "while you waited".

After a seat acts, the other factions' turns, the Test, the Bag of Glory and the next Fascist card
land at once. The pages show them as a short sequence of steps, each marking what it changed on
the board (docs/pages.md, "While you waited"). The log says what happened in words and names the
board elements (``refs``); a ``Chronicle`` replays the game's actions and reads the public board as
each line is written (``machine.LOG_WATCH``), so every line knows what it changed, and every move
knows where its mover's own lines end and the game going on from it begins. It decides no rule: it
watches the engine play.

Only the public board is read (``board``): what every view shows. Never a hand, a deck, a secret
choice or a bid before it is revealed; a line's words come from the viewer's own view of the log.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from .actions import Action
from .constants import FACTIONS
from .content import dealt_with
from .decisions import SPEND_KINDS
from .machine import LOG_WATCH, run
from .queries import government_controller
from .setup import setup
from .state import GameState
from .table import TABLE_KINDS, apply_entry

#: Log kinds that open a new step: a phase of the turn (rulebook pg. 5), a card coming into play, the Final Bid.
HEADS = frozenset({"turn", "fascist", "test", "glory", "year", "outcome", "play", "reveal", "bid", "seat"})
#: A head that stays in the step another head opened: the Fascist card with its turn's first line, the draw
#: from the Bag with the End of the Year, the Final Bid's winner with the bids.
JOINS = {"fascist": {"turn"}, "glory": {"year", "bid"}, "bid": {"bid"}}
#: Log kinds that say why the next move was made (a Non-player's rule, written by ``apply`` from the move's
#: note; a computer player's reasons when it writes its own kind): a step's reasons, never a step of their own.
REASON_KINDS = frozenset({"nonplayer", "computer"})


@dataclass(frozen=True, slots=True)
class Change:
    """One board element before and after (values as ``board`` reads them)."""

    ref: str
    before: Any
    after: Any


@dataclass(frozen=True, slots=True)
class Line:
    """One log line: the action that wrote it, whether it was the mover's own doing, what it changed."""

    i: int
    step: int  # 0: the setup; k: the k-th entry of ``state.actions``
    own: bool  # written by the mover's own move, before the game went on from it
    changes: tuple[Change, ...]


@dataclass(frozen=True, slots=True)
class Move:
    """One entry of ``state.actions``, as the chronicle saw it played."""

    step: int
    faction: str
    key: str  # the action's key (``hp_track:foreign_aid:+1``), or ``seat`` / ``end`` for the table's entries
    person: bool  # made by a person: no note (a Non-player's rule) and not a host's hand-over or end
    first: int  # its first log line
    after: int  # its first line that is not the mover's own (its end when all are)


@dataclass(frozen=True, slots=True)
class Beat:
    """One step of the sequence: log lines that belong together, and what they changed together."""

    lines: tuple[int, ...]  # log indexes, in order, the reasons among them
    step: int  # the action that wrote its first line
    faction: str | None  # whose step it is: its first line's faction that is not a reason (None: the game's)
    changes: tuple[Change, ...]


def board(state: GameState) -> dict[str, Any]:
    """The public board by element, keyed like the log's refs (docs/engine.md "Log")."""
    out: dict[str, Any] = {f"front:{f}": [fs.value, fs.status] for f, fs in state.fronts.items()}
    out.update({f"track:{t}": v for t, v in state.tracks.items()})
    out.update({f"bonus:{b}": on for b, on in state.bonuses.items()})
    out.update({f"blank:{t}": sorted(v) for t, v in state.blanks.items()})
    out.update({f"medallion:{m}": "board" for m in state.medallions})
    for f in FACTIONS:
        fa = state.factions[f]
        out[f"hero:{f}"] = fa.hero
        out[f"bag:{f}"] = state.bag.count(f)
        out.update({f"medallion:{m}": f for m in fa.medallions})
    out.update(initiative=state.initiative, government=government_controller(state), glory=list(state.glory),
               fascist=state.fascist_card, test=state.test_result, bid_winner=state.bid_winner)
    return out


def diff(before: dict[str, Any], after: dict[str, Any]) -> tuple[Change, ...]:
    keys = list(before) + [k for k in after if k not in before]
    return tuple(Change(k, before.get(k), after.get(k)) for k in keys if before.get(k) != after.get(k))


def merged(changes: list[Change]) -> tuple[Change, ...]:
    """Several changes in a row as one each: an element's first value before and its last after (unchanged: none)."""
    first: dict[str, Change] = {}
    for c in changes:
        first[c.ref] = Change(c.ref, first[c.ref].before if c.ref in first else c.before, c.after)
    return tuple(c for c in first.values() if c.before != c.after)


class Chronicle:
    """Every log line of one game with what it changed, from its seed through its actions.

    Why its own replay: the session's state is played without watching (the engine pays nothing for this
    in play); a chronicle follows a game the way ``history.Timeline`` does, one action at a time, and keeps
    only its lines (a few numbers each) and the position it has reached.
    """

    def __init__(self, seed: int, seats: dict[str, str], options: dict[str, Any],
                 actions: list[dict[str, Any]] = ()) -> None:  # type: ignore[assignment]
        self.seed, self.seats, self.options = seed, dict(seats), dict(options)
        self.actions: list[dict[str, Any]] = []
        self.lines: list[Line] = []
        self.moves: list[Move] = []
        # ``new_game`` is ``setup`` then ``run`` (game.py): the setup's own lines change nothing on a board
        # that did not exist before them, the first Fascist card's do.
        with dealt_with(self.options):  # the game's own content, whatever lf deals today (issue 27)
            self.state = setup(seed, self.seats, self.options)
            self._play(0, lambda: run(self.state))
        self.extend(actions)

    def extend(self, actions: list[dict[str, Any]]) -> bool:
        """Follow a game that went on; False (nothing changed) when ``actions`` does not start with the known
        ones (an undo took a step back): build a new Chronicle then."""
        if actions[:len(self.actions)] != self.actions:
            return False
        with dealt_with(self.options):
            self._follow(actions[len(self.actions):])
        return True

    def _follow(self, entries: list[dict[str, Any]]) -> None:
        for entry in entries:
            k = len(self.actions) + 1
            first, after = self._play(k, lambda e=entry: apply_entry(self.state, e))
            self.actions.append(entry)
            kind = entry["action"].get("kind")
            key = kind if kind in TABLE_KINDS else Action.parse(entry["action"]).key
            self.moves.append(Move(k, entry["faction"], key, not entry.get("note") and kind not in TABLE_KINDS,
                                   first, after))

    def _play(self, step: int, fn: Callable[[], Any]) -> tuple[int, int]:
        """Run one action with the board read at each line it writes; (its first line, its first line that is
        not the mover's own).

        The mover's own lines are those its move's steps write; the game goes on from it when the step that
        was next on the stack before the move (the rest of the turn) comes off it.
        """
        state = self.state
        self.lines += [Line(i, step, False, ()) for i in range(len(self.lines), len(state.log))]
        first, depth = len(state.log), len(state.stack)
        top = state.stack[-1] if state.stack else None
        seen, after = board(state), None

        def watch(s: GameState) -> None:
            nonlocal seen, after
            if s is not state:
                return
            if after is None and depth and (len(s.stack) < depth or s.stack[depth - 1] is not top):
                after = len(s.log) - 1
            now = board(s)
            self.lines.append(Line(len(s.log) - 1, step, after is None, diff(seen, now)))
            seen = now

        token = LOG_WATCH.set(watch)
        try:
            fn()
        finally:
            LOG_WATCH.reset(token)
        tail = diff(seen, board(state))
        if tail and len(self.lines) > first:  # a change made after the action's last line belongs to that line
            last = self.lines[-1]
            self.lines[-1] = replace(last, changes=merged([*last.changes, *tail]))
        return first, len(state.log) if after is None else after

    # -- reading -----------------------------------------------------------------------------------

    def since(self, faction: str) -> int:
        """Where ``faction``'s "while you waited" begins: the first line after its person's last move that is not
        that move's own (the Test and the next Fascist card its last end of turn set going are in); 0 if it never
        moved."""
        for move in reversed(self.moves):
            if move.faction == faction and move.person:
                return move.after
        return 0

    def beats(self, start: int, end: int | None = None) -> list[Beat]:
        """The lines ``start .. end`` as steps: a new one at each move and each head (``HEADS``, ``JOINS``). A move made
        by rules goes on with the step before it (a Non-player's whole turn is one step, its reasons in it; so are a
        Fascist card and the Attacks a Non-player placed for it); a Hero point spend repeated by the same mover is
        one step; a mover's closing lines that change nothing ("... end their turn.") end its step. A person's moves
        stay one step each: they come one at a time, each is shown as it comes."""
        groups: list[list[Line]] = []
        for line in self.lines[start:end]:
            if groups and not self._opens(groups[-1], line):
                groups[-1].append(line)
            else:
                groups.append([line])
        out: list[list[Line]] = []
        for group in groups:
            if out and (self._repeats(out[-1], group) or self._continues(out[-1], group)
                        or self._closes(out[-1], group)):
                out[-1] += group
            else:
                out.append(group)
        return [Beat(tuple(line.i for line in g), g[0].step, self._faction(g),
                     merged([c for line in g for c in line.changes])) for g in out]

    def recent(self, count: int, end: int | None = None, window: int = 200) -> int:
        """The first line of the last ``count`` steps before ``end`` (a spectator's "latest moves")."""
        end = len(self.lines) if end is None else end
        beats = self.beats(max(0, end - window), end)
        return beats[-count].lines[0] if len(beats) >= count else (beats[0].lines[0] if beats else end)

    def _kind(self, line: Line) -> str:
        return self.state.log[line.i].get("kind", "")

    def _opens(self, group: list[Line], line: Line) -> bool:
        """Whether ``line`` begins a new step after ``group``."""
        kinds = [self._kind(x) for x in group]
        if all(k in REASON_KINDS for k in kinds):
            return False  # a reason stays with the move it explains
        if line.step != group[-1].step:
            return True
        kind = self._kind(line)
        head = next((k for k in kinds if k not in REASON_KINDS), "")
        return kind in HEADS and head not in JOINS.get(kind, ())

    def _move(self, line: Line) -> Move | None:
        return self.moves[line.step - 1] if line.step else None

    def _starts_move(self, group: list[Line]) -> bool:
        move = self._move(group[0])
        return move is not None and group[0].i == move.first

    def _repeats(self, prev: list[Line], group: list[Line]) -> bool:
        """The same mover spending Hero points the same way again (three steps of one track): one step."""
        a, b = self._move(prev[-1]), self._move(group[0])
        return (a is not None and b is not None and self._starts_move(prev) and self._starts_move(group)
                and a.step + 1 == b.step and a.faction == b.faction and a.key == b.key
                and Action.parse(a.key).kind in SPEND_KINDS)

    def _continues(self, prev: list[Line], group: list[Line]) -> bool:
        """A move made by rules (with its reason) that opens nothing, after a step of its mover or, for lines that
        are the game's own (Fascist Attacks it placed), after the game's step."""
        move = self._move(group[0])
        if move is None or move.person or not self._starts_move(group):
            return False
        if any(self._kind(x) in HEADS for x in group):
            return False
        return self._faction(prev) in (move.faction, self._faction(group))

    def _closes(self, prev: list[Line], group: list[Line]) -> bool:
        """Lines of the previous step's faction that change nothing and open nothing (its turn's end)."""
        who = self._faction(prev)
        return (who is not None and not any(line.changes for line in group)
                and all(self._kind(x) not in HEADS for x in group)
                and all(self.state.log[x.i].get("faction") == who for x in group))

    def _faction(self, group: list[Line]) -> str | None:
        for line in group:
            if self._kind(line) not in REASON_KINDS:
                return self.state.log[line.i].get("faction")
        return self.state.log[group[0].i].get("faction")
