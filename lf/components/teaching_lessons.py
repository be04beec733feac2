"""Lesson callouts: a short explanation of the rule that just came into play, and where it is on the board.

The lessons themselves (text, rulebook section, anchor, when they are due) are
data in ``lf/teaching/lessons.toml``; this draws one as a callout with "Got it"
and a button that brings the part of the board it explains into view.

Why the callout is docked to the screen's edge instead of drawn above its board area: an area is often
below the fold (on a phone the Fascist card, the Fronts and the tracks are all under the decision; on a
laptop the medallions and the tracks are), so a lesson drawn there went unread (issue 12). The page marks the
area instead (``lf-lesson-target``) and "Show …" scrolls to it.
"""

from __future__ import annotations

from collections.abc import Callable

from nicegui import ui

from lf.teaching import Lesson

from .theme import esc

#: Lesson anchor -> the teaching page's area it explains.
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
#: An area in words, for the button that shows it.
AREA_WORDS: dict[str, str] = {
    "fascist": "the Fascist card", "now": "the decision", "tracks": "the tracks and Bonuses",
    "facs": "the factions", "status": "the Initiative", "glory": "the Bag of Glory", "meds": "the medallions",
    "fronts": "the Fronts",
}


def area_of(lesson: Lesson) -> str:
    return ANCHOR_AREA.get(lesson.anchor, "now")


def lesson_words(lesson: Lesson) -> tuple[str, str, str, str]:
    """The callout's words: its heading, its text, its rulebook section and its "Show ..." button (a test draws
    every lesson's in the callout to check that each fits)."""
    return (f"Lesson · {lesson.title}", lesson.text, f"Rulebook: {lesson.section}",
            f"Show {AREA_WORDS[area_of(lesson)]}")


def render_lesson(lesson: Lesson, on_seen: Callable[[str], object], on_show: Callable[[str], object]) -> None:
    area = area_of(lesson)
    heading, text, section, show = lesson_words(lesson)
    with ui.element("div").classes("lf-lesson").props(f"data-testid=lesson-{lesson.id} data-area={area}") \
            .mark(f"lesson-{lesson.id}"):
        ui.html(f'<div class="lf-lesson-k">{esc(heading)}</div><div class="lf-lesson-t">{esc(text)}</div>'
                f'<div class="lf-lesson-s">{esc(section)}</div>', sanitize=False)
        with ui.element("div").classes("lf-lesson-foot"):
            ui.button(show, icon="my_location", on_click=lambda: on_show(area)) \
                .props(f"outline no-caps color=black data-testid=lesson-show-{lesson.id}") \
                .classes("lf-lesson-show").mark(f"lesson-show-{lesson.id}")
            ui.button("Got it", icon="check", on_click=lambda: on_seen(lesson.id)) \
                .props(f"unelevated no-caps color=black data-testid=lesson-ok-{lesson.id}") \
                .classes("lf-lesson-ok").mark(f"lesson-ok-{lesson.id}")
