"""The player aid, one click away: turn sequence, Hero point prices, symbol key, tracks, End of Year, the
Non-player rules (Appendix 3) and lf's readings, with a search box.

Written in our own words from the rulebook; prices come from the engine's
constants and triggers/medallions from the content files, so the aid always
matches what the engine does. Shown as a page (/rules) and as a dialog in game;
both open at a rule when asked (``/rules?rule=3c-ii``, ``open_rule``): a rule a
Non-player's move cites in the log is a link to it (lf/components/rule_links.py).
"""

from __future__ import annotations

import json

from nicegui import ui

from lf.components.icons import icon, trigger_icon
from lf.components.medallions import KIND_WORDS
from lf.components.rules_appendix import RULE_IDS, appendix3_html, readings_html
from lf.components.theme import esc, faction_label, track_label
from lf.components.track import trigger_list
from lf.engine.constants import TRACK_HP_PRICE, TRACKS
from lf.engine.content import load_content

from .frame import icon_button, page_body, top_bar
from .rules_search import search, snippet

TURN_SEQUENCE = """
<h3>Turn sequence (4 turns a Year, 3 Years)</h3>
<ol>
<li><b>Fascist Event.</b> Reveal the Year's next Fascist card: its Attacks hit the Fronts (M Madrid, N Northern,
A Aragon, S Southern, V the Front closest to Victory, D the Front closest to Defeat), then its other effects.
It also sets this turn's <b>Test</b>: a Front and a threshold.</li>
<li><b>Player turns.</b> Everyone chooses a card <i>in secret</i>. Then, from the Initiative player and in the
direction of play (clockwise in Years 1 and 3, counter-clockwise in Year 2), each reveals and plays it, and may
spend Hero points at any time in their turn.</li>
<li><b>Fascist Test.</b> The Test's Front at the threshold or better: success, its reward, and 2 Hero points to
every faction that strengthened that Front this turn. Otherwise: its penalty.</li>
<li><b>Bag of Glory.</b> The Initiative player adds one token to the Bag (two at the end of a Year).</li>
<li>Player tokens leave the Fronts.</li>
</ol>
<h3>Playing a card</h3>
<ul>
<li><b>For its Event:</b> do each line in order; the card is then <b>trashed</b>.</li>
<li><b>For its Action Points</b> (its strength, 1–3) on <i>one</i> area: that much Strength on one Front, one track
that many steps up or down, or Bonuses on at 1 AP each. The card joins your <b>tableau</b>.</li>
<li><b>Morale Bonus</b> (if on, with an AP play): pick one icon of the card; it counts once per copy of that icon
in your tableau, this card included.</li>
<li><b>Teamwork Bonus</b> (if on): the second and third faction to strengthen the same Front this turn add +1.</li>
</ul>
<h3>Initiative</h3>
<p>The Anarchists hold it while Liberty <i>and</i> Collectivization are 6 or more; otherwise whoever controls the
Government (5 or less: Communists, 6 or more: Moderates). The Initiative player goes first, breaks every tie and
feeds the Bag of Glory.</p>
"""

FRONTS = """
<h3>Fronts</h3>
<ul>
<li>Values run from −10 (Defeat) to +10 (Victory); all start at −2. Attacks lower a Front, Strength raises it.</li>
<li>Bringing a Front from 0 or worse to +1 or better earns 1 Hero point.</li>
<li><b>Victory</b> (+10): 3 Hero points to everyone who strengthened it this turn; it can't be attacked again
(its Attacks go to a Front of the Initiative player's choice) and its Tests pass. A player's card aimed at it goes
to a Front of that player's choice, or lapses if they prefer.</li>
<li><b>Defeat</b> (−10): Morale Bonus off; Collectivization, Soviet Support and Foreign Aid −1. Its Attacks go to the
Front closest to Defeat and its Tests fail. <b>Madrid falling, or a second Defeat, loses the war at once.</b></li>
</ul>
"""

END_OF_YEAR = """
<h3>End of the Year</h3>
<ul>
<li>After the fourth turn the Initiative player adds a second token to the Bag of Glory.</li>
<li><b>Year 1:</b> draw 1 token from the Bag into Glory; the other two factions gain 1 Hero point. Keep up to 1
card in hand and 1 in your tableau, discard the rest. Play turns counter-clockwise in Year 2. Everyone draws 5.</li>
<li><b>Year 2:</b> draw 2 tokens; factions that did not score gain 2 Hero points. Keep up to 2 and 2. Clockwise
again in Year 3. Everyone draws 5.</li>
<li><b>Year 3, last turn:</b> first a secret <b>Final Bid</b> of up to 3 cards; the most Action Points scores a
token straight into Glory. Then the turn as usual.</li>
<li><b>End of Year 3:</b> the war is won with three Fronts at +1 or better. Then the Bag fills the rest of the
Glory area and the most Glory wins (Initiative breaks ties). Otherwise everyone loses.</li>
</ul>
"""


