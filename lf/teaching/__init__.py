"""Teaching mode's rules-side logic: the guided lessons and when each comes into play (no UI here)."""

from .guide import Lesson, due, lessons, next_lesson

__all__ = ["Lesson", "due", "lessons", "next_lesson"]
