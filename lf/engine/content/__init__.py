"""Loading and validating the shipped content (board, medallions, decks), in each version a game may be played in.

The structural facts the rulebook fixes (deck sizes, strengths, leaders, the
cards Appendix 3 removes, harder Fascist Years) are checked here, so a bad edit
of a data file fails at start-up with a message naming the card, never mid-game.

Why versions: a game is played to its end with the content it was dealt with (its options say which, like its
generator), so a change of content never breaks a game in progress, a saved game or a game file. The current
content is the files beside this module; each earlier version is a frozen copy in ``archive/<version>/``, never
edited. The engine reads "the content" through ``load_content()``, which answers the version active in this
context (``using_content``, set by the engine's entry points from the state they act on), by default the current
one. Caches of what a card says are kept per version (``by_content``).
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache, wraps
from importlib import resources
from typing import Any

from pydantic import ValidationError

from ..constants import FACTIONS, MEDALLION_EFFECTS
from ..content_schema import Board, Effect, FascistCard, Medallion, PlayerCard
from ..models import Model, model

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


@model(frozen=True)
class Content(Model):
    version: str
    board: Board
    medallions: list[Medallion]
    player_cards: dict[str, PlayerCard]
    fascist_cards: dict[str, FascistCard]
    decks: dict[str, list[str]]
    fascist_decks: dict[int, list[str]]

    def medallion(self, effect: str) -> Medallion:
        return next(m for m in self.medallions if m.effect == effect)


#: The content version the engine reads in this context (a thread, a task): the current one unless a game of an
#: earlier version is being played (``using_content``).
_ACTIVE: ContextVar[str] = ContextVar("lf_content_version", default=CONTENT_VERSION)
ARCHIVE = "archive"


def archived_versions() -> list[str]:
    """The earlier content versions this lf can still play (their frozen files under ``archive/``)."""
    folder = resources.files("lf.engine.content").joinpath(ARCHIVE)
    return sorted(p.name for p in folder.iterdir() if p.is_dir()) if folder.is_dir() else []


def known_version(version: object) -> bool:
    return version == CONTENT_VERSION or (isinstance(version, str) and version in archived_versions())


@contextmanager
def using_content(version: str) -> Iterator[None]:
    """Read ``version`` as the content in this context (a game dealt with it is being played)."""
    if not known_version(version):
        raise ContentError(f"content {version!r} is not in this lf (it has {', '.join([CONTENT_VERSION, *archived_versions()])})")
    token = _ACTIVE.set(version)
    try:
        yield
    finally:
        _ACTIVE.reset(token)


def active_version() -> str:
    return _ACTIVE.get()


def by_content(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``lru_cache`` with the active content version in the key: a card's words cached for one version are never
    read for a game of another."""
    cached = lru_cache(maxsize=None)(lambda _version, *args: fn(*args))

    @wraps(fn)
    def wrapper(*args: Any) -> Any:
        return cached(_ACTIVE.get(), *args)

    wrapper.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
    return wrapper


def _read(name: str, version: str = CONTENT_VERSION) -> dict[str, Any]:
    if version != CONTENT_VERSION:
        name = f"{ARCHIVE}/{version}/{name}"
    text = resources.files("lf.engine.content").joinpath(name).read_text(encoding="utf-8")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{name}: not valid TOML: {exc}") from exc


def _models(name: str, key: str, kind: type[Model], version: str = CONTENT_VERSION) -> list[Any]:
    rows = _read(name, version).get(key, [])
    out = []
    for i, row in enumerate(rows):
        try:
            out.append(kind.model_validate(row))
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


_LOADED: dict[str, Content] = {}


def load_content(version: str | None = None) -> Content:
    """The content of ``version`` (default: the one active in this context), loaded and validated once; raises
    ContentError naming the offending file and card."""
    v = version or _ACTIVE.get()
    found = _LOADED.get(v)
    if found is None:
        if not known_version(v):
            raise ContentError(f"content {v!r} is not in this lf")
        found = _LOADED[v] = _load(v)
    return found


def _load(version: str) -> Content:
    board = Board.model_validate(_read("board.toml", version))
    medallions = _models("medallions.toml", "medallions", Medallion, version)
    player: dict[str, PlayerCard] = {}
    decks: dict[str, list[str]] = {}
    for faction, name in DECK_FILES.items():
        cards = _models(name, "cards", PlayerCard, version)
        _check_deck(faction, cards)
        decks[faction] = [c.id for c in cards]
        player.update(_unique(name, player, cards))
    fascist: dict[str, FascistCard] = {}
    fdecks: dict[int, list[str]] = {}
    for year, name in FASCIST_FILES.items():
        cards = _models(name, "cards", FascistCard, version)
        _check_fascist(year, cards)
        fdecks[year] = [c.id for c in cards]
        fascist.update(_unique(name, {**player, **fascist}, cards))
    content = Content(
        version=version,
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
