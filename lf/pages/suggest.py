""""Suggest a move": the coach's move for this seat's decision, outlined on the page and told in plain words.

Why a controller of its own beside the prompt bar: the search takes seconds (``lf.session.thinking``, other
processes), so the page asks and stays usable; the bar may be re-drawn meanwhile (another seat decided, a track
moved), and the suggestion must outlive that. It is kept per decision (``coach.decision_key``): a move that
changes what the seat decides cancels a search under way and drops a suggestion made for the old question.

The words (``lf.coach.advise``) are made from the seat's own view, which names only the cards this screen shows.
The outline marks the option where a tap would take it: the board's target (``data-key``, in the browser) and
the bar's or "All options"' button (``act:``/``opt:`` markers, here). Taking it is one tap on "Play it".
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable

from nicegui import ui

from lf.coach import Advice, advise

from lf.session import LimitReached

from .coach import Key, Thought, Thoughts, decision_key, decision_of
from .visitor import key as visitor_key
from .visitor import suggestion_gate

log = logging.getLogger("lf.pages")

#: Outline the board target that takes ``key`` (a menu line outlines its piece) and nothing else. It takes off only
#: the outlines it drew itself (``lf-suggested-js``): a button the server outlined keeps its own.
OUTLINE_JS = """(() => {
  document.querySelectorAll('.lf-game .lf-suggested-js')
    .forEach(e => e.classList.remove('lf-suggested', 'lf-suggested-js'));
  const key = %s;
  if (key === null) return;
  const t = Array.from(document.querySelectorAll('.lf-game [data-key]')).find(e => e.dataset.key === key);
  if (!t) return;
  const o = t.closest('[data-menu]') || t;
  o.classList.add('lf-suggested', 'lf-suggested-js');
  o.scrollIntoView({block: 'center', inline: 'center'});  // in sight in its own scrolling column, not under the dock
})()"""
ERROR_WORDS = "The coach could not think this time: {why}. Nothing was changed; ask again."


class Suggestion:
    """The coach for one game page and its seat (only when the host allows hints)."""

    def __init__(self, game_id: str, token: Callable[[], str | None], faction: Callable[[], str | None],
                 send: Callable[[dict, int | None], Awaitable[None]], redraw: Callable[[], None],
                 run_js: Callable[[str], None], thoughts: Thoughts | None = None,
                 shown: Callable[[], dict] | None = None) -> None:
        #: ``thoughts``: shared with the teaching table's comparisons; ``shown()``: the view whose cards the screen
        #: shows (default: the seat's own; a teaching table's shared screen passes its public view).
        if thoughts is None:
            thoughts = Thoughts(game_id, gate=suggestion_gate(), owner=visitor_key())
        self.thoughts = thoughts
        self._shown = shown
        self._token, self._faction, self._send, self._redraw, self._run_js = token, faction, send, redraw, run_js
        self.view: dict = {}
        #: The suggestion for the decision shown now, once thought.
        self.advice: Advice | None = None
        self.advice_key: Key | None = None
        self.asking: Key | None = None
        self.progress = 0.0
        self._button: ui.button | None = None

    # -- state -----------------------------------------------------------------------------------------

    def key(self) -> Key | None:
        faction = self._faction()
        return decision_key(self.view, faction) if faction and self.view else None

    def stamp(self) -> tuple:
        """What the bar shows of the coach (the prompt re-draws when it changes)."""
        return (self.asking is not None, self.advice_key, self.advice.action if self.advice else None)

    def seen(self, view: dict) -> None:
        """A new view: a search or suggestion for a question that is gone is dropped (a move made meanwhile)."""
        self.view = view
        key = self.key()
        self.thoughts.keep_only({key} if key else set())
        if self.asking is not None and self.asking != key:
            self.asking = None
        if self.advice_key is not None and self.advice_key != key:
            self.advice, self.advice_key = None, None
            self._run_js(OUTLINE_JS % "null")

    def suggested(self) -> str | None:
        return self.advice.action if self.advice is not None and self.advice_key == self.key() else None

    # -- asking --------------------------------------------------------------------------------------

    async def ask(self) -> None:
        key, token, faction = self.key(), self._token(), self._faction()
        if key is None or token is None or faction is None or self.asking == key:
            return
        try:
            thinking = self.thoughts.ask(token, faction, key)
        except LimitReached as exc:  # the visitor's searches in flight (lf/server/suggestions.py): nothing changes
            ui.notify(str(exc), type="warning", multi_line=True)
            return
        self.asking, self.progress = key, 0.0
        self._redraw()
        thinking.listeners.append(self._on_progress)
        try:
            thought = await thinking.task
        except asyncio.CancelledError:
            return  # the question is gone (``seen``) or the page is: nothing to show
        except Exception as exc:  # a thinking process died, or the position can't be thought: say so, keep playing
            log.warning("the coach could not think for %s: %s", faction, exc)
            self.thoughts.forget(key)
            if self.asking == key:
                self.asking = None
                ui.notify(ERROR_WORDS.format(why=exc), type="warning", multi_line=True)
                self._redraw()
            return
        self._done(key, thought)

    def _done(self, key: Key, thought: Thought | None) -> None:
        if self.asking != key:
            return
        self.asking = None
        if thought is not None and key == self.key():
            shown = self._shown() if self._shown is not None else self.view
            self.advice, self.advice_key = advise(thought.move, thought.view, shown), key
        self._redraw()
        self.outline()

    def _on_progress(self, share: float) -> None:
        self.progress = share
        button = self._button
        if button is not None and not button.is_deleted:
            button.text = self._busy_words()

    def _busy_words(self) -> str:
        return f"Thinking … {round(100 * self.progress)}%"

    def outline(self) -> None:
        """Outline the suggested option on the board (in the browser; the bar's buttons are outlined when drawn)."""
        self._run_js(OUTLINE_JS % json.dumps(self.suggested()))

    def stop(self) -> None:
        self.thoughts.stop()

    # -- drawing (inside the prompt bar) ------------------------------------------------------------------

    def render_button(self) -> None:
        """"Suggest a move", or its progress while the coach thinks (the rest of the page stays usable)."""
        if self.key() is None:
            self._button = None
            return
        busy = self.asking == self.key()
        # on a phone only its icon shows, in the bar's corner (assets/coach.css): the bar keeps its height
        self._button = ui.button(self._busy_words() if busy else "Suggest a move", icon="lightbulb",
                                 on_click=self.ask).classes("lf-tool lf-suggest") \
            .props(f"flat no-caps data-testid=suggest aria-busy={'true' if busy else 'false'}").mark("suggest")
        if busy:
            self._button.disable()

    def render_advice(self, decision_choices: list[dict], area: ui.element) -> None:
        """The suggestion's words and "Play it", and the outline of its button in the bar or "All options"."""
        action = self.suggested()
        if action is None or self.advice is None:
            return
        choice = next((c for c in decision_choices if c["key"] == action), None)
        if choice is None:
            return
        for el in area.descendants():
            if f"act:{action}" in el._markers or f"opt:{action}" in el._markers:  # noqa: SLF001
                el.classes(add="lf-suggested")
        advice = self.advice
        with ui.element("div").classes("lf-coach").props('role="status" data-testid=coach').mark("coach"):
            ui.label(f"The coach suggests: {advice.title}").classes("lf-coach-h").mark("coach-title")
            for words in advice.sentences():
                ui.label(words).classes("lf-coach-why").mark("coach-why")
            ui.button("Play it", on_click=lambda: self._send(choice, None)) \
                .classes("lf-act").props("unelevated no-caps data-testid=coach-take").mark("coach-take")


def choices_of(view: dict, faction: str | None) -> list[dict]:
    d = decision_of(view, faction) if faction else None
    return d["choices"] if d else []
