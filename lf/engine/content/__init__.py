"""Loading and validating the shipped content (board, medallions, decks).

The structural facts the rulebook fixes (deck sizes, strengths, leaders, the
cards Appendix 3 removes, harder Fascist Years) are checked here, so a bad edit
of a data file fails at start-up with a message naming the card, never mid-game.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from functools import lru_cache
from importlib import resources
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from ..constants import FACTIONS, MEDALLION_EFFECTS
from ..content_schema import Board, Effect, FascistCard, Medallion, PlayerCard

CONTENT_VERSION = "lf-original-3"
LEADERS = {
    "anarchists": "Buenaventura Durruti",
    "communists": "Dolores Ibárruri",
    "moderates": "Indalecio Prieto",
}
#: Cards that must exist because Appendix 3 removes them for Non-players.
NONPLAYER_REMOVED = {
    "anarchists": {"Guerrillas", "Iron Column"},
    "moderates": {"Publicize Fascist War Crimes"},
}
DECK_FILES = {f: f"{f}.toml" for f in FACTIONS}
FASCIST_FILES = {y: f"fascist_year{y}.toml" for y in (1, 2, 3)}


class ContentError(ValueError):
    """Raised when a content file breaks a rule; the message names the file and card."""


class Content(BaseModel):
    model_config = ConfigDict(frozen=True)

    version: str
    board: Board
    medallions: list[Medallion]
    player_cards: dict[str, PlayerCard]
    fascist_cards: dict[str, FascistCard]
    decks: dict[str, list[str]]
    fascist_decks: dict[int, list[str]]

    def medallion(self, effect: str) -> Medallion:
        return next(m for m in self.medallions if m.effect == effect)


def _read(name: str) -> dict[str, Any]:
    text = resources.files("lf.engine.content").joinpath(name).read_text(encoding="utf-8")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{name}: not valid TOML: {exc}") from exc


def _models(name: str, key: str, model: type[BaseModel]) -> list[Any]:
    rows = _read(name).get(key, [])
    out = []
    for i, row in enumerate(rows):
        try:
            out.append(model.model_validate(row))
        except ValidationError as exc:
            label = row.get("id") or row.get("name") or f"entry {i + 1}"
            raise ContentError(f"{name}: {label}: {exc}") from exc
    return out


def _check_deck(faction: str, cards: list[PlayerCard]) -> None:
    where = DECK_FILES[faction]
    if len(cards) != 18:
        raise ContentError(f"{where}: {len(cards)} cards, the rulebook says 18")
    strengths = Counter(c.strength for c in cards)
    if strengths != Counter({1: 12, 2: 5, 3: 1}):
        raise ContentError(f"{where}: strengths {dict(strengths)}, need 12 x 1, 5 x 2, 1 x 3")
    leader = next(c for c in cards if c.strength == 3)
    if leader.name != LEADERS[faction]:
        raise ContentError(f"{where}: leader is {leader.name!r}, must be {LEADERS[faction]!r}")
    for c in cards:
        if c.faction != faction:
            raise ContentError(f"{where}: {c.id} belongs to {c.faction}")
    names = {c.name for c in cards}
    removed = {c.name for c in cards if c.nonplayer_removed}
    need = NONPLAYER_REMOVED.get(faction, set())
    if not need <= names or removed != need:
        raise ContentError(f"{where}: Non-player removals must be exactly {sorted(need)}, found {sorted(removed)}")


def _check_fascist(year: int, cards: list[FascistCard]) -> None:
    where = FASCIST_FILES[year]
    if len(cards) != 18:
        raise ContentError(f"{where}: {len(cards)} cards, need 18")
    for c in cards:
        if c.year != year:
            raise ContentError(f"{where}: {c.id} says year {c.year}")


def _walk(effects: list[Effect]):
    for e in effects:
        yield e
        yield from _walk(e.then or [])
        yield from _walk(e.otherwise or [])


def effect_ops_used(content: Content) -> Counter:
    """How often each effect kind is used across all cards (CONTENT.md wants every kind used)."""
    used: Counter = Counter()
    for c in content.player_cards.values():
        used.update(e.op for e in _walk(c.event))
    for f in content.fascist_cards.values():
        used.update(e.op for e in _walk(list(f.effects) + list(f.test.reward) + list(f.test.penalty)))
    return used


def _check_all(content: Content) -> None:
    effects = [m.effect for m in content.medallions]
    if sorted(effects) != sorted(MEDALLION_EFFECTS):
        raise ContentError("medallions.toml: need each of the nine Appendix 2 effects exactly once")
    means = [
        sum(content.fascist_cards[i].attack_total for i in content.fascist_decks[y]) / 18 for y in (1, 2, 3)
    ]
    if not means[0] < means[1] < means[2]:
        raise ContentError(f"Fascist Years must attack harder each Year; mean Attacks are {means}")
    used = effect_ops_used(content)
    missing = [op for op in Effect.model_fields["op"].annotation.__args__ if not used[op]]  # type: ignore[union-attr]
    if missing:
        raise ContentError(f"no card uses the effect kinds {missing}")


@lru_cache(maxsize=1)
def load_content() -> Content:
    """Load and validate everything; raises ContentError naming the offending file and card."""
    board = Board.model_validate(_read("board.toml"))
    medallions = _models("medallions.toml", "medallions", Medallion)
    player: dict[str, PlayerCard] = {}
    decks: dict[str, list[str]] = {}
    for faction, name in DECK_FILES.items():
        cards = _models(name, "cards", PlayerCard)
        _check_deck(faction, cards)
        decks[faction] = [c.id for c in cards]
        player.update(_unique(name, player, cards))
    fascist: dict[str, FascistCard] = {}
    fdecks: dict[int, list[str]] = {}
    for year, name in FASCIST_FILES.items():
        cards = _models(name, "cards", FascistCard)
        _check_fascist(year, cards)
        fdecks[year] = [c.id for c in cards]
        fascist.update(_unique(name, {**player, **fascist}, cards))
    content = Content(
        version=CONTENT_VERSION,
        board=board,
        medallions=medallions,
        player_cards=player,
        fascist_cards=fascist,
        decks=decks,
        fascist_decks=fdecks,
    )
    _check_all(content)
    return content


def _unique(where: str, seen: dict, cards: list) -> dict:
    out = {}
    for c in cards:
        if c.id in seen or c.id in out:
            raise ContentError(f"{where}: card id {c.id} is used twice")
        out[c.id] = c
    return out
