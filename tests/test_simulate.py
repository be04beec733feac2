"""The balance simulator: its figures add up, its outputs are written, and workers never change them."""

from __future__ import annotations

import argparse
import json

import pytest

from lf.engine.constants import FACTIONS, FRONTS
from lf.tools import simulate as sim

N, SEED = 20, 11


@pytest.fixture(scope="module")
def records() -> list[sim.GameRecord]:
    return sim.simulate(N, SEED, sim.parse_seats("all_np"), workers=1)


@pytest.fixture(scope="module")
def fig(records: list[sim.GameRecord]) -> dict:
    return sim.figures(records)


def test_records_cover_the_seeds_in_order(records):
    assert [r.seed for r in records] == list(range(SEED, SEED + N))
    assert all(r.error is None for r in records)


def test_war_figures_add_up(fig):
    won = fig["war"]["won"]
    assert fig["games"] == N and won["of"] == N
    assert won["count"] + fig["losses"]["lost"]["count"] == N
    assert won["pct"] + fig["losses"]["lost"]["pct"] == pytest.approx(100)
    winners = fig["war"]["winners"].values()
    assert sum(w["count"] for w in winners) == won["count"]
    if won["count"]:
        assert sum(w["pct"] for w in winners) == pytest.approx(100, abs=0.05)
    for r in [won, *winners]:
        assert r["ci"][0] <= r["pct"] <= r["ci"][1]


def test_losses_add_up(fig):
    loss = fig["losses"]
    years = loss["by_year"].values()
    assert sum(y["count"] for y in years) == loss["lost"]["count"]
    assert sum(y["pct"] for y in years) == pytest.approx(loss["lost"]["pct"], abs=0.05)
    assert sum(h["count"] for h in loss["by_how"].values()) == loss["lost"]["count"]
    for y in years:
        assert sum(y["how"].values()) == y["count"]


def test_front_values_per_turn(records, fig):
    turns = fig["fronts"]["by_turn"]
    assert len(turns) == 12 and turns[0]["games"] <= N
    games = [t["games"] for t in turns]
    assert games == sorted(games, reverse=True), "a game cannot come back to war after losing it"
    assert turns[-1]["games"] == sum(r.lost_how in (None, "year3_end") for r in records)
    for r in records:
        if len(r.fronts_by_turn) == 12:
            assert r.fronts_by_turn[-1] == r.fronts_end
    assert set(fig["fronts"]["end_mean"]) == set(FRONTS)


def test_medallions_and_cards_are_counted(records, fig):
    meds = fig["medallions"].values()
    assert sum(m["in_play"]["count"] for m in meds) == 5 * N
    for m in meds:
        assert m["taken"]["count"] <= m["in_play"]["count"]
        assert sum(b["count"] for b in m["by"].values()) == m["taken"]["count"]
    cards = fig["cards"]
    assert len(cards) == 54
    total = sum(sum(r.card_plays.values()) for r in records)
    assert sum(c["plays_per_game"] for c in cards) * N == pytest.approx(total, abs=0.5)
    removed = {"Guerrillas", "Iron Column", "Publicize Fascist War Crimes"}  # Appendix 3 removes them
    assert all(c["played_in"]["count"] == 0 for c in cards if c["name"] in removed)
    assert set(fig["glory_mean"]) == set(fig["hero_mean"]) == set(FACTIONS)


def test_bands_are_judged(fig):
    bands = fig["bands"]
    assert len(bands) == 1 + 3 + 3 + 2
    assert all(isinstance(b["pass"], bool) for b in bands)
    early = next(b for b in bands if b["band"].startswith("no Front falls before"))
    assert early["pass"] and "all checked" in early["note"]  # the exhaustive check of every Year 1 card


