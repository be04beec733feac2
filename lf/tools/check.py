"""``python -m lf check``: load and validate all content, print counts per deck and strength."""

from __future__ import annotations

from collections import Counter

from lf.engine.constants import FACTIONS
from lf.engine.content import ContentError, effect_ops_used, load_content

from .opening import opening_falls


def run() -> int:
    try:
        c = load_content()
    except ContentError as exc:
        print(f"content error: {exc}")
        return 1
    print(f"lf content {c.version} (original card set): valid")
    for f in FACTIONS:
        cards = [c.player_cards[i] for i in c.decks[f]]
        strengths = Counter(card.strength for card in cards)
        removed = [card.name for card in cards if card.nonplayer_removed]
        extra = f"; removed for a Non-player: {', '.join(removed)}" if removed else ""
        print(f"  {f:<11} {len(cards)} cards: {strengths[1]} x1, {strengths[2]} x2, {strengths[3]} x3{extra}")
    for year, ids in c.fascist_decks.items():
        attacks = [c.fascist_cards[i].attack_total for i in ids]
        print(f"  Fascist Year {year}: {len(ids)} cards, {sum(attacks) / len(attacks):.2f} Attacks per card on average")
    print(f"  medallions: {len(c.medallions)} ({', '.join(m.name for m in c.medallions)})")
    print(f"  board: {len(c.board.triggers)} track triggers")
    used = effect_ops_used(c)
    print("  effect kinds used: " + ", ".join(f"{op} {n}" for op, n in sorted(used.items())))
    return _check_opening()


def _check_opening() -> int:
    """CONTENT.md: no Front can fall before any faction has played a card (every Year 1 card, every tie)."""
    falls = opening_falls()
    if falls:
        print("content error: a Year 1 Fascist card can defeat a Front before anyone has played a card:")
        for fall in falls:
            print(f"  {fall.words()}")
        return 1
    print(f"  first Fascist card: none of the {len(load_content().fascist_decks[1])} Year 1 cards can defeat a Front "
          "from the starting board, whatever the tie choices")
    return 0
