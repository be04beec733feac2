"""The coach's words: why the computer's move is the one to play, derived from its search, never canned.

Three parts, each read from something measured or seen:

- **what it protects or wins** (``gain``): what the move acts on (a Front it strengthens, the Initiative or a
  trigger a track move reaches, a medallion, a Bonus), and whether the search preferred it for the war or for
  the seat's own win: the part of the value (``win + war_weight * war``, lf/ai/search.py) by which it beat
  the next best option;
- **the odds** (``odds``): its estimated chance of a won war and of this seat's win against the next best
  option's, from the search's own figures (``Move.reasons``);
- **because** (``because``): a fact about the board from the seat's view and the public content (the Front's
  value, the Test on the table, what the Fascist cards still to come this Year attack, the track's space and
  the triggers on the way, the card's Strength in the hand).

The words name a card only if it is in ``nameable_cards`` of the view the screen shows: the seat's own view on
its page (its hand), the public view on a teaching table's shared screen. Any other card is "a card".
"""

from __future__ import annotations

from dataclasses import dataclass

from lf.ai import Move, OptionEstimate
from lf.engine import Action
from lf.engine.constants import (BONUSES, FRONTS, TRACKS, TURNS_PER_YEAR, YEARS, faction_label, front_label,
                                 track_label)
from lf.engine.describe import effects_text
from lf.engine.step_words import action_words

from . import board_facts as facts

#: The coach's scale (docs/ai.md, "The coach's scale"): how a difference between two options' values is said, in
#: standard errors of that difference as the search measured it (``OptionEstimate.noise``, world by world over the
#: worlds both options were played in). Up to ``WITHIN``: its playouts cannot tell the two apart; up to ``CLEARLY``:
#: "a little"; beyond: "clearly".
WITHIN, CLEARLY = 1.0, 2.0
SAME, LITTLE, CLEAR = "as good as", "a little", "clearly"
#: What each grade says about a difference, after the figures.
GRADE_WORDS = {SAME: "a difference its playouts cannot tell apart", LITTLE: "a small difference, but measured",
               CLEAR: "a clear difference"}
TRIVIAL_WORDS = {
    "only one legal action": "It is the only move open now.",
    "only one option worth weighing": "It is the only option worth weighing here.",
    "every option leads to the same position": "Every option here leads to the same position.",
}
CARD_KINDS = ("choose", "keep", "bid", "event", "card", "unkeep", "unbid")
#: A move the search kept because nothing beat it by the anchor's margin (lf/ai/anchor.py: at a table of persons),
#: when the option that measured higher is within the search's noise of it; beyond, ``ANCHORED_OVER`` says so.
ANCHORED = "the steady move your partners expect; no other option measured better than its playouts can tell apart"
ANCHORED_OVER = ("the move your partners expect from you, though another option measured {grade} higher for {what} "
                 "(at a table of people the coach leaves the expected move only for a wide margin)")
#: What a move about a card does, and what other moves do, in the coach's words ({card}: its name or "a card").
CARD_WHAT = {
    "choose": "It sets {card} aside to play this turn", "event": "It plays {card} for its Event",
    "keep": "It keeps {card} into the next Year", "bid": "It bids {card} for the Glory token",
    "unkeep": "It lets {card} go", "unbid": "It takes {card} back from the bid", "card": "It picks {card}",
}
OTHER_WHAT = {
    "hp_draw": "It buys you a card for 1 Hero point", "end_turn": "It ends your turn and keeps your Hero points for later",
    "morale": "It adds Strength to a Front with the Morale Bonus", "morale_skip": "It leaves the Morale Bonus unused",
    "keep_done": "It settles the cards to keep", "bid_done": "It settles the bid", "faction": "It picks the {who}",
    "dir": "It sets the direction", "blank": "It picks where the Blank marker goes",
}
#: An option about a card the screen may not show, named without it (``action_words`` names an Event's card, which
#: is public once played, not while the coach weighs it).
HIDDEN_CARD_TITLES = {
    "choose": "A card chosen in secret", "event": "A card played for its Event", "keep": "A card kept",
    "bid": "A card bid", "card": "A card picked", "unkeep": "A card let go", "unbid": "A card taken back from the bid",
}
BONUS_WORDS = {
    "morale": "when on, a card played for Action Points can use one of its icons as many times as the tableau "
              "shows it",
    "teamwork": "when on, a second faction strengthening the same Front in a turn adds +1 Strength there",
}


