"""lf's rules engine: pure, deterministic, independent of the UI and the database.

The contract (DESIGN.md) is in ``game`` (new_game, decisions, apply, undo,
replay, JSON), ``view`` and ``clone`` (the fast copy a search lives on);
Non-player seats are driven by ``npc``.
"""

from .actions import Action, Decision, IllegalAction
from .clone import clone
from .game import (
    Chooser,
    apply,
    apply_chosen,
    can_undo,
    decision,
    decisions,
    from_json,
    legal_actions,
    new_game,
    pending_factions,
    replay,
    to_json,
    undo,
)
from .state import GameState
from .view import view

__all__ = [
    "Action",
    "Decision",
    "GameState",
    "IllegalAction",
    "Chooser",
    "apply",
    "apply_chosen",
    "can_undo",
    "clone",
    "decision",
    "decisions",
    "from_json",
    "legal_actions",
    "new_game",
    "pending_factions",
    "replay",
    "to_json",
    "undo",
    "view",
]

from .preview import Preview, preview  # noqa: E402

__all__ += ["Preview", "preview"]
