"""What the table decides outside the rules: who plays a seat, and ending a game without a result.

A host may hand an absent player's faction to the Non-player rules (Appendix 3) and back, mid-game, or end
a game nobody will finish. These are entries of ``state.actions`` like moves (``{"faction", "action":
{"kind": "seat"|"end", ...}, "note"}``), so replay and undo rebuild them exactly, and they are logged in
words. They are never a legal action of a decision: only the session makes them (the host's tools, the
turn timer), through ``hand_over`` and ``end_game``; ``replay``, ``undo`` and the history apply them with
``apply_entry``. Nothing before one of them can be undone (like a card drawn).

Handing a seat over converts the faction's open decisions to what the new kind of player is asked:
a person's secret card choice, bid or kept cards are dropped for a Non-player (Appendix 3 gives it none of
them: it plays the top card of its deck, bids its top card + 4, rule 7); a person's turn becomes the Non-player's
turn (rule 2), or its Hero point menu once the card was played. Back to a person, the Non-player's menu
becomes the end of a person's turn, and a simultaneous choice still open (card, bid, keep) is asked of
them too. A hand-over in the middle of a card's effect that only people are asked ("play" another card,
"morale") is refused until it is done.

The computer (lf/engine/computers.py) plays a person's seat by a person's rules: handing an absent person's seat
to it (``kind="computer:<level>"``) and back (``kind="human"``) changes nothing the rules read, and no open
decision; it is logged and replayed like the other hand-overs. Only a person's seat goes to the computer, and
the computer gives it back to a person (not to a Non-player), so the seat kinds a game began with can always be
read from its first hand-over (``initial_seats``).
"""

from __future__ import annotations

from typing import Any

from .actions import IllegalAction
from .computers import LEVELS, arg_level, computer_level, level_label, started_with
from .constants import FACTIONS, faction_label
from .machine import ask, barrier, log, pinned, push, run
from .outcome import stop
from .state import GameState

TABLE_KINDS = ("seat", "end")
SEAT_KINDS = ("human", "nonplayer")
#: Decisions of a person that the Non-player rules cannot take over mid-way.
PEOPLE_ONLY = ("play", "morale")


def is_table_entry(entry: dict[str, Any]) -> bool:
    return entry["action"].get("kind") in TABLE_KINDS


@pinned
def hand_over(state: GameState, faction: str, kind: str, note: str) -> GameState:
    """``faction`` is played from now on by a person (``kind="human"``), the Non-player rules, or the computer
    (``kind="computer:<level>"``)."""
    if faction not in FACTIONS:
        raise IllegalAction(f"unknown faction {faction!r}")
    level = arg_level(kind)
    if kind not in SEAT_KINDS and level not in LEVELS:
        raise IllegalAction(f"a seat is played by a person, a Non-player or the computer ({', '.join(LEVELS)}), "
                            f"not {kind!r}")
    if state.result is not None:
        raise IllegalAction("the game is over")
    fa = state.factions[faction]
    playing = computer_level(state, faction)
    if level is not None or playing is not None:
        return _computer_seat(state, faction, kind, level, playing, note)
    if fa.seat == kind:
        raise IllegalAction(f"the {faction_label(faction)} are already played by "
                            f"{'a person' if kind == 'human' else 'the Non-player rules'}")
    mine = [p for p in state.pending if p["faction"] == faction]
    if kind == "nonplayer" and any(p["kind"] in PEOPLE_ONLY for p in mine):
        raise IllegalAction(f"the {faction_label(faction)} are in the middle of a card's effect; hand the seat "
                            "over when it is done")
    fa.seat = kind  # type: ignore[assignment]
    state.actions.append({"faction": faction, "action": {"kind": "seat", "arg": kind}, "note": note})
    log(state, note, faction=faction, kind="seat")
    if kind == "nonplayer":
        _to_nonplayer(state, faction, mine)
    else:
        _to_person(state, faction, mine)
    barrier(state)
    run(state)
    return state


