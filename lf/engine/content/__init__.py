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

from pydantic import Field, ValidationError

from ..constants import FACTIONS, MEDALLION_EFFECTS
from ..content_schema import NAMED_LETTERS, Board, Effect, FascistCard, Level, Medallion, PlayerCard
from ..models import Model, model

CONTENT_VERSION = "lf-original-4"
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
#: The level a game is dealt at unless it names another, and the one a content version without levels has.
STANDARD = "standard"
LEVELS_FILE = "levels.toml"
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
    #: The Fascists' strengths this version offers, gentlest first (one, Standard, for a version without levels).
    levels: list[Level] = Field(default_factory=list)
    #: The level whose Fascist cards these are.
    level: str = STANDARD

    def level_of(self, level_id: str) -> Level:
        return next(lv for lv in self.levels if lv.id == level_id)

    def medallion(self, effect: str) -> Medallion:
        return next(m for m in self.medallions if m.effect == effect)


#: The content the engine reads in this context (a thread, a task), as its key (``content_key``): the current
#: version at Standard unless a game of an earlier version or of another level is being played (``using_content``).
_ACTIVE: ContextVar[str] = ContextVar("lf_content_version", default=CONTENT_VERSION)
ARCHIVE = "archive"


def archived_versions() -> list[str]:
    """The earlier content versions this lf can still play (their frozen files under ``archive/``)."""
    folder = resources.files("lf.engine.content").joinpath(ARCHIVE)
    return sorted(p.name for p in folder.iterdir() if p.is_dir()) if folder.is_dir() else []


def known_version(version: object) -> bool:
    return version == CONTENT_VERSION or (isinstance(version, str) and version in archived_versions())


def content_key(version: str, level: str | None = None) -> str:
    """The name of a version's cards at a level: the version itself at Standard (so a game of a version without
    levels, and every cache of it, reads as before), ``version@level`` otherwise."""
    return version if level is None or level == STANDARD else f"{version}@{level}"


def split_key(key: str) -> tuple[str, str]:
    version, _, level = key.partition("@")
    return version, level or STANDARD


def view_key(view: dict[str, Any]) -> str:
    """The content a view's game was dealt with, as its key (the view's ``content_version`` and ``level``)."""
    return content_key(view.get("content_version") or CONTENT_VERSION, view.get("level"))


def level_ids(version: str = CONTENT_VERSION) -> list[str]:
    """The levels ``version`` offers, gentlest first ([Standard] for a version without levels)."""
    return [lv.id for lv in load_content(version).levels]


@contextmanager
def using_content(version: str, level: str | None = None) -> Iterator[None]:
    """Read ``version`` at ``level`` as the content in this context (a game dealt with it is being played)."""
    if not known_version(version):
        raise ContentError(f"content {version!r} is not in this lf (it has {', '.join([CONTENT_VERSION, *archived_versions()])})")
    if level is not None and level not in level_ids(version):
        raise ContentError(f"content {version} has no level {level!r} (it has {', '.join(level_ids(version))})")
    token = _ACTIVE.set(content_key(version, level))
    try:
        yield
    finally:
        _ACTIVE.reset(token)


def dealt_with(options: dict[str, Any]) -> Any:
    """Read the content a game's ``options`` say it was dealt with (``new_game`` records its version and level),
    for code that sets a game up or replays it outside the engine's entry points (a chronicle, a timeline)."""
    return using_content(options.get("content", CONTENT_VERSION), options.get("level"))


def active_version() -> str:
    return split_key(_ACTIVE.get())[0]


def active_key() -> str:
    return _ACTIVE.get()


def active_level() -> str:
    return split_key(_ACTIVE.get())[1]


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


def _check_fascist(year: int, cards: list[FascistCard], version: str) -> None:
    where = FASCIST_FILES[year]
    if len(cards) != 18:
        raise ContentError(f"{where}: {len(cards)} cards, need 18")
    for c in cards:
        if c.year != year:
            raise ContentError(f"{where}: {c.id} says year {c.year}")
        letters = [letter for letter, _ in c.attacks]
        first_judged = next((k for k, letter in enumerate(letters) if letter not in NAMED_LETTERS), len(letters))
        if version == CONTENT_VERSION and any(letter in NAMED_LETTERS for letter in letters[first_judged:]):
            # (the archived versions are frozen as they were dealt; from lf-original-4 on, the order is fixed)
            raise ContentError(f"{where}: {c.id} prints {''.join(letters)}: its named Fronts (M, N, A, S) must come "
                               "before V and D, so that every reading of the order gives the same board")


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


