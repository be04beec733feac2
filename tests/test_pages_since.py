"""While you waited (issue 20): the digest "Since your last move", the steps the browser plays, the log's order,
the rules a Non-player's reason cites as links to the reference, and the reference's search.

A person plays against two Non-players through the real session and engine (NiceGUI's simulated browser);
the steps are read from the page's own digest (its HTML carries everything the browser's player shows).
"""

from __future__ import annotations

import html
import json
import re

from nicegui import events
from nicegui.testing import User
from pages_helpers import join, live, markers, offered, port, reg, screen_of, see, take, wait_for  # noqa: F401

from lf.components.rules_appendix import RULE_IDS
from lf.engine.constants import FACTIONS

ONE = {"anarchists": "nonplayer", "communists": "human", "moderates": "nonplayer"}
PICKS = ("front", "track", "faction", "dir", "bonus", "blank", "medallion", "card")
STEP = re.compile(r'<li class="lf-since-s f-(\w+)" data-id="(\d+)" data-refs="([^"]*)" data-marks="([^"]*)"'
                  r'.*?<b class="lf-since-t">([^<]*)</b>.*?<ul class="lf-since-lines">(.*?)</ul></div></li>', re.S)


def _since(user: User) -> str:
    return next(p for p in screen_of(user).parts if p.name == "since").html()


def _steps(user: User) -> list[dict]:
    out = []
    for faction, sid, refs, marks, title, lines in STEP.findall(_since(user)):
        texts = [html.unescape(re.sub(r"<span class=\"lf-since-why\">.*?</span>|<[^>]+>", "", li))
                 for li in re.findall(r"<li[^>]*>(.*?)</li>", lines, re.S)]
        out.append({"faction": faction, "id": int(sid), "refs": refs.split(), "title": html.unescape(title),
                    "marks": json.loads(html.unescape(marks)), "texts": [t for t in texts if t], "html": lines})
    return out


def _since_at(user: User) -> int:
    return int(re.search(r'data-since="(\d+)"', _since(user)).group(1))


async def _settled(game_id: str, user: User) -> None:
    await wait_for(lambda: screen_of(user).view["version"] == port().game(game_id).version
                   and not screen_of(user).busy, timeout=30, why="the page caught up (its last move answered)")


async def _move(game_id: str, user: User) -> str:
    """One move as a player makes it: a card in secret, Action Points on a Front, no Morale, any pick, the end."""
    await _settled(game_id, user)
    keys = offered(user)
    key = next((k for p in ("choose:", "ap_front:", "morale_skip", "end_turn") for k in keys if k.startswith(p)),
               None) or next((k for k in keys if k.split(":")[0] in PICKS), keys[0])
    version = port().game(game_id).version
    take(user, key)
    if key == "end_turn":
        await wait_for(lambda: bool(markers(user, "confirm-yes")) or port().game(game_id).version > version)
        if markers(user, "confirm-yes"):
            user.find(marker="confirm-yes").click()
    await wait_for(lambda: port().game(game_id).version > version, timeout=30, why=f"{key} taken")
    return key


async def _until_end_of_turn(game_id: str, user: User) -> None:
    for _ in range(20):
        if await _move(game_id, user) == "end_turn":
            await _settled(game_id, user)
            await wait_for(lambda: bool(screen_of(user).view["decisions"]), why="the seat decides again")
            await _settled(game_id, user)
            return
    raise AssertionError("no end of turn")


def _lasting_seed() -> int:
    """A game the person's moves (as ``_move`` makes them) keep going into its second Year: searched with the
    engine, as the content and the generator decide which seeds last."""
    from lf.engine import apply, legal_actions, new_game
    from lf.engine.npc import step_nonplayers

    for seed in range(1, 200):
        state = new_game(seed, ONE)
        step_nonplayers(state)
        while state.result is None and state.year == 1:
            keys = [a.key for a in legal_actions(state, "communists")]
            key = next((k for p in ("choose:", "ap_front:", "morale_skip", "end_turn") for k in keys
                        if k.startswith(p)), None) or next((k for k in keys if k.split(":")[0] in PICKS), keys[0])
            apply(state, "communists", key)
            step_nonplayers(state)
        if state.result is None:
            return seed
    raise AssertionError("no game lasts into Year 2")


async def _seated(reg, user: User, seed: int | None = None) -> str:
    game_id = reg.create_game(ONE, name="Waited", seed=_lasting_seed() if seed is None else seed).id
    await join(user, game_id, "communists", "Carme")
    return game_id


