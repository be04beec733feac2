"""What an action would do, told before it is chosen (teaching mode, option hints).

The action is applied to a copy (``clone``) and only public quantities are compared
(Fronts, tracks, Bonuses, Hero points, card counts, Glory, Initiative): no card
is named. The copy runs until the next question, or until just before a step that
brings unseen cards or chance into play (the next Fascist card, a Non-player's top
card, a draw from the Bag of Glory: ``machine.HIDDEN_STEPS``): everything up to there
is certain and told, the Fascist Test's outcome included when it is judged before,
and the step that follows is said in words (``unseen``), with where the Test stands
when it is still to come. Why stop there rather than run on: a change told after a
hidden card mixes what is sure with what that card did (a Test's penalty of Foreign
Aid -1 was lost among the next card's own effects). Pages use ``lf.teaching.foresee``,
which also checks on copies whose hidden order is re-drawn from public facts.
If the action leads to a further choice, the preview says what will be asked next.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .clone import clone
from .constants import FACTIONS, faction_label, front_label, track_label
from .decisions import SPEND_KINDS
from .game import apply, decision
from .machine import HALT_BEFORE_HIDDEN, content, halted_at, pinned
from .state import GameState

_CANT = "nobody has seen it, so what it does can't be foreseen"


@dataclass(frozen=True)
class Preview:
    changes: tuple[str, ...]
    then: str | None
    #: What comes next that depends on unseen cards or chance, in words (None: nothing before the next question).
    unseen: str | None = None
    #: Where this turn's Fascist Test stands when play passes on before it is judged (None: judged, or not yet).
    test_ahead: str | None = None

    def text(self) -> str:
        parts = list(self.changes) or ["nothing visible changes"]
        if self.then:
            parts.append(f"then: {self.then}")
        if self.unseen:
            parts.append(f"then {self.unseen}")
        if self.test_ahead:
            parts.append(self.test_ahead)
        return "; ".join(parts)


def _signed(n: int) -> str:
    return f"{n:+d}"


def _fronts(before: GameState, after: GameState) -> list[str]:
    out = []
    for f, a in after.fronts.items():
        b = before.fronts[f]
        if a.value != b.value:
            out.append(f"{front_label(f)} {_signed(b.value)} → {_signed(a.value)}")
        if a.status != b.status:
            out.append(f"{front_label(f)}: {a.status.capitalize()}")
    return out


def _tracks(before: GameState, after: GameState) -> list[str]:
    out = [f"{track_label(t)} {before.tracks[t]} → {v}" for t, v in after.tracks.items() if v != before.tracks[t]]
    out += [f"{b.capitalize()} Bonus {'on' if on else 'off'}" for b, on in after.bonuses.items() if on != before.bonuses[b]]
    if after.initiative != before.initiative:
        out.append(f"Initiative to the {faction_label(after.initiative)}")
    return out


def _factions(before: GameState, after: GameState) -> list[str]:
    out = []
    for f in FACTIONS:
        b, a = before.factions[f], after.factions[f]
        if a.hero != b.hero:
            out.append(f"{faction_label(f)} Hero points {b.hero} → {a.hero}")
        if len(a.hand) != len(b.hand):
            out.append(f"{faction_label(f)} cards in hand {len(b.hand)} → {len(a.hand)}")
        if len(a.tableau) != len(b.tableau):
            out.append(f"{faction_label(f)} tableau {len(b.tableau)} → {len(a.tableau)} cards")
        gained = [m for m in a.medallions if m not in b.medallions]
        if gained:
            out.append(f"{faction_label(f)} claim a medallion")
    if len(after.bag) != len(before.bag):
        out.append(f"Bag of Glory {len(before.bag)} → {len(after.bag)} tokens")
    return out


@pinned
def preview(state: GameState, faction: str, action: Action | dict | str) -> Preview:
    """The public effect of ``action`` for ``faction``; raises IllegalAction if it is not legal."""
    twin = clone(state)
    twin.options[HALT_BEFORE_HIDDEN] = True
    apply(twin, faction, action)
    changes = _tests(state, twin) + _fronts(state, twin) + _tracks(state, twin) + _factions(state, twin)
    kind = Action.parse(action).kind
    unseen = _unseen(twin)
    ahead = _test_ahead(twin) if unseen or kind == "end_turn" else None
    return Preview(tuple(changes), _then(state, twin, faction, kind in SPEND_KINDS), unseen, ahead)


def _tests(before: GameState, after: GameState) -> list[str]:
    """A Fascist Test judged on the way: its public outcome, as the log says it."""
    return [e["text"].rstrip(".") for e in after.log[len(before.log):] if e["kind"] == "test"]


def _unseen(twin: GameState) -> str | None:
    """The step the copy stopped before, in words."""
    step = halted_at(twin)
    if step is None:
        return None
    words = {
        "fascist_event": f"the next Fascist card is revealed: {_CANT}",
        "year_end": "the End of the Year: tokens are drawn from the Bag of Glory at random",
        "war_end": "the war ends: the last tokens are drawn from the Bag of Glory at random",
    }.get(step["s"])
    return words or f"the {faction_label(step['f'])} (Non-player) play the top card of their deck: {_CANT}"


def _test_ahead(twin: GameState) -> str | None:
    """Where this turn's Test stands, when play passes on before it is judged (its outcome is public as things
    stand; only what is played before it can change it)."""
    if not twin.fascist_card or not any(s.get("s") == "test" for s in twin.stack):
        return None
    test = content().fascist_cards[twin.fascist_card].test
    fs = twin.fronts[test.front]
    if fs.status != "open":
        verdict = "passes" if fs.status == "victory" else "fails"
        return f"the Test on the {front_label(test.front)} {verdict} whatever is played (the Front is decided)"
    verdict = "would pass" if fs.value >= test.threshold else "would fail"
    return (f"the Test on the {front_label(test.front)} (at {test.threshold:+d} or better) is judged at the end "
            f"of the turn: the Front stands at {fs.value:+d}, so it {verdict} as things stand")


def _then(state: GameState, twin: GameState, faction: str, spent: bool) -> str | None:
    """The question the action leads to: the faction's own next choice, or another's (a trigger's owner)."""
    nxt = decision(twin, faction)
    if nxt is not None:
        now = decision(state, faction)
        # The same question again: the turn's menu, a secret choice, or the question a spend was made in.
        same = now is not None and nxt.kind == now.kind and (nxt.kind in ("turn", "bid", "keep") or spent)
        return None if same else nxt.prompt
    others = [p["faction"] for p in twin.pending if p["faction"] != faction and p["kind"] == "pick"]
    if others:
        d = decision(twin, others[0])
        return f"the {faction_label(others[0])} decide: {d.prompt}" if d else None
    turns = [p["faction"] for p in twin.pending if p["faction"] != faction and p["kind"] == "turn"]
    if turns:
        return f"the {faction_label(turns[0])} reveal their card and play their turn"
    return None