@dataclass(frozen=True)
class Advice:
    """The coach's suggestion for one decision, in words."""

    faction: str
    action: str  #: the action's key, as the decision lists it
    title: str  #: the option in a few words ("1 AP: +1 Strength to the Madrid Front")
    gain: str  #: what it protects or wins, and for what ("" if nothing to compare)
    odds: str  #: its figures against the next best option's ("" for a trivial decision)
    because: str  #: a fact about the board ("" if none applies)
    plan: str = ""  #: the seat's own next steps its playouts mostly foresee after it ("" if none)

    def sentences(self) -> list[str]:
        return [s for s in (self.gain, self.plan, self.odds, self.because) if s]

    def text(self) -> str:
        return " ".join(self.sentences())


# -- cards a screen may name ------------------------------------------------------------------------------

def nameable_cards(view: dict) -> frozenset[str]:
    """Every card ``view`` shows: its seat's own piles (hand, bid, kept, discard, chosen), every faction's tableau,
    trash, removed and playing cards, the Fascist card on the table and the Fascist discard, and every card its
    decisions' options name (their buttons name them: a public view has none)."""
    out: set[str] = set()
    cards = facts.content_for(view).player_cards
    for d in view.get("decisions", []):
        out.update(a for c in d["choices"] if (a := Action.parse(c["key"]).arg) in cards)
    for fv in view["factions"].values():
        out.update(fv["tableau"], fv["trash"], fv["removed"], fv["playing"])
        out.update(fv.get("hand", []), fv.get("bid", []), fv.get("keep", []), fv.get("discard", []))
        if fv.get("chosen"):
            out.add(fv["chosen"])
    out.update(view["fascist_discard"])
    if view.get("fascist_card"):
        out.add(view["fascist_card"])
    return frozenset(out)


def _card_arg(key: str, view: dict) -> str | None:
    arg = Action.parse(key).arg
    return arg if arg in facts.content_for(view).player_cards else None


def option_title(o: OptionEstimate, view: dict, shown: frozenset[str]) -> str:
    """An option's own label, short (an Event's label stops before its text), or the step in words that never
    names a card the screen may not show."""
    card = _card_arg(o.action, view)
    if card is not None and card not in shown:
        kind = Action.parse(o.action).kind
        return HIDDEN_CARD_TITLES.get(kind) or action_words(o.action).capitalize()
    label = o.label
    if Action.parse(o.action).kind == "event":
        label = label.split(":", 1)[0]
    return label


# -- what it acts on --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Subject:
    """What an action acts on: a Front, a track move, a Bonus, a medallion, a card, or nothing on the board."""

    kind: str  #: front, track, track_pick, bonus, medallion, card, draw, end, other
    what: str = ""
    steps: int = 0
    action: str = ""  #: the action's kind (choose, event, keep, ...)


def subject_of(key: str, view: dict) -> Subject:
    a = Action.parse(key)
    if a.arg in FRONTS and not a.n:
        return Subject("front", a.arg, action=a.kind)
    if a.kind == "morale" and a.arg != "front" and a.arg[:-1] in TRACKS:
        return Subject("track", a.arg[:-1], 1 if a.arg.endswith("+") else -1, a.kind)
    if a.arg in TRACKS and a.n:
        return Subject("track", a.arg, a.n, a.kind)
    if a.arg in TRACKS:  # a pick of the track an effect moves (its prompt says which way)
        return Subject("track_pick", a.arg, action=a.kind)
    if a.arg in BONUSES or (a.arg == "both" and a.kind.endswith("bonus")):
        return Subject("bonus", a.arg, action=a.kind)
    if a.kind == "medallion":
        return Subject("medallion", a.arg, action=a.kind)
    if a.kind in CARD_KINDS and _card_arg(key, view):
        return Subject("card", a.arg, action=a.kind)
    if a.kind == "hp_draw":
        return Subject("draw", action=a.kind)
    if a.kind == "end_turn":
        return Subject("end", action=a.kind)
    return Subject("other", a.arg, action=a.kind)


def _pct(x: float) -> str:
    return f"{round(100 * x)}%"


def signed(v: int) -> str:
    """A Front's value as the board prints it (+1, 0, −6)."""
    return f"{v:+d}".replace("-", "−") if v else "0"


def _short(front: str) -> str:
    return front_label(front).removesuffix(" Front")


# -- gain: what it protects or wins, and for what -------------------------------------------------------------

#: A pick of a Front for these purposes sends Fascist Attacks there (lf/engine/fronts.py): it protects the others.
ATTACK_PURPOSES = ("attack", "tie_attack")


def purpose(view: dict, me: str) -> str:
    """What the seat's pick is for (public, like its prompt: the view's ``waiting``), or ""."""
    return next((w.get("purpose", "") for w in view["waiting"] if w["faction"] == me), "")


