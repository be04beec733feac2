"""A seat's information set: what one faction knows, and the worlds consistent with it.

The computer never reads the true state's secrets. ``InfoSet.of(state, faction)`` keeps only what
``view(state, faction)`` shows (the board, every faction's public counts, its own hand, choice, bid, kept
cards and discard pile, the cards revealed in the log) plus the public machinery the engine needs to go on
(its step stack and pending decisions, with any card the seat has not seen taken out). Everything hidden is
left empty and listed as *pools* of unseen cards with the sizes of the places they fill: the other factions'
hands, decks, discard piles and bids, every deck's order (the seat's own too), the remaining Fascist cards,
the other factions' secret choices and kept cards, the game's seed and the engine's generator.

``determinize(rng)`` deals one world: the pools shuffled into their places, a fresh seed and generator.
It reads only the information set and ``rng``, so two states that differ only in what the seat cannot see
give the same worlds, hence the same decision for the same seed.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, field
from typing import Any

from lf.engine import GameState, clone, view
from lf.engine.constants import FACTIONS
from lf.engine.machine import content
from lf.engine.state import FactionState
from lf.engine.year_end import keep_limits

from .knowledge import card_worth, icon_worth, icons_of

#: Stands in the public machinery for a card of ``faction``'s hand the seat has not seen (filled when dealt).
UNSEEN = "unseen-card-of:"


@dataclass(frozen=True)
class Unseen:
    """One faction's cards the seat cannot see, and how many go to each hidden place."""

    pool: tuple[str, ...]
    hand: int = 0
    bid: int = 0
    discard: int = 0
    deck: int = 0
    #: The faction chose its card in secret and the seat has not seen which (dealt from its hand).
    secret_choice: bool = False
    #: Its kept cards at the End of the Year are secret (dealt by the playout rules from what it holds).
    secret_keep: bool = False


@dataclass(frozen=True)
class InfoSet:
    faction: str
    #: The state with every hidden place empty: the public board, the machinery, the seat's own cards.
    base: GameState
    unseen: dict[str, Unseen]
    fascist_pool: tuple[str, ...]
    #: Actions so far (public: every view carries it as ``version``).
    version: int
    #: Some step or pending entry named a card the seat has not seen (masked as ``UNSEEN``).
    masked: bool = False
    _key: list[str] = field(default_factory=list, compare=False, repr=False)

    @classmethod
    def of(cls, state: GameState, faction: str) -> InfoSet:
        return _build(state, faction)

    def key(self) -> str:
        """A canonical text of the whole information set (two states that look alike give the same key)."""
        if not self._key:
            data = {"faction": self.faction, "base": self.base.model_dump(mode="json"), "version": self.version,
                    "fascist_pool": list(self.fascist_pool),
                    "unseen": {f: u.__dict__ for f, u in sorted(self.unseen.items())}}
            self._key.append(json.dumps(data, sort_keys=True, default=list))
        return self._key[0]

    def digest(self, seed: int) -> int:
        """A 64-bit number from the information set and the computer's own seed: the search's random stream."""
        h = hashlib.sha256(f"{seed}|{self.key()}".encode()).digest()
        return int.from_bytes(h[:8], "big")

    def determinize(self, rng: random.Random) -> GameState:
        """One world consistent with the information set, dealt with ``rng``."""
        s = clone(self.base)
        s.seed = rng.getrandbits(62)
        s.rng = rng.getrandbits(64)
        pool = list(self.fascist_pool)
        rng.shuffle(pool)
        s.fascist_deck = pool
        for f, u in self.unseen.items():
            _deal(s, f, u, rng)
        if self.masked:
            _fill_placeholders(s, rng)
        return s


def _deal(s: GameState, f: str, u: Unseen, rng: random.Random) -> None:
    fa = s.factions[f]
    cards = list(u.pool)
    rng.shuffle(cards)
    take = iter(cards)
    fa.hand = fa.hand + [next(take) for _ in range(u.hand)]
    fa.bid = [next(take) for _ in range(u.bid)] + fa.bid
    fa.discard = fa.discard + [next(take) for _ in range(u.discard)]
    fa.deck = [next(take) for _ in range(u.deck)]
    if u.secret_choice:
        fa.chosen = rng.choice(fa.hand) if fa.hand else ""
    if u.secret_keep:
        fa.keep = _guess_keep(s, f)


def _guess_keep(s: GameState, f: str) -> list[str]:
    """A faction that has kept its cards in secret: the cards the playout rules would keep."""
    fa = s.factions[f]
    hand_max, table_max = keep_limits(s, f)
    hand = sorted(fa.hand, key=lambda c: -card_worth(c, f))[:hand_max]
    table = sorted(fa.tableau, key=lambda c: -sum(icon_worth(i, f) for i in icons_of(c)))[:table_max]
    return hand + table


# --------------------------------------------------------------------------- building


def _revealed_choice(v: dict[str, Any], f: str) -> str | None:
    """The card ``f`` revealed at the start of its turn this turn (the log says it to everyone), if any."""
    for e in reversed(v["log"]):
        if e["kind"] == "turn":
            return None
        if e["kind"] == "reveal" and e["faction"] == f:
            return next((r[5:] for r in e["refs"] if r.startswith("card:")), None)
    return None


