"""Export a game as one JSON document, import it as a new game, and `python -m lf replay FILE`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from lf.session import BadRequest, Registry
from lf.session.exports import replay_document
from lf.tools.replay_export import main as replay_main
from session_helpers import claim_humans, play

ROOT = Path(__file__).parent.parent


@pytest.fixture
def played(registry: Registry):
    game = registry.create_game({"moderates": "nonplayer"}, name="Export me", mode="teaching", seed=51)
    tokens = claim_humans(game)
    play(game, tokens, seed=51, steps=12)
    return registry, game, tokens


def test_export_holds_the_game_and_no_secrets(played) -> None:
    reg, game, tokens = played
    doc = reg.export_game(game.id)
    text = json.dumps(doc)
    assert all(t not in text for t in tokens.values())
    assert "token" not in text and "hash\"" not in text
    assert doc["format"] == "lf-game" and doc["version"] == game.version == len(doc["log"])
    assert doc["game"]["seed"] == 51 and doc["game"]["mode"] == "teaching"
    assert doc["game"]["seats"]["moderates"] == {"kind": "nonplayer", "name": "Non-player"}
    assert set(doc["versions"]) == {"content", "engine", "schema"}
    assert len(doc["state_sha256"]) == 64
    report = replay_document(doc)
    assert report.ok and report.hash_checked and report.reached == game.version


def test_import_makes_a_new_game_in_the_same_position(played) -> None:
    reg, game, tokens = played
    doc = reg.export_game(game.id)
    copy = reg.import_game(json.dumps(doc))
    assert copy.id != game.id and copy.state_json() == game.state_json() and copy.version == game.version
    assert copy.name == "Export me" and copy.mode == "teaching"
    assert all(not s.claimed for s in copy.seats())                  # seats are claimed afresh
    assert copy.act(tokens["anarchists"], copy.version, "choose").code == "token"
    play(copy, claim_humans(copy), seed=51, steps=3)                 # and it plays on
    play(game, tokens, seed=51, steps=3)
    assert copy.state_json() == game.state_json()                   # ...exactly like the original
    reg.evict(copy.id)
    assert reg.get(copy.id).verify() is None


def test_import_refuses_what_does_not_replay(played) -> None:
    reg, game, _ = played
    doc = reg.export_game(game.id)
    doc["log"][4]["action"] = {"kind": "ap_front", "arg": "nowhere"}
    with pytest.raises(BadRequest, match="log row 5"):
        reg.import_game(doc)
    for bad in ("not json", json.dumps({"format": "zip"}), json.dumps({**doc, "format_version": 9})):
        with pytest.raises(BadRequest):
            reg.import_game(bad)
    assert len(reg.games()) == 1


def test_replay_command_validates_and_points_at_the_break(played, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    reg, game, _ = played
    doc = reg.export_game(game.id)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(doc))
    assert replay_main(str(good)) == 0
    out = capsys.readouterr().out
    assert "OK: all" in out and "identical to the export" in out

    doc["log"][6]["action"] = {"kind": "ap_front", "arg": "nowhere"}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    assert replay_main(str(bad)) == 1
    out = capsys.readouterr().out
    assert "BROKEN after row 6" in out and "log row 7" in out and "open decision:" in out

    doc = reg.export_game(game.id)
    doc["state_sha256"] = "0" * 64
    bad.write_text(json.dumps(doc))
    assert replay_main(str(bad)) == 1
    assert "SHA-256 differs" in capsys.readouterr().out

    (tmp_path / "junk.json").write_text("{")
    assert replay_main(str(tmp_path / "junk.json")) == 2
    assert replay_main(str(tmp_path / "missing.json")) == 2


def test_python_m_lf_replay_runs_as_a_command(played, tmp_path: Path) -> None:
    reg, game, _ = played
    path = tmp_path / "game.json"
    path.write_text(json.dumps(reg.export_game(game.id)))
    done = subprocess.run([sys.executable, "-m", "lf", "replay", str(path)], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "OK: all" in done.stdout