def test_front_falls_are_read_from_the_log(records, fig):
    """Rulebook pg. 8: a Front at -10 suffers Defeat; each Defeat is kept with its Year and turn."""
    fallen = [r for r in records if r.falls]
    assert fallen, "20 Non-player games without a single Defeat"
    for r in records:
        fronts = [f["front"] for f in r.falls]
        assert len(set(fronts)) == len(fronts) and all(r.fronts_end[f] == -10 for f in fronts)
        assert r.won or r.lost_how == "year3_end" or r.falls  # a war lost by Defeat has its Defeat
        assert all(not f["before_play"] for f in r.falls)  # lf-original-3: no card decides a Front alone
    feel = fig["feel"]
    year1 = sum(any(f["year"] == 1 for f in r.falls) for r in records)
    assert feel["year1_fall"]["count"] == feel["fall_by_year"]["1"]["count"] == year1
    assert feel["fall_before_play"]["count"] == 0


def test_skilled_tables_are_judged_by_their_own_war_band(records):
    """CONTENT.md: with the computer player at Normal in every seat the war is won in 65%..95% of games; the
    Non-player bands (35%..65%, losses per Year) do not apply to such a table, the factions' band does."""
    bands = [b["band"] for b in sim.figures(records, skilled=True)["bands"]]
    assert "skilled play: war won 65%..95%" in bands and "war won 35%..65%" not in bands
    assert not any(b.startswith("Year ") for b in bands) and sum("of won wars" in b for b in bands) == 3


def test_same_figures_with_one_or_two_workers(fig):
    two = sim.figures(sim.simulate(N, SEED, sim.parse_seats("all_np"), workers=2))
    assert two == fig


def test_main_writes_report_json_and_charts(tmp_path, capsys):
    args = argparse.Namespace(games=N, seed=SEED, seats="anarchists=random,communists=np,moderates=np",
                              json_file=str(tmp_path / "out" / "sim.json"), plot_dir=str(tmp_path / "charts"),
                              quiet=True, workers=2)
    assert sim.main(args) == 0
    out = capsys.readouterr()
    assert "War won" in out.out and ("PASS" in out.out or "FAIL" in out.out)
    assert out.err == ""  # --quiet: no progress bar
    data = json.loads((tmp_path / "out" / "sim.json").read_text(encoding="utf-8"))
    assert data["games"] == N and data["run"]["seats"]["anarchists"] == "random"
    for name in ("win_rates.png", "fronts_by_turn.png"):
        png = (tmp_path / "charts" / name).read_bytes()
        assert png.startswith(b"\x89PNG") and len(png) > 5000


def test_a_crash_is_reported_with_its_seed(monkeypatch):
    real = sim.new_game

    def flaky(seed, seats=None, options=None):
        if seed == SEED + 1:
            raise RuntimeError("boom")
        return real(seed, seats, options)

    monkeypatch.setattr(sim, "new_game", flaky)
    fig = sim.figures(sim.simulate(3, SEED, workers=1))
    assert fig["games"] == 2
    assert [c["seed"] for c in fig["crashes"]] == [SEED + 1] and "boom" in fig["crashes"][0]["traceback"]


def test_progress_bar_goes_to_stderr(capsys):
    bar = sim.Progress(4)
    for i in range(1, 5):
        bar.update(i)
    err = capsys.readouterr().err
    assert err.startswith("\r[") and "4/4 games" in err and err.endswith("\n")


def test_parse_seats():
    assert sim.parse_seats("all_np") == {f: "np" for f in FACTIONS}
    assert sim.parse_seats("moderates=random") == {"anarchists": "np", "communists": "np", "moderates": "random"}
    with pytest.raises(ValueError):
        sim.parse_seats("fascists=np")
    with pytest.raises(ValueError):
        sim.parse_seats("anarchists=clever")


def test_wilson_interval():
    assert sim.wilson(0, 0) == (0.0, 0.0)
    lo, hi = sim.wilson(50, 100)
    assert lo == pytest.approx(40.38, abs=0.01) and hi == pytest.approx(59.62, abs=0.01)
    assert sim.wilson(0, 20)[0] == 0.0 and sim.wilson(20, 20)[1] == 100.0