def _faction_base(state: GameState, v: dict[str, Any], f: str, me: str) -> tuple[FactionState, Unseen | None]:
    fv = v["factions"][f]
    public = dict(seat=fv["seat"], tableau=list(fv["tableau"]), trash=list(fv["trash"]), removed=list(fv["removed"]),
                  playing=list(fv["playing"]), hero=fv["hero"], tokens=fv["tokens"],
                  medallions=list(fv["medallions"]), bid_done=fv["bid_done"], keep_done=fv["keep_done"],
                  used=list(fv["used"]))
    deck_cards = [c for c in content().decks[f] if c not in fv["removed"]]
    if f == me:
        own = FactionState(**public, hand=list(fv["hand"]), chosen=fv["chosen"], bid=list(fv["bid"]),
                           keep=list(fv["keep"]), discard=list(fv["discard"]))
        seen = set(own.hand + own.bid + own.discard + own.tableau + own.trash + own.playing)
        pool = tuple(sorted(c for c in deck_cards if c not in seen))
        return own, Unseen(pool=pool, deck=fv["deck_size"])
    revealed = _revealed_choice(v, f) if state.active == f else None
    placed = set(public["tableau"] + public["trash"] + public["playing"])
    known_hand = [revealed] if revealed and revealed not in placed else []
    pool = tuple(sorted(c for c in deck_cards if c not in placed and c not in known_hand))
    secret_choice = fv["has_chosen"] and revealed is None
    chosen = revealed if revealed else (None if not fv["has_chosen"] else "")
    other = FactionState(**public, hand=known_hand, chosen=chosen)
    secret_keep = state.phase == "year_end" and fv["keep_done"]
    unseen = Unseen(pool=pool, hand=fv["hand_size"] - len(known_hand), bid=fv["bid_size"], discard=fv["discard_size"],
                    deck=fv["deck_size"], secret_choice=secret_choice and fv["hand_size"] > 0, secret_keep=secret_keep)
    return other, unseen


def _build(state: GameState, me: str) -> InfoSet:
    v = view(state, me)
    factions: dict[str, FactionState] = {}
    unseen: dict[str, Unseen] = {}
    for f in FACTIONS:
        factions[f], u = _faction_base(state, v, f, me)
        if u is not None:
            unseen[f] = u
    year_deck = content().fascist_decks[state.year]
    gone = set(v["fascist_discard"]) | ({v["fascist_card"]} if v["fascist_card"] else set())
    fascist_pool = tuple(sorted(c for c in year_deck if c not in gone))
    seen = seen_cards(factions)
    base = GameState(
        seed=0, options=dict(state.options), content_version=v["content_version"], rng=0, year=v["year"],
        turn=v["turn"], phase=v["phase"], direction=1 if v["direction"] == "clockwise" else -1,
        fronts={f: dict(fs) for f, fs in v["fronts"].items()}, tracks=dict(v["tracks"]),
        blanks={t: sorted(s) for t, s in v["blanks"].items()}, bonuses=dict(v["bonuses"]),
        medallions=list(v["medallions"]), factions=factions, hero_supply=v["hero_supply"],
        bag=[f for f in FACTIONS for _ in range(v["bag"][f])], glory=list(v["glory"]),
        fascist_card=v["fascist_card"], fascist_discard=list(v["fascist_discard"]), initiative=v["initiative"],
        order=list(state.order), active=v["active"], defeats=list(v["defeats"]), bid_winner=v["bid_winner"],
        test_result=v["test_result"], stack=_masked(state.stack, seen), pending=_masked(state.pending, seen),
        result=v["result"],
    )
    masked = _names_unseen([base.stack, base.pending])
    return InfoSet(faction=me, base=base, unseen=unseen, fascist_pool=fascist_pool, version=v["version"],
                   masked=masked)


def seen_cards(factions: dict[str, FactionState]) -> set[str]:
    """The player cards a seat has seen: its own, and every other faction's public or revealed ones."""
    seen: set[str] = set()
    for fa in factions.values():
        seen.update(fa.hand, fa.bid, fa.keep, fa.discard, fa.tableau, fa.trash, fa.playing)
        if fa.chosen:
            seen.add(fa.chosen)
    return seen


def _masked(data: Any, seen: set[str]) -> Any:
    """A deep copy of the machinery where every player card the seat has not seen reads ``UNSEEN``."""
    if isinstance(data, dict):
        return {k: _masked(v, seen) for k, v in data.items()}
    if isinstance(data, list):
        return [_masked(v, seen) for v in data]
    if isinstance(data, str) and data in content().player_cards and data not in seen:
        return UNSEEN + content().player_cards[data].faction
    return data


def _names_unseen(data: Any) -> bool:
    if isinstance(data, dict):
        return any(_names_unseen(v) for v in data.values())
    if isinstance(data, list):
        return any(_names_unseen(v) for v in data)
    return isinstance(data, str) and data.startswith(UNSEEN)


def _fill_placeholders(s: GameState, rng: random.Random) -> None:
    """A hidden card in the machinery becomes a card of its faction's dealt hand (never met so far in play:
    the engine only asks a seat while the other factions' cards in its steps are public)."""
    def fill(data: Any) -> Any:
        if isinstance(data, dict):
            return {k: fill(v) for k, v in data.items()}
        if isinstance(data, list):
            return [fill(v) for v in data]
        if isinstance(data, str) and data.startswith(UNSEEN):
            hand = s.factions[data.removeprefix(UNSEEN)].hand
            return rng.choice(hand) if hand else data
        return data

    s.stack = fill(s.stack)
    s.pending = fill(s.pending)
