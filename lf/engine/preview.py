"""What an action would do, told before it is chosen (teaching mode, option hints).

The action is applied to a copy (``clone``) and only public quantities are compared
(Fronts, tracks, Bonuses, Hero points, card counts, Glory, Initiative): no card
is named. It runs on the real state, though, so the *consequences* of a hidden
card (one the action draws, the next Fascist card a turn's end reveals) would
show; pages use ``lf.teaching.foresee``, which previews on copies whose hidden
order is re-drawn from public facts and says when the outcome can't be foreseen.
If the action leads to a further choice, the preview says what will be asked next.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .clone import clone
from .constants import FACTIONS, faction_label, front_label, track_label
from .decisions import SPEND_KINDS
from .game import apply, decision
from .state import GameState


@dataclass(frozen=True)
class Preview:
    changes: tuple[str, ...]
    then: str | None

    def text(self) -> str:
        parts = list(self.changes) or ["nothing visible changes"]
        if self.then:
            parts.append(f"then: {self.then}")
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


def preview(state: GameState, faction: str, action: Action | dict | str) -> Preview:
    """The public effect of ``action`` for ``faction``; raises IllegalAction if it is not legal."""
    twin = clone(state)
    apply(twin, faction, action)
    changes = _fronts(state, twin) + _tracks(state, twin) + _factions(state, twin)
    return Preview(tuple(changes), _then(state, twin, faction, Action.parse(action).kind in SPEND_KINDS))


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
    return None