def _computer_seat(state: GameState, faction: str, kind: str, level: str | None, playing: str | None,
                   note: str) -> GameState:
    """A person's seat handed to the computer, or given back by it: the rules see a person's seat throughout."""
    who = faction_label(faction)
    if level is not None and playing is not None:
        raise IllegalAction(f"the computer ({level_label(playing)}) already plays the {who}")
    if level is not None and state.factions[faction].seat != "human":
        raise IllegalAction(f"the {who} are played by the Non-player rules; only a person's seat goes to the computer")
    if level is None and kind != "human":
        raise IllegalAction(f"the computer plays the {who}: give the seat back to a person first")
    state.actions.append({"faction": faction, "action": {"kind": "seat", "arg": kind}, "note": note})
    log(state, note, faction=faction, kind="seat")
    barrier(state)
    return state


def _to_nonplayer(state: GameState, f: str, mine: list[dict[str, Any]]) -> None:
    fa = state.factions[f]
    for p in mine:
        if p["kind"] == "pick":
            continue  # the Non-player rules answer every pick (npc.choose)
        state.pending.remove(p)
        if p["kind"] == "choose":
            fa.chosen = None
        elif p["kind"] == "bid":
            fa.bid, fa.bid_done = [], True
        elif p["kind"] == "keep":
            fa.keep, fa.keep_done = [], True
        elif p["kind"] == "turn":
            if p.get("phase") == "main":
                fa.chosen = None  # the revealed card stays in the hand: the Non-player plays its deck's top card
                push(state, {"s": "np_turn", "f": f})
            else:
                push(state, {"s": "np_menu", "f": f})


def _to_person(state: GameState, f: str, mine: list[dict[str, Any]]) -> None:
    fa = state.factions[f]
    for p in mine:
        if p["kind"] == "np_turn":
            state.pending.remove(p)
            ask(state, f, "turn", phase="after", card="")
    open_kinds = {p["kind"] for p in state.pending}
    if "choose" in open_kinds and state.phase == "choose":
        fa.chosen = None
        ask(state, f, "choose")
    elif "bid" in open_kinds:
        fa.bid, fa.bid_done = [], False
        ask(state, f, "bid")
    elif "keep" in open_kinds and (fa.hand or fa.tableau):
        fa.keep, fa.keep_done = [], False
        ask(state, f, "keep")


@pinned
def end_game(state: GameState, faction: str, note: str) -> GameState:
    """Stop the game without a result (``result["war"] == "ended"``); ``faction`` only names the entry."""
    if state.result is not None:
        raise IllegalAction("the game is already over")
    if faction not in FACTIONS:
        raise IllegalAction(f"unknown faction {faction!r}")
    state.actions.append({"faction": faction, "action": {"kind": "end"}, "note": note})
    stop(state, "ended", note)
    log(state, f"{note}.", kind="outcome")
    barrier(state)
    return state


@pinned
def apply_entry(state: GameState, entry: dict[str, Any]) -> GameState:
    """Apply one entry of ``state.actions`` (a move, a hand-over or an end) to ``state``."""
    from .game import apply

    action = entry["action"]
    if not isinstance(action, dict):
        action = {"kind": str(action)}
    if action.get("kind") == "seat":
        return hand_over(state, entry["faction"], action.get("arg", ""), entry.get("note") or "")
    if action.get("kind") == "end":
        return end_game(state, entry["faction"], entry.get("note") or "The game was ended")
    return apply(state, entry["faction"], action, entry.get("note"))


def initial_seats(state: GameState) -> dict[str, str]:
    """The engine's seat kinds the game started with, read from each seat's first hand-over (the current kind
    when there was none): a seat handed to a Non-player or the computer was a person's (the computer's seats are
    persons' for the rules), and one given to a person was a Non-player's unless the computer played it from
    the start."""
    seats = {f: state.factions[f].seat for f in FACTIONS}
    first: dict[str, str] = {}
    for entry in state.actions:
        if entry["action"].get("kind") == "seat":
            first.setdefault(entry["faction"], entry["action"].get("arg", ""))
    for f, arg in first.items():
        seats[f] = "nonplayer" if arg == "human" and not started_with(state, f) else "human"
    return seats
