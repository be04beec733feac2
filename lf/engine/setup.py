"""Setup (rulebook pg. 3) with Appendix 3's removals for Non-player seats."""

from __future__ import annotations

from typing import Any

from .constants import (
    BONUSES,
    FACTIONS,
    FRONTS,
    HAND_DRAW_PER_YEAR,
    HERO_SUPPLY,
    MEDALLION_EFFECTS,
    MODERATES,
    TOKENS_PER_FACTION,
    TRACKS,
    faction_label,
)
from .cards import draw_all
from .computers import check_option
from .content import active_level, active_version
from .hero import grant
from .machine import HALT_BEFORE_HIDDEN, LEVEL, content, log, push
from .queries import initiative_holder
from .rng import GENERATOR, start, shuffled
from .state import FactionState, FrontState, GameState

MEDALLIONS_IN_PLAY = 5
STARTING_HERO = 2


def _seats(seats: dict[str, str] | None) -> dict[str, str]:
    seats = dict(seats or {})
    unknown = set(seats) - set(FACTIONS)
    bad = {f: s for f, s in seats.items() if s not in ("human", "nonplayer")}
    if unknown or bad:
        raise ValueError(f"seats must map {list(FACTIONS)} to 'human' or 'nonplayer'; got {seats!r}")
    return {f: seats.get(f, "human") for f in FACTIONS}


def setup(seed: int, seats: dict[str, str] | None = None, options: dict[str, Any] | None = None) -> GameState:
    seat_map = _seats(seats)
    # The game keeps the generator it was dealt with, so its log replays under later engines (rng.py); the options
    # are kept in key order, so the state's bytes do not depend on the order a caller wrote them in.
    # (a preview's own option never belongs to a game: a game file carrying it would stop at the next card)
    # The content is the one new_game made active: the options name it, so a replay reads the same cards.
    # A version with levels records the game's level too (one without deals Standard alone and records none, so its
    # games' bytes are what they always were).
    c = content()
    options = {"generator": GENERATOR, **(options or {}), "content": active_version()}
    if len(c.levels) > 1:
        options[LEVEL] = active_level()
    options = dict(sorted(options.items()))
    options.pop(HALT_BEFORE_HIDDEN, None)
    check_option(options, seat_map)
    rng = start(seed, options["generator"])
    rng, medals = shuffled(rng, list(MEDALLION_EFFECTS))
    factions = {}
    for f in FACTIONS:
        removed = [i for i in c.decks[f] if seat_map[f] == "nonplayer" and c.player_cards[i].nonplayer_removed]
        rng, deck = shuffled(rng, [i for i in c.decks[f] if i not in removed])
        factions[f] = FactionState(seat=seat_map[f], deck=deck, removed=removed, tokens=TOKENS_PER_FACTION - 1)
    rng, fdeck = shuffled(rng, c.fascist_decks[1])
    state = GameState(
        seed=seed,
        options=options,
        content_version=c.version,
        rng=rng,
        fronts={f: FrontState(value=c.board.front_start) for f in FRONTS},
        tracks={t: c.board.track_start[t] for t in TRACKS},
        blanks={t: [] for t in TRACKS},
        bonuses={b: True for b in BONUSES},
        medallions=sorted(medals[:MEDALLIONS_IN_PLAY]),
        factions=factions,
        hero_supply=HERO_SUPPLY,
        bag=list(FACTIONS),
        fascist_deck=fdeck,
        initiative=MODERATES,
    )
    state.initiative = initiative_holder(state)
    log(state, "Setup: 2 Attacks on each Front, tracks at their start, both Bonuses on, 5 medallions drawn, "
        "a token of each faction in the Bag of Glory.", kind="setup")
    draw_all(state, HAND_DRAW_PER_YEAR, "starting hand")
    grant(state, {f: STARTING_HERO for f in FACTIONS if f != state.initiative},
          f"setup: the players without the Initiative ({faction_label(state.initiative)} hold it)")
    state.undo_floor = 0
    push(state, {"s": "turn_start"})
    return state
