"""The resumable interpreter: a stack of steps and a list of pending decisions.

Everything the game does is a step (a small JSON dict naming a handler), from
"reveal the Fascist card" down to "move Liberty one space". A step that needs a
choice records a pending decision and stops; the action that answers it pushes
the continuation. Because steps and decisions are plain data in the state, a
game can be saved mid-Event and resumed, and replay is exact.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from functools import wraps
from typing import Any

from .constants import plain_list
from .content import Content, active_key, content_key, load_content, using_content
from .state import GameState

Step = dict[str, Any]
StepHandler = Callable[[GameState, Step], None]

STEPS: dict[str, StepHandler] = {}

#: Told of every log line just after it is written, with the state at that moment (``lf.engine.recap`` reads
#: the board there: what each line changed). Unset in play, so ``log`` costs one lookup more; a context variable,
#: so a reader in one thread never hears the games another thread plays.
LOG_WATCH: ContextVar[Callable[[GameState], None] | None] = ContextVar("lf_log_watch", default=None)


def step(name: str) -> Callable[[StepHandler], StepHandler]:
    """Register a step handler under its name."""

    def register(fn: StepHandler) -> StepHandler:
        if name in STEPS:
            raise RuntimeError(f"step {name!r} registered twice")
        STEPS[name] = fn
        return fn

    return register


#: The option that names a game's level of the Fascists' strength (lf/engine/content, levels.toml).
LEVEL = "level"
#: The content of the game being played (``load_content()``: the rules ask for it hundreds of times a game).
content: Callable[[], Content] = load_content


def pinned(fn: Callable[..., Any]) -> Callable[..., Any]:
    """An entry point of the engine that acts on a state (its first argument): it runs with the content the game
    was dealt with (``state.content_version``), so a game of an earlier content version plays on as it began."""

    @wraps(fn)
    def run_pinned(state: GameState, *args: Any, **kwargs: Any) -> Any:
        version, level = state.content_version, state.options.get(LEVEL)
        if content_key(version, level) == active_key():
            return fn(state, *args, **kwargs)
        with using_content(version, level):
            return fn(state, *args, **kwargs)

    return run_pinned


def push(state: GameState, *steps: Step) -> None:
    """Schedule steps so that they run in the order given, before anything already scheduled."""
    state.stack.extend(reversed(steps))


def then(state: GameState, step: Step) -> None:
    """Run ``step`` now, as the last thing a step does: exactly what ``push`` would lead to (``run`` would pop it
    next, nothing having been asked or ended in between), without the round trip through the stack. An effect line
    that only names its Front or track hands over to the step that does it this way, about 200 times a game."""
    STEPS[step["s"]](state, step)


def ask(state: GameState, faction: str, kind: str, **data: Any) -> None:
    """Record a pending decision; the run loop stops until it is answered."""
    state.pending.append({"faction": faction, "kind": kind, **data})


#: Steps that bring unseen cards or chance into play: the next Fascist card, a Non-player's top card, the draws
#: from the Bag of Glory. A preview stops before them (lf.engine.preview), so it tells only what is certain.
HIDDEN_STEPS = frozenset({"fascist_event", "np_turn", "np_extra", "year_end", "war_end"})
#: The game option a preview's throw-away copy carries: run() halts before a hidden step.
HALT_BEFORE_HIDDEN = "halt_before_hidden"


def run(state: GameState) -> None:
    """Run steps until a decision is pending or the game is over (a preview's copy: or a hidden step is next)."""
    halt = state.options.get(HALT_BEFORE_HIDDEN, False)
    stack, pending = state.stack, state.pending  # (the state's lists are changed in place, never replaced)
    pop, steps = stack.pop, STEPS
    while stack and not pending and state.result is None:
        if halt and stack[-1]["s"] in HIDDEN_STEPS:
            return
        current = pop()
        steps[current["s"]](state, current)


def halted_at(state: GameState) -> Step | None:
    """The hidden step a preview's copy stopped before, if it did."""
    if state.stack and not state.pending and state.result is None and state.stack[-1]["s"] in HIDDEN_STEPS:
        return state.stack[-1]
    return None


#: The game option of a search's copy (``clone(state, quiet=True)``): it keeps no log.
QUIET = "quiet"


def keeps_log(state: GameState) -> bool:
    """False for a quiet game. A line whose words cost something to build (labels, card names, numbers) is built
    under ``if keeps_log(state)``, so a search, which reads no log, builds none of them (issue 19)."""
    return not state.options.get(QUIET)


def log(
    state: GameState,
    text: str,
    *refs: str,
    faction: str | None = None,
    private: str | None = None,
    kind: str = "event",
) -> None:
    """Append a structured log entry. ``private`` replaces ``text`` for ``faction``'s own view only.

    A game with the option ``quiet`` (a search's copy: ``clone(state, quiet=True)``) keeps no log: the entries,
    their words and the memory they hold are nearly a third of the CPU time of a game, and a search reads none of
    them (the frequent lines' callers skip their words too: ``keeps_log``)."""
    if not keeps_log(state):
        return
    entries = state.log
    entry: dict[str, Any] = {
        "i": len(entries),
        "year": state.year,
        "turn": state.turn,
        "kind": kind,
        "faction": faction,
        "text": text,
        "refs": refs,
    }
    if private is not None:
        entry["private"] = private
    entries.append(entry)
    watch = LOG_WATCH.get()
    if watch is not None:
        watch(state)


def barrier(state: GameState) -> None:
    """Hidden information was revealed or randomness used: nothing before this can be undone."""
    state.undo_floor = len(state.actions)


def pick(
    state: GameState,
    faction: str,
    what: str,
    options: list[str],
    prompt: str,
    cont: Step,
    fill: str,
    purpose: str = "",
    again: Step | bool = True,
    lapse: str = "",
) -> None:
    """Ask ``faction`` to pick one of ``options``; the answer is written into ``cont[fill]``.

    A "choice" with a single option is no choice: the continuation runs at once, unless ``lapse`` (the words
    of the option to let the line lapse, rulebook pg. 8 "can") makes it a choice between that option and none.
    ``purpose`` tells Non-player policies and the pages why the question is asked. ``again`` is the step that
    asks this question afresh (by default ``cont`` itself, which has not been answered yet): after a Hero
    point spend in the middle of the question, the board may have changed, so the question is put again
    from the rules rather than repeated with stale options. False: not asked during a turn (no spends).
    """
    if not options:
        return
    if len(options) == 1 and not lapse:
        push(state, {**cont, fill: options[0]})
        return
    extra: dict[str, Any] = {"again": cont if again is True else again} if again else {}
    if lapse:
        extra["lapse"] = lapse
    ask(state, faction, "pick", what=what, options=list(options), prompt=prompt, cont=cont, fill=fill, purpose=purpose,
        **extra)


def highest_wins(state: GameState, scores: dict[str, int], what: str, cont: Step, purpose: str) -> None:
    """The faction with the highest score wins; a tie is the Initiative player's decision (rulebook pg. 4)."""
    top = max(scores.values())
    tied = [f for f, v in scores.items() if v == top]
    names = plain_list([f.capitalize() for f in tied])
    prompt = f"{names} are tied on {what} with {top} each: you hold the Initiative, choose the winner"
    pick(state, state.initiative, "faction", tied, prompt, cont, "f", purpose=purpose, again=False)
