"""Pydantic models of the shipped content: effects, cards, board, medallions (``models.model``, frozen).

Content is game design kept as data (TOML files in ``lf/engine/content``), so an
owner of the printed game could encode the published cards without touching
code. Everything is checked here on load; the engine then trusts it.
"""

from __future__ import annotations

from typing import Any, Literal, get_args

from pydantic import Field, model_validator

from .constants import FACTIONS, FRONTS, ICONS, MEDALLION_EFFECTS, TRACKS
from .models import Model, model

Op = Literal[
    "strength",  # add n Strength to a Front (counts as supporting it)
    "attack",  # add n Fascist Attacks to a Front
    "track",  # move a track n steps (signed); `either` lets the actor pick the direction
    "government",  # move Government one step towards / away from Centre
    "bonus",  # turn the Morale / Teamwork Bonus on or off
    "hero",  # gain (n > 0) or lose (n < 0) Hero points
    "take_hero",  # the actor takes n Hero points from another faction
    "draw",  # draw n cards
    "tableau_add",  # put a card from hand into the tableau
    "tableau_swap",  # swap a hand card with a tableau card
    "trash_return",  # return one of your trashed cards to your hand
    "remove_blank",  # remove a Blank marker from a track
    "medallion",  # claim a medallion
    "play_card",  # play another card from hand
    "glory_token",  # add one of your tokens to the Bag of Glory
    "if",  # condition on Initiative or Government control
]

FrontSpec = Literal["madrid", "northern", "aragon", "southern", "choice", "closest_defeat", "closest_victory"]
TrackSpec = Literal[
    "liberty", "collectivization", "government", "soviet_support", "foreign_aid", "choice", "liberty_or_collectivization"
]
WhoSpec = Literal[
    "self", "anarchists", "communists", "moderates", "initiative", "government", "all", "others", "most_hp", "choice"
]
Condition = Literal[
    "self_has_initiative",
    "self_lacks_initiative",
    "self_controls_government",
    "initiative_anarchists",
    "initiative_communists",
    "initiative_moderates",
    "government_communists",
    "government_moderates",
]
ActorSpec = Literal["anarchists", "communists", "moderates", "initiative", "government"]

_REQUIRED: dict[str, tuple[str, ...]] = {
    "strength": ("front", "n"),
    "attack": ("front", "n"),
    "track": ("track", "n"),
    "government": ("toward",),
    "bonus": ("bonus", "on"),
    "hero": ("who", "n"),
    "take_hero": ("who", "n"),
    "draw": ("n",),
    "if": ("cond", "then"),
}
#: Fields each op may carry besides ``op`` and ``actor``: anything else is a content mistake.
_ALLOWED: dict[str, tuple[str, ...]] = {
    **{k: v for k, v in _REQUIRED.items()},
    "track": ("track", "n", "either"),
    "if": ("cond", "then", "otherwise"),
}

@model(frozen=True, forbid_extra=True)
class Effect(Model):
    """One line of an Event, a Test outcome or a track trigger."""

    op: Op
    n: int | None = None
    front: FrontSpec | None = None
    track: TrackSpec | None = None
    either: bool = False
    toward: Literal["center", "away"] | None = None
    bonus: Literal["morale", "teamwork", "choice"] | None = None
    on: bool | None = None
    who: WhoSpec | None = None
    cond: Condition | None = None
    then: list[Effect] | None = None
    otherwise: list[Effect] | None = Field(default=None, alias="else")
    #: Who makes the choices of this line when it is not a player's own card
    #: (Fascist cards, triggers). Defaults to the Initiative player.
    actor: ActorSpec | None = None

    @model_validator(mode="before")
    @classmethod
    def _check_given(cls, data: Any) -> Any:
        """The fields written in the file (a default left out is not written): only those its op takes."""
        if isinstance(data, dict) and data.get("op") in get_args(Op):
            allowed = set(_ALLOWED.get(data["op"], ())) | {"op", "actor"}
            field_of = {info.alias: name for name, info in cls.model_fields.items() if info.alias}  # else: otherwise
            stray = sorted(k for k in (field_of.get(key, key) for key in data) if k not in allowed)
            if stray:
                raise ValueError(f"effect '{data['op']}' does not take {stray}")
        return data

    @model_validator(mode="after")
    def _check_fields(self) -> Effect:
        for name in _REQUIRED.get(self.op, ()):
            if getattr(self, name) is None:
                raise ValueError(f"effect '{self.op}' needs '{name}'")
        if self.op in ("strength", "attack", "draw", "take_hero") and (self.n or 0) <= 0:
            raise ValueError(f"effect '{self.op}' needs a positive n")
        if self.op in ("track", "hero") and self.n == 0:
            raise ValueError(f"effect '{self.op}' needs a non-zero n")
        if self.op == "take_hero" and self.who in ("self", "all", "others"):
            raise ValueError("take_hero takes from one other faction")
        if self.either and self.op != "track":
            raise ValueError("'either' only applies to track moves")
        return self

    def plain(self) -> dict:
        """The effect as a compact JSON-able dict, the form the engine runs."""
        data = self.model_dump(exclude_none=True, exclude_defaults=True, by_alias=True)
        data["op"] = self.op
        for key in ("then", "else"):
            if key in data:
                data[key] = [Effect.model_validate(e).plain() for e in data[key]]
        return data