def hero_html() -> str:
    rows = [("Draw a card", "1 each"), ("Turn a Bonus on", "2")]
    for t in TRACKS:
        rows.append((f"Move {track_label(t)} one step", str(TRACK_HP_PRICE[t])))
    body = "".join(f"<tr><td>{esc(a)}</td><td><b>{esc(b)}</b></td></tr>" for a, b in rows)
    return (
        "<h3>Hero points: earning</h3><ul>"
        "<li>+1 for bringing a Front to +1 or better (from 0 or worse).</li>"
        "<li>+2 to each faction that strengthened the Front of a successful Test this turn.</li>"
        "<li>+3 to each faction that strengthened a Front on the turn of its Victory.</li>"
        "<li>Events, triggers and medallions. The supply is limited: when it runs out, nobody gains.</li></ul>"
        "<h3>Hero points: prices (any time in your turn)</h3>"
        f"<table><tr><th>Spend on</th><th>Hero points</th></tr>{body}</table>"
    )


def symbols_html() -> str:
    items = [
        ("liberty", "Liberty track (Anarchists)"), ("collectivization", "Collectivization track (Anarchists)"),
        ("government", "Government (Communists ◂ 5 | 6 ▸ Moderates)"), ("soviet_support", "Soviet Support (Communists)"),
        ("foreign_aid", "Foreign Aid (Moderates)"), ("front", "+1 Strength to a Front (the track's owner chooses)"),
        ("attack", "Fascist Attack"), ("draw", "Draw a card"), ("medallion", "Claim a medallion"),
        ("hero", "Hero point"), ("morale", "Morale Bonus"), ("teamwork", "Teamwork Bonus"),
        ("blank", "Blank marker: a used trigger"), ("lock", "Dependency limit (open when the other track is 8+)"),
        ("flag", "Anarchist flag: Initiative at 6+ on both tracks (not a trigger)"), ("standee", "Standee: the track's value"),
        ("initiative", "Initiative"), ("bag", "Bag of Glory"), ("glory", "Glory"),
    ]
    cells = "".join(f"<div>{icon(n)}<span>{esc(words)}</span></div>" for n, words in items)
    off = f"<div>{icon('morale', 'lf-off')}<span>Bonus turned off (space 0 of every track)</span></div>"
    signs = ("<p>On cards, a track icon with <b>+</b> or <b>−</b> is a Morale icon: that track up or down one step "
             "(Government: towards your side). The shield icon is +1 Strength to a Front.</p>")
    return f'<h3>Symbol key</h3><div class="lf-symbols">{cells}{off}</div>{signs}'


def triggers_html() -> str:
    parts = ["<h3>Track triggers (fire once, then a Blank marker covers them)</h3>"]
    for t in TRACKS:
        lis = "".join(f"<li>{trigger_icon(tr)} <b>{tr.space}</b>: {esc(tr.text)}</li>" for tr in trigger_list(t))
        parts.append(f"<p><b>{esc(track_label(t))}</b></p><ul>{lis}</ul>")
    parts.append("<p>Limits: Liberty can't pass 7 unless Collectivization is 8+; Government can't go below 3 unless "
                 "Soviet Support is 8+, nor past 7 unless Foreign Aid is 8+. A standee already past a limit stays.</p>")
    return "".join(parts)


def medallions_html() -> str:
    lis = "".join(f"<li><b>{esc(m.name)}</b> ({KIND_WORDS[m.kind]}): {esc(m.text)}</li>"
                  for m in load_content().medallions)
    return ("<h3>Medallions</h3><p>Five of the nine are on the board each game. Reaching a medallion space of your "
            f"track claims one of your choice.</p><ul>{lis}</ul>")


SECTIONS = {
    "Turn": lambda: TURN_SEQUENCE + FRONTS,
    "Hero points": hero_html,
    "Symbols": lambda: symbols_html() + triggers_html(),
    "End of Year": lambda: END_OF_YEAR,
    "Medallions": medallions_html,
    "Non-players": appendix3_html,
    "Readings": readings_html,
}


def section_of(rule: str) -> str | None:
    """The tab that holds ``rule`` (an Appendix 3 number, or ``reading-...``), None if the reference has no such."""
    if rule in RULE_IDS:
        return "Non-players"
    if rule.startswith("reading-"):
        return "Readings"
    return None


