"""A server killed with SIGKILL mid-game loses nothing it acknowledged and resumes exactly.

A real subprocess (tests/session_driver.py) plays a game through the session
layer against the database and reports each acknowledged step; the test kills
it at random moments, checks the database after each kill, restarts it, and
finally compares the finished game with the same game played by the engine
alone, without interruption.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from sqlalchemy import text

from lf.engine import to_json
from lf.session import Registry
from session_helpers import claim_humans, reference_game

DRIVER = Path(__file__).with_name("session_driver.py")
SEATS = {"anarchists": "nonplayer", "communists": "human", "moderates": "human"}
SEED = 13  # 72 steps, 50 of them human, into Year 2: long enough for every kill to land mid-game
KILLS = 4


def start_driver(url: str, game_id: str, tokens_file: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, str(DRIVER), url, game_id, str(tokens_file), str(SEED)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1,
                            cwd=Path(__file__).parent.parent)


def check_database(url: str, game_id: str, acked: dict[int, str]) -> int:
    """After a kill: every acknowledged step is stored and replays to the acknowledged state."""
    reg = Registry.open(url)
    try:
        game = reg.get(game_id)
        assert game.status in ("active", "finished") and game.verify() is None
        last = max(acked, default=0)
        assert game.version >= last, f"acknowledged version {last} lost (database at {game.version})"
        with reg.repo.engine.begin() as conn:
            seqs = [r[0] for r in conn.execute(text("SELECT seq FROM actions WHERE game_id = :g ORDER BY seq"),
                                               {"g": game_id})]
        assert seqs == list(range(1, game.version + 1))
        # the state at each acknowledged version, rebuilt from the stored log, is what the server acknowledged
        rows = reg.repo.log(game_id)
        from lf.session.rebuild import parse_entry, replay_entries, start_state

        entries = [parse_entry(r.seq, r.faction, r.kind, r.action, r.note) for r in rows]
        for version in sorted(acked)[-3:]:
            state = replay_entries(start_state(SEED, SEATS, {}), entries[:version])
            assert hashlib.sha256(to_json(state).encode()).hexdigest() == acked[version], version
        return game.version
    finally:
        reg.close()


def test_sigkill_mid_game_loses_nothing_and_the_game_resumes_exactly(db_url: str, tmp_path: Path) -> None:
    reg = Registry.open(db_url)
    game = reg.create_game(SEATS, seed=SEED, name="killed")
    tokens_file = tmp_path / "tokens.json"
    tokens_file.write_text(json.dumps(claim_humans(game)))
    game_id = game.id
    reg.close()

    rng = random.Random(7)
    acked: dict[int, str] = {}
    for _ in range(KILLS):
        proc = start_driver(db_url, game_id, tokens_file)
        assert proc.stdout is not None
        loaded = proc.stdout.readline().split()
        assert loaded[0] == "LOADED", proc.stderr.read() if proc.stderr else loaded
        if acked:  # the restarted server resumes from exactly the last state the database holds
            assert int(loaded[1]) >= max(acked)
        for _ in range(rng.randint(3, 9)):
            line = proc.stdout.readline().split()
            assert line and line[0] == "ACK", line
            acked[int(line[1])] = line[2]
        time.sleep(rng.random() / 200)  # land somewhere inside the next step
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        assert proc.returncode == -signal.SIGKILL
        # what the server printed before dying but after our last read is acknowledged too
        for line in proc.stdout.read().splitlines():
            parts = line.split()
            if parts and parts[0] == "ACK":
                acked[int(parts[1])] = parts[2]
        proc.stdout.close()
        proc.stderr.close()
        assert check_database(db_url, game_id, acked) >= max(acked)

    proc = start_driver(db_url, game_id, tokens_file)
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err
    assert out.splitlines()[-1].startswith("DONE")
    final = check_database(db_url, game_id, acked)
    reg = Registry.open(db_url)
    try:
        finished = reg.get(game_id)
        assert finished.status == "finished" and finished.version == final
        assert len(acked) > KILLS * 3
        assert finished.state_json() == to_json(reference_game(SEED, SEATS, SEED))
    finally:
        reg.close()
