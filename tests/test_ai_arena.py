"""Seat players (lf/ai/seats.py, greedy.py) and the arena (python -m lf arena): a short smoke run, determinism
per seed, budgets honoured by playout count, the figures and charts. Strength is measured by the arena itself
(docs/ai.md), never asserted here."""

from __future__ import annotations

import pytest
from engine_helpers import fresh, give, run_steps

from lf.ai.greedy import greedy_action
from lf.ai.seats import Seat
from lf.engine import Action
from lf.tools.arena import lineup_text, parse_lineup, play, run_arena
from lf.tools.arena_pool import PoolError, pool_runs
from lf.tools.arena_report import figures, format_report, plot


def test_seats_and_line_ups_say_what_is_wrong() -> None:
    assert Seat("ai:quick").engine_seat == "human" and Seat("nonplayer").engine_seat == "nonplayer"
    assert Seat("ai:40/2").budget.iterations == 40 and Seat("ai:40/2").budget.horizon == 2
    assert Seat("ai:96/1/2.0/0.2").budget.anchor == 0.2 and Seat("ai:24").budget.anchor == 0.0
    assert Seat("ai:normal").budget.anchor > 0  # the levels are anchored at a table of persons (anchor.py)
    with pytest.raises(ValueError, match="unknown seat 'person:lucky'"):
        Seat("person:lucky")
    with pytest.raises(ValueError, match="ai:<playouts>"):
        Seat("ai:genius")
    with pytest.raises(ValueError, match="unknown faction 'fascists'"):
        parse_lineup("fascists=ai:quick")
    assert parse_lineup("moderates=person:greedy") == {
        "anarchists": "nonplayer", "communists": "nonplayer", "moderates": "person:greedy"}


def _greedy_turn(card_id: str, phase: str = "main"):
    s = fresh(3)
    fa = s.factions["moderates"]
    give(s, "moderates", card_id)
    fa.chosen = card_id
    run_steps(s, {"s": "player_turn", "f": "moderates"})
    if phase == "after":
        run_steps(s, {"s": "turn_menu", "f": "moderates", "phase": "after", "card": ""})
    s.phase, s.active = "turn", "moderates"
    return s


def test_greedy_supports_the_front_closest_to_defeat() -> None:
    """Rulebook pg. 6: a card's Action Points may go to one Front; the greedy person sends them where Defeat is
    nearest (its convex Front cost), not to its own flag or to the tested Front."""
    s = _greedy_turn("M13")  # 1 AP; its Event moves Foreign Aid and removes a Blank: no Strength
    s.fronts["aragon"].value = -8
    assert greedy_action(s, "moderates") == Action("ap_front", "aragon")


def test_greedy_spends_hero_points_where_they_save_a_front_and_takes_the_bonuses() -> None:
    """Rulebook pg. 7: Hero points turn a Bonus on (2 points) and, with Volunteers (Appendix 2), add Strength;
    the greedy person spends them when that saves more than it costs: on a Front near Defeat, a Bonus, or a
    track step towards its own Initiative (the Glory it wins), never on a Front that needs nothing."""
    s = _greedy_turn("M13", phase="after")
    fa = s.factions["moderates"]
    fa.hero, fa.medallions = 3, ["volunteers"]
    for fs in s.fronts.values():
        fs.value = 2
    calm = greedy_action(s, "moderates")  # no Front near Defeat, both Bonuses on
    assert calm.kind in ("end_turn", "hp_track"), calm
    s.fronts["southern"].value = -9
    assert greedy_action(s, "moderates") == Action("volunteers", "southern")
    s.fronts["southern"].value = 2
    s.bonuses["teamwork"] = False
    assert greedy_action(s, "moderates") == Action("hp_bonus", "teamwork")


LINEUP = parse_lineup("anarchists=ai:quick,communists=nonplayer,moderates=person:greedy")


def test_arena_smoke_games_are_legal_and_count_their_playouts(tmp_path) -> None:
    """One game of a computer (Quick) beside a Non-player and a greedy person, and one of random persons: every
    move went through apply (which refuses any illegal one), every searched decision ran exactly Quick's
    playouts, and the figures, report and charts come out."""
    lineups = [LINEUP, parse_lineup("anarchists=person:random,communists=person:random,moderates=nonplayer")]
    recs = run_arena(lineups, games=1, seed=4)
    assert [r.error for r in recs] == [None, None]
    ai = recs[0]
    decisions = len(ai.think_seconds["anarchists"])
    assert decisions > 0 and ai.playouts["anarchists"] == 24 * decisions
    fig = figures(recs, lineups)
    assert fig["lineups"][0]["seats"]["anarchists"]["think"]["playouts_per_decision"] == 24
    text = format_report(fig, {"games": 1, "seed": 4, "workers": 1, "elapsed_s": 1.0})
    assert "anarchists     ai:quick" in text and "war won" in text and "a Front fell in Year 1" in text
    for rec, lu in zip(recs, fig["lineups"]):  # the Front falls come from the game's log (lf.tools.feel)
        year1 = any(f["year"] == 1 for f in rec.falls)
        assert lu["feel"]["year1_fall"]["pct"] == (100.0 if year1 else 0.0)
        if rec.lost_how in ("madrid", "second_front"):
            assert any(f["year"] == rec.lost_year for f in rec.falls)
    paths = plot(fig, tmp_path)
    assert all(p.exists() and p.stat().st_size > 1000 for p in paths)