def _show(selector: str) -> None:
    """Bring one block of the reference into view and flash it (once its tab is drawn: assets/rules.js)."""
    ui.run_javascript(f"lfRuleShow({json.dumps(selector)})")


def render_rules(rule: str | None = None) -> None:
    """The aid as tabs (used by the page and the in-game dialog); the sections scroll under the tabs. A search
    box above them lists the blocks of every tab holding its words; a hit opens its tab there. ``rule``: open at
    that rule."""
    start = section_of(rule) if rule else None
    with ui.element("div").classes("lf-rules-find"):
        query = ui.input(placeholder="Search the rules").props(
            'dense outlined clearable type=search aria-label="Search the rules" data-testid=rules-search') \
            .classes("lf-rules-q").mark("rules-search")
        hits = ui.element("div").classes("lf-rules-hits").props('role=region aria-label="Search results" '
                                                                'aria-live=polite data-testid=rules-hits')
    with ui.tabs().classes("lf-tabs lf-rules-tabs").props("dense align=left outside-arrows mobile-arrows") as tabs:
        tab_list = {name: ui.tab(name) for name in SECTIONS}
    with ui.element("div").classes("lf-rules-body").props('tabindex=0 role=region aria-label="The section shown"'):
        with ui.tab_panels(tabs, value=tab_list[start or "Turn"]).classes("lf-tabpanels w-full"):
            for name, build in SECTIONS.items():
                with ui.tab_panel(tab_list[name]):
                    ui.html(f'<div class="lf-rules" data-section="{esc(name)}">{build()}</div>', sanitize=False) \
                        .mark(f"rules-{name}")
        ui.label(f"lf: {faction_label('anarchists')}, {faction_label('communists')} and "
                 f"{faction_label('moderates')} · Original card set · rules summary in our own words") \
            .classes("lf-muted")

    def go(section: str, selector: str) -> None:
        tabs.set_value(tab_list[section])
        _show(selector)

    def find(text: object) -> None:
        hits.clear()
        words = str(text or "").strip()
        if not words:
            return
        found = search(SECTIONS, words)
        with hits:
            ui.label(f"{len(found) or 'No'} result{'s' * (len(found) != 1)} for “{words}”") \
                .classes("lf-rules-hits-n").mark("rules-hits-n")
            for b in found:
                before, match, after = snippet(b.text, words)
                target = f"#{b.anchor}" if b.anchor else f'@{b.section}@{b.n}'
                # a plain button: it grows with its words (a hit may take three lines on a phone)
                with ui.element("button").props('type=button').classes("lf-rules-hit").mark("rules-hit") \
                        .on("click", lambda s=b.section, t=target: go(s, t)):
                    ui.html(f'<span class="lf-rules-hit-s">{esc(b.section)}</span> '
                            f'<span class="lf-rules-hit-t">{esc(before)}<mark>{esc(match)}</mark>{esc(after)}</span>',
                            sanitize=False, tag="span")

    query.on_value_change(lambda e: find(e.value))
    if start:
        _show(f"#lf-rule-{rule}")


def _dialog(rule: str | None) -> None:
    with ui.dialog().props('aria-label="Player aid"') as dialog, \
            ui.card().classes("lf-box lf-dialog-card lf-rules-card").props("data-testid=rules-dialog"):
        with ui.element("div").classes("lf-rules-head"):
            ui.label("Player aid").classes("lf-h2").props("role=heading aria-level=2")
            ui.space()
            ui.link("Open as a page", f"/rules?rule={rule}" if rule else "/rules", new_tab=True) \
                .classes("lf-rules-open")
            icon_button("close", "Close the player aid", dialog.close, "data-testid=rules-close")
        render_rules(rule)
    dialog.on("hide", dialog.delete)
    dialog.open()


def open_rules_dialog() -> None:
    """The aid over the current page. Its title bar and tabs stay put while the section under them scrolls,
    and on a phone it fills the screen (assets/frame.css, "rules dialog")."""
    _dialog(None)


def open_rule(rule: object) -> None:
    """The aid over the current page, open at ``rule`` (a link in a Non-player's reason); an unknown rule opens
    it at its start."""
    _dialog(rule if isinstance(rule, str) and section_of(rule) else None)


def rules_page(rule: str = "") -> None:
    with top_bar("Player aid"):
        ui.button("Lobby", icon="home", on_click=lambda: ui.navigate.to("/")).props("flat no-caps color=white")
    with page_body(), ui.element("div").classes("lf-box"):
        ui.label("Player aid").classes("lf-h2")
        render_rules(rule if section_of(rule) else None)


def register() -> None:
    ui.page("/rules", title="Player aid — lf")(rules_page)
