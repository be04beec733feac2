"""The Final Bid for Glory (rulebook pg. 10): up to 3 cards bid in secret on the last turn.

The largest total of Action Points scores a token straight to Glory; the
Initiative player breaks ties. A Non-player bids its top card + 4 (rule 7).
"""

from __future__ import annotations

from .cards import card_name, top_card
from .constants import FACTIONS, faction_label
from .machine import Step, ask, barrier, content, highest_wins, log, push, step
from .queries import is_nonplayer
from .state import GameState

MAX_BID_CARDS = 3
NONPLAYER_BID_BONUS = 4


@step("final_bid")
def _final_bid(state: GameState, s: Step) -> None:
    state.phase = "final_bid"
    log(state, "The Final Bid for Glory: each player bids up to 3 cards in secret.", kind="bid")
    for f in FACTIONS:
        fa = state.factions[f]
        fa.bid, fa.bid_done = [], is_nonplayer(state, f)
        if not fa.bid_done:
            ask(state, f, "bid")
    push(state, {"s": "bid_reveal"})


@step("bid_reveal")
def _bid_reveal(state: GameState, s: Step) -> None:
    barrier(state)
    totals: dict[str, int] = {}
    for f in FACTIONS:
        fa = state.factions[f]
        if is_nonplayer(state, f):
            card = top_card(state, f)
            fa.bid = [card] if card else []
            totals[f] = NONPLAYER_BID_BONUS + (content().player_cards[card].strength if card else 0)
        else:
            totals[f] = sum(content().player_cards[c].strength for c in fa.bid)
        shown = ", ".join(card_name(c) for c in fa.bid) or "no card"
        extra = f" + {NONPLAYER_BID_BONUS} (Non-player rule 7)" if is_nonplayer(state, f) else ""
        log(state, f"{faction_label(f)} bid {shown}{extra}: {totals[f]} Action Point{'s' * (totals[f] != 1)}.", f"bid:{f}", faction=f, kind="bid")
        fa.discard.extend(fa.bid)
        fa.bid = []
        fa.bid_done = False
    highest_wins(state, totals, "the Final Bid", {"s": "bid_win"}, "bid_tie")


@step("bid_win")
def _bid_win(state: GameState, s: Step) -> None:
    f = s["f"]
    state.bid_winner = f
    fa = state.factions[f]
    if fa.tokens > 0:
        fa.tokens -= 1
        state.glory.append(f)
        log(state, f"{faction_label(f)} win the Final Bid and score a token directly to Glory.", "glory", faction=f,
            kind="glory")
    else:
        log(state, f"{faction_label(f)} win the Final Bid but have no token left to score.", faction=f)
