"""The Event interpreter: one handler per effect kind of CONTENT.md's vocabulary.

An ``fx`` step runs one effect line for an actor. A line that needs a choice
asks through ``pick`` and is resumed with the answer stored on the step (track,
dir, bonus, who, card, ...), so the same line never runs twice. Non-player
readings of Appendix 3, rule 2a (draws, tableau, trash, Blank markers) are here.
"""

from __future__ import annotations

from collections.abc import Callable

from .cards import card_name, draw
from .constants import (
    BONUSES,
    COLLECTIVIZATION,
    FACTIONS,
    GOVERNMENT,
    LIBERTY,
    TRACKS,
    faction_label,
    plain_list,
    track_label,
)
from .fronts import attack, strength
from .hero import grant, lose, take
from .machine import Step, keeps_log, log, pick, push, step, then
from .queries import free_hand, government_controller, is_nonplayer, most_hero, tie_breaker, turn_order
from .state import GameState
from .tracks import fx, government_direction, move

Handler = Callable[[GameState, dict, str, Step], None]
OPS: dict[str, Handler] = {}


def op(name: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        OPS[name] = fn
        return fn

    return register


def resolve_actor(state: GameState, spec: str) -> str:
    if spec in FACTIONS:  # (most lines name their actor)
        return spec
    if spec == "initiative":
        return state.initiative
    if spec == "government":
        return government_controller(state)
    return spec


@step("fx")
def _fx(state: GameState, s: Step) -> None:
    e = s["e"]
    actor = resolve_actor(state, s["actor"])
    OPS[e["op"]](state, e, actor, s)


@op("strength")
def _strength(state: GameState, e: dict, actor: str, s: Step) -> None:
    then(state, strength(e["front"], e["n"], actor, s.get("src", ""), origin=s.get("origin", "card")))


@op("attack")
def _attack(state: GameState, e: dict, actor: str, s: Step) -> None:
    then(state, attack(e["front"], e["n"], s.get("src", ""), by=actor, origin=s.get("origin", "card")))


@op("track")
def _track(state: GameState, e: dict, actor: str, s: Step) -> None:
    track = s.get("track") or e["track"]
    if track == "choice":
        n = abs(e["n"])
        prompt = f"Choose the track that moves {'up' if e['n'] > 0 else 'down'} {n} step{'s' * (n != 1)}"
        pick(state, actor, "track", list(TRACKS), prompt, s, "track", purpose="track")
        return
    if track == "liberty_or_collectivization":
        pick(state, actor, "track", [LIBERTY, COLLECTIVIZATION],
             f"Move Liberty OR Collectivization {'up' if e['n'] > 0 else 'down'}", s, "track",
             purpose="liberty_or_collectivization_up" if e["n"] > 0 else "liberty_or_collectivization_down")
        return
    n = abs(e["n"])
    if e.get("either") and "dir" not in s:
        pick(state, actor, "dir", ["up", "down"], f"Move {track_label(track)} {n} step{'s' * (n != 1)}: up or down?",
             {**s, "track": track}, "dir", purpose=f"dir:{track}")
        return
    d = (1 if s["dir"] == "up" else -1) if "dir" in s else (1 if e["n"] > 0 else -1)
    then(state, move(track, d, n, actor))


@op("government")
def _government(state: GameState, e: dict, actor: str, s: Step) -> None:
    then(state, move(GOVERNMENT, government_direction(state, e["toward"]), 1, actor))


@op("bonus")
def _bonus(state: GameState, e: dict, actor: str, s: Step) -> None:
    which = s.get("bonus") or e["bonus"]
    if which == "choice":
        options = [b for b in BONUSES if state.bonuses[b] != e["on"]]
        verb = "on" if e["on"] else "off"
        # both already so: the card's line still asks (saved games answer it), in words that say nothing changes
        prompt = (f"Choose the Bonus to turn {verb}" if options
                  else f"Both Bonuses are already {verb}: choose either (nothing changes)")
        pick(state, actor, "bonus", options or list(BONUSES), prompt, s, "bonus", purpose=f"bonus_{verb}")
        return
    set_bonus(state, which, e["on"])


def set_bonus(state: GameState, which: str, on: bool) -> None:
    if state.bonuses[which] == on:
        if keeps_log(state):
            log(state, f"The {which.capitalize()} Bonus is already {'on' if on else 'off'}.", f"bonus:{which}")
        return
    state.bonuses[which] = on
    if keeps_log(state):
        log(state, f"The {which.capitalize()} Bonus is turned {'on' if on else 'off'}.", f"bonus:{which}", kind="bonus")


def _who(state: GameState, e: dict, actor: str, s: Step, purpose: str) -> list[str] | None:
    """The factions a hero line concerns, or None when a question was asked."""
    who = s.get("who") or e["who"]
    if who in FACTIONS:
        return [who]
    if who == "self":
        return [actor]
    if who in ("initiative", "government"):
        return [resolve_actor(state, who)]
    if who == "all":
        return list(FACTIONS)
    if who == "others":
        return [f for f in FACTIONS if f != actor]
    n = abs(e["n"])
    what = f"{'gains' if e['n'] > 0 else 'loses'} {n} Hero point{'s' * (n != 1)}"
    if who == "choice":
        pick(state, actor, "faction", list(FACTIONS), f"Choose the player who {what}", s, "who", purpose=purpose)
        return None
    tied = most_hero(state)
    prompt = f"{plain_list([faction_label(f) for f in tied])} are tied for the most Hero points: choose which one {what}"
    pick(state, tie_breaker(state, actor, s.get("origin")), "faction", tied, prompt, s, "who", purpose=purpose)
    return None


@op("hero")
def _hero(state: GameState, e: dict, actor: str, s: Step) -> None:
    gain = e["n"] > 0
    targets = _who(state, e, actor, s, "hero_gain" if gain else "hero_lose")
    if targets is None:
        return
    why = s.get("src") or "an Event"
    if gain:
        grant(state, {f: e["n"] for f in targets}, why)
    else:
        for f in turn_order(state):
            if f in targets:
                lose(state, f, -e["n"], why)


@op("take_hero")
def _take_hero(state: GameState, e: dict, actor: str, s: Step) -> None:
    who = s.get("who") or e["who"]
    others = [f for f in FACTIONS if f != actor]
    points = f"{e['n']} Hero point{'s' * (e['n'] != 1)}"
    if who == "choice":
        pick(state, actor, "faction", others, f"Choose the player you take {points} from", s, "who", purpose="take_hero")
        return
    if who == "most_hp":
        tied = most_hero(state, others)
        chooser = tie_breaker(state, actor, s.get("origin"))
        taker = "you take" if chooser == actor else f"the {faction_label(actor)} take"
        prompt = (f"{plain_list([faction_label(f) for f in tied])} are tied for the most Hero points: "
                  f"choose which one {taker} {points} from")
        pick(state, chooser, "faction", tied, prompt, s, "who", purpose="take_hero")
        return
    victim = resolve_actor(state, who)
    if victim == actor:
        log(state, f"{faction_label(actor)} cannot take Hero points from themselves.", faction=actor)
        return
    take(state, actor, victim, e["n"], s.get("src") or "an Event")


@op("draw")
def _draw(state: GameState, e: dict, actor: str, s: Step) -> None:
    draw(state, actor, e["n"], s.get("src", ""))


def _nonplayer_instead(state: GameState, actor: str, hp: int, what: str) -> bool:
    """Appendix 3, rule 2a iv-vi: a Non-player gains Hero points instead. True if it applied."""
    if not is_nonplayer(state, actor):
        return False
    grant(state, {actor: hp}, f"Non-player rule 2a: {hp} Hero point{'s' * (hp != 1)} instead of {what}")
    return True


@op("tableau_add")
def _tableau_add(state: GameState, e: dict, actor: str, s: Step) -> None:
    if _nonplayer_instead(state, actor, 1, "adding to the tableau"):
        return
    fa = state.factions[actor]
    if "card" not in s:
        hand = free_hand(state, actor)
        if not hand:
            log(state, f"{faction_label(actor)} have no card in hand to add to the tableau.", faction=actor)
        pick(state, actor, "card", hand, "Choose a card from your hand to add to your tableau", s, "card",
             purpose="tableau_add")
        return
    fa.hand.remove(s["card"])
    fa.tableau.append(s["card"])
    log(state, f"{faction_label(actor)} add {card_name(s['card'])} to their tableau.", f"card:{s['card']}", faction=actor)


@op("tableau_swap")
def _tableau_swap(state: GameState, e: dict, actor: str, s: Step) -> None:
    if _nonplayer_instead(state, actor, 1, "a tableau swap"):
        return
    fa = state.factions[actor]
    if not free_hand(state, actor) or not fa.tableau:
        log(state, f"{faction_label(actor)} have nothing to swap between hand and tableau.", faction=actor)
        return
    if "card" not in s:
        pick(state, actor, "card", free_hand(state, actor), "Choose the hand card to put into your tableau", s, "card",
             purpose="swap_in")
        return
    if "card2" not in s:
        pick(state, actor, "card", list(fa.tableau), "Choose the tableau card to take back into your hand", s, "card2",
             purpose="swap_out")
        return
    fa.hand.remove(s["card"])
    fa.tableau.remove(s["card2"])
    fa.tableau.append(s["card"])
    fa.hand.append(s["card2"])
    log(state, f"{faction_label(actor)} swap {card_name(s['card'])} into their tableau for {card_name(s['card2'])}.",
        f"card:{s['card']}", f"card:{s['card2']}", faction=actor)


@op("trash_return")
def _trash_return(state: GameState, e: dict, actor: str, s: Step) -> None:
    if _nonplayer_instead(state, actor, 2, "returning a card from the trash"):
        return
    fa = state.factions[actor]
    if "card" not in s:
        if not fa.trash:
            log(state, f"{faction_label(actor)} have no trashed card to return.", faction=actor)
        pick(state, actor, "card", list(fa.trash), "Choose a trashed card to return to your hand", s, "card",
             purpose="trash_return")
        return
    fa.trash.remove(s["card"])
    fa.hand.append(s["card"])
    log(state, f"{faction_label(actor)} return {card_name(s['card'])} from the trash to their hand.", f"card:{s['card']}",
        faction=actor)


def blank_options(state: GameState) -> list[str]:
    return [f"{t}:{space}" for t in TRACKS for space in sorted(state.blanks[t])]


def remove_blank(state: GameState, choice: str, actor: str) -> None:
    track, space = choice.split(":")
    state.blanks[track].remove(int(space))
    log(state, f"{faction_label(actor)} remove the Blank marker from {track_label(track)} {space}: its trigger is live again.",
        f"space:{track}:{space}", f"track:{track}", faction=actor)


@op("remove_blank")
def _remove_blank(state: GameState, e: dict, actor: str, s: Step) -> None:
    if _nonplayer_instead(state, actor, 3, "removing a Blank marker"):
        return
    if "blank" not in s:
        options = blank_options(state)
        if not options:
            log(state, "There is no Blank marker to remove.", faction=actor)
        pick(state, actor, "blank", options, "Choose a Blank marker to remove", s, "blank", purpose="remove_blank")
        return
    remove_blank(state, s["blank"], actor)


@op("medallion")
def _medallion(state: GameState, e: dict, actor: str, s: Step) -> None:
    push(state, {"s": "medallion", "by": actor})


@op("play_card")
def _play_card(state: GameState, e: dict, actor: str, s: Step) -> None:
    push(state, {"s": "play_extra", "by": actor})


@op("glory_token")
def _glory_token(state: GameState, e: dict, actor: str, s: Step) -> None:
    add_to_bag(state, actor, 1, s.get("src") or "an Event")


def add_to_bag(state: GameState, faction: str, n: int, why: str) -> None:
    fa = state.factions[faction]
    put = min(n, fa.tokens)
    fa.tokens -= put
    state.bag.extend([faction] * put)
    if put and keeps_log(state):
        log(state, f"{faction_label(faction)} add {put} token{'s' * (put != 1)} to the Bag of Glory ({why}).",
            "bag", faction=faction, kind="glory")
    if put < n:
        log(state, f"{faction_label(faction)} have no player token left for the Bag of Glory.", faction=faction)


CONDITIONS: dict[str, Callable[[GameState, str], bool]] = {
    "self_has_initiative": lambda st, a: st.initiative == a,
    "self_lacks_initiative": lambda st, a: st.initiative != a,
    "self_controls_government": lambda st, a: government_controller(st) == a,
    "initiative_anarchists": lambda st, a: st.initiative == "anarchists",
    "initiative_communists": lambda st, a: st.initiative == "communists",
    "initiative_moderates": lambda st, a: st.initiative == "moderates",
    "government_communists": lambda st, a: government_controller(st) == "communists",
    "government_moderates": lambda st, a: government_controller(st) == "moderates",
}


@op("if")
def _if(state: GameState, e: dict, actor: str, s: Step) -> None:
    holds = CONDITIONS[e["cond"]](state, actor)
    branch = e.get("then", []) if holds else e.get("else", [])
    # A line inside the branch that names its own actor acts for it (F1-16: "Otherwise: Anarchists: Liberty OR
    # Collectivization +1" is the Anarchists' choice, not the Initiative player's), like a top-level line.
    push(state, *[fx(line, line.get("actor", s["actor"]), s.get("src", ""), s.get("origin", "card")) for line in branch])
