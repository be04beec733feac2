"""``python -m lf.tools.fit_eval``: fit the computer player's evaluation (lf/ai/weights.json) on played games.

Games are played by the playout rules in the persons' seats (with some random moves, so that the positions
vary) beside Non-players, in every seating with at least one person. At the first decision of each turn (where
a playout stops) the board's features are recorded with the game's end: war won or lost, and the winner. Then
a logistic model per turn fits P(war won), and the Glory model's Initiative drift and spread (glory.py) are
fitted on who put each turn's token in the Bag; the held-out figures say how well both predict.

    python -m lf.tools.fit_eval --games 6000 --workers 2
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from pathlib import Path

import numpy as np

from lf.ai.glory import shares
from lf.ai.features import WAR_FEATURES, turn_index, war_features
from lf.ai.rollout import rollout_action
from lf.engine import apply, legal_actions, new_game
from lf.engine.constants import FACTIONS, YEARS
from lf.engine.npc import choose as nonplayer_choose

OUT = Path(__file__).resolve().parent.parent / "ai" / "weights.json"
SEATINGS = [
    {},
    *({f: "nonplayer" for f in FACTIONS if f != p} for p in FACTIONS),
    *({p: "nonplayer"} for p in FACTIONS),
]


def play(task: tuple[int, float]) -> list[dict]:
    """One game; a record at the first decision of each turn, labelled with the game's end."""
    seed, epsilon = task
    rng = random.Random(seed)
    seats = SEATINGS[seed % len(SEATINGS)]
    state = new_game(seed, seats)
    rows, seen = [], set()
    while state.result is None:
        t = (state.year, state.turn)
        if t not in seen:
            seen.add(t)
            rows.append({"t": turn_index(state), "year": state.year, "war": war_features(state),
                         "board": board_of(state)})
        f = state.pending[0]["faction"]
        if state.factions[f].seat == "nonplayer":
            action, _ = nonplayer_choose(state, f)
        elif rng.random() < epsilon:
            action = rng.choice(legal_actions(state, f))
        else:
            action = rollout_action(state, f)
        apply(state, f, action)
    won = state.result["war"] == "won"
    holders = bag_holders(state)
    for r in rows:
        r["won"], r["winner"], r["holders"] = won, state.result.get("winner"), holders
    return rows


def board_of(state) -> dict:
    """What the Glory model reads of a state (glory.shares), small enough to keep thousands."""
    return {"year": state.year, "turn": state.turn, "phase": state.phase, "tracks": dict(state.tracks),
            "bag": list(state.bag), "glory": list(state.glory), "bid_winner": state.bid_winner,
            "seats": {f: state.factions[f].seat for f in FACTIONS}}


def bag_holders(state) -> dict[int, str]:
    """Turn (1..12) -> the faction that put the turn's Bag of Glory token in (the Initiative then)."""
    out = {}
    for e in state.log:
        if e["kind"] == "glory" and "the Initiative player at the end of the turn" in e["text"]:
            out[(e["year"] - 1) * 4 + e["turn"]] = e["faction"]
    return out


