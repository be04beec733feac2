"""Each kind of pending decision: its prompt, its complete legal actions, and its resolution.

The pages and the Non-player policies only ever see what ``decision`` lists;
``resolve`` is only called with one of those actions (game.apply checks).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from .actions import Action, Choice, Decision, Unavailable
from .bid import MAX_BID_CARDS
from .cards import card_name, draw
from .constants import BONUSES, FRONTS, TRACK_HP_PRICE, TRACKS, faction_label, front_label, track_label
from .effects import blank_options, remove_blank, set_bonus
from .forgo import forgone
from .fronts import add_strength
from .hero import spend
from .content import by_content
from .machine import content, keeps_log, log, push
from .play import morale_choices, play_choices, resolve_morale, resolve_play
from .queries import is_nonplayer, owns
from .state import GameState
from .tracks import blocked_on, move, track_values
from .year_end import keep_limits

Pending = dict[str, Any]
Builder = Callable[[GameState, Pending], Decision]
Resolver = Callable[[GameState, Pending, Action], None]
BUILD: dict[str, Builder] = {}
RESOLVE: dict[str, Resolver] = {}


def kind(name: str, build: Builder, resolve: Resolver) -> None:
    BUILD[name] = build
    RESOLVE[name] = resolve


# -- choose a card in secret -------------------------------------------------------------

def _choose(state: GameState, p: Pending) -> Decision:
    f = p["faction"]
    hand = state.factions[f].hand
    if not hand:
        return Decision(f, "choose", "You have no card in hand: pass this turn",
                        (Choice(Action("choose"), "Pass (no card to play)"),))
    choices = tuple(Choice(Action("choose", c), f"Choose {card_name(c)}") for c in hand)
    return Decision(f, "choose", "Choose in secret the card you will play this turn", choices)


def _choose_do(state: GameState, p: Pending, a: Action) -> None:
    f = p["faction"]
    state.factions[f].chosen = a.arg
    log(state, f"{faction_label(f)} have chosen their card.", faction=f,
        private=f"You choose {card_name(a.arg)}." if a.arg else "You pass.")


kind("choose", _choose, _choose_do)


# -- the Final Bid -----------------------------------------------------------------------

def _bid(state: GameState, p: Pending) -> Decision:
    f = p["faction"]
    fa = state.factions[f]
    total = sum(content().player_cards[c].strength for c in fa.bid)
    choices = [Choice(Action("bid_done"), f"Confirm your bid ({len(fa.bid)} card{'s' * (len(fa.bid) != 1)}, "
                                          f"{total} AP)")]
    no = []
    for c in fa.hand:
        a = Action("bid", c)
        label = f"Bid {card_name(c)} ({content().player_cards[c].strength} AP)"
        if len(fa.bid) < MAX_BID_CARDS:
            choices.append(Choice(a, label))
        else:
            no.append(Unavailable(a, label, "you already bid 3 cards, the most allowed"))
    choices += [Choice(Action("unbid", c), f"Take back {card_name(c)}") for c in fa.bid]
    return Decision(f, "bid", f"Final Bid for Glory: bid up to 3 cards in secret (now {total} AP), then confirm: "
                    "your bid is final once confirmed", tuple(choices),
                    tuple(no))


def _bid_do(state: GameState, p: Pending, a: Action) -> None:
    f = p["faction"]
    fa = state.factions[f]
    if a.kind == "bid":
        fa.hand.remove(a.arg)
        fa.bid.append(a.arg)
    elif a.kind == "unbid":
        fa.bid.remove(a.arg)
        fa.hand.append(a.arg)
    else:
        fa.bid_done = True
        log(state, f"{faction_label(f)} have made their bid.", faction=f)
        return
    state.pending.append(p)


kind("bid", _bid, _bid_do)


# -- cards kept at the End of the Year ---------------------------------------------------

def _keep(state: GameState, p: Pending) -> Decision:
    f = p["faction"]
    fa = state.factions[f]
    hand_max, table_max = keep_limits(state, f)
    kept_hand = [c for c in fa.keep if c in fa.hand]
    kept_table = [c for c in fa.keep if c in fa.tableau]
    choices = [Choice(Action("keep_done"), "Done: discard the rest")]
    no = []
    for where, cards, kept, most in (("hand", fa.hand, kept_hand, hand_max), ("tableau", fa.tableau, kept_table, table_max)):
        for c in cards:
            if c in kept:
                choices.append(Choice(Action("unkeep", c), f"Stop keeping {card_name(c)} ({where})"))
                continue
            a, label = Action("keep", c), f"Keep {card_name(c)} in your {where}"
            if len(kept) < most:
                choices.append(Choice(a, label))
            else:
                no.append(Unavailable(a, label, f"you may keep only {most} card{'s' * (most != 1)} in your {where}"))
    prompt = (f"End of Year {state.year}: keep up to {hand_max} card{'s' * (hand_max != 1)} in hand and "
              f"{table_max} in your tableau")
    return Decision(f, "keep", prompt, tuple(choices), tuple(no))


def _keep_do(state: GameState, p: Pending, a: Action) -> None:
    f = p["faction"]
    fa = state.factions[f]
    if a.kind == "keep":
        fa.keep.append(a.arg)
    elif a.kind == "unkeep":
        fa.keep.remove(a.arg)
    else:
        fa.keep_done = True
        log(state, f"{faction_label(f)} keep {len(fa.keep)} card{'s' * (len(fa.keep) != 1)}.", faction=f,
            private=f"You keep {', '.join(card_name(c) for c in fa.keep) or 'nothing'}.")
        return
    state.pending.append(p)


kind("keep", _keep, _keep_do)


# -- a player's turn: play the card, spend Hero points -----------------------------------

#: The Hero point spends (rulebook pg. 7, Appendix 2's Hero-point medallions): offered wherever a human's own
#: turn waits for their choice.
SPEND_KINDS = ("hp_draw", "hp_bonus", "hp_track", "volunteers", "intelligence")


#: The spends' options: the same words for the same action, so built once (the choices are immutable; the
#: Non-player's menu offers the same track steps and Bonuses).
_HP_DRAW = {archives: Choice(Action("hp_draw"), "Draw a card (1 Hero point)" + (" and one more with Archives"
                                                                                 if archives else ""))
            for archives in (False, True)}
HP_BONUS = {b: Choice(Action("hp_bonus", b), f"Turn the {b.capitalize()} Bonus on (2 Hero points)") for b in BONUSES}
HP_TRACK = {(t, d): Choice(Action("hp_track", t, d),
                            f"{track_label(t)} {'up' if d > 0 else 'down'} one step ({TRACK_HP_PRICE[t]} Hero points)")
             for t in TRACKS for d in (1, -1)}
_VOLUNTEERS = {f: Choice(Action("volunteers", f), f"Volunteers: +1 Strength to the {front_label(f)} (1 Hero point)")
               for f in FRONTS}


@lru_cache(maxsize=None)
def _intelligence(blank: str) -> Choice:
    t, space = blank.split(":")
    return Choice(Action("intelligence", blank), f"Intelligence: remove the Blank marker on {track_label(t)} {space} "
                                                 "(1 Hero point)")


def _offer(ok: list[Choice], no: list[Unavailable], choice: Choice, hp: int, cost: int,
           reason: str | None = None) -> None:
    """``choice`` among the legal ones, or among the closed ones with why (``reason``, else its price)."""
    if reason is None and hp < cost:
        reason = f"you have {hp} Hero point{'s' * (hp != 1)}, it costs {cost}"
    (no.append(Unavailable(choice.action, choice.label, reason)) if reason else ok.append(choice))


#: The price of the dearest track step: more Hero points than this buy every step.
DEAREST_STEP = max(TRACK_HP_PRICE.values())


def _track_spends(state: GameState, hp: int) -> tuple[tuple[Choice, ...], tuple[Unavailable, ...]]:
    return _track_spends_for(track_values(state), min(hp, DEAREST_STEP))


@lru_cache(maxsize=16384)
def _track_spends_for(values: tuple[int, ...], hp: int) -> tuple[tuple[Choice, ...], tuple[Unavailable, ...]]:
    """The ten track steps bought with Hero points: which are legal, which are not and why. Why cached: they depend
    on the five track values and the Hero points only (up to the dearest price: more buys every step, and the
    words are the same), and a person's turn asks for them at every question."""
    tracks = dict(zip(TRACKS, values))
    ok: list[Choice] = []
    no: list[Unavailable] = []
    for (t, d), choice in HP_TRACK.items():
        _offer(ok, no, choice, hp, TRACK_HP_PRICE[t], blocked_on(tracks, t, d))
    return tuple(ok), tuple(no)


