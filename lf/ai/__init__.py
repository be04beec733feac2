"""lf's computer player: search over the rules engine from one seat's information (see docs/ai.md).

Pure like the engine: it imports ``lf.engine`` and nothing of the app. The entry points are ``decide`` (a move
and its reasons for one pending decision) and ``think`` (the same with plain data, for a process pool).
"""

from .infoset import InfoSet
from .levels import LEVELS, Budget, budget_of
from .player import decide, think
from .reasons import LineMove, Move, OptionEstimate, Reasons

__all__ = ["LEVELS", "Budget", "InfoSet", "LineMove", "Move", "OptionEstimate", "Reasons", "budget_of", "decide",
           "think"]