def _what(s: Subject, me: str, view: dict, shown: frozenset[str]) -> str:
    if s.kind == "front" and purpose(view, me) in ATTACK_PURPOSES:
        return f"It sends the Attacks to the {front_label(s.what)}, sparing the others"
    if s.kind == "front":
        return f"It protects the {front_label(s.what)}"
    if s.kind == "track":
        to = facts.moved(view, s.what, s.steps)
        before, after = view["initiative"], facts.initiative_after({**view["tracks"], s.what: to})
        if after != before:
            return "It wins you the Initiative" if after == me else \
                f"It takes the Initiative from the {faction_label(before)}"
        mine = [t for t in facts.triggers_passed(view, s.what, to) if faction_label(me) in t]
        if mine:
            return f"It fires a trigger of yours ({mine[0]})"
        return f"It moves {track_label(s.what)} {'up' if s.steps > 0 else 'down'}"
    if s.kind == "track_pick":
        return f"It picks the {track_label(s.what)} track"
    if s.kind == "bonus":
        return "It turns both Bonuses on" if s.what == "both" else f"It turns the {s.what.capitalize()} Bonus on"
    if s.kind == "medallion":
        return f"It wins you the {facts.content_for(view).medallion(s.what).name} medallion"
    if s.kind == "card":
        name = facts.content_for(view).player_cards[s.what].name if s.what in shown else "a card"
        return CARD_WHAT.get(s.action, "It picks {card}").format(card=name)
    if s.kind == "end" and (forgo := _forgo(view, me)):  # the page asks before it ends: the same words
        return f"It ends your turn, giving up {'; and '.join(forgo)}"
    return OTHER_WHAT.get(s.action, "It takes this option").format(
        who=faction_label(s.what) if s.action == "faction" else "")


def _runner(move: Move) -> OptionEstimate | None:
    """The next best option the search measured (played out at least once)."""
    return next((o for o in move.reasons.options[1:] if o.visits > 0), None)


def grade(best: OptionEstimate, other: OptionEstimate) -> str:
    """How far apart the chosen option and ``other`` measured, on the coach's scale (either way round)."""
    gap = abs(best.value - other.value)
    if other.noise <= 0:  # every shared world gave the same difference: any difference is measured exactly
        return SAME if gap < 1e-9 else CLEAR
    z = gap / other.noise
    return SAME if z <= WITHIN else LITTLE if z <= CLEARLY else CLEAR


def _for_what(best: OptionEstimate, runner: OptionEstimate, war_weight: float) -> str:
    if grade(best, runner) == SAME:
        return "a close call: the next best option does as well, as far as its playouts can tell"
    if best.value < runner.value:  # kept by more rounds of playouts than the other had
        return f"the option that held up best over the most playouts ({best.visits} against {runner.visits})"
    war_part, win_part = war_weight * (best.war - runner.war), best.win - runner.win
    if war_part >= win_part and best.war > runner.war:
        return "the move that does most for the war"
    if win_part > 0 and best.glory - runner.glory >= 0.1:
        return f"the move that does most for your own win (about {best.glory:.1f} Glory at the end against " \
               f"{runner.glory:.1f})"
    if win_part > 0:
        return "the move that does most for your own win"
    return "the best balance of the war and your own Glory it found"


def gain(move: Move, view: dict, shown: frozenset[str]) -> str:
    r = move.reasons
    if r.trivial:
        return TRIVIAL_WORDS.get(r.trivial, "")
    best, runner = r.options[0], _runner(move)
    what = _what(subject_of(move.action, view), move.faction, view, shown)
    if runner is None:
        return f"{what}."
    why = _anchored(best, runner) if r.anchored else _for_what(best, runner, r.war_weight)
    return f"{what}. {why[0].upper()}{why[1:]}." if why.startswith("a close call") else f"{what}: {why}."


def _anchored(best: OptionEstimate, runner: OptionEstimate) -> str:
    """Why the coach keeps the move partners expect, in the terms of what the other option measured higher for."""
    g = grade(best, runner)
    if g == SAME:
        return ANCHORED
    what = "your own win" if runner.win - best.win >= runner.war - best.war else "the war"
    return ANCHORED_OVER.format(grade=g, what=what)


def odds(move: Move, view: dict, shown: frozenset[str]) -> str:
    r = move.reasons
    if r.trivial:
        return ""
    best, runner = r.options[0], _runner(move)
    head = f"Its playouts estimate a won war at {_pct(best.war)} and your win at {_pct(best.win)} after it"
    if runner is None:
        return f"{head}."
    g = grade(best, runner)
    other = f"the option that measured {'about as high' if g == SAME else g + ' higher'}" if r.anchored \
        else "the next best option"
    return (f"{head}, against {_pct(runner.war)} and {_pct(runner.win)} after {other} "
            f"({option_title(runner, view, shown)}): {GRADE_WORDS[g]}.")