def spend_choices(state: GameState, f: str) -> tuple[list[Choice], list[Unavailable]]:
    """Hero point spending (rulebook pg. 7) and the Hero-point medallions, allowed any time in a turn."""
    fa = state.factions[f]
    hp = fa.hero
    ok: list[Choice] = []
    no: list[Unavailable] = []

    def offer(choice: Choice, cost: int, reason: str | None = None) -> None:
        _offer(ok, no, choice, hp, cost, reason)

    archives = owns(state, f, "archives") and "archives" not in fa.used
    offer(_HP_DRAW[archives], 1, None if fa.deck or fa.discard else "your deck and discard pile are empty")
    for b in BONUSES:
        offer(HP_BONUS[b], 2, f"the {b.capitalize()} Bonus is already on" if state.bonuses[b] else None)
    track_ok, track_no = _track_spends(state, hp)
    ok += track_ok
    no += track_no
    if owns(state, f, "volunteers"):
        for front in FRONTS:
            offer(_VOLUNTEERS[front], 1,
                  None if state.fronts[front].status == "open" else f"the {front_label(front)} is decided")
    if owns(state, f, "intelligence"):
        used = "intelligence" in fa.used
        for b in blank_options(state):
            offer(_intelligence(b), 1, "Intelligence was already used this turn" if used else None)
    return ok, no


