"""Which lesson of the guided first game is due, read from a view (what the table can see).

A lesson explains a decision, so it is timed by the decision it explains (``before``: the kind of
question pending, with its phase or a pick's purpose) and, where it explains something that happened
(a Defeat, a trigger), by that too (``when``: a kind of log entry or a phrase in the log). It is due
when both hold, before the table answers. The page shows at most one, the first due in the file's
order, and none other at the same decision once it was read: lessons that arrived together in a
burst (four at the start of turn 2) now wait for the decisions they explain (issue 20).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

WHEN_KINDS = ("log", "text")
#: The decision kinds a lesson can come before ("pick:tie_attack" names a pick by its purpose; "any": whatever
#: is pending, or nothing, e.g. at the end of the war).
BEFORE_KINDS = ("choose", "turn", "play", "morale", "pick", "keep", "bid", "any")


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    section: str
    anchor: str
    before: str
    text: str
    when: str = ""

    def matches(self, view: dict[str, Any]) -> bool:
        happened = not self.when or any(_happened(c.strip(), view) for c in self.when.split("|"))
        return happened and any(_asked(c.strip(), view) for c in self.before.split("|"))


def _happened(cond: str, view: dict[str, Any]) -> bool:
    kind, _, what = cond.partition(":")
    if kind == "log":
        return any(e.get("kind") == what for e in view.get("log", []))
    return any(what in e.get("text", "") for e in view.get("log", []))


def _asked(cond: str, view: dict[str, Any]) -> bool:
    """The table faces a decision of this kind now ("turn:main": in that phase; "pick:medallion": that purpose)."""
    name, _, detail = cond.partition(":")
    if name == "any":
        return True
    return any(w["kind"] == name and (not detail or detail in (w.get("phase"), w.get("purpose")))
               for w in view.get("waiting", []))


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
        _check(lesson)
    return out


def _check(lesson: Lesson) -> None:
    for cond in filter(None, lesson.when.split("|")):
        kind, _, what = cond.strip().partition(":")
        if kind not in WHEN_KINDS or not what:
            raise ValueError(f"lessons.toml: {lesson.id}: 'when' must be log:KIND or text:PHRASE, "
                             "alternatives separated by '|'")
    for cond in lesson.before.split("|"):
        if cond.strip().partition(":")[0] not in BEFORE_KINDS:
            raise ValueError(f"lessons.toml: {lesson.id}: 'before' names a decision: one of {BEFORE_KINDS}, "
                             "with :phase or :purpose, alternatives separated by '|'")


def due(view: dict[str, Any], seen: set[str] | frozenset[str] = frozenset()) -> list[Lesson]:
    """The lessons not seen yet that explain what the table faces in ``view``, in teaching order."""
    return [lesson for lesson in lessons() if lesson.id not in seen and lesson.matches(view)]


def next_lesson(view: dict[str, Any], seen: set[str] | frozenset[str], read_at: int | None) -> Lesson | None:
    """The one lesson to show now: the first due, unless one was already read at this decision (``read_at``:
    the view's version when the last one was dismissed), so that lessons never come in a burst."""
    if read_at is not None and read_at == view.get("version"):
        return None
    found = sorted(due(view, seen), key=lambda lesson: lesson.before.strip() == "any")  # the question's own first
    return found[0] if found else None
