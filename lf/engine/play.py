"""Playing a card (rulebook pg. 6-7): for its Event, or for Action Points and the Morale Bonus.

An Event runs its lines in order, then the card is trashed. Action Points go to
one area (a Front, one track up or down, or Bonuses at 1 AP each) and the card
joins the tableau, whose icons feed the Morale Bonus.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from .actions import Action, Choice, Unavailable
from .cards import card_name
from .constants import BONUSES, FRONTS, TRACKS, faction_label, front_label, track_label
from .content_schema import PlayerCard
from .describe import effects_text, icon_parts, icon_text
from .fronts import strength
from .hero import spend
from .content import by_content
from .machine import Step, ask, barrier, content, keeps_log, log, pick, push, step
from .queries import free_hand, is_nonplayer, owns
from .state import GameState
from .tracks import STEPS, TRACK_READS, blocked_on, blocked_reason, fx, landing_on, move, movable_steps, track_reads


def card(card_id: str) -> PlayerCard:
    return content().player_cards[card_id]


@by_content
def event_lines(card_id: str) -> tuple[dict, ...]:
    return tuple(e.plain() for e in card(card_id).event)


class _Menu(NamedTuple):
    """Every way to play one card, in words: the same for the card wherever it is played, so built once."""

    event: Choice
    fronts: dict[str, Choice]
    tracks: dict[tuple[str, int], Choice]


@by_content
def card_menu(card_id: str) -> _Menu:
    """(Cached like ``event_lines``, by card: tests that make cards of their own clear both.)"""
    c = card(card_id)
    ap = c.strength
    return _Menu(
        Choice(Action("event", card_id), f"Play {c.name} for its Event: {effects_text(event_lines(card_id))}"),
        {f: Choice(Action("ap_front", f), f"{ap} AP: +{ap} Strength to the {front_label(f)}") for f in FRONTS},
        {(t, d): Choice(Action("ap_track", t, d),
                        f"{ap} AP: {track_label(t)} {'up' if d > 0 else 'down'} {ap} step{'s' * (ap != 1)}")
         for t, d in STEPS})


_AP_BONUS = {b: Choice(Action("ap_bonus", b), f"1 AP: turn the {b.capitalize()} Bonus on") for b in BONUSES}
_AP_BONUS_ON = {b: Unavailable(_AP_BONUS[b].action, _AP_BONUS[b].label, f"the {b.capitalize()} Bonus is already on")
                for b in BONUSES}
_AP_BOTH = Choice(Action("ap_bonus", "both"), "2 AP: turn both Bonuses on")


def play_choices(state: GameState, card_id: str) -> tuple[list[Choice], list[Unavailable]]:
    """The legal ways to play ``card_id`` now, and the AP uses that are not possible (with why)."""
    menu = card_menu(card_id)
    ok = [menu.event]
    no: list[Unavailable] = []
    for f, choice in menu.fronts.items():
        status = state.fronts[f].status
        if status == "open":
            ok.append(choice)
        else:
            no.append(Unavailable(choice.action, choice.label, f"the {front_label(f)} has suffered Defeat"
                                  if status == "defeat" else f"the {front_label(f)} has achieved Victory"))
    movable = movable_steps(state)
    ap = card(card_id).strength
    for step, choice in menu.tracks.items():
        if step in movable:
            ok.append(_landing(state, choice, ap))
        else:
            no.append(Unavailable(choice.action, choice.label, blocked_reason(state, *step)))
    for b in BONUSES:
        (no.append(_AP_BONUS_ON[b]) if state.bonuses[b] else ok.append(_AP_BONUS[b]))
    if card(card_id).strength >= 2 and not any(state.bonuses.values()):
        ok.append(_AP_BOTH)
    return ok, no


def _landing(state: GameState, choice: Choice, ap: int) -> Choice:
    """A move of ``ap`` steps with the space it lands on; a limit that stops it on the way is said (pg. 9)."""
    track = choice.action.arg
    return _landed(track_reads(state.tracks, track), choice, ap)


@lru_cache(maxsize=16384)
def _landed(values: tuple[int, ...], choice: Choice, ap: int) -> Choice:
    """``_landing`` on the values of the tracks that the moved track's limits read (``tracks.track_reads``). Why
    cached: a person's turn offers every track step of its card at each question, and where a move lands depends
    on those few values alone."""
    a = choice.action
    tracks = dict(zip(TRACK_READS[a.arg], values))
    there = landing_on(tracks, a.arg, a.n, ap)
    label = choice.label
    if there - tracks[a.arg] != a.n * ap:
        label += f" (it stops at {there}: {blocked_on({**tracks, a.arg: there}, a.arg, a.n)})"
    return choice._replace(label=label, lands=f"space:{a.arg}:{there}")


def resolve_play(state: GameState, f: str, action: Action, card_id: str) -> None:
    """Carry out a legal play of ``card_id``; the caller has scheduled what follows."""
    fa = state.factions[f]
    fa.hand.remove(card_id)
    c = card(card_id)
    if action.kind == "event":
        fa.playing.append(card_id)
        log(state, f"{faction_label(f)} play {c.name} for its Event.", f"card:{card_id}", faction=f, kind="play")
        push(state, *[fx(e, f, c.name) for e in event_lines(card_id)], {"s": "trash", "f": f, "card": card_id})
        return
    fa.tableau.append(card_id)
    log(state, f"{faction_label(f)} play {c.name} for {c.strength} Action Point{'s' * (c.strength != 1)}; "
        "it joins their tableau.", f"card:{card_id}", faction=f, kind="play")
    if action.kind == "ap_front":
        first: Step = strength(action.arg, c.strength, f, c.name)
    elif action.kind == "ap_track":
        first = move(action.arg, action.n, c.strength, f)
    else:
        first = {"s": "bonuses_on", "which": action.arg}
    push(state, first, {"s": "morale", "f": f, "card": card_id})


@step("bonuses_on")
def _bonuses_on(state: GameState, s: Step) -> None:
    from .effects import set_bonus

    for b in (BONUSES if s["which"] == "both" else (s["which"],)):
        set_bonus(state, b, True)


@step("trash")
def _trash(state: GameState, s: Step) -> None:
    f, card = s["f"], s["card"]
    fa = state.factions[f]
    fa.playing.remove(card)
    if is_nonplayer(state, f):
        fa.discard.append(card)
        if keeps_log(state):
            log(state, f"{card_name(card)} goes to the Non-player's discard pile.", f"card:{card}", faction=f)
    else:
        fa.trash.append(card)
        if keeps_log(state):
            log(state, f"{card_name(card)} is trashed.", f"card:{card}", faction=f)


@step("morale")
def _morale(state: GameState, s: Step) -> None:
    if state.bonuses["morale"] and state.result is None:
        ask(state, s["f"], "morale", card=s["card"], again=s)


def icon_count(state: GameState, f: str, icon: str) -> int:
    """How often an icon appears in the tableau, the current card included (rulebook, Morale Bonus)."""
    return sum(card(c).icons.count(icon) for c in state.factions[f].tableau)


def morale_words(icon: str, k: int) -> str:
    """What using ``icon`` with the Morale Bonus does, ``k`` times, in words ("Liberty up 2 steps")."""
    what, d = icon_parts(icon)
    if what == "front":
        return f"+{k} Strength to one Front of your choice"
    return f"{track_label(what)} {'up' if d > 0 else 'down'} {k} step{'s' * (k != 1)}"


def _times(k: int) -> str:
    return "once" if k == 1 else ("twice" if k == 2 else f"{k} times")


def morale_choices(state: GameState, f: str, card_id: str) -> list[Choice]:
    out = [Choice(Action("morale_skip"), "Don't use the Morale Bonus now")]
    can_organize = owns(state, f, "organization") and "organization" not in state.factions[f].used \
        and state.factions[f].hero >= 1
    for icon in dict.fromkeys(card(card_id).icons):
        k = icon_count(state, f, icon)
        what, _ = icon_parts(icon)
        out.append(Choice(Action("morale", icon), f"{morale_words(icon, k)} (this icon is in your tableau {_times(k)})"))
        if can_organize and what != "front":
            out.append(Choice(Action("morale", icon, 1), f"{morale_words(icon, k + 1)}: with Organization, "
                                                          "for 1 Hero point"))
    return out


def resolve_morale(state: GameState, f: str, action: Action) -> None:
    if action.kind == "morale_skip":
        log(state, f"{faction_label(f)} do not use the Morale Bonus.", faction=f)
        return
    icon = action.arg
    k = icon_count(state, f, icon)
    if action.n:
        spend(state, f, 1)
        state.factions[f].used.append("organization")
        k += 1
    what, d = icon_parts(icon)
    log(state, f"{faction_label(f)} use the Morale Bonus: {icon_text(icon)} x {k}"
        f"{' (Organization)' if action.n else ''}.", "bonus:morale", faction=f, kind="morale")
    if what == "front":
        push(state, strength("choice", k, f, "Morale Bonus"))
    else:
        push(state, move(what, d, k, f))


@step("play_extra")
def _play_extra(state: GameState, s: Step) -> None:
    """'Play another card' (an Event line or the Mobilization medallion)."""
    f = s["by"]
    if is_nonplayer(state, f):
        push(state, {"s": "np_extra", "f": f})
        return
    # The card chosen in secret for this turn is committed to it (pg. 5): it is not "another card".
    hand = free_hand(state, f)
    if not hand:
        log(state, f"{faction_label(f)} have no card in hand to play.", faction=f)
        return
    pick(state, f, "card", list(hand), "Choose another card to play", {"s": "play_extra_card", "f": f}, "card",
         purpose="play_extra", again=s)


@step("play_extra_card")
def _play_extra_card(state: GameState, s: Step) -> None:
    """The other card is put on the table to be played: from now on everyone sees it (its Event or its Action
    Points are the player's choice), so it is revealed, and its choice can no longer be taken back unseen."""
    f, card = s["f"], s["card"]
    # Asked again after a Hero point spend: the spend may have played this very card meanwhile (Mobilization
    # earned by a track bought to its top), so the owed "another card" is then chosen afresh.
    if card not in free_hand(state, f):
        push(state, {"s": "play_extra", "by": f})
        return
    if not s.get("shown"):
        barrier(state)
        log(state, f"{faction_label(f)} reveal {card_name(card)}, the other card they play.", f"card:{card}", faction=f,
            kind="reveal")
    ask(state, f, "play", card=card, again={**s, "shown": True})
