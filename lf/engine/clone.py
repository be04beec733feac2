"""A fast copy of a game state: what a search copies thousands of times a second (issue 19).

Why not ``model_copy(deep=True)``: it walks every log entry, action and step of the game (1-4 ms in mid-game),
while a copy needs fresh containers only for what the engine changes in place. The engine writes the entries
of ``log``, ``actions``, ``stack`` and ``pending`` (and the ``result``) once and never changes them: it appends,
removes and replaces whole entries, and a step that resumes builds a new dict (``{**step, ...}``). So a clone
gets new lists of the same entries (structural sharing), and fresh copies of everything else that is mutable:
the Fronts, the factions and all their lists, the tracks, Blanks, Bonuses and every other list. Applying moves
to a clone never touches the original and the other way round; tests/test_clone.py plays whole games to prove
both, and that a clone equals its original, JSON included.

Every field of the three models is named below; a field added to the state without a line here fails at import,
so a new field cannot be shared by mistake.
"""

from __future__ import annotations

from typing import Any

from .state import FactionState, FrontState, GameState

#: Immutable values (numbers, text, None), shared as they are.
_STATE_PLAIN = ("seed", "content_version", "rng", "year", "turn", "phase", "direction", "hero_supply", "fascist_card",
                "initiative", "active", "bid_winner", "test_result", "undo_floor")
#: Lists of text: a new list.
_STATE_LISTS = ("medallions", "bag", "glory", "fascist_deck", "fascist_discard", "order", "defeats")
#: Lists of entries the engine writes once and never changes: a new list of the same entries.
_STATE_ENTRIES = ("stack", "pending", "actions", "log")
#: Dicts of immutable values: a new dict.
_STATE_DICTS = ("options", "tracks", "bonuses")
#: Built by hand below: blanks (lists inside), fronts and factions (models), result (written once, never changed).
_STATE_OWN = ("blanks", "fronts", "factions", "result")

_FACTION_PLAIN = ("seat", "hero", "tokens", "chosen", "bid_done", "keep_done")
_FACTION_LISTS = ("hand", "deck", "discard", "tableau", "trash", "removed", "playing", "medallions", "bid", "keep",
                  "used")
_FRONT_PLAIN = ("value", "status")
_FRONT_LISTS = ("tokens",)


def _check_fields(model: type, *groups: tuple[str, ...]) -> None:
    named = [name for group in groups for name in group]
    fields = set(model.model_fields)  # type: ignore[attr-defined]
    if set(named) != fields or len(named) != len(fields):
        raise RuntimeError(f"lf.engine.clone does not know how to copy {model.__name__} fields "
                           f"{sorted(fields.symmetric_difference(named))}: name each one in clone.py")


_check_fields(GameState, _STATE_PLAIN, _STATE_LISTS, _STATE_ENTRIES, _STATE_DICTS, _STATE_OWN)
_check_fields(FactionState, _FACTION_PLAIN, _FACTION_LISTS)
_check_fields(FrontState, _FRONT_PLAIN, _FRONT_LISTS)


def _with_new_lists(model: Any, lists: tuple[str, ...]) -> Any:
    """A shallow copy of a model (its fields are its instance's attributes) whose lists are new lists."""
    twin = object.__new__(type(model))
    fields = twin.__dict__
    fields.update(model.__dict__)
    for name in lists:
        fields[name] = fields[name][:]
    return twin


def clone(state: GameState, quiet: bool = False) -> GameState:
    """A copy of ``state`` that equals it (``==`` and ``to_json``) and shares nothing the engine changes.

    ``quiet``: a search's copy, which writes no log from now on (the game option ``quiet``; its ``log`` keeps the
    entries written before). The rules, the moves, the random draws and every decision are those of the game; only
    the log stops (so its ``to_json`` differs in ``log`` and ``options``). Never the default: a game people play or
    replay keeps its whole log."""
    twin = _with_new_lists(state, _STATE_LISTS + _STATE_ENTRIES)
    fields = twin.__dict__
    for name in _STATE_DICTS:
        fields[name] = fields[name].copy()
    if quiet:
        fields["options"]["quiet"] = True
    fields["blanks"] = {track: spaces[:] for track, spaces in state.blanks.items()}
    fields["fronts"] = {name: _with_new_lists(fs, _FRONT_LISTS) for name, fs in state.fronts.items()}
    fields["factions"] = {name: _with_new_lists(fa, _FACTION_LISTS) for name, fa in state.factions.items()}
    return twin