# -- because: a fact about the board -----------------------------------------------------------------------

def _front_because(front: str, view: dict, other: str | None) -> str:
    v = facts.value(view, front)
    words = f"{_short(front)} is at {signed(v)}"
    low = facts.closest_to_defeat(view)
    if low == [front]:
        words += ", the Front closest to Defeat"
    elif v > 0 and facts.closest_to_victory(view) == [front]:
        words += ", the Front closest to Victory"
    test = facts.test_on_table(view)
    hit = facts.hardest_hit(view)
    if test is not None and test.front == front:
        verdict = "it would pass as things stand" if test.passes else "it would fail as things stand"
        words += f", and the Fascist Test on the table needs {_short(front)} at {signed(test.threshold)} or " \
                 f"better ({verdict})"
    elif hit == front:
        attacks = facts.attacks_to_come(view)[front]
        words += f", and the Fascist cards still to come in Year {view['year']} hit {_short(front)} hardest " \
                 f"({attacks:g} Attacks a card on average)"
    elif other is not None and other != front and view["fronts"][other]["status"] == "open":
        words += f", against {signed(facts.value(view, other))} for {_short(other)}"
    return words


def _track_because(track: str, steps: int, view: dict) -> str:
    now = view["tracks"][track]
    to = facts.moved(view, track, steps)
    words = f"{track_label(track)} is at {now}"
    fired = facts.triggers_passed(view, track, to)
    after = facts.initiative_after({**view["tracks"], track: to})
    if after != view["initiative"]:
        words += f"; at {to} the Initiative goes to the {faction_label(after)}"
    elif track in ("liberty", "collectivization"):
        t = view["tracks"]
        words += (f"; the Anarchists hold the Initiative while Liberty and Collectivization are both 6 or more "
                  f"(now {t['liberty']} and {t['collectivization']})")
    elif track == "government":
        words += "; at 5 or less the Government is the Communists', at 6 or more the Moderates'"
    if fired:
        words += f", and on the way to {to} it fires: {'; '.join(fired)}"
    return words


def _card_because(card: str, me: str, view: dict) -> str:
    c = facts.content_for(view).player_cards[card]
    hand = view["factions"][me].get("hand", [])
    words = f"{c.name} has {c.strength} Action Point{'s' * (c.strength != 1)}"
    cards = facts.content_for(view).player_cards
    if card in hand and len(hand) > 1 and c.strength > max(cards[h].strength for h in hand if h != card):
        words += ", the most in your hand"
    event = effects_text([e.plain() for e in c.event])
    if event:
        words += f"; its Event: {event.rstrip('.')}"
    return words


def _seat_decision(view: dict, me: str) -> dict:
    return next((d for d in view["decisions"] if d["faction"] == me), {})


def _forgo(view: dict, me: str) -> list[str]:
    """What ending the turn now gives up, as the engine tells the page (lf/engine/forgo.py), or []."""
    return list(_seat_decision(view, me).get("forgo") or [])


def _draw_because(me: str, view: dict) -> str:
    """What a bought card is for and what it costs: the Hero points, the hand, and how many cards the Year can
    still use before its End discards the rest (rulebook pg. 10: 1 kept after Year 1, 2 after Year 2; in Year 3
    up to 3 go to the Final Bid, pg. 10)."""
    fv = view["factions"][me]
    left = TURNS_PER_YEAR - view["turn"]
    words = (f"a card costs 1 of your {fv['hero']} Hero point{'s' * (fv['hero'] != 1)}, and you hold "
             f"{fv['hand_size']} card{'s' * (fv['hand_size'] != 1)} with {left} more turn{'s' * (left != 1)} "
             f"in Year {view['year']}")
    if view["year"] < YEARS:
        keep = view["year"]
        return f"{words}; the End of the Year keeps {keep} card{'s' * (keep != 1)} in hand and discards the rest"
    return f"{words}; up to 3 cards go to the Final Bid before the war's last turn"