async def test_after_its_turn_a_seat_sees_what_happened_since_in_order_each_change_marked(reg, user: User) -> None:
    game_id = await _seated(reg, user)
    await _until_end_of_turn(game_id, user)
    view = screen_of(user).view
    since, steps = _since_at(user), _steps(user)
    log = view["log"]
    assert steps and [s["id"] for s in steps] == sorted(s["id"] for s in steps) and steps[0]["id"] == since
    said = [e["text"] for e in log[since:] if e["kind"] != "nonplayer"]
    assert [t for s in steps for t in s["texts"]] == said, "every line since the seat's move, once, in time order"
    assert not any(t == "Communists end their turn." for s in steps for t in s["texts"]), "not its own line"
    titles = [s["title"] for s in steps]
    # Rulebook pg. 5: after the player turns, the Fascist Test, the Bag of Glory, then the next Fascist Event.
    assert titles.index("Fascist Test") < titles.index("Bag of Glory") < titles.index(f"Year 1, turn {view['turn']}")
    test = next(s for s in steps if s["title"] == "Fascist Test")
    assert any(m["ref"] == "test" and m["label"] in ("Success", "Failure") for m in test["marks"])
    fascist = next(s for s in steps if s["title"].startswith("Year 1, turn"))
    assert {"ref": f"fascist:{view['fascist_card']}", "label": "New card"} in fascist["marks"]
    front_marks = [m for s in steps for m in s["marks"] if m["ref"].startswith("front:")]
    assert front_marks and all(" → " in m["label"] for m in front_marks), "a Front's new value is written by it"
    for s in steps:
        if s["title"].endswith("(Non-player)"):
            assert "Why: " in s["html"], "a Non-player's step carries its reasons"


async def test_the_digest_stays_until_the_seat_moves_again(reg, user: User) -> None:
    game_id = await _seated(reg, user)
    await _until_end_of_turn(game_id, user)
    before, steps = _since_at(user), _steps(user)
    assert steps
    await _move(game_id, user)  # the next turn's card, chosen in secret
    await _settled(game_id, user)
    after = _since_at(user)
    assert after > steps[-1]["id"] >= before, "the seat moved: what it waited for before is over"
    assert all(s["id"] >= after for s in _steps(user))


async def test_a_spectator_reads_the_latest_steps(reg, user: User, create_user) -> None:
    game_id = await _seated(reg, user)
    await _until_end_of_turn(game_id, user)
    watcher = create_user()
    await watcher.open(f"/game/{game_id}")
    await wait_for(lambda: watcher.client.id in live("lf.pages.game").SCREENS)
    text = _since(watcher)
    assert "Latest moves" in text and 'data-latest="1"' in text
    steps = _steps(watcher)
    assert 0 < len(steps) <= live("lf.session.recap").SPECTATOR_STEPS
    assert steps[-1]["texts"][-1] == [e for e in screen_of(watcher).view["log"] if e["kind"] != "nonplayer"][-1]["text"]


async def test_the_log_reads_in_time_order_inside_a_turn_and_keeps_the_turn_just_closed_open(reg, user: User) -> None:
    game_id = await _seated(reg, user)
    await _until_end_of_turn(game_id, user)
    view = screen_of(user).view
    panel = next(p for p in screen_of(user).parts if p.name == "log")
    now = (view["year"], view["turn"])
    shown = "".join(panel.html[k] for k in sorted(k for k, t in panel.group_of.items() if t == now))
    texts = [html.unescape(t) for t in re.findall(r'class="lf-log-t"(?: type="button")?>([^<]*)<', shown)]
    want = [e["text"] for e in view["log"] if (e["year"], e["turn"]) == now and e["kind"] not in ("nonplayer", "turn")]
    ordered = [t for t in texts if t in want]
    assert ordered == want and ordered[0].startswith("Fascist Event"), "oldest first: the Fascist card, its Attacks"
    before = (now[0], now[1] - 1)
    assert panel.opened == {now, before}, "the turn that just closed stays open until the seat moves again"
    await _move(game_id, user)  # the seat moves again: the turn it has now seen closes
    await _settled(game_id, user)
    assert before not in panel.opened and now in panel.opened


def _tabs(user: User):
    """The rules reference's tabs (the game page has the factions' too)."""
    return next(el for el in user.find(kind=live("nicegui").ui.tabs).elements if "lf-rules-tabs" in el.classes)


def _tab_name(tabs) -> str:
    value = tabs.value
    return value if isinstance(value, str) else value.props.get("name", "")


def _emit(user: User, event: str, args: object) -> None:
    """What the browser sends for a global event (``emitEvent``; assets/since.js does it for a rule's link)."""
    layout = user.client.layout
    with user.client:
        for listener in list(layout._event_listeners.values()):  # noqa: SLF001
            if listener.type == event:
                events.handle_event(listener.handler, events.GenericEventArguments(sender=layout, client=user.client,
                                                                                   args=args))


