"""Facts about the board a seat can see, for the coach's "because": computed from a view and the public content.

Why a view and not a state: a state holds every hand and every deck order; a view holds only what its seat may
see (``lf.engine.view``). What is still to come is public as a *set*: the Fascist cards of the Year not revealed
yet are the Year's deck (the content, printed on the cards) less the ones on the table and in the discard. Their
order is hidden, so the coach speaks of them on average, never of "the next card".
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from lf.engine.constants import (
    ANARCHISTS,
    COLLECTIVIZATION,
    COMMUNISTS,
    FRONTS,
    GOVERNMENT,
    GOVERNMENT_CENTRE_LOW,
    LIBERTY,
    MODERATES,
    TRACK_MAX,
    TRACK_MIN,
)
from lf.engine.attacks_now import where_lands
from lf.engine.content import Content, load_content, view_key

#: A Front falls at this value (rulebook pg. 8).
DEFEAT_AT = -10


@lru_cache(maxsize=8)
def content_of(version: str | None) -> Content:
    return load_content(version)


def content_for(view: dict) -> Content:
    """The content the game was dealt with (a game plays to its end with its own cards)."""
    return content_of(view_key(view))


def open_fronts(view: dict) -> list[str]:
    return [f for f in FRONTS if view["fronts"][f]["status"] == "open"]


def value(view: dict, front: str) -> int:
    return view["fronts"][front]["value"]


def closest_to_defeat(view: dict) -> list[str]:
    """The open Fronts tied for the lowest value (pg. 8)."""
    fronts = open_fronts(view)
    low = min((value(view, f) for f in fronts), default=None)
    return [f for f in fronts if value(view, f) == low]


def closest_to_victory(view: dict) -> list[str]:
    fronts = open_fronts(view)
    high = max((value(view, f) for f in fronts), default=None)
    return [f for f in fronts if value(view, f) == high]


def coming_fascist_cards(view: dict) -> list[str]:
    """The Fascist cards of this Year not revealed yet (a set: which of them come, and when, nobody knows)."""
    year = view["year"]
    deck = content_for(view).fascist_decks.get(year, [])
    gone = set(view["fascist_discard"]) | {view["fascist_card"]}
    return [c for c in deck if c not in gone]


def _landing(view: dict, letter: str) -> list[str]:
    """The Fronts an Attack of ``letter`` would land on now (several: a tie the Initiative player breaks): the
    engine's rule (lf/engine/attacks_now.py) on the board the view shows."""
    fronts = view["fronts"]
    return list(where_lands({f: fs["value"] for f, fs in fronts.items()},
                            {f: fs["status"] for f, fs in fronts.items()}, letter))


def attacks_to_come(view: dict) -> dict[str, float]:
    """Per open Front, the Attacks an average card still to come this Year would put on it as the board stands
    (a tie is shared out evenly); empty when no card is to come."""
    cards = coming_fascist_cards(view)
    out = {f: 0.0 for f in open_fronts(view)}
    if not cards or not out:
        return {}
    fascist = content_for(view).fascist_cards
    for cid in cards:
        for letter, n in fascist[cid].attacks:
            where = _landing(view, letter)
            for f in where:
                out[f] += n / len(where)
    return {f: round(a / len(cards), 1) for f, a in out.items()}


def hardest_hit(view: dict) -> str | None:
    """The open Front the Year's cards still to come hit hardest on average (None: no card to come, or a tie)."""
    attacks = attacks_to_come(view)
    if not attacks:
        return None
    top = max(attacks.values())
    first = [f for f, a in attacks.items() if a == top]
    return first[0] if len(first) == 1 and top > 0 else None


@dataclass(frozen=True)
class TestOnTable:
    """The Test of the Fascist card on the table, still to be judged at the end of the turn."""

    front: str
    threshold: int
    value: int

    @property
    def passes(self) -> bool:
        return self.value >= self.threshold


def test_on_table(view: dict) -> TestOnTable | None:
    card = view.get("fascist_card")
    if not card or view.get("test_result") is not None:
        return None
    test = content_for(view).fascist_cards[card].test
    if view["fronts"][test.front]["status"] != "open":
        return None
    return TestOnTable(test.front, test.threshold, value(view, test.front))


def initiative_after(tracks: dict[str, int]) -> str:
    """Who holds the Initiative with these tracks (pg. 4: the Anarchists with Liberty and Collectivization both 6
    or more, else whoever controls the Government: 5 or less the Communists, 6 or more the Moderates)."""
    if tracks[LIBERTY] >= 6 and tracks[COLLECTIVIZATION] >= 6:
        return ANARCHISTS
    return COMMUNISTS if tracks[GOVERNMENT] <= GOVERNMENT_CENTRE_LOW else MODERATES


def moved(view: dict, track: str, steps: int) -> int:
    """Where ``track`` would stand after ``steps`` (within the track)."""
    return max(TRACK_MIN, min(TRACK_MAX, view["tracks"][track] + steps))


def triggers_passed(view: dict, track: str, to: int) -> list[str]:
    """The words of the triggers a move of ``track`` to ``to`` would fire (to or through their space, not blanked),
    in the order they fire."""
    start = view["tracks"][track]
    if to == start:
        return []
    blanked = set(view["blanks"].get(track, []))
    step = 1 if to > start else -1
    spaces = range(start + step, to + step, step)
    by_space = {t.space: t.text for t in content_for(view).board.triggers if t.track == track}
    return [by_space[s] for s in spaces if s in by_space and s not in blanked]