def _end_because(me: str, view: dict, weighed: bool) -> str:
    """What the Hero points could still buy, in the page's own words for each spend, and what ending gives up."""
    hero = view["factions"][me]["hero"]
    spends = [c["label"] for c in _seat_decision(view, me).get("choices", []) if c["key"] != "end_turn"]
    if not hero or not spends:
        return ""
    words = f"your {hero} Hero point{'s' * (hero != 1)} could still buy: {'; '.join(spends[:3])}"
    if len(spends) > 3:
        words += f" (and {len(spends) - 3} more)"
    forgo = _forgo(view, me)
    if any("buy nothing after it" in f for f in forgo):
        return f"{words}; the war ends with this turn, so they buy nothing after it"
    if not weighed:  # (the spends left were not worth a search: candidates.py)
        return f"{words}; none of these is worth its Hero points now"
    return f"{words}; none of these measured better than keeping them for a later turn"


def because(move: Move, view: dict, shown: frozenset[str]) -> str:
    s = subject_of(move.action, view)
    runner = _runner(move)
    other = subject_of(runner.action, view) if runner else None
    words = ""
    if s.kind == "front":
        words = _front_because(s.what, view, other.what if other and other.kind == "front" else None)
    elif s.kind == "track":
        words = _track_because(s.what, s.steps, view)
    elif s.kind == "bonus":
        names = list(BONUSES) if s.what == "both" else [s.what]
        words = "; ".join(f"the {b.capitalize()} Bonus is off ({BONUS_WORDS[b]})" for b in names
                          if not view["bonuses"][b])
    elif s.kind == "medallion":
        m = facts.content_for(view).medallion(s.what)
        words = f"the {m.name} medallion: {m.text.rstrip('.')}"
    elif s.kind == "card" and s.what in shown:
        words = _card_because(s.what, move.faction, view)
    elif s.kind == "draw":
        words = _draw_because(move.faction, view)
    elif s.kind == "end":
        words = _end_because(move.faction, view, not move.reasons.trivial)
    return f"Because {words}." if words else ""


# -- plan: the seat's own next steps -------------------------------------------------------------------------

#: A plan names at most this many of the seat's own steps after the move.
PLAN_STEPS = 2
#: The log's words for a step begin in the past ("played ... for its Event"); a plan says them as steps to take.
_TO_COME = {"played ": "play ", "chose ": "choose ", "picked ": "pick ", "bought ": "buy ", "ended ": "end ",
            "kept ": "keep "}


def plan(move: Move, view: dict, shown: frozenset[str]) -> str:
    """The seat's own steps that follow the move in the line its playouts most often played (the search's main
    line: lf/ai/search.py), so a move that prepares another says so ("Its plan: this, then Morale Bonus on +1 to a
    Front"). A step that names a card the screen may not show, or that the line masks, ends the plan there."""
    steps = []
    for m in move.reasons.line:
        if m.faction != move.faction or m.action.endswith(":?") or m.action == "end_turn" \
                or len(steps) == PLAN_STEPS:  # (ending the turn is no step of a plan worth saying)
            break
        card = _card_arg(m.action, view)
        if card is not None and card not in shown:
            break
        words = action_words(m.action)
        for past, now in _TO_COME.items():
            if words.startswith(past):
                words = now + words[len(past):]
        steps.append(words)
    if not steps:
        return ""
    return f"Its plan: this move, then {', then '.join(steps)}."


# -- the whole ----------------------------------------------------------------------------------------------

def advise(move: Move, view: dict, shown: dict | None = None) -> Advice:
    """The coach's words for ``move``, from the seat's ``view``; cards are named only if ``shown`` (the view the
    screen shows; default: ``view``) shows them."""
    names = nameable_cards(shown if shown is not None else view)
    best = move.reasons.options[0]
    return Advice(move.faction, move.action, option_title(best, view, names), gain(move, view, names),
                  odds(move, view, names), because(move, view, names),
                  "" if move.reasons.trivial else plan(move, view, names))


def compare(move: Move, taken: str, view: dict, shown: dict | None = None) -> str:
    """The teaching table's line after a move: the same as the coach's, or what the coach would have played and
    why (its figures against those of the move made, when the search measured it)."""
    names = nameable_cards(shown if shown is not None else view)
    advice = advise(move, view, shown)
    if taken == move.action or move.reasons.trivial == "every option leads to the same position":
        return f"The coach would have played the same: {advice.title}."
    mine = next((o for o in move.reasons.options if o.action == taken), None)
    best = move.reasons.options[0]
    line = f"The coach would have played {advice.title}"
    if mine is not None and mine.visits > 0 and not move.reasons.trivial:
        line += (f": its playouts estimate a won war at {_pct(best.war)} and your win at {_pct(best.win)} after it, "
                 f"against {_pct(mine.war)} and {_pct(mine.win)} after {option_title(mine, view, names)}")
    elif not move.reasons.trivial:
        line += ", and did not weigh your move among the best"
    reason = advice.because.removeprefix("Because ")
    return f"{line}, because {reason}" if reason else f"{line}."
