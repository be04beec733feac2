"""The complete game state: one pydantic model (``models.model``) that round-trips through JSON.

It holds everything, hidden parts included (deck order, secret choices, the
engine's RNG); ``view`` decides what a seat may see. Pending work lives in the
state too (``stack`` of steps, ``pending`` decisions), so a game paused in the
middle of a card's Event can be saved, loaded and resumed.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator

from .models import Model, model

Seat = Literal["human", "nonplayer"]


@model()
class FrontState(Model):
    value: int
    status: Literal["open", "victory", "defeat"] = "open"
    #: Player tokens placed this turn: the factions that strengthened this Front.
    tokens: list[str] = Field(default_factory=list)


@model()
class FactionState(Model):
    seat: Seat = "human"
    hand: list[str] = Field(default_factory=list)
    deck: list[str] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)
    tableau: list[str] = Field(default_factory=list)
    trash: list[str] = Field(default_factory=list)
    #: Cards removed from the game at setup (Appendix 3 removals for Non-players).
    removed: list[str] = Field(default_factory=list)
    #: A card whose Event is being resolved (between hand or deck and trash or discard).
    playing: list[str] = Field(default_factory=list)
    hero: int = 0
    tokens: int = 0
    medallions: list[str] = Field(default_factory=list)
    #: The card chosen in secret this turn ("" = no card; None = not chosen yet).
    chosen: str | None = None
    bid: list[str] = Field(default_factory=list)
    bid_done: bool = False
    keep: list[str] = Field(default_factory=list)
    keep_done: bool = False
    #: Once-per-turn abilities already used this turn (strategy, intelligence, organization).
    used: list[str] = Field(default_factory=list)


@model()
class GameState(Model):
    seed: int
    options: dict[str, Any] = Field(default_factory=dict)
    content_version: str
    rng: int
    year: int = 1
    turn: int = 0
    phase: str = "setup"
    #: +1 clockwise (Years 1 and 3), -1 counter-clockwise (Year 2).
    direction: int = 1
    fronts: dict[str, FrontState]
    tracks: dict[str, int]
    blanks: dict[str, list[int]]
    bonuses: dict[str, bool]
    medallions: list[str]
    factions: dict[str, FactionState]
    hero_supply: int
    bag: list[str] = Field(default_factory=list)
    glory: list[str] = Field(default_factory=list)
    fascist_deck: list[str] = Field(default_factory=list)
    fascist_card: str | None = None
    fascist_discard: list[str] = Field(default_factory=list)
    initiative: str
    order: list[str] = Field(default_factory=list)
    active: str | None = None
    defeats: list[str] = Field(default_factory=list)
    bid_winner: str | None = None
    test_result: str | None = None
    #: Steps still to run, last = next (see machine.py).
    stack: list[dict[str, Any]] = Field(default_factory=list)
    #: Decisions waiting for a faction; several at once for simultaneous choices.
    pending: list[dict[str, Any]] = Field(default_factory=list)
    #: Every accepted action in order: {"faction", "action"}; with seed+options it replays the game.
    actions: list[dict[str, Any]] = Field(default_factory=list)
    #: Actions before this index cannot be undone (a draw, reveal or Fascist card came after).
    undo_floor: int = 0
    #: Entries {i, year, turn, kind, faction, text, refs, private?}; ``refs`` is a tuple of texts.
    log: list[dict[str, Any]] = Field(default_factory=list)
    result: dict[str, Any] | None = None

    @field_validator("log")
    @classmethod
    def _refs_as_tuples(cls, log: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """JSON gives ``refs`` as a list; the engine writes a tuple (an entry of texts only is then left alone by
        the garbage collector, which a game's 700 entries would otherwise keep busy), so a loaded state equals
        the one it was saved from."""
        for entry in log:
            if type(entry.get("refs")) is list:
                entry["refs"] = tuple(entry["refs"])
        return log

    @property
    def over(self) -> bool:
        return self.result is not None
