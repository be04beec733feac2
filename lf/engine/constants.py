"""The fixed vocabulary of the board: factions, Fronts, tracks, medallion effects.

Kept as plain tuples of strings so that state, actions and content all speak
the same JSON-friendly identifiers.
"""

from __future__ import annotations

ANARCHISTS = "anarchists"
COMMUNISTS = "communists"
MODERATES = "moderates"
#: Seating clockwise (CONTENT.md): Anarchists -> Communists -> Moderates.
FACTIONS: tuple[str, ...] = (ANARCHISTS, COMMUNISTS, MODERATES)

MADRID = "madrid"
NORTHERN = "northern"
ARAGON = "aragon"
SOUTHERN = "southern"
#: Fronts clockwise around the board: Madrid -> Northern -> Aragon -> Southern.
FRONTS: tuple[str, ...] = (MADRID, NORTHERN, ARAGON, SOUTHERN)
#: Fascist attack letters of the rulebook (pg. 5).
ATTACK_LETTERS: dict[str, str] = {"M": MADRID, "N": NORTHERN, "A": ARAGON, "S": SOUTHERN}

LIBERTY = "liberty"
COLLECTIVIZATION = "collectivization"
GOVERNMENT = "government"
SOVIET_SUPPORT = "soviet_support"
FOREIGN_AID = "foreign_aid"
TRACKS: tuple[str, ...] = (LIBERTY, COLLECTIVIZATION, GOVERNMENT, SOVIET_SUPPORT, FOREIGN_AID)
#: The faction each single-owner track belongs to; Government is shared.
TRACK_OWNER: dict[str, str] = {
    LIBERTY: ANARCHISTS,
    COLLECTIVIZATION: ANARCHISTS,
    SOVIET_SUPPORT: COMMUNISTS,
    FOREIGN_AID: MODERATES,
}
#: Hero point price per step when buying a track move (rulebook, Hero Points).
TRACK_HP_PRICE: dict[str, int] = {
    SOVIET_SUPPORT: 2,
    FOREIGN_AID: 2,
    LIBERTY: 3,
    COLLECTIVIZATION: 3,
    GOVERNMENT: 4,
}

MORALE = "morale"
TEAMWORK = "teamwork"
BONUSES: tuple[str, ...] = (MORALE, TEAMWORK)

#: Appendix 2: the nine medallion effects (names are ours, CONTENT.md).
MEDALLION_EFFECTS: tuple[str, ...] = (
    "propaganda",
    "heroism",
    "mobilization",
    "strategy",
    "vigilance",
    "archives",
    "volunteers",
    "intelligence",
    "organization",
)

#: Icon codes printed on the left side of player cards (Morale Bonus).
ICONS: tuple[str, ...] = tuple(f"{t}{s}" for t in TRACKS for s in "+-") + ("front",)

FRONT_MIN, FRONT_MAX = -10, 10
TRACK_MIN, TRACK_MAX = 0, 10
GOVERNMENT_CENTRE_LOW = 5  # <= 5: Communist control; >= 6: Moderate control
HERO_SUPPLY = 30
TOKENS_PER_FACTION = 20
GLORY_SPACES = 9
HAND_DRAW_PER_YEAR = 5
YEARS = 3
TURNS_PER_YEAR = 4
#: Cards each player may keep in hand and in tableau at the end of Years 1 and 2.
KEEP_AT_YEAR_END: dict[int, int] = {1: 1, 2: 2}
#: Glory tokens drawn from the Bag at the end of each Year (Year 3: until full).
GLORY_DRAWS: dict[int, int] = {1: 1, 2: 2, 3: 5}
#: Hero points given to factions that did not score at a Year's end.
NON_SCORER_HP: dict[int, int] = {1: 1, 2: 2}


def _front_words(front: str) -> str:
    return f"{front.capitalize()} Front"


def _track_words(track: str) -> str:
    return track.replace("_", " ").title()


#: The names as players read them, computed once: labels and log lines ask for them thousands of times a game.
_FRONT_LABELS = {f: _front_words(f) for f in FRONTS}
_FACTION_LABELS = {f: f.capitalize() for f in FACTIONS}
_TRACK_LABELS = {t: _track_words(t) for t in TRACKS}


def front_label(front: str) -> str:
    return _FRONT_LABELS.get(front) or _front_words(front)


def faction_label(faction: str) -> str:
    return _FACTION_LABELS.get(faction) or faction.capitalize()


def track_label(track: str) -> str:
    return _TRACK_LABELS.get(track) or _track_words(track)


def plain_list(words: list[str]) -> str:
    """"Madrid, Northern and Aragon": a list as a sentence says it."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"