def _turn(state: GameState, p: Pending) -> Decision:
    f, phase, card = p["faction"], p["phase"], p.get("card", "")
    ok: list[Choice] = []
    no: list[Unavailable] = []
    if phase == "main":
        ok, no = play_choices(state, card)
        prompt = f"Your turn: play {card_name(card)} for its Event or for its Action Points"
    else:
        ok = [Choice(Action("end_turn"), "End your turn")]
        prompt = "Your turn: spend Hero points if you wish, then end your turn"
    s_ok, s_no = spend_choices(state, f)
    forgo = forgone(state, f, s_ok) if phase == "after" else ()
    return Decision(f, "turn", prompt, tuple(ok + s_ok), tuple(no + s_no), forgo)


def _turn_do(state: GameState, p: Pending, a: Action) -> None:
    f, phase, card = p["faction"], p["phase"], p.get("card", "")
    if a.kind == "end_turn":
        push(state, {"s": "turn_done", "f": f})
        return
    if a.kind in ("event", "ap_front", "ap_track", "ap_bonus"):
        state.stack.append({"s": "turn_menu", "f": f, "phase": "after", "card": card})
        resolve_play(state, f, a, card)
        return
    state.stack.append({"s": "turn_menu", "f": f, "phase": phase, "card": card})
    resolve_spend(state, f, a)


def resolve_spend(state: GameState, f: str, a: Action) -> None:
    fa = state.factions[f]
    if a.kind == "hp_draw":
        spend(state, f, 1)
        # Archives (Appendix 2): +1 card "when drawing". The rulebook prices cards "1 Hero point per card", so a
        # turn's purchases are one draw of several cards, which lf takes one card at a time: one extra per turn.
        first = "archives" not in fa.used
        if first and owns(state, f, "archives"):
            fa.used.append("archives")
        draw(state, f, 1, "bought with a Hero point", archives=first)
    elif a.kind == "hp_bonus":
        spend(state, f, 2)
        if keeps_log(state):
            log(state, f"{faction_label(f)} spend 2 Hero points.", faction=f)
        set_bonus(state, a.arg, True)
    elif a.kind == "hp_track":
        price = TRACK_HP_PRICE[a.arg]
        spend(state, f, price)
        if keeps_log(state):
            log(state, f"{faction_label(f)} spend {price} Hero points to move {track_label(a.arg)}.", f"track:{a.arg}",
                faction=f)
        push(state, move(a.arg, a.n, 1, f))
    elif a.kind == "volunteers":
        spend(state, f, 1)
        if keeps_log(state):
            log(state, f"{faction_label(f)} spend 1 Hero point on Volunteers.", faction=f)
        add_strength(state, a.arg, 1, f, "Volunteers")
    elif a.kind == "intelligence":
        spend(state, f, 1)
        fa.used.append("intelligence")
        remove_blank(state, a.arg, f)
    else:
        raise AssertionError(f"unhandled spend {a}")


kind("turn", _turn, _turn_do)


# -- playing another card ----------------------------------------------------------------

