"""``python -m lf check``: load and validate all content, print counts per deck and strength."""

from __future__ import annotations

from collections import Counter

from lf.engine.constants import FACTIONS
from lf.engine.content import Content, ContentError, effect_ops_used, load_content, using_content

from .opening import opening_falls


def run() -> int:
    try:
        c = load_content()
        leveled = [load_content(c.version, lv.id) for lv in c.levels]  # each level's cards, validated
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
        means = ", ".join(f"{lc.level} {_mean_attacks(lc, ids):.2f}" for lc in leveled)
        print(f"  Fascist Year {year}: {len(ids)} cards; Attacks per card on average: {means}")
    print(f"  medallions: {len(c.medallions)} ({', '.join(m.name for m in c.medallions)})")
    print(f"  board: {len(c.board.triggers)} track triggers")
    used = effect_ops_used(c)
    print("  effect kinds used: " + ", ".join(f"{op} {n}" for op, n in sorted(used.items())))
    print(f"  levels: {', '.join(f'{lv.name} ({lv.id})' for lv in c.levels)}")
    return max(_check_opening(c.version, lv.id, lv.name) for lv in c.levels)


def _mean_attacks(content: Content, ids: list[str]) -> float:
    return sum(content.fascist_cards[i].attack_total for i in ids) / len(ids)


def _check_opening(version: str, level: str, name: str) -> int:
    """CONTENT.md: no Front can fall before any faction has played a card (every Year 1 card, every tie, at every
    level)."""
    with using_content(version, level):
        falls = opening_falls()
        cards = len(load_content().fascist_decks[1])
    if falls:
        print(f"content error: at {name}, a Year 1 Fascist card can defeat a Front before anyone has played a card:")
        for fall in falls:
            print(f"  {fall.words()}")
        return 1
    print(f"  first Fascist card at {name}: none of the {cards} Year 1 cards can defeat a Front from the starting "
          "board, whatever the tie choices")
    return 0
