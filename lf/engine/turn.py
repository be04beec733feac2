"""The Turn Sequence (rulebook pg. 5): Fascist Event, player turns, Test, Bag of Glory.

Each phase is a step; the per-player turn itself is a pending decision (see
decisions.py) so that Hero points can be spent at any time during it.
"""

from __future__ import annotations


from .constants import (
    ATTACK_LETTERS,
    FACTIONS,
    TOKENS_PER_FACTION,
    TURNS_PER_YEAR,
    YEARS,
    faction_label,
    front_label,
)
from .content_schema import FascistCard
from .effects import add_to_bag
from .fronts import attack
from .hero import grant
from .content import by_content
from .machine import Step, ask, barrier, content, keeps_log, log, push, step
from .queries import is_nonplayer, owns, turn_order
from .state import GameState
from .tracks import fx


def fascist(card_id: str) -> FascistCard:
    return content().fascist_cards[card_id]


@by_content
def fascist_lines(card_id: str, part: str) -> tuple[dict, ...]:
    card = fascist(card_id)
    lines = {"effects": card.effects, "reward": card.test.reward, "penalty": card.test.penalty}[part]
    return tuple(e.plain() for e in lines)


def fascist_fx(card_id: str, part: str, src: str) -> list[Step]:
    """Fascist lines run for their named actor, by default the Initiative player (resolved when run). They are
    the card's effect, not a player's support (pg. 7 speaks of a *player* who strengthens a Front)."""
    return [fx(e, e.get("actor", "initiative"), src, "fascist") for e in fascist_lines(card_id, part)]


def is_final_turn(state: GameState) -> bool:
    return state.year == YEARS and state.turn == TURNS_PER_YEAR


@step("turn_start")
def _turn_start(state: GameState, s: Step) -> None:
    state.turn += 1
    if keeps_log(state):
        log(state, f"Year {state.year}, turn {state.turn} begins.", kind="turn")
    final = [{"s": "final_bid"}] if is_final_turn(state) else []
    push(state, {"s": "fascist_event"}, *final, {"s": "choose"}, {"s": "player_turns"}, {"s": "test"}, {"s": "bag"},
         {"s": "turn_end"})


@step("fascist_event")
def _fascist_event(state: GameState, s: Step) -> None:
    state.phase = "fascist_event"
    card_id = state.fascist_deck.pop()
    state.fascist_card = card_id
    state.test_result = None
    barrier(state)
    card = fascist(card_id)
    if keeps_log(state):
        attacks = ", ".join(f"{n} {letter}" for letter, n in card.attacks)
        log(state, f"Fascist Event: {card.name} ({attacks}). Test on the {front_label(card.test.front)}, "
            f"threshold {card.test.threshold:+d}.", f"fascist:{card_id}", f"front:{card.test.front}", kind="fascist")
    steps = [attack(ATTACK_LETTERS.get(letter, letter), n, card.name, origin="fascist") for letter, n in card.attacks]
    push(state, *steps, *fascist_fx(card_id, "effects", card.name))


@step("choose")
def _choose(state: GameState, s: Step) -> None:
    """Rulebook pg. 5, part 2: every player chooses a card in secret, all at once."""
    state.phase = "choose"
    for f in FACTIONS:
        fa = state.factions[f]
        fa.chosen = None
        if not is_nonplayer(state, f):
            ask(state, f, "choose")


@step("player_turns")
def _player_turns(state: GameState, s: Step) -> None:
    """Initiative player first, then in the Year's direction; the order is fixed when turns begin."""
    state.order = turn_order(state)
    push(state, *[{"s": "player_turn", "f": f} for f in state.order])


@step("player_turn")
def _player_turn(state: GameState, s: Step) -> None:
    f = s["f"]
    state.phase = "turn"
    state.active = f
    if is_nonplayer(state, f):
        push(state, {"s": "np_turn", "f": f})
        return
    card = state.factions[f].chosen or ""
    barrier(state)
    if card:
        log(state, f"{faction_label(f)} reveal {content().player_cards[card].name}.", f"card:{card}", faction=f, kind="reveal")
    else:
        log(state, f"{faction_label(f)} have no card to play this turn.", faction=f)
    ask(state, f, "turn", phase="main" if card else "after", card=card)


@step("turn_menu")
def _turn_menu(state: GameState, s: Step) -> None:
    ask(state, s["f"], "turn", phase=s["phase"], card=s.get("card", ""))


@step("turn_done")
def _turn_done(state: GameState, s: Step) -> None:
    f = s["f"]
    state.factions[f].chosen = None
    if keeps_log(state):
        log(state, f"{faction_label(f)} end their turn.", faction=f)
    state.active = None


@step("test")
def _test(state: GameState, s: Step) -> None:
    """Rulebook pg. 5, part 3 and pg. 8: Victory passes a Test, Defeat fails it."""
    state.phase = "test"
    card = fascist(state.fascist_card)
    test = card.test
    fs = state.fronts[test.front]
    if fs.status == "victory":
        success, why = True, "the Front has achieved Victory"
    elif fs.status == "defeat":
        success, why = False, "the Front has suffered Defeat"
    else:
        success = fs.value >= test.threshold
        why = f"the Front is at {fs.value:+d} against a threshold of {test.threshold:+d}"
    state.test_result = "success" if success else "failure"
    if keeps_log(state):
        log(state, f"Fascist Test on the {front_label(test.front)}: {'success' if success else 'failure'} ({why}).",
            f"front:{test.front}", f"fascist:{card.id}", kind="test")
    if success:
        gains = {f: 2 for f in fs.tokens}
        for f in FACTIONS:
            if owns(state, f, "vigilance"):
                gains[f] = gains.get(f, 0) + 2
        grant(state, gains, "success on the Fascist Test")
        push(state, *fascist_fx(card.id, "reward", f"Test reward: {card.name}"))
    else:
        push(state, *fascist_fx(card.id, "penalty", f"Test penalty: {card.name}"))


@step("bag")
def _bag(state: GameState, s: Step) -> None:
    """Rulebook pg. 5, part 4 and pg. 10: one token each turn, a second at the end of a Year."""
    state.phase = "bag"
    n = 2 if state.turn == TURNS_PER_YEAR else 1
    add_to_bag(state, state.initiative, n, "the Initiative player at the end of the turn")


@step("turn_end")
def _turn_end(state: GameState, s: Step) -> None:
    """Part 5: player tokens leave the Fronts; once-per-turn abilities refresh."""
    for front in state.fronts.values():
        front.tokens = []
    # Every token not in the Bag or the Glory area is back in its owner's reserve (a faction with no token
    # left may still support a Front, but that must not create a token when the Fronts are cleared).
    for f in FACTIONS:
        state.factions[f].tokens = TOKENS_PER_FACTION - state.bag.count(f) - state.glory.count(f)
    for fa in state.factions.values():
        fa.used = []
        fa.chosen = None
    if state.fascist_card:
        state.fascist_discard.append(state.fascist_card)
    state.fascist_card = None
    state.order = []
    push(state, {"s": "year_end"} if state.turn == TURNS_PER_YEAR else {"s": "turn_start"})