def _play(state: GameState, p: Pending) -> Decision:
    ok, no = play_choices(state, p["card"])
    return with_spends(state, p, Decision(p["faction"], "play", f"Play {card_name(p['card'])} for its Event or its "
                                          "Action Points", tuple(ok), tuple(no)))


def _play_do(state: GameState, p: Pending, a: Action) -> None:
    if not spent_aside(state, p, a):
        resolve_play(state, p["faction"], a, p["card"])


kind("play", _play, _play_do)


# -- the Morale Bonus --------------------------------------------------------------------

def _morale(state: GameState, p: Pending) -> Decision:
    return with_spends(state, p, Decision(
        # (each choice says how many times its icon counts: once for each copy in the tableau)
        p["faction"], "morale", f"Morale Bonus: you may use one icon of {card_name(p['card'])} again",
        tuple(morale_choices(state, p["faction"], p["card"]))))


def _morale_do(state: GameState, p: Pending, a: Action) -> None:
    if not spent_aside(state, p, a):
        resolve_morale(state, p["faction"], a)


kind("morale", _morale, _morale_do)


# -- a choice among options: a Front, a track, a faction, a card, a medallion ------------

def option_label(what: str, option: str) -> str:
    if what == "front":
        return front_label(option)
    if what == "track":
        return track_label(option)
    if what == "faction":
        return faction_label(option)
    if what == "card":
        return card_name(option)
    if what == "medallion":
        m = content().medallion(option)
        return f"{m.name}: {m.text}"
    if what == "blank":
        t, space = option.split(":")
        return f"{track_label(t)} {space}"
    if what == "bonus":
        return f"{option.capitalize()} Bonus"
    return option.capitalize()


@by_content
def _board_option(what: str, option: str) -> Choice:
    """A pick's option that names a part of the board (its words never change), built once."""
    return Choice(Action(what, option), option_label(what, option))


#: The picks whose options are said in the content's words, read afresh (tests add cards of their own).
_CONTENT_WORDS = ("card", "medallion")


@by_content
def _board_options(what: str, options: tuple[str, ...]) -> tuple[Choice, ...]:
    """A pick's whole list of board options (a Non-player game asks about 50 picks, of a few lists), built once."""
    return tuple(_board_option(what, o) for o in options)


def _pick(state: GameState, p: Pending) -> Decision:
    what = p["what"]
    if what in _CONTENT_WORDS:
        choices = [Choice(Action(what, o), option_label(what, o)) for o in p["options"]]
    else:
        choices = list(_board_options(what, tuple(p["options"])))
    if p.get("lapse"):
        choices.append(Choice(Action("lapse"), p["lapse"]))
    return with_spends(state, p, Decision(p["faction"], "pick", p["prompt"], tuple(choices)))


def _pick_do(state: GameState, p: Pending, a: Action) -> None:
    if spent_aside(state, p, a):
        return
    if a.kind == "lapse":
        log(state, f"{faction_label(p['faction'])} let the line lapse: {p['lapse'].removeprefix('Let it lapse: ')}.",
            faction=p["faction"])
        return
    push(state, {**p["cont"], p["fill"]: a.arg})


kind("pick", _pick, _pick_do)


# -- Hero points wherever one's own turn waits for one's choice ----------------------------

def spends_now(state: GameState, p: Pending) -> bool:
    """Rulebook pg. 7: a player may spend Hero points "any time during their turn". So a question put to the
    active human in their own turn (the Morale Bonus, a pick of an Event's line, another card to play) also
    offers the spends, when the question can be asked again afresh after one (``again``)."""
    f = p["faction"]
    return bool(p.get("again")) and state.phase == "turn" and state.active == f and not is_nonplayer(state, f)


def with_spends(state: GameState, p: Pending, d: Decision) -> Decision:
    if not spends_now(state, p):
        return d
    ok, no = spend_choices(state, p["faction"])
    return Decision(d.faction, d.kind, d.prompt, d.choices + tuple(ok), d.unavailable + tuple(no))


def spent_aside(state: GameState, p: Pending, a: Action) -> bool:
    """A spend in the middle of a question: carry it out, then put the question again (the board may have
    changed, so the rules ask it afresh). True if ``a`` was such a spend."""
    if a.kind not in SPEND_KINDS:
        return False
    state.stack.append(p["again"])
    resolve_spend(state, p["faction"], a)
    return True


def build(state: GameState, p: Pending) -> Decision:
    return BUILD[p["kind"]](state, p)