def test_arena_games_repeat_exactly_for_a_seed() -> None:
    task = (0, parse_lineup("anarchists=ai:6,communists=nonplayer,moderates=person:random"), 9, "standard")
    a, b = play(task), play(task)
    a.think_seconds = b.think_seconds = {}
    assert a == b and a.error is None


def test_the_seats_chart_legend_shows_each_factions_colour(tmp_path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from lf.tools.arena_report import _plot_seats

    seat = {"win": {"pct": 20.0, "ci": [10.0, 30.0]}}
    fig = {"lineups": [{"lineup": "anarchists=nonplayer,communists=nonplayer,moderates=nonplayer",
                        "seats": {f: seat for f in ("anarchists", "communists", "moderates")}}]}
    _plot_seats(plt, fig, tmp_path / "seats.png")
    legend = plt.gca().get_legend()
    colours = {tuple(h.get_facecolor()) for h in legend.legend_handles}
    bars = {tuple(p.get_facecolor()) for p in plt.gca().patches}
    plt.close("all")
    assert [t.get_text() for t in legend.get_texts()] == ["Anarchists", "Communists", "Moderates"]
    assert len(colours) == 3 and colours <= bars


def _run_json(tmp_path, lineups, games: int, seed: int) -> str:
    from lf.tools.report_out import write_json

    path = tmp_path / f"run_{seed}.json"
    write_json(str(path), figures(run_arena(lineups, games=games, seed=seed), lineups),
               {"games": games, "seed": seed, "workers": 1, "elapsed_s": 1.0,
                "lineups": [lineup_text(lu) for lu in lineups]})
    return str(path)


def test_runs_on_consecutive_seeds_pool_into_the_figures_of_one_run(tmp_path) -> None:
    """docs/ai.md's 400-game figures pool runs of 100-200 games: the counts, Wilson intervals, means and paired
    differences of seeds 1-2 and 3-5 pooled are those of one run over seeds 1-5 (means to the JSON's rounding)."""
    lineups = [parse_lineup("anarchists=person:random"), parse_lineup("anarchists=nonplayer")]
    whole = figures(run_arena(lineups, games=5, seed=1), lineups)
    fig, meta = pool_runs([_run_json(tmp_path, lineups, 2, 1), _run_json(tmp_path, lineups, 3, 3)])
    assert meta["games"] == 5 and meta["seed"] == 1 and meta["seeds_contiguous"]
    for got, want in zip(fig["lineups"], whole["lineups"]):
        assert got["war"] == want["war"] and got["lost_by_year"] == want["lost_by_year"] and got["feel"] == want["feel"]
        for f in got["seats"]:
            assert got["seats"][f]["win"] == want["seats"][f]["win"]
            for k in ("glory", "hero"):
                g, w = got["seats"][f][k], want["seats"][f][k]
                assert g["n"] == w["n"] and g["mean"] == pytest.approx(w["mean"], abs=2e-3)
                assert g["ci"] == pytest.approx(w["ci"], abs=5e-3)
    [p], [q] = fig["paired"], whole["paired"]
    assert (p["a"], p["b"], p["games"]) == (q["a"], q["b"], 5)
    assert p["war_diff_pct"]["mean"] == pytest.approx(q["war_diff_pct"]["mean"], abs=1e-6)
    assert p["war_diff_pct"]["ci"] == pytest.approx(q["war_diff_pct"]["ci"], abs=5e-2)


def test_pooling_refuses_overlapping_seeds_and_files_that_are_not_arena_runs(tmp_path) -> None:
    lineups = [parse_lineup("anarchists=person:random")]
    a, b = _run_json(tmp_path, lineups, 2, 1), _run_json(tmp_path, lineups, 2, 2)
    with pytest.raises(PoolError, match="both played seeds 2..2 of .* a game would count twice"):
        pool_runs([a, b])
    bad = tmp_path / "bad.json"
    bad.write_text('{"lineups": []}')
    with pytest.raises(PoolError, match="is not the --json file of an arena run"):
        pool_runs([a, str(bad)])
    bad.write_text("{not json")
    with pytest.raises(PoolError, match="cannot be read as JSON"):
        pool_runs([str(bad)])
