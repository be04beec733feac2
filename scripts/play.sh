#!/usr/bin/env bash
# Install lf into ./.venv (first run only) and start the game server on http://<this machine>:8080.
# Extra arguments are passed to main.py. Env: LF_HOST, LF_PORT, LF_STORAGE_SECRET, PYTHON (default python3).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

PYTHON="${PYTHON:-python3}"
STAMP=.venv/.stamp-play

if [[ ! -x .venv/bin/python ]]; then
    echo "play.sh: creating .venv with $("$PYTHON" --version 2>&1)"
    "$PYTHON" -m venv .venv
fi
if [[ ! -f "$STAMP" || pyproject.toml -nt "$STAMP" ]]; then
    echo "play.sh: installing lf into .venv (first run only, about 30 s)"
    .venv/bin/python -m pip install -q -e .
    touch "$STAMP"
fi

exec .venv/bin/python main.py "$@"