async def test_a_rule_a_non_player_cites_is_a_link_that_opens_the_reference_at_that_rule(reg, user: User) -> None:
    game_id = await _seated(reg, user)
    for _ in range(30):  # until the Non-players took a turn since the seat's last move
        await _move(game_id, user)
        await _settled(game_id, user)
        cited = re.findall(r'<a class="lf-rule" href="([^"]+)" data-rule="([^"]+)"', _since(user))
        if any(r in RULE_IDS for _, r in cited):
            break
    assert cited, "the digest's reasons cite their rules"
    assert all(r in RULE_IDS or r.startswith("reading-") for _, r in cited)
    assert all(href == f"/rules?rule={r}#lf-rule-{r}" for href, r in cited)
    log = "".join(el.content for el in user.find(marker="log").elements)
    assert 'class="lf-log-np">Non-player <a class="lf-rule"' in log, "so do the log's"
    rule = next(r for _, r in cited if r in RULE_IDS)
    _emit(user, "lf_rule", rule)
    await see(user, "Player aid")
    assert _tab_name(_tabs(user)) == "Non-players"
    body = user.find(marker="rules-Non-players").elements.pop().content
    assert f'id="lf-rule-{rule}"' in body


async def test_the_reference_has_appendix_3_lfs_readings_and_opens_at_a_rule(user: User) -> None:
    await user.open("/rules?rule=3c-ii")
    assert _tab_name(_tabs(user)) == "Non-players"
    body = user.find(marker="rules-Non-players").elements.pop().content
    for rule in ("1", "2a-viii", "2c-iii", "3c-ii", "4b-iii", "5c-i", "8b-iv"):
        assert f'id="lf-rule-{rule}"' in body, rule
    assert "Iron Column" in body and "Publicize Fascist War Crimes" in body, "the cards a Non-player leaves out"
    readings = user.find(marker="rules-Readings").elements.pop().content
    assert 'id="lf-rule-reading-np"' in readings and "lf reading" in readings


async def test_the_reference_search_finds_every_tab_and_a_hit_opens_its_tab(user: User) -> None:
    await user.open("/rules")
    user.find(marker="rules-search").type("Archives")
    await see(user, "results for “Archives”")
    hits = user.find(marker="rules-hit").elements
    assert len(hits) >= 2
    tabs = _tabs(user)
    reading = next(h for h in hits if any("Readings" in str(getattr(c, "content", "")) for c in h.descendants()))
    with user.client:
        for listener in list(reading._event_listeners.values()):  # noqa: SLF001 (a tap on that hit)
            if listener.type == "click":
                events.handle_event(listener.handler, events.ClickEventArguments(sender=reading, client=user.client))
    await wait_for(lambda: _tab_name(tabs) == "Readings", why="the hit's tab opens")
    search = user.find(marker="rules-search").elements.pop()
    with user:
        search.value = "zzzz nothing"
    await see(user, "No results for “zzzz nothing”")


async def test_who_won_the_final_bid_is_on_the_table(reg, user: User) -> None:
    from history_helpers import WON, imported

    session, tokens = imported(reg, WON)
    session.leave(tokens["communists"])
    await join(user, session.id, "communists", "Carme")
    winner = screen_of(user).view["bid_winner"]
    assert winner in FACTIONS
    facs = next(p for p in screen_of(user).parts if p.name == "facs")
    assert "Won the Final Bid" in facs.elements[winner].content
    assert not any("Won the Final Bid" in facs.elements[f].content for f in FACTIONS if f != winner)
    await see(user, f"Final Bid won by the {winner.capitalize()}")


async def test_another_persons_move_arrives_as_a_step_with_its_marks(reg, user: User, create_user) -> None:
    """Two people: every move the other makes reaches this seat's page as a step of its own, with what it changed
    (people's moves as Non-players': the browser plays each one as it comes)."""
    game_id = reg.create_game({"anarchists": "human", "communists": "nonplayer", "moderates": "human"}, name="Two",
                              seed=7).id
    ana, mod = user, create_user()
    await join(ana, game_id, "anarchists", "Ana")
    await join(mod, game_id, "moderates", "Mo")
    for _ in range(30):  # each plays as it is asked until one of them may put Action Points on a Front
        for u in (ana, mod):
            await _settled(game_id, u)
        await wait_for(lambda: any(screen_of(u).view["decisions"] for u in (ana, mod)), why="someone decides")
        acted = next((u for u in (ana, mod) if screen_of(u).view["decisions"]
                      and any(k.startswith("ap_front:") for k in offered(u))), None)
        if acted is not None:
            break
        mover = next(u for u in (ana, mod) if screen_of(u).view["decisions"])
        await _move(game_id, mover)
    assert acted is not None
    other = mod if acted is ana else ana
    await _settled(game_id, other)
    before = _since_at(other)
    key = next(k for k in offered(acted) if k.startswith("ap_front:"))
    front = key.split(":")[1]
    version = port().game(game_id).version
    take(acted, key)
    await wait_for(lambda: port().game(game_id).version > version, timeout=30, why="the move is made")
    await _settled(game_id, other)
    who = screen_of(acted).faction
    step = _steps(other)[-1]
    assert _since_at(other) == before, "another's move does not end this seat's wait"
    assert step["title"] == f"{who.capitalize()} ({'Ana' if who == 'anarchists' else 'Mo'})"
    assert any(m["ref"] == f"front:{front}" and " → " in m["label"] for m in step["marks"]), step["marks"]
