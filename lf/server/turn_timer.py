"""The turn timer of public games: a person idle too long is replaced by a Non-player until they come back.

A public game may carry ``turn_seconds`` (the create form; LF_TURN_SECONDS proposes a default). When a
person's decision has stayed open that long (the same decision: a new one restarts the count), their
faction is handed to the Non-player rules (``GameSession.set_seat_kind``: logged in words, the Non-player
acts at once). The seat stays theirs: the game page offers "Take my seat back". A decision that the
Non-player rules cannot take over mid-way (in the middle of a card's effect) waits for the next one.
Times are kept in this process's memory: a restart gives everybody their full time again.
"""

from __future__ import annotations

import asyncio
import logging
import time

from lf.engine.constants import faction_label
from lf.session import Registry, SessionError

log = logging.getLogger("lf.server")

TICK_S = 1.0


class TurnTimer:
    def __init__(self) -> None:
        #: (game id, faction, version its decision opened) -> when this process first saw it open.
        self.seen: dict[tuple[str, str, int], float] = {}

    def check(self, registry: Registry, now: float | None = None) -> list[tuple[str, str]]:
        """Hand over every person idle past their game's timer; returns the (game, faction) handed over."""
        now = time.monotonic() if now is None else now
        handed, alive = [], set()
        for game_id, session in registry.loaded.items():
            limit = session.turn_seconds
            if not limit or session.mode == "teaching" or session.status != "active":
                continue
            for faction, since in session.human_waits().items():
                key = (game_id, faction, since)
                alive.add(key)
                first = self.seen.setdefault(key, now)
                if now - first < limit:
                    continue
                try:
                    session.set_seat_kind(faction, "nonplayer", f"The {faction_label(faction)} did not act within "
                                                                f"{limit} seconds: a Non-player takes their turn "
                                                                "until their player takes the seat back")
                except SessionError as exc:  # e.g. in the middle of a card's effect: try at the next decision
                    log.info("turn timer: game %s, %s not handed over: %s", game_id, faction, exc)
                    continue
                handed.append((game_id, faction))
        self.seen = {k: v for k, v in self.seen.items() if k in alive}
        return handed

    async def run(self, registry_of) -> None:
        while True:
            await asyncio.sleep(TICK_S)
            registry = registry_of()
            if registry is None:
                continue
            try:
                await asyncio.to_thread(self.check, registry)
            except SessionError as exc:
                log.warning("turn timer skipped: %s", exc)
            except Exception:
                log.exception("turn timer failed; it runs again at the next tick")
