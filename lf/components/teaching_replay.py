"""The "What happened" replay: the last turn step by step, each with its log lines and a compact board.

The frames come from ``lf.engine.history.frames`` (a replay of the action
log, public view only). Each step shows what the log says happened and the
board after it, small, with what changed since the step before marked, so a
table can see why the Fronts moved while they were looking elsewhere.
"""

from __future__ import annotations

from typing import Any

from nicegui import ui

from lf.engine.content import load_content
from lf.engine.step_words import action_words

from .theme import FACTIONS, FRONTS, TRACKS, esc, faction_label, front_label, signed, track_label


def _cell(label: str, value: str, changed: bool, cls: str = "") -> str:
    return (f'<div class="lf-rc {cls}{" chg" if changed else ""}"><span class="lf-rc-l">{esc(label)}</span>'
            f'<b class="lf-rc-v">{esc(value)}</b></div>')


def _front_value(fs: dict) -> str:
    if fs["status"] == "victory":
        return "Victory"
    if fs["status"] == "defeat":
        return "Defeat"
    return signed(fs["value"])


def compact_board_html(v: dict, before: dict | None = None) -> str:
    """Fronts, tracks, Bonuses, Hero points, Initiative and the Bag in one small block."""
    b = before or v

    def fronts() -> str:
        return "".join(_cell(front_label(f).replace(" Front", ""), _front_value(v["fronts"][f]),
                             v["fronts"][f] != b["fronts"][f],
                             "pos" if v["fronts"][f]["value"] > 0 else "neg" if v["fronts"][f]["value"] < 0 else "")
                       for f in FRONTS)

    tracks = "".join(_cell(track_label(t), str(v["tracks"][t]), v["tracks"][t] != b["tracks"][t]) for t in TRACKS)
    bonuses = "".join(_cell(f"{k.capitalize()} Bonus", "on" if on else "off", on != b["bonuses"][k])
                      for k, on in v["bonuses"].items())
    hero = "".join(_cell(faction_label(f), f'{v["factions"][f]["hero"]} HP',
                         v["factions"][f]["hero"] != b["factions"][f]["hero"], f"lf-f-{f}") for f in FACTIONS)
    bag = ", ".join(f"{faction_label(f)} {v['bag'][f]}" for f in FACTIONS)
    fascist = card_fascist_name(v["fascist_card"])
    return (
        '<div class="lf-replay-board">'
        f'<div class="lf-rrow"><span class="lf-rrow-h">Fronts</span>{fronts()}</div>'
        f'<div class="lf-rrow"><span class="lf-rrow-h">Tracks</span>{tracks}</div>'
        f'<div class="lf-rrow"><span class="lf-rrow-h">Bonuses</span>{bonuses}'
        f'{_cell("Initiative", faction_label(v["initiative"]), v["initiative"] != b["initiative"])}</div>'
        f'<div class="lf-rrow"><span class="lf-rrow-h">Hero points</span>{hero}</div>'
        f'<div class="lf-rmeta">Year {v["year"]}, turn {v["turn"] or "setup"} · Fascist card: {esc(fascist)} · '
        f'Bag of Glory: {esc(bag)}</div></div>'
    )


def card_fascist_name(card_id: str | None) -> str:
    if not card_id:
        return "none in play"
    return load_content().fascist_cards[card_id].name


def step_title(frame: Any) -> str:
    if frame.action is None:
        return "Where the previous turn began"
    who = faction_label(frame.faction) if frame.faction in FACTIONS else "The game"
    return f"{who}: {action_words(frame.action)}"


class Replay:
    """A dialog stepping through ``frames`` with Back and Next (starts at the first step)."""

    def __init__(self, frames: list[Any]) -> None:
        self.frames = frames
        self.i = 0
        self.body = ui.refreshable(self._body)
        with ui.dialog().props('maximized-on-mobile aria-label="What happened"') as self.dialog, \
                ui.card().classes("lf-box lf-dialog-card lf-replay").props("data-testid=replay"):
            with ui.row().classes("w-full items-center no-wrap"):
                ui.label("What happened").classes("lf-h2")
                ui.space()
                ui.button(icon="close", on_click=self.dialog.close) \
                    .props("flat round data-testid=replay-close aria-label=Close").mark("replay-close")
            self.body()
            with ui.element("div").classes("lf-replay-nav"):
                self.back = ui.button("Back", icon="chevron_left", on_click=lambda: self.go(-1)) \
                    .props("unelevated no-caps color=black data-testid=replay-back").mark("replay-back")
                self.next = ui.button("Next", on_click=lambda: self.go(1)) \
                    .props("unelevated no-caps color=primary icon-right=chevron_right data-testid=replay-next") \
                    .mark("replay-next")
        self.dialog.on("hide", self.dialog.delete)
        self._nav()

    def go(self, step: int) -> None:
        self.i = max(0, min(len(self.frames) - 1, self.i + step))
        self.body.refresh()
        self._nav()

    def _nav(self) -> None:
        self.back.set_enabled(self.i > 0)
        self.next.set_enabled(self.i < len(self.frames) - 1)

    def _body(self) -> None:
        if not self.frames:
            ui.label("Nothing has happened yet.").mark("replay-empty")
            return
        f = self.frames[self.i]
        before = self.frames[self.i - 1].view if self.i > 0 else None
        ui.label(f"Step {self.i + 1} of {len(self.frames)}").classes("lf-replay-k").mark("replay-step")
        ui.label(step_title(f)).classes("lf-replay-h").mark("replay-title")
        lines = "".join(f"<li>{esc(line)}</li>" for line in f.lines) or "<li>(nothing written in the log)</li>"
        ui.html(f'<ul class="lf-replay-lines">{lines}</ul>', sanitize=False).mark("replay-lines")
        ui.html(compact_board_html(f.view, before), sanitize=False).mark("replay-board")

    def open(self) -> None:
        self.dialog.open()
