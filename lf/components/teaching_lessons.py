"""Lesson callouts: a short explanation beside the part of the board it is about.

The lessons themselves (text, rulebook section, anchor, when they are due) are
data in ``lf/teaching/lessons.toml``; this only draws one as a callout with a
pointer towards its board area and a "Got it" button.
"""

from __future__ import annotations

from collections.abc import Callable

from nicegui import ui

from lf.teaching import Lesson

from .theme import esc

#: Lesson anchor -> the teaching page's area the callout is drawn in (at its top, pointing down into it).
ANCHOR_AREA: dict[str, str] = {
    "fascist_card": "fascist",
    "hand": "now",
    "prompt": "now",
    "bonus:morale": "tracks",
    "bonus:teamwork": "tracks",
    "tracks": "tracks",
    "hero": "facs",
    "initiative": "status",
    "bag": "glory",
    "glory": "glory",
    "medallions": "meds",
    "fronts": "fronts",
}


def area_of(lesson: Lesson) -> str:
    return ANCHOR_AREA.get(lesson.anchor, "now")


def render_lesson(lesson: Lesson, on_seen: Callable[[str], object], more: int = 0) -> None:
    with ui.element("div").classes("lf-lesson").props(f"data-testid=lesson-{lesson.id} role=note") \
            .mark(f"lesson-{lesson.id}"):
        ui.html(f'<div class="lf-lesson-k">Lesson · {esc(lesson.title)}</div>'
                f'<div class="lf-lesson-t">{esc(lesson.text)}</div>'
                f'<div class="lf-lesson-s">Rulebook: {esc(lesson.section)}</div>', sanitize=False)
        with ui.element("div").classes("lf-lesson-foot"):
            if more:
                ui.label(f"{more} more lesson{'s' * (more != 1)} here after this one").classes("lf-lesson-more")
            ui.button("Got it", icon="check", on_click=lambda: on_seen(lesson.id)) \
                .props(f"unelevated no-caps color=black data-testid=lesson-ok-{lesson.id}") \
                .classes("lf-lesson-ok").mark(f"lesson-ok-{lesson.id}")
