"""The teaching table's record of which moves matched the coach: kept with the game, not with one screen.

Why in the database: the count is the table's (the end screen shows it per faction), and a teacher may move the
lesson to another screen ("Run the lesson on this screen") or the server may stop; a browser's storage would
lose it in both. Only a screen that holds the faction's seat may record its moves, and only in a teaching game.
"""

from __future__ import annotations

from .errors import BadRequest, NotSeated
from .game_session import GameSession

#: The longest position name a screen may send (``Watch.step``: a hash of the position).
MAX_STEP = 64


def mark(session: GameSession, token: object, faction: str, step: object, matched: bool) -> None:
    """Record that ``faction``'s move at position ``step`` matched the coach's (``matched``) or not."""
    if session.mode != "teaching":
        raise BadRequest("only a teaching table keeps the coach's count")
    if session.seat_of(token) != faction:
        raise NotSeated("this screen does not hold that faction's seat")
    if not isinstance(step, str) or not step or len(step) > MAX_STEP:
        raise BadRequest("not a position of this game")
    session.repo.mark_coach(session.id, faction, step, bool(matched))


def marks(session: GameSession) -> dict[str, dict[str, bool]]:
    """{faction: {position: matched}} of the game's compared moves."""
    return session.repo.coach_marks(session.id)
