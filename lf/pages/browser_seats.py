"""What this browser remembers: the seats it holds (secret tokens per game), its name, its sound choice.

Kept in ``app.storage.user`` (server-side, keyed by a signed browser cookie), so
a reload, a lost connection or a return the next day lands in the same seat,
and a token never appears in a URL or in the page.
"""

from __future__ import annotations

from typing import Any

from nicegui import app

SEATS = "lf_seats"
NAME = "lf_name"
SOUND = "lf_sound"


def _seats() -> dict[str, Any]:
    return app.storage.user.setdefault(SEATS, {})


def held(game_id: str) -> dict[str, str] | None:
    """{"token", "faction"} of the seat this browser holds in the game, or None."""
    entry = _seats().get(game_id)
    return dict(entry) if isinstance(entry, dict) and entry.get("token") else None


def all_held() -> dict[str, dict[str, str]]:
    return {g: dict(e) for g, e in _seats().items() if isinstance(e, dict) and e.get("token")}


def remember(game_id: str, faction: str, token: str) -> None:
    seats = dict(_seats())
    seats[game_id] = {"token": token, "faction": faction}
    app.storage.user[SEATS] = seats


def forget(game_id: str) -> None:
    seats = dict(_seats())
    seats.pop(game_id, None)
    app.storage.user[SEATS] = seats


def display_name() -> str:
    return str(app.storage.user.get(NAME, ""))


def set_display_name(name: str) -> None:
    app.storage.user[NAME] = name.strip()[:40]


def sound_on() -> bool:
    return bool(app.storage.user.get(SOUND, True))


def set_sound(on: bool) -> None:
    app.storage.user[SOUND] = bool(on)