def logistic(x: np.ndarray, y: np.ndarray, l2: float = 1.0, iters: int = 50) -> np.ndarray:
    """L2-regularised logistic regression by Newton's method (the bias is not shrunk)."""
    w = np.zeros(x.shape[1])
    reg = np.full(x.shape[1], l2)
    reg[0] = 1e-6
    for _ in range(iters):
        p = 1 / (1 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (p - y) + reg * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + np.diag(reg)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def _initiative_samples(rows: list[dict]) -> tuple[np.ndarray, ...]:
    """(Liberty, Collectivization and Government margins, turns ahead + 1, holder index) for each known future
    Bag token."""
    ml, mc, mg, k, who = [], [], [], [], []
    for r in rows:
        b = r["board"]
        now = (b["year"] - 1) * 4 + b["turn"]
        first = now if b["phase"] in ("setup", "fascist_event", "choose", "final_bid", "turn", "test") else now + 1
        for turn, holder in r["holders"].items():
            if int(turn) < first:
                continue
            ml.append(b["tracks"]["liberty"] - 5.5)
            mc.append(b["tracks"]["collectivization"] - 5.5)
            mg.append(b["tracks"]["government"] - 5.5)
            k.append(int(turn) - now + 1)
            who.append(FACTIONS.index(holder))
    return np.array(ml), np.array(mc), np.array(mg), np.array(k, dtype=float), np.array(who)


def fit_initiative(rows: list[dict]) -> dict:
    """The Glory model's Initiative drift and spread, by maximum likelihood over a grid."""
    ml, mc, mg, k, who = _initiative_samples(rows)
    best, best_ll = None, -np.inf
    phi = lambda x: 1 / (1 + np.exp(-1.702 * np.clip(x, -20, 20)))  # noqa: E731 - glory._phi's formula
    for da in np.arange(-0.8, 0.41, 0.1):
        for dg in np.arange(-0.6, 0.61, 0.1):
            for sp in np.arange(0.3, 2.01, 0.1):
                s = sp * np.sqrt(k)
                pa = phi((ml + da * k) / s) * phi((mc + da * k) / s)
                pm = phi((mg + dg * k) / s)
                p = np.stack([pa, (1 - pa) * (1 - pm), (1 - pa) * pm])[who, np.arange(len(who))]
                ll = np.log(np.clip(p, 1e-9, 1)).sum()
                if ll > best_ll:
                    best, best_ll = (da, dg, sp), ll
    return {"drift_anarchists": round(float(best[0]), 2), "drift_government": round(float(best[1]), 2),
            "spread": round(float(best[2]), 2)}


def fit(rows: list[dict]) -> dict:
    war = []
    for t in range(YEARS * 4):
        sub = [r for r in rows if r["t"] == t]
        x = np.array([r["war"] for r in sub], dtype=float)
        y = np.array([float(r["won"]) for r in sub])
        war.append([round(float(v), 5) for v in logistic(x, y)])
    return {"war_features": list(WAR_FEATURES), "war": war, "initiative": fit_initiative(rows)}


def _board_state(b: dict):
    """A stand-in with the fields glory.shares reads."""
    from types import SimpleNamespace

    return SimpleNamespace(year=b["year"], turn=b["turn"], phase=b["phase"], tracks=b["tracks"], bag=b["bag"],
                           glory=b["glory"], bid_winner=b["bid_winner"],
                           factions={f: SimpleNamespace(seat=s) for f, s in b["seats"].items()})


def accuracy(rows: list[dict], weights: dict) -> dict:
    """Log-loss of the war model per Year, and how often the Glory model's favourite won (held-out rows)."""
    out = {}
    for year in range(1, YEARS + 1):
        sub = [r for r in rows if r["year"] == year]
        loss = 0.0
        for r in sub:
            z = sum(a * b for a, b in zip(weights["war"][r["t"]], r["war"]))
            p = min(1 - 1e-9, max(1e-9, 1 / (1 + np.exp(-z))))
            loss -= np.log(p if r["won"] else 1 - p)
        won = [r for r in sub if r["won"]]
        model_loss = 0.0
        model_hits = 0
        for r in won:
            chance, _ = shares(_board_state(r["board"]), weights["initiative"])
            model_loss -= np.log(max(1e-9, chance[r["winner"]]))
            model_hits += max(FACTIONS, key=chance.get) == r["winner"]
        base = np.mean([r["won"] for r in sub]) if sub else 0
        out[year] = {"rows": len(sub), "war_logloss": round(loss / max(1, len(sub)), 4), "war_rate": round(float(base), 3),
                     "glory_top1": round(model_hits / max(1, len(won)), 3),
                     "glory_model_logloss": round(model_loss / max(1, len(won)), 4)}
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m lf.tools.fit_eval", description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=6000)
    p.add_argument("--seed", type=int, default=500_000)
    p.add_argument("--epsilon", type=float, default=0.1, help="share of random moves in the persons' seats")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--out", default=str(OUT))
    args = p.parse_args(argv)
    tasks = [(args.seed + i, args.epsilon) for i in range(args.games)]
    start = time.perf_counter()
    rows: list[dict] = []
    with multiprocessing.Pool(args.workers) as pool:
        for i, game_rows in enumerate(pool.imap(play, tasks, chunksize=20), 1):
            rows.extend(game_rows)
            if i % 200 == 0:
                print(f"  {i}/{args.games} games, {len(rows)} positions, {time.perf_counter() - start:.0f} s",
                      file=sys.stderr, flush=True)
    held = [r for i, r in enumerate(rows) if i % 5 == 0]
    train = [r for i, r in enumerate(rows) if i % 5 != 0]
    weights = fit(train)
    print("held-out:", json.dumps(accuracy(held, weights)))
    weights = fit(rows)
    Path(args.out).write_text(json.dumps(weights, indent=1) + "\n", encoding="utf-8")
    print(f"weights written to {args.out} ({len(rows)} positions from {args.games} games)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
