"""Player cards between deck, hand, tableau, discard and trash.

Draws reshuffle the discard pile when the deck runs out (rulebook, Player
Cards) and are an undo barrier because they reveal hidden cards. Non-players
have no hand: every draw becomes Hero points (Appendix 3, rule 1).
"""

from __future__ import annotations

from .constants import FACTIONS, faction_label
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


def draw(state: GameState, faction: str, n: int, why: str = "", archives: bool = True) -> None:
    """Draw n cards; Archives adds one to the draw (Appendix 2) unless ``archives`` is False."""
    if is_nonplayer(state, faction):
        grant(state, {faction: n}, _instead(n))
        return
    if archives and owns(state, faction, "archives"):
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


def draw_all(state: GameState, n: int, why: str) -> None:
    """Every faction draws n cards at once (Setup, the start of a Year). The Non-players' Hero points instead
    (Appendix 3, rule 1) are a simultaneous gain: with a short supply the Initiative player is paid first,
    then the others in turn order (rulebook pg. 7), not in seating order."""
    for f in FACTIONS:
        if not is_nonplayer(state, f):
            draw(state, f, n, why)
    gains = {f: n for f in FACTIONS if is_nonplayer(state, f)}
    if gains:
        grant(state, gains, _instead(n))


def _instead(n: int) -> str:
    return f"a Non-player gains Hero points instead of drawing {n} card{'s' * (n != 1)}"
