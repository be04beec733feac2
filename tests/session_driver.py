"""A small game server for the crash test: plays one game through the session layer until killed.

    python tests/session_driver.py DATABASE_URL GAME_ID TOKENS_FILE POLICY_SEED

It prints ``ACK <version> <sha256 of the state>`` after every accepted step
(the moment a player's page would be told "done"), and ``DONE <version>`` at
the end of the game. The test kills it with SIGKILL at random moments.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from lf.session import Registry  # noqa: E402
from session_helpers import next_move  # noqa: E402


def main(url: str, game_id: str, tokens_file: str, policy_seed: int) -> int:
    tokens = json.loads(Path(tokens_file).read_text())
    registry = Registry.open(url)
    game = registry.get(game_id)
    print(f"LOADED {game.version} {hashlib.sha256(game.state_json().encode()).hexdigest()}", flush=True)
    while game.status == "active":
        faction, action, version = next_move(game, tokens, policy_seed)
        res = game.act(tokens[faction], version, action)
        if not res.ok:
            print(f"REFUSED {res.code} {res.message}", flush=True)
            return 1
        print(f"ACK {res.version} {hashlib.sha256(game.state_json().encode()).hexdigest()}", flush=True)
    print(f"DONE {game.version}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])))
