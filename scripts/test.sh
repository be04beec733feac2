#!/usr/bin/env bash
# Install lf with its dev extras into ./.venv, make sure Debian's Chromium and PostgreSQL and npm's axe-core are
# present, run pytest
# (everything: the engine, the session layer, simulated users and the Playwright end-to-end games in Chromium).
# Extra arguments go to pytest (e.g. `bash scripts/test.sh -m "not e2e"`). Exits with pytest's exit code.
# On a clean Debian machine run as root: the system packages (python3-venv if needed, chromium, postgresql, haproxy)
# are installed with apt-get; as another user, missing ones are reported and their tests fail or skip.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

PYTHON="${PYTHON:-python3}"
STAMP=.venv/.stamp-dev
APT_UPDATED=0

apt_install() {  # apt_install WHAT PACKAGE...: install Debian packages when we are root, else say what is missing
    local what="$1"; shift
    if [[ "$(id -u)" != 0 ]]; then
        echo "test.sh: NOTICE: $what is missing and we are not root; run 'apt-get install $*' as root." >&2
        return 1
    fi
    echo "test.sh: installing $what with apt-get ($*)"
    if [[ "$APT_UPDATED" == 0 ]]; then
        apt-get update -q
        APT_UPDATED=1
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@"
}

if [[ ! -x .venv/bin/python ]]; then
    echo "test.sh: creating .venv with $("$PYTHON" --version 2>&1)"
    if ! "$PYTHON" -m venv .venv; then
        rm -rf .venv  # Debian's python3 has no venv module until python3-venv is installed
        apt_install "Python's venv module" python3-venv
        "$PYTHON" -m venv .venv
    fi
fi
if [[ ! -f "$STAMP" || pyproject.toml -nt "$STAMP" ]]; then
    echo "test.sh: installing lf[dev] into .venv"
    .venv/bin/python -m pip install -q -e '.[dev]'
    touch "$STAMP" .venv/.stamp-play   # [dev] is a superset of what play.sh needs
fi

# Real-browser tests use Debian's Chromium (never `playwright install`: it cannot download here).
if [[ ! -x /usr/bin/chromium ]]; then
    apt_install "Debian's chromium (for the end-to-end tests)" chromium fonts-liberation \
        || echo "test.sh: the e2e tests will fail without /usr/bin/chromium." >&2
fi

# The persistence tests start a throwaway PostgreSQL cluster from Debian's server package (see tests/db_fixtures.py).
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    apt_install "PostgreSQL's server binaries" postgresql \
        || echo "test.sh: the PostgreSQL half of the persistence tests will be skipped (they fail with CI=true)." >&2
fi

# The accessibility scan (tests/e2e/test_e2e_accessibility.py) injects axe-core, from npm, pinned here; it goes
# into the git-ignored .cache/npm and is installed only when that version is missing.
AXE_CORE_VERSION=4.14.1
AXE_DIR=.cache/npm/node_modules/axe-core
if ! grep -qs "\"version\": \"$AXE_CORE_VERSION\"" "$AXE_DIR/package.json"; then
    if ! command -v npm >/dev/null; then
        apt_install "npm (for axe-core, the accessibility scan)" npm \
            || echo "test.sh: the accessibility scan will be skipped without npm (it fails with CI=true)." >&2
    fi
    if command -v npm >/dev/null; then
        echo "test.sh: installing axe-core $AXE_CORE_VERSION with npm into .cache/npm"
        npm install --prefix .cache/npm --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
            "axe-core@$AXE_CORE_VERSION"
    fi
fi

# The cluster tests (tests/e2e/test_e2e_cluster.py) put two lf processes behind Debian's HAProxy.
if ! command -v haproxy >/dev/null 2>&1 && [[ ! -x /usr/sbin/haproxy ]]; then
    apt_install "HAProxy (for the cluster tests)" haproxy \
        || echo "test.sh: the cluster tests will be skipped without haproxy." >&2
fi

exec .venv/bin/python -m pytest -q "$@"