def _check_all(content: Content, where: str = "") -> None:
    effects = [m.effect for m in content.medallions]
    if sorted(effects) != sorted(MEDALLION_EFFECTS):
        raise ContentError("medallions.toml: need each of the nine Appendix 2 effects exactly once")
    means = [
        sum(content.fascist_cards[i].attack_total for i in content.fascist_decks[y]) / 18 for y in (1, 2, 3)
    ]
    if not means[0] < means[1] < means[2]:
        raise ContentError(f"{where}Fascist Years must attack harder each Year; mean Attacks are {means}")
    used = effect_ops_used(content)
    missing = [op for op in Effect.model_fields["op"].annotation.__args__ if not used[op]]  # type: ignore[union-attr]
    if missing:
        raise ContentError(f"no card uses the effect kinds {missing}")


_LOADED: dict[str, Content] = {}
#: Each version's cards at a level other than Standard, with the printed cards they were derived from.
_LEVELED: dict[str, tuple[Content, Content]] = {}


def load_content(version: str | None = None, level: str | None = None) -> Content:
    """The content of ``version`` at ``level`` (default: the one active in this context; a version named alone is
    read at Standard), loaded and validated once; raises ContentError naming the offending file and card."""
    key = _ACTIVE.get() if version is None else version if "@" in version else content_key(version, level)
    found = _LOADED.get(key)
    if found is not None:
        return found
    v, lv = split_key(key)
    if not known_version(v):
        raise ContentError(f"content {v!r} is not in this lf")
    base = _LOADED.get(v)
    if base is None:
        base = _LOADED[v] = _load(v)
    if lv == STANDARD:
        return base
    derived = _LEVELED.get(key)
    if derived is None or derived[0] is not base:  # (derived again if the printed cards were replaced: a test's)
        derived = _LEVELED[key] = (base, at_level(base, lv))
    return derived[1]


def at_level(base: Content, level_id: str) -> Content:
    """``base``'s cards at another level: each Fascist card changed as the level says; nothing else differs."""
    found = [lv for lv in base.levels if lv.id == level_id]
    if not found:
        raise ContentError(f"content {base.version} has no level {level_id!r} (it has {', '.join(lv.id for lv in base.levels)})")
    level = found[0]
    cards = {i: _leveled(c, level) for i, c in base.fascist_cards.items()}
    content = base.model_copy(update={"fascist_cards": cards, "level": level_id})
    _check_all(content, f"{LEVELS_FILE}: {level_id}: ")
    return content


def _leveled(card: FascistCard, level: Level) -> FascistCard:
    extra, harder = level.attacks[card.year - 1], level.tests[card.year - 1]
    if not extra and not harder:
        return card
    attacks = list(card.attacks)
    if extra:
        i = next((k for k, (letter, _) in enumerate(attacks) if letter in NAMED_LETTERS), 0)
        letter, n = attacks[i]
        if n + extra > 0:
            attacks[i] = (letter, n + extra)
        elif len(attacks) > 1:
            del attacks[i]
        else:
            attacks[i] = (letter, 1)
    test = card.test.model_copy(update={"threshold": max(-9, min(10, card.test.threshold + harder))})
    return card.model_copy(update={"attacks": attacks, "test": test})


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
        _check_fascist(year, cards, version)
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
        levels=_levels(version),
    )
    _check_all(content)
    return content


def _levels(version: str) -> list[Level]:
    """The version's levels (``levels.toml``, gentlest first, Standard among them); a version without the file has
    Standard alone: its cards as printed."""
    folder = resources.files("lf.engine.content")
    if version != CONTENT_VERSION:
        folder = folder.joinpath(ARCHIVE).joinpath(version)
    if not folder.joinpath(LEVELS_FILE).is_file():
        return [Level(id=STANDARD, name="Standard", summary="The Fascist cards as printed.")]
    levels = _models(LEVELS_FILE, "levels", Level, version)
    ids = [lv.id for lv in levels]
    if STANDARD not in ids or len(set(ids)) != len(ids):
        raise ContentError(f"{LEVELS_FILE}: the levels must have distinct ids, one of them {STANDARD!r}; found {ids}")
    standard = levels[ids.index(STANDARD)]
    if any(standard.attacks) or any(standard.tests):
        raise ContentError(f"{LEVELS_FILE}: {STANDARD} is the cards as printed: it changes no Attack and no Test")
    return levels


def _unique(where: str, seen: dict, cards: list) -> dict:
    out = {}
    for c in cards:
        if c.id in seen or c.id in out:
            raise ContentError(f"{where}: card id {c.id} is used twice")
        out[c.id] = c
    return out
