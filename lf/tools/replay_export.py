"""``python -m lf replay FILE``: replay a game export and say whether it holds, or where it breaks.

Exit status: 0 the export replays (and reproduces its final state when made by
the same rules), 1 it breaks (the first bad row is printed with the decisions
that were open there), 2 the file is not a readable export.
"""

from __future__ import annotations

import json
from pathlib import Path

from lf.session.errors import BadRequest
from lf.session.exports import replay_document


def main(path: str, quiet: bool = False) -> int:
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
        report = replay_document(doc)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, BadRequest) as exc:
        print(f"replay: {path}: cannot read the export: {exc}")
        return 2
    game = doc["game"]
    print(f"replay: {path}: game {game.get('name')!r} (id {game.get('id')}, seed {game['seed']}, "
          f"mode {game.get('mode')}), {report.rows} log rows")
    for note in report.notes:
        print(f"  note: {note}")
    if report.ok:
        state = report.state
        assert state is not None
        where = (f"over: {state.result.get('how')}" if state.result
                 else f"in progress, Year {state.year} turn {state.turn}")
        check = "; final state identical to the export (SHA-256)" if report.hash_checked else ""
        print(f"  OK: all {report.rows} rows replay ({len(state.actions)} steps in effect); the game is {where}{check}")
        return 0
    print(f"  BROKEN after row {report.reached}: {report.error}")
    if not quiet:
        for line in report.pending_at_failure():
            print(f"    open decision: {line}")
    return 1
