"""Actions: what a faction sends to the engine, and what the engine offers.

An action is a small immutable value (kind, arg, n) with a stable text key, so
legal actions can be listed, sorted, compared and sent over the wire as JSON.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class IllegalAction(ValueError):
    """An action that is not among the legal ones; the state is left unchanged."""


class Action(NamedTuple):
    """Immutable, hashable and ordered by (kind, arg, n). A named tuple rather than a frozen dataclass: the engine
    makes, compares and hashes tens of thousands a second (legal action lists, the check in ``apply``), and a
    tuple does all three in C."""

    kind: str
    arg: str = ""
    n: int = 0

    @property
    def key(self) -> str:
        if self.n:
            return f"{self.kind}:{self.arg}:{self.n:+d}"
        return f"{self.kind}:{self.arg}" if self.arg else self.kind

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.arg:
            out["arg"] = self.arg
        if self.n:
            out["n"] = self.n
        return out

    @classmethod
    def parse(cls, data: Any) -> Action:
        """Accept an Action, a JSON dict or a text key; raise IllegalAction on anything malformed."""
        if isinstance(data, Action):
            return data
        if isinstance(data, dict):
            kind, arg, n = data.get("kind"), data.get("arg", ""), data.get("n", 0)
            if not isinstance(kind, str) or not isinstance(arg, str) or type(n) is not int:
                raise IllegalAction(f"malformed action {data!r}: need kind (text), arg (text), n (integer)")
            extra = set(data) - {"kind", "arg", "n"}
            if extra:
                raise IllegalAction(f"malformed action {data!r}: unknown fields {sorted(extra)}")
            return cls(kind, arg, n)
        if isinstance(data, str):
            parts = data.split(":")
            if len(parts) == 3:
                # ``key`` always signs n (+1 / -1); an unsigned third part belongs to the arg,
                # as in the pick of a Blank marker "blank:liberty:7" or "intelligence:liberty:7".
                if parts[2][:1] not in ("+", "-"):
                    return cls(parts[0], f"{parts[1]}:{parts[2]}")
                try:
                    return cls(parts[0], parts[1], int(parts[2]))
                except ValueError:
                    pass
            elif len(parts) <= 2:
                return cls(parts[0], parts[1] if len(parts) == 2 else "")
        raise IllegalAction(f"malformed action {data!r}")


class Choice(NamedTuple):
    """A legal action with its label in plain words. (Named tuples, like ``Action``: made by the thousand.)

    ``lands``: where on the board the choice ends when that is not where its action points (a board ref, e.g.
    ``space:liberty:7`` for Liberty up 2 steps from 5), so a page highlights where the marker will land
    without computing the move itself."""

    action: Action
    label: str
    lands: str = ""


class Unavailable(NamedTuple):
    """An option that exists but is not legal now, and why (shown inline by the pages)."""

    action: Action
    label: str
    reason: str


class Decision(NamedTuple):
    """Who must decide what: the prompt and the complete list of legal actions."""

    faction: str
    kind: str
    prompt: str
    choices: tuple[Choice, ...]
    unavailable: tuple[Unavailable, ...] = ()
    #: What ending the turn now would give up, in words (lf.engine.forgo); empty: nothing.
    forgo: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out = {
            "faction": self.faction,
            "kind": self.kind,
            "prompt": self.prompt,
            "choices": [_choice_json(c) for c in self.choices],
            "unavailable": [
                {"action": u.action.to_json(), "key": u.action.key, "label": u.label, "reason": u.reason}
                for u in self.unavailable
            ],
        }
        if self.forgo:
            out["forgo"] = list(self.forgo)
        return out


def _choice_json(c: Choice) -> dict[str, Any]:
    out: dict[str, Any] = {"action": c.action.to_json(), "key": c.action.key, "label": c.label}
    if c.lands:
        out["lands"] = c.lands
    return out
