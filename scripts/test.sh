#!/usr/bin/env bash
# Install lf with its dev extras into ./.venv, make sure Debian's Chromium and PostgreSQL are present, run pytest.
# Extra arguments go to pytest (e.g. `bash scripts/test.sh -m "not e2e"`). Exits with pytest's exit code.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

PYTHON="${PYTHON:-python3}"
STAMP=.venv/.stamp-dev

if [[ ! -x .venv/bin/python ]]; then
    echo "test.sh: creating .venv with $("$PYTHON" --version 2>&1)"
    "$PYTHON" -m venv .venv
fi
if [[ ! -f "$STAMP" || pyproject.toml -nt "$STAMP" ]]; then
    echo "test.sh: installing lf[dev] into .venv"
    .venv/bin/python -m pip install -q -e '.[dev]'
    touch "$STAMP" .venv/.stamp-play   # [dev] is a superset of what play.sh needs
fi

# Real-browser tests use Debian's Chromium (never `playwright install`: it cannot download here).
if [[ ! -x /usr/bin/chromium ]]; then
    if [[ "$(id -u)" == 0 ]]; then
        echo "test.sh: installing Debian's chromium with apt-get"
        apt-get update -q
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium
    else
        echo "test.sh: NOTICE: /usr/bin/chromium is missing and we are not root;" \
             "skipping its install (run 'apt-get install chromium' as root); e2e tests will fail." >&2
    fi
fi

# The persistence tests start a throwaway PostgreSQL cluster from Debian's server package (see tests/db_fixtures.py).
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    if [[ "$(id -u)" == 0 ]]; then
        echo "test.sh: installing Debian's postgresql with apt-get"
        apt-get update -q
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql
    else
        echo "test.sh: NOTICE: PostgreSQL server binaries are missing and we are not root;" \
             "the PostgreSQL half of the persistence tests will be skipped (they fail with CI=true)." >&2
    fi
fi

exec .venv/bin/python -m pytest -q "$@"