@model(frozen=True, forbid_extra=True)
class PlayerCard(Model):
    id: str
    name: str
    faction: Literal["anarchists", "communists", "moderates"]
    strength: Literal[1, 2, 3]
    icons: list[str] = Field(min_length=1, max_length=3)
    event: list[Effect] = Field(min_length=1)
    #: Why the card exists, in a sentence of history: shown in the rules reference.
    history: str = Field(min_length=10)
    #: Removed from the deck when this faction is a Non-player (Appendix 3).
    nonplayer_removed: bool = False

    @model_validator(mode="after")
    def _check_icons(self) -> PlayerCard:
        for icon in self.icons:
            if icon not in ICONS:
                raise ValueError(f"{self.id}: unknown icon {icon!r}; use one of {ICONS}")
        return self


@model(frozen=True, forbid_extra=True)
class FascistTest(Model):
    front: Literal["madrid", "northern", "aragon", "southern"]
    threshold: int = Field(ge=-9, le=10)
    reward: list[Effect] = Field(default_factory=list)
    penalty: list[Effect] = Field(default_factory=list)
    #: Plain words for the reward / penalty, shown on the card.
    text: str = ""


@model(frozen=True, forbid_extra=True)
class FascistCard(Model):
    id: str
    name: str
    year: Literal[1, 2, 3]
    #: Ordered [letter, count] pairs: M, N, A, S, V (closest to Victory), D (closest to Defeat).
    attacks: list[tuple[Literal["M", "N", "A", "S", "V", "D"], int]] = Field(min_length=1)
    effects: list[Effect] = Field(default_factory=list)
    test: FascistTest
    history: str = Field(min_length=10)

    @model_validator(mode="after")
    def _check_attacks(self) -> FascistCard:
        if any(n <= 0 for _, n in self.attacks):
            raise ValueError(f"{self.id}: attack counts must be positive")
        return self

    @property
    def attack_total(self) -> int:
        return sum(n for _, n in self.attacks)


#: The letters that name their Front; V and D are judged on the board as the named letters left it.
NAMED_LETTERS = ("M", "N", "A", "S")


@model(frozen=True, forbid_extra=True)
class Level(Model):
    """A strength of the Fascists (docs/engine.md, "Levels"): what it changes on the Fascist cards of each Year, as
    data; the rules read the changed cards and never the level itself."""

    id: str = Field(pattern=r"^[a-z_]+$")
    name: str = Field(min_length=2)
    #: What the level changes, in the words a player reads when they tap its chip.
    summary: str = Field(min_length=10)
    #: Years 1, 2 and 3: Attacks added to each card's first named Front (fewer when negative; a letter at 0 is
    #: dropped unless it is the card's only one).
    attacks: tuple[int, int, int] = (0, 0, 0)
    #: Years 1, 2 and 3: added to each Test's threshold (a harder Test needs a stronger Front).
    tests: tuple[int, int, int] = (0, 0, 0)


@model(frozen=True, forbid_extra=True)
class Trigger(Model):
    track: Literal["liberty", "collectivization", "government", "soviet_support", "foreign_aid"]
    space: int = Field(ge=1, le=10)
    #: The faction that makes the trigger's choices and receives its benefits.
    owner: Literal["anarchists", "communists", "moderates"]
    effects: list[Effect] = Field(min_length=1)
    text: str


@model(frozen=True, forbid_extra=True)
class Board(Model):
    front_start: int = -2
    track_start: dict[str, int]
    faction_flags: dict[str, str]
    triggers: list[Trigger]

    @model_validator(mode="after")
    def _check(self) -> Board:
        if set(self.track_start) != set(TRACKS):
            raise ValueError("track_start must give all five tracks")
        if set(self.faction_flags) != set(FACTIONS) or not set(self.faction_flags.values()) <= set(FRONTS):
            raise ValueError("faction_flags must map each faction to a Front")
        seen = set()
        for t in self.triggers:
            if (t.track, t.space) in seen:
                raise ValueError(f"two triggers on {t.track} {t.space}")
            seen.add((t.track, t.space))
        return self


@model(frozen=True, forbid_extra=True)
class Medallion(Model):
    name: str
    effect: Literal[
        "propaganda", "heroism", "mobilization", "strategy", "vigilance",
        "archives", "volunteers", "intelligence", "organization",
    ]
    kind: Literal["immediate", "permanent", "hero"]
    text: str


assert set(MEDALLION_EFFECTS) == set(Medallion.model_fields["effect"].annotation.__args__)  # type: ignore[union-attr]
