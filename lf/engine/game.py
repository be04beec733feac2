"""The engine's public contract (DESIGN.md): new game, decisions, apply, undo, replay, JSON.

Everything else in ``lf`` talks to the rules through these functions and
``view``. The state is mutated in place by ``apply`` only after the action was
found among the legal ones, so a refused action changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import bid, effects, fronts, medallions, nonplayer, outcome, play, tracks, turn, year_end  # noqa: F401  (register steps)
from .content import dealt_with
from .actions import Action, Decision, IllegalAction
from .computers import REASON_KIND, computer_level
from .constants import FACTIONS, faction_label
from .decisions import BUILD, RESOLVE
from .machine import keeps_log, log, pinned, run
from .setup import setup
from .state import GameState
from .step_words import action_words

ENGINE_VERSION = "3"


def new_game(seed: int, seats: dict[str, str] | None = None, options: dict[str, Any] | None = None) -> GameState:
    """A new game, advanced to the first decision (the first Fascist Event is already revealed).

    ``options["content"]`` names the content version to deal it with (default: the current one; a replay of an
    older game names its own), ``options["level"]`` the Fascists' strength (default: Standard; levels.toml),
    ``options["generator"]`` the random generator (lf/engine/rng.py)."""
    with dealt_with(options or {}):
        state = setup(seed, seats, options)
        run(state)
    return state


def pending_factions(state: GameState) -> list[str]:
    """The factions that must decide now (several during simultaneous choices)."""
    return [p["faction"] for p in state.pending]


def _pending_for(state: GameState, faction: str) -> dict[str, Any] | None:
    for p in state.pending:
        if p["faction"] == faction:
            return p
    return None


@pinned
def decisions(state: GameState, faction: str | None = None) -> list[Decision]:
    """Every pending decision with its prompt and complete legal actions (of one faction, or all)."""
    return [BUILD[p["kind"]](state, p) for p in state.pending if faction in (None, p["faction"])]


@pinned
def decision(state: GameState, faction: str) -> Decision | None:
    p = _pending_for(state, faction)
    return BUILD[p["kind"]](state, p) if p else None


@pinned
def legal_actions(state: GameState, faction: str) -> list[Action]:
    d = decision(state, faction)
    return sorted(c.action for c in d.choices) if d else []


def waiting_message(state: GameState, faction: str) -> str:
    if state.result is not None:
        return "the game is over"
    others = [faction_label(f) for f in pending_factions(state) if f != faction]
    return f"waiting for {' and '.join(others)}" if others else "nothing is pending"


def refusal(d: Decision, act: Action, faction: str) -> str:
    """Why ``act`` is refused, in the words players read (the message reaches them): a closed option's own label
    and reason; otherwise the step in words and the legal choices by their labels, never as action keys."""
    who = f"the {faction_label(faction)}"
    closed = next((u for u in d.unavailable if u.action == act), None)
    if closed is not None:
        return f"{closed.label} is not legal for {who} now: {closed.reason}"
    try:
        words = action_words(act.key, own=True)
    except (KeyError, ValueError):  # a card, Front or track that does not exist
        words = "a move that names nothing in this game"
    return f"That move ({words}) is not legal for {who} now; the legal choices are: {'; '.join(c.label for c in d.choices)}"


@pinned
def apply(state: GameState, faction: str, action: Action | dict | str, note: str | None = None) -> GameState:
    """Apply a legal action for ``faction``; raise IllegalAction (state unchanged) otherwise.

    ``note`` says why the move was made (a Non-player's rule); it is logged and kept in the action log.
    """
    _known(faction)
    act = Action.parse(action)
    p, d = _pending_decision(state, faction)
    carry_out_legal(state, faction, p, d, act, note)
    return state


def _known(faction: str) -> None:
    if faction not in FACTIONS:
        raise IllegalAction(f"unknown faction {faction!r}; factions are {', '.join(FACTIONS)}")


def _pending_decision(state: GameState, faction: str) -> tuple[dict[str, Any], Decision]:
    """``faction``'s pending decision, built: refused in players' words when it is not theirs now."""
    p = _pending_for(state, faction)
    if p is None:
        raise IllegalAction(f"it is not the {faction_label(faction)}' decision now ({waiting_message(state, faction)})")
    return p, BUILD[p["kind"]](state, p)


def carry_out_legal(state: GameState, faction: str, p: dict[str, Any], d: Decision, act: Action,
                    note: str | None, legal: list[Action] | None = None) -> None:
    """Carry out ``act`` if it is among the choices of ``d``, the decision ``p`` built on this very state (the one
    check of every move: ``apply``, ``apply_chosen``, ``npc.step_nonplayers``); refused in players' words.
    ``legal``: the actions of ``d``'s choices, when the caller has listed them already."""
    if act not in (legal if legal is not None else [c.action for c in d.choices]):
        raise IllegalAction(refusal(d, act, faction))
    carry_out(state, faction, p, act, note)


#: A policy for one decision: the move it takes among the decision's choices (it reads the state, never changes it).
Chooser = Callable[[GameState, Decision], Action]


@pinned
def apply_chosen(state: GameState, faction: str, chooser: Chooser, note: str | None = None) -> Action:
    """Let ``chooser`` pick ``faction``'s move from its pending decision, and apply it; return the move.

    The same as ``apply(state, faction, chooser(state, decision(state, faction)))``, with the decision built once:
    ``decision`` then ``apply`` build it twice, about a seventh of a search's time (a playout takes thousands of
    moves). The move is checked against that same decision, so an illegal one is refused and changes nothing."""
    _known(faction)
    p, d = _pending_decision(state, faction)
    act = chooser(state, d)
    carry_out_legal(state, faction, p, d, act, note)
    return act


def carry_out(state: GameState, faction: str, p: dict[str, Any], act: Action, note: str | None = None) -> None:
    """Carry out ``act`` for the pending decision ``p``: ``carry_out_legal`` has found it among that decision's
    legal actions, on this very state."""
    entry = {"faction": faction, "action": act.to_json()}
    if note:
        entry["note"] = note
        if keeps_log(state):
            # the reason of a seat the computer plays is its own kind of line (lf/engine/computers.py)
            kind = REASON_KIND if computer_level(state, faction) else "nonplayer"
            log(state, f"{faction_label(faction)}: {note}.", faction=faction, kind=kind)
    state.actions.append(entry)
    state.pending.remove(p)
    RESOLVE[p["kind"]](state, p, act)
    run(state)


def replay(seed: int, seats: dict[str, str] | None, options: dict[str, Any] | None,
           actions: list[dict[str, Any]]) -> GameState:
    """Rebuild a game from its seed and action log; raises IllegalAction at the first bad entry."""
    from .table import apply_entry  # hand-overs and ends are entries too (lf/engine/table.py)

    state = new_game(seed, seats, options)
    for i, entry in enumerate(actions):
        try:
            apply_entry(state, entry)
        except (IllegalAction, KeyError, TypeError) as exc:
            raise IllegalAction(f"action #{i + 1} ({entry!r}) does not replay: {exc}") from exc
    return state


def seats_of(state: GameState) -> dict[str, str]:
    return {f: state.factions[f].seat for f in FACTIONS}


def can_undo(state: GameState, faction: str, free: bool = False) -> bool:
    """Only the acting faction's own last step, and never across a draw, a reveal or a Fascist card.

    ``free`` (or the game option ``free_undo``, set for teaching games) is the teaching table's undo: any
    last step, whoever took it, hidden information or not (everyone shares one screen there).
    """
    if state.result is not None or not state.actions:
        return False
    if free or state.options.get("free_undo"):
        return True
    return state.actions[-1]["faction"] == faction and len(state.actions) - 1 >= state.undo_floor


def undo(state: GameState, faction: str, free: bool = False) -> GameState:
    """A new state without the last action (rebuilt by replay, so it is exact)."""
    from .table import initial_seats

    if not can_undo(state, faction, free):
        raise IllegalAction(f"the {faction_label(faction)} have nothing they can undo now "
                            "(only your own last step, and not across a draw, a reveal or a Fascist card)")
    return replay(state.seed, initial_seats(state), state.options, state.actions[:-1])


def to_json(state: GameState) -> str:
    return state.model_dump_json()


def from_json(text: str | bytes) -> GameState:
    return GameState.model_validate_json(text)
