"""Player cards between deck, hand, tableau, discard and trash.

Draws reshuffle the discard pile when the deck runs out (rulebook, Player
Cards) and are an undo barrier because they reveal hidden cards. Non-players
have no hand: every draw becomes Hero points (Appendix 3, rule 1).
"""

from __future__ import annotations

from .constants import faction_label
from .hero import grant
from .machine import barrier, content, log
from .queries import is_nonplayer, owns
from .rng import shuffled
from .state import GameState


def card_name(card: str) -> str:
    return content().player_cards[card].name


def names(cards: list[str]) -> str:
    return ", ".join(card_name(c) for c in cards) or "nothing"


def top_card(state: GameState, faction: str) -> str | None:
    """Take the top card of a deck, reshuffling the discard pile into it when empty."""
    fa = state.factions[faction]
    if not fa.deck and fa.discard:
        state.rng, fa.deck = shuffled(state.rng, fa.discard)
        fa.discard = []
        barrier(state)
        log(state, f"{faction_label(faction)} shuffle their discard pile into a new deck.", f"deck:{faction}", faction=faction)
    if not fa.deck:
        return None
    barrier(state)
    return fa.deck.pop()


def draw(state: GameState, faction: str, n: int, why: str = "") -> None:
    if is_nonplayer(state, faction):
        grant(state, {faction: n}, f"a Non-player gains Hero points instead of drawing {n} card{'s' * (n != 1)}")
        return
    if owns(state, faction, "archives"):
        n += 1
    drawn = []
    for _ in range(n):
        card = top_card(state, faction)
        if card is None:
            break
        drawn.append(card)
    state.factions[faction].hand.extend(drawn)
    because = f" ({why})" if why else ""
    short = "; the deck and discard are empty" if len(drawn) < n else ""
    log(state, f"{faction_label(faction)} draw {len(drawn)} card{'s' * (len(drawn) != 1)}{because}{short}.",
        f"hand:{faction}", faction=faction, private=f"You draw {names(drawn)}{because}{short}.")
