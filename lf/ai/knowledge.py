"""What a player knows about the game before thinking: the factions' interests and a card's rough worth.

The rollout policy and the greedy person read these; the search does not trust them (it measures). They are
read from the content, so another card set gets its own figures without code changes.
"""

from __future__ import annotations

from functools import lru_cache

from lf.engine.constants import (
    ANARCHISTS,
    COLLECTIVIZATION,
    COMMUNISTS,
    FOREIGN_AID,
    GOVERNMENT,
    LIBERTY,
    MODERATES,
    SOVIET_SUPPORT,
)
from lf.engine.machine import content

#: The way each faction wants each track to move (+1 up, -1 down, 0 indifferent): its Initiative (Liberty and
#: Collectivization 6+ for the Anarchists, else the Government's side), its medallion spaces and its triggers.
STANCE: dict[str, dict[str, int]] = {
    ANARCHISTS: {LIBERTY: 1, COLLECTIVIZATION: 1, GOVERNMENT: 0, SOVIET_SUPPORT: 0, FOREIGN_AID: 0},
    COMMUNISTS: {LIBERTY: -1, COLLECTIVIZATION: -1, GOVERNMENT: -1, SOVIET_SUPPORT: 1, FOREIGN_AID: 0},
    MODERATES: {LIBERTY: -1, COLLECTIVIZATION: -1, GOVERNMENT: 1, SOVIET_SUPPORT: 0, FOREIGN_AID: 1},
}

#: Rough worth of one unit of each effect, in Strength-on-a-Front equivalents (a Front point is the currency
#: of the war). Hand-set, then checked by the arena: they only steer playouts and the greedy person.
WORTH = {
    "strength": 1.0, "attack": -1.0, "track": 0.5, "government": 0.4, "bonus": 0.8, "hero": 0.5, "take_hero": 0.7,
    "draw": 0.8, "tableau_add": 0.5, "tableau_swap": 0.2, "trash_return": 0.8, "remove_blank": 0.2,
    "medallion": 1.5, "play_card": 1.6, "glory_token": 1.5,
}


def stance(faction: str, track: str) -> int:
    return STANCE[faction][track]


def _line_worth(line: dict, faction: str) -> float:
    op = line["op"]
    if op == "if":
        branches = [line.get("then", []), line.get("else", [])]
        return sum(sum(_line_worth(e, faction) for e in b) for b in branches) / 2
    unit = WORTH[op]
    n = abs(line.get("n", 1))
    if op == "track":
        track = line["track"]
        if track in ("choice", "liberty_or_collectivization") or line.get("either"):
            return unit * n
        return unit * n * stance(faction, track) * (1 if line["n"] > 0 else -1)
    if op == "hero":
        who = line["who"]
        sign = 1 if line["n"] > 0 else -1
        if who in ("self", faction):
            return unit * n * sign
        if who == "others":
            return -0.3 * n * sign
        return 0.0
    return unit * n


@lru_cache(maxsize=None)
def event_worth(card_id: str, faction: str) -> float:
    """A card's Event in Front-point equivalents for the faction playing it (lines summed, branches averaged)."""
    return sum(_line_worth(e.plain(), faction) for e in content().player_cards[card_id].event)


@lru_cache(maxsize=None)
def event_strength(card_id: str) -> int:
    """Strength the Event puts on Fronts (any Front), what a Front in danger cares about."""
    def total(lines: list[dict]) -> int:
        out = 0
        for e in lines:
            if e["op"] == "strength":
                out += e["n"]
            elif e["op"] == "if":
                out += min(total(e.get("then", [])), total(e.get("else", [])))
        return out

    return total([e.plain() for e in content().player_cards[card_id].event])


def strength_of(card_id: str) -> int:
    return content().player_cards[card_id].strength


def icons_of(card_id: str) -> list[str]:
    return list(content().player_cards[card_id].icons)


def icon_worth(icon: str, faction: str) -> float:
    """Worth of one use of a Morale Bonus icon for ``faction``: a Front point, or a step of a track its way."""
    if icon == "front":
        return 1.0
    track, sign = icon[:-1], (1 if icon.endswith("+") else -1)
    return 0.5 * stance(faction, track) * sign


def card_worth(card_id: str, faction: str) -> float:
    """The better of its Event and its Action Points (plus a little for the icons it adds to the tableau)."""
    tableau = sum(max(0.0, icon_worth(i, faction)) for i in icons_of(card_id)) * 0.3
    return max(event_worth(card_id, faction), strength_of(card_id) + tableau)
