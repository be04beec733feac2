"""Which lesson of the guided first game is due, read from a view (what the table can see).

A lesson is due the first time its rule comes into play: a kind of log entry,
a phrase in the log, or a kind of pending decision. The page shows due lessons
beside their anchor and remembers which were seen, so each appears once.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

WHEN_KINDS = ("log", "text", "decision")


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    section: str
    anchor: str
    when: str
    text: str

    def matches(self, view: dict[str, Any]) -> bool:
        return any(_holds(cond.strip(), view) for cond in self.when.split("|"))


def _holds(cond: str, view: dict[str, Any]) -> bool:
    kind, _, what = cond.partition(":")
    if kind == "log":
        return any(e.get("kind") == what for e in view.get("log", []))
    if kind == "text":
        return any(what in e.get("text", "") for e in view.get("log", []))
    name, _, phase = what.partition(":")
    return any(w["kind"] == name and (not phase or w.get("phase") == phase) for w in view.get("waiting", []))


@lru_cache(maxsize=1)
def lessons() -> tuple[Lesson, ...]:
    """All lessons in teaching order, validated on load."""
    text = resources.files("lf.teaching").joinpath("lessons.toml").read_text(encoding="utf-8")
    rows = tomllib.loads(text)["lessons"]
    out = tuple(Lesson(**row) for row in rows)
    ids = [lesson.id for lesson in out]
    if len(set(ids)) != len(ids):
        raise ValueError("lessons.toml: two lessons share an id")
    for lesson in out:
        for cond in lesson.when.split("|"):
            kind, _, what = cond.strip().partition(":")
            if kind not in WHEN_KINDS or not what:
                raise ValueError(f"lessons.toml: {lesson.id}: 'when' must be log:KIND, text:PHRASE or "
                                 "decision:KIND, alternatives separated by '|'")
    return out


def due(view: dict[str, Any], seen: set[str] | frozenset[str] = frozenset()) -> list[Lesson]:
    """The lessons not seen yet whose rule is in play in ``view``, in teaching order."""
    return [lesson for lesson in lessons() if lesson.id not in seen and lesson.matches(view)]
